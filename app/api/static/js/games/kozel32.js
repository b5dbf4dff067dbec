// kozel32 (C32): the boast of this кон and who declared it, the trump suit, the board of
// pairs (C32-27), the redeal demands and eggs pending; the blind dummy seats are marked.
// The board is drawn as C32-30 draws it on the sixes: one row of marks per side (as many as
// the view's target), a mark for each pair, then the pending egg pairs (C32-28) and the
// «спас» of the last кон (the view's `last_deal.saved`). A кон's
// summary names its winner, whose шамок caught the queen, the boaster, and the pairs it gave.

import { t } from "../i18n.js";
import { renderScores } from "../scoreboard.js";
import { sideName, sidesInOrder } from "../seats.js";
import { $, el } from "../ui.js";
import { seatText, suitText, writtenLine } from "./common.js";

function renderBoard(view, summary) {
  const board = view.game?.board ?? view.scores ?? [];
  const pairsToWin = view.target?.score ?? 0; // C32-30, as the view says it
  const saved = new Set(view.last_deal?.saved ?? []); // C32-27: lost with the спас, as the view says
  const box = el("div", { cls: "k32-board", data: { eggs: view.game?.eggs_pending ?? 0 } });
  box.append(el("p", { cls: "muted k32-board-head", text: t("k32_board") }));
  for (const side of sidesInOrder(view)) {
    const pairs = board[side] ?? 0;
    const marks = el("span", { cls: "k32-marks", attrs: { title: t("k32_pairs_n", { n: pairs }) } });
    for (let n = 0; n < pairsToWin; n += 1) {
      marks.append(el("span", { cls: n < pairs ? "k32-pair on" : "k32-pair", data: { n: n + 1 } }));
    }
    const row = el("div", { cls: `k32-board-row team-${side}`, data: { side, pairs } });
    row.append(el("span", { cls: "k32-side", text: sideName(view, summary, side) }), marks);
    if (saved.has(side)) row.append(el("span", { cls: "k32-spas", text: t("k32_spas") }));
    box.append(row);
  }
  const eggs = view.game?.eggs_pending ?? 0;
  if (eggs > 0) {
    const row = el("div", { cls: "k32-eggs", attrs: { title: t("k32_eggs_pending") } });
    for (let n = 0; n < eggs; n += 1) row.append(el("span", { cls: "k32-egg" }));
    row.append(el("span", { cls: "muted", text: t("k32_egg_pairs_n", { n: eggs }) }));
    box.append(row);
  }
  $("score").append(box);
}

const game = {
  score(view, summary) {
    renderScores(view, summary, game);
    if (view.status !== "waiting") renderBoard(view, summary);
  },
  facts(view, summary) {
    const part = view.game;
    return [
      part.trump_suit && ["trump", suitText(part.trump_suit), "trump"],
      part.boast && ["k32_boast", `${t(`boast_${part.boast}`)} — ${seatText(summary, part.boaster)}`, "boast"],
      part.star_rounds?.length && ["k32_star_rounds", part.star_rounds.join(", "), "star_rounds"],
      view.phase && ["k32_phase", t(`k32_phase_${view.phase}`), "phase"],
      part.demands > 0 && ["k32_demands", String(part.demands), "demands"],
      part.eggs_pending > 0 && ["k32_eggs_pending", String(part.eggs_pending), "eggs"],
      ["tricks", part.tricks_taken.join(" : "), "tricks"],
      ["points_cap", part.points.join(" : "), "points"],
    ];
  },
  seatMarks(view, summary, seat) {
    const part = view.game;
    const marks = [];
    if (part?.boaster === seat && part.boast) marks.push(t(`boast_${part.boast}`));
    if (part?.soloist === seat) marks.push(t("k32_soloist"));
    return marks;
  },
  /** Who won the кон, whose шамок caught the queen (C32-26). */
  dealParams: (deal, view, summary) => ({
    winner: deal.winner === null ? "—" : sideName(view, summary, deal.winner),
    name: seatText(summary, deal.caught_by),
  }),
  /** The boast and its boaster (C32-8), the queen of spades' soloist (C32-35), the pairs the
   * кон gained each side and took off (C32-27 … C32-29). */
  dealLines(deal, view, summary) {
    const lines = [writtenLine(view, summary, "k32_gains", deal.gains, "+", "k32_no_gains")];
    if (deal.lost?.some(Boolean)) lines.push(writtenLine(view, summary, "k32_lost", deal.lost, "−"));
    if (deal.boast) {
      const boaster = deal.boaster === null || deal.boaster === undefined ? "" : ` — ${seatText(summary, deal.boaster)}`;
      lines.push(`${t("k32_boast")}: ${t(`boast_${deal.boast}`)}${boaster}`);
    }
    if (deal.soloist !== null && deal.soloist !== undefined) {
      lines.push(t("k32_soloist_was", { name: seatText(summary, deal.soloist) }));
    }
    if (deal.tailed) lines.push(t("k32_tailed"));
    return lines;
  },
};

export default game;
