// kozel4 (K4): the shown trump, the molodka claim (K4-13) and who claimed, the tricks, eggs.

import { t } from "../i18n.js";
import { perSeat, seatText, suitText } from "./common.js";

export default {
  target: () => 12,
  facts(view, summary) {
    const game = view.game;
    return [
      ["trump", game.ladder ? t("k4_ladder") : suitText(game.trump), "trump"],
      game.claimant !== null && ["claim_by", seatText(summary, game.claimant), "claim"],
      ["tricks", perSeat(summary, game.tricks_taken), "tricks"],
      game.eggs_multiplier > 1 && ["eggs_next", `×${game.eggs_multiplier}`, "eggs"],
    ];
  },
  seatMarks(view, summary, seat) {
    return view.game?.claimant === seat ? [t("claim_mark")] : [];
  },
};
