// The viewer's hand and the prompts above it. Everything clickable comes from the view's
// legal_actions: a card is enabled only if the view lists a play (or a give, K-9) of it.

import { cardElement, isTrump, label } from "./cards.js";
import { t } from "./i18n.js";
import { markRefused, refusalsOf, renderWhy } from "./refusals.js";
import { $, button, el } from "./ui.js";

const body = (action) => action.body;

/** The legal actions sorted by kind. */
export function actionsOf(view) {
  const of = (test) => view.legal_actions.filter((a) => test(body(a)));
  return {
    cuts: of((b) => b.type === "cut"),
    plays: of((b) => b.type === "play"),
    decisions: of((b) => "decision" in b),
    gives: of((b) => "give" in b),
    claims: of((b) => b.type === "claim_no_queens" || b.type === "play_on"),
  };
}

/** The cards of the viewer's hand in the view's order (K-3's trumps, then the plain suits); a
 * card the view refuses is greyed and says why. */
export function renderHand(view, { busy, act }) {
  const hand = $("hand");
  hand.replaceChildren();
  renderWhy(view);
  if (!view.my_hand) return;
  const refusals = refusalsOf(view);
  const { plays, gives } = actionsOf(view);
  const byCard = new Map();
  for (const action of plays) byCard.set(body(action).card, action);
  for (const action of gives) byCard.set(body(action).give, action);
  const choosing = byCard.size > 0;
  hand.classList.toggle("choosing", choosing);
  for (const code of view.my_hand) {
    const card = cardElement(code, { button: true });
    hand.append(card);
    if (refusals.has(code)) {
      markRefused(view, card, code, refusals.get(code));
      continue;
    }
    const action = byCard.get(code);
    card.disabled = busy || !action;
    if (action) card.classList.add("legal");
    if (action) card.addEventListener("click", () => act(action));
  }
}

export function renderPrompt(view, { busy, act }) {
  const prompt = $("prompt");
  prompt.replaceChildren();
  const { cuts, decisions, gives, claims, plays } = actionsOf(view);
  let kind = null;
  if (cuts.length) {
    kind = "cut";
    prompt.append(cutChooser(cuts, busy, act));
  } else if (decisions.length) {
    kind = "exchange";
    const trumps = (view.my_hand || []).filter(isTrump);
    const text = trumps.length === 1
      ? t("prompt_exchange", { card: label(trumps[0]) })
      : t("prompt_exchange_plain");
    prompt.append(el("p", { text }), choices(decisions, busy, act, (b) => b.decision));
  } else if (claims.length) {
    kind = "claim";
    prompt.append(el("p", { text: t("prompt_claim") }), choices(claims, busy, act, (b) => b.type));
  } else if (gives.length) {
    kind = "give";
    prompt.append(el("p", { text: t("prompt_give") }));
  } else if (plays.length) {
    kind = "play"; // the status line says it; the legal cards stand out
  }
  prompt.hidden = kind === null || kind === "play";
  prompt.dataset.prompt = kind ?? "";
}

const CHOICE = {
  exchange: { id: "exchange-yes", text: "exchange", cls: "primary" },
  keep: { id: "exchange-keep", text: "keep", cls: "" },
  claim_no_queens: { id: "claim", text: "claim", cls: "primary" },
  play_on: { id: "play-on", text: "play_on", cls: "" },
};

function choices(actions, busy, act, keyOf) {
  const row = el("div", { cls: "choices" });
  for (const action of actions) {
    const choice = CHOICE[keyOf(body(action))];
    const pick = button(t(choice.text), () => act(action), { cls: choice.cls, id: choice.id });
    pick.disabled = busy;
    row.append(pick);
  }
  return row;
}

/** K-5: the cut as a choice of position (1..23 cards go under), not a fixed button. */
export function cutChooser(cuts, busy, act) {
  const positions = cuts.map((a) => body(a).position).sort((a, b) => a - b);
  const low = positions[0];
  const high = positions[positions.length - 1];
  const middle = positions[Math.floor(positions.length / 2)];
  const range = el("input", {
    attrs: { type: "range", min: low, max: high, step: 1, id: "cut-position" },
  });
  range.value = String(middle);
  const shown = el("output", { cls: "cut-value", text: String(middle), attrs: { for: "cut-position" } });
  range.addEventListener("input", () => {
    shown.textContent = range.value;
  });
  const go = button(t("cut_go"), () => {
    const action = cuts.find((a) => body(a).position === Number(range.value));
    if (action) act(action);
  }, { cls: "primary", id: "cut-go" });
  go.disabled = busy;
  range.disabled = busy;
  const deck = el("div", { cls: "deck" });
  for (let n = 0; n < 5; n += 1) deck.append(el("div", { cls: "card back" }));
  return el("div", { cls: "cut" },
    el("p", { text: t("prompt_cut") }),
    el("div", { cls: "cut-row" }, deck, range, shown, go));
}
