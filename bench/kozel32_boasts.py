"""What the heuristic's pre-play answers of the 32-card Kozel are worth, on duplicate deals
(the arena's machinery, `app.bots.arena`).

    python -m bench.kozel32_boasts boasts --kons 3000
    python -m bench.kozel32_boasts exchange --a low:3 --b never --pairs 3000

`boasts`: each set is one deal 2 (after a deal 1 of seeded random bots, as `--from-deal 2`),
played by heuristic bots in all four seats once for every answer to the boast question
(C32-8): «сдавай» and each enabled boast, the leading team's answer forced, with the same
shuffle, cut and bots. For each answer it prints the leading team's mean margin (its pairs in
the кон less the other team's, `Game.deal_outcome`) and, for each boast, its gain over
«сдавай» on the same sets, with 95 % confidence intervals over the sets. The boast question
comes before anyone sees a card, so this is the whole of what a boast is worth to a bot that
plays it as the heuristic does.

`exchange`: the arena's duplicate deals between two last-trump rules (C32-13) of the
heuristic, the rest of the bot the same: `OFFER[:ACCEPT]`, OFFER one of `never` (always
keep), `low` (offer when no trump held is the шамок or a queen), `noshamok` (offer unless
it is the шамок), `any`; ACCEPT the fewest
trumps the partner must hold to accept (default 3; `never`: always refuse).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable, Sequence

from app.bots import Bot
from app.bots.arena import Arena, mean_ci
from app.bots.kozel32.heuristic import HeuristicBot
from app.domain.cards import Card, Rank
from app.domain.commands import Command
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    DealPlain,
    DeclareBoast,
    KeepLastTrump,
    OfferLastTrump,
    RefuseLastTrump,
)
from app.domain.kozel32.deck import SHAMOK, ranking
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State
from app.domain.kozel32.views import Kozel32View
from app.domain.view import View

SEATS = 4


class ForcedBoast(HeuristicBot):
    """The heuristic, with its answer to the boast question forced (None: «сдавай»)."""

    def __init__(self, rng: random.Random, answer: Boast | None) -> None:
        super().__init__(rng)
        self.answer = answer

    def boast_answer(self, actions: tuple[Command, ...]) -> Command:
        if self.answer is None:
            return next(a for a in actions if isinstance(a, DealPlain))
        return next(a for a in actions if isinstance(a, DeclareBoast) and a.name is self.answer)


def boasts(kons: int, seed: int, options_json: str, from_deal: int) -> None:
    options = GAME.parse_options(json.loads(options_json), SEATS)
    arena = Arena(GAME, options, SEATS, "heuristic", "heuristic", from_deal)
    answers: list[Boast | None] = [None, *(b for b in Boast if options.allows(b))]
    rng = random.Random(seed)
    margins: dict[Boast | None, list[float]] = {a: [] for a in answers}
    started = time.perf_counter()
    while len(margins[None]) < kons:
        seeds = [rng.randbytes(16) for _ in range(from_deal)]
        cuts = [rng.randrange(1 << 30) for _ in range(from_deal)]
        dealer, warmup, bot_seed = rng.randrange(SEATS), rng.random(), rng.random()
        row: dict[Boast | None, float] = {}
        for answer in answers:
            table = arena.warmed_up(dealer, seeds, cuts, warmup)
            if table is None:
                break  # the game ended before the measured deal
            bots: Sequence[Bot] = [
                ForcedBoast(random.Random(bot_seed + s), answer) for s in range(SEATS)
            ]
            table.bots = bots
            table.play_deal(seeds[-1], cuts[-1])
            state: State = table.state
            assert state.kon is not None
            assert state.kon.leading_side is not None
            assert state.kon.boast is answer, (state.kon.boast, answer)
            outcome = GAME.deal_outcome(state)
            assert outcome is not None
            lead = state.kon.leading_side
            row[answer] = outcome[lead] - outcome[1 - lead]
        if len(row) == len(answers):
            for answer, value in row.items():
                margins[answer].append(value)
    plain = margins[None]
    print(
        f"kozel32 boasts: {kons} duplicate sets of deal {from_deal}, heuristic in every seat, "
        f"options {options_json}, seed {seed}, {time.perf_counter() - started:.0f} s"
    )
    print("answer          leading team's margin (95% CI)      gain over «сдавай» (95% CI)")
    for answer in answers:
        mean, low, high = mean_ci(margins[answer])
        name = "сдавай" if answer is None else answer.value
        line = f"{name:<14}  {mean:+.3f} ({low:+.3f} .. {high:+.3f})"
        if answer is not None:
            gains = [b - p for b, p in zip(margins[answer], plain, strict=True)]
            g_mean, g_low, g_high = mean_ci(gains)
            line += f"      {g_mean:+.3f} ({g_low:+.3f} .. {g_high:+.3f})"
        print(line)


class LastTrumpRule(HeuristicBot):
    """The heuristic with another last-trump rule (C32-13)."""

    def __init__(self, rng: random.Random, offer: str, accept_min: int | None) -> None:
        super().__init__(rng)
        self.offer, self.accept_min = offer, accept_min

    def offer_answer(self, view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
        trumps = [c for c in view.hand or () if _is_trump(view, c)]
        yes = (
            self.offer == "any"
            or (
                self.offer == "low"
                and all(c != SHAMOK and c.rank is not Rank.QUEEN for c in trumps)
            )
            or (self.offer == "noshamok" and SHAMOK not in trumps)
        )
        kind = OfferLastTrump if yes else KeepLastTrump
        return next(a for a in actions if isinstance(a, kind))

    def accept_answer(self, view: View[Kozel32View], actions: tuple[Command, ...]) -> Command:
        count = sum(_is_trump(view, c) for c in view.hand or ())
        yes = self.accept_min is not None and count >= self.accept_min
        kind = AcceptLastTrump if yes else RefuseLastTrump
        return next(a for a in actions if isinstance(a, kind))


def _is_trump(view: View[Kozel32View], card: Card) -> bool:
    return ranking(view.game.trump_preset, view.game.trump_suit).is_trump(card)


def rule(spec: str) -> Callable[[random.Random], Bot]:
    offer, _, accept = spec.partition(":")
    assert offer in ("never", "low", "noshamok", "any"), spec
    accept_min = None if accept == "never" else int(accept or 3)
    return lambda rng: LastTrumpRule(rng, offer, accept_min)


class Versus(Arena):
    """The arena, with bots made by `factories` (by the names `a` and `b`)."""

    factories: dict[str, Callable[[random.Random], Bot]]

    def bots(self, a_sides: list[int], rng: random.Random) -> list[Bot | None]:
        seating = self.seating
        return [
            None
            if seat in seating.dummies
            else self.factories[self.a if seating.side_of(seat) in a_sides else self.b](
                random.Random(rng.random())
            )
            for seat in seating.seats
        ]


def exchange(a: str, b: str, pairs: int, seed: int, options_json: str, from_deal: int) -> None:
    options = GAME.parse_options(json.loads(options_json), SEATS)
    arena = Versus(GAME, options, SEATS, a, b, from_deal)
    arena.factories = {a: rule(a), b: rule(b)}
    rng = random.Random(seed)
    started = time.perf_counter()
    outcomes = [arena.duplicate(rng) for _ in range(pairs)]
    mean, low, high = mean_ci([o.margin for o in outcomes])
    differ = sum(o.margin != 0 for o in outcomes)
    print(
        f"kozel32 last trump: {a} vs {b}, {pairs} duplicate sets of deal {from_deal}, "
        f"options {options_json}, seed {seed}, {time.perf_counter() - started:.0f} s"
    )
    print(f"margin per deal  {mean:+.4f}  (95% CI {low:+.4f} .. {high:+.4f})")
    points = [o.points for o in outcomes if o.points is not None]
    if len(points) > 1:
        p_mean, p_low, p_high = mean_ci(points)
        print(f"card points      {p_mean:+.3f}  (95% CI {p_low:+.3f} .. {p_high:+.3f})")
    changed = [o.margin for o in outcomes if o.margin != 0]
    if len(changed) > 1:
        print(
            f"sets with another result: {differ} ({differ / pairs:.1%}), "
            f"their mean {statistics.fmean(changed):+.3f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p_boasts = sub.add_parser("boasts", help="each boast against «сдавай»")
    p_boasts.add_argument("--kons", type=int, default=2000)
    p_boasts.add_argument("--from-deal", type=int, default=2)
    p_exchange = sub.add_parser("exchange", help="two last-trump rules against each other")
    p_exchange.add_argument("--a", default="low:3")
    p_exchange.add_argument("--b", default="never:never")
    p_exchange.add_argument("--pairs", type=int, default=2000)
    p_exchange.add_argument("--from-deal", type=int, default=1)
    for p in (p_boasts, p_exchange):
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--options", default="{}", help="the table's options, as JSON")
    args = parser.parse_args(argv)
    if args.what == "boasts":
        boasts(args.kons, args.seed, args.options, args.from_deal)
    else:
        exchange(args.a, args.b, args.pairs, args.seed, args.options, args.from_deal)


if __name__ == "__main__":
    main()
