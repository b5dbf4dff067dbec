// Small helpers the games' panels share.

import { label } from "../cards.js";
import { nameAndFigure, t } from "../i18n.js";
import { seatName } from "../seats.js";

const SYMBOLS = { C: "♣", S: "♠", H: "♥", D: "♦" };

export function suitText(suit) {
  if (!suit) return t("none_suit");
  return `${SYMBOLS[suit] ?? suit} ${t("suit_names")[suit] ?? ""}`.trim();
}

export const cardText = (code) => (code ? label(code) : "—");

export function seatText(summary, seat) {
  return seat === null || seat === undefined ? "—" : seatName(summary, seat);
}

/** "Вася: 2 · Бот 2: 1 · …": one figure per seat, apart from the seat's name. */
export function perSeat(summary, values) {
  return values.map((value, seat) => nameAndFigure(seatName(summary, seat), value ?? "—")).join(" · ");
}
