"""A refused command is explained in the rules' words: wire codes and the rule's id, never the
engine's class names (the API sends the reason to the player as it is)."""

from __future__ import annotations

import random
import re

import pytest

from app.domain import kozel24 as k
from app.domain import words
from app.domain.errors import DomainError, IllegalAction
from app.domain.kozel24 import deck
from app.domain.kozel24.state import GameState
from app.domain.values import updated
from tests.domain.helpers import MIXED, card, cards, deal

ENGINE_WORDS = re.compile(r"[A-Z][a-z]+[A-Z]\w*|\w+=|Card\(|Phase\.|\bmask\b")
"""`PlayCard`, `seat=0`, `Card(AS)`, `Phase.PLAY`: what a player must never read."""

# Seat 0's lone trump is J♦; its partner, seat 2, holds trumps and plain cards.
LONE_WITH_CHOICE = [
    "JD AS 10S KS 6S AH",
    "QS QH QD JC JS JH",
    "6C QC 10H KH 6H AD",
    "AC 10C KC 10D KD 6D",
]


def refusal(state: GameState, command: k.Command) -> str:
    with pytest.raises(IllegalAction) as refused:
        k.decide(state, command)
    reason = str(refused.value)
    assert not ENGINE_WORDS.search(reason), reason
    return reason


def test_k7_the_first_lead_of_deal_1_is_the_ace_of_diamonds() -> None:
    state = deal(MIXED, dealer=3, deal_no=1)
    (leader,) = k.to_act(state)
    other = next(c for c in deck.cards_of(state.hands[leader]) if str(c) != "AD")
    reason = refusal(state, k.PlayCard(leader, other))
    assert reason.startswith(f"you may not play {words.en(other)} now")
    assert "A♦" in reason
    assert reason.endswith("(K-7)")


def test_k11_a_card_that_does_not_follow_names_the_led_card_and_class() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    hands = list(state.hands)
    hands[1] = deck.mask_of(cards("AS QS KH"))
    state = k.with_turn(
        updated(state, hands=tuple(hands), leader=0, trick_cards=(deck.INDEX[card("KC")],))
    )
    assert refusal(state, k.PlayCard(1, card("AS"))) == (
        "you may not play A♠ now: K♣ was led and you hold trumps, so you play one of them (K-11)"
    )
    assert refusal(state, k.PlayCard(1, card("6D"))).endswith("it is not in your hand (K-11)")
    assert "(K-2)" in refusal(state, k.PlayCard(1, card("7S")))


def test_k9_the_partners_give_and_the_answers_name_their_rule() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)
    assert "(K-10)" in refusal(state, k.ClaimNoQueens(0))
    assert "(K-5)" in refusal(state, k.CutDeck(0, 5))
    assert refusal(state, k.PlayCard(0, card("AS"))).endswith("first (K-9, K-10)")
    state, _ = k.apply(state, k.DecideExchange(0, True))
    assert refusal(state, k.GiveCard(2, card("6C"))) == (
        "you may not give 6♣ now: you hold a non-trump, so you give a non-trump (K-9)"
    )
    assert "not in your hand" in refusal(state, k.GiveCard(2, card("AS")))


def test_k5_the_cut_position() -> None:
    state = k.replay(k.start_game(k.Options(), first_dealer=0))
    state, _ = k.apply(state, k.ShuffleDeck(b"seed"))
    for position in (0, 24):
        assert refusal(state, k.CutDeck(state.cutter, position)) == (
            f"the cut is at a position 1..23, not {position} (K-5)"
        )


@pytest.mark.parametrize("seed", range(3))
def test_every_refusal_of_random_games_cites_a_rule(seed: int) -> None:
    """Every command a seat to act is not offered, at every step of random games."""
    rng = random.Random(seed)
    state = k.replay(k.start_game(k.Options(), first_dealer=seed % 4))
    while not state.is_terminal:
        if k.is_chance_node(state):
            state, _ = k.apply(state, k.ShuffleDeck(rng.randbytes(8)))
            continue
        for seat in k.to_act(state):
            offered = set(k.legal_actions(state, seat))
            for command in _every_command(seat):
                if command in offered:
                    continue
                try:
                    k.decide(state, command)
                except IllegalAction as refused:
                    reason = str(refused)
                    assert re.search(r"\(K-\d+(, K-\d+)?\)$", reason), reason
                    assert not ENGINE_WORDS.search(reason), reason
                except DomainError:
                    pass  # not this seat's turn for it, or the game is over: their own words
                else:
                    raise AssertionError(f"{command} was accepted but not offered")
        seat = rng.choice(k.to_act(state))
        state, _ = k.apply(state, rng.choice(k.legal_actions(state, seat)))


def _every_command(seat: int) -> list[k.SeatCommand]:
    return [
        *(k.PlayCard(seat, c) for c in deck.CARDS),
        *(k.GiveCard(seat, c) for c in deck.CARDS),
        k.CutDeck(seat, 0),
        k.CutDeck(seat, 12),
        k.DecideExchange(seat, True),
        k.DecideExchange(seat, False),
        k.ClaimNoQueens(seat),
        k.PlayOn(seat),
    ]
