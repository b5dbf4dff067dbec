"""The `Game` interface over Kozly: the catalogue entry, the options on the wire, the first
event, the event log and the snapshot, the deal record and its re-deal, the zones."""

from __future__ import annotations

import json

import pytest

from app.domain.cards import Card
from app.domain.codec import decode, encode
from app.domain.commands import Command, ShuffleDeck
from app.domain.errors import InvalidOption, MalformedEvent
from app.domain.events import Event
from app.domain.kozly import GAME, CutDeck, Options, PlayCard
from app.domain.kozly.events import CardDrawn, DealScored, GameStarted
from app.domain.kozly.record import Draw, KozlyDeal
from app.domain.options import options_schema
from app.domain.registry import game_of
from tests.domain.kozly.helpers import SEED, apply, fold, new_game


def test_kozly_is_registered_with_its_catalogue_entry() -> None:
    assert game_of("kozly") is GAME
    info = GAME.info
    assert (info.variant, info.rules, info.rule_prefix) == ("kozly", "kozly.md", "KZ")
    assert info.title == {"ru": "Козлы", "en": "Kozly"}
    assert GAME.commands.types == ("cut", "play")
    assert GAME.state_schema == 1


def test_the_options_by_snake_case_names_and_the_rules_file_s_as_aliases() -> None:
    assert GAME.encode_options(Options()) == {
        "deal_mode": "halves",
        "win_at": 60,
        "target_marks": 12,
        "end": "received12",
    }
    raw = {"deal_mode": "stock", "win_at": 61, "target_marks": 30, "end": "ruined"}
    options = GAME.parse_options(raw, 4)
    assert options == Options(deal_mode="stock", win_at=61, target_marks=30, end="ruined")
    assert GAME.encode_options(options) == raw
    schema = options_schema(Options)["properties"]
    assert schema["deal_mode"]["enum"] == ["halves", "stock"]
    assert schema["win_at"]["enum"] == [60, 61]
    assert schema["target_marks"]["minimum"] == 1
    assert schema["end"]["enum"] == ["received12", "ruined"]
    old = {"dealMode": "stock", "winAt": 61, "targetMarks": 30, "end": "ruined"}
    assert GAME.parse_options(old, 4) == options


@pytest.mark.parametrize(
    "raw",
    [
        {"deal_mode": "draw"},
        {"win_at": 62},
        {"win_at": True},
        {"target_marks": 0},
        {"end": "twelve"},
        {"jacks": "other"},  # KZ-4: no option for the jack order
        {"dealMode": "stock", "deal_mode": "stock"},  # one option by both its names
        {"winAt": 59},  # the rules file's name reads as the option, its value is checked
    ],
)
def test_options_outside_the_table_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        GAME.parse_options(raw, 4)


def test_the_first_event_records_options_seats_and_first_dealer() -> None:
    (started,) = GAME.start_game(Options(deal_mode="stock"), 4, 3)
    assert started == GameStarted(GAME.encode_options(Options(deal_mode="stock")), 4, 3)
    assert started.payload()["options"]["deal_mode"] == "stock"
    state = fold(None, [started])
    assert state.options == Options(deal_mode="stock")
    assert state.next_dealer == 3
    assert GAME.is_chance_node(state)
    for bad in (4, -1, True, "0"):
        with pytest.raises(InvalidOption):
            GAME.start_game(Options(), 4, bad)  # type: ignore[arg-type]


def test_every_event_has_a_fixed_name_and_round_trips_through_json() -> None:
    assert set(GAME.events.types) == {
        "game_started",
        "deck_shuffled",
        "deck_cut",
        "hands_dealt",
        "trump_turned",
        "card_played",
        "trick_taken",
        "card_drawn",
        "deal_scored",
        "player_resigned",
        "game_ended",
    }
    state = new_game(Options(deal_mode="stock"), 1)
    log: list[Event] = []
    for command in [ShuffleDeck(SEED), CutDeck(0, 9)]:
        state, events = apply(state, command)
        log += events
    for event in log:
        stored = json.loads(json.dumps(event.payload()))
        assert GAME.events.decode(event.TYPE, stored, event.SCHEMA) == event
    with pytest.raises(MalformedEvent):
        GAME.events.decode("hands_dealt", {"dealer": 0, "hands": [["XX"]]})


def test_a_snapshot_round_trips_through_the_codec() -> None:
    state = new_game(Options(deal_mode="stock", win_at=61, end="ruined"), 2)
    state, _ = apply(state, ShuffleDeck(SEED))
    state, _ = apply(state, CutDeck(1, 30))
    snapshot = json.loads(json.dumps(encode(state)))
    assert decode(GAME.state_type, snapshot) == state
    snapshot["options"]["deal_mode"] = "rows"
    with pytest.raises(MalformedEvent, match="not one of"):
        decode(GAME.state_type, snapshot)


def play_deal(options: Options, dealer: int, cut: int) -> tuple[list[Event], list[Command]]:
    state = new_game(options, dealer)
    log: list[Event] = []
    commands: list[Command] = [ShuffleDeck(SEED), CutDeck((dealer - 1) % 4, cut)]
    for command in commands:
        state, events = apply(state, command)
        log += events
    while not any(isinstance(e, DealScored) for e in log):
        (seat,) = GAME.to_act(state)
        assert state.deal is not None
        command = PlayCard(seat, state.deal.hands[seat][-1])
        commands.append(command)
        state, events = apply(state, command)
        log += events
    return log, commands


def test_the_deal_record_of_halves() -> None:
    log, commands = play_deal(Options(), 2, 7)
    record = GAME.deal_record(log)
    assert (record.deal_no, record.dealer, record.seed, record.cut) == (1, 2, SEED, 7)
    assert record.deck == GAME.deck_after_cut(Options(), SEED, 7)
    assert record.hands == GAME.redeal(record)
    assert all(len(hand) == 8 for hand in record.hands)
    assert len(record.tricks) == 8
    assert [p.cards for t in record.tricks for p in t.plays] == [
        (c.card,) for c in commands if isinstance(c, PlayCard)
    ]
    assert sum(t.points or 0 for t in record.tricks) == 120
    game = record.game
    assert isinstance(game, KozlyDeal)
    assert (game.deal_mode, game.trump_card, game.trump_holder) == ("halves", record.deck[15], 3)
    assert game.dealers == (2, 3)
    assert game.draws == ()
    assert record.outcome is not None


def test_the_deal_record_of_stock_lists_every_draw() -> None:
    log, _ = play_deal(Options(deal_mode="stock"), 0, 20)
    record = GAME.deal_record(log)
    assert record.hands == GAME.redeal(record)
    assert all(len(hand) == 4 for hand in record.hands)
    game = record.game
    assert isinstance(game, KozlyDeal)
    assert (game.deal_mode, game.trump_card, game.trump_holder) == ("stock", record.deck[16], None)
    assert game.draws == tuple(Draw(e.seat, e.card) for e in log if isinstance(e, CardDrawn))
    assert [d.card for d in game.draws] == [*record.deck[17:], record.deck[16]]


def test_the_zones_hold_every_card_once_and_hide_what_they_should() -> None:
    state = new_game(Options(deal_mode="stock"), 0)
    assert GAME.zones(state) == ()
    state, _ = apply(state, ShuffleDeck(SEED))
    (deck,) = GAME.zones(state)[-1:]
    assert (deck.name, len(deck.cards), deck.seen_by) == ("deck", 32, frozenset())
    state, _ = apply(state, CutDeck(3, 5))
    zones = {zone.name: zone for zone in GAME.zones(state)}
    assert zones["hand 2"].seen_by == {2}
    assert zones["stock"].seen_by == frozenset()
    assert len(zones["stock"].cards) == 15
    assert zones["trump card"].seen_by is None
    assert zones["trump card"].cards == (state.deal.trump_card,)  # type: ignore[union-attr]
    cards = [card for zone in zones.values() for card in zone.cards]
    assert len(cards) == len(set(cards)) == 32
    assert all(isinstance(card, Card) for card in cards)
