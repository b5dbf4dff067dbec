// A player's profile (`#profile` for oneself, `#profile=<player_id>` for anyone): the
// rating per game ("provisional" marked), the record per game, and the finished games,
// newest first, each with its result, its rating change and a link to its replay, "more" by
// the API's cursor (GET /v1/players/{id} and /v1/players/{id}/games).

import { api } from "./api.js";
import { catalogue, gameTitle } from "./catalogue.js";
import { language, t } from "./i18n.js";
import { $, button, el } from "./ui.js";

const PAGE_SIZE = 10;

/** A displayed rating, to one decimal in the page's language ("12,3"). */
export function formatRating(rating) {
  const format = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.format(rating);
}

/** A player's rating in a game as the lobby and the leaderboard show it: "12.3", or "0.0?"
 * while it is provisional (or there is none yet). */
export function ratingBadge(profile, variant) {
  const entry = profile?.ratings?.[variant];
  const text = formatRating(entry?.rating ?? 0) + (entry && !entry.provisional ? "" : "?");
  const badge = el("span", { cls: "rating", text, data: { rating: entry?.rating ?? 0 } });
  if (!entry || entry.provisional) {
    badge.classList.add("provisional");
    badge.title = t("provisional_hint");
  }
  return badge;
}

/** The game's title from the catalogue, or its variant name. */
function titleOf(games, variant) {
  const game = games.find((entry) => entry.variant === variant);
  return game ? gameTitle(game) : variant;
}

function table(headers, rows) {
  const head = el("tr", {}, ...headers.map((key) => el("th", { text: t(key), attrs: { scope: "col" } })));
  return el("table", { cls: "stats" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

/** Who else sat at a finished game: names (a bot account or a server level says so). */
function others(game) {
  return game.seats.filter((row) => row.seat !== game.seat).map((row) => {
    if (row.player) return row.player.bot ? `${row.player.name} (${t("bot")})` : row.player.name;
    return row.bot ? `${t("bot")} (${t(`bot_level_${row.bot}`)})` : "—";
  });
}

export class ProfilePage {
  constructor(playerId) {
    this.playerId = playerId;
    this.profile = null;
    this.games = [];
    this.cursor = null;
    this.titles = [];
  }

  async load() {
    const [profile, page, games] = await Promise.all([
      api.profile(this.playerId),
      api.playerGames(this.playerId, { limit: PAGE_SIZE }),
      catalogue().catch(() => []),
    ]);
    this.profile = profile;
    this.games = page.items;
    this.cursor = page.next_cursor;
    this.titles = games;
  }

  async more() {
    const page = await api.playerGames(this.playerId, { limit: PAGE_SIZE, cursor: this.cursor });
    this.games.push(...page.items);
    this.cursor = page.next_cursor;
    this.render();
  }

  render() {
    const box = $("profile-page");
    const profile = this.profile;
    if (!profile) {
      box.replaceChildren();
      return;
    }
    const when = new Intl.DateTimeFormat(language(), { dateStyle: "medium" });
    const head = el("section", { cls: "panel profile-head" },
      el("h2", { attrs: { id: "profile-name" }, text: t("profile_title", { name: profile.name }) }),
      el("p", { cls: "muted", text: t("profile_since", { at: when.format(new Date(profile.created_at)) }) }));
    if (profile.bot) head.querySelector("h2").append(" ", el("span", { cls: "bot-tag", text: t("profile_bot") }));
    box.replaceChildren(head, this.ratingsPanel(), this.recordPanel(), this.gamesPanel());
    box.dataset.player = profile.id;
  }

  ratingsPanel() {
    const entries = Object.entries(this.profile.ratings);
    const panel = el("section", { cls: "panel", attrs: { id: "profile-ratings" } }, el("h3", { text: t("profile_ratings") }));
    if (entries.length === 0) {
      panel.append(el("p", { cls: "muted", text: t("profile_no_ratings") }));
      return panel;
    }
    panel.append(table(["col_game", "col_rating", "col_games"], entries.map(([variant, entry]) => {
      const rating = el("td", { text: formatRating(entry.rating) });
      if (entry.provisional) rating.append(" ", el("span", { cls: "provisional-tag", text: t("provisional"), attrs: { title: t("provisional_hint") } }));
      const game = el("a", { text: titleOf(this.titles, variant), attrs: { href: `#leaderboard=${variant}` } });
      return el("tr", { data: { variant, provisional: entry.provisional } }, el("td", {}, game), rating, el("td", { text: String(entry.games) }));
    })));
    return panel;
  }

  recordPanel() {
    const entries = Object.entries(this.profile.record);
    const panel = el("section", { cls: "panel", attrs: { id: "profile-record" } }, el("h3", { text: t("profile_record") }));
    if (entries.length === 0) {
      panel.append(el("p", { cls: "muted", text: t("profile_no_games") }));
      return panel;
    }
    panel.append(table(["col_game", "col_played", "col_won", "col_lost"], entries.map(([variant, record]) => el("tr", { data: { variant } },
      el("td", { text: titleOf(this.titles, variant) }), el("td", { text: String(record.played) }),
      el("td", { text: String(record.won) }), el("td", { text: String(record.lost) })))));
    return panel;
  }

  gamesPanel() {
    const when = new Intl.DateTimeFormat(language(), { dateStyle: "short", timeStyle: "short" });
    const panel = el("section", { cls: "panel profile-games" }, el("h3", { text: t("profile_games") }));
    const list = el("ul", { cls: "tables", attrs: { id: "profile-games" } });
    for (const game of this.games) {
      const change = el("span", { cls: "rating-change" });
      if (game.rated && game.rating_before !== null && game.rating_after !== null) {
        const delta = game.rating_after - game.rating_before;
        change.textContent = `${formatRating(game.rating_after)} (${delta >= 0 ? "+" : "−"}${formatRating(Math.abs(delta))})`;
        change.classList.add(delta >= 0 ? "up" : "down");
      } else {
        change.textContent = t("unrated");
        change.classList.add("muted");
      }
      list.append(el("li", { data: { table: game.table_id, variant: game.variant, result: game.result } },
        el("span", { cls: "variant-tag", text: titleOf(this.titles, game.variant) }),
        el("span", { cls: `result-tag ${game.result}`, text: t(`result_${game.result}`) }),
        change,
        el("span", { cls: "who", text: t("with_players", { names: others(game).join(", ") }) }),
        el("span", { cls: "muted", text: when.format(new Date(game.finished_at)) }),
        el("a", { cls: "small-link", text: t("replay"), attrs: { href: `#replay=${game.table_id}` }, data: { replay: game.table_id } })));
    }
    panel.append(list);
    if (this.games.length === 0) panel.append(el("p", { cls: "muted", text: t("profile_no_games") }));
    if (this.cursor) panel.append(button(t("more"), () => this.more(), { cls: "small", id: "profile-more" }));
    return panel;
  }
}
