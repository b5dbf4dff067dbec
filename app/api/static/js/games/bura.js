// bura (B): the trump card under the stock, claims of бура / молодка / Москва / четыре
// конца (B-15) and who made them, a бура's cards, the tricks, eggs; penalty points to the
// game's target (the view's). A claim's button names the combination the view says it
// is (`game.claimable`). A deal's summary names who ended
// it (a бура's holder and its cards, a declarer) and the penalty points it wrote on each.

import { t } from "../i18n.js";
import { cardsText, cardText, perSeat, seatText, suitText, writtenLine } from "./common.js";

const claimText = (summary, claim) => {
  const what = claim.kind ?? claim.name ?? claim.combination ?? claim.type ?? "";
  return [seatText(summary, claim.seat), t(`bura_claim_${what}`), cardsText(claim.cards)].filter(Boolean).join(" ");
};

/** The combination a listed claim names, as the view offers it (`game.claimable`, B-15). */
const claimedBy = (view, cards) => {
  const same = (offer) => offer.cards.length === cards.length && offer.cards.every((c) => cards.includes(c));
  return (view.game?.claimable ?? []).find(same)?.combination ?? null;
};

/** The hand a deal's end showed for `seat` (B-16: a бура), if any. */
const shownBy = (deal, seat) => (deal.shown ?? []).find((hand) => hand.seat === seat);

export default {
  actionKey(view, body) {
    const combination = body.type === "claim" ? claimedBy(view, body.cards) : null;
    return combination ? `act_bura_claim_${combination}` : null;
  },
  facts(view, summary) {
    const game = view.game;
    return [
      game.trump && ["trump", `${suitText(game.trump)} (${cardText(game.trump_card)})`, "trump"],
      game.trump_drawn_by !== null && ["bura_trump_drawn", seatText(summary, game.trump_drawn_by), "trump_drawn"],
      game.claims.length && ["claims", game.claims.map((c) => claimText(summary, c)).join(" · "), "claims"],
      game.buras.length && ["bura_buras", game.buras.map((s) => claimText(summary, s)).join(" · "), "buras"],
      ["tricks", perSeat(summary, game.tricks_taken), "tricks"],
      game.eggs_multiplier > 1 && ["eggs_next", `×${game.eggs_multiplier}`, "eggs"],
    ];
  },
  seatMarks(view, summary, seat) {
    const marks = view.game?.claim?.seat === seat ? [t("claim_mark")] : [];
    if (view.game?.buras?.some((s) => s.seat === seat)) marks.push(t("bura_claim_bura"));
    return marks;
  },
  /** B-21: every player at the target has lost, the others have won. */
  endSides: (view) => (view.game?.losers?.length ? { winners: view.game.winners, losers: view.game.losers } : null),
  /** Who ended the deal (B-16, B-20), the cards of his бура, the penalty his declaration got. */
  dealParams: (deal, view, summary) => ({
    name: seatText(summary, deal.ended_by),
    cards: cardsText(shownBy(deal, deal.ended_by)?.cards),
    penalty: deal.penalties?.[deal.ended_by] ?? 0,
  }),
  /** The other hands its end showed (B-16), and the penalty points it wrote on each. */
  dealLines: (deal, view, summary) => [
    ...(deal.shown ?? []).filter((hand) => hand.seat !== deal.ended_by)
      .map((hand) => t("bura_shown", { name: seatText(summary, hand.seat), cards: cardsText(hand.cards) })),
    writtenLine(view, summary, "bura_written", deal.penalties),
  ],
};
