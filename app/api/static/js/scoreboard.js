// The side of the table for any game, from the envelope: the scores per side, the game's
// own panel (js/games/<variant>.js), the last deal, the last trick and the end of the game.

import { playElement, playsOf, renderFeltDeal, seatPlays } from "./felt.js";
import { dealFacts, sidePlayers } from "./games/common.js";
import { nameAndFigure, plural, t } from "./i18n.js";
import { isTeamGame, seatName, sideName, sideOf, sidesInOrder } from "./seats.js";
import { $, el } from "./ui.js";

/** A key of the game's own (`reason_bura_target`), else one for any game but kozel24
 * (`reason_any_points`), else the common one, else the word. A text with plural forms takes
 * the one `params.n` needs. */
export function gameText(variant, key, params = {}, word = key) {
  for (const candidate of [key.replace(/^([a-z]+)_/, `$1_${variant}_`), key.replace(/^([a-z]+)_/, "$1_any_"), key]) {
    const text = t(candidate, params);
    if (typeof text === "object") return plural(candidate, params.n ?? 0, params);
    if (text !== candidate) return text;
  }
  return word;
}

export function renderScores(view, summary, game) {
  const box = $("score");
  box.replaceChildren();
  if (view.status !== "waiting") box.append(el("h2", { text: t("deal_n", { n: view.deal_no }) }));
  const target = view.target?.score ?? null;
  const unit = gameText(view.variant, "score_unit", {}, "");
  const head = target ? gameText(view.variant, "score_target", { unit, target }) : unit;
  if (head) box.append(el("p", { cls: "muted score-unit", text: head }));
  const table = el("div", { cls: "written-table" });
  for (const side of sidesInOrder(view)) {
    const cls = isTeamGame(view) ? `team-${side}` : "solo";
    const row = el("div", { cls: `team-row ${cls}`, data: { side, team: side } });
    const score = view.scores?.[side] ?? 0;
    const bar = el("div", { cls: "bar-track" }, el("div", { cls: "bar-fill" }));
    // How far the side is towards the target, as the view measures it (its score, or the
    // game's own figure: Kozly's marks received)
    const toward = view.target?.toward?.[side] ?? score;
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

/** What only this game shows: its facts as a short list (trump, marriages, marks…). They are
 * the deal's: once the game is over no deal is on view, and neither are they. */
function renderGamePanel(view, summary, game) {
  const box = $("game-panel");
  box.replaceChildren();
  const facts = dealFacts(view, summary, game);
  box.hidden = facts.length === 0;
  if (box.hidden) return;
  box.dataset.variant = view.variant;
  const list = el("dl", { cls: "facts" });
  for (const [key, value, name] of facts) {
    list.append(el("dt", { text: t(key) }), el("dd", { text: value, data: { fact: name ?? key } }));
  }
  box.append(el("h2", { text: gameText(view.variant, "panel_title", {}, t("panel_title")) }), list);
}

/** The last deal: its number, the points per side where it has them, why it ended and who
 * ended it (the game's `dealParams` name the seats and cards of its summary), what it wrote
 * on each side (the game's `dealLines`). Also on the felt, for a phone. */
export function renderLastDeal(view, summary, game, fresh) {
  const box = $("deal-summary");
  const deal = view.last_deal;
  box.hidden = !deal;
  box.replaceChildren();
  if (!deal) {
    renderFeltDeal(null);
    return;
  }
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
  const lines = (game.dealLines?.(deal, view, summary) ?? []).filter(Boolean);
  const params = game.dealParams?.(deal, view, summary) ?? {};
  const text = gameText(view.variant, `reason_${reason}`, params, reason);
  box.append(el("p", { cls: "reason", text }));
  for (const line of lines) box.append(el("p", { cls: "muted deal-line", text: line }));
  renderFeltDeal(number, [text, ...lines.slice(0, 1)], fresh);
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

/** The sides that won and lost: the game's own lists where its view has them (Bura's winners
 * and losers, B-21), else as the result ranks them: the winner's place (shared with any side
 * ranked alike), and the loser's or, where no one side lost, the last place. */
function winnersAndLosers(view, result, game) {
  const own = game.endSides?.(view);
  if (own) return own;
  const sides = sidesInOrder(view);
  const places = result.places ?? [];
  const given = (side) => side !== null && side !== undefined;
  const at = (side) => (!given(side) ? [] : places.length ? sides.filter((s) => places[s] === places[side]) : [side]);
  const winners = at(result.winner);
  let losers = at(result.loser);
  const last = Math.max(...places);
  if (!losers.length && places.length && last > Math.min(...places)) losers = sides.filter((s) => places[s] === last);
  return { winners, losers };
}

/** Every side's final place and score, the best first (`result.places`). */
export function renderPlaces(view, summary, result, game = {}) {
  const list = $("end-places");
  list.replaceChildren();
  list.hidden = !result.places?.length;
  $("end-places-head").hidden = true;
  if (list.hidden) return;
  const { winners, losers } = winnersAndLosers(view, result, game);
  const unit = gameText(view.variant, "score_unit", {}, "");
  $("end-places-head").textContent = unit ? t("end_places_in", { unit }) : t("end_places");
  $("end-places-head").hidden = false;
  const sides = sidesInOrder(view).sort((a, b) => result.places[a] - result.places[b]);
  for (const side of sides) {
    const role = winners.includes(side) ? "winner" : losers.includes(side) ? "loser" : "";
    const item = el("li", { cls: `place ${role}`, data: { side, place: result.places[side], role } });
    item.append(
      el("span", { cls: "place-n", text: t("place_n", { n: result.places[side] }) }),
      el("span", { cls: "place-name", text: sideName(view, summary, side) }),
      el("span", { cls: "place-score", text: String(result.scores?.[side] ?? "") }),
    );
    if (role) item.append(el("span", { cls: "place-role", text: t(`end_role_${role}`) }));
    list.append(item);
  }
}

/** The end of the game: who won, who lost and why in the game's words (`end_<variant>_<reason>`,
 * naming the sides and the target), every side's place and score, the titles of the rules. */
export function renderGameEnd(view, summary, dismissed, game = {}) {
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
  box.dataset.places = (result.places ?? []).join(":");
  box.dataset.reason = result.reason;
  const { winners, losers } = winnersAndLosers(view, result, game);
  const names = (sides) => sides.map((s) => sidePlayers(view, summary, s)).join(", ");
  const mine = view.my_seat === null || view.my_seat === undefined ? null : sideOf(view, view.my_seat);
  let title = t("game_over");
  if (mine !== null && winners.includes(mine)) title = t("you_won_game");
  else if (mine !== null && losers.includes(mine)) title = t("you_lost_game");
  else if (mine !== null && result.places?.length) title = t("end_your_place", { n: result.places[mine] });
  $("end-title").textContent = title;
  const many = (sides) => isTeamGame(view) || sides.length > 1;
  const lines = [];
  if (winners.length) lines.push(t(many(winners) ? "winners_are" : "winner_is", { name: names(winners) }));
  if (losers.length) lines.push(t(many(losers) ? "losers_are" : "loser_is", { name: names(losers) }));
  $("end-loser").textContent = lines.join(" · ");
  const titles = $("end-titles");
  titles.replaceChildren();
  for (const name of result.titles ?? []) {
    titles.append(el("li", {
      cls: `title title-${name}`, text: gameText(view.variant, `title_${name}`, {}, name), data: { title: name },
    }));
  }
  renderPlaces(view, summary, result, game);
  $("end-written").textContent = "";
  const params = { winner: names(winners) || "—", loser: names(losers) || "—", n: view.target?.score ?? 0 };
  $("end-reason").textContent = gameText(view.variant, `end_${result.reason}`, params, "");
}
