// Cards as the API writes them ("AS", "10H", "QC", "6D") and how the page shows them. Which
// cards are trumps, and in what order a hand lies, are the view's (`trumps`, `my_hand`): the
// page knows no game's rules.

import { t } from "./i18n.js";

const SYMBOLS = { C: "♣", S: "♠", H: "♥", D: "♦" };

export function parse(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

// The trumps of the deal on view, as the latest view lists them (none between deals).
let trumps = new Set();

/** Set from each view: its `trumps`. */
export function setTrumps(view) {
  trumps = new Set(view.trumps ?? []);
}

export function isTrump(code) {
  return trumps.has(code);
}

export function isRed(code) {
  const { suit } = parse(code);
  return suit === "H" || suit === "D";
}

/** "Q♣" (the rank letter in the page's language). */
export function label(code) {
  const { rank, suit } = parse(code);
  return `${t("card_ranks")[rank]}${SYMBOLS[suit]}`;
}

/** "queen of clubs (trump)" for screen readers and tooltips. */
export function longName(code) {
  const { rank, suit } = parse(code);
  const name = `${t("rank_names")[rank]} ${t("suit_names")[suit]}`;
  return isTrump(code) ? `${name} (${t("trump")})` : name;
}

/** A face-up card; a <button> when it can be clicked. Marked a trump where the view says so. */
export function cardElement(code, { button = false } = {}) {
  const element = document.createElement(button ? "button" : "div");
  if (button) element.type = "button";
  element.className = "card";
  element.classList.add(isRed(code) ? "red" : "black");
  if (isTrump(code)) element.classList.add("trump");
  element.dataset.card = code;
  element.title = longName(code);
  element.setAttribute("aria-label", longName(code));
  const { suit } = parse(code);
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.textContent = label(code);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SYMBOLS[suit];
  const low = document.createElement("span");
  low.className = "corner low";
  low.textContent = label(code);
  element.append(corner, pip, low);
  return element;
}

/** A face-down card. */
export function backElement() {
  const element = document.createElement("div");
  element.className = "card back";
  element.setAttribute("aria-hidden", "true");
  return element;
}
