// Seats, sides and names as a viewer sees them. A game has 2, 3 or 4 seats (the view's
// hand_sizes); a side is a team (partners sit opposite: seat % 2) where there are fewer
// sides than seats, else a player.

import { t } from "./i18n.js";

export const teamOf = (seat) => seat % 2;

/** How many seats the view draws (a kozel32 blind dummy is a seat too). */
export function seatCount(view) {
  return view.hand_sizes?.length || 4;
}

/** True where the sides are teams of partners, false where each plays for himself. */
export function isTeamGame(view) {
  const sides = view.scores?.length ?? view.written?.length ?? 2;
  return sides < seatCount(view);
}

export function sideOf(view, seat) {
  return isTeamGame(view) ? teamOf(seat) : seat;
}

// Where each seat, counted clockwise from the viewer, sits: 0 bottom, 1 left, 2 top, 3 right.
const PLACES = { 2: [0, 2], 3: [0, 1, 3], 4: [0, 1, 2, 3] };

/** Where a seat sits on the screen: 0 bottom (the viewer), 1 left, 2 top, 3 right. */
export function position(view, seat) {
  const count = seatCount(view);
  const base = view.my_seat ?? 0;
  return (PLACES[count] ?? PLACES[4])[(seat - base + count) % count];
}

export function seatName(summary, seat) {
  const row = summary?.seats?.[seat];
  if (row?.player) return row.player.name;
  if (row?.bot) return t("bot_named", { n: seat + 1 });
  if (summary?.seats && !row) return t("blind_named", { n: seat + 1 });
  return t("free_seat");
}

/** "We" / "They" for a seated viewer; the two names otherwise. */
export function teamName(view, summary, team) {
  if (view.my_seat !== null && view.my_seat !== undefined) {
    return teamOf(view.my_seat) === team ? t("we") : t("they");
  }
  return t("team_pair", { first: seatName(summary, team), second: seatName(summary, team + 2) });
}

/** A side's name: the team's, or the player's ("you" for the viewer). */
export function sideName(view, summary, side) {
  if (isTeamGame(view)) return teamName(view, summary, side);
  if (side === view.my_seat) return t("you_cap");
  return seatName(summary, side);
}

/** The two teams in display order: the viewer's first. */
export function teamsInOrder(view) {
  const mine = view.my_seat === null || view.my_seat === undefined ? 0 : teamOf(view.my_seat);
  return [mine, 1 - mine];
}

/** Every side in display order: the viewer's first. */
export function sidesInOrder(view) {
  if (isTeamGame(view)) return teamsInOrder(view);
  const count = view.scores?.length ?? seatCount(view);
  const base = view.my_seat ?? 0;
  return Array.from({ length: count }, (_, n) => (base + n) % count);
}
