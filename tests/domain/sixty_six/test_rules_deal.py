"""S66-1 … S66-8: the table, the deck, the cards, the shuffle, the cut and the deal."""

from __future__ import annotations

import itertools

import pytest

from app.domain.cards import Rank, Suit
from app.domain.chance import shuffled_order
from app.domain.commands import ShuffleDeck
from app.domain.errors import IllegalAction, InvalidOption, NotYourTurn
from app.domain.sixty_six import GAME, CutDeck, Options, Phase
from app.domain.sixty_six.deck import DECK_POINTS, DECKS, POINTS
from app.domain.sixty_six.events import CardsDealt, DealScored, DeckShuffled
from app.domain.sixty_six.options import DeckKind
from app.domain.sixty_six.state import GameState
from tests.domain.sixty_six.helpers import act, card, cards, end_deal_by_claim, started

SEED = bytes.fromhex("5eed")
# S66-2, written out here rather than read from the engine: ♣ ♠ ♥ ♦, each from the ace down.
DECK_66 = cards("AC 10C KC QC JC 9C AS 10S KS QS JS 9S AH 10H KH QH JH 9H AD 10D KD QD JD 9D")
DECK_SCHNAPSEN = tuple(c for c in DECK_66 if c.rank is not Rank.NINE)


def shuffled_and_cut(deck: tuple, seed: bytes, cut: int) -> tuple:  # type: ignore[type-arg]
    order = [deck[i] for i in shuffled_order(seed, len(deck))]
    return tuple(order[cut:] + order[:cut])


def cut_deal(options: Options, dealer: int, position: int) -> tuple[GameState, CardsDealt]:
    state, _ = act(started(options, dealer), ShuffleDeck(SEED))
    state, events = act(state, CutDeck(1 - dealer, position))
    dealt = events[1]
    assert isinstance(dealt, CardsDealt)
    return state, dealt


def test_s66_1_two_seats_each_for_himself() -> None:
    assert GAME.info.seat_counts == (2,)
    seating = GAME.seating(2, Options())
    assert seating.sides == 2
    assert [seating.side_of(seat) for seat in (0, 1)] == [0, 1]
    with pytest.raises(InvalidOption):
        GAME.parse_options({}, 3)
    with pytest.raises(InvalidOption):
        GAME.start_game(Options(), 2, 2)


def test_s66_1_the_first_dealer_is_the_tables_and_the_deal_alternates() -> None:
    state, events = act(started(first_dealer=1), ShuffleDeck(SEED))
    assert isinstance(events[0], DeckShuffled)
    assert events[0].dealer == 1
    assert GAME.to_act(state) == (0,)  # the forehand is the non-dealer
    state, _ = act(state, CutDeck(0, 3))
    state, events = end_deal_by_claim(state)
    assert isinstance(events[-1], DealScored)
    state, events = act(state, ShuffleDeck(b"next"))
    assert isinstance(events[0], DeckShuffled)
    assert (events[0].deal_no, events[0].dealer) == (2, 0)
    assert GAME.to_act(state) == (1,)


def test_s66_2_the_decks() -> None:
    assert DECKS[DeckKind.SIXTY_SIX].cards == DECK_66
    assert DECKS[DeckKind.SCHNAPSEN].cards == DECK_SCHNAPSEN
    assert len(DECK_SCHNAPSEN) == 20
    assert all(str(c) == c.code for c in DECK_66)
    assert card("10H").rank is Rank.TEN
    assert card("9D").suit is Suit.DIAMONDS


def test_s66_3_ace_ten_king_queen_jack_nine() -> None:
    ranking = DECKS[DeckKind.SIXTY_SIX].ranking(Suit.CLUBS)
    order = cards("AH 10H KH QH JH 9H")
    for higher, lower in itertools.pairwise(order):
        assert ranking.beats(higher, lower)
        assert not ranking.beats(lower, higher)
    assert ranking.winner(cards("KH 10H")) == 1  # the ten is second only to the ace


def test_s66_4_card_points_and_120_in_each_deck() -> None:
    assert [POINTS[c.rank] for c in cards("AS 10S KS QS JS 9S")] == [11, 10, 4, 3, 2, 0]
    assert sum(POINTS[c.rank] for c in DECK_66) == DECK_POINTS == 120
    assert sum(POINTS[c.rank] for c in DECK_SCHNAPSEN) == 120


def test_s66_5_the_exchange_card_is_the_lowest_trump() -> None:
    assert DECKS[DeckKind.SIXTY_SIX].exchange_card(Suit.HEARTS) == card("9H")
    assert DECKS[DeckKind.SCHNAPSEN].exchange_card(Suit.HEARTS) == card("JH")


@pytest.mark.parametrize(("deck", "size"), [("66", 24), ("schnapsen", 20)])
def test_s66_6_the_forehand_cuts_from_1_to_n_minus_1(deck: str, size: int) -> None:
    options = Options(deck=deck)  # type: ignore[arg-type]
    state, _ = act(started(options, 0), ShuffleDeck(SEED))
    assert state.phase is Phase.CUT
    assert [a.position for a in GAME.legal_actions(state, 1)] == list(range(1, size))  # type: ignore[attr-defined]
    assert GAME.legal_actions(state, 0) == ()
    with pytest.raises(NotYourTurn):
        GAME.decide(state, CutDeck(0, 5))  # the dealer does not cut
    for position in (0, size):
        with pytest.raises(IllegalAction, match="S66-6"):
            GAME.decide(state, CutDeck(1, position))
    # The top part goes under, and the deal record's deck is that order.
    assert GAME.deck_after_cut(options, SEED, 5) == shuffled_and_cut(
        DECK_66 if deck == "66" else DECK_SCHNAPSEN, SEED, 5
    )


def test_s66_7_dealing_66_in_packets_of_three() -> None:
    d = shuffled_and_cut(DECK_66, SEED, 7)
    state, dealt = cut_deal(Options(), dealer=1, position=7)
    forehand, dealer = dealt.hands  # the dealer is seat 1: seat 0 is the forehand
    assert forehand == d[0:3] + d[6:9]
    assert dealer == d[3:6] + d[9:12]
    assert dealt.trump_card == d[12]
    assert dealt.stock == d[13:24]
    assert state.deal is not None
    assert state.deal.trump is d[12].suit  # its suit is trump for the deal
    assert state.deal.stock == (*d[13:24], d[12])  # drawn in order, the trump card last
    assert GAME.to_act(state) == (0,)  # S66-9: the forehand leads


def test_s66_7_the_dealer_seat_0_gets_the_second_packets() -> None:
    d = shuffled_and_cut(DECK_66, SEED, 11)
    _, dealt = cut_deal(Options(), dealer=0, position=11)
    assert dealt.hands == (d[3:6] + d[9:12], d[0:3] + d[6:9])


def test_s66_8_dealing_schnapsen_three_trump_two() -> None:
    d = shuffled_and_cut(DECK_SCHNAPSEN, SEED, 4)
    state, dealt = cut_deal(Options(deck="schnapsen"), dealer=1, position=4)
    assert dealt.hands == (d[0:3] + d[7:9], d[3:6] + d[9:11])
    assert dealt.trump_card == d[6]
    assert dealt.stock == d[11:20]
    view = GAME.view_for(state, 0)
    assert view.stock is not None
    assert (view.stock.size, view.stock.trump_card) == (10, d[6])
