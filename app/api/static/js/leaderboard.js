// A game's leaderboard (`#leaderboard=<variant>`, `&bots=true` for the bots): a game
// selector, people or bots, the rated non-provisional players by rank with their names
// linking to their profiles, "more" by the API's cursor (GET /v1/games/{variant}/leaderboard).
// The server's bot levels (`bot:<level>`) have no profile: their names are plain text.

import { api } from "./api.js";
import { catalogue, gameTitle } from "./catalogue.js";
import { t } from "./i18n.js";
import { formatRating } from "./profile.js";
import { $, button, el } from "./ui.js";

const PAGE_SIZE = 20;

/** The address of a leaderboard. */
export function leaderboardHash(variant, bots = false) {
  return `#leaderboard=${variant}${bots ? "&bots=true" : ""}`;
}

export class LeaderboardPage {
  constructor(variant, bots) {
    this.variant = variant;
    this.bots = bots;
    this.games = [];
    this.items = null;
    this.cursor = null;
  }

  async load() {
    const [games, page] = await Promise.all([
      catalogue().catch(() => []),
      api.leaderboard(this.variant, { bots: this.bots, limit: PAGE_SIZE }),
    ]);
    this.games = games;
    this.items = page.items;
    this.cursor = page.next_cursor;
  }

  async more() {
    const page = await api.leaderboard(this.variant, { bots: this.bots, limit: PAGE_SIZE, cursor: this.cursor });
    this.items.push(...page.items);
    this.cursor = page.next_cursor;
    this.render();
  }

  render() {
    const box = $("leaderboard-page");
    const game = this.games.find((entry) => entry.variant === this.variant);
    const select = el("select", { attrs: { id: "leaderboard-game", "aria-label": t("game") } },
      ...this.games.map((entry) => el("option", { text: gameTitle(entry), attrs: { value: entry.variant } })));
    select.value = this.variant;
    select.addEventListener("change", () => { location.hash = leaderboardHash(select.value, this.bots); });
    const kinds = el("span", { cls: "segmented", attrs: { role: "group" } }, ...[false, true].map((bots) => {
      const link = el("a", { cls: "tab", text: t(bots ? "leaderboard_bots" : "leaderboard_people"),
        attrs: { href: leaderboardHash(this.variant, bots) }, data: { bots } });
      if (bots === this.bots) link.setAttribute("aria-current", "true");
      return link;
    }));
    const panel = el("section", { cls: "panel" },
      el("h2", { text: t("leaderboard_of", { game: game ? gameTitle(game) : this.variant }) }),
      el("div", { cls: "leaderboard-choices" }, select, kinds));
    const rows = (this.items ?? []).map((item) => el("tr", { data: { player: item.player.id, rank: item.rank } },
      el("td", { cls: "rank", text: String(item.rank) }),
      el("td", {}, this.name(item.player)),
      el("td", { text: formatRating(item.rating) }),
      el("td", { text: String(item.games) })));
    if (rows.length > 0) {
      const head = el("tr", {}, ...["col_rank", "col_player", "col_rating", "col_games"].map((key) => el("th", { text: t(key), attrs: { scope: "col" } })));
      panel.append(el("table", { cls: "stats", attrs: { id: "leaderboard" } }, el("thead", {}, head), el("tbody", {}, ...rows)));
    } else if (this.items) {
      panel.append(el("p", { cls: "muted", attrs: { id: "leaderboard-empty" }, text: t("leaderboard_empty") }));
    }
    if (this.cursor) panel.append(button(t("more"), () => this.more(), { cls: "small", id: "leaderboard-more" }));
    box.replaceChildren(panel);
  }

  /** A player's name: a link to the profile, or a server level's name. */
  name(player) {
    if (player.id.startsWith("bot:")) return el("span", { text: `${t("bot")} (${t(`bot_level_${player.name}`)})` });
    const link = el("a", { text: player.name, attrs: { href: `#profile=${player.id}` } });
    return player.bot ? el("span", {}, link, ` (${t("bot")})`) : link;
  }
}
