"""The match runner: duplicate deals between two bot levels, for any game.

    python -m app.bots.arena --game sixty_six --a strong --b heuristic --pairs 300 --games 100
    python -m app.bots.arena --game bura --seats 4 --a heuristic --b random --pairs 200

Each deal is played once for every seating of the levels: with two sides, A on each side in
turn; with more, A in each seat in turn against B in all the others. Every seating gets the
same shuffle and the same cut, so the luck of the cards cancels out. A deal's worth is what the
game says it wrote (`Game.deal_outcome`: written points, pairs, game points, marks), and A's
margin is its side's worth less the mean of the B sides'. The runner prints A's mean margin
per deal with its 95 % confidence interval (over the duplicate sets, which are independent),
the card-point margin where the deal was played out, the share of deals won, whole games (A's
seat going round), and each level's think time per move. With `--from-deal N` the deals before
deal N are played by the same seeded random bots in every seating, so the measured deal is a
deal N (the lone-trump exchange of Kozel applies from deal 2).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.bots import Bot
from app.bots.random_bot import RandomBot
from app.bots.registry import make_bot
from app.domain.commands import Command, ShuffleDeck
from app.domain.events import Event
from app.domain.game import Game
from app.domain.registry import DEFAULT_VARIANT, GAMES, game_of
from app.domain.seats import Seating

CUT = "cut"
"""The wire type of a cut: the arena makes it itself, the same in every seating."""
MAX_STEPS = 100_000


@dataclass
class Timings:
    by_level: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def report(self) -> list[str]:
        lines = []
        for level, values in sorted(self.by_level.items()):
            ms = sorted(v * 1000 for v in values)
            p50 = ms[len(ms) // 2]
            p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
            lines.append(
                f"think time {level:<9} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  "
                f"max {ms[-1]:7.2f} ms  ({len(ms)} moves)"
            )
        return lines


@dataclass
class Table:
    """One game in progress, played by bots (one per seat)."""

    game: Game[Any, Any]
    seating: Seating
    bots: Sequence[Bot | None]
    """Per seat (None for a dummy, which its controller plays)."""
    timings: Timings
    state: Any = None
    deal_events: list[Event] = field(default_factory=list)

    def apply(self, events: list[Event]) -> None:
        for event in events:
            self.state = self.game.evolve(self.state, event)
            self.deal_events.append(event)

    def act(self, cut: int) -> None:
        """Let the seat to act choose (the arena makes any cut at `cut`)."""
        game, state = self.game, self.state
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        if all(a.TYPE == CUT for a in actions):
            command: Command = actions[cut % len(actions)]
        else:
            bot = self.bots[seat]
            assert bot is not None
            started = time.perf_counter()
            command = bot.choose(game.view_for(state, seat))
            self.timings.by_level[bot.level].append(time.perf_counter() - started)
        self.apply(game.decide(state, command))

    def play_deal(self, seed: bytes, cut: int) -> None:
        """Shuffle with `seed` and play until the deal is over. A shuffle inside the running
        deal (a redeal, C32-11) gets a seed derived from `seed`, the same in every seating."""
        game = self.game
        self.deal_events = []
        self.apply(game.decide(self.state, ShuffleDeck(seed)))
        redeals = 0
        for _ in range(MAX_STEPS):
            if not game.deal_running(self.state):
                return
            if game.is_chance_node(self.state):
                redeals += 1
                again = hashlib.sha256(seed + redeals.to_bytes(2, "big")).digest()[:16]
                self.apply(game.decide(self.state, ShuffleDeck(again)))
                continue
            self.act(cut)
        raise AssertionError("the deal does not end")


def start(
    game: Game[Any, Any], options: Any, seats: int, dealer: int, bots: Sequence[Bot | None]
) -> Table:
    table = Table(game, game.seating(seats, options), bots, Timings())
    table.apply(game.start_game(options, seats, dealer))
    return table


def play_game(
    game: Game[Any, Any],
    options: Any,
    seats: int,
    bots: Sequence[Bot | None],
    rng: random.Random,
    timings: Timings | None = None,
) -> Table:
    """A whole game between `bots` (one per seat), with shuffles and cuts from `rng`."""
    table = start(game, options, seats, rng.randrange(game.seating(seats, options).count), bots)
    table.timings = timings or table.timings
    for _ in range(MAX_STEPS):
        if game.is_terminal(table.state):
            return table
        if game.is_chance_node(table.state):
            table.apply(game.decide(table.state, ShuffleDeck(rng.randbytes(16))))
        else:
            table.act(rng.randrange(1 << 30))
    raise AssertionError("the game does not end")


@dataclass
class DealOutcome:
    margin: float
    """A's worth less the mean of B's, in the game's unit."""
    points: float | None
    """A's card points less the mean of B's, where every card was played."""


def seatings(seating: Seating) -> list[list[int]]:
    """For each seating of a duplicate set, the sides that A plays (the rest are B's)."""
    if seating.sides == 2:
        return [[0], [1]]
    return [[side] for side in range(seating.sides)]


@dataclass
class Arena:
    game: Game[Any, Any]
    options: Any
    seats: int
    a: str
    b: str
    from_deal: int = 1
    timings: Timings = field(default_factory=Timings)

    @property
    def seating(self) -> Seating:
        return self.game.seating(self.seats, self.options)

    def bots(self, a_sides: list[int], rng: random.Random) -> list[Bot | None]:
        seating = self.seating
        variant = self.game.info.variant
        return [
            None
            if seat in seating.dummies
            else make_bot(
                variant,
                self.a if seating.side_of(seat) in a_sides else self.b,
                random.Random(rng.random()),
            )
            for seat in seating.seats
        ]

    def duplicate(self, rng: random.Random) -> DealOutcome:
        """One duplicate set: the same deal once for every seating of A."""
        seeds = [rng.randbytes(16) for _ in range(self.from_deal)]
        cuts = [rng.randrange(1 << 30) for _ in range(self.from_deal)]
        dealer = rng.randrange(self.seating.count)
        warmup = rng.random()
        margins, points = [], []
        for a_sides in seatings(self.seating):
            table = self.warmed_up(dealer, seeds, cuts, warmup)
            if table is None:
                return self.duplicate(rng)  # the game ended before the measured deal
            table.bots = self.bots(a_sides, rng)
            table.timings = self.timings
            table.play_deal(seeds[-1], cuts[-1])
            outcome = self.game.deal_outcome(table.state)
            assert outcome is not None
            margins.append(_margin(outcome, a_sides))
            record = self.game.deal_record(table.deal_events)
            if record.points is not None:
                points.append(_margin(record.points, a_sides))
        return DealOutcome(
            statistics.fmean(margins),
            statistics.fmean(points) if len(points) == len(margins) else None,
        )

    def warmed_up(
        self, dealer: int, seeds: list[bytes], cuts: list[int], warmup: float
    ) -> Table | None:
        """A table at the start of the measured deal, the same for every seating."""
        seating = self.seating
        randoms: list[Bot | None] = [
            None if seat in seating.dummies else RandomBot(random.Random(warmup + seat))
            for seat in seating.seats
        ]
        table = start(self.game, self.options, self.seats, dealer, randoms)
        for seed, cut in zip(seeds[:-1], cuts[:-1], strict=True):
            table.play_deal(seed, cut)
            if self.game.is_terminal(table.state):
                return None
        return table

    def whole_game(self, rng: random.Random, a_sides: list[int]) -> bool:
        """A whole game; whether A's side won it."""
        bots = self.bots(a_sides, rng)
        table = play_game(self.game, self.options, self.seats, bots, rng, self.timings)
        returns = self.game.returns(table.state)
        return max(returns[s] for s in a_sides) > 0


def _margin(values: Sequence[float], a_sides: list[int]) -> float:
    ours = [values[s] for s in a_sides]
    theirs = [v for s, v in enumerate(values) if s not in a_sides]
    return statistics.fmean(ours) - statistics.fmean(theirs)


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Duplicate deals between two bot levels.")
    parser.add_argument("--game", default=DEFAULT_VARIANT, choices=sorted(GAMES))
    parser.add_argument("--seats", type=int, help="players at the table (default: the game's)")
    parser.add_argument("--options", default="{}", help="the table's options, as JSON")
    parser.add_argument("--a", default="heuristic", help="the level measured")
    parser.add_argument("--b", default="random", help="its opponent")
    parser.add_argument("--pairs", type=int, default=200, help="duplicate sets of deals")
    parser.add_argument("--games", type=int, default=0, help="whole games to play as well")
    parser.add_argument("--from-deal", type=int, default=1, help="the deal number measured")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = game_of(args.game)
    seats = args.seats or game.info.seat_counts[0]
    options = game.parse_options(json.loads(args.options), seats)
    arena = Arena(game, options, seats, args.a, args.b, args.from_deal)
    rng = random.Random(args.seed)
    outcomes = [arena.duplicate(rng) for _ in range(args.pairs)]
    mean, low, high = mean_ci([o.margin for o in outcomes])
    won = sum(o.margin > 0 for o in outcomes) / len(outcomes)
    lost = sum(o.margin < 0 for o in outcomes) / len(outcomes)
    print(f"{args.game} ({seats} seats): {args.a} vs {args.b}, {args.pairs} duplicate sets")
    print(f"margin per deal  {mean:+7.3f}  (95% CI {low:+.3f} .. {high:+.3f})")
    points = [o.points for o in outcomes if o.points is not None]
    if len(points) > 1:
        p_mean, p_low, p_high = mean_ci(points)
        print(f"card points      {p_mean:+7.2f}  (95% CI {p_low:+.2f} .. {p_high:+.2f})")
    print(f"sets won {won:6.1%}   lost {lost:6.1%}   level {1 - won - lost:6.1%}")
    if args.games:
        sides = seatings(arena.seating)
        wins = sum(arena.whole_game(rng, sides[g % len(sides)]) for g in range(args.games))
        print(f"whole games won by {args.a}: {wins}/{args.games} ({wins / args.games:.1%})")
    for line in arena.timings.report():
        print(line)


if __name__ == "__main__":
    main()
