"""The match runner: duplicate deals between two bot levels.

    python -m app.bots.arena --a strong --b heuristic --pairs 500

Each deal is played twice from the same shuffle and cut, with the teams' hands swapped, so
the luck of the cards cancels out. Deals are played as a deal 2 (the lone-trump exchange and
the no-queens claim apply). Prints the mean card-point margin of A per deal with its 95%
confidence interval, the written-point margin, the share of deals won, then whole games (A
against B, seats alternating) and each level's think time per move.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

from app.bots import Bot, make_bot
from app.bots.strong import StrongBot
from app.domain import kozel24 as k
from app.domain.chance import commitment
from app.domain.kozel24.events import DeckShuffled, GameStarted


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


class OracleBot:
    """A yardstick, never a seat bot: it sees every hand (the arena hands it the state) and
    searches the one true deal the way the strong bot searches its samples."""

    level = "oracle"

    def __init__(self, rng: random.Random) -> None:
        self._strong = StrongBot(rng, samples=1)

    def choose(self, view: k.View) -> k.SeatCommand:
        raise TypeError("the oracle needs the whole state: use choose_seeing_all")

    def choose_seeing_all(self, state: k.GameState, seat: int) -> k.SeatCommand:
        return self._strong.choose_with(k.view_for(state, seat), lambda: list(state.hands))


def _make(level: str, rng: random.Random) -> Bot:
    return OracleBot(rng) if level == "oracle" else make_bot(level, rng)


def _choose(bot: Bot, state: k.GameState, seat: int, view: k.View) -> k.SeatCommand:
    if isinstance(bot, OracleBot):
        return bot.choose_seeing_all(state, seat)
    return bot.choose(view)


def _act(state: k.GameState, seats: list[Bot], timings: Timings) -> k.GameState:
    seat = k.to_act(state)[0]
    bot = seats[seat]
    view = k.view_for(state, seat)
    started = time.perf_counter()
    command = _choose(bot, state, seat, view)
    timings.by_level[bot.level].append(time.perf_counter() - started)
    state, _ = k.apply(state, command)
    return state


def play_deal(
    seed: bytes, dealer: int, cut: int, seats: list[Bot], timings: Timings
) -> k.GameState:
    """One deal from the given shuffle, played as deal 2."""
    state = k.evolve(None, GameStarted(k.Options(), dealer))
    state = k.evolve(state, DeckShuffled(2, dealer, seed, commitment(seed)))
    state, _ = k.apply(state, k.CutDeck((dealer - 1) % 4, cut))
    while state.phase in (k.Phase.DECISIONS, k.Phase.PLAY):
        state = _act(state, seats, timings)
    return state


def play_game(rng: random.Random, seats: list[Bot], timings: Timings) -> k.GameState:
    state = k.replay(k.start_game(k.Options(), rng.randrange(4)))
    while not state.is_terminal:
        if k.is_chance_node(state):
            state, _ = k.apply(state, k.ShuffleDeck(rng.randbytes(16)))
        else:
            state = _act(state, seats, timings)
    return state


@dataclass
class DealOutcome:
    margin: float
    """A's card points minus B's."""
    written: float
    """What B had written minus what A had written."""


def _outcome(state: k.GameState, team_a: int) -> DealOutcome:
    last = state.last_deal
    assert last is not None
    points = last.points
    margin = points[team_a] - points[1 - team_a]
    written = 0.0
    if last.written_on is not None:
        written = last.amount if last.written_on != team_a else -last.amount
    return DealOutcome(margin, written)


def lineup(a: str, partner: str, b: str, team_a: int, rng: random.Random) -> list[Bot]:
    """Seats for one deal: A and its partner on team `team_a`, two B's on the other."""
    levels = [a if s == team_a else partner if s % 2 == team_a else b for s in range(4)]
    return [_make(level, random.Random(rng.random())) for level in levels]


def duplicate(
    a: str, b: str, pairs: int, seed: int, partner: str | None = None
) -> tuple[list[DealOutcome], Timings]:
    rng = random.Random(seed)
    timings = Timings()
    outcomes = []
    for _ in range(pairs):
        deal_seed, dealer, cut = rng.randbytes(16), rng.randrange(4), rng.randint(1, 23)
        for team_a in (0, 1):
            seats = lineup(a, partner or a, b, team_a, rng)
            state = play_deal(deal_seed, dealer, cut, seats, timings)
            outcomes.append(_outcome(state, team_a))
    return outcomes, timings


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Duplicate deals between two bot levels.")
    parser.add_argument(
        "--a", default="heuristic", help="the level measured (or `oracle`, which sees all cards)"
    )
    parser.add_argument("--b", default="random", help="its opponent")
    parser.add_argument("--partner", help="A's partner level (default: A itself)")
    parser.add_argument("--pairs", type=int, default=200, help="duplicate deal pairs")
    parser.add_argument("--games", type=int, default=0, help="whole games to play as well")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    outcomes, timings = duplicate(args.a, args.b, args.pairs, args.seed, args.partner)
    # A pair's two deals share their cards: average them, so the pairs are independent.
    margins = [
        (outcomes[i].margin + outcomes[i + 1].margin) / 2 for i in range(0, len(outcomes), 2)
    ]
    written = [
        (outcomes[i].written + outcomes[i + 1].written) / 2 for i in range(0, len(outcomes), 2)
    ]
    mean, low, high = mean_ci(margins)
    won = sum(1 for o in outcomes if o.written > 0) / len(outcomes)
    lost = sum(1 for o in outcomes if o.written < 0) / len(outcomes)
    team = args.a if not args.partner else f"{args.a}+{args.partner}"
    print(f"{team} vs {args.b}: {args.pairs} duplicate pairs ({2 * args.pairs} deals)")
    print(f"card-point margin per deal  {mean:+6.2f}  (95% CI {low:+.2f} .. {high:+.2f})")
    print(f"written-point margin / deal {statistics.fmean(written):+6.2f}")
    print(f"deals won {won:6.1%}   lost {lost:6.1%}   level {1 - won - lost:6.1%}")
    if args.games:
        rng = random.Random(args.seed + 1)
        wins = 0
        for game in range(args.games):
            team_a = game % 2
            seats = lineup(args.a, args.partner or args.a, args.b, team_a, rng)
            final = play_game(rng, seats, timings)
            assert final.result is not None
            wins += final.result.loser != team_a
        print(f"whole games won by {args.a}: {wins}/{args.games} ({wins / args.games:.1%})")
    for line in timings.report():
        print(line)


if __name__ == "__main__":
    main()
