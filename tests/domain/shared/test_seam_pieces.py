"""The shared pieces every game builds on: seats and sides, options, commands on the wire,
the ranking of a trick, the stock's draw order, and upcasters of stored events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

import pytest

from app.domain.cards import Card, Rank, Suit, parse_cards
from app.domain.codec import decode, encode
from app.domain.commands import Command, CommandSet
from app.domain.errors import InvalidOption, MalformedCard, MalformedCommand, MalformedEvent
from app.domain.events import Event, EventRegistry
from app.domain.options import (
    ALIASES_READ,
    Range,
    encode_options,
    option,
    options_schema,
    parse_options,
    with_wire_names,
)
from app.domain.ranking import Ranking, trump_suit_ranking
from app.domain.seats import PARTNERS, Seating
from app.domain.stock import draw, draw_order

C = Card.parse
SIX_SIX = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]


def test_partners_are_sides_of_two_seats() -> None:
    assert PARTNERS.sides == 2
    assert [PARTNERS.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert PARTNERS.partners(1) == (3,)
    assert PARTNERS.next(3) == 0
    assert PARTNERS.next(0, -1) == 3


def test_each_for_himself_has_a_side_per_seat() -> None:
    three = Seating(3)
    assert three.sides == 3
    assert three.side_of(2) == 2
    assert three.partners(2) == ()
    assert three.players == (0, 1, 2)


def test_a_blind_seat_is_no_players_seat() -> None:
    assert Seating(4, ((0, 2), (1, 3)), dummies=(3,)).players == (0, 1, 2)


def test_teams_must_seat_everyone_once() -> None:
    with pytest.raises(ValueError, match="teams"):
        Seating(4, ((0, 1), (1, 3)))


@dataclass(frozen=True)
class _Options:
    deck: Literal["66", "schnapsen"] = option("66", doc="the deck")
    auto_out: bool = option(False, alias="autoOut")
    match_target: Annotated[int, Range(1, 20)] = option(7, alias="matchTarget", doc="to win")
    marriages_when_closed: bool | None = option(None, alias="marriagesWhenClosed")


def test_options_read_wire_names_and_keep_defaults() -> None:
    options = parse_options(_Options, {"auto_out": True, "match_target": 11})
    assert options == _Options(auto_out=True, match_target=11)
    assert encode_options(options) == {
        "deck": "66",
        "auto_out": True,
        "match_target": 11,
        "marriages_when_closed": None,
    }


def test_an_alias_reads_as_its_option_and_is_written_by_the_wire_name() -> None:
    """The old camelCase names are read (clients send them, old logs hold them); only the
    snake_case names are written."""
    raw = {"autoOut": True, "matchTarget": 11, "marriagesWhenClosed": False}
    options = parse_options(_Options, raw)
    assert options == _Options(auto_out=True, match_target=11, marriages_when_closed=False)
    assert encode_options(options) == {
        "deck": "66",
        "auto_out": True,
        "match_target": 11,
        "marriages_when_closed": False,
    }
    assert parse_options(_Options, {"deck": "66", "autoOut": True}) == parse_options(
        _Options, {"deck": "66", "auto_out": True}
    )


def test_an_option_given_by_both_its_names_is_refused() -> None:
    for raw in ({"autoOut": True, "auto_out": True}, {"auto_out": False, "autoOut": True}):
        with pytest.raises(InvalidOption, match=r"'auto_out' is given twice.*'autoOut'"):
            parse_options(_Options, raw)


def test_with_wire_names_renames_only_the_aliases() -> None:
    raw = {"matchTarget": 3, "move_clock_s": 30, "deck": "66"}
    assert with_wire_names(_Options, raw) == {"match_target": 3, "move_clock_s": 30, "deck": "66"}


def test_an_unknown_name_is_refused_with_the_snake_case_names() -> None:
    with pytest.raises(InvalidOption) as refused:
        parse_options(_Options, {"autoout": True})
    assert str(refused.value) == (
        "unknown option(s) ['autoout']; this game's options: deck, auto_out, match_target, "
        "marriages_when_closed"
    )


@pytest.mark.parametrize(
    "raw",
    [
        {"when_closed": True},  # neither a wire name nor an alias
        {"auto_out": 1},  # an int is not a bool
        {"autoOut": 1},  # nor through the alias
        {"match_target": 0},
        {"matchTarget": 21},
        {"match_target": 7.0},
        {"deck": "36"},
        {"marriages_when_closed": "yes"},
    ],
)
def test_options_refuse_unknown_names_and_bad_values(raw: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        parse_options(_Options, raw)


def test_options_schema_describes_each_option_by_its_wire_name() -> None:
    schema = options_schema(_Options)
    assert schema["additionalProperties"] is False
    assert list(schema["properties"]) == [
        "deck",
        "auto_out",
        "match_target",
        "marriages_when_closed",
    ]
    assert schema["properties"]["deck"] == {
        "enum": ["66", "schnapsen"],
        "default": "66",
        "description": "the deck",
    }
    assert schema["properties"]["match_target"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 20,
        "default": 7,
        "description": "to win; old name `matchTarget` (the rules file's), still read",
    }
    assert schema["properties"]["marriages_when_closed"]["anyOf"] == [
        {"type": "boolean"},
        {"type": "null"},
    ]
    assert "`marriagesWhenClosed`" in schema["properties"]["marriages_when_closed"]["description"]
    assert schema["description"] == ALIASES_READ


def test_a_schema_without_aliases_says_nothing_of_them() -> None:
    @dataclass(frozen=True)
    class Plain:
        eggs: bool = True

    assert options_schema(Plain) == {
        "type": "object",
        "additionalProperties": False,
        "properties": {"eggs": {"type": "boolean", "default": True}},
    }


@dataclass(frozen=True, slots=True)
class _Lead(Command):
    TYPE = "lead"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class _Declare(Command):
    TYPE = "declare"
    seat: int
    suit: Suit


MOVES = CommandSet(_Lead, _Declare)


def test_commands_round_trip_through_their_bodies() -> None:
    for command in (_Lead(2, parse_cards("AS 10S")), _Declare(1, Suit.HEARTS)):
        body = MOVES.body(command)
        assert "seat" not in body
        assert MOVES.parse(command.seat, body) == command  # type: ignore[attr-defined]
    assert MOVES.body(_Declare(1, Suit.HEARTS)) == {"type": "declare", "suit": "H"}


def test_a_bad_card_in_a_body_is_invalid_card() -> None:
    with pytest.raises(MalformedCard):
        MOVES.parse(0, {"type": "lead", "cards": ["AS", "11H"]})


@pytest.mark.parametrize(
    "body",
    [
        {"type": "play", "card": "AS"},
        {"type": "lead"},
        {"type": "lead", "cards": "AS"},
        {"type": "lead", "cards": ["AS"], "extra": 1},
        {"type": "declare", "suit": "X"},
        {},
    ],
)
def test_a_body_that_is_no_move_of_the_game_is_refused(body: dict[str, object]) -> None:
    with pytest.raises(MalformedCommand):
        MOVES.parse(0, body)


def test_a_trick_goes_to_the_highest_trump_else_the_led_class() -> None:
    ranking = trump_suit_ranking(SIX_SIX, Suit.CLUBS)
    assert ranking.winner(parse_cards("10H AH")) == 1
    assert ranking.winner(parse_cards("AS 9C")) == 1
    assert ranking.winner(parse_cards("KD AH")) == 0  # S66 example 3: the suits differ
    assert ranking.beats(C("9C"), C("AS"))
    assert not ranking.beats(C("AS"), C("9C"))
    assert not ranking.beats(C("AH"), C("10C"))
    assert not ranking.beats(C("AH"), C("AS"))


def test_a_top_tier_beats_the_trumps_and_a_led_top_card_holds_against_them() -> None:
    jacks = parse_cards("JC JS JH JD")
    plain = [
        tuple(Card(rank, suit) for rank in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN))
        for suit in (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    ]
    ranking = Ranking((jacks, *plain), trump=3, top=0)  # hearts trump
    assert ranking.winner(parse_cards("AS KH JD QS")) == 2
    assert ranking.winner(parse_cards("JD AH 10H QS")) == 0
    assert ranking.beats(C("JD"), C("AH"))
    assert not ranking.beats(C("AH"), C("JD"))
    assert ranking.lowest_first(parse_cards("JD QS AH QC")) == list(parse_cards("QC QS AH JD"))


def test_a_card_is_in_one_class_only() -> None:
    with pytest.raises(ValueError, match="two classes"):
        Ranking((parse_cards("AS KS"), parse_cards("AS")), trump=None)


def test_drawing_goes_round_from_the_winner_and_shares_a_short_stock() -> None:
    # K4 example 9: seat 2 takes a three-card trick with 20 cards in the stock.
    assert draw_order(2, [3, 3, 3, 3], 20) == (2, 3, 0, 1) * 3
    assert draw_order(0, [3, 3, 3, 3], 8) == (0, 1, 2, 3) * 2
    assert draw_order(1, [0, 1], 5) == (1,)
    stock, hands, drawn = draw(parse_cards("QS 8D"), [parse_cards("AS"), ()], 1, 2)
    assert stock == ()
    assert hands == (parse_cards("AS 8D"), parse_cards("QS"))
    assert drawn == ((1, C("QS")), (0, C("8D")))


@dataclass(frozen=True, slots=True)
class _Created(Event):
    TYPE = "created"
    SCHEMA = 3
    seats: int
    options: dict[str, bool]


def test_upcasters_read_older_payloads_step_by_step() -> None:
    registry = EventRegistry(
        _Created,
        upcasters={
            ("created", 1): lambda p: {"eggs": p["eggs"]},
            ("created", 2): lambda p: {"seats": 4, "options": {"eggs": p["eggs"]}},
        },
    )
    assert registry.decode("created", {"eggs": False}, 1) == _Created(4, {"eggs": False})
    assert registry.decode("created", {"seats": 2, "options": {}}, 3) == _Created(2, {})
    with pytest.raises(MalformedEvent, match="schema version 4"):
        registry.decode("created", {"seats": 2, "options": {}}, 4)


@dataclass(frozen=True)
class _Snapshot:
    options: _Options


def test_options_round_trip_through_the_codec_and_a_literal_refuses_other_values() -> None:
    snapshot = _Snapshot(_Options(deck="schnapsen", match_target=11))
    assert decode(_Snapshot, encode(snapshot)) == snapshot
    with pytest.raises(MalformedEvent, match="not one of"):
        decode(_Snapshot, {"options": {**encode(snapshot.options), "deck": "36"}})
