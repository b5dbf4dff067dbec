// kozly (KZ): each for himself; the trump card and who holds it, the half of the deal, the
// card points this deal, the marks received (KZ-17) and the goats.

import { t } from "../i18n.js";
import { cardText, perSeat, seatText, suitText } from "./common.js";

export default {
  // KZ-19: the scores are the balances (12 each at the start, KZ-18); under `received12` the
  // game is won by the marks received, so the bars measure those against `target_marks`;
  // under `ruined` there is no target to draw.
  target: (view, summary) =>
    (summary?.options?.end ?? "received12") === "received12" ? (summary?.options?.target_marks ?? 12) : null,
  towardTarget: (view, side) => view.game?.received?.[side] ?? 0,
  facts(view, summary) {
    const game = view.game;
    return [
      ["trump", `${suitText(game.trump_suit)} (${cardText(game.trump_card)})`, "trump"],
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
};
