"""Bots: legal play at every level, no hidden information used, the fast model matches the
engine, and the solver agrees with brute force."""

from __future__ import annotations

import inspect
import random

import pytest

from app.bots import BOT_LEVELS, Bot, make_bot
from app.bots.arena import Timings, play_deal, play_game
from app.bots.fast import legal, winner
from app.bots.knowledge import infer
from app.bots.solver import Solver, brute_force
from app.bots.strong import StrongBot
from app.domain import kozel24 as k
from app.domain.kozel24 import deck
from app.domain.values import updated


def seats(level: str, seed: int) -> list:  # type: ignore[type-arg]
    return [make_bot(level, random.Random(seed * 4 + s)) for s in range(4)]


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_finishes_seeded_games_legally(level: str) -> None:
    """`apply` refuses anything illegal, so a finished game is a legal one."""
    games = 3 if level == "strong" else 30
    for seed in range(games):
        final = play_game(random.Random(seed), seats(level, seed), Timings())
        assert final.result is not None


@pytest.mark.slow
@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_thousands_of_seeded_games_are_legal(level: str) -> None:
    for seed in range(2000):
        assert play_game(random.Random(seed), seats(level, seed), Timings()).result is not None


@pytest.mark.slow
def test_many_seeded_games_of_the_strong_bot_are_legal() -> None:
    """The search's breadth does not change which cards it may choose from: a small budget
    (two samples) lets CI play many games."""
    for seed in range(300):
        lineup = [StrongBot(random.Random(seed * 4 + s), samples=2) for s in range(4)]
        assert play_game(random.Random(seed), lineup, Timings()).result is not None


def test_mixed_tables_finish() -> None:
    for seed in range(5):
        lineup = [make_bot(level, random.Random(seed)) for level in ("strong", "heuristic") * 2]
        play_deal(bytes([seed]), seed % 4, 1 + seed, lineup, Timings())


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_a_bot_receives_only_the_seat_view(level: str) -> None:
    bot = make_bot(level, random.Random(1))
    parameters = list(inspect.signature(bot.choose).parameters.values())
    assert [p.annotation for p in parameters] in (["k.View"], ["View"])


@pytest.mark.parametrize("level", ["heuristic", "strong"])
def test_hidden_cards_do_not_change_a_bots_choice(level: str) -> None:
    """Two deals that look the same from seat 0 (the other three hands shuffled among
    themselves) get the same answer from a bot seeded the same way."""
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
    """The bot without its per-move deadline, so the same seed always does the same work."""
    if level == "strong":
        return StrongBot(random.Random(seed), deadline_s=60.0, samples=8)
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


@pytest.mark.parametrize("per_hand", [1, 2, 3])
def test_the_solver_agrees_with_brute_force(per_hand: int) -> None:
    rng = random.Random(per_hand)
    for _ in range(40 if per_hand < 3 else 12):
        order = list(range(24))
        rng.shuffle(order)
        hands = [sum(1 << c for c in order[i * per_hand : (i + 1) * per_hand]) for i in range(4)]
        leader = rng.randrange(4)
        assert Solver().value(list(hands), leader, ()) == brute_force(hands, leader, ())
        seat_cards = [c for c in range(24) if hands[leader] >> c & 1]
        best = Solver().best(list(hands), leader, ())
        assert set(best) == set(seat_cards)


def test_the_solver_values_a_caught_queen() -> None:
    six, queen = deck.SIX_OF_CLUBS, deck.QUEEN_OF_CLUBS
    ace_spades = deck.INDEX[k.PlayCard(0, deck.CARDS[12]).card]
    hands = [1 << six, 1 << queen, 1 << ace_spades, 1 << (ace_spades + 1)]
    # Seat 0 leads 6♣, seat 1 must follow with its only card Q♣: team 0 catches it.
    assert Solver().value(hands, 0, ()) == brute_force(hands, 0, ()) > 100


def test_a_catch_after_points_counts_as_a_catch() -> None:
    """The solver's value of a line where the opponents catch Q♣ after team 0 took 25 points
    is -975: it is still a catch (-4 written), not a card-point result."""
    from app.bots.strong import _solved

    assert _solved(-975, [0, 0], us=0) == -4.0
    assert _solved(1000 + 30, [10, 0], us=1) == -4.0
    assert _solved(60, [30, 30], us=0) > 0
