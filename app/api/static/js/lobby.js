// The lobby: a new table of any game of GET /v1/games (its seat count, its options, bots
// of the levels it has or friends in the other seats), the open tables
// (GET /v1/tables?status=waiting), the live tables to watch (status=playing, the most recently
// moved first) and the tables this browser sat at (a finished one to replay). Each account
// at an open or live table shows its rating in that table's game: one profile fetch per
// player, a few at a time (the server limits polls), kept for the lobby's life.

import { api } from "./api.js";
import { catalogue, gameTitle } from "./catalogue.js";
import { t } from "./i18n.js";
import { readOptions, renderOptions } from "./options.js";
import { leaderboardHash } from "./leaderboard.js";
import { ratingBadge } from "./profile.js";
import { PlayNow } from "./seek.js";
import { $, button, el, forgetTable, notice, recentTables, rememberTable } from "./ui.js";

const PREFERRED_BOT = "heuristic";
const PROFILES_AT_ONCE = 6;
// Four seats in teams, named from the creator's seat 0: the partner (the catalogue's
// `teams`), else the seat on his left (the next, clockwise) or on his right.
function seatInTeams(game, seat) {
  if (game.teams.find((team) => team.includes(0))?.includes(seat)) return "seat_partner";
  return seat === 1 ? "seat_left" : "seat_right";
}

function variantTag(table) {
  const game = (Lobby.games ?? []).find((g) => g.variant === table.variant);
  return el("span", { cls: "variant-tag", text: game ? gameTitle(game) : table.variant, data: { variant: table.variant } });
}

function seatSummary(table) {
  return table.seats.map(occupant).join(" · ");
}

/** Who sits at a table, each account with a place for its rating in the table's game,
 * filled from `profiles` (by player id) now or when its profile arrives (`fillRatings`). */
function seatsWithRatings(table, profiles) {
  const who = el("span", { cls: "who" });
  table.seats.forEach((row, n) => {
    if (n > 0) who.append(" · ");
    who.append(occupant(row));
    if (row.player) who.append(" ", el("span", { cls: "rating-of", data: { player: row.player.id, variant: table.variant } }));
  });
  fillRatings(who, profiles);
  return who;
}

/** Fill the empty rating places under `box` whose profiles have arrived. */
function fillRatings(box, profiles) {
  for (const slot of box.querySelectorAll(".rating-of:empty")) {
    const profile = profiles.get(slot.dataset.player);
    if (profile) slot.append(ratingBadge(profile, slot.dataset.variant));
  }
}

/** Who holds a seat: a player (a bot account says so), a server bot of a level, or nobody. */
function occupant(row) {
  if (row.player) return row.player.bot ? `${row.player.name} (${t("bot")})` : row.player.name;
  return row.bot ? `${t("bot")} (${t(`bot_level_${row.bot}`)})` : t("free_seat");
}

export class Lobby {
  constructor(player, { openTable, openReplay, seeking }) {
    this.player = player;
    this.openTable = openTable;
    this.openReplay = openReplay;
    this.playNow = new PlayNow(player, { seeking });
    this.listeners = new AbortController();
    this.running = false;
    this.profiles = new Map(); // player id -> profile (null while it is fetched, or failed)
  }

  /** Fetch the profiles of the accounts at `tables` not asked for yet, a few at a time,
   * filling the lobby's rating places as they arrive. */
  async fetchProfiles(tables) {
    const ids = new Set(tables.flatMap((table) => table.seats.map((row) => row.player?.id).filter(Boolean)));
    const missing = [...ids].filter((id) => !this.profiles.has(id));
    for (const id of missing) this.profiles.set(id, null);
    for (let start = 0; start < missing.length && this.running; start += PROFILES_AT_ONCE) {
      await Promise.all(missing.slice(start, start + PROFILES_AT_ONCE).map(async (id) => {
        try {
          this.profiles.set(id, await api.profile(id));
        } catch (error) {
          console.warn("profile", id, error);
        }
      }));
      fillRatings($("screen-lobby"), this.profiles);
    }
  }

  start() {
    this.running = true;
    this.playNow.start();
    this.loadGames();
    const on = (id, type, handler) => $(id).addEventListener(type, handler, { signal: this.listeners.signal });
    on("new-table-form", "submit", (event) => {
      event.preventDefault();
      this.create();
    });
    on("lobby-refresh", "click", () => this.refresh());
    on("new-game", "change", () => this.chooseGame());
    on("new-seats", "change", () => this.fillChoices());
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  stop() {
    this.running = false;
    this.playNow.stop();
    clearInterval(this.timer);
    this.listeners.abort();
  }

  async loadGames() {
    try {
      Lobby.games = await catalogue();
    } catch (error) {
      notice(t("error", { detail: error.message }));
      return;
    }
    if (!this.running) return;
    const select = $("new-game");
    const chosen = select.value || "kozel24";
    select.replaceChildren(...Lobby.games.map((game) => el("option", {
      text: gameTitle(game), attrs: { value: game.variant },
    })));
    select.value = Lobby.games.some((g) => g.variant === chosen) ? chosen : Lobby.games[0].variant;
    this.chooseGame();
  }

  get game() {
    return (Lobby.games ?? []).find((g) => g.variant === $("new-game").value) ?? null;
  }

  /** After a language switch. */
  render() {
    this.playNow.render();
  }

  /** A game was picked: its seat counts, its options, then its seats. */
  chooseGame() {
    const game = this.game;
    if (!game) return;
    const seats = $("new-seats");
    seats.replaceChildren(...[...game.seats].sort((a, b) => a - b).map((n) => el("option", {
      text: String(n), attrs: { value: n },
    })));
    seats.value = String(game.seats[0]);
    $("new-seats-label").hidden = game.seats.length < 2;
    $("new-game-rules").textContent = t("game_facts", { deck: game.deck, teams: t(game.teams ? "in_teams" : "each_for_himself") });
    $("new-game-rules-link").href = game.rules;
    $("new-game-leaderboard").href = leaderboardHash(game.variant);
    renderOptions($("new-options"), game);
    this.fillChoices();
  }

  /** The other seats: a bot of one of the game's levels, or a friend. Called again after a
   * language switch: the texts change, the choices stay. */
  fillChoices() {
    const game = this.game;
    if (!game) return;
    $("new-game").querySelectorAll("option").forEach((option) => {
      const entry = Lobby.games.find((g) => g.variant === option.value);
      if (entry) option.textContent = gameTitle(entry);
    });
    const count = Number($("new-seats").value) || game.seats[0];
    const box = $("seat-choices");
    const before = new Map([...box.querySelectorAll("select")].map((s) => [s.id, s.value]));
    const levels = [...game.bots].sort((a, b) => (b === PREFERRED_BOT) - (a === PREFERRED_BOT));
    const rows = [];
    for (let seat = 1; seat < count; seat += 1) {
      const id = `new-seat-${seat}`;
      const select = el("select", { attrs: { id, name: `seat${seat}` } });
      select.append(...[...levels, "friend"].map((choice) => el("option", {
        text: t(choice === "friend" ? "friend" : `bot_${choice}`), attrs: { value: choice },
      })));
      const keep = before.get(id);
      select.value = keep && [...levels, "friend"].includes(keep) ? keep : levels[0];
      const name = count === 4 && game.teams ? t(seatInTeams(game, seat)) : t("seat_n", { n: seat + 1 });
      rows.push(el("label", {}, el("span", { text: name }), select));
    }
    box.replaceChildren(...rows);
  }

  async create() {
    const game = this.game;
    const count = Number($("new-seats").value) || game.seats[0];
    const bots = {};
    for (let seat = 1; seat < count; seat += 1) {
      const choice = $(`new-seat-${seat}`).value;
      if (choice !== "friend") bots[String(seat)] = choice;
    }
    const options = readOptions($("new-options"));
    const clock = $("new-clock").value;
    if (clock) options.move_clock_s = Number(clock);
    if ($("new-rated").checked) options.rated = true;
    $("new-table-submit").disabled = true;
    try {
      const spec = { variant: game.variant, seat: 0, bots, options };
      if (game.seats.length > 1) spec.seats = count;
      const table = await api.createTable(spec);
      rememberTable(table.id);
      this.openTable(table.id);
    } catch (error) {
      notice(t("error", { detail: error.message }));
    } finally {
      $("new-table-submit").disabled = false;
    }
  }

  async refresh() {
    let tables;
    try {
      tables = await api.waitingTables();
    } catch (error) {
      notice(t("error", { detail: error.message }));
      return;
    }
    if (!this.running) return;
    const list = $("open-tables");
    list.replaceChildren();
    for (const table of tables) {
      const mine = table.seats.some((row) => row.player?.id === this.player.id);
      const row = el("li", { data: { table: table.id, variant: table.variant } },
        variantTag(table), seatsWithRatings(table, this.profiles));
      const actions = el("span", { cls: "row-actions" });
      if (mine) {
        actions.append(button(t("open"), () => this.openTable(table.id), { cls: "small" }));
      } else {
        for (const seat of table.seats.filter((s) => !s.player && !s.bot)) {
          actions.append(button(t("take_seat", { n: seat.seat + 1 }), () => this.sit(table.id, seat.seat), {
            cls: "small primary", data: { seat: seat.seat },
          }));
        }
      }
      row.append(actions);
      list.append(row);
    }
    $("open-tables-empty").hidden = tables.length > 0;
    this.fetchProfiles(tables);
    await this.refreshLive();
    await this.refreshRecent();
  }

  /** The games being played now, of every game: each to watch with the public view. */
  async refreshLive() {
    let tables;
    try {
      tables = await api.liveTables();
    } catch (error) {
      console.warn("live tables", error);
      return;
    }
    if (!this.running) return;
    $("live-tables").replaceChildren(...tables.map((table) => el("li", { data: { table: table.id, variant: table.variant } },
      variantTag(table), seatsWithRatings(table, this.profiles),
      button(t("watch"), () => this.openTable(table.id), { cls: "small", data: { watch: table.id } }))));
    $("live-tables-empty").hidden = tables.length > 0;
    this.fetchProfiles(tables);
  }

  async refreshRecent() {
    const list = $("recent-tables");
    const rows = [];
    for (const id of recentTables()) {
      let table;
      try {
        table = await api.table(id);
      } catch {
        forgetTable(id);
        continue;
      }
      const status = el("span", { cls: `status-tag ${table.status}`, text: t(`status_${table.status}`) });
      const row = el("li", { data: { table: id, variant: table.variant } },
        variantTag(table), el("span", { cls: "who", text: seatSummary(table) }), status,
        button(t("open"), () => this.openTable(id), { cls: "small" }));
      if (table.status === "finished") {
        row.append(button(t("replay"), () => this.openReplay(id), { cls: "small", data: { replay: id } }));
      }
      rows.push(row);
    }
    if (!this.running) return;
    list.replaceChildren(...rows);
    $("recent-panel").hidden = rows.length === 0;
  }

  async sit(tableId, seat) {
    try {
      await api.takeSeat(tableId, seat);
      rememberTable(tableId);
      this.openTable(tableId);
    } catch (error) {
      notice(t("error", { detail: error.message }));
      this.refresh();
    }
  }
}
