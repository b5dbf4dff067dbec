"""K-5 to K-8: the shuffle and cut, the deal, the first lead of deal 1, the rotation."""

from __future__ import annotations

import hashlib

import pytest

from app.domain import kozel24 as k
from app.domain.chance import commitment, shuffled_order
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel24 import deck
from app.domain.kozel24.decide import deal_hands
from app.domain.kozel24.events import DeckShuffled, HandsDealt
from tests.domain.helpers import CATCH, SWEEP, card, deal, hand_of, play, plays_for


def new_game(first_dealer: int = 0, seed: bytes = b"seed") -> k.GameState:
    state = k.replay(k.start_game(k.Options(), first_dealer))
    state, _ = k.apply(state, k.ShuffleDeck(seed))
    return state


def test_k5_shuffle_is_seeded_and_committed() -> None:
    state = k.replay(k.start_game(k.Options(), 2))
    assert k.is_chance_node(state)
    assert k.to_act(state) == ()
    state, events = k.apply(state, k.ShuffleDeck(b"secret"))
    assert events == [DeckShuffled(1, 2, b"secret", hashlib.sha256(b"secret").hexdigest())]
    assert state.commitment == commitment(b"secret")
    assert state.phase is k.Phase.CUT


def test_k5_shuffle_is_a_permutation_that_depends_on_the_seed() -> None:
    order = shuffled_order(b"a", 24)
    assert sorted(order) == list(range(24))
    assert shuffled_order(b"a", 24) == order
    assert shuffled_order(b"b", 24) != order


def test_k5_shuffle_test_vector() -> None:
    """Pinned so that independent verifiers (docs/rules/kozel24.md) can check theirs."""
    order = shuffled_order(b"kozel", 24)
    vector = "JH 6H 10C JS QD KS AH 10D AS AD JD JC 10H KH KD QH KC 10S QS 6D 6C 6S AC QC"
    assert [str(deck.CARDS[i]) for i in order] == vector.split()


def test_k5_shuffle_matches_the_documented_algorithm() -> None:
    """The documented algorithm, over many seeds."""
    for n in range(200):
        seed = n.to_bytes(4, "big")
        assert list(shuffled_order(seed, 24)) == _documented_shuffle(seed, 24)[0]


def test_k5_shuffle_rejects_words_as_documented() -> None:
    """A rejected word is all but unseen with 24 cards; a long deck meets a few of them."""
    seed, size = b"long deck", 300_000
    order, rejected = _documented_shuffle(seed, size)
    assert rejected > 0
    assert list(shuffled_order(seed, size)) == order


def _documented_shuffle(seed: bytes, size: int) -> tuple[list[int], int]:
    """An independent implementation from docs/rules/kozel24.md; also counts rejected words."""
    stream = hashlib.shake_256(b"kozel-shuffle-v1" + seed).digest(4 * (size + 1024))
    words = [int.from_bytes(stream[i : i + 4], "big") for i in range(0, len(stream), 4)]
    deck_order, w, rejected = list(range(size)), 0, 0
    for j in range(size - 1, 0, -1):
        while words[w] >= 2**32 - 2**32 % (j + 1):
            w, rejected = w + 1, rejected + 1
        k_ = words[w] % (j + 1)
        w += 1
        deck_order[j], deck_order[k_] = deck_order[k_], deck_order[j]
    return deck_order, rejected


def test_k5_shuffle_needs_a_seed_and_only_between_deals() -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    with pytest.raises(IllegalAction):
        k.decide(state, k.ShuffleDeck(b""))
    state, _ = k.apply(state, k.ShuffleDeck(b"x"))
    with pytest.raises(IllegalAction):
        k.decide(state, k.ShuffleDeck(b"y"))


def test_k5_the_player_counter_clockwise_of_the_dealer_cuts() -> None:
    state = new_game(first_dealer=1)
    assert k.to_act(state) == (0,)
    assert [a.position for a in k.legal_actions(state, 0)] == list(range(1, 24))  # type: ignore[union-attr]
    for seat in (1, 2, 3):
        assert k.legal_actions(state, seat) == ()
        with pytest.raises(NotYourTurn):
            k.decide(state, k.CutDeck(seat, 5))


@pytest.mark.parametrize("position", [0, 24, -1, 100])
def test_k5_cut_position_is_1_to_23(position: int) -> None:
    state = new_game(first_dealer=1)
    with pytest.raises(IllegalAction):
        k.decide(state, k.CutDeck(0, position))


def test_k5_cut_puts_the_top_part_under() -> None:
    state = new_game(first_dealer=0, seed=b"cut me")
    order = shuffled_order(b"cut me", 24)
    state, _ = k.apply(state, k.CutDeck(3, 5))
    # After the cut the deck starts with the old 6th card; it goes to the seat after the dealer.
    assert str(deck.CARDS[order[5]]) in hand_of(state, 1)
    assert str(deck.CARDS[order[4]]) in hand_of(state, 0)  # the old 5th card is now last


def test_k6_dealing_one_card_at_a_time_clockwise_dealer_last() -> None:
    seed, position, dealer = b"deal", 7, 2
    order = shuffled_order(seed, 24)
    cut = order[position:] + order[:position]
    hands = deal_hands(seed, position, dealer)
    for i, index in enumerate(cut):
        assert hands[(dealer + 1 + i) % 4] >> index & 1
    assert hands[dealer] >> cut[-1] & 1
    assert [mask.bit_count() for mask in hands] == [6, 6, 6, 6]
    assert hands[0] | hands[1] | hands[2] | hands[3] == deck.FULL_MASK


def test_k6_cut_deals_the_hands_and_logs_them() -> None:
    state = new_game(first_dealer=0, seed=b"z")
    state, events = k.apply(state, k.CutDeck(3, 9))
    dealt = events[1]
    assert isinstance(dealt, HandsDealt)
    expected = deal_hands(b"z", 9, 0)
    assert tuple(deck.mask_of(hand) for hand in dealt.hands) == expected
    assert state.hands == expected
    assert state.cut_position == 9


def test_k7_in_deal_1_the_holder_of_the_ace_of_diamonds_leads_it() -> None:
    state = deal(CATCH, dealer=1)
    assert state.phase is k.Phase.PLAY
    assert state.first_leader == 3
    assert k.to_act(state) == (3,)
    assert plays_for(state, 3) == {"AD"}
    with pytest.raises(IllegalAction):
        k.decide(state, k.PlayCard(3, card("10D")))
    for seat in (0, 1, 2):
        with pytest.raises(NotYourTurn):
            k.decide(state, k.PlayCard(seat, card(CATCH[seat].split()[0])))


def test_k7_only_the_first_lead_of_deal_1_is_forced() -> None:
    state = deal(CATCH, dealer=1)
    state, _ = play(state, "AD 6C AC KH")
    # Seat 0 took the trick with 6♣ and leads freely.
    assert k.to_act(state) == (0,)
    assert plays_for(state, 0) == hand_of(state, 0)


def test_k7_first_lead_in_later_deals_is_free() -> None:
    state = deal(CATCH, dealer=1, deal_no=3)  # no lone trump, both teams hold queens
    assert state.phase is k.Phase.PLAY
    assert state.first_leader == 2
    assert plays_for(state, 2) == hand_of(state, 2)


def test_k8_rotation_from_deal_1_to_deal_3() -> None:
    # Deal 1: dealer 1, seat 3 holds A♦ and leads; the queen is caught in trick one.
    state = deal(CATCH, dealer=1)
    state, _ = play(state, "AD 6C QC KH")
    assert state.phase is k.Phase.SHUFFLE
    # K-8: deal 2 is dealt by the holder of A♦, the next player leads.
    state, events = k.apply(state, k.ShuffleDeck(b"2"))
    assert events[0] == DeckShuffled(2, 3, b"2", commitment(b"2"))
    assert k.to_act(state) == (2,)  # the cutter, counter-clockwise of dealer 3
    state, _ = k.apply(state, k.CutDeck(2, 4))
    assert state.first_leader == 0
    # Deal 3: dealt by the first leader of deal 2.
    while state.phase is not k.Phase.SHUFFLE:
        seat = k.to_act(state)[0]
        state, _ = k.apply(state, k.legal_actions(state, seat)[0])
    state, events = k.apply(state, k.ShuffleDeck(b"3"))
    assert events[0] == DeckShuffled(3, 0, b"3", commitment(b"3"))
    state, _ = k.apply(state, k.CutDeck(3, 4))
    assert state.first_leader == 1


def test_k8_a_voided_deal_still_advances_the_rotation() -> None:
    state = deal(SWEEP, dealer=2, deal_no=4)
    state, _ = k.apply(state, k.ClaimNoQueens(1))
    state, events = k.apply(state, k.ShuffleDeck(b"next"))
    assert events[0] == DeckShuffled(5, 3, b"next", commitment(b"next"))
