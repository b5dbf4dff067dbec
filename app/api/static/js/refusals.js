// Why a card of the hand cannot be played now, as the view says it (`refused`: per card, the
// reason the server refuses it with, in English and Russian): the card is greyed, its name
// for screen readers says why, and the line above the hand shows why while the card is
// pointed at, focused or tapped. The page works out no reason of its own.

import { longName } from "./cards.js";
import { language, t } from "./i18n.js";
import { $ } from "./ui.js";

let pinned = { version: null, card: null, text: null }; // a refused card tapped: its reason stays

/** Card -> its reason, for the cards of the hand the view refuses. */
export function refusalsOf(view) {
  return new Map((view.refused ?? []).map((refusal) => [refusal.card, refusal.reason]));
}

/** A reason in the page's language. */
export function reasonText(reason) {
  return reason[language()] ?? reason.en;
}

/** The line above the hand says `text` (a reason), or the hint when it is null. */
function show(text) {
  const why = $("why");
  why.textContent = text ?? t("why_hint");
  why.classList.toggle("told", text !== null);
}

/** Marks `card` (a hand's button) refused for `reason`: greyed, focusable but not actionable,
 * named with its reason; pointing at it, focusing it or tapping it shows the reason. */
export function markRefused(view, card, code, reason) {
  const text = reasonText(reason);
  card.classList.add("refused");
  card.setAttribute("aria-disabled", "true");
  card.setAttribute("aria-label", `${longName(code)}: ${text}`);
  card.title = text;
  card.dataset.why = reason.code;
  const hint = () => (pinned.version === view.version ? pinned.text : null);
  card.addEventListener("mouseenter", () => show(text));
  card.addEventListener("focus", () => show(text));
  card.addEventListener("mouseleave", () => show(hint()));
  card.addEventListener("blur", () => show(hint()));
  card.addEventListener("click", () => {
    pinned = { version: view.version, card: code, text };
    show(text);
  });
}

/** The line above the hand: shown while the view refuses some card of it, with a hint (or
 * the reason of the card last tapped). */
export function renderWhy(view) {
  const why = $("why");
  const refusals = refusalsOf(view);
  why.hidden = refusals.size === 0;
  if (why.hidden) return;
  const reason = pinned.version === view.version ? refusals.get(pinned.card) : undefined;
  if (reason) pinned.text = reasonText(reason);
  show(reason ? pinned.text : null);
}
