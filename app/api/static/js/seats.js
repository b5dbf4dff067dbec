// Seats, teams and names as a viewer sees them (K-1: partners sit opposite).

import { t } from "./i18n.js";

export const teamOf = (seat) => seat % 2;

/** Where a seat sits on the screen: 0 bottom (the viewer), 1 left, 2 top, 3 right. */
export function position(view, seat) {
  const base = view.my_seat ?? 0;
  return (seat - base + 4) % 4;
}

export function seatName(summary, seat) {
  const row = summary?.seats?.[seat];
  if (row?.player) return row.player.name;
  if (row?.bot) return t("bot_named", { n: seat + 1 });
  return t("free_seat");
}

/** "We" / "They" for a seated viewer; the two names otherwise. */
export function teamName(view, summary, team) {
  if (view.my_seat !== null && view.my_seat !== undefined) {
    return teamOf(view.my_seat) === team ? t("we") : t("they");
  }
  return `${seatName(summary, team)} & ${seatName(summary, team + 2)}`;
}

/** The two teams in display order: the viewer's first. */
export function teamsInOrder(view) {
  const mine = view.my_seat === null || view.my_seat === undefined ? 0 : teamOf(view.my_seat);
  return [mine, 1 - mine];
}
