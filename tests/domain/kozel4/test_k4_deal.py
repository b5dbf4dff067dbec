"""K4-6 … K4-10: the dealer, the deal and the stock, the shown trump, the first leader, the
hand-off."""

from __future__ import annotations

from collections import Counter

import pytest

from app.domain.commands import ShuffleDeck
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel4 import GAME
from app.domain.kozel4.commands import Claim, GiveBack, Keep, Lead, Offer
from app.domain.kozel4.deck import shown_position
from app.domain.kozel4.events import CardsExchanged, TrumpShown, TrumpsKept, TrumpsOffered
from app.domain.kozel4.options import Options
from app.domain.kozel4.state import GameState
from app.domain.multitrick.deck import shuffled
from app.domain.multitrick.events import DealScored, DeckShuffled, GameStarted, HandsDealt
from app.domain.multitrick.series import Phase
from app.domain.options import encode_options
from tests.domain.kozel4.helpers import cards, play, position
from tests.domain.multitrick.positions import play_out_deal as shared_play_out_deal
from tests.domain.multitrick.positions import started as shared_started


def started(options: Options | None = None, first_dealer: int = 0) -> GameState:
    state: GameState = shared_started(GAME, options or Options(), 4, first_dealer)
    return state


def play_out_deal(state: GameState, seed: int = 0) -> GameState:
    done: GameState = shared_play_out_deal(GAME, state, seed)
    return done


def test_k4_6_the_first_dealer_is_the_tables_then_the_deal_passes_clockwise() -> None:
    [event] = GAME.start_game(Options(), 4, 3)
    assert event == GameStarted(encode_options(Options()), 4, 3)
    state = started(first_dealer=3)
    dealers = []
    for n in range(3):
        state, events = play(state, ShuffleDeck(bytes([n + 1])))
        dealers.append(events[0].dealer)  # type: ignore[attr-defined]
        state = play_out_deal(state)
    assert dealers == [3, 0, 1]


def test_k4_7_four_cards_each_one_at_a_time_from_the_dealers_left_no_cut() -> None:
    state = started(first_dealer=2)
    state, events = play(state, ShuffleDeck(b"seven"))
    deck = shuffled(b"seven")
    assert GAME.deck_after_cut(Options(), b"seven", None) == deck
    dealt = next(e for e in events if isinstance(e, HandsDealt))
    assert dealt.hands[3] == deck[0:16:4]  # the player after the dealer gets the first card
    assert dealt.hands[2] == deck[3:16:4]  # the dealer gets the 16th
    assert dealt.stock == deck[16:]
    assert len(dealt.stock) == 20
    assert state.phase is Phase.PLAY
    assert GAME.view_for(state, 0).stock.size == 20  # type: ignore[union-attr]
    assert "cut" not in GAME.commands.types


def test_k4_8_the_trump_card_is_shown_from_the_middle_of_the_stock_and_stays_in_view() -> None:
    state = started()
    state, events = play(state, ShuffleDeck(b"eight"))
    [shown] = [e for e in events if isinstance(e, TrumpShown)]
    stock = next(e for e in events if isinstance(e, HandsDealt)).stock
    assert 1 <= shown.position <= 18
    assert shown.position == shown_position(b"eight")
    assert stock[shown.position] == shown.card  # it goes back to its place in the stock
    assert state.running.board.stock == stock
    assert shown.payload_for(0) == {"card": str(shown.card)}  # where it lies is secret
    for viewer in (0, 1, 2, 3, None):
        view = GAME.view_for(state, viewer)
        assert view.stock.trump_card == shown.card  # type: ignore[union-attr]
        assert view.game.trump is shown.card.suit
    # It stays in view after someone has drawn it, to the end of the deal.
    while shown.card in state.running.board.stock:
        seat = GAME.to_act(state)[0]
        state, _ = play(state, GAME.clock_default(state, seat, 0))
    assert GAME.view_for(state, None).stock.trump_card == shown.card  # type: ignore[union-attr]
    # The deal record keeps the position with the deck.
    log = list(GAME.start_game(Options(), 4, 0))
    replayed = started()
    log_events = [*log]
    replayed, deal = play(replayed, ShuffleDeck(b"eight"))
    log_events += deal
    while GAME.deal_running(replayed):
        seat = GAME.to_act(replayed)[0]
        replayed, more = play(replayed, GAME.clock_default(replayed, seat, 0))
        log_events += more
    record = GAME.deal_record(log_events)
    assert record.game.position == shown.position
    assert record.game.trump_card == shown.card
    assert record.deck[16 + shown.position] == shown.card


def test_k4_8_the_position_is_uniform_over_the_middle_eighteen() -> None:
    counts = Counter(shown_position(n.to_bytes(4, "big")) for n in range(18_000))
    assert set(counts) == set(range(1, 19))
    assert min(counts.values()) > 800  # about 1000 each


def test_k4_8_under_ladder_no_card_is_shown() -> None:
    state = started(Options(ladder=True))
    state, events = play(state, ShuffleDeck(b"eight"))
    assert not any(isinstance(e, TrumpShown) for e in events)
    view = GAME.view_for(state, 0)
    assert view.stock.trump_card is None
    assert view.game.trump is None


def test_k4_9_first_leaders_example_12() -> None:
    """Deal 1: the dealer leads. Later: the taker of the last trick, unless `dealer_leads`."""
    state = position(["6C", "7C", "8C", "9C"], dealer=3)
    assert GAME.to_act(state) == (3,)
    state = position(["6C", "7C", "8C", "9C"], dealer=0, deal_no=2, next_leader=1)
    assert GAME.to_act(state) == (1,)
    state = position(
        ["6C", "7C", "8C", "9C"],
        dealer=0,
        deal_no=2,
        next_leader=1,
        options=Options(dealer_leads=True),
    )
    assert GAME.to_act(state) == (0,)


def test_k4_9_the_last_tricks_taker_leads_the_next_deal() -> None:
    state = started(first_dealer=1)
    state, _ = play(state, ShuffleDeck(b"nine"))
    assert GAME.to_act(state) == (1,)
    state = play_out_deal(state)
    taker = state.running.board.last_trick.owner  # type: ignore[union-attr]
    state, _ = play(state, ShuffleDeck(b"ten"))
    assert GAME.to_act(state) == (taker,)


HANDOFF = Options(handoff=True)
EXAMPLE_14 = ["6H AS KD 9C", "7S 8S 9S 6D", "QH 10S 8D 7C", "AD 10D JD 9D"]


def test_k4_10_handoff_example_14() -> None:
    state = position(EXAMPLE_14, trump="KH", options=HANDOFF)
    assert state.phase is Phase.DECISIONS
    assert GAME.to_act(state) == (0, 2)  # seats 1 and 3 hold no trump
    state, [offered] = play(state, Offer(0))
    assert offered == TrumpsOffered(0, cards("6H"))
    assert offered.payload_for(1) is None
    assert offered.payload_for(2) == {"seat": 0, "count": 1}
    # Seat 2 was dealt one trump himself, but after the offer he has no option of his own.
    assert GAME.legal_actions(state, 2) == tuple(GiveBack(2, cards(c)) for c in ("7C", "10S", "8D"))
    for wrong in ("QH", "6H", "10S 8D"):
        with pytest.raises(IllegalAction, match="K4-10"):
            GAME.decide(state, GiveBack(2, cards(wrong)))
    state, [exchanged] = play(state, GiveBack(2, cards("10S")))
    assert exchanged == CardsExchanged(0, 2, cards("6H"), cards("10S"))
    assert set(state.running.board.hands[0]) == set(cards("10S AS KD 9C"))
    assert set(state.running.board.hands[2]) == set(cards("QH 6H 8D 7C"))
    assert exchanged.payload_for(3) == {"from_seat": 0, "to_seat": 2, "count": 1}
    view = GAME.view_for(state, 1)
    assert [(e.from_seat, e.to_seat, e.count, e.trumps) for e in view.game.exchanges] == [
        (0, 2, 1, None)
    ]
    assert GAME.view_for(state, 2).game.exchanges[0].given == cards("10S")
    assert state.phase is Phase.PLAY
    assert GAME.to_act(state) == (0,)


def test_k4_10_the_partner_gives_non_trumps_first_then_his_own_trumps() -> None:
    hands = ["6H 7H AS KD", "7S 8S 9S 6D", "QH KH 10H 8D", "AD 10D JD 9D"]
    state = position(hands, trump="AH", options=HANDOFF)
    state, _ = play(state, Offer(0))
    assert set(GAME.legal_actions(state, 2)) == {
        GiveBack(2, cards(c)) for c in ("10H 8D", "KH 8D", "QH 8D")
    }


def test_k4_10_a_keep_is_private_and_leaves_the_partners_option_open() -> None:
    hands = ["6H AS KD 9C", "7S 8S 9S 6D", "QH 10S 8D 7C", "AD 10D JD 9D"]
    state = position(hands, trump="KH", options=HANDOFF)
    state, [kept] = play(state, Keep(0))
    assert kept == TrumpsKept(0)
    assert kept.payload_for(2) is None
    assert GAME.legal_actions(state, 2) == (Offer(2), Keep(2))
    assert GAME.view_for(state, 0).to_act == ()  # the partner's option is his secret
    assert GAME.view_for(state, 2).to_act == (2,)
    # The first lead waits, and so does a claim.
    with pytest.raises(NotYourTurn, match="K4-10"):
        GAME.decide(state, Lead(0, cards("AS")))
    state, _ = play(state, Offer(2))
    assert GAME.view_for(state, 2).to_act == (0,)  # the offerer knows his partner owes him
    assert GAME.view_for(state, 1).to_act == ()
    state, _ = play(state, GiveBack(0, cards("9C")))
    assert set(state.running.board.hands[0]) == set(cards("6H AS KD QH"))
    assert state.phase is Phase.PLAY


def test_k4_10_one_handoff_per_team_and_both_teams_decide_apart() -> None:
    hands = ["6H AS KD 9C", "7H 8S 9S 6D", "QH 10S 8D 7C", "AD 10D JD 9D"]
    state = position(hands, trump="KH", options=HANDOFF)
    assert GAME.to_act(state) == (0, 1, 2)
    state, _ = play(state, Offer(2))
    assert GAME.legal_actions(state, 0) == tuple(GiveBack(0, cards(c)) for c in ("9C", "AS", "KD"))
    state, _ = play(state, Keep(1))
    assert GAME.to_act(state) == (0,)


def test_k4_10_a_molodka_is_judged_after_the_exchanges() -> None:
    hands = ["6H AS KS 9S", "7C 8C 9C 6D", "QH 10S 8D 7C", "AD 10D JD 9D"]
    state = position([*hands[:2], "QH 10S 8D JC", "AD 10D JD 9D"], trump="KH", options=HANDOFF)
    assert GAME.legal_actions(state, 1) == ()  # no claim during the decisions
    state, _ = play(state, Offer(0), GiveBack(2, cards("10S")))
    assert Claim(0, cards("AS 10S KS 9S")) in GAME.legal_actions(state, 0)


def test_k4_10_without_the_option_there_is_no_decision_phase() -> None:
    state = position(EXAMPLE_14, trump="KH")
    assert state.phase is Phase.PLAY
    assert GAME.legal_actions(state, 2) == ()


def test_k4_10_the_clock_keeps_and_gives_back_the_lowest_legal_cards() -> None:
    state = position(EXAMPLE_14, trump="KH", options=HANDOFF)
    assert GAME.clock_default(state, 0, 0) == Keep(0)
    state, _ = play(state, Offer(0))
    assert GAME.clock_default(state, 2, 0) == GiveBack(2, cards("7C"))
    hands = ["6H 7H AS KD", "7S 8S 9S 6D", "QH KH 10H 8D", "AD 10D JD 9D"]
    state, _ = play(position(hands, trump="AH", options=HANDOFF), Offer(0))
    assert GAME.clock_default(state, 2, 0) == GiveBack(2, cards("QH 8D"))


def test_k4_10_the_whole_deal_runs_with_handoffs() -> None:
    state = started(HANDOFF)
    for n in range(20):
        state, _ = play(state, ShuffleDeck(bytes([n])))
        while GAME.deal_running(state):
            seat = GAME.to_act(state)[0]
            state, events = play(state, GAME.clock_default(state, seat, 0))
        assert isinstance(events[-1], DealScored) or GAME.is_terminal(state)
        if GAME.is_terminal(state):
            break


def test_deck_shuffled_hides_the_seed() -> None:
    event = DeckShuffled(1, 0, b"secret", "c0ffee")
    assert "seed" not in (event.payload_for(0) or {})
