// The table top: the four seats around the felt, the trick in the middle, the status line
// and the move clocks. Only what the seat's own view holds is drawn.

import { serverNow } from "./api.js";
import { backElement, cardElement } from "./cards.js";
import { t } from "./i18n.js";
import { position, seatName, teamOf } from "./seats.js";
import { $, el } from "./ui.js";

function seatTag(view, summary, seat) {
  const tags = [];
  if (seat === view.my_seat) tags.push(t("you"));
  if (view.my_seat !== null && seat === (view.my_seat + 2) % 4) tags.push(t("partner"));
  const bot = summary?.seats?.[seat]?.bot;
  if (bot) tags.push(t(`bot_level_${bot}`));
  return tags.join(" · ");
}

export function renderSeats(view, summary) {
  const acting = new Set(view.to_act);
  for (let seat = 0; seat < 4; seat += 1) {
    const box = document.querySelector(`#felt .seat[data-pos="${position(view, seat)}"]`);
    box.replaceChildren();
    box.dataset.seat = seat;
    box.className = `seat pos-${position(view, seat)} team-${teamOf(seat)}`;
    box.classList.toggle("to-act", acting.has(seat));
    const plate = el("div", { cls: "plate" });
    plate.append(el("span", { cls: "name", text: seatName(summary, seat) }));
    const tag = seatTag(view, summary, seat);
    if (tag) plate.append(el("span", { cls: "tag", text: tag }));
    if (view.status === "playing" && seat === view.dealer) {
      plate.append(el("span", { cls: "marker dealer", text: t("dealer") }));
    }
    if (view.phase === "cut" && seat === view.cutter) {
      plate.append(el("span", { cls: "marker", text: t("cutter") }));
    }
    plate.append(el("span", { cls: "clock", data: { seat } }));
    box.append(plate);
    if (seat !== view.my_seat || view.my_hand === null) {
      const backs = el("div", { cls: "backs", attrs: { title: t("hand_sizes", { n: view.hand_sizes[seat] }) } });
      for (let n = 0; n < view.hand_sizes[seat]; n += 1) backs.append(backElement());
      box.append(backs);
    }
  }
  tickClocks(view);
}

/** The current trick; between tricks the one just taken, dimmed, with who took it. */
export function renderTrick(view, summary) {
  const slots = document.querySelectorAll("#trick .slot");
  for (const slot of slots) slot.replaceChildren();
  const note = $("trick-note");
  note.textContent = "";
  let trick = view.trick;
  let taken = false;
  const between = view.phase === "play" ? view.tricks.length > 0 : view.phase === "game_over";
  if ((!trick || trick.cards.length === 0) && between && view.last_trick) {
    trick = view.last_trick;
    taken = true;
  }
  $("trick").classList.toggle("taken", taken);
  if (!trick) return;
  for (const play of trick.cards) {
    const slot = document.querySelector(`#trick .slot[data-pos="${position(view, play.seat)}"]`);
    const card = cardElement(play.card);
    if (taken && play.seat === trick.winner) card.classList.add("winner");
    slot.append(card);
  }
  if (taken) {
    note.textContent = t("trick_taken_by", {
      name: seatName(summary, trick.winner),
      points: trick.points,
    });
  }
}

export function statusText(view, summary) {
  const mine = view.my_seat;
  if (view.status === "waiting") return t("waiting_players");
  if (view.status === "finished") return t("game_over");
  const spectator = mine === null ? ` · ${t("spectating")}` : "";
  if (view.phase === "cut") {
    const text = view.cutter === mine ? t("you_cut") : t("cutting", { name: seatName(summary, view.cutter) });
    return text + spectator;
  }
  if (view.phase === "decisions") {
    return (view.legal_actions.length ? t("your_decision") : t("deciding")) + spectator;
  }
  if (view.to_act.length === 1) {
    const seat = view.to_act[0];
    return (seat === mine ? t("your_move") : t("to_move", { name: seatName(summary, seat) })) + spectator;
  }
  return t("deciding") + spectator;
}

/** Count down every visible move clock (the view's deadlines, on the server's clock). */
export function tickClocks(view) {
  if (!view) return;
  const due = new Map(view.deadlines.map((d) => [d.seat, Date.parse(d.at)]));
  for (const clock of document.querySelectorAll("#felt .clock")) {
    const at = due.get(Number(clock.dataset.seat));
    if (at === undefined) {
      clock.textContent = "";
      clock.classList.remove("urgent");
      continue;
    }
    const left = Math.max(0, Math.ceil((at - serverNow()) / 1000));
    clock.textContent = t("seconds_left", { s: left });
    clock.classList.toggle("urgent", left <= 5);
  }
}
