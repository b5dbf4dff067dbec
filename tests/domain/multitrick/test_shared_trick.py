"""The trick of several cards that both games share: the card sets listed once in one
spelling, the pairing search, the board's draws and restarts, and commands admitted."""

from __future__ import annotations

from itertools import permutations

import pytest

from app.domain.cards import Suit, parse_cards
from app.domain.errors import IllegalAction, MalformedCommand
from app.domain.multitrick.board import Board
from app.domain.multitrick.commands import Lead
from app.domain.multitrick.deck import canonical, natural_ranking
from app.domain.multitrick.sets import beat_sets, beats_set, discard_sets, lead_sets
from app.domain.multitrick.trick import Response, TrickPlay
from app.domain.multitrick.wire import normalized
from tests.domain.multitrick.positions import cards

HEARTS = natural_ranking(Suit.HEARTS)


def test_a_pairing_is_found_whatever_the_order_of_either_set() -> None:
    top = parse_cards("KS 9S 7D QC")
    beat = parse_cards("6H AS 8D KC")
    for response in permutations(beat):
        for led in permutations(top):
            assert beats_set(response, led, HEARTS)
    assert not beats_set(parse_cards("AS 10S 6H 7D"), top, HEARTS)  # nothing beats QC


def test_every_set_is_listed_once_in_the_canonical_order() -> None:
    hand = parse_cards("6H KS AS 10S")
    leads = lead_sets(hand, HEARTS, rank_leads=True)
    assert len(leads) == len(set(leads)) == 7 + 1
    assert all(lead == canonical(lead) for lead in leads)
    assert [len(lead) for lead in leads] == sorted(len(lead) for lead in leads)
    assert discard_sets(hand, 2) == tuple(
        tuple(c)
        for c in (cards(s) for s in ("AS 10S", "AS KS", "AS 6H", "10S KS", "10S 6H", "KS 6H"))
    )
    assert beat_sets(hand, parse_cards("QS JS"), HEARTS) == tuple(
        cards(s) for s in ("AS 10S", "AS KS", "AS 6H", "10S KS", "10S 6H", "KS 6H")
    )


def test_a_restart_gives_every_card_back_and_keeps_face_down_ones_hidden() -> None:
    board = Board.dealt((parse_cards("AS KS"), parse_cards("7H 6C"), parse_cards("8D 9D")), (), 0)
    board = board.play(TrickPlay(0, Response.LEAD, cards("AS"), True))
    board = board.play(TrickPlay(1, Response.DISCARD, cards("6C"), False))
    assert board.down[1] == frozenset(cards("6C"))
    restarted = board.restart(2)
    assert restarted.hands[0] == cards("AS KS")
    assert restarted.hands[1] == cards("7H 6C")
    assert restarted.down[1] == frozenset()
    assert restarted.returned_up == frozenset(cards("AS"))
    assert restarted.trick.leader == 2
    assert not restarted.trick.led


def test_commands_are_shaped_before_any_rule_is_asked() -> None:
    assert normalized(Lead(1, parse_cards("10S AS")), 4).cards == cards("AS 10S")
    with pytest.raises(MalformedCommand):
        normalized(Lead(1.0, ()), 4)  # type: ignore[arg-type]
    with pytest.raises(MalformedCommand):
        normalized(Lead(1, ["AS"]), 4)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no such seat"):
        normalized(Lead(4, ()), 4)
