// The table top: the seats (2, 3 or 4) around the felt, the trick in the middle with the
// stock and its face-up trump card, the status line and the move clocks. Only what the
// seat's own view holds is drawn: a face-down play is its count of card backs.

import { serverNow } from "./api.js";
import { backElement, cardElement } from "./cards.js";
import { dealFacts } from "./games/common.js";
import { plural, t } from "./i18n.js";
import { isTeamGame, position, seatCount, seatName, sideOf } from "./seats.js";
import { $, el } from "./ui.js";

function seatTag(view, summary, seat) {
  const tags = [];
  if (seat === view.my_seat) tags.push(t("you"));
  const partner = isTeamGame(view) && seatCount(view) === 4 && seat === (view.my_seat + 2) % 4;
  if (view.my_seat !== null && partner) tags.push(t("partner"));
  const bot = summary?.seats?.[seat]?.bot;
  if (bot) tags.push(t(`bot_level_${bot}`));
  if (summary?.seats?.[seat]?.player?.bot) tags.push(t("bot")); // a bot account
  return tags.join(" · ");
}

/** Show the seats and trick slots of the positions this game uses, hide the others. */
function usePositions(view) {
  const used = new Set(Array.from({ length: seatCount(view) }, (_, seat) => position(view, seat)));
  for (const box of document.querySelectorAll("#felt .seat, #trick .slot")) {
    box.hidden = !used.has(Number(box.dataset.pos));
  }
  $("felt").dataset.seats = used.size;
}

export function renderSeats(view, summary, game = {}) {
  const acting = new Set(view.to_act);
  usePositions(view);
  const cutter = view.cutter ?? view.game?.cutter;
  for (let seat = 0; seat < seatCount(view); seat += 1) {
    const box = document.querySelector(`#felt .seat[data-pos="${position(view, seat)}"]`);
    box.replaceChildren();
    box.dataset.seat = seat;
    const side = isTeamGame(view) ? `team-${sideOf(view, seat)}` : "solo";
    box.className = `seat pos-${position(view, seat)} ${side}`;
    box.classList.toggle("to-act", acting.has(seat));
    const plate = el("div", { cls: "plate" });
    plate.append(el("span", { cls: "name", text: seatName(summary, seat) }));
    const tag = seatTag(view, summary, seat);
    if (tag) plate.append(el("span", { cls: "tag", text: tag }));
    if (view.status === "playing" && seat === view.dealer) {
      plate.append(el("span", { cls: "marker dealer", text: t("dealer") }));
    }
    if (seat === leaderOf(view)) plate.append(el("span", { cls: "marker leader", text: t("led") }));
    if (view.phase === "cut" && seat === cutter) {
      plate.append(el("span", { cls: "marker", text: t("cutter") }));
    }
    for (const mark of game.seatMarks?.(view, summary, seat) ?? []) {
      plate.append(el("span", { cls: "marker game-mark", text: mark }));
    }
    plate.append(el("span", { cls: "clock", data: { seat } }));
    box.append(plate);
    if (seat !== view.my_seat || view.my_hand === null) {
      const backs = el("div", { cls: "backs", attrs: { title: plural("cards_n", view.hand_sizes[seat]) } });
      for (let n = 0; n < view.hand_sizes[seat]; n += 1) backs.append(backElement());
      box.append(backs);
    }
  }
  tickClocks(view);
}

/** A trick's plays: the envelope's `plays`, or kozel24's `cards` (one face-up card each). */
export function playsOf(trick) {
  if (!trick) return [];
  if (trick.plays) return trick.plays;
  return (trick.cards ?? []).map((p) => ({ seat: p.seat, cards: [p.card], count: 1, face: "up" }));
}

/** A trick's plays as drawn: each seat's together, in the order the seats first played, and
 * a seat's face-down plays as one pile with one count (kozel32's coffin is 22 plays of one
 * card face down, C32-20). */
export function seatPlays(plays) {
  const bySeat = new Map();
  for (const play of plays) {
    if (!bySeat.has(play.seat)) bySeat.set(play.seat, []);
    const own = bySeat.get(play.seat);
    const pile = play.face === "down" && own.find((other) => other.face === "down");
    if (pile) {
      pile.count += play.count;
      pile.cards = pile.cards || play.cards ? [...(pile.cards ?? []), ...(play.cards ?? [])] : null;
    } else {
      own.push({ ...play });
    }
  }
  return [...bySeat.values()].flat();
}

/** One play as the seat sees it: its cards face up, or its count of backs (face down). */
export function playElement(play, { mini = false, winner = false } = {}) {
  const box = el("div", { cls: `play face-${play.face}`, data: { seat: play.seat, count: play.count } });
  const row = el("div", { cls: "cards" });
  const cards = play.cards ?? [];
  for (let n = 0; n < play.count; n += 1) {
    const card = n < cards.length ? cardElement(cards[n]) : backElement();
    if (mini) card.classList.add("mini");
    if (winner) card.classList.add("winner");
    row.append(card);
  }
  if (play.face === "down") { // the count on the pile: it takes no room of its own
    const words = t("face_down_n", { n: play.count });
    row.append(el("span", { cls: "down-count", text: String(play.count), attrs: { title: words, "aria-label": words } }));
  }
  box.append(row);
  return box;
}

/** The trick the felt shows: the current one; between tricks the one just taken. */
function feltTrick(view) {
  // kozel24 knows the deal's tricks; elsewhere the last trick stays until the next lead.
  const between = view.tricks
    ? (view.phase === "play" ? view.tricks.length > 0 : view.phase === "game_over")
    : view.status !== "waiting";
  if (playsOf(view.trick).length === 0 && between && view.last_trick) {
    return { trick: view.last_trick, taken: true };
  }
  return { trick: view.trick, taken: false };
}

/** The seat that led the trick being played (its first play), or null. */
export function leaderOf(view) {
  const { trick, taken } = feltTrick(view);
  const plays = playsOf(trick);
  if (taken || plays.length === 0) return null;
  return trick.leader ?? plays[0].seat;
}

/** The current trick; between tricks the one just taken, dimmed, with who took it. The
 * leader's play is marked. A game may mark up each play as drawn (`game.decoratePlay`:
 * kozel4's covers). */
export function renderTrick(view, summary, game = {}) {
  const slots = document.querySelectorAll("#trick .slot");
  for (const slot of slots) slot.replaceChildren();
  const note = $("trick-note");
  note.textContent = "";
  const { trick, taken } = feltTrick(view);
  $("trick").classList.toggle("taken", taken);
  renderStock(view);
  if (!trick) return;
  const leader = leaderOf(view);
  for (const play of seatPlays(playsOf(trick))) {
    const slot = document.querySelector(`#trick .slot[data-pos="${position(view, play.seat)}"]`);
    const box = playElement(play, { winner: taken && play.seat === trick.winner });
    box.classList.toggle("lead", play.seat === leader && !slot?.querySelector(".play.lead"));
    game.decoratePlay?.(view, trick, play, box);
    slot?.append(box);
  }
  if (taken && trick.winner !== null && trick.winner !== undefined) {
    const name = seatName(summary, trick.winner);
    note.textContent = trick.points === null || trick.points === undefined
      ? t("trick_taken_by_plain", { name })
      : t("trick_taken_by", { name, points: plural("points_n", trick.points) });
  }
}

/** The trump on the felt, as the game's panel names it (its `trump` fact), while a deal has
 * one. */
export function renderTrumpMark(view, summary, game = {}) {
  const box = $("felt-trump");
  const fact = dealFacts(view, summary, game).find((row) => row[2] === "trump");
  box.hidden = !fact;
  box.replaceChildren();
  if (fact) box.append(el("span", { cls: "felt-trump-label", text: t("trump") }), el("span", { text: fact[1] }));
}

/** The last deal's summary in short on the felt (its number, why it ended and who, and what
 * it wrote first): on a phone the side panels lie below the table, this does not. The side
 * panel says the same (its screen readers read it there). */
export function renderFeltDeal(number, lines = [], fresh = false) {
  const box = $("felt-deal");
  box.hidden = number === null;
  box.replaceChildren();
  if (box.hidden) return;
  box.classList.toggle("fresh", fresh);
  box.append(el("span", { cls: "felt-deal-title", text: t("summary_title", { n: number }) }));
  for (const line of lines) box.append(el("span", { text: line }));
}

/** The stock: its size as a pile of backs, and the trump card face up under it. */
function renderStock(view) {
  const box = $("stock");
  box.replaceChildren();
  const stock = view.stock;
  box.hidden = !stock;
  if (!stock) return;
  box.dataset.size = stock.size;
  if (stock.trump_card) {
    const trump = cardElement(stock.trump_card);
    trump.classList.add("stock-trump");
    box.append(trump);
  }
  if (stock.size > 0) {
    const pile = el("div", { cls: "pile", attrs: { title: plural("cards_n", stock.size) } }, backElement());
    pile.append(el("span", { cls: "pile-count", text: String(stock.size) }));
    box.append(pile);
  }
  box.append(el("span", { cls: "stock-label", text: t("stock_n", { n: stock.size }) }));
}

export function statusText(view, summary) {
  const mine = view.my_seat;
  if (view.status === "waiting") return t("waiting_players");
  if (view.status === "finished") return t("game_over");
  const spectator = mine === null ? ` · ${t("spectating")}` : "";
  if (view.phase === "cut") {
    const cutter = view.cutter ?? view.game?.cutter ?? view.to_act[0];
    const text = cutter === mine ? t("you_cut") : t("cutting", { name: seatName(summary, cutter) });
    return text + spectator;
  }
  if (view.phase === "decisions") {
    return (view.legal_actions.length ? t("your_decision") : t("deciding")) + spectator;
  }
  if (view.to_act.length === 1 && view.variant && view.variant !== "kozel24") {
    const seat = view.to_act[0];
    const yours = seat === mine && view.legal_actions.length > 0;
    return (yours ? t("your_turn") : t("to_move", { name: seatName(summary, seat) })) + spectator;
  }
  if (view.to_act.length === 1) {
    const seat = view.to_act[0];
    return (seat === mine ? t("your_move") : t("to_move", { name: seatName(summary, seat) })) + spectator;
  }
  if (view.variant && view.variant !== "kozel24") {
    return (view.legal_actions.length ? t("your_decision") : t("players_deciding")) + spectator;
  }
  return t("deciding") + spectator;
}

/** Count down every visible move clock: whole seconds to the view's deadlines, on the
 * server's clock, never more than the table's move clock gives. */
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
    const left = Math.min(view.move_clock_s ?? Infinity, Math.max(0, Math.ceil((at - serverNow()) / 1000)));
    clock.textContent = t("seconds_left", { s: left });
    clock.classList.toggle("urgent", left <= 5);
  }
}
