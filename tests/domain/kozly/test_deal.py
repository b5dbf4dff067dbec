"""KZ-7 to KZ-14: the dealer and his turn, the two deal modes, the shuffle and the cut, the
dealing order of each mode, half 2, the draws and the leads; the worked examples 10 and 11."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Suit
from app.domain.chance import commitment, shuffled_order
from app.domain.commands import ShuffleDeck
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.events import Event
from app.domain.kozly import GAME, CutDeck, Options, PlayCard
from app.domain.kozly.deck import DECK
from app.domain.kozly.events import CardDrawn, HandsDealt, TrickTaken, TrumpTurned
from app.domain.kozly.state import GameState, TakenTrick
from app.domain.view import StockView
from tests.domain.kozly.helpers import (
    SEED,
    apply,
    card,
    count_deal,
    dealt_deal,
    new_game,
    play,
    position,
)

STOCK = Options(deal_mode="stock")


def by_hand_deck(seed: bytes, position: int) -> tuple[Card, ...]:
    """KZ-9 worked out here: position i of the shuffle holds DECK[order[i]]; the top
    `position` cards go under."""
    shuffled = [DECK[i] for i in shuffled_order(seed, 32)]
    return tuple(shuffled[position:] + shuffled[:position])


def cut_deal(options: Options, dealer: int, position: int) -> tuple[GameState, list[Event]]:
    state = new_game(options, dealer)
    state, _ = apply(state, ShuffleDeck(SEED))
    return apply(state, CutDeck((dealer - 1) % 4, position))


def play_tricks(state: GameState, tricks: int) -> tuple[GameState, list[Event]]:
    """Play `tricks` tricks, each seat its first card."""
    events: list[Event] = []
    for _ in range(4 * tricks):
        (seat,) = GAME.to_act(state)
        state, new = apply(state, PlayCard(seat, dealt_deal(state.deal).hands[seat][0]))
        events += new
    return state, events


def test_kz_7_the_deal_passes_two_seats_in_halves_and_one_in_stock() -> None:
    state = new_game(Options(), first_dealer=3)
    dealers = []
    for points in [(70, 20, 20, 10), (30, 30, 30, 30), (0, 0, 0, 120)]:
        state, events = count_deal(state, points)
        dealers.append(events[0].payload()["dealer"])
    assert dealers == [3, 1, 3]  # a void deal (30 each) passes the deal too
    state = new_game(STOCK, first_dealer=3)
    dealers = []
    for points in [(50, 30, 25, 15), (20, 20, 40, 40), (0, 0, 0, 120)]:
        state, events = count_deal(state, points)
        dealers.append(events[0].payload()["dealer"])
    assert dealers == [3, 0, 1]  # a carried deal passes the deal


def test_kz_8_halves_plays_two_halves_of_four_tricks_without_drawing() -> None:
    state, events = cut_deal(Options(), dealer=0, position=5)
    assert [len(h) for h in dealt_deal(state.deal).hands] == [4, 4, 4, 4]
    assert len(dealt_deal(state.deal).undealt) == 16  # half 2, set aside
    state, events = play_tricks(state, 3)
    assert not any(isinstance(e, CardDrawn) for e in events)
    state, events = play_tricks(state, 1)
    assert [type(e) for e in events[-2:]] == [TrickTaken, HandsDealt]
    assert [len(h) for h in dealt_deal(state.deal).hands] == [4, 4, 4, 4]
    state, events = play_tricks(state, 4)
    assert not any(isinstance(e, CardDrawn | HandsDealt) for e in events)
    assert events[-1].TYPE == "deal_scored"  # counted only after half 2
    assert sum(events[-1].payload()["points"]) == 120


def test_kz_8_stock_deals_four_each_and_draws_after_each_trick() -> None:
    state, _ = cut_deal(STOCK, dealer=0, position=5)
    assert [len(h) for h in dealt_deal(state.deal).hands] == [4, 4, 4, 4]
    assert len(dealt_deal(state.deal).undealt) == 16
    for trick in range(1, 9):
        state, events = play_tricks(state, 1)
        draws = [e for e in events if isinstance(e, CardDrawn)]
        assert len(draws) == (4 if trick <= 4 else 0)
    assert events[-1].TYPE == "deal_scored"


def test_kz_9_the_player_before_the_dealer_cuts_once_per_deal() -> None:
    state = new_game(Options(), first_dealer=2)
    assert GAME.is_chance_node(state)
    state, (shuffled,) = apply(state, ShuffleDeck(SEED))
    assert shuffled.payload_for(1) == {"deal_no": 1, "dealer": 2, "commitment": commitment(SEED)}
    assert GAME.to_act(state) == (1,)
    assert GAME.legal_actions(state, 1) == tuple(CutDeck(1, p) for p in range(1, 32))
    assert GAME.legal_actions(state, 2) == ()
    for outside in (0, 32):
        with pytest.raises(IllegalAction, match="from 1 to 31"):
            apply(state, CutDeck(1, outside))
    with pytest.raises(NotYourTurn, match="seat 1 cuts"):
        apply(state, CutDeck(2, 5))
    for at in (1, 17, 31):
        after, _ = apply(state, CutDeck(1, at))
        assert GAME.deck_after_cut(Options(), SEED, at) == by_hand_deck(SEED, at)
        deal = dealt_deal(after.deal)
        half_1 = by_hand_deck(SEED, at)[:16]
        assert sorted(map(str, sum(deal.hands, ()))) == sorted(map(str, half_1))
        assert deal.undealt == by_hand_deck(SEED, at)[16:]  # half 2: not cut again
    # After half 1 nobody cuts: the server deals half 2 at once.
    after, _ = apply(state, CutDeck(1, 9))
    after, events = play_tricks(after, 4)
    assert GAME.to_act(after) == (0,)
    assert not any(e.TYPE in ("deck_shuffled", "deck_cut") for e in events)


def test_kz_9_the_clock_cuts_at_a_random_position() -> None:
    state = new_game(Options(), first_dealer=0)
    state, _ = apply(state, ShuffleDeck(SEED))
    assert GAME.clock_default(state, 3, 0) == CutDeck(3, 1)
    assert GAME.clock_default(state, 3, 30) == CutDeck(3, 31)
    assert GAME.clock_default(state, 3, 31 * 7 + 4) == CutDeck(3, 5)
    assert GAME.clock_default(state, 0, 5) is None


def test_kz_10_example_10_half_1_counter_clockwise_from_the_dealer_trump_card_to_l() -> None:
    state, events = cut_deal(Options(), dealer=2, position=11)
    deck = by_hand_deck(SEED, 11)
    seats = [(2 - k) % 4 for k in range(16)]
    assert seats[:5] == [2, 1, 0, 3, 2]
    assert seats[14:] == [0, 3]
    hands = tuple(tuple(deck[k] for k in range(16) if seats[k] == s) for s in range(4))
    dealt = next(e for e in events if isinstance(e, HandsDealt))
    assert dealt == HandsDealt(2, hands)
    trump = deck[15]
    assert next(e for e in events if isinstance(e, TrumpTurned)) == TrumpTurned(trump, 3)
    assert dealt_deal(state.deal).trump == trump.suit
    assert trump in dealt_deal(state.deal).hands[3]  # it stays in L's hand
    assert GAME.to_act(state) == (3,)  # L leads
    for viewer in (0, 1, 2, 3, None):
        view = GAME.view_for(state, viewer)
        assert view.game.trump_card == trump  # shown to everyone
        assert view.game.trump_holder == 3
    for seat in range(4):
        assert trump in GAME.revealed_to(state, seat)
    # The trump suit holds in half 2, which seat 3 deals and seat 0 leads.
    state, events = play_tricks(state, 4)
    (second,) = [e for e in events if isinstance(e, HandsDealt)]
    seats_2 = [(3 - k) % 4 for k in range(16)]
    assert seats_2[:4] == [3, 2, 1, 0]
    assert seats_2[15] == 0
    assert second == HandsDealt(
        3, tuple(tuple(deck[16 + k] for k in range(16) if seats_2[k] == s) for s in range(4))
    )
    assert GAME.to_act(state) == (0,)
    assert dealt_deal(state.deal).trump == trump.suit
    assert not any(isinstance(e, TrumpTurned) for e in events)
    state, events = play_tricks(state, 4)
    assert state.next_dealer == 0  # the next deal: 2 + 2


def jack_turned_seed_and_cut() -> tuple[bytes, int]:
    """A seed and a cut that put JS at card 15 (the trump card of half 1)."""
    for n in range(100):
        seed = bytes([n])
        at = by_hand_deck(seed, 0).index(card("JS"))
        if (at - 15) % 32:
            return seed, (at - 15) % 32
    raise AssertionError("no seed")


def test_kz_10_example_19_a_jack_turned_names_the_trump_suit_and_stays_a_jack() -> None:
    seed, cut = jack_turned_seed_and_cut()
    state = new_game(Options(), 0)
    state, _ = apply(state, ShuffleDeck(seed))
    state, events = apply(state, CutDeck(3, cut))
    assert events[-1] == TrumpTurned(card("JS"), 1)
    deal = dealt_deal(state.deal)
    assert deal.trump is Suit.SPADES
    # A later trick led by seat 2: AS, 7S, JD, KS; seat 0's JD wins over the trumps.
    _, events = play(position(["JD", "JS KS", "AS", "7S"], "JS", leader=2), "AS 7S JD KS")
    assert events[-1].payload() == {"winner": 0, "points": 17}


def test_kz_11_half_2_is_dealt_by_the_next_player_at_once_after_trick_4() -> None:
    state, _ = cut_deal(Options(), dealer=1, position=20)
    deck = by_hand_deck(SEED, 20)
    state, events = play_tricks(state, 3)
    state, events = play_tricks(state, 1)
    assert isinstance(events[-2], TrickTaken)
    winner = events[-2].winner
    assert events[-1] == HandsDealt(
        2, tuple(tuple(deck[16 + k] for k in range(16) if (2 - k) % 4 == s) for s in range(4))
    )
    assert winner != 3
    assert GAME.to_act(state) == (3,)  # dealer + 2 leads, not the winner of trick 4
    assert dealt_deal(state.deal).undealt == ()
    view = GAME.view_for(state, 0)
    assert view.game.half == 2
    assert view.dealer == 1  # the deal's dealer stays half 1's
    assert view.game.dealers == (1, 2)


def test_kz_12_stock_deals_clockwise_from_l_and_turns_card_16_under_the_stock() -> None:
    state, events = cut_deal(STOCK, dealer=1, position=3)
    deck = by_hand_deck(SEED, 3)
    hands = tuple(tuple(deck[k] for k in range(16) if (2 + k) % 4 == s) for s in range(4))
    assert events[1] == HandsDealt(1, hands)
    assert hands[2][0] == deck[0]  # L = seat 2 gets the first card
    assert events[2] == TrumpTurned(deck[16], None)
    deal = dealt_deal(state.deal)
    assert deal.undealt == (*deck[17:], deck[16])  # drawn from the top, the trump card last
    assert deal.trump == deck[16].suit
    assert GAME.view_for(state, None).stock == StockView(16, deck[16])
    assert GAME.to_act(state) == (2,)


def stock_trick_4(winner_cards: str) -> GameState:
    """`stock`, hearts trump: three tricks taken, four cards left in the stock (the trump
    card 9H last), and trick 4 to play from seat 0."""
    taken = tuple(TakenTrick(0, (), 0, 0) for _ in range(3))
    hands = winner_cards.split()
    return position(hands, "9H", leader=0, options=STOCK, undealt="AS KD QC 9H", taken=taken)


def test_kz_13_example_11_draws_from_the_winner_clockwise_and_the_trump_card_last() -> None:
    state = stock_trick_4("7C JC 8D 7D")
    state, events = play(state, "7C JC 8D 7D")
    assert events[-5] == TrickTaken(1, 2)
    assert events[-4:] == [
        CardDrawn(1, card("AS"), False),
        CardDrawn(2, card("KD"), False),
        CardDrawn(3, card("QC"), False),
        CardDrawn(0, card("9H"), True),  # seat 0 draws the face-up trump card
    ]
    assert GAME.to_act(state) == (1,)  # the winner leads trick 5
    assert GAME.view_for(state, 2).game.trump_holder == 0  # public
    assert card("9H") in GAME.revealed_to(state, 2)
    assert GAME.view_for(state, 2).stock == StockView(0, None)
    # The other draws are the drawers' own.
    assert events[-4].payload_for(2) == {"seat": 1, "face_up": False}
    assert events[-4].payload_for(1) == {"seat": 1, "card": "AS", "face_up": False}
    assert events[-1].payload_for(None) == {"seat": 0, "card": "9H", "face_up": True}
    state, events = play(state, "AS KD QC 9H")
    assert not any(isinstance(e, CardDrawn) for e in events)


def test_kz_13_after_each_early_trick_every_player_draws_one() -> None:
    state, _ = cut_deal(STOCK, dealer=0, position=8)
    for _ in range(4):
        state, events = play_tricks(state, 1)
        taken = next(e for e in events if isinstance(e, TrickTaken))
        drawn = [e.seat for e in events if isinstance(e, CardDrawn)]
        assert drawn == [(taken.winner + i) % 4 for i in range(4)]
        assert [len(h) for h in dealt_deal(state.deal).hands] == [4, 4, 4, 4]
    assert dealt_deal(state.deal).undealt == ()


def test_kz_14_l_leads_first_then_each_trick_s_winner() -> None:
    state, _ = cut_deal(Options(), dealer=3, position=2)
    assert GAME.to_act(state) == (0,)
    for _ in range(3):
        state, events = play_tricks(state, 1)
        assert GAME.to_act(state) == (events[-1].payload()["winner"],)
    state, _ = play_tricks(state, 1)
    assert GAME.to_act(state) == (1,)  # half 2: dealer + 2
