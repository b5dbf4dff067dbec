"""Helpers of the strong bot's tests: seeded games on the engine, and the fast model's world
of a true engine state."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from app.bots.sixty_six.fast import CLOSE_OR_DRAW, FOLLOW, LEAD, OVER, Table, World
from app.bots.sixty_six.sampler import window_of
from app.domain.commands import Command, ShuffleDeck
from app.domain.ranking import SUIT_ORDER
from app.domain.sixty_six import GAME, CutDeck, GameState, Options, Phase

OPTIONS = [
    Options(),
    Options(strictness="hard"),
    Options(auto_out=True),
    Options(deck="schnapsen"),
    Options(deck="schnapsen", strictness="hard", auto_out=True),
    Options(marriages_when_closed=True),
]


def label(options: Options) -> str:
    return f"{options.deck}-{options.strictness}-{'auto' if options.auto_out else 'claims'}" + (
        "-mwc" if options.marriages_when_closed else ""
    )


def apply(state: GameState, command: Command) -> GameState:
    for event in GAME.decide(state, command):
        state = GAME.evolve(state, event)
    return state


def new_deal(options: Options, rng: random.Random) -> GameState:
    state: GameState | None = None
    for event in GAME.start_game(options, 2, rng.randrange(2)):
        state = GAME.evolve(state, event)
    assert state is not None
    state = apply(state, ShuffleDeck(rng.randbytes(8)))
    seat = GAME.to_act(state)[0]
    return apply(state, CutDeck(seat, rng.randrange(1, 19)))


Chooser = Callable[[GameState, int], Command]


def positions(state: GameState, choose: Chooser) -> Iterator[GameState]:
    """Every position of the deal from `state` on where a seat acts."""
    while state.phase in (Phase.CLOSE_OR_DRAW, Phase.LEAD, Phase.FOLLOW):
        yield state
        seat = GAME.to_act(state)[0]
        state = apply(state, choose(state, seat))


def true_world(state: GameState, table: Table) -> World:
    """The fast model's world of an engine state (every card known)."""
    deal = state.deal
    assert deal is not None
    index = table.index
    view = GAME.view_for(state, deal.leader if state.phase is not Phase.FOLLOW else deal.follower)
    stage = {Phase.CLOSE_OR_DRAW: CLOSE_OR_DRAW, Phase.LEAD: LEAD, Phase.FOLLOW: FOLLOW}
    scores = [sum(t.points for t in deal.tricks_of(s)) for s in (0, 1)]
    return World(
        hands=(
            sum(1 << index[c] for c in deal.hands[0]),
            sum(1 << index[c] for c in deal.hands[1]),
        ),
        stock=tuple(index[c] for c in deal.stock),
        leader=deal.leader,
        lead=index[deal.trick[0]] if deal.trick else -1,
        stage=stage.get(state.phase, OVER),
        window=window_of(view) if state.phase is Phase.LEAD else 0,
        declared=-1 if deal.declared is None else SUIT_ORDER.index(deal.declared),
        points=(scores[0], scores[1]),
        tricks=(len(deal.tricks_of(0)), len(deal.tricks_of(1))),
        marriages=tuple(sum(m.points for m in deal.marriages if m.seat == s) for s in (0, 1)),  # type: ignore[arg-type]
        closing=deal.closing,
        last_winner=deal.tricks[-1].winner if deal.tricks else -1,
    )
