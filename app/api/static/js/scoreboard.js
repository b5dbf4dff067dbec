// The side of the table for any game, from the envelope: the scores per side, the game's
// own panel (js/games/<variant>.js), the last deal, the last trick and the end of the game.

import { playElement, playsOf, seatPlays } from "./felt.js";
import { nameAndFigure, plural, t } from "./i18n.js";
import { isTeamGame, seatName, sideName, sideOf, sidesInOrder } from "./seats.js";
import { $, el } from "./ui.js";

/** A key of the game's own (`reason_bura_target`), else one for any game but kozel24
 * (`reason_any_points`), else the common one, else the word. */
export function gameText(variant, key, params = {}, word = key) {
  for (const candidate of [key.replace(/^([a-z]+)_/, `$1_${variant}_`), key.replace(/^([a-z]+)_/, "$1_any_"), key]) {
    const text = t(candidate, params);
    if (text !== candidate) return text;
  }
  return word;
}

export function renderScores(view, summary, game) {
  const box = $("score");
  box.replaceChildren();
  if (view.status !== "waiting") box.append(el("h2", { text: t("deal_n", { n: view.deal_no }) }));
  const target = game.target?.(view, summary) ?? null;
  const unit = gameText(view.variant, "score_unit", {}, "");
  const head = target ? gameText(view.variant, "score_target", { unit, target }) : unit;
  if (head) box.append(el("p", { cls: "muted score-unit", text: head }));
  const table = el("div", { cls: "written-table" });
  for (const side of sidesInOrder(view)) {
    const cls = isTeamGame(view) ? `team-${side}` : "solo";
    const row = el("div", { cls: `team-row ${cls}`, data: { side, team: side } });
    const score = view.scores?.[side] ?? 0;
    const bar = el("div", { cls: "bar-track" }, el("div", { cls: "bar-fill" }));
    // How far the side is towards the target: its score, unless the game counts another figure
    const toward = game.towardTarget?.(view, side) ?? score;
    if (target) bar.firstChild.style.width = `${Math.min(100, (100 * toward) / target)}%`;
    bar.dataset.toward = String(toward);
    row.append(
      el("span", { cls: "team-name", text: sideName(view, summary, side) }),
      el("span", { cls: "written score", text: String(score) }),
      bar,
    );
    table.append(row);
  }
  box.append(table);
  renderGamePanel(view, summary, game);
}

/** What only this game shows: its facts as a short list (trump, marriages, marks…). */
function renderGamePanel(view, summary, game) {
  const box = $("game-panel");
  box.replaceChildren();
  const facts = view.game && game.facts ? game.facts(view, summary).filter(Boolean) : [];
  box.hidden = facts.length === 0;
  if (box.hidden) return;
  box.dataset.variant = view.variant;
  const list = el("dl", { cls: "facts" });
  for (const [key, value, name] of facts) {
    list.append(el("dt", { text: t(key) }), el("dd", { text: value, data: { fact: name ?? key } }));
  }
  box.append(el("h2", { text: gameText(view.variant, "panel_title", {}, t("panel_title")) }), list);
}

/** The last deal: its number, the points per side where it has them, why it ended. */
export function renderLastDeal(view, summary, game, fresh) {
  const box = $("deal-summary");
  const deal = view.last_deal;
  box.hidden = !deal;
  box.replaceChildren();
  if (!deal) return;
  const number = deal.deal_no ?? deal.kon_no;
  const reason = deal.reason ?? deal.result ?? "";
  box.dataset.deal = number;
  box.dataset.reason = reason;
  box.classList.toggle("fresh", fresh);
  box.append(el("h2", { text: t("summary_title", { n: number }) }));
  if (Array.isArray(deal.points) && deal.points.length === (view.scores?.length ?? 0)) {
    const parts = sidesInOrder(view).map((side) => nameAndFigure(sideName(view, summary, side), deal.points[side]));
    box.append(el("p", { text: `${t("points_cap")}: ${parts.join(" — ")}` }));
  }
  const lines = game.dealLines?.(deal, view, summary) ?? [];
  box.append(el("p", { cls: "reason", text: gameText(view.variant, `reason_${reason}`, {}, reason) }));
  for (const line of lines) box.append(el("p", { cls: "muted", text: line }));
}

export function renderLastPlays(view, summary) {
  const box = $("last-trick");
  const trick = view.last_trick;
  box.hidden = !(trick && playsOf(view.trick).length > 0);
  box.replaceChildren();
  if (box.hidden) return;
  box.append(el("h2", { text: t("last_trick") }));
  const row = el("div", { cls: "mini-trick" });
  for (const play of seatPlays(playsOf(trick))) {
    row.append(playElement(play, { mini: true, winner: play.seat === trick.winner }));
  }
  const name = seatName(summary, trick.winner);
  const text = trick.points === null || trick.points === undefined
    ? t("trick_taken_by_plain", { name })
    : t("trick_taken_by", { name, points: plural("points_n", trick.points) });
  box.append(row, el("p", { cls: "muted", text }));
}

/** The end of the game: who won, who lost, the scores and the titles of the rules file. */
export function renderGameEnd(view, summary, dismissed) {
  const box = $("end");
  const result = view.result;
  box.hidden = !result || dismissed;
  if (!result) return;
  const side = (key) => (result[key] === null || result[key] === undefined ? "" : String(result[key]));
  box.dataset.winner = side("winner");
  box.dataset.loser = side("loser");
  box.dataset.titles = (result.titles ?? []).join(" ");
  box.dataset.scores = (result.scores ?? []).join(":");
  box.dataset.written = (result.scores ?? []).join(":");
  const mine = view.my_seat === null || view.my_seat === undefined ? null : sideOf(view, view.my_seat);
  let title = t("game_over");
  if (mine !== null && result.winner === mine) title = t("you_won_game");
  else if (mine !== null && result.loser === mine) title = t("you_lost_game");
  $("end-title").textContent = title;
  const lines = [];
  if (result.winner !== null && result.winner !== undefined) {
    lines.push(t("winner_is", { name: sideName(view, summary, result.winner) }));
  }
  if (result.loser !== null && result.loser !== undefined) {
    lines.push(t("loser_is", { name: sideName(view, summary, result.loser) }));
  }
  $("end-loser").textContent = lines.join(" · ");
  const titles = $("end-titles");
  titles.replaceChildren();
  for (const name of result.titles ?? []) {
    titles.append(el("li", {
      cls: `title title-${name}`, text: gameText(view.variant, `title_${name}`, {}, name), data: { title: name },
    }));
  }
  const scores = sidesInOrder(view).map((s) => nameAndFigure(sideName(view, summary, s), result.scores?.[s] ?? ""));
  $("end-written").textContent = scores.join(" — ");
  $("end-reason").textContent = gameText(view.variant, `end_${result.reason}`, {}, "");
}
