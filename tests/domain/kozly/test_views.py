"""KZ-15: what players see. Played cards face up; the last trick until the next card; only
the holder sees a hand; the trump card public; each seat its own running card points only,
all four after the deal; in `stock` the carried totals public. And the view's envelope."""

from __future__ import annotations

from app.domain.cards import Card, Suit
from app.domain.commands import Resign, ShuffleDeck
from app.domain.kozly import GAME, CutDeck, Options, Phase, PlayCard, deck
from app.domain.kozly.events import TrickTaken
from app.domain.kozly.state import TakenTrick
from app.domain.view import Play, StockView, TrickView
from tests.domain.kozly.helpers import SEED, apply, card, count_deal, new_game, play, position
from tests.domain.trump_order import check_trumps_and_hand


def test_kz_15_played_cards_are_face_up_and_the_last_trick_shows_until_the_next_card() -> None:
    state = position(["AS 7C", "7H 8C", "JD 9C", "KS 10C"], "9H", leader=1)
    state, _ = play(state, "7H JD")
    for viewer in (0, 3, None):
        trick = GAME.view_for(state, viewer).trick
        assert trick == TrickView(1, (Play.up(1, card("7H")), Play.up(2, card("JD"))))
    state, _ = play(state, "KS AS")
    view = GAME.view_for(state, 0)
    assert view.trick == TrickView(2, ())
    assert view.last_trick is not None
    assert view.last_trick.winner == 2
    assert [p.cards for p in view.last_trick.plays] == [
        (card("7H"),),
        (card("JD"),),
        (card("KS"),),
        (card("AS"),),
    ]
    state, _ = play(state, "9C")
    assert GAME.view_for(state, 0).last_trick is None  # gone face down with its winner


def test_kz_15_only_the_holder_sees_his_hand() -> None:
    state = position(["AS 7C", "7H 8C", "JD 9C", "KS 10C"], "9D", leader=1)
    for seat in range(4):
        view = GAME.view_for(state, seat)
        assert set(view.hand or ()) == set(state.deal.hands[seat])  # type: ignore[union-attr]
        assert view.hand_sizes == (2, 2, 2, 2)
    assert GAME.view_for(state, None).hand is None
    assert GAME.view_for(state, None).legal_actions == ()


def test_kz_15_each_seat_sees_its_own_running_points_only() -> None:
    taken = (TakenTrick(0, (), 1, 25), TakenTrick(1, (), 3, 17))
    state = position(["AS", "KS", "JD", "8D"], "9H", leader=3, taken=taken)
    assert GAME.view_for(state, 1).game.points == (None, 25, None, None)
    assert GAME.view_for(state, 3).game.points == (None, None, None, 17)
    assert GAME.view_for(state, 0).game.points == (0, None, None, None)
    assert GAME.view_for(state, None).game.points == (None, None, None, None)
    state, events = play(state, "8D AS KS JD")
    assert events[-1] == TrickTaken(2, 17)
    # The trick's points are its winner's: the others see who took it, not how much.
    assert GAME.view_for(state, 2).last_trick.points == 17  # type: ignore[union-attr]
    assert GAME.view_for(state, 0).last_trick.points is None  # type: ignore[union-attr]
    assert events[-1].payload_for(2) == {"winner": 2, "points": 17}
    assert events[-1].payload_for(0) == {"winner": 2}
    assert events[-1].payload_for(None) == {"winner": 2}


def test_kz_15_all_four_totals_are_shown_after_the_deal() -> None:
    state = new_game(Options(), 0)
    state, _ = count_deal(state, (62, 8, 30, 20))
    for viewer in (0, 1, None):
        view = GAME.view_for(state, viewer)
        assert view.last_deal.points == (62, 8, 30, 20)  # type: ignore[attr-defined]
        assert view.game.points == (None, None, None, None)  # no deal is running


def test_kz_15_stock_the_carried_totals_are_public() -> None:
    state = new_game(Options(deal_mode="stock"), 0)
    state, _ = count_deal(state, (50, 30, 25, 15))
    state, _ = apply(state, ShuffleDeck(SEED))
    state, _ = apply(state, CutDeck(0, 4))
    for viewer in (0, 2, None):
        assert GAME.view_for(state, viewer).game.carried == (50, 30, 25, 15)
    view = GAME.view_for(state, 2)
    assert view.game.points == (None, None, 0, None)
    assert view.stock == StockView(16, state.deal.trump_card)  # type: ignore[union-attr]


def test_the_view_envelope_of_a_running_deal() -> None:
    state = new_game(Options(), 1)
    view = GAME.view_for(state, 0)
    assert view.phase is Phase.SHUFFLE
    assert (view.deal_no, view.dealer, view.to_act, view.commitment) == (0, None, (), None)
    state, _ = apply(state, ShuffleDeck(SEED))
    view = GAME.view_for(state, 0)
    assert view.phase is Phase.CUT
    assert view.to_act == (0,)
    assert view.game.cutter == 0
    assert len(view.legal_actions) == 31
    assert view.commitment is not None
    assert view.game.trump_card is None
    state, _ = apply(state, CutDeck(0, 13))
    view = GAME.view_for(state, 1)
    assert view.phase is Phase.PLAY
    assert view.deal_no == 1
    assert view.dealer == 1
    assert view.to_act == (2,)
    assert view.scores == (12, 12, 12, 12)
    assert view.stock is None  # `halves` has no stock; half 2 is set aside
    assert view.game.set_aside == 16
    assert view.game.half == 1
    assert view.game.dealers == (1, 2)
    assert view.game.deal_mode == "halves"
    assert view.legal_actions == ()
    assert view.messages_allowed
    hand = GAME.view_for(state, 2).legal_actions
    assert hand == tuple(PlayCard(2, c) for c in state.deal.hands[2])  # type: ignore[union-attr]
    assert view.result is None


def test_kz_15_the_last_trick_of_a_deal_shows_until_the_cards_are_gathered() -> None:
    state, _ = count_deal(new_game(Options(), 0), (70, 10, 20, 20))
    assert state.phase is Phase.SHUFFLE
    shown = GAME.view_for(state, 1).last_trick
    assert shown is not None
    assert shown.winner == 3
    state, _ = apply(state, ShuffleDeck(SEED))  # its cards are in the new deck
    assert GAME.view_for(state, 1).last_trick is None


def test_kz_4_kz_5_the_jacks_and_then_the_trump_suit_lead_the_hand_and_the_trumps() -> None:
    hands = ["AS 7C JH 9H", "7H 8C JS KH", "JD 9C AH 10S", "KS 10C JC QH"]
    state = position(hands, "9H", leader=1)
    ranking = deck.ranking(Suit.HEARTS)

    def beats(played: Card, led: Card) -> bool:
        return ranking.winner([led, played]) == 1  # as `decide` takes a trick (KZ-5)

    for seat in range(4):
        view = GAME.view_for(state, seat)
        assert [str(c) for c in view.trumps] == [
            "JC",
            "JS",
            "JH",
            "JD",
            "AH",
            "10H",
            "KH",
            "QH",
            "9H",
            "8H",
            "7H",
        ]
        check_trumps_and_hand(view, deck.DECK, beats)
    assert [str(c) for c in GAME.view_for(state, 0).hand or ()] == ["JH", "9H", "7C", "AS"]
    assert GAME.view_for(state, 0).refused == ()  # KZ-6: any card may be played


def test_kz_19_the_result_gives_every_players_place() -> None:
    state, _ = apply(position(["AS", "7H", "JD", "KS"], "9H", leader=1), Resign(2))
    result = GAME.view_for(state, None).result
    assert result is not None
    assert (result.winner, result.loser, result.reason) == (None, 2, "resigned")
    assert result.places == (1, 1, 4, 1)  # KZ-20: the resigner last, the others by balance
    assert (GAME.view_for(state, 0).hand, GAME.view_for(state, 0).trumps) == ((), ())
