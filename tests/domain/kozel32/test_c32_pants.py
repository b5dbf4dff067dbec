"""C32-14, C32-15, C32-17: what a boast is; pants and double pants; the fill after a boast
trick; worked examples 15, 16 and 24."""

from __future__ import annotations

import pytest

from app.domain.errors import IllegalAction
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import ChooseCard, NameTrump, PlayCard
from app.domain.kozel32.events import (
    BatchDrawn,
    BatchKept,
    CardLaid,
    CardsPassed,
    CardsPiled,
    HandsDealt,
    PlayStarted,
    TrickTaken,
)
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, TrickKind
from tests.domain.cardscan import whereabouts
from tests.domain.kozel32.cards_seen import cards_in
from tests.domain.kozel32.helpers import C, actions, after_cut, apply, batches_deck, cards

EXAMPLE_15 = ["QH AS", "7C 10D", "KS 9H", "8D AH", "9S KD"]


def pants(batches: list[str], boast: Boast = Boast.PANTS, **options: object) -> object:
    return after_cut(batches_deck(batches), dealer=0, boast=boast, boaster=1, **options)


def test_example_15_pants_batches_and_the_face_down_lead() -> None:
    state = pants(EXAMPLE_15)
    deal = state.deal
    assert deal.hands[1] == cards("QH AS 7C")  # two good batches kept, 10D laid
    assert deal.trick[0].card == C("10D")
    assert deal.trick[0].face_down
    assert GAME.to_act(state) == (2,)
    assert actions(state, 2) == (ChooseCard(2, C("KS")), ChooseCard(2, C("9H")))
    view = GAME.view_for(state, 2)
    assert view.trick is not None
    assert view.trick.plays[0].cards is None  # he has not seen 10D
    assert "10D" not in cards_in(whereabouts(view))
    assert GAME.view_for(state, 1).trick.plays[0].cards == (C("10D"),)
    state, events = apply(state, ChooseCard(2, C("9H")))
    # seat 3: 8D is his batch's one non-good card, laid for him; seat 0 chooses
    assert [type(e) for e in events] == [
        CardLaid,
        BatchKept,
        BatchDrawn,
        CardLaid,
        BatchKept,
        BatchDrawn,
    ]
    state, events = apply(state, ChooseCard(0, C("9S")))
    taken = next(e for e in events if isinstance(e, TrickTaken))
    assert taken.kind is TrickKind.BOAST
    assert [str(p.card) for p in taken.plays] == ["10D", "9H", "8D", "9S"]
    assert not any(p.face_down for p in taken.plays)  # turned up
    assert (taken.winner, taken.points) == (1, 10)
    fill = next(e for e in events if isinstance(e, HandsDealt))
    assert [len(h) for h in fill.hands] == [6, 4, 6, 6]  # 22 cards
    assert events[-1] == PlayStarted(1, None)
    assert state.phase is Phase.PLAY
    assert [len(h) for h in state.deal.hands] == [7, 7, 7, 7]
    assert GAME.to_act(state) == (1,)


def test_example_16_double_pants_overflow_to_the_partner_and_the_rest_pile() -> None:
    goods = ["QC QS QH JD", "JC JS JH"]
    state = pants([*goods, "QD 9H AH 8S"], Boast.DOUBLE_PANTS)
    deal = state.deal
    assert len(deal.hands[1]) == 7
    assert deal.batch.cards == cards("QD 9H AH 8S")
    assert actions(state, 1) == (ChooseCard(1, C("9H")), ChooseCard(1, C("8S")))
    state, events = apply(state, ChooseCard(1, C("8S")))
    assert events[:3] == [
        CardLaid(1, C("8S"), True),
        CardsPassed(1, 3, cards("QD AH")),
        CardsPiled(1, cards("9H")),
    ]
    assert isinstance(events[3], BatchDrawn)
    assert events[3].seat == 2
    assert state.deal is not None
    assert state.deal.hands[3] == cards("QD AH")
    assert events[1].payload_for(0) == {"seat": 1, "to_seat": 3, "count": 2}
    assert cards_in(events[2].payload_for(3)) == set()
    assert C("9H") in GAME.revealed_to(state, 1)


def test_example_24_the_rest_pile_is_dealt_first_in_the_fill() -> None:
    batches = [
        "QC QS",
        "QH QD",
        "JC JS",
        "JH",  # seat 1 holds 7
        "JD AC",
        "10C KC",
        "9C 8C",
        "7C AS",  # 7♣ is seat 3's seventh; AS (r1) goes to the rest pile
        "AH 9H",  # r2 = AH to the pile, 9H laid face down
        "7H 8H",  # seat 2 keeps 7H, lays 8H
        "9D KH",  # seat 3, holding 7, collects for seat 1, who holds 7: KH laid, 9D piled
        "8S 9S",
    ]
    state = pants(batches)
    state, events = apply(state, ChooseCard(2, C("8H")))
    assert state.deal is not None
    assert tuple(p.card for p in state.deal.rest_pile) == cards("AH AS")
    assert actions(state, 3) == (ChooseCard(3, C("9D")), ChooseCard(3, C("KH")))
    state, events = apply(state, ChooseCard(3, C("KH")), ChooseCard(0, C("9S")))
    taken = next(e for e in events if isinstance(e, TrickTaken))
    assert [str(p.card) for p in taken.plays] == ["9H", "8H", "KH", "9S"]
    assert taken.winner == 3
    fill = next(e for e in events if isinstance(e, HandsDealt))
    assert fill.hands[2][:2] == cards("9D AS")
    assert fill.hands[0][0] == C("AH")
    assert fill.hands[1] == fill.hands[3] == ()
    assert C("9D") in GAME.revealed_to(state, 3)
    assert C("AS") in GAME.revealed_to(state, 1)


def test_c32_14_the_server_makes_every_step_with_one_possibility() -> None:
    state = pants(["QH AS", "7C 10D", "KS AH", "8D AD", "AC KD"])
    # seats 2, 3 and 0 each drew one non-good card: nobody was asked
    assert state.phase is Phase.PLAY


def test_c32_14_a_boast_deal_has_no_demand_and_no_exchange() -> None:
    state = pants(["QH AS", "7C 10D", "KS AH", "8D AD", "AC KD"])
    assert state.phase is Phase.PLAY
    assert all(isinstance(a, PlayCard) for a in actions(state, GAME.to_act(state)[0]))


def test_c32_15_the_batch_shrinks_near_the_cap() -> None:
    state = pants(["QC QS", "QH QD", "JC JS", "JH"])  # the fourth batch is min(2, 7 - 6)
    assert state.deal is not None
    assert len(state.deal.hands[1]) == 7


def test_c32_15_only_a_non_good_card_of_the_batch_may_be_laid() -> None:
    state = pants(EXAMPLE_15)
    with pytest.raises(IllegalAction, match="C32-15"):
        GAME.decide(state, ChooseCard(2, C("QH")))


def test_c32_15_with_pants_names_trump_the_boaster_names_x_after_his_first_batch() -> None:
    state = pants(["QH AH", "7C 10D", "KS 9H", "8D AS", "9S KD"], pants_names_trump=True)
    assert GAME.to_act(state) == (1,)
    assert len(actions(state, 1)) == 4
    assert state.deal.batch.cards == cards("QH AH")
    state, events = apply(state, NameTrump(1, C("10D").suit))
    assert state.deal is not None
    assert state.deal.trump is C("10D").suit
    # 10D is a trump now: the second batch is all good
    assert not any(isinstance(e, CardLaid) and e.seat == 1 and e.card == C("10D") for e in events)


def test_c32_17_the_fill_deals_the_rest_pile_first_and_skips_full_hands() -> None:
    from dataclasses import replace

    from app.domain.kozel32.boasts import fill
    from app.domain.kozel32.state import Piled

    state = pants(EXAMPLE_15)
    assert state.deal is not None
    hands = (
        cards("AS 10S KS 9S 8S 7S"),
        cards("AH 10H KH 9H 8H 7H QH"),  # seat 1 holds 7: skipped
        cards("AD 10D KD 9D 8D 7D"),
        cards("AC 10C KC 9C 8C QC"),
    )
    pile = (Piled(1, C("JD")), Piled(3, C("JH")))  # JD on top
    deal = replace(state.deal, hands=hands, rest_pile=pile, deck=cards("JS JC"), batch=None)
    step = fill.step(replace(state, deal=deal))
    # the dealer is seat 0: seats 2, 3, 0 in turn from the top of pile and deck
    assert step == HandsDealt(((C("JS"),), (), (C("JD"),), (C("JH"),)))
