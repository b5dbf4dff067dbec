// The side of the table: the written score (K-14, K-15), the last deal's summary, the last
// trick, the exchanges (K-9), table messages (K-16) and the end of the game (K-17).

import { cardElement, label } from "./cards.js";
import { renderFeltDeal } from "./felt.js";
import { plural, t } from "./i18n.js";
import { renderPlaces } from "./scoreboard.js";
import { seatName, teamName, teamOf, teamsInOrder } from "./seats.js";
import { $, el } from "./ui.js";

export function renderScore(view, summary) {
  const box = $("score");
  box.replaceChildren();
  if (view.status !== "waiting") {
    box.append(el("h2", { text: t("deal_n", { n: view.deal_no }) }));
  }
  const table = el("div", { cls: "written-table" });
  table.append(el("span", { cls: "head", text: t("written") }), el("span", { cls: "head", text: t("to_target", { n: view.target?.score ?? "—" }) }));
  for (const team of teamsInOrder(view)) {
    const row = el("div", { cls: `team-row team-${team}`, data: { team } });
    const bar = el("div", { cls: "bar-track" }, el("div", { cls: "bar-fill" }));
    // K-17: how far the team's written is towards the view's target
    const target = view.target;
    if (target) bar.firstChild.style.width = `${Math.min(100, (100 * target.toward[team]) / target.score)}%`;
    row.append(
      el("span", { cls: "team-name", text: teamName(view, summary, team) }),
      el("span", { cls: "written", text: String(view.written[team]) }),
      bar,
    );
    table.append(row);
  }
  box.append(table);
  if (view.eggs_multiplier > 1) {
    box.append(el("p", { cls: "eggs", text: t("eggs_multiplier", { n: view.eggs_multiplier }) }));
  } else if (view.eggs_played) {
    box.append(el("p", { cls: "eggs muted", text: t("eggs_played") }));
  }
  if (view.phase === "play") {
    const [first, second] = teamsInOrder(view);
    const line = `${t("this_deal")}: ${t("points")} ${view.points[first]} : ${view.points[second]}, `
      + `${t("tricks")} ${view.tricks_taken[first]} : ${view.tricks_taken[second]}`;
    box.append(el("p", { cls: "deal-line muted", text: line }));
  }
  for (const exchange of view.exchanges) box.append(exchangeLine(view, summary, exchange));
}

function exchangeLine(view, summary, exchange) {
  const mine = view.my_seat === exchange.from_seat || view.my_seat === exchange.to_seat;
  if (mine && exchange.trump && exchange.given) {
    const [gave, got] = view.my_seat === exchange.from_seat
      ? [exchange.trump, exchange.given]
      : [exchange.given, exchange.trump];
    return el("p", { cls: "exchange muted", text: t("exchange_mine", { gave: label(gave), got: label(got) }) });
  }
  const text = t("exchange_done", {
    from: seatName(summary, exchange.from_seat),
    to: seatName(summary, exchange.to_seat),
  });
  return el("p", { cls: "exchange muted", text });
}

/** What the last deal wrote and why (K-13, K-14, K-15, K-10), from the view's last_deal. */
export function renderDealSummary(view, summary, fresh) {
  const box = $("deal-summary");
  const deal = view.last_deal;
  box.hidden = !deal;
  box.replaceChildren();
  if (!deal) {
    renderFeltDeal(null);
    return;
  }
  box.dataset.deal = deal.deal_no;
  box.dataset.reason = deal.reason;
  box.classList.toggle("fresh", fresh);
  box.append(el("h2", { text: t("summary_title", { n: deal.deal_no }) }));
  const [first, second] = teamsInOrder(view);
  if (deal.points_counted) {
    box.append(el("p", { text: t("summary_points", { we: deal.points[first], they: deal.points[second] }) }));
  }
  const team = deal.written_on === null ? "" : teamName(view, summary, deal.written_on);
  const params = { team, amount: deal.amount };
  let key = `reason_${deal.reason}`;
  if (deal.under_30) key = "reason_points_low"; // K-14, as the view says it
  if (deal.reason === "sweep") params.winner = teamName(view, summary, deal.wiped ?? 1 - deal.written_on);
  if (deal.reason === "queen_caught") params.name = seatName(summary, deal.queen_caught_by);
  if (deal.reason === "no_queens") params.name = seatName(summary, deal.claimed_by);
  const text = t(key, params);
  box.append(el("p", { cls: "reason", text }));
  renderFeltDeal(deal.deal_no, [text], fresh);
  if (deal.written_on !== null) box.dataset.writtenOn = deal.written_on;
  else delete box.dataset.writtenOn;
}

export function renderLastTrick(view, summary) {
  const box = $("last-trick");
  const trick = view.last_trick;
  const current = view.trick && view.trick.cards.length > 0;
  box.hidden = !(trick && view.phase === "play" && current);
  box.replaceChildren();
  if (box.hidden) return;
  box.append(el("h2", { text: t("last_trick") }));
  const row = el("div", { cls: "mini-trick" });
  for (const play of trick.cards) {
    const card = cardElement(play.card);
    card.classList.add("mini");
    if (play.seat === trick.winner) card.classList.add("winner");
    row.append(card);
  }
  box.append(row, el("p", {
    cls: "muted",
    text: t("trick_taken_by", {
      name: seatName(summary, trick.winner),
      points: plural("points_n", trick.points),
    }),
  }));
}

export function renderMessages(view, summary, busy) {
  const list = $("message-list");
  list.replaceChildren();
  for (const message of view.messages) {
    list.append(el("li", { cls: `team-${teamOf(message.seat)}` },
      el("b", { text: `${seatName(summary, message.seat)}: ` }),
      el("span", { text: message.text })));
  }
  list.scrollTop = list.scrollHeight;
  const seated = view.my_seat !== null;
  const allowed = seated && view.messages_allowed;
  $("message-text").disabled = !allowed;
  $("message-send").disabled = !allowed || busy;
  let note = "";
  if (!seated) note = t("messages_spectator");
  else if (summary?.options?.messages === false) note = t("messages_off");
  else if (!allowed && view.status === "playing" && view.deal_no <= 1 && (view.variant ?? "kozel24") === "kozel24") {
    note = t("messages_first_deal");
  } else if (!allowed && view.status === "playing") note = t("messages_not_now");
  $("message-note").textContent = note;
  $("message-note").hidden = !note;
}

/** K-17: who "remains goats", said from the viewer's side of the table. */
function loserLine(view, summary, loser) {
  const seated = view.my_seat !== null && view.my_seat !== undefined;
  if (seated) return t(teamOf(view.my_seat) === loser ? "loser_us" : "loser_them");
  return t("loser_team", { team: teamName(view, summary, loser) });
}

/** K-17: who remains goats, with every title, the final written score and both teams'
 * places. */
export function renderEnd(view, summary, dismissed) {
  const box = $("end");
  const result = view.result;
  box.hidden = !result || dismissed;
  if (!result) return;
  box.dataset.loser = result.loser;
  box.dataset.titles = result.titles.join(" ");
  box.dataset.written = result.written.join(":");
  const seated = view.my_seat !== null;
  let title = t("game_over");
  if (seated) title = teamOf(view.my_seat) === result.loser ? t("you_lost") : t("you_won");
  $("end-title").textContent = title;
  $("end-loser").textContent = loserLine(view, summary, result.loser);
  const titles = $("end-titles");
  titles.replaceChildren();
  for (const name of result.titles) {
    titles.append(el("li", { cls: `title title-${name}`, text: t(`title_${name}`), data: { title: name } }));
  }
  const [first, second] = teamsInOrder(view);
  $("end-written").textContent = `${teamName(view, summary, first)} ${result.written[first]} — `
    + `${result.written[second]} ${teamName(view, summary, second)}`;
  renderPlaces(view, summary, result);
  const n = view.target?.score ?? "—";
  $("end-reason").textContent = t(result.reason === "resigned" ? "end_resigned" : "end_written", { n });
}
