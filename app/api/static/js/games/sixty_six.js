// sixty_six (S66): the trump, the marriages declared and the cards shown for them, who
// closed the stock, the tricks and counted points (where the rules show them), the game
// points of the match. A deal's summary names who claimed 66 or closed, and who won it.

import { plural, t } from "../i18n.js";
import { cardText, perSeat, seatText, suitText } from "./common.js";

export default {
  // S66-11, S66-20: after a won trick the page draws for the player unless he closes first
  // (or claims out): the view's phase says the draw is due (`close_or_draw`), its legal
  // actions what may come before it.
  autoAction(view) {
    if (view.phase !== "close_or_draw") return null;
    return view.legal_actions.find((action) => action.body.type === "draw") ?? null;
  },
  facts(view, summary) {
    const game = view.game;
    const marriages = game.marriages
      .map((m) => `${seatText(summary, m.seat)}: ${suitText(m.suit)} (${m.points})`).join(" · ");
    return [
      game.trump && ["trump", suitText(game.trump), "trump"],
      ["s66_marriages", marriages || "—", "marriages"],
      game.shown.some((cards) => cards.length)
        && ["s66_shown", perSeat(summary, game.shown.map((cards) => cards.map(cardText).join(" ") || "—")), "shown"],
      game.closing && ["s66_closed_by", seatText(summary, game.closing.seat ?? game.closing.closer ?? game.closing), "closing"],
      game.tricks_won && ["tricks", perSeat(summary, game.tricks_won), "tricks"],
      game.points && ["points_cap", perSeat(summary, game.points), "points"],
      ...game.exchanges.map((x) => ["s66_exchange", `${seatText(summary, x.seat)}: ${cardText(x.exchange_card)} ↔ ${cardText(x.trump_card)}`, "exchange"]),
      ["s66_match", plural("s66_match_to", game.rules.match_target), "match"],
    ];
  },
  seatMarks(view, summary, seat) {
    const marks = [];
    if (view.game?.forehand === seat) marks.push(t("s66_forehand"));
    return marks;
  },
  /** Who claimed 66 (S66-22), who closed the stock (S66-19). */
  dealParams: (deal, view, summary) => ({
    claimer: seatText(summary, deal.claimer),
    closer: seatText(summary, deal.closer),
  }),
  /** Who won the deal and the game points it gave him (S66-23, S66-24). */
  dealLines(deal, view, summary) {
    if (deal.winner === null || deal.winner === undefined) return [];
    return [plural("s66_deal_won", deal.game_points, { name: seatText(summary, deal.winner) })];
  },
};
