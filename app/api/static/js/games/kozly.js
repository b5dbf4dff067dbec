// kozly (KZ): each for himself; the trump card and who holds it, the half of the deal, the
// card points this deal, the marks received (KZ-17) and the goats.

import { t } from "../i18n.js";
import { cardText, perSeat, seatText, suitText } from "./common.js";

export default {
  target: (view, summary) => summary?.options?.targetMarks ?? 12,
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
