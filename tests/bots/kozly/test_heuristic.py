"""The heuristic Kozly bot plays only legal cards from its seat's view, and beats a uniformly
random player on duplicate deals: each deal is played four times from the same shuffle and
cut, the bot in each seat in turn against three random players, so the luck of the cards
cancels out."""

from __future__ import annotations

import inspect
import math
import random
import statistics

from app.bots.kozly.heuristic import HeuristicBot
from app.bots.random_bot import RandomBot
from app.domain.commands import Command, ShuffleDeck
from app.domain.kozly import GAME, CutDeck, Options
from app.domain.kozly.events import DealScored


def play_deal(seed: int, options: Options, heuristic_seat: int) -> tuple[int, ...]:
    """One deal from `seed`'s shuffle and cut; the card points of each seat."""
    rng = random.Random(seed)
    dealer = seed % 4
    bots = [
        HeuristicBot(random.Random(seed)) if s == heuristic_seat else RandomBot(rng)
        for s in range(4)
    ]
    state = None
    for event in GAME.start_game(options, 4, dealer):
        state = GAME.evolve(state, event)
    commands: list[Command] = [
        ShuffleDeck(seed.to_bytes(8, "big")),
        CutDeck((dealer - 1) % 4, 1 + seed % 31),
    ]
    while True:
        if commands:
            command = commands.pop(0)
        else:
            (seat,) = GAME.to_act(state)
            view = GAME.view_for(state, seat)
            command = bots[seat].choose(view)
            assert command in view.legal_actions
        for event in GAME.decide(state, command):
            state = GAME.evolve(state, event)
            if isinstance(event, DealScored):
                return event.points


def margins(options: Options, deals: int) -> list[float]:
    """Per deal: the bot's points over its four seats, less the 120 an equal share gives."""
    return [
        sum(play_deal(seed, options, seat)[seat] for seat in range(4)) - 120.0
        for seed in range(deals)
    ]


def confidence_low(values: list[float]) -> float:
    return statistics.fmean(values) - 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def test_the_bot_decides_from_the_seat_view_only() -> None:
    parameters = list(inspect.signature(HeuristicBot.choose).parameters)
    assert parameters == ["self", "view"]
    assert HeuristicBot.level == "heuristic"


def test_the_bot_beats_random_play_in_halves() -> None:
    values = margins(Options(), 100)
    assert confidence_low(values) > 0, statistics.fmean(values)


def test_the_bot_beats_random_play_in_stock() -> None:
    values = margins(Options(deal_mode="stock"), 100)
    assert confidence_low(values) > 0, statistics.fmean(values)


def test_four_bots_finish_whole_games_of_every_mode() -> None:
    for seed, options in enumerate([Options(), Options(deal_mode="stock", end="ruined")]):
        bots = [HeuristicBot(random.Random(seed * 4 + s)) for s in range(4)]
        rng = random.Random(seed)
        state = None
        for event in GAME.start_game(options, 4, seed):
            state = GAME.evolve(state, event)
        while not GAME.is_terminal(state):
            if GAME.is_chance_node(state):
                command: Command = ShuffleDeck(rng.randbytes(8))
            else:
                (seat,) = GAME.to_act(state)
                command = bots[seat].choose(GAME.view_for(state, seat))
            for event in GAME.decide(state, command):
                state = GAME.evolve(state, event)
        assert state.outcome is not None
