"""Views: what a seat (or a spectator) may know, and nothing more; redacted events."""

from __future__ import annotations

import pytest

from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.errors import IllegalAction
from app.domain.kozel24 import deck
from app.domain.kozel24.events import (
    CardsExchanged,
    DeckShuffled,
    ExchangeAsked,
    HandsDealt,
    LoneTrumpKept,
    PlayedOn,
)
from tests.domain.cardscan import cards_in, whereabouts
from tests.domain.helpers import MIXED, SWEEP, card, deal, first_legal, hand_of, play
from tests.domain.test_refusals import LONE_WITH_CHOICE
from tests.domain.test_rules_decisions import LONE
from tests.domain.trump_order import check_trumps_and_hand


def test_a_seat_sees_its_own_hand_and_only_sizes_of_the_others() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    view = k.view_for(state, 1)
    assert {str(c) for c in view.hand or ()} == set(MIXED[1].split())
    assert view.hand_sizes == (6, 6, 6, 6)
    assert cards_in(whereabouts(view)) == set(MIXED[1].split())
    assert view.legal_actions == ()
    assert k.view_for(state, 0).legal_actions == k.legal_actions(state, 0)


def test_the_public_view_holds_no_hand() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    view = k.view_for(state, None)
    assert view.hand is None
    assert cards_in(whereabouts(view)) == set()
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
    assert cards_in(whereabouts(public)) == {"AS", "KS", "6D", "KC", "QH"}
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
        assert "KC" not in cards_in(whereabouts(k.view_for(state, seat)))
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


def _beats(card: Card, led: Card) -> bool:
    """K-12 as the engine takes a trick (on card indices): `card` played on `led` wins."""
    return deck.winning_position((deck.INDEX[led], deck.INDEX[card])) == 1


def test_k3_the_view_names_the_twelve_trumps_and_holds_the_hand_in_their_order() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    for seat in range(4):
        view = k.view_for(state, seat)
        assert [str(c) for c in view.trumps[:3]] == ["6C", "QC", "QS"]
        assert len(view.trumps) == 12
        check_trumps_and_hand(view, deck.CARDS, _beats)
    assert [str(c) for c in k.view_for(state, 0).hand or ()] == [
        "6C",
        "JD",
        "AS",
        "10S",
        "KH",
        "6H",
    ]
    assert k.view_for(state, None).trumps == k.view_for(state, 0).trumps  # the rules: public


def test_k11_the_view_says_why_each_card_of_the_hand_is_refused() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = play(state, "AS")  # seat 0 leads A♠; seat 1 holds 6♠ and K♠
    view = k.view_for(state, 1)
    assert {str(r.card) for r in view.refused} == {"QC", "AH", "10H", "JH"}
    for refusal in view.refused:
        assert (refusal.reason.code, refusal.reason.rules) == ("follow_suit", ("K-11",))
        with pytest.raises(IllegalAction) as refused:
            k.decide(state, k.PlayCard(1, refusal.card))
        assert refused.value.reason == refusal.reason
    (queen,) = (r.reason for r in view.refused if str(r.card) == "QC")
    assert (
        queen.en
        == "you may not play Q♣ now: A♠ was led and you hold spades, so you play one of them"
    )
    assert queen.ru == "сейчас нельзя ходить Д♣: зашли с Т♠, а у вас есть пики: ходите в масть ♠"  # noqa: RUF001
    assert k.view_for(state, 2).refused == ()  # not its turn: no card of its is refused
    assert view.pick is None


def test_k7_the_first_lead_refuses_every_card_but_the_ace_of_diamonds() -> None:
    state = deal(MIXED, dealer=3, deal_no=1)
    (leader,) = k.to_act(state)
    view = k.view_for(state, leader)
    assert len(view.refused) == 5
    assert {r.reason.code for r in view.refused} == {"first_lead"}
    assert all("Т♦" in r.reason.ru and "A♦" in r.reason.en for r in view.refused)  # noqa: RUF001


def test_k9_the_partners_give_refuses_its_trumps_while_it_holds_a_plain_card() -> None:
    state = deal(LONE_WITH_CHOICE, dealer=3, deal_no=2)  # seat 0's lone trump is J♦
    state, _ = k.apply(state, k.DecideExchange(0, True))
    view = k.view_for(state, 2)
    assert {str(r.card) for r in view.refused} == {"6C", "QC"}
    assert {(r.reason.code, r.reason.rules) for r in view.refused} == {("give_plain", ("K-9",))}
    for refusal in view.refused:
        with pytest.raises(IllegalAction) as refused:
            k.decide(state, k.GiveCard(2, refusal.card))
        assert refused.value.reason == refusal.reason


def test_k17_the_result_gives_each_team_its_place() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    state, _ = k.apply(state, k.Resign(1))
    result = k.view_for(state, None).result
    assert result is not None
    assert (result.winner, result.loser, result.places, result.reason) == (
        0,
        1,
        (1, 2),
        "resigned",
    )
    for seat in (0, 1, None):
        view = k.view_for(state, seat)  # the game is over: no deal is on view
        assert (view.hand or (), view.trumps, view.trick) == ((), (), None)


def test_k10_the_summary_of_a_voided_deal_names_the_seat_that_claimed() -> None:
    state = deal(SWEEP, dealer=3, deal_no=2)  # seat 0 holds every queen
    state, _ = k.apply(state, k.ClaimNoQueens(3))
    summary = k.view_for(state, 0).last_deal
    assert summary is not None
    assert (summary.reason, summary.claimed_by, summary.written_on) == ("no_queens", 3, None)
