// sixty_six (S66): the trump, the marriages declared and the cards shown for them, who
// closed the stock, the tricks and counted points (where the rules show them), the game
// points of the match.

import { t } from "../i18n.js";
import { cardText, perSeat, seatText, suitText } from "./common.js";

export default {
  target: (view) => view.game?.rules?.match_target ?? 7,
  facts(view, summary) {
    const game = view.game;
    const marriages = game.marriages
      .map((m) => `${seatText(summary, m.seat)}: ${suitText(m.suit)} (${m.points})`).join(" · ");
    return [
      ["trump", suitText(game.trump), "trump"],
      ["s66_marriages", marriages || "—", "marriages"],
      game.shown.some((cards) => cards.length)
        && ["s66_shown", perSeat(summary, game.shown.map((cards) => cards.map(cardText).join(" ") || "—")), "shown"],
      game.closing && ["s66_closed_by", seatText(summary, game.closing.seat ?? game.closing.closer ?? game.closing), "closing"],
      game.tricks_won && ["tricks", perSeat(summary, game.tricks_won), "tricks"],
      game.points && ["points_cap", perSeat(summary, game.points), "points"],
      ...game.exchanges.map((x) => ["s66_exchange", `${seatText(summary, x.seat)}: ${cardText(x.exchange_card)} ↔ ${cardText(x.trump_card)}`, "exchange"]),
      ["s66_match", t("s66_match_to", { n: game.rules.match_target }), "match"],
    ];
  },
  seatMarks(view, summary, seat) {
    const marks = [];
    if (view.game?.forehand === seat) marks.push(t("s66_forehand"));
    return marks;
  },
  dealLines(deal, view, summary) {
    if (deal.winner === null || deal.winner === undefined) return [];
    return [t("s66_deal_won", { name: seatText(summary, deal.winner), n: deal.game_points })];
  },
};
