"""The heuristic Sixty-six bot: legal in every option combination, never a false claim, and
clearly better than a uniformly random bot on duplicate deals (same shuffle and cut, seats
swapped), by the game points of each deal."""

from __future__ import annotations

import inspect
import itertools
import math
import random
import statistics
from collections.abc import Callable

import pytest

from app.bots.random_bot import RandomBot
from app.bots.sixty_six import HeuristicBot
from app.domain.commands import Command, ShuffleDeck
from app.domain.sixty_six import GAME, CutDeck, DealEnd, GameState, Options, Phase
from app.domain.sixty_six.events import DealScored, OutClaimed
from app.domain.view import View

Chooser = Callable[[View[object]], Command]
OPTIONS = [
    Options(),
    Options(strictness="hard"),
    Options(deck="schnapsen", auto_out=True),
    Options(deck="schnapsen", strictness="hard"),
]


def label(options: Options) -> str:
    return f"{options.deck}-{options.strictness}-{'auto' if options.auto_out else 'claims'}"


def apply(state: GameState, command: Command, log: list[object]) -> GameState:
    for event in GAME.decide(state, command):
        state = GAME.evolve(state, event)
        log.append(event)
    return state


def play_deal(seed: int, seats: list[Chooser], options: Options) -> tuple[float, list[object]]:
    """One deal from shuffle `seed` and a fixed cut, seat 0 dealing: seat 0's game points."""
    log: list[object] = []
    state: GameState | None = None
    for event in GAME.start_game(options, 2, 0):
        state = GAME.evolve(state, event)
    assert state is not None
    state = apply(state, ShuffleDeck(seed.to_bytes(8, "big")), log)
    state = apply(state, CutDeck(1, 1 + seed % 19), log)
    while state.phase not in (Phase.SHUFFLE, Phase.GAME_OVER):
        seat = GAME.to_act(state)[0]
        state = apply(state, seats[seat](GAME.view_for(state, seat)), log)
    outcome = GAME.deal_outcome(state)
    assert outcome is not None
    return outcome[0], log


def duplicate_margins(pairs: int, options: Options) -> list[float]:
    margins = []
    for seed in range(pairs):
        first = [HeuristicBot(random.Random(seed)).choose, RandomBot(random.Random(seed)).choose]
        second = [RandomBot(random.Random(seed)).choose, HeuristicBot(random.Random(seed)).choose]
        as_first, _ = play_deal(seed, first, options)  # type: ignore[arg-type]
        as_second, _ = play_deal(seed, second, options)  # type: ignore[arg-type]
        margins.append((as_first - as_second) / 2)
    return margins


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_the_heuristic_beats_random_on_duplicate_deals(options: Options) -> None:
    margins = duplicate_margins(150, options)
    mean = statistics.fmean(margins)
    half_width = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins))
    assert mean - half_width > 0.5, (mean, half_width)


def _never_claims_falsely(log: list[object], heuristic: int) -> None:
    for claim, scored in itertools.pairwise(log):
        if isinstance(claim, OutClaimed) and claim.seat == heuristic and not claim.automatic:
            assert isinstance(scored, DealScored)
            assert scored.reason is not DealEnd.FALSE_CLAIM, scored


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_the_heuristic_plays_whole_matches_legally_and_claims_only_when_sure(
    options: Options,
) -> None:
    for seed in range(12):
        bots = [HeuristicBot(random.Random(seed)), HeuristicBot(random.Random(seed + 1))]
        log: list[object] = []
        state: GameState | None = None
        for event in GAME.start_game(options, 2, seed % 2):
            state = GAME.evolve(state, event)
        assert state is not None
        rng = random.Random(seed)
        while not GAME.is_terminal(state):
            if GAME.is_chance_node(state):
                state = apply(state, ShuffleDeck(rng.randbytes(8)), log)
                continue
            seat = GAME.to_act(state)[0]
            state = apply(state, bots[seat].choose(GAME.view_for(state, seat)), log)
        for seat in (0, 1):
            _never_claims_falsely(log, seat)


def test_a_heuristic_built_afresh_for_each_move_stays_legal_and_careful() -> None:
    """A service may build a bot for each move: in `hard` it has then seen only the last
    trick, and must not claim on a count it cannot be sure of."""
    for seed in range(40):
        options = OPTIONS[seed % len(OPTIONS)]

        def fresh(view: View[object], seed: int = seed) -> Command:
            return HeuristicBot(random.Random(seed)).choose(view)  # type: ignore[arg-type]

        _, log = play_deal(seed, [fresh, RandomBot(random.Random(seed)).choose], options)
        _never_claims_falsely(log, 0)


def test_the_bot_receives_only_the_seat_view() -> None:
    parameters = list(inspect.signature(HeuristicBot(random.Random(0)).choose).parameters)
    assert parameters == ["view"]
    assert HeuristicBot.level == "heuristic"
