"""Bots: legal play at every level, no hidden information used, the fast model matches the
engine, and the exact search of a deal agrees with plain minimax."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.bots import BOT_LEVELS, Bot
from app.bots.arena import Table, start
from app.bots.arena import play_game as play
from app.bots.kozel24.fast import legal, winner
from app.bots.kozel24.knowledge import infer
from app.bots.kozel24.strong import BUDGET, MODEL, StrongBot, World, utility
from app.bots.registry import make_bot as _make_bot
from app.bots.search import Solver
from app.domain import kozel24 as k
from app.domain.kozel24 import deck
from app.domain.values import updated


def make_bot(level: str, rng: random.Random) -> Bot:
    return _make_bot("kozel24", level, rng)


def seats(level: str, seed: int) -> list[Bot | None]:
    return [make_bot(level, random.Random(seed * 4 + s)) for s in range(4)]


def play_game(rng: random.Random, bots: list[Bot | None]) -> k.GameState:
    state: k.GameState = play(k.GAME, k.Options(), 4, bots, rng).state
    return state


def play_deal(seed: bytes, dealer: int, cut: int, bots: list[Bot | None]) -> Table:
    table = start(k.GAME, k.Options(), 4, dealer, bots)
    table.play_deal(seed, cut)
    return table


@pytest.mark.parametrize(
    "level",
    [
        pytest.param(level, marks=[pytest.mark.slow] if level == "strong" else [])
        for level in BOT_LEVELS
    ],
)
def test_every_level_finishes_seeded_games_legally(level: str) -> None:
    """`apply` refuses anything illegal, so a finished game is a legal one."""
    games = 3 if level == "strong" else 30
    for seed in range(games):
        final = play_game(random.Random(seed), seats(level, seed))
        assert final.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_thousands_of_seeded_games_are_legal(level: str) -> None:
    for seed in range(500):
        assert play_game(random.Random(seed), seats(level, seed)).result is not None


@pytest.mark.slow
def test_many_seeded_games_of_the_strong_bot_are_legal() -> None:
    """The search's breadth does not change which cards it may choose from: a small budget
    (two samples) lets CI play many games."""
    for seed in range(40):
        lineup: list[Bot | None] = [
            StrongBot(random.Random(seed * 4 + s), replace(BUDGET, samples=2)) for s in range(4)
        ]
        assert play_game(random.Random(seed), lineup).result is not None


def test_a_table_of_two_levels_plays_its_deal_to_the_score() -> None:
    for seed in range(5):
        lineup: list[Bot | None] = [
            make_bot(level, random.Random(seed)) for level in ("strong", "heuristic") * 2
        ]
        table = play_deal(bytes([seed]), seed % 4, 1 + seed, lineup)
        state: k.GameState = table.state
        assert state.phase in (k.Phase.SHUFFLE, k.Phase.GAME_OVER)  # K-14: a sweep ends it
        last = state.last_deal
        assert last is not None
        assert last.deal_no == 1
        if last.reason != "queen_caught":  # K-13 ends a deal early
            assert sum(last.points) == deck.DEAL_POINTS
        assert set(table.timings.by_level) == {"strong", "heuristic"}  # both levels played


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_hidden_cards_do_not_change_a_bots_choice(level: str) -> None:
    """A bot sees only its seat's view: two deals that look the same from the seat to play
    (the other three hands shuffled among themselves) get the same answer from a bot seeded
    the same way."""
    rng = random.Random(5)
    for trial in range(15):
        state = _mid_deal(rng, trial)
        seat = k.to_act(state)[0]
        twin = _reshuffle_others(state, seat, rng)
        assert k.view_for(twin, seat) == k.view_for(state, seat)
        first = _untimed(level, trial).choose(k.view_for(state, seat))
        second = _untimed(level, trial).choose(k.view_for(twin, seat))
        assert first == second


def _untimed(level: str, seed: int) -> Bot:
    """A small budget: the same seed always does the same work."""
    if level == "strong":
        return StrongBot(random.Random(seed), replace(BUDGET, samples=8))
    return make_bot(level, random.Random(seed))


def _mid_deal(rng: random.Random, trial: int) -> k.GameState:
    state = k.replay(k.start_game(k.Options(), trial % 4))
    state, _ = k.apply(state, k.ShuffleDeck(rng.randbytes(8)))
    for _ in range(rng.randrange(2, 14)):
        if state.phase not in (k.Phase.CUT, k.Phase.DECISIONS, k.Phase.PLAY):
            break
        seat = k.to_act(state)[0]
        state, _ = k.apply(state, rng.choice(k.legal_actions(state, seat)))
    if state.phase is not k.Phase.PLAY:
        return _mid_deal(rng, trial + 1)
    return state


def _reshuffle_others(state: k.GameState, seat: int, rng: random.Random) -> k.GameState:
    """Deal the other seats' unplayed cards anew, each seat keeping its hand size and never
    receiving a card of a class it has shown void in."""
    others = [s for s in range(4) if s != seat]
    know = infer(k.view_for(state, seat))
    for _ in range(200):
        pool = [c for s in others for c in deck.cards_of(state.hands[s])]
        rng.shuffle(pool)
        hands = list(state.hands)
        start = 0
        for s in others:
            size = state.hands[s].bit_count()
            hands[s] = deck.mask_of(tuple(pool[start : start + size]))
            start += size
        fine = all(not hands[s] & deck.CLASS_MASK[cls] for s in others for cls in know.voids[s])
        if fine:
            return k.with_turn(updated(state, hands=tuple(hands)))
    return state


def test_the_fast_model_matches_the_engine() -> None:
    rng = random.Random(3)
    for _ in range(300):
        state = _mid_deal(rng, rng.randrange(4))
        trick = state.trick
        assert trick is not None
        seat = trick.to_play
        engine = {a.card for a in k.legal_actions(state, seat)}  # type: ignore[union-attr]
        mask = legal(state.hands[seat], trick.cards)
        if state.deal_no == 1 and not state.tricks and not trick.cards:
            continue  # the forced A♦ lead is the engine's alone
        assert {deck.CARDS[i] for i in range(24) if mask >> i & 1} == engine
        if trick.cards:
            full = (*trick.cards, next(iter(deck.INDEX[c] for c in engine)))
            while len(full) < 4:
                full = (*full, next(i for i in range(24) if i not in full))
            seat_won = winner(trick.leader, full)
            played = tuple(deck.CARDS[i] for i in full)
            ours = max(
                range(4),
                key=lambda i: (
                    (100 - deck.INDEX[played[i]])
                    if deck.is_trump(played[i])
                    else (50 - deck.INDEX[played[i]])
                    if played[i].suit == played[0].suit and not deck.is_trump(played[0])
                    else 0
                ),
            )
            assert seat_won == (trick.leader + ours) % 4


def minimax(world: World, side: int) -> float:
    """Plain minimax over the deal model, without pruning or memory: the reference."""
    seat = MODEL.to_move(world)
    if seat is None:
        return MODEL.value(world, side)
    values = [minimax(MODEL.play(world, card), side) for card in MODEL.actions(world)]
    return max(values) if seat % 2 == side else min(values)


@pytest.mark.parametrize("per_hand", [1, 2, 3])
def test_the_exact_search_of_a_deal_agrees_with_minimax(per_hand: int) -> None:
    rng = random.Random(per_hand)
    for _ in range(40 if per_hand < 3 else 12):
        order = list(range(24))
        rng.shuffle(order)
        hands = [sum(1 << c for c in order[i * per_hand : (i + 1) * per_hand]) for i in range(4)]
        world = World(
            (hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), (), (50, 40), (2, 1)
        )
        for side in (0, 1):
            assert Solver(MODEL, side, 10**7).value(world) == minimax(world, side)


def test_a_caught_queen_is_worth_a_catch_whatever_the_points() -> None:
    six, queen = deck.SIX_OF_CLUBS, deck.QUEEN_OF_CLUBS
    ace_spades = deck.INDEX[k.PlayCard(0, deck.CARDS[12]).card]
    hands = (1 << six, 1 << queen, 1 << ace_spades, 1 << (ace_spades + 1))
    # Seat 0 leads 6♣, seat 1 must follow with its only card Q♣: team 0 catches it (K-13),
    # which is 4 written on team 1 whatever team 1 took before.
    world = World(hands, 0, (), (10, 95), (1, 4))
    assert Solver(MODEL, 0, 10**6).value(world) == 4.0
    assert Solver(MODEL, 1, 10**6).value(world) == -4.0
    assert utility(95, False, False, 0, 1) == -4.0
