// Cards as the API writes them ("AS", "10H", "QC", "6D") and how the page shows them.

import { t } from "./i18n.js";

// K-3: the twelve permanent trumps, highest first.
export const TRUMPS = ["6C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC"];
// The plain suits after the trumps, red and black alternating (clubs are all trumps).
const PLAIN_SUITS = ["H", "S", "D"];
const PLAIN_RANKS = ["A", "10", "K", "6"];
const SYMBOLS = { C: "♣", S: "♠", H: "♥", D: "♦" };

export function parse(code) {
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

// The game on screen: kozel24's permanent trumps (K-3), or a trump suit (null: none known).
let rules = { permanent: true, suit: null };

/** Set from each view: the variant and the trump suit its view names, if any. */
export function setCardRules(view) {
  const game = view.game ?? {};
  const suit = game.trump_suit ?? game.trump ?? view.stock?.trump_card?.slice(-1) ?? null;
  rules = { permanent: view.variant === undefined || view.variant === "kozel24", suit };
}

export function trumpSuit() {
  return rules.permanent ? null : rules.suit;
}

export function isTrump(code) {
  if (rules.permanent) return TRUMPS.includes(code);
  return rules.suit !== null && code.endsWith(rules.suit);
}

export function isRed(code) {
  const { suit } = parse(code);
  return suit === "H" || suit === "D";
}

const SUIT_ORDER = ["S", "H", "C", "D"];
const RANK_ORDER = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"];

function order(code) {
  if (!rules.permanent) {
    const { rank, suit } = parse(code);
    const first = suit === rules.suit ? -1 : SUIT_ORDER.indexOf(suit);
    return first * 10 + RANK_ORDER.indexOf(rank);
  }
  const trump = TRUMPS.indexOf(code);
  if (trump >= 0) return trump;
  const { rank, suit } = parse(code);
  return 100 + PLAIN_SUITS.indexOf(suit) * 10 + PLAIN_RANKS.indexOf(rank);
}

/** A hand in the order a player holds it: trumps from the highest, then ♥, ♠, ♦ (kozel24);
 * elsewhere the trump suit first, then ♠ ♥ ♣ ♦, each from the ace down. */
export function sortHand(cards) {
  return [...cards].sort((a, b) => order(a) - order(b));
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

/** A face-up card; a <button> when it can be clicked. */
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
