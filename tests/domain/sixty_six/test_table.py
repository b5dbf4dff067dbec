"""The table's side of the game: its options by their wire names, the catalogue entry, the
refusals with their codes and the rules' words, and the state snapshot."""

from __future__ import annotations

import pytest

from app.domain import codec
from app.domain.cards import Suit
from app.domain.commands import PostMessage, Resign, ShuffleDeck
from app.domain.errors import (
    DomainError,
    GameOver,
    IllegalAction,
    InvalidOption,
    MalformedCommand,
    NotYourTurn,
)
from app.domain.options import options_schema
from app.domain.registry import game_of
from app.domain.sixty_six import (
    GAME,
    ClaimOut,
    CloseStock,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    GameState,
    LeadCard,
    Options,
    PlayCard,
)
from app.domain.sixty_six.options import DeckKind, Rules, Strictness
from tests.domain.sixty_six.helpers import act, card, dealt, position, started, won

N = "10H AS KD JS QS JD"
D = "AH 9C KH 10S QH 10D"
STOCK = "AC 10C KC QC 9S KS JH 9H AD QD 9D"


def test_the_options_by_their_wire_names() -> None:
    assert GAME.encode_options(Options()) == {
        "deck": "66",
        "strictness": "soft",
        "auto_out": False,
        "marriages_when_closed": None,
        "match_target": 7,
    }
    raw = {"deck": "schnapsen", "strictness": "hard", "auto_out": True, "match_target": 3}
    options = GAME.parse_options(raw, 2)
    assert options == Options("schnapsen", "hard", True, None, 3)
    old = {"deck": "schnapsen", "strictness": "hard", "autoOut": True, "matchTarget": 3}
    assert GAME.parse_options(old, 2) == options  # the rules file's names are aliases
    assert Rules.of(options) == Rules(DeckKind.SCHNAPSEN, Strictness.HARD, True, True, 3)
    assert Rules.of(Options()).marriages_when_closed is False  # S66-16: by the deck
    assert Rules.of(Options(marriages_when_closed=True)).marriages_when_closed is True
    schema = options_schema(GAME.info.options_type)
    assert set(schema["properties"]) == set(GAME.encode_options(Options()))
    assert schema["properties"]["deck"]["enum"] == ["66", "schnapsen"]


@pytest.mark.parametrize(
    "raw",
    [
        {"deck": "36"},
        {"strictness": "medium"},
        {"auto_out": "yes"},
        {"autoOut": "yes"},
        {"autoOut": True, "auto_out": True},
        {"match_target": 0},
        {"match_target": 22},
        {"marriages_when_closed": 1},
        {"eggs": True},
    ],
)
def test_unknown_options_and_bad_values_are_refused(raw: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        GAME.parse_options(raw, 2)


def test_the_catalogue_entry_and_the_registry() -> None:
    info = GAME.info
    assert (info.variant, info.rule_prefix, info.rules) == ("sixty_six", "S66", "sixty-six.md")
    assert game_of("sixty_six") is GAME
    assert GAME.state_type is GameState
    assert GAME.state_schema == 2


def refusal(state: GameState, command: object) -> DomainError:
    with pytest.raises(DomainError) as caught:
        GAME.decide(state, command)  # type: ignore[arg-type]
    return caught.value


def test_refusals_carry_a_code_and_the_rules_words() -> None:
    state = dealt((N, D), "JC", STOCK)
    cases = [
        (PlayCard(1, card("AH")), NotYourTurn, "seat 0 is to lead"),
        (PlayCard(0, card("10H")), IllegalAction, "send lead, not play"),
        (LeadCard(0, card("AH")), IllegalAction, "you do not hold A♥"),
        (Draw(0), IllegalAction, "S66-20"),
        (ClaimOut(0), IllegalAction, "just after winning a trick or declaring"),
        (ExchangeTrump(0), IllegalAction, "exchange card 9♣"),
        (DeclareMarriage(0, Suit.HEARTS), IllegalAction, "you do not hold K♥ and Q♥"),
        (ShuffleDeck(b"x"), IllegalAction, "only between deals"),
        (PostMessage(0, "hello"), MalformedCommand, "table messages"),
        (LeadCard(2, card("AS")), IllegalAction, "no such seat"),
        (LeadCard(0, "AS"), MalformedCommand, "card code"),
        (DeclareMarriage(0, "H"), MalformedCommand, "a suit"),
        (CloseStock(False), MalformedCommand, "integer"),
    ]
    for command, kind, words in cases:
        error = refusal(state, command)
        assert isinstance(error, kind), (command, error)
        assert words in str(error), (command, error)
        assert "Card(" not in str(error)


def test_a_finished_match_refuses_everything() -> None:
    state, _ = act(started(), Resign(0))
    assert isinstance(refusal(state, ShuffleDeck(b"x")), GameOver)
    assert isinstance(refusal(state, Resign(1)), GameOver)


def test_the_state_snapshot_round_trips() -> None:
    state = position(
        ("9C KH QH", "AH JH 10D"), "C", stock="KD QD JD AC", tricks=(won(0, "AS 10S"),)
    )
    state, _ = act(state, "exchange 0", "declare 0 H")
    assert codec.decode(GameState, codec.encode(state)) == state
