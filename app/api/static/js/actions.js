// Every game's legal actions as things to click, generically from the view's legal_actions:
//   a body with `card` (or kozel24's `give`)  -> that card in the hand, clicked
//   a body with `cards`                       -> cards selected in the hand, then confirmed;
//                                                only selections inside a listed action grow
//   a claim of a combination (`claim`)        -> a button with its cards
//   a cut (`position`)                        -> the slider; another `position` -> a row of backs
//   anything else                             -> a button named after its type and fields
// What is posted is always a listed body, unchanged (table.js adds expected_version/move_id).

import { backElement, cardElement, label } from "./cards.js";
import { gameFor } from "./games/index.js";
import { plural, t } from "./i18n.js";
import { cutChooser } from "./hand.js";
import { markRefused, reasonText, refusalsOf, renderWhy } from "./refusals.js";
import { seatName } from "./seats.js";
import { $, button, el } from "./ui.js";

const SUITS = { C: "♣", S: "♠", H: "♥", D: "♦" };

/** The legal actions by how they are chosen. */
export function sortActions(view) {
  const hand = new Set(view.my_hand ?? []);
  const sorted = { single: new Map(), multi: [], cuts: [], positions: [], buttons: [] };
  for (const action of view.legal_actions) {
    const body = action.body;
    const card = body.card ?? body.give;
    if (typeof card === "string" && hand.has(card)) {
      if (!sorted.single.has(card)) sorted.single.set(card, []);
      sorted.single.get(card).push(action);
    } else if (body.type === "claim") {
      sorted.buttons.push(action); // a combination (K4-13, B-10…): its cards are fixed, one click
    } else if (Array.isArray(body.cards) && body.cards.length && body.cards.every((c) => hand.has(c))) {
      sorted.multi.push(action);
    } else if (body.type === "cut") {
      sorted.cuts.push(action);
    } else if (typeof body.position === "number") {
      sorted.positions.push(action);
    } else {
      sorted.buttons.push(action);
    }
  }
  return sorted;
}

/** The view's caution for an action (`cautions`): it ends the deal at once (a claim out, a
 * declaration of 61, a redeal demand), so the page asks before it posts it, saying what the
 * rules say it costs. */
function cautionFor(view, action) {
  return (view.cautions ?? []).find((caution) => caution.move === action.body.type) ?? null;
}

export function needsAsking(view, action) {
  return cautionFor(view, action) !== null;
}

/** "Declare 61? Declaring 61 ends the deal at once: …": the action and its caution. */
function question(view, summary, action) {
  const why = reasonText(cautionFor(view, action).reason);
  const label = actionLabel(view, summary, action.body);
  return t("confirm_question", { action: label, why: `${why.charAt(0).toUpperCase()}${why.slice(1)}` });
}

const sameCards = (a, b) => a.length === b.length && a.every((c) => b.includes(c));
const within = (cards, action) => cards.every((c) => action.body.cards.includes(c));

/** "Lead", "Marriage ♥", "Choose the leader: Вася": the type in the page's language (or the
 * key a game's `actionKey` gives it: Bura names a claim's combination). */
export function actionLabel(view, summary, body) {
  const own = gameFor(view.variant).actionKey?.(view, body) ?? `act_${view.variant}_${body.type}`;
  let text = t(own);
  if (text === own) text = t(`act_${body.type}`);
  if (text === `act_${body.type}`) text = body.type ?? "?";
  const details = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === "type") continue;
    details.push(fieldText(view, summary, key, value));
  }
  return details.length ? `${text}: ${details.join(" ")}` : text;
}

function fieldText(view, summary, key, value) {
  if (value === null) return t(`none_${key}`);
  if (key === "suit") return `${SUITS[value] ?? value} ${t("suit_names")[value] ?? ""}`.trim();
  if (key === "card" || key === "give") return label(value);
  if (key === "cards") return value.map(label).join(" ");
  if (key === "leader" || key === "seat") return seatName(summary, value);
  if (key === "name") return t(`boast_${value}`);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The prompt above the hand: cut, non-card choices, the confirmation of a selection. */
export function renderActionPrompt(view, summary, ctx, sorted) {
  const prompt = $("prompt");
  prompt.replaceChildren();
  let kind = null;
  const row = el("div", { cls: "choices" });
  const add = (action, text, cls = "", asked = false) => {
    const asks = !asked && needsAsking(view, action);
    const pick = button(text, () => (asks ? ctx.ask(action) : ctx.act(action)), {
      cls: `act ${asks ? "risky" : ""} ${cls}`.trim(),
      data: { type: action.body.type, body: JSON.stringify(action.body) },
    });
    pick.disabled = ctx.busy;
    row.append(pick);
  };
  if (ctx.asking) {
    prompt.append(el("p", { cls: "question", text: question(view, summary, ctx.asking) }));
    add(ctx.asking, actionLabel(view, summary, ctx.asking.body), "confirm danger", true);
    row.append(button(t("ask_no"), () => ctx.ask(null), { cls: "small", id: "ask-no" }));
    prompt.append(row);
    prompt.hidden = false;
    prompt.dataset.prompt = "ask";
    return;
  }
  if (ctx.auto) {
    kind = ctx.auto.body.type;
    prompt.append(el("p", { cls: "auto-note", text: t(`auto_${view.variant}_${ctx.auto.body.type}`) }));
  }
  if (sorted.cuts.length) {
    kind = "cut";
    prompt.append(cutChooser(sorted.cuts, ctx.busy, ctx.act));
  }
  const selection = ctx.selection;
  const pending = ctx.pending && sorted.single.get(ctx.pending);
  if (selection.length) {
    kind = "select";
    for (const action of sorted.multi.filter((a) => sameCards(a.body.cards, selection))) {
      add(action, actionLabel(view, summary, action.body), "primary confirm");
    }
    row.append(button(t("clear_selection"), () => ctx.select([]), { cls: "small", id: "clear-selection" }));
  } else if (pending) {
    kind = "select";
    for (const action of pending) add(action, actionLabel(view, summary, action.body), "primary confirm");
    row.append(button(t("clear_selection"), () => ctx.pick(null), { cls: "small", id: "clear-selection" }));
  }
  // The actions that end the deal or the game at once come last, each asked about first.
  const ordinary = sorted.buttons.filter((action) => !needsAsking(view, action));
  for (const action of [...ordinary, ...sorted.buttons.filter((a) => !ordinary.includes(a))]) {
    add(action, actionLabel(view, summary, action.body));
  }
  if (sorted.positions.length) {
    kind = kind ?? "choose";
    const backs = el("div", { cls: "positions" });
    for (const action of sorted.positions) {
      const pick = button("", () => ctx.act(action), {
        cls: "act position", data: { type: action.body.type, position: action.body.position },
      });
      pick.title = actionLabel(view, summary, action.body);
      pick.append(backElement(), el("span", { cls: "pos-n", text: String(action.body.position) }));
      pick.disabled = ctx.busy;
      backs.append(pick);
    }
    prompt.append(el("p", { text: t(`prompt_${view.variant}_${sorted.positions[0].body.type}`) }), backs);
  }
  if (sorted.buttons.length) kind = kind ?? "choose";
  if (sorted.multi.length) {
    kind = kind ?? "select";
    const line = pickLine(view, summary, sorted, selection);
    if (line) prompt.append(el("p", { cls: "pick muted", text: line }));
  }
  if (row.childElementCount) prompt.append(row);
  prompt.hidden = kind === null;
  prompt.dataset.prompt = kind ?? "";
}

/** What a move of several cards still needs, in the view's words (`pick`): the rule ("answer
 * with 2 cards: beat K♥ 10♥ card by card, or discard 2 cards face down") until a card is
 * picked, then how many more before the confirm button is there. */
function pickLine(view, summary, sorted, selection) {
  const pick = view.pick;
  if (!pick) return selection.length ? "" : t("prompt_select_cards");
  const rule = reasonText(pick.rule);
  const done = sorted.multi.some((a) => sameCards(a.body.cards, selection));
  if (!selection.length) return t("pick_rule", { rule });
  const buttons = [...new Set(pick.moves)].map((type) => actionLabel(view, summary, { type })).join(" / ");
  if (selection.length < pick.least) {
    return plural("pick_more", pick.least - selection.length, { rule, buttons, chosen: selection.length });
  }
  if (!done) return t("pick_not_yet", { rule, buttons });
  if (selection.length < pick.most) return t("pick_may_add", { n: pick.most - selection.length });
  return "";
}

/** The hand, in the view's order: single-card actions post on a click; multi-card actions
 * select, then confirm; a card the view refuses is greyed and says why. */
export function renderActionHand(view, ctx, sorted) {
  const hand = $("hand");
  hand.replaceChildren();
  renderWhy(view);
  if (!view.my_hand) return;
  const selection = ctx.selection;
  const refusals = refusalsOf(view);
  const grows = (code) => sorted.multi.some((a) => within([...selection, code], a));
  const choosing = sorted.single.size > 0 || sorted.multi.length > 0;
  hand.classList.toggle("choosing", choosing);
  for (const code of view.my_hand) {
    const card = cardElement(code, { button: true });
    hand.append(card);
    if (refusals.has(code)) {
      markRefused(view, card, code, refusals.get(code));
      continue;
    }
    const chosen = selection.includes(code) || ctx.pending === code;
    const singles = selection.length ? [] : sorted.single.get(code) ?? [];
    const legal = chosen || singles.length > 0 || grows(code);
    card.disabled = ctx.busy || Boolean(ctx.asking) || !legal;
    card.classList.toggle("legal", legal);
    card.classList.toggle("selected", chosen);
    card.setAttribute("aria-pressed", String(chosen));
    card.addEventListener("click", () => {
      if (selection.includes(code)) ctx.select(selection.filter((c) => c !== code));
      else if (ctx.pending === code) ctx.pick(null);
      else if (grows(code)) ctx.select([...selection, code]);
      else if (singles.length === 1) ctx.act(singles[0]);
      else if (singles.length > 1) ctx.pick(code);
    });
  }
}
