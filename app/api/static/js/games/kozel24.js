// kozel24: the table as it always was — the cut slider, the lone-trump exchange (K-9), the
// no-queens claim (K-10), the written points to 12 with eggs, the K-17 end screen.

import { renderHand, renderPrompt } from "../hand.js";
import { renderDealSummary, renderEnd, renderLastTrick, renderScore } from "../panels.js";
import { $ } from "../ui.js";

export default {
  actions(view, summary, ctx) {
    renderPrompt(view, ctx);
    renderHand(view, ctx);
  },
  score(view, summary) {
    renderScore(view, summary);
    $("game-panel").hidden = true;
  },
  lastDeal: (view, summary, fresh) => renderDealSummary(view, summary, fresh),
  lastTrick: renderLastTrick,
  end: renderEnd,
};
