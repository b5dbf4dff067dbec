"""Events round-trip through JSON payloads; damaged payloads are refused, never misread."""

from __future__ import annotations

import json

import pytest

from app.domain import kozel24 as k
from app.domain.errors import MalformedEvent
from app.domain.kozel24 import REGISTRY
from app.domain.kozel24.events import CardPlayed, DealScored, GameStarted, HandsDealt
from app.domain.values import updated
from tests.domain.helpers import MIXED, card, deal


def round_trip(event: k.KozelEvent) -> k.KozelEvent:
    payload = json.loads(json.dumps(event.payload()))
    return REGISTRY.decode(event.TYPE, payload)  # type: ignore[return-value]


def test_every_event_type_has_a_fixed_name() -> None:
    assert set(REGISTRY.types) == {
        "game_started",
        "deck_shuffled",
        "deck_cut",
        "hands_dealt",
        "lone_trump_kept",
        "exchange_asked",
        "cards_exchanged",
        "no_queens_claimed",
        "played_on",
        "card_played",
        "trick_taken",
        "queen_caught",
        "deal_scored",
        "team_resigned",
        "game_ended",
    }


@pytest.mark.parametrize(
    "event",
    [
        GameStarted(k.Options(eggs=False), 2),
        CardPlayed(1, card("10H")),
        DealScored(3, (60, 60), None, 0, "eggs", None, 2),
        HandsDealt(tuple(tuple(card(c) for c in hand.split()) for hand in MIXED)),
    ],
)
def test_events_round_trip(event: k.KozelEvent) -> None:
    assert round_trip(event) == event


def test_a_played_game_replays_from_its_payloads() -> None:
    state = k.replay(k.start_game(k.Options(), 1))
    log: list[k.KozelEvent] = list(k.start_game(k.Options(), 1))
    while not state.is_terminal and len(log) < 400:
        if k.is_chance_node(state):
            command: k.Command = k.ShuffleDeck(len(log).to_bytes(4, "big"))
        else:
            command = k.legal_actions(state, k.to_act(state)[0])[-1]
        state, events = k.apply(state, command)
        log += events
    assert k.replay(round_trip(e) for e in log) == state


@pytest.mark.parametrize(
    ("type_name", "payload"),
    [
        ("card_played", {"seat": 1}),
        ("card_played", {"seat": 1, "card": "ZZ"}),
        ("card_played", {"seat": "1", "card": "AS"}),
        ("card_played", {"seat": True, "card": "AS"}),
        ("card_played", []),
        (
            "deal_scored",
            {
                "deal_no": 1,
                "points": [1],
                "written_on": None,
                "amount": 0,
                "reason": "x",
                "wiped": None,
                "eggs_multiplier": 1,
            },
        ),
        ("deck_shuffled", {"deal_no": 1, "dealer": 0, "seed": "zz", "commitment": "c"}),
        ("game_started", {"options": {"eggs": 1, "messages": True}, "first_dealer": 0}),
        ("no_such_event", {}),
    ],
)
def test_damaged_payloads_are_refused(type_name: str, payload: object) -> None:
    with pytest.raises(MalformedEvent):
        REGISTRY.decode(type_name, payload)


def test_unknown_schema_versions_are_refused() -> None:
    with pytest.raises(MalformedEvent):
        REGISTRY.decode("card_played", {"seat": 1, "card": "AS"}, schema=2)


def test_updated_refuses_unknown_fields() -> None:
    state = deal(MIXED, dealer=3, deal_no=2)
    with pytest.raises(TypeError):
        updated(state, no_such_field=1)
    assert updated(state, deal_no=7).deal_no == 7
    assert state.deal_no == 2
