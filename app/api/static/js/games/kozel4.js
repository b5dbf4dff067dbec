// kozel4 (K4): the shown trump, the molodka claim (K4-14) and who claimed, the tricks, eggs;
// in the trick, which card of each beat covers which card of the set it beat (K4-12); what a
// deal wrote on each team.

import { label, longName } from "../cards.js";
import { t } from "../i18n.js";
import { el } from "../ui.js";
import { perSeat, seatText, suitText, writtenLine } from "./common.js";

/** Seat -> its beat's cards in the order of the cards they cover, as those are drawn: the
 * lead as it lies, each beat under it card by card (the view's `game.covers`). */
function coverOrder(view, trick) {
  const covers = view.game?.covers ?? [];
  const order = new Map();
  const [lead, ...responses] = trick?.plays ?? [];
  let top = lead?.cards ?? []; // a молодка claimed is the lead too
  for (const play of responses) {
    const mine = covers.filter((c) => c.seat === play.seat);
    if (!mine.length) continue; // a discard
    const cards = top.map((card) => mine.find((c) => c.covers === card)?.card).filter(Boolean);
    order.set(play.seat, cards);
    top = cards;
  }
  return order;
}

export default {
  facts(view, summary) {
    const game = view.game;
    return [
      (game.ladder || game.trump) && ["trump", game.ladder ? t("k4_ladder") : suitText(game.trump), "trump"],
      game.claimant !== null && ["claim_by", seatText(summary, game.claimant), "claim"],
      ["tricks", perSeat(summary, game.tricks_taken), "tricks"],
      game.eggs_multiplier > 1 && ["eggs_next", `×${game.eggs_multiplier}`, "eggs"],
    ];
  },
  seatMarks(view, summary, seat) {
    return view.game?.claimant === seat ? [t("claim_mark")] : [];
  },
  /** What the deal wrote on each team (K4-18, K4-19). */
  dealLines: (deal, view, summary) => [writtenLine(view, summary, "k4_written", deal.penalties)],
  /** A beat: its cards in the order of the cards they cover, each tagged with it. */
  decoratePlay(view, trick, play, box) {
    const cards = coverOrder(view, trick).get(play.seat);
    if (!cards) return;
    const covers = new Map((view.game.covers ?? []).filter((c) => c.seat === play.seat)
      .map((c) => [c.card, c.covers]));
    box.classList.add("beat");
    for (const code of cards) {
      const card = box.querySelector(`.card[data-card="${code}"]`);
      if (!card) continue;
      const covered = covers.get(code);
      card.dataset.covers = covered;
      card.title = t("k4_covers_long", { card: longName(code), covered: longName(covered) });
      card.setAttribute("aria-label", card.title);
      card.append(el("span", { cls: "covers-tag", text: t("k4_covers", { card: label(covered) }) }));
      card.parentElement.append(card); // in the order of the covered cards
    }
  },
};
