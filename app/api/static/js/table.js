// One table: follow it with the long-poll, draw the view, post what the player picks.
//
// The page keeps nothing of its own about the game: every draw is made from the latest view
// (GET …/state), so a reload or a dropped connection loses nothing — the seat belongs to the
// token in localStorage and the table id is in the address (#table=<id>).

import { renderActionHand, renderActionPrompt, sortActions } from "./actions.js";
import { api, ApiError } from "./api.js";
import { setTrumps } from "./cards.js";
import { catalogueEntry, gameTitle } from "./catalogue.js";
import { renderSeats, renderTrick, renderTrumpMark, statusText, tickClocks } from "./felt.js";
import { gameFor } from "./games/index.js";
import { plural, t } from "./i18n.js";
import { renderMessages } from "./panels.js";
import { renderGameEnd, renderLastDeal, renderLastPlays, renderScores } from "./scoreboard.js";
import { isTeamGame } from "./seats.js";
import { $, button, el, forgetTable, notice, rememberTable, sleep } from "./ui.js";

const BOT_LEVELS = ["random", "heuristic", "strong"];
const AUTO_DELAY_MS = 1500; // how long a game's automatic action waits for another choice

export class TableScreen {
  constructor(tableId, player, { toLobby, openTable, openReplay }) {
    this.id = tableId;
    this.player = player;
    this.toLobby = toLobby;
    this.openTable = openTable;
    this.openReplay = openReplay;
    this.again = false; // this player asked for a rematch: follow the finished table to it
    this.view = null;
    this.summary = null;
    this.running = false;
    this.busy = false;
    this.endDismissed = false;
    this.seenDeal = null;
    this.freshUntil = 0;
    this.selection = []; // cards picked for a multi-card action, until the version changes
    this.pending = null; // a card with several single-card actions, waiting for the choice
    this.asking = null; // an action that ends the deal or the game at once, asked about first
    this.auto = { version: null, at: 0, timer: null }; // the game's automatic action, if any
    this.entry = null; // the game's catalogue entry
    this.listeners = new AbortController();
  }

  async start() {
    this.running = true;
    this.wire();
    try {
      this.summary = await api.table(this.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        forgetTable(this.id);
        notice(t("not_found"));
        this.toLobby();
        return;
      }
      throw error;
    }
    this.entry = await catalogueEntry(this.summary.variant);
    await this.accept(await api.state(this.id));
    this.timer = setInterval(() => tickClocks(this.view), 250);
    this.follow();
  }

  stop() {
    this.running = false;
    clearInterval(this.timer);
    clearTimeout(this.auto.timer);
    this.listeners.abort();
    $("end").hidden = true;
    $("end-again-wait").hidden = true;
    $("table-game").hidden = true;
    document.title = t("app_name");
    delete document.body.dataset.version;
  }

  /** The long-poll: wait for the next version, draw it, again. Errors back off and retry.
   * Once the game is over it goes on only while this player waits for a rematch. */
  async follow() {
    if (this.following) return;
    this.following = true;
    let pause = 500;
    while (this.running && (this.view.status !== "finished" || this.waitingForRematch())) {
      try {
        const view = await api.state(this.id, this.view.version);
        if (view) await this.accept(view);
        pause = 500;
      } catch (error) {
        console.warn("long-poll", error);
        await sleep(pause);
        pause = Math.min(pause * 2, 10_000);
      }
    }
    this.following = false;
  }

  async accept(view) {
    if (!this.running || (this.view && view.version < this.view.version)) return;
    const before = this.view;
    this.view = view;
    if (!before || before.version !== view.version) {
      this.selection = [];
      this.pending = null;
      this.asking = null;
    }
    if (view.my_seat !== null) rememberTable(this.id);
    const seatsMayHaveChanged = !before || before.status !== view.status
      || before.deal_no !== view.deal_no || view.status === "waiting";
    if (seatsMayHaveChanged && (!before || before.version !== view.version)) {
      try {
        this.summary = await api.table(this.id);
      } catch (error) {
        console.warn("table summary", error);
      }
    }
    // A deal summary that just arrived is marked for a few seconds.
    const deal = view.last_deal?.deal_no ?? 0;
    if (this.seenDeal !== null && deal !== this.seenDeal) this.freshUntil = Date.now() + 4000;
    this.seenDeal = deal;
    this.render();
  }

  /** Post one action for the version on screen; a stale view is replaced by the current one. */
  async act(action, endpoint = null) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    const body = endpoint ? action : { ...action.body, expected_version: this.view.version };
    try {
      const view = await api.act(this.id, endpoint ?? action.endpoint, body);
      this.busy = false;
      await this.accept(view);
    } catch (error) {
      this.busy = false;
      if (error instanceof ApiError && [409, 422].includes(error.status)) notice(t("stale"));
      else notice(t("error", { detail: error.message }));
      await this.accept(await api.state(this.id));
    }
  }

  render() {
    const view = this.view;
    if (!view) return;
    const ctx = {
      busy: this.busy,
      act: (action) => this.act(action),
      selection: this.selection,
      pending: this.pending,
      select: (cards) => {
        this.selection = cards;
        this.render();
      },
      pick: (card) => {
        this.pending = card;
        this.render();
      },
      asking: this.asking,
      ask: (action) => {
        this.asking = action;
        this.auto.at = Date.now() + AUTO_DELAY_MS; // a question answered "no" gives time again
        this.render();
      },
    };
    const game = gameFor(view.variant ?? this.summary?.variant);
    ctx.auto = this.scheduleAuto(game);
    setTrumps(view);
    document.body.dataset.version = view.version;
    document.body.dataset.busy = String(this.busy);
    const screen = $("screen-table");
    screen.dataset.phase = view.phase ?? "waiting";
    screen.dataset.status = view.status;
    screen.dataset.deal = view.deal_no;
    screen.dataset.mySeat = view.my_seat ?? "";
    screen.dataset.variant = view.variant ?? this.summary?.variant ?? "kozel24";
    document.body.dataset.selection = [...this.selection, this.pending ?? ""].join(" ").trim();
    document.body.dataset.asking = this.asking?.body.type ?? "";
    this.renderName();
    renderSeats(view, this.summary, game);
    renderTrick(view, this.summary, game);
    renderTrumpMark(view, this.summary, game);
    $("status").textContent = statusText(view, this.summary);
    if (game.actions) {
      game.actions(view, this.summary, ctx);
    } else {
      const sorted = sortActions(view);
      renderActionPrompt(view, this.summary, ctx, sorted);
      renderActionHand(view, ctx, sorted);
    }
    const fresh = Date.now() < this.freshUntil;
    if (game.score) game.score(view, this.summary);
    else renderScores(view, this.summary, game);
    (game.lastDeal ?? ((v, s, f) => renderLastDeal(v, s, game, f)))(view, this.summary, fresh);
    (game.lastTrick ?? renderLastPlays)(view, this.summary);
    renderMessages(view, this.summary, this.busy);
    this.renderWaiting();
    (game.end ?? renderGameEnd)(view, this.summary, this.endDismissed, game);
    this.renderAgain();
    $("resign").hidden = !(view.status === "playing" && view.my_seat !== null);
    $("resign-question").textContent = t(isTeamGame(view) ? "resign_sure" : "resign_sure_solo");
  }

  /** Which game is played, by how many (a kozel32 blind is no player): in the header and
   * in the page's title. */
  renderName() {
    const title = this.entry ? gameTitle(this.entry) : this.view.variant;
    const players = this.summary?.seats?.length ?? this.view.hand_sizes.length;
    const name = `${title} · ${plural("players_n", players)}`;
    $("table-game").textContent = name;
    $("table-game").hidden = false;
    document.title = `${name} — ${t("app_name")}`;
  }

  /** The action a game makes for the player unless he picks another within AUTO_DELAY_MS
   * (Sixty-six's draw after a won trick, `autoAction`); null when there is none. */
  scheduleAuto(game) {
    clearTimeout(this.auto.timer);
    const action = game.autoAction?.(this.view) ?? null;
    if (!action) return null;
    const version = this.view.version;
    if (this.auto.version !== version) this.auto = { version, at: Date.now() + AUTO_DELAY_MS, timer: null };
    this.auto.timer = setTimeout(() => {
      if (this.view.version === version && !this.busy && !this.asking) this.act(action);
    }, Math.max(0, this.auto.at - Date.now()));
    return action;
  }

  /** Before the game: the share link, and the empty seats to take or to give to a bot. */
  renderWaiting() {
    const view = this.view;
    const panel = $("waiting");
    panel.hidden = view.status !== "waiting";
    if (panel.hidden) return;
    $("share-link").value = `${location.origin}/play#table=${this.id}`;
    const actions = $("waiting-actions");
    actions.replaceChildren();
    const empty = (this.summary?.seats ?? []).filter((row) => !row.player && !row.bot).map((row) => row.seat);
    if (view.my_seat === null) {
      for (const seat of empty) {
        actions.append(button(t("take_seat", { n: seat + 1 }), () => this.seat(seat), {
          cls: "primary", data: { seat },
        }));
      }
      return;
    }
    const level = el("select", { attrs: { id: "bot-level" } });
    for (const name of this.entry?.bots ?? BOT_LEVELS) {
      level.append(el("option", { text: t(`bot_${name}`), attrs: { value: name } }));
    }
    level.value = "heuristic";
    if (empty.length) actions.append(level);
    for (const seat of empty) {
      actions.append(button(t("seat_bot_here", { n: seat + 1 }), () => this.seat(seat, level.value), {
        cls: "small", data: { seat },
      }));
    }
    actions.append(button(t("leave_seat"), () => this.leave(), { cls: "small danger" }));
  }

  waitingForRematch() {
    return this.again && !this.view.rematch?.table_id;
  }

  /** "Again" on the end screen for a seated player (POST …/rematch): once every seated
   * person asked, the new table opens; until then, who is still to ask. */
  renderAgain() {
    const view = this.view;
    const rematch = view.status === "finished" ? view.rematch : null;
    const seated = view.my_seat !== null && view.my_seat !== undefined;
    const again = $("end-again");
    again.hidden = !rematch || !seated;
    const asked = rematch && seated && rematch.asked.includes(view.my_seat);
    again.disabled = Boolean(asked) || this.busy;
    $("end-replay").hidden = view.status !== "finished";
    const wait = $("end-again-wait");
    wait.hidden = !asked || Boolean(rematch?.table_id);
    if (!wait.hidden) {
      const people = (this.summary?.seats ?? []).filter((row) => row.player && !rematch.asked.includes(row.seat));
      wait.textContent = t("again_waiting", { names: people.map((row) => row.player.name).join(", ") });
    }
    if (asked && rematch.table_id) this.openTable(rematch.table_id);
    else if (asked && !this.again) {
      this.again = true; // asked before a reload: follow the finished table to its rematch
      this.follow();
    }
  }

  async askAgain() {
    try {
      const answer = await api.rematch(this.id);
      if (answer.status === "created") {
        this.openTable(answer.table_id);
        return;
      }
      this.again = true;
      await this.accept(await api.state(this.id));
      if (this.running) this.follow();
    } catch (error) {
      notice(t("error", { detail: error.message }));
    }
  }

  async seat(seat, bot = null) {
    try {
      await api.takeSeat(this.id, seat, bot);
    } catch (error) {
      notice(t("error", { detail: error.message }));
    }
    await this.accept(await api.state(this.id));
  }

  async leave() {
    try {
      await api.leaveSeat(this.id, this.view.my_seat);
      forgetTable(this.id);
      this.toLobby();
    } catch (error) {
      notice(t("error", { detail: error.message }));
    }
  }

  wire() {
    const on = (id, type, handler) => $(id).addEventListener(type, handler, { signal: this.listeners.signal });
    on("message-form", "submit", (event) => {
      event.preventDefault();
      const text = $("message-text").value.trim();
      if (!text) return;
      $("message-text").value = "";
      this.act({ text }, "messages");
    });
    on("share-copy", "click", async () => {
      $("share-link").select();
      try {
        await navigator.clipboard.writeText($("share-link").value);
        notice(t("copied"));
      } catch {
        document.execCommand?.("copy");
      }
    });
    on("to-lobby", "click", () => this.toLobby());
    on("end-lobby", "click", () => this.toLobby());
    on("end-again", "click", () => this.askAgain());
    on("end-replay", "click", () => this.openReplay(this.id));
    on("end-look", "click", () => {
      this.endDismissed = true;
      this.render();
    });
    on("resign", "click", () => {
      $("resign-confirm").hidden = false;
    });
    on("resign-no", "click", () => {
      $("resign-confirm").hidden = true;
    });
    on("resign-yes", "click", () => {
      $("resign-confirm").hidden = true;
      this.act({}, "resign");
    });
  }
}
