// The lobby: a new table (bots or friends in the other seats), the open tables
// (GET /v1/tables?status=waiting) and the tables this browser sat at.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { $, button, el, forgetTable, notice, recentTables, rememberTable } from "./ui.js";

const SEAT_CHOICES = ["heuristic", "random", "strong", "friend"];

function seatSummary(table) {
  return table.seats
    .map((row) => row.player?.name ?? (row.bot ? `${t("bot")} (${t(`bot_level_${row.bot}`)})` : t("free_seat")))
    .join(" · ");
}

export class Lobby {
  constructor(player, { openTable }) {
    this.player = player;
    this.openTable = openTable;
    this.listeners = new AbortController();
    this.running = false;
  }

  start() {
    this.running = true;
    this.fillChoices();
    const on = (id, type, handler) => $(id).addEventListener(type, handler, { signal: this.listeners.signal });
    on("new-table-form", "submit", (event) => {
      event.preventDefault();
      this.create();
    });
    on("lobby-refresh", "click", () => this.refresh());
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  stop() {
    this.running = false;
    clearInterval(this.timer);
    this.listeners.abort();
  }

  /** Called again after a language switch: the option texts change, the choices stay. */
  fillChoices() {
    for (const seat of [1, 2, 3]) {
      const select = $(`new-seat-${seat}`);
      const chosen = select.value || "heuristic";
      select.replaceChildren(...SEAT_CHOICES.map((choice) => el("option", {
        text: t(choice === "friend" ? "friend" : `bot_${choice}`),
        attrs: { value: choice },
      })));
      select.value = chosen;
    }
  }

  async create() {
    const bots = {};
    for (const seat of [1, 2, 3]) {
      const choice = $(`new-seat-${seat}`).value;
      if (choice !== "friend") bots[String(seat)] = choice;
    }
    const options = { eggs: $("new-eggs").checked, messages: $("new-messages").checked };
    const clock = $("new-clock").value;
    if (clock) options.move_clock_s = Number(clock);
    $("new-table-submit").disabled = true;
    try {
      const table = await api.createTable({ seat: 0, bots, options });
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
      const row = el("li", { data: { table: table.id } }, el("span", { cls: "who", text: seatSummary(table) }));
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
    await this.refreshRecent();
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
      rows.push(el("li", { data: { table: id } },
        el("span", { cls: "who", text: seatSummary(table) }), status,
        button(t("open"), () => this.openTable(id), { cls: "small" })));
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
