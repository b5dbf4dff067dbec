"""Views: what a seat (or a spectator) may know, and nothing more; redacted events."""

from __future__ import annotations

from app.domain import kozel24 as k
from app.domain.kozel24.events import (
    CardsExchanged,
    DeckShuffled,
    ExchangeAsked,
    HandsDealt,
    LoneTrumpKept,
    PlayedOn,
)
from tests.domain.cardscan import cards_in
from tests.domain.helpers import MIXED, SWEEP, card, deal, first_legal, hand_of, play
from tests.domain.test_rules_decisions import LONE


def test_a_seat_sees_its_own_hand_and_only_sizes_of_the_others() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    view = k.view_for(state, 1)
    assert {str(c) for c in view.hand or ()} == set(MIXED[1].split())
    assert view.hand_sizes == (6, 6, 6, 6)
    assert cards_in(view) == set(MIXED[1].split())
    assert view.legal_actions == ()
    assert k.view_for(state, 0).legal_actions == k.legal_actions(state, 0)


def test_the_public_view_holds_no_hand() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    view = k.view_for(state, None)
    assert view.hand is None
    assert cards_in(view) == set()
    assert view.legal_actions == ()
    assert view.commitment == state.commitment


def test_played_cards_are_public() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = play(state, "AS KS 6D KC QH")
    public = k.view_for(state, None)
    assert public.trick is not None
    assert [(p.seat, *map(str, p.cards or ())) for p in public.trick.plays] == [(3, "QH")]
    assert public.last_trick is not None
    assert public.last_trick.winner == 3
    assert public.last_trick.points == 19
    assert cards_in(public) == {"AS", "KS", "6D", "KC", "QH"}
    assert public.game.points == (0, 19)
    assert public.game.tricks_taken == (0, 1)


def test_the_seed_never_appears_in_a_view() -> None:
    state = k.replay(k.start_game(k.Options(), 0))
    state, _ = k.apply(state, k.ShuffleDeck(b"the secret seed"))
    for seat in (0, 1, 2, 3, None):
        view = k.view_for(state, seat)
        assert b"the secret seed" not in repr(view).encode()
        assert view.commitment == state.commitment


def test_k9_exchange_cards_are_seen_by_the_two_partners_only() -> None:
    state = deal(LONE, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.DecideExchange(1, True))
    state, _ = k.apply(state, k.GiveCard(3, card("10H")))
    for seat in (1, 3):
        (exchange,) = k.view_for(state, seat).game.exchanges
        assert (exchange.from_seat, exchange.to_seat) == (1, 3)
        assert (str(exchange.trump), str(exchange.given)) == ("KC", "10H")
    for seat in (0, 2, None):
        (exchange,) = k.view_for(state, seat).game.exchanges
        assert (exchange.from_seat, exchange.to_seat, exchange.trump, exchange.given) == (
            1,
            3,
            None,
            None,
        )
        assert "KC" not in cards_in(k.view_for(state, seat))
    assert "10H" in hand_of(state, 1)


def test_k9_k10_open_options_are_private_in_to_act() -> None:
    state = deal(LONE, dealer=3, deal_no=2)  # seat 1: lone trump; team 1: no queen
    assert k.view_for(state, 1).to_act == (1, 3)
    assert k.view_for(state, 3).to_act == (1, 3)  # the team's claim is open to both
    assert k.view_for(state, 0).to_act == ()
    assert k.view_for(state, None).to_act == ()
    state, _ = k.apply(state, k.PlayOn(3))
    assert k.view_for(state, 3).to_act == ()  # seat 1's lone trump is its own secret
    assert k.view_for(state, 1).to_act == (1,)
    state, _ = k.apply(state, k.DecideExchange(1, True))
    assert k.view_for(state, 3).to_act == (3,)
    assert k.view_for(state, 1).to_act == (3,)  # the asker sees the give it is owed
    assert k.view_for(state, 0).to_act == ()


def test_events_say_only_what_a_viewer_may_know() -> None:
    hands = tuple(tuple(card(c) for c in hand.split()) for hand in MIXED)
    dealt = HandsDealt(hands)
    assert dealt.payload_for(2) == {"hand_sizes": [6, 6, 6, 6], "seat": 2, "hand": MIXED[2].split()}
    assert dealt.payload_for(None) == {"hand_sizes": [6, 6, 6, 6]}
    shuffled = DeckShuffled(3, 1, b"seed", "abc")
    assert shuffled.payload_for(0) == {"deal_no": 3, "dealer": 1, "commitment": "abc"}
    assert "seed" in shuffled.payload()
    exchanged = CardsExchanged(1, 3, card("KC"), card("10H"))
    assert exchanged.payload_for(0) == {"from_seat": 1, "to_seat": 3}
    assert exchanged.payload_for(3) == exchanged.payload()
    assert LoneTrumpKept(1).payload_for(3) is None
    assert LoneTrumpKept(1).payload_for(1) == {"seat": 1}
    assert ExchangeAsked(1).payload_for(3) == {"seat": 1}
    assert ExchangeAsked(1).payload_for(0) is None
    assert PlayedOn(1).payload_for(None) is None
    assert PlayedOn(1).payload_for(3) == {"seat": 1}


def test_between_deals_the_view_shows_the_last_deal() -> None:
    state = deal(SWEEP, dealer=0, deal_no=2)
    state, _ = k.apply(state, k.ClaimNoQueens(1))
    view = k.view_for(state, 0)
    assert view.phase is k.Phase.SHUFFLE
    assert view.hand == ()
    assert view.last_deal is not None
    assert view.last_deal.reason == "no_queens"


def test_a_taken_trick_looks_the_same_to_everyone_and_the_trick_follows_the_cards() -> None:
    """Every viewer, now and at later versions, sees a taken trick with its cards, the seat
    of each, its winner and points; the current trick's view follows the cards played, with
    the seat of each (K-11, K-12)."""
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = play(state, "AS KS 6D KC QH")
    views = [k.view_for(state, seat) for seat in (0, 1, 2, 3, None)]
    first = views[0].game.tricks[0]
    assert all(view.game.tricks == (first,) and view.last_trick == first for view in views)
    assert [(p.seat, *map(str, p.cards or ())) for p in first.plays] == [
        (0, "AS"),
        (1, "KS"),
        (2, "6D"),
        (3, "KC"),
    ]
    assert (first.winner, first.points) == (3, 19)
    trick = views[0].trick
    assert trick is not None
    assert trick.winner is None
    assert [(p.seat, *map(str, p.cards or ())) for p in trick.plays] == [(first.winner, "QH")]
    later = k.view_for(first_legal(state), 2)
    assert later.trick is not None
    assert len(later.trick.plays) == 2
    assert later.game.tricks == (first,)
