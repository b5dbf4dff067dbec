"""Literal positions for the rule tests: a table, a deal from a chosen deck or with chosen
hands, a position in play; commands applied through the game interface."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.domain.cards import Card, Suit, parse_cards
from app.domain.commands import Command, ShuffleDeck
from app.domain.events import Event
from app.domain.kozel32 import GAME, flow
from app.domain.kozel32.deck import DECK, PRESET_SUIT
from app.domain.kozel32.events import GameStarted
from app.domain.kozel32.evolve import names_trump
from app.domain.kozel32.options import Boast, Options
from app.domain.kozel32.state import Deal, Kon, Laid, Phase, State, Taken, TrickKind
from app.domain.options import encode_options, parse_options

C = Card.parse
cards = parse_cards

PRESET = object()
"""`trump=PRESET`: the deal keeps the preset's trumps."""


def table(players: int = 4, dealer: int = 0, **options: Any) -> State:
    """A table before its first shuffle."""
    parsed = parse_options(Options, options)
    state = GAME.evolve(None, GameStarted(encode_options(parsed), players, dealer))
    assert isinstance(state, State)
    return state


def apply(state: State, *commands: Command) -> tuple[State, list[Event]]:
    """`commands` in turn through `decide`, every event folded."""
    events: list[Event] = []
    for command in commands:
        new = GAME.decide(state, command)
        for event in new:
            state = GAME.evolve(state, event)
        events += new
    return state, events


def settled(state: State) -> State:
    for event in flow.settle(state, []):
        state = GAME.evolve(state, event)
    return state


def deck_for(hands: list[str], first: int = 1) -> tuple[Card, ...]:
    """The deck (top first) that deals `hands` one card at a time from seat `first`."""
    parsed = [cards(hand) for hand in hands]
    seats = len(parsed)
    order = [parsed[(first + i) % seats][i // seats] for i in range(sum(map(len, parsed)))]
    rest = [card for card in DECK if card not in order]
    return (*order, *rest)


def after_cut(
    deck: tuple[Card, ...],
    *,
    dealer: int = 0,
    kon_no: int = 2,
    leading_side: int | None = 0,
    boast: Boast | None = None,
    boaster: int | None = None,
    star_rounds: tuple[int, ...] = (),
    players: int = 4,
    boards: tuple[int, ...] | None = None,
    eggs_pending: int = 0,
    **options: Any,
) -> State:
    """A кон whose deck, after the cut (or the mirror's uncut deck), is `deck`; settled up to
    the first choice."""
    state = table(players, dealer, **options)
    kon = Kon(kon_no, dealer, leading_side, boast, boaster, star_rounds)
    preset = PRESET_SUIT[state.options.trump_preset]
    trump = None if boast is not None and names_trump(state.options, boast) else preset
    count = 3 if players == 3 and state.options.three_player_mode == "queen_of_spades" else 4
    deal = Deal(b"test", tuple(deck), ((),) * count, (frozenset(),) * count, trump, cut=1)
    phase = Phase.DEAL if boast is None else Phase.BOASTING
    state = replace(
        state,
        kon_no=kon_no,
        kon=kon,
        deal=deal,
        phase=phase,
        boards=boards or state.boards,
        eggs_pending=eggs_pending,
        leading_side=leading_side,
    )
    return settled(state)


def plain_deal(hands: list[str], *, dealer: int = 0, **kwargs: Any) -> State:
    """A plain deal that gives each seat its hand (the rest of the deck in canonical order)."""
    first = (dealer + 1) % len(hands)
    return after_cut(deck_for(hands, first), dealer=dealer, **kwargs)


def in_play(
    hands: list[str],
    *,
    trick: str = "",
    leader: int = 0,
    dealer: int = 0,
    boast: Boast | None = None,
    boaster: int | None = None,
    soloist: int | None = None,
    trump: Suit | object | None = PRESET,
    suits_led: frozenset[Suit] = frozenset(),
    tricks: tuple[Taken, ...] = (),
    players: int = 4,
    kon_no: int = 2,
    boards: tuple[int, ...] | None = None,
    eggs_pending: int = 0,
    eggs_played: bool = False,
    discards: str = "",
    **options: Any,
) -> State:
    """A position of the play phase: these hands, and `trick` played from `leader` on."""
    state = table(players, dealer, **options)
    held = tuple(cards(hand) for hand in hands)
    plays = tuple(Laid((leader + i) % len(hands), card) for i, card in enumerate(cards(trick)))
    suit = PRESET_SUIT[state.options.trump_preset] if trump is PRESET else trump
    assert suit is None or isinstance(suit, Suit)
    kon = Kon(kon_no, dealer, 0, boast, boaster)
    deal = Deal(
        b"test",
        (),
        held,
        (frozenset(),) * len(hands),
        suit,
        trick=plays,
        tricks=tricks,
        suits_led=suits_led,
        first_leader=leader,
        soloist=soloist,
        discards=cards(discards),
        trump_named=trump is not PRESET,
        part_tricks=len(tricks),
    )
    return replace(
        state,
        kon_no=kon_no,
        kon=kon,
        deal=deal,
        phase=Phase.PLAY,
        boards=boards or state.boards,
        eggs_pending=eggs_pending,
        eggs_played=eggs_played,
    )


def kon_over(points: tuple[int, ...], *, sweep: bool = False, **kwargs: Any) -> State:
    """The end of a кон whose tricks gave each side (seat 0, 1, … standing for it) `points`:
    one trick each, or with `sweep` every trick to the side with the most; settled, so it is
    scored (and the game ended where it ends)."""
    if sweep:
        best = points.index(max(points))
        tricks = (taken(best, sum(points) - 20), taken(best, 20))
    else:
        tricks = tuple(taken(side, value) for side, value in enumerate(points))
    hands = [""] * (3 if kwargs.get("players") == 3 else 4)
    return settled(in_play(hands, tricks=tricks, **kwargs))


def taken(winner: int, points: int, kind: TrickKind = TrickKind.PLAY, leader: int = 0) -> Taken:
    """A trick of the кон worth `points`, for scoring tests (its cards do not matter)."""
    return Taken(kind, leader, (), winner, points)


def shuffle(state: State, seed: bytes = b"seed") -> State:
    return apply(state, ShuffleDeck(seed))[0]


def actions(state: State, seat: int) -> tuple[Command, ...]:
    return GAME.legal_actions(state, seat)


def types(events: list[Event]) -> list[str]:
    return [event.TYPE for event in events]


def before_kon(
    kon_no: int, *, leading_side: int = 0, dealer: int = 0, players: int = 4, **options: Any
) -> State:
    """A table whose кон `kon_no - 1` is over: the next shuffle starts кон `kon_no`, dealt by
    `dealer`, with `leading_side` leading."""
    state = table(players, dealer, **options)
    done = Kon(kon_no - 1, (dealer - 1) % 4, leading_side, scored=True)
    return replace(state, kon_no=kon_no - 1, kon=done, leading_side=leading_side)


def decline_all(state: State) -> State:
    """Every open redeal demand and last trump of the pre-play phase answered "no"."""
    from app.domain.kozel32.commands import KeepLastTrump, PassRedeal, RefuseLastTrump

    while state.phase is Phase.PRE_PLAY:
        noes = [
            command
            for seat in GAME.to_act(state)
            for command in actions(state, seat)
            if isinstance(command, PassRedeal | KeepLastTrump | RefuseLastTrump)
        ]
        if not noes:
            return state
        state = apply(state, noes[0])[0]
    return state


def batches_deck(batches: list[str]) -> tuple[Card, ...]:
    """The deck whose pants draws (bottom, top, bottom, … within each batch) give `batches`
    in turn; the cards no batch names lie in the middle."""
    tops: list[Card] = []
    bottoms: list[Card] = []
    for batch in batches:
        for i, card in enumerate(cards(batch)):
            (bottoms if i % 2 == 0 else tops).append(card)
    middle = [card for card in DECK if card not in tops and card not in bottoms]
    return (*tops, *middle, *reversed(bottoms))


def deck_starting(top: str, bottom: str = "") -> tuple[Card, ...]:
    """A deck with `top` on top (top first) and `bottom` at its bottom (bottom card last)."""
    head, tail = cards(top), cards(bottom)
    middle = [card for card in DECK if card not in head and card not in tail]
    return (*head, *middle, *tail)
