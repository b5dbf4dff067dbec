"""What a deal writes (K-13, K-14, K-15, K-10) and how a game ends (K-17, K-18)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from app.domain.kozel24.deck import TRICKS_PER_DEAL
from app.domain.seats import other_team

GAME_LIMIT = 12
"""K-17: a team with this many written (or more) has lost."""
LOW_POINTS = 30
"""K-14: a team under this many points has 4 written instead of 2."""
CATCH_WRITE = 4
SWEEP_WRITE = 4
BLIND_WRITE = 12
SIXTY_SIXTY = frozenset({"eggs", "tie"})
"""K-15: the reasons of a 60:60 deal, with the doubling on (`eggs`) and off (`tie`); either
one is "eggs played" for the title (K-17)."""


@dataclass(frozen=True, slots=True)
class Write:
    """The outcome of one deal."""

    written_on: int | None
    amount: int
    reason: str
    wiped: int | None = None
    eggs_multiplier: int = 1
    """The multiplier for the next deal's write (K-15)."""


def score_tricks(
    deal_no: int,
    points: tuple[int, int],
    tricks_taken: tuple[int, int],
    multiplier: int,
    eggs: bool,
) -> Write:
    """K-14/K-15: the write after six tricks."""
    for team in (0, 1):
        if tricks_taken[team] == TRICKS_PER_DEAL:
            loser = other_team(team)
            if deal_no == 1:
                # K-14: a sweep of deal 1 ends the game, the other team "remains blind".
                return Write(loser, BLIND_WRITE, "first_deal_sweep")
            # K-14: the sweeping team's written count is wiped out.
            return Write(loser, SWEEP_WRITE * multiplier, "sweep", wiped=team)
    if points[0] == points[1]:
        # K-15: 60:60, "eggs are played": nothing written, the next write doubled (unless
        # the table turned the doubling off).
        if eggs:
            return Write(None, 0, "eggs", eggs_multiplier=multiplier * 2)
        return Write(None, 0, "tie")
    loser = 0 if points[0] < points[1] else 1
    base = 4 if points[loser] < LOW_POINTS else 2
    return Write(loser, base * multiplier, "points")


WITHOUT_POINTS = ("queen_caught", "no_queens")
"""K-13, K-10: the deals their card points do not decide."""


def under_30(reason: str, written_on: int | None, points: tuple[int, int]) -> bool:
    """K-14: a deal's points wrote on a team with fewer than 30 of them (4, not 2)."""
    return reason == "points" and written_on is not None and points[written_on] < LOW_POINTS


def score_catch(queen_team: int, multiplier: int) -> Write:
    """K-13: the team that played the caught Q♣ has 4 written; card points do not count."""
    return Write(queen_team, CATCH_WRITE * multiplier, "queen_caught")


def score_void(multiplier: int) -> Write:
    """K-10: a deal voided for no queens writes nothing and leaves the eggs as they were."""
    return Write(None, 0, "no_queens", eggs_multiplier=multiplier)


class Written(Protocol):
    """What a write changes: a `Write`, or the `deal_scored` event that records one."""

    @property
    def written_on(self) -> int | None: ...
    @property
    def amount(self) -> int: ...
    @property
    def wiped(self) -> int | None: ...


def apply_write(written: tuple[int, int], write: Written) -> tuple[int, int]:
    totals = list(written)
    if write.wiped is not None:
        totals[write.wiped] = 0
    if write.written_on is not None:
        totals[write.written_on] += write.amount
    return (totals[0], totals[1])


def losing_team(written: tuple[int, int]) -> int | None:
    """K-17: the team with 12 or more written (at most one team is written on per deal)."""
    for team in (0, 1):
        if written[team] >= GAME_LIMIT:
            return team
    return None


END_REASONS = ("written", "resigned")
"""K-17: a team has 12 or more written; K-18: a team resigned."""
TITLES = ("goats", "tailed", "with_eggs", "dry", "blind")
"""K-17, K-14: the titles of the losing team."""


def titles(loser: int, written: tuple[int, int], eggs_played: bool, blind: bool) -> tuple[str, ...]:
    """K-17: the losers "remain goats"; the other titles add up."""
    earned = ["goats"]
    if written[loser] > GAME_LIMIT:
        earned.append("tailed")
    if eggs_played:
        earned.append("with_eggs")
    if written[other_team(loser)] == 0:
        earned.append("dry")
    if blind:
        earned.append("blind")
    return tuple(earned)
