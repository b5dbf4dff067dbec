// Small helpers the games' panels share.

import { label } from "../cards.js";
import { nameAndFigure, t } from "../i18n.js";
import { isTeamGame, seatName, sideName, sidesInOrder } from "../seats.js";

const SYMBOLS = { C: "♣", S: "♠", H: "♥", D: "♦" };

export function suitText(suit) {
  if (!suit) return t("none_suit");
  return `${SYMBOLS[suit] ?? suit} ${t("suit_names")[suit] ?? ""}`.trim();
}

export const cardText = (code) => (code ? label(code) : "—");

export const cardsText = (cards) => (cards ?? []).map(cardText).join(" ");

export function seatText(summary, seat) {
  return seat === null || seat === undefined ? "—" : seatName(summary, seat);
}

/** "Вася: 2 · Бот 2: 1 · …": one figure per seat, apart from the seat's name. */
export function perSeat(summary, values) {
  return values.map((value, seat) => nameAndFigure(seatName(summary, seat), value ?? "—")).join(" · ");
}

/** The game's facts (`game.facts`) of the deal on view: none once the game is over, and no
 * trump while the view names no trump (between deals, before the trump card is turned). */
export function dealFacts(view, summary, game) {
  if (!view.game || !game.facts || view.status !== "playing") return [];
  return game.facts(view, summary).filter((row) => row && (row[2] !== "trump" || view.trumps?.length));
}

/** What a deal wrote on each side, as `key`'s line ("Штрафные очки за сдачу: Бот 3: +6"),
 * naming only the sides it wrote something on; `none`'s text when it wrote nothing. */
export function writtenLine(view, summary, key, values, sign = "+", none = "deal_nothing_written") {
  const written = sidesInOrder(view).filter((side) => values?.[side]);
  if (!written.length) return t(none);
  const list = written.map((side) => nameAndFigure(sideName(view, summary, side), `${sign}${values[side]}`));
  return t(key, { list: list.join(" · ") });
}

/** The players of a side by name: a team's two ("Вася и Бот 3"), or the player. */
export function sidePlayers(view, summary, side) {
  if (!isTeamGame(view)) return seatName(summary, side);
  return t("team_pair", { first: seatName(summary, side), second: seatName(summary, side + 2) });
}
