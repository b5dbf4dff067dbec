"""Who plays whom: the seeks of one pool grouped into tables, and a group's seats.

Pure functions over the waiting seeks of one pool (the same variant, seat count, options,
`rated`, and people or bot accounts), oldest first; `app.services.seeks` reads them under a
row lock and writes what these decide.

- **Unrated** seeks match in the order they came.
- **Rated** seeks match by rating: a seek accepts a mate whose rating is within its window,
  `WINDOW_BASE + WINDOW_PER_S * seconds waited` (capped at `WINDOW_MAX`), and a group holds
  only seeks whose ratings all lie within each member's window. The oldest seek picks first,
  the nearest ratings first.
- **Bots**: once the oldest seek has waited its `bots_after_s`, it takes the mates it can
  (those that accept bots too), and server bots take the other seats, of the level whose
  rating (`LEVEL_RATINGS`) is nearest the mean of the seekers' ratings.
- **Seats** go in a random order; in a team game the sides are balanced by rating (a snake
  draft over the game's teams, bots by their level's rating), so partners sit where the
  game's teams put them (across the table in the four-seat games).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

DEFAULT_RATING = 0.0
"""The displayed rating of a player with no rated game (`app.services.ratings`: openskill's
mu - 3 sigma at the start); seeks are matched by the displayed ratings."""
WINDOW_BASE = 3.0
WINDOW_PER_S = 0.5
WINDOW_MAX = 50.0
LEVEL_RATINGS: dict[str, float] = {"random": -8.0, "heuristic": 0.0, "strong": 8.0}
"""The displayed rating a server bot level stands for when seeks are filled with bots: about
where each level stands against people (0 = a new player). A level not named here counts as
a new player."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """A waiting seek as matching sees it."""

    id: str
    player_id: str
    rating: float
    waited_s: float
    bots_after_s: int | None

    @property
    def wants_bots(self) -> bool:
        return self.bots_after_s is not None and self.waited_s >= self.bots_after_s


@dataclass(frozen=True, slots=True)
class Group:
    """The seeks of one new table, and how many seats go to server bots."""

    members: tuple[Candidate, ...]
    bots: int


def window(candidate: Candidate, rated: bool) -> float:
    """How far from its own rating a seek accepts mates now."""
    if not rated:
        return float("inf")
    return min(WINDOW_BASE + WINDOW_PER_S * candidate.waited_s, WINDOW_MAX)


def groups(candidates: Sequence[Candidate], players: int, rated: bool) -> list[Group]:
    """The tables to make now from `candidates` (oldest first; at most one per player), each
    of `players` seats."""
    left = list(candidates)
    made: list[Group] = []
    while left:
        anchor, others = left[0], left[1:]
        mates = _mates(anchor, others, players - 1, rated)
        if len(mates) < players - 1:
            if not anchor.wants_bots:
                left.pop(0)  # it waits on; the younger ones may still match among themselves
                continue
            mates = [mate for mate in mates if mate.bots_after_s is not None]
        group = Group((anchor, *mates), players - 1 - len(mates))
        made.append(group)
        taken = {member.id for member in group.members}
        left = [candidate for candidate in left if candidate.id not in taken]
    return made


def _mates(anchor: Candidate, others: list[Candidate], wanted: int, rated: bool) -> list[Candidate]:
    """Up to `wanted` mates for `anchor`: the nearest ratings first (the oldest first when
    unrated), each within every member's window."""
    if rated:
        others = sorted(others, key=lambda other: abs(other.rating - anchor.rating))
    chosen = [anchor]
    for other in others:
        if len(chosen) > wanted:
            break
        group = [*chosen, other]
        spread = max(c.rating for c in group) - min(c.rating for c in group)
        if spread <= min(window(c, rated) for c in group):
            chosen.append(other)
    return chosen[1:]


def bot_level(ratings: Sequence[float], levels: Sequence[str]) -> str:
    """The server bot level nearest the mean of the seekers' ratings."""
    mean = sum(ratings) / len(ratings)
    return min(levels, key=lambda level: abs(LEVEL_RATINGS.get(level, DEFAULT_RATING) - mean))


def seat(
    ratings: Sequence[float],
    seats: Sequence[int],
    teams: Sequence[Sequence[int]] | None,
    rng: random.Random,
) -> list[int]:
    """The seat of each participant (`ratings`: the seekers', then the bots'), from the
    table's player `seats`: a random order; in a team game, sides balanced by rating."""
    order = list(range(len(ratings)))
    rng.shuffle(order)  # ties (every new player, every bot of a level) fall at random
    if teams is None:
        return [seats[order.index(i)] for i in range(len(ratings))]
    sides = [[s for s in team if s in seats] for team in teams]
    rng.shuffle(sides)
    for side in sides:
        rng.shuffle(side)
    order.sort(key=lambda i: -ratings[i])
    placed: dict[int, int] = {}
    taken = [0] * len(sides)
    turn = 0
    for rank, participant in enumerate(order):
        lap, step = divmod(rank, len(sides))
        turn = step if lap % 2 == 0 else len(sides) - 1 - step  # a snake draft
        while taken[turn] >= len(sides[turn]):  # sides of unequal size
            turn = (turn + 1) % len(sides)
        placed[participant] = sides[turn][taken[turn]]
        taken[turn] += 1
    return [placed[i] for i in range(len(ratings))]
