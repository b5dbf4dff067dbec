"""Who plays whom (`app.services.pairing`): windows that widen with the wait, rated groups
within every member's window, bots once the oldest seek's wait is over, seats at random with
team sides balanced by rating."""

from __future__ import annotations

import random

from app.services import ratings
from app.services.pairing import DEFAULT_RATING, Candidate, bot_level, groups, seat, window


def _seek(
    name: str, rating: float = 25.0, waited: float = 0.0, bots: int | None = None
) -> Candidate:
    return Candidate(name, "player-" + name, rating, waited, bots)


def _ids(made: list[tuple[Candidate, ...]]) -> list[list[str]]:
    return [[c.id for c in group] for group in made]


def test_unrated_seeks_match_in_the_order_they_came() -> None:
    seeks = [_seek("a", 10), _seek("b", 40), _seek("c", 25)]
    made = groups(seeks, 2, rated=False)
    assert _ids([g.members for g in made]) == [["a", "b"]]
    assert made[0].bots == 0


def test_a_rated_window_widens_with_the_wait() -> None:
    assert window(_seek("a"), rated=True) == 3.0
    assert window(_seek("a", waited=10), rated=True) == 8.0
    assert window(_seek("a", waited=10_000), rated=True) == 50.0
    far_apart = [_seek("a", 20), _seek("b", 30)]
    assert groups(far_apart, 2, rated=True) == []
    waited = [_seek("a", 20, waited=20), _seek("b", 30, waited=20)]  # windows of 13
    assert _ids([g.members for g in groups(waited, 2, rated=True)]) == [["a", "b"]]


def test_a_rated_seek_takes_the_nearest_ratings_within_every_window() -> None:
    seeks = [_seek("a", 25, 4), _seek("b", 29, 0), _seek("c", 26, 0), _seek("d", 24, 0)]
    made = groups(seeks, 3, rated=True)
    assert _ids([g.members for g in made]) == [["a", "c", "d"]]  # b is 4 from a: too far


def test_bots_fill_the_seats_once_the_oldest_seek_has_waited_enough() -> None:
    lone = [_seek("a", bots=5, waited=4)]
    assert groups(lone, 4, rated=False) == []
    lone = [_seek("a", bots=5, waited=5), _seek("b", bots=None), _seek("c", bots=60)]
    made = groups(lone, 4, rated=False)
    assert _ids([g.members for g in made]) == [["a", "c"]]  # b wants people only
    assert made[0].bots == 2


def test_the_bot_level_is_the_one_nearest_the_seekers() -> None:
    levels = ("random", "heuristic", "strong")
    assert bot_level([DEFAULT_RATING], levels) == "heuristic"
    assert bot_level([-10.0, -6.0], levels) == "random"
    assert bot_level([35.0], levels) == "strong"


def test_seats_go_at_random_to_each_once() -> None:
    seen = set()
    for n in range(40):
        places = seat([25.0] * 3, (0, 1, 2), None, random.Random(n))
        assert sorted(places) == [0, 1, 2]
        seen.add(tuple(places))
    assert len(seen) == 6


def test_team_sides_are_balanced_by_rating_and_partners_sit_across() -> None:
    teams = ((0, 2), (1, 3))
    for n in range(20):
        places = seat([40.0, 10.0, 30.0, 20.0], (0, 1, 2, 3), teams, random.Random(n))
        assert sorted(places) == [0, 1, 2, 3]
        strongest, weakest = places[0], places[1]
        assert strongest % 2 == weakest % 2  # the strongest partners the weakest, across


def test_seeks_are_matched_on_the_scale_of_the_displayed_ratings() -> None:
    """A new player's rating as pairing reads it is the one the ratings show."""
    assert DEFAULT_RATING == ratings.DEFAULT_RATING
