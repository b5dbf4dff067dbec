"""S66-13 and S66-26: what the players see during a deal, and everything once it is over."""

from __future__ import annotations

import pytest

from app.domain.cards import Card, Suit
from app.domain.commands import Resign, ShuffleDeck
from app.domain.errors import IllegalAction
from app.domain.sixty_six import GAME, CutDeck, DealEnd, Options, Phase, PlayCard
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.events import CardDrawn, CardsDealt, DeckShuffled, StockClosed
from app.domain.sixty_six.options import DeckKind
from app.domain.sixty_six.state import GameState
from app.domain.view import Face, View
from tests.domain.cardscan import cards_in, whereabouts
from tests.domain.sixty_six.helpers import DEFAULT, act, card, cards, dealt, position, started
from tests.domain.trump_order import check_trumps_and_hand

N = "10H AS KD JS QS JD"
D = "AH 9C KH 10S QH 10D"
STOCK = "AC 10C KC QC 9S KS JH 9H AD QD 9D"


def opening(options: Options = DEFAULT) -> GameState:
    return dealt((N, D), "JC", STOCK, options=options)


def codes(value: object) -> set[str]:
    """The cards `value` shows (of a view: those it places, `whereabouts`)."""
    return cards_in(whereabouts(value) if isinstance(value, View) else value)


def test_s66_13_a_seat_sees_its_hand_and_the_trump_card_only() -> None:
    state = opening()
    view = GAME.view_for(state, 0)
    assert set(view.hand or ()) == set(cards(N))
    assert view.hand_sizes == (6, 6)
    assert view.stock is not None
    assert (view.stock.size, view.stock.trump_card) == (12, card("JC"))
    assert codes(view) == set(N.split()) | {"JC"}
    public = GAME.view_for(state, None)
    assert public.hand is None
    assert public.legal_actions == ()
    assert codes(public) == {"JC"}


def test_s66_13_the_last_trick_shows_until_the_next_card_is_played() -> None:
    state, _ = act(opening(), "lead 0 10H", "play 1 AH", "draw 1")
    for viewer in (0, 1, None):
        last = GAME.view_for(state, viewer).last_trick
        assert last is not None
        assert (last.leader, last.winner, last.points) == (0, 1, 21)
        assert [p.cards for p in last.plays] == [(card("10H"),), (card("AH"),)]
        assert all(p.face is Face.UP for p in last.plays)
    state, _ = act(state, "lead 1 10S")
    assert GAME.view_for(state, 0).last_trick is None
    assert "AH" not in codes(GAME.view_for(state, 0))
    trick = GAME.view_for(state, 0).trick
    assert trick is not None
    assert trick.plays[0].cards == (card("10S"),)


def test_s66_13_soft_lets_a_player_review_his_own_taken_cards() -> None:
    state, _ = act(opening(), "lead 0 10H", "play 1 AH", "draw 1", "lead 1 10S", "play 0 AS")
    state, _ = act(state, "draw 0", "lead 0 KD")
    own = GAME.view_for(state, 1).game.taken
    assert own is not None
    assert [t.points for t in own] == [21]
    assert "AH" in codes(GAME.view_for(state, 1))
    assert "AH" not in codes(GAME.view_for(state, 0))  # the other's taken tricks lie face down
    assert GAME.view_for(state, None).game.taken is None
    assert GAME.view_for(state, 0).game.tricks_won == (1, 1)


def test_s66_13_hard_shows_only_the_last_trick() -> None:
    state, _ = act(opening(Options(strictness="hard")), "lead 0 10H", "play 1 AH", "draw 1")
    assert GAME.view_for(state, 1).game.taken is None
    assert GAME.view_for(state, 1).last_trick is not None
    state, _ = act(state, "lead 1 10S")
    assert {"AH", "10H"} & codes(GAME.view_for(state, 1)) == set()


def test_s66_13_the_counted_score_is_never_shown_unless_auto_out() -> None:
    state, events = act(opening(), "lead 0 10H", "play 1 AH", "close 1")
    assert events[-1] == StockClosed(1, 0, False, True)
    for viewer in (0, 1, None):
        game = GAME.view_for(state, viewer).game
        assert game.points is None
        assert game.closing is not None
        assert game.closing.opponent_points is None
    for viewer in (0, 1, None):
        payload = events[-1].payload_for(viewer)
        assert payload is not None
        assert "opponent_points" not in payload
    auto, _ = act(opening(Options(auto_out=True)), "lead 0 10H", "play 1 AH", "close 1")
    game = GAME.view_for(auto, 0).game
    assert game.points == (0, 21)
    assert game.closing is not None
    assert game.closing.opponent_points == 0


def test_s66_13_a_marriages_shown_card_is_public_until_played() -> None:
    state = dealt(
        ("KH QH 9S JS 10H QS", "AH JH 10D 9H AS 10S"), "AC", "KD QD JD 9D KS QC JC 10C KC AD 9C"
    )
    state, _ = act(state, "declare 0 H", "lead 0 QH")
    assert GAME.view_for(state, 1).game.shown == ((card("KH"),), ())
    assert "KH" in codes(GAME.view_for(state, 1))
    state, _ = act(state, "play 1 AH", "draw 1", "lead 1 10S", "play 0 KH")
    assert GAME.view_for(state, 1).game.shown == ((), ())


def test_s66_13_the_trump_card_shows_until_drawn_or_turned_down() -> None:
    state, _ = act(opening(), "lead 0 10H", "play 1 AH", "close 1")
    view = GAME.view_for(state, 0)
    assert view.stock is not None
    assert view.stock.trump_card is None
    assert "JC" not in codes(view)
    assert card("JC") in GAME.revealed_to(state, 0)  # both saw it; it is no longer shown


def test_s66_13_events_hide_the_other_hand_the_stock_and_the_seed() -> None:
    state, events = act(started(first_dealer=1), ShuffleDeck(b"secret"))
    shuffled = events[0]
    assert isinstance(shuffled, DeckShuffled)
    assert "seed" not in (shuffled.payload_for(0) or {})
    state, events = act(state, CutDeck(0, 4))
    dealt_event = events[1]
    assert isinstance(dealt_event, CardsDealt)
    assert state.deal is not None
    for viewer in (0, 1):
        seen = codes(dealt_event.payload_for(viewer))
        assert seen == {str(c) for c in state.deal.hands[viewer]} | {str(dealt_event.trump_card)}
    assert codes(dealt_event.payload_for(None)) == {str(dealt_event.trump_card)}
    drawn = CardDrawn(0, card("AC"), False)
    assert drawn.payload_for(1) == {"seat": 0, "face_up": False}
    assert codes(CardDrawn(1, card("JC"), True).payload_for(0)) == {"JC"}


def test_s66_26_when_a_deal_ends_everything_is_shown() -> None:
    state, events = act(opening(), "lead 0 10H", "play 1 AH", "claim_out 1")
    assert state.phase is Phase.SHUFFLE
    scored = events[-1]
    assert scored.payload_for(0) == scored.payload()  # public: the deal is over
    for viewer in (0, 1, None):
        view = GAME.view_for(state, viewer)
        assert view.last_deal is not None
        assert view.last_deal.points == (0, 21)
        assert view.last_deal.reason is DealEnd.FALSE_CLAIM
        ended = view.game.ended
        assert ended is not None
        assert set(ended.held[0]) == set(cards(N)) - {card("10H")}
        assert set(ended.held[1]) == set(cards(D)) - {card("AH")}
        assert ended.stock == (*cards(STOCK), card("JC"))
        assert [t.points for t in ended.tricks] == [21]
    state, _ = act(state, ShuffleDeck(b"next deal"))
    assert GAME.view_for(state, 0).game.ended is None  # the next deal's cards are its own


def test_s66_26_the_deal_record() -> None:
    state, log = act(started(first_dealer=0), ShuffleDeck(b"recorded"))
    state, more = act(state, CutDeck(1, 13))
    assert state.deal is not None
    dealt_hands = state.deal.hands
    leader = state.deal.leader
    state, rest = act(state, f"lead {leader} {state.deal.hands[leader][0]}")
    assert state.deal is not None
    follower = 1 - leader
    state, rest2 = act(state, f"play {follower} {state.deal.hands[follower][0]}")
    winner = GAME.to_act(state)[0]
    state, rest3 = act(state, f"claim_out {winner}")
    record = GAME.deal_record(log + more + rest + rest2 + rest3)
    assert record.deck == GAME.deck_after_cut(Options(), b"recorded", 13)
    assert record.cut == 13
    assert record.dealer == 0
    assert record.seed == b"recorded"
    assert record.hands == dealt_hands
    assert GAME.redeal(record) == record.hands
    assert len(record.tricks) == 1
    assert record.tricks[0].winner == winner
    assert all(p.face is Face.UP and p.cards for p in record.tricks[0].plays)
    assert record.outcome == state.last_deal


def test_s66_3_the_trump_suit_leads_the_hand_and_the_trumps() -> None:
    state = opening()  # J♣ turned up: clubs are trumps
    ranking = DECKS[DeckKind.SIXTY_SIX].ranking(Suit.CLUBS)

    def beats(played: Card, led: Card) -> bool:
        return ranking.winner((led, played)) == 1  # as `decide` takes a trick (S66-9)

    for seat in (0, 1):
        view = GAME.view_for(state, seat)
        assert [str(c) for c in view.trumps] == ["AC", "10C", "KC", "QC", "JC", "9C"]
        check_trumps_and_hand(view, DECKS[DeckKind.SIXTY_SIX].cards, beats)
    hand = ["9C", "10S", "AH", "KH", "QH", "10D"]  # trumps, then ♠ ♥ ♦ from the highest
    assert [str(c) for c in GAME.view_for(state, 1).hand or ()] == hand


def test_s66_12_the_view_says_why_each_card_is_refused_as_decide_does() -> None:
    state = position(("10H", "AH QH 9C"), "C", stock="")
    state, _ = act(state, "lead 0 10H")
    view = GAME.view_for(state, 1)
    assert {str(r.card) for r in view.refused} == {"QH", "9C"}
    for refusal in view.refused:
        assert (refusal.reason.code, refusal.reason.rules) == ("head_suit", ("S66-12",))
        assert refusal.reason.ru.endswith("бейте 10♥ старшей картой ♥")
        with pytest.raises(IllegalAction) as caught:
            GAME.decide(state, PlayCard(1, refusal.card))
        assert caught.value.reason == refusal.reason


def test_s66_18_after_a_marriage_the_lead_refuses_every_card_but_its_pair() -> None:
    state, _ = act(opening(), "lead 0 10H", "play 1 AH", "draw 1", "declare 1 H")
    view = GAME.view_for(state, 1)
    others = {c for c in view.hand or () if c not in (card("KH"), card("QH"))}
    assert {r.card for r in view.refused} == others
    assert {(r.reason.code, r.reason.rules) for r in view.refused} == {
        ("marriage_lead", ("S66-18",))
    }


def test_s66_27_after_the_match_no_deal_is_on_view() -> None:
    state, _ = act(opening(), Resign(0))
    for seat in (0, 1, None):
        view = GAME.view_for(state, seat)
        assert view.result is not None
        assert view.result.places == (2, 1)
        assert (view.game.trump, view.game.tricks_won) == (None, None)
        assert (view.trumps, view.trick, view.stock) == ((), None, None)
