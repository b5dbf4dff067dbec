"""Literal deals and positions for the Kozly rule tests.

`evolve` trusts events and a state is a plain frozen value, so a test can set up any
position by hand (`position`) or play a deal from a seed through `decide` (`apply`, `play`).
"""

from __future__ import annotations

from dataclasses import replace

from app.domain.cards import Card, parse_cards
from app.domain.commands import Command, ShuffleDeck
from app.domain.events import Event
from app.domain.kozly import GAME, Options
from app.domain.kozly.state import Deal, GameState, Phase, TakenTrick, Trick

SEED = b"literal deal"


def card(code: str) -> Card:
    return Card.parse(code)


def cards(codes: str) -> tuple[Card, ...]:
    return parse_cards(codes)


def fold(state: GameState | None, events: list[Event]) -> GameState:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def new_game(options: Options | None = None, first_dealer: int = 0) -> GameState:
    return fold(None, GAME.start_game(options or Options(), 4, first_dealer))


def apply(state: GameState, command: Command) -> tuple[GameState, list[Event]]:
    """`decide`, then `evolve` over the events it states."""
    events = GAME.decide(state, command)
    return fold(state, events), events


def play(state: GameState, codes: str) -> tuple[GameState, list[Event]]:
    """Play the cards in turn order, each from the seat to act."""
    events: list[Event] = []
    for code in codes.split():
        (seat,) = GAME.to_act(state)
        state, new = apply(state, GAME.commands.parse(seat, {"type": "play", "card": code}))
        events += new
    return state, events


def position(
    hands: list[str],
    trump: str,
    *,
    leader: int,
    dealer: int = 0,
    options: Options | None = None,
    table: str = "",
    undealt: str = "",
    taken: tuple[TakenTrick, ...] = (),
    marks: tuple[int, ...] = (12, 12, 12, 12),
    carried: tuple[int, ...] = (0, 0, 0, 0),
) -> GameState:
    """A deal in play: `hands` of seats 0..3, the trump card `trump` (in a hand, or the
    last of `undealt`), the trick led by `leader` holding the cards `table`, and the tricks
    already `taken`."""
    state = new_game(options, dealer)
    state, _ = apply(state, ShuffleDeck(SEED))
    assert state.deal is not None
    deal = replace(
        state.deal,
        cut=1,
        undealt=cards(undealt),
        hands=tuple(cards(hand) for hand in hands),
        trump_card=card(trump),
        trick=Trick(leader, cards(table)),
        tricks=taken,
    )
    return replace(state, phase=Phase.PLAY, deal=deal, marks=marks, carried=carried)


LAST_TRICK = ["7C", "7S", "7D", "7H"]
"""A last trick worth nothing: led by seat 0, hearts trump, seat 3's 7H takes it."""


def count_deal(state: GameState, points: tuple[int, ...]) -> tuple[GameState, list[Event]]:
    """From between two deals, a deal dealt by the next dealer in which the seats took
    `points` (by hand-made tricks), ended by playing a last trick of no points through
    `decide`: the count, its marks and perhaps the end of the game."""
    assert state.phase is Phase.SHUFFLE
    state, shuffled = apply(state, ShuffleDeck(SEED))
    assert state.deal is not None
    tricks = tuple(TakenTrick(s, (), s, p) for s, p in enumerate(points))
    tricks += tuple(TakenTrick(0, (), 0, 0) for _ in range(7 - len(tricks)))
    deal = replace(
        state.deal,
        cut=1,
        undealt=(),
        hands=tuple((card(code),) for code in LAST_TRICK),
        trump_card=card("AH"),
        trick=Trick(0),
        tricks=tricks,
    )
    state = replace(state, phase=Phase.PLAY, deal=deal)
    state, events = play(state, " ".join(LAST_TRICK))
    return state, shuffled + events


def dealt_deal(deal: Deal | None) -> Deal:
    assert deal is not None
    return deal
