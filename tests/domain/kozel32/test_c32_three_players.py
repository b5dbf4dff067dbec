"""C32-33 … C32-36: the tables of three (and two) — the blind, the queen of spades; worked
example 22."""

from __future__ import annotations

import pytest

from app.domain.cards import Suit
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    ChooseLeader,
    Discard,
    NameTrump,
    PlayBlind,
    PlayCard,
)
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.events import CardPlayed, QueenCaught, TalonTaken
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import DealResult, Phase, State, VoidReason
from tests.domain.cardscan import whereabouts
from tests.domain.kozel32.cards_seen import cards_in
from tests.domain.kozel32.helpers import (
    C,
    actions,
    after_cut,
    apply,
    cards,
    deck_for,
    decline_all,
    in_play,
    kon_over,
    plain_deal,
    settled,
    shuffle,
    table,
    taken,
)


def test_c32_33_a_table_of_three_plays_with_a_blind_or_the_queen_of_spades() -> None:
    blind = GAME.seating(3, Options())
    assert (blind.count, blind.teams, blind.dummies, blind.players) == (
        4,
        ((0, 2), (1, 3)),
        (3,),
        (0, 1, 2),
    )
    queen = GAME.seating(3, Options(three_player_mode="queen_of_spades"))
    assert (queen.count, queen.teams, queen.sides) == (3, None, 3)
    two = GAME.seating(2, Options())
    assert two.dummies == (2, 3)
    assert two.side_of(0) != two.side_of(1)  # the two humans are on opposite teams


HANDS = [
    "AS AH 10S KS 9S 8S 7S 8H",
    "8C 10H KH 9H 7H AD 10D KD",
    "QC QS QH QD JC JS JH JD",
    "7C AC 10C KC 9C 9D 8D 7D",
]


def blind_deal(**kwargs: object) -> State:
    return decline_all(plain_deal(HANDS, players=3, **kwargs))


def test_c32_34_nobody_sees_the_blinds_hand() -> None:
    state = blind_deal()
    for viewer in (0, 1, 2, 3, None):
        view = GAME.view_for(state, viewer)
        assert not cards_in(whereabouts(view)) & set(HANDS[3].split())
        assert view.hand_sizes[3] == 8
    assert GAME.view_for(state, 3).hand is None
    zone = next(z for z in GAME.zones(state) if z.name == "hand 3")
    assert zone.seen_by == frozenset()


def test_c32_34_the_controller_chooses_the_first_leader_and_plays_the_blind_by_position() -> None:
    state = blind_deal(leading_side=1)
    assert GAME.to_act(state) == (1,)
    assert set(actions(state, 1)) == {ChooseLeader(1, 1), ChooseLeader(1, 3)}
    state, _ = apply(state, ChooseLeader(1, 3))
    assert GAME.to_act(state) == (1,)  # never the blind itself
    assert actions(state, 1) == tuple(PlayBlind(1, p) for p in range(1, 9))
    with pytest.raises(NotYourTurn):
        GAME.decide(state, PlayBlind(3, 1))
    state, events = apply(state, PlayBlind(1, 2))
    assert events[0] == CardPlayed(3, C("AC"))  # its second card in dealt order


def test_c32_34_the_blind_is_exempt_from_following() -> None:
    state = blind_deal(leading_side=1)
    state, _ = apply(state, ChooseLeader(1, 1), PlayCard(1, C("10H")), PlayCard(2, C("QC")))
    assert len(actions(state, 1)) == 8  # any position, hearts or not
    state, events = apply(state, PlayBlind(1, 1))
    assert events[0] == CardPlayed(3, C("7C"))


def test_c32_34_the_blind_demands_no_redeal_and_makes_no_exchange() -> None:
    hands = [
        "7S 8H 7H AD 10D KD 8D 7D",
        "8C AS 10S KS AH 10H KH 8S",  # one trump, and his partner is the blind
        "JC JS JH JD AC 10C KC 7C",
        "9C 9S 9H 9D QC QS QH QD",  # the blind: four nines
    ]
    state = plain_deal(hands, players=3)
    assert GAME.to_act(state) == (0, 2)  # straight to the first leader
    assert all(isinstance(a, ChooseLeader) for a in actions(state, 0))
    assert actions(state, 1) == ()


def test_c32_34_two_blinds_at_a_table_of_two() -> None:
    state = shuffle(table(players=2, dealer=1))
    assert state.phase is Phase.CUT
    assert GAME.to_act(state) == (0,)
    state = shuffle(table(players=2, dealer=3))
    assert state.phase is not Phase.CUT  # seat 2, a blind, was cut for
    assert state.deal is not None
    assert state.deal.cut is not None


def queen_deal(hands: list[str], **kwargs: object) -> State:
    return after_cut(
        deck_for(hands, 1), dealer=0, players=3, three_player_mode="queen_of_spades", **kwargs
    )


QOS_HANDS = [
    "AS AH 10S KS 9S 8S 7S 8H 9H 10H",
    "QS 10D KD AD 7H KH 9D 8D 7D QH",
    "QC QD JC JS JH JD 7C AC 10C KC",
]  # the talon: 9C 8C


def test_c32_35_the_holder_of_the_queen_of_spades_takes_the_talon() -> None:
    state = queen_deal(QOS_HANDS)
    assert state.phase is Phase.TALON
    assert state.deal is not None
    assert state.deal.soloist == 1
    assert len(state.deal.hands[1]) == 12
    assert GAME.to_act(state) == (1,)
    assert len(actions(state, 1)) == 66
    talon = TalonTaken(1, cards("9C 8C"))
    assert talon.payload_for(0) == {"seat": 1, "count": 2}
    state, events = apply(state, Discard(1, cards("10D KD")))
    assert events[0].payload_for(2) == {"seat": 1, "count": 2}
    assert actions(state, 1) == tuple(NameTrump(1, s) for s in Suit)  # a suit is required
    with pytest.raises(IllegalAction):
        GAME.decide(state, NameTrump(1, None))
    state, _ = apply(state, NameTrump(1, Suit.HEARTS))
    assert state.phase is Phase.PLAY
    assert GAME.to_act(state) == (1,)
    assert GAME.view_for(state, 1).game.discards == cards("10D KD")
    assert GAME.view_for(state, 0).game.discards is None


def test_c32_35_the_queen_of_spades_in_the_talon_means_a_redeal() -> None:
    hands = [
        "AS AH 10S KS 9S 8S 7S 8H 9H 10H",
        "9C 10D KD AD 7H KH 9D 8D 7D QH",
        "QC QD JC JS JH JD 7C AC 10C KC",
    ]  # the talon: QS 8C
    state = queen_deal(hands)
    assert GAME.is_chance_node(state)
    assert state.kon is not None
    assert state.kon.voided[-1].reason is VoidReason.QUEEN_OF_SPADES_IN_TALON


def test_c32_36_the_catch_counts_only_between_the_soloist_and_a_defender() -> None:
    defenders = in_play(
        ["QC 8S", "7C 8H", "9S 8D"], players=3, soloist=2, three_player_mode="queen_of_spades"
    )
    _, events = apply(defenders, PlayCard(0, C("QC")), PlayCard(1, C("7C")), PlayCard(2, C("9S")))
    assert not any(isinstance(e, QueenCaught) for e in events)
    solo = in_play(
        ["QC 8S", "7C 8H", "9S 8D"], players=3, soloist=1, three_player_mode="queen_of_spades"
    )
    state, events = apply(solo, PlayCard(0, C("QC")), PlayCard(1, C("7C")), PlayCard(2, C("9S")))
    assert QueenCaught(0, 1) in events
    assert state.last_deal is not None
    assert state.last_deal.gains == (0, 2, 0)  # the player who played 7♣


QOS = {"players": 3, "three_player_mode": "queen_of_spades", "soloist": 0}


@pytest.mark.parametrize(
    ("points", "discards", "result", "gains"),
    [
        ((47, 40, 22), "AS", DealResult.ONE_PAIR, (1, 0, 0)),
        ((25, 60, 35), "", DealResult.ONE_PAIR, (0, 1, 0)),
        ((95, 20, 5), "", DealResult.TWO_PAIRS, (2, 0, 0)),
        ((40, 40, 40), "", DealResult.EGGS, (0, 0, 0)),
        ((50, 50, 20), "", DealResult.EGGS, (0, 0, 0)),
    ],
)
def test_example_22_each_player_scores_alone(
    points: tuple[int, int, int], discards: str, result: DealResult, gains: tuple[int, int, int]
) -> None:
    state = kon_over(points, discards=discards, **QOS)
    assert state.last_deal is not None
    assert state.last_deal.result is result
    assert state.last_deal.gains == gains
    if discards:
        assert state.last_deal.points[0] == points[0] + 11


def test_example_22_one_defender_taking_all_ten_tricks_is_a_lyusya() -> None:
    tricks = tuple(taken(1, 99 if i == 0 else 0) for i in range(10))
    state = settled(
        in_play(["", "", ""], tricks=tricks, boards=(3, 1, 4), discards="AS 10S", **QOS)
    )
    assert state.last_deal is not None
    assert state.last_deal.points == (21, 99, 0)
    assert state.last_deal.result is DealResult.LYUSYA
    assert state.boards == (0, 1, 0)
    shared = in_play(["", "", ""], tricks=(taken(1, 60), taken(2, 39)), discards="AS 10S", **QOS)
    shared = settled(shared)
    assert shared.last_deal is not None
    assert shared.last_deal.result is DealResult.ONE_PAIR
    assert shared.last_deal.gains == (0, 1, 0)


def test_c32_36_a_player_who_reaches_six_wins_and_each_loser_is_dry_on_his_own_board() -> None:
    state = kon_over((95, 20, 5), boards=(5, 0, 3), **QOS)
    assert state.result is not None
    assert state.result.winner == 0
    assert state.result.loser is None
    assert state.result.titles_by_side == ((), ("goats", "tailed", "dry"), ("goats", "tailed"))
    assert state.result.titles == ("goats", "tailed")
    assert GAME.returns(state) == (1.0, -1.0, -1.0)
    assert len(DECK) == 32
