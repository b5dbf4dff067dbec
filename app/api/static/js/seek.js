// "Play now": a seek (POST /v1/seeks) from the lobby, and the waiting screen that long-polls
// it (GET /v1/seeks/{id}?wait=S) until it is matched (to the table), cancelled or expired
// (back to the lobby, saying so). The seek's id stays in localStorage, so a reload waits on.

import { api, serverNow } from "./api.js";
import { catalogue, catalogueEntry, gameTitle } from "./catalogue.js";
import { plural, t } from "./i18n.js";
import { $, button, el, notice, rememberTable, sleep } from "./ui.js";

const SEEK_KEY = "kozel.seek";
const BOTS_AFTER = [null, 5, 15, 30, 60];
const DEFAULT_BOTS_AFTER = "30";
const LONG_POLL_S = 25;

/** The id of the seek this browser's player waits on, or null. */
export function savedSeek(playerId) {
  try {
    const saved = JSON.parse(localStorage.getItem(SEEK_KEY) || "null");
    return saved && saved.player === playerId && typeof saved.id === "string" ? saved.id : null;
  } catch {
    return null;
  }
}

function saveSeek(playerId, seekId) {
  localStorage.setItem(SEEK_KEY, JSON.stringify({ player: playerId, id: seekId }));
}

function forgetSeek() {
  localStorage.removeItem(SEEK_KEY);
}

/** The lobby's "Play now" panel: a row per game of the catalogue (its seat counts), whether
 * rated, and when bots may take the empty seats. `seeking()` shows the waiting screen. */
export class PlayNow {
  constructor(player, { seeking }) {
    this.player = player;
    this.seeking = seeking;
    this.games = [];
    this.running = false;
  }

  async start() {
    this.running = true;
    this.render();
    try {
      this.games = await catalogue();
    } catch {
      return; // the lobby says so
    }
    if (this.running) this.render();
  }

  stop() {
    this.running = false;
  }

  /** Drawn again after a language switch: the texts change, the choices stay. */
  render() {
    const bots = $("play-bots");
    const chosen = bots.value || DEFAULT_BOTS_AFTER;
    bots.replaceChildren(...BOTS_AFTER.map((s) => el("option", {
      text: s === null ? t("bots_after_never") : t("bots_after_s", { s }), attrs: { value: s ?? "" },
    })));
    bots.value = chosen;
    const list = $("play-now-games");
    const seats = new Map([...list.querySelectorAll("select")].map((s) => [s.id, s.value]));
    list.replaceChildren(...this.games.map((game) => {
      const actions = el("span", { cls: "row-actions" });
      const leaders = el("a", { cls: "small-link", text: t("leaderboard_link"), attrs: { href: `#leaderboard=${game.variant}` }, data: { leaderboard: game.variant } });
      const row = el("li", { data: { variant: game.variant } }, el("span", { cls: "who" }, gameTitle(game), " ", leaders), actions);
      const counts = [...game.seats].sort((a, b) => a - b);
      if (counts.length > 1) {
        const id = `play-seats-${game.variant}`;
        const select = el("select", { attrs: { id, "aria-label": t("players") } },
          ...counts.map((n) => el("option", { text: plural("players_n", n), attrs: { value: n } })));
        select.value = seats.get(id) ?? String(counts[0]);
        actions.append(select);
      }
      actions.append(button(t("play_now"), () => this.play(game), { cls: "small primary play-now", data: { variant: game.variant } }));
      return row;
    }));
  }

  async play(game) {
    const bots = $("play-bots").value;
    const spec = { variant: game.variant, rated: $("play-rated").checked, bots_after_s: bots === "" ? null : Number(bots) };
    const seats = $(`play-seats-${game.variant}`);
    if (seats) spec.seats = Number(seats.value);
    for (const other of document.querySelectorAll("#play-now-games button")) other.disabled = true;
    try {
      const seek = await api.seek(spec);
      saveSeek(this.player.id, seek.id);
      this.seeking();
    } catch (error) {
      if (error.code === "already_seeking" && error.problem?.seek_id) {
        // A seek of this game waits already (another tab, another device): wait on it.
        saveSeek(this.player.id, error.problem.seek_id);
        this.seeking();
        notice(t("seek_resumed", { game: gameTitle(game) }));
        return;
      }
      notice(t("error", { detail: error.message }));
      for (const other of document.querySelectorAll("#play-now-games button")) other.disabled = false;
    }
  }
}

/** m:ss */
function clock(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The waiting screen of the saved seek: how long it has waited, when bots join, Cancel. */
export class SeekScreen {
  constructor(player, { openTable, toLobby }) {
    this.player = player;
    this.id = savedSeek(player.id);
    this.openTable = openTable;
    this.toLobby = toLobby;
    this.seek = null;
    this.game = null;
    this.done = false;
    this.listeners = new AbortController();
  }

  async start() {
    this.running = true;
    $("seek-cancel").disabled = false;
    $("seek-cancel").addEventListener("click", () => this.cancel(), { signal: this.listeners.signal });
    this.render();
    this.timer = setInterval(() => this.render(), 250);
    await this.poll();
  }

  stop() {
    this.running = false;
    clearInterval(this.timer);
    this.listeners.abort();
  }

  async poll() {
    let wait = 0;
    while (this.running) {
      let seek;
      try {
        seek = await api.getSeek(this.id, wait);
      } catch (error) {
        if (!this.running) return;
        if (error.status === 404 || error.status === 422) {
          this.leave(t("seek_gone"));
          return;
        }
        notice(t("error", { detail: error.message }));
        await sleep(2000);
        continue;
      }
      if (!this.running) return;
      this.seek = seek;
      if (!this.game) this.game = await catalogueEntry(seek.variant);
      this.render();
      if (seek.status !== "waiting") {
        this.settle(seek);
        return;
      }
      wait = LONG_POLL_S;
    }
  }

  render() {
    const seek = this.seek;
    $("screen-seek").dataset.status = seek?.status ?? "loading";
    if (!seek) return;
    const what = [this.game ? gameTitle(this.game) : seek.variant, plural("players_n", seek.seats),
      t(seek.rated ? "seek_rated" : "seek_unrated")];
    $("seek-game").textContent = what.join(" · ");
    const waited = (serverNow() - Date.parse(seek.created_at)) / 1000;
    $("seek-waited").textContent = t("seek_waited", { time: clock(waited) });
    const bots = $("seek-bots");
    if (seek.bots_after_s === null) {
      bots.textContent = t("seek_people_only");
      delete bots.dataset.left;
    } else {
      const left = Math.max(0, Math.ceil(seek.bots_after_s - Math.max(0, waited)));
      bots.dataset.left = String(left);
      bots.textContent = left > 0 ? t("seek_bots_in", { s: left }) : t("seek_bots_now");
    }
  }

  /** The seek is no longer waiting: to its table, or back to the lobby saying why. */
  settle(seek) {
    if (this.done) return;
    this.done = true;
    this.running = false;
    forgetSeek();
    if (seek.status === "matched" && seek.table_id) {
      rememberTable(seek.table_id);
      this.openTable(seek.table_id, seek.seat);
      return;
    }
    const minutes = Math.round((Date.parse(seek.expires_at) - Date.parse(seek.created_at)) / 60000);
    this.leave(t(seek.status === "expired" ? "seek_expired" : "seek_cancelled", { min: minutes }));
  }

  leave(message) {
    this.done = true;
    this.running = false;
    forgetSeek();
    this.toLobby();
    notice(message);
  }

  async cancel() {
    $("seek-cancel").disabled = true;
    try {
      this.settle(await api.cancelSeek(this.id));
    } catch (error) {
      if (error.code === "already_matched") {
        const seek = await api.getSeek(this.id);
        if (seek.status !== "waiting") this.settle(seek); // else the match is being opened
      } else if (error.status === 404) {
        this.leave(t("seek_gone"));
      } else {
        notice(t("error", { detail: error.message }));
        $("seek-cancel").disabled = false;
      }
    }
  }
}
