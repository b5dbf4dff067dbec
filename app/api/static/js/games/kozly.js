// kozly (KZ): each for himself; the trump card and who holds it, the half of the deal, the
// card points this deal, the marks received (KZ-17) and the goats. A round's summary names
// its winner and what each player paid him (KZ-18).

import { plural, t } from "../i18n.js";
import { cardText, perSeat, seatText, suitText, writtenLine } from "./common.js";

export default {
  facts(view, summary) {
    const game = view.game;
    return [
      game.trump_suit && ["trump", `${suitText(game.trump_suit)} (${cardText(game.trump_card)})`, "trump"],
      game.trump_holder !== null && ["kz_trump_holder", seatText(summary, game.trump_holder), "trump_holder"],
      game.half && ["kz_half", String(game.half), "half"],
      ["points_cap", perSeat(summary, game.points), "points"],
      ["kz_received", perSeat(summary, game.received), "received"],
      game.carried.some(Boolean) && ["kz_carried", perSeat(summary, game.carried), "carried"],
      game.goats.length && ["kz_goats", game.goats.map((s) => seatText(summary, s)).join(", "), "goats"],
    ];
  },
  seatMarks(view, summary, seat) {
    const received = view.game?.received?.[seat];
    return received ? [t("kz_marks_n", { n: received })] : [];
  },
  /** The round's winner, his total and the marks he received (KZ-16 … KZ-18). */
  dealParams: (deal, view, summary) => ({
    name: seatText(summary, deal.winner),
    points: deal.winner === null ? "" : plural("points_n", deal.totals[deal.winner]),
    gained: deal.gained,
  }),
  /** What each player paid the winner (KZ-18). */
  dealLines: (deal, view, summary) => (deal.winner === null ? [] : [writtenLine(view, summary, "kz_paid", deal.paid, "")]),
};
