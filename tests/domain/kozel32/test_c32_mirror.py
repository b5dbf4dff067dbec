"""C32-16: the mirror; worked examples 17 and 27."""

from __future__ import annotations

from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import Cut
from app.domain.kozel32.events import CardLaid, PacketCut, TrickTaken, TrumpTurned
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import Phase, State
from tests.domain.kozel32.cards_seen import cards_in
from tests.domain.kozel32.helpers import C, actions, after_cut, apply, cards, deck_starting


def mirror(top: str, boaster: int) -> State:
    return after_cut(deck_starting(top), dealer=0, boast=Boast.MIRROR, boaster=boaster)


def test_example_17_the_packet_is_turned_from_its_bottom() -> None:
    state = mirror("9S QD AH JC KC", boaster=2)
    assert GAME.to_act(state) == (2,)
    assert len(actions(state, 2)) == 32
    state, events = apply(state, Cut(2, 5))
    assert events[:4] == [
        PacketCut(2, 5),
        TrumpTurned(2, C("KC"), 2),
        TrumpTurned(2, C("JC"), 2),
        CardLaid(2, C("AH"), False),
    ]
    assert state.deal is not None
    assert state.deal.hands[2] == cards("KC JC")
    assert state.deal.deck[:2] == cards("9S QD")  # the packet's rest went back on top
    assert events[1].payload_for(0) == {"seat": 2, "card": None, "to_seat": 2}
    while state.phase is Phase.BOASTING:
        seat = GAME.to_act(state)[0]
        state, events = apply(state, Cut(seat, 1))
    taken = next(e for e in events if isinstance(e, TrickTaken))
    assert taken.winner == 2  # no trump reaches trick 1, and AH is the top heart


def test_example_27_mirror_overflow_to_the_partner() -> None:
    trumps = "QC QS QH QD JC JS JH JD"
    state = mirror(f"9H {trumps}", boaster=1)
    state, events = apply(state, Cut(1, 9))
    turned = [e for e in events if isinstance(e, TrumpTurned)]
    assert [e.card for e in turned] == list(reversed(cards(trumps)))
    assert [e.to_seat for e in turned] == [1] * 7 + [3]
    assert CardLaid(1, C("9H"), False) in events
    assert state.deal is not None
    assert state.deal.hands[3] == (C("QC"),)
    eighth = turned[-1]
    assert cards_in(eighth.payload_for(3)) == {"QC"}
    assert cards_in(eighth.payload_for(0)) == set()
    assert C("QC") in GAME.revealed_to(state, 1)


def test_c32_16_a_one_card_deck_is_cut_by_the_server() -> None:
    from dataclasses import replace

    from app.domain.kozel32.boasts import mirror as procedure

    state = mirror("9S", boaster=0)
    assert state.deal is not None
    lonely = replace(state, deal=replace(state.deal, deck=cards("9S")))
    step = procedure.step(lonely)
    assert step.TYPE == "packet_cut"
