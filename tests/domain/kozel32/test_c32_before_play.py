"""C32-6 … C32-9: dealer, shuffle and cut; the leading team and the first leader; the boast
question; the plain deal; worked examples 23 and 25."""

from __future__ import annotations

import random

import pytest

from app.domain.commands import ShuffleDeck
from app.domain.dealing import cut_deck, shuffled_deck
from app.domain.errors import IllegalAction, NotYourTurn
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    ChooseLeader,
    Cut,
    DealPlain,
    DeclareBoast,
    GiveCards,
    OfferLastTrump,
    PassRedeal,
)
from app.domain.kozel32.deck import DECK
from app.domain.kozel32.events import DealScored, DeckCut, DeckShuffled, PlayStarted
from app.domain.kozel32.options import Boast
from app.domain.kozel32.plain import blind_cut
from app.domain.kozel32.state import Phase
from tests.domain.kozel32.helpers import (
    C,
    actions,
    apply,
    before_kon,
    cards,
    decline_all,
    plain_deal,
    shuffle,
    table,
    types,
)
from tests.domain.kozel32.playout import Check, play_random_game


def test_c32_6_the_dealer_moves_clockwise_every_kon_and_redeals_himself() -> None:
    game = play_random_game(random.Random(7), {"four_queens_redeal": True}, 4, Check.NONE)
    dealers: dict[int, set[int]] = {}
    for event in game.log:
        if isinstance(event, DeckShuffled):
            dealers.setdefault(event.deal_no, set()).add(event.dealer)
    first = next(iter(dealers[1]))
    assert all(found == {(first + kon - 1) % 4} for kon, found in dealers.items())


def test_c32_6_the_player_counter_clockwise_of_the_dealer_cuts_1_to_31() -> None:
    state = shuffle(table(dealer=2), b"cut")
    assert state.phase is Phase.CUT
    assert GAME.to_act(state) == (1,)
    assert [c.position for c in actions(state, 1)] == list(range(1, 32))
    with pytest.raises(IllegalAction):
        GAME.decide(state, Cut(1, 32))
    with pytest.raises(NotYourTurn):
        GAME.decide(state, Cut(3, 5))
    state, _events = apply(state, Cut(1, 5))
    deck = cut_deck(shuffled_deck(DECK, b"cut"), 5)
    assert GAME.deck_after_cut(state.options, b"cut", 5) == deck
    assert state.deal is not None
    assert state.deal.dealt[3] == deck[0::4]  # the deal starts after the dealer


def test_c32_6_the_server_cuts_for_a_blind() -> None:
    state = shuffle(table(players=3, dealer=0), b"blind")  # seat 3, the blind, cuts
    assert state.phase is Phase.PRE_PLAY or state.phase is Phase.PLAY
    assert state.deal is not None
    assert state.deal.cut == blind_cut(b"blind")
    assert 1 <= blind_cut(b"blind") <= 31


def test_c32_6_the_mirror_has_no_cut_of_its_own() -> None:
    state = shuffle(before_kon(2, leading_side=1, dealer=0), b"mirror")
    state, events = apply(state, DeclareBoast(1, Boast.MIRROR))
    assert "deck_cut" not in types(events)
    assert state.phase is Phase.BOASTING
    assert all(isinstance(a, Cut) for a in actions(state, 1))
    assert len(actions(state, 1)) == 32  # he cuts the whole uncut deck


def test_c32_7_deal_1_the_holder_of_the_lowest_trump_leads() -> None:
    state = plain_deal(
        [
            "AS AH 10S KS 9S 8S 7S 8H",
            "8C 10H KH 9H 7H AD 10D KD",
            "QC QS QH QD JC JS JH JD",
            "7C AC 10C KC 9C 9D 8D 7D",
        ],
        kon_no=1,
        leading_side=None,
    )
    state = decline_all(state)
    assert state.phase is Phase.PLAY
    assert GAME.to_act(state) == (1,)  # seat 1 holds 8♣
    assert state.kon is not None
    assert state.kon.leading_side == 1


def test_example_23_in_diamonds_the_holder_of_seven_of_diamonds_leads() -> None:
    state = plain_deal(
        [
            "AS AH 10S KS 9S 8S 7S 8H",
            "8C 10H KH 9H 7H AD 10D KD",
            "QC QS QH QD JC JS JH JD",
            "7C AC 10C KC 9C 9D 8D 7D",
        ],
        kon_no=1,
        leading_side=None,
        trump_preset="diamonds",
    )
    state = decline_all(state)
    assert GAME.to_act(state) == (3,)
    assert len(actions(state, 3)) == 8  # with any card


def test_example_25_the_lowest_trump_exchanged_in_deal_1_leads_from_the_partner() -> None:
    state = plain_deal(
        [
            "8C AS AH 10S KS 9S AD 10D",  # seat 0: 8♣ alone
            "QC QS 10H KH 9H 7H KD 9D",
            "JC 8S 7S 8H QH QD JS JH",
            "7C AC 10C KC 9C JD 8D 7D",
        ],
        kon_no=1,
        leading_side=None,
    )
    state, _ = apply(state, PassRedeal(2), OfferLastTrump(0), AcceptLastTrump(2))
    state, _ = apply(state, GiveCards(2, (C("8S"),)))
    state = decline_all(state)
    assert state.phase is Phase.PLAY
    assert GAME.to_act(state) == (2,)


def test_c32_7_from_deal_2_either_player_of_the_leading_team_names_the_first_leader() -> None:
    state = plain_deal(
        [
            "AS AH 10S KS 9S 8S 7S 8H",
            "8C 10H KH 9H 7H AD 10D KD",
            "QC QS QH QD JC JS JH JD",
            "7C AC 10C KC 9C 9D 8D 7D",
        ],
        kon_no=2,
        leading_side=0,
    )
    state = decline_all(state)
    assert state.phase is Phase.PRE_PLAY
    assert GAME.to_act(state) == (0, 2)
    assert set(actions(state, 2)) == {ChooseLeader(2, 0), ChooseLeader(2, 2)}
    state, events = apply(state, ChooseLeader(2, 0))
    assert events[-1] == PlayStarted(0, 2)
    assert GAME.to_act(state) == (0,)  # the first answer decided
    assert actions(state, 2) == ()


def test_c32_7_the_winner_of_a_kon_leads_the_next_and_eggs_keep_the_leading_team() -> None:
    for seed in range(6):
        game = play_random_game(random.Random(seed), {"boasts": []}, 4, Check.NONE)
        leading: int | None = None
        for event in game.log:
            if (
                isinstance(event, PlayStarted)
                and leading is not None
                and event.chosen_by is not None
            ):
                assert event.chosen_by % 2 == leading  # the leading team chose
            if isinstance(event, DealScored):
                leading = event.winner if event.winner is not None else leading


def test_c32_8_no_boast_question_in_deal_1() -> None:
    state = shuffle(table())
    assert state.phase is Phase.CUT


def test_c32_8_from_deal_2_the_leading_team_is_asked_and_the_first_answer_decides() -> None:
    state = shuffle(before_kon(2, leading_side=1, dealer=0))
    assert state.phase is Phase.BOAST
    assert GAME.to_act(state) == (1, 3)
    assert actions(state, 0) == ()
    assert actions(state, 1) == (DealPlain(1), *(DeclareBoast(1, b) for b in Boast))
    state, _events = apply(state, DeclareBoast(3, Boast.PANTS))
    assert state.kon is not None
    assert state.kon.boaster == 3
    assert state.phase is Phase.CUT
    with pytest.raises(NotYourTurn):
        GAME.decide(state, DealPlain(1))


def test_c32_8_only_the_tables_boasts_may_be_declared() -> None:
    state = shuffle(before_kon(2, leading_side=0, boasts=["star", "barrel"]))
    assert actions(state, 0) == (
        DealPlain(0),
        DeclareBoast(0, Boast.STAR),
        DeclareBoast(0, Boast.BARREL),
    )
    with pytest.raises(IllegalAction, match="C32-8"):
        GAME.decide(state, DeclareBoast(0, Boast.PANTS))


@pytest.mark.parametrize(
    ("players", "options"),
    [(4, {"boasts": []}), (3, {}), (3, {"three_player_mode": "queen_of_spades"}), (2, {})],
)
def test_c32_8_no_question_without_boasts_or_at_a_table_of_three(
    players: int, options: dict[str, object]
) -> None:
    state = shuffle(before_kon(2, leading_side=0, players=players, **options))
    assert state.phase is not Phase.BOAST


def test_c32_8_no_question_at_a_redeal() -> None:
    weak = "9S 8S 7S 9H 8H 7H 9D 8D"
    state = plain_deal(
        [weak, "AS 10S KS AH 10H KH AD 10D", "QC QS QH QD JC JS JH JD", "7C AC 10C KC 9C 8C KD 7D"]
    )
    from app.domain.kozel32.commands import DemandRedeal

    state, events = apply(state, DemandRedeal(0))
    assert types(events)[-1] == "deal_voided"
    state, _ = apply(state, ShuffleDeck(b"again"))
    assert state.phase is Phase.CUT  # no boast question inside the кон
    assert state.kon_no == 2


def test_c32_9_a_plain_deal_gives_one_card_at_a_time_from_the_player_after_the_dealer() -> None:
    state = shuffle(table(dealer=1), b"nine")
    state, events = apply(state, Cut(0, 10))
    deck = cut_deck(shuffled_deck(DECK, b"nine"), 10)
    assert state.deal is not None
    for i, seat in enumerate((2, 3, 0, 1)):
        assert state.deal.dealt[seat] == deck[i::4]
    dealt = next(e for e in events if e.TYPE == "hands_dealt")
    payload = dealt.payload_for(0)
    assert payload is not None
    assert payload["hand"] == [str(c) for c in deck[2::4]]
    assert "hand" not in (dealt.payload_for(None) or {})
    assert isinstance(events[0], DeckCut)
    assert cards("AS")  # parse helper available
