// The games the service serves (GET /v1/games), fetched once per page.

import { api } from "./api.js";
import { language } from "./i18n.js";

let games = null;

export async function catalogue() {
  if (!games) {
    games = api.games().catch((error) => {
      games = null;
      throw error;
    });
  }
  return games;
}

/** One game's entry, or null (a table of an unknown variant is still drawn from its view). */
export async function catalogueEntry(variant) {
  try {
    return (await catalogue()).find((game) => game.variant === (variant ?? "kozel24")) ?? null;
  } catch {
    return null;
  }
}

/** The game's title in the page's language. */
export function gameTitle(game) {
  return game.title?.[language()] ?? game.title?.en ?? game.variant;
}
