"""The strong bot of the 32-card Kozel: legal whole games at every table, choices that do
not depend on the hidden cards, sampled worlds that agree with the view, a fast model that
plays the deal as the engine does, and (slow) a win over the heuristic on duplicate deals."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from app.bots.arena import Arena, play_game
from app.bots.kozel32.fast import INDEX, World, legal, mask_of, play, worth
from app.bots.kozel32.knowledge import infer, privileged
from app.bots.kozel32.sampler import Sampler, rules_of
from app.bots.kozel32.strong import StrongBot
from app.bots.masks import indices as cards
from app.bots.search import Budget
from app.domain.commands import Command, ShuffleDeck
from app.domain.kozel32 import GAME
from app.domain.kozel32.commands import ChooseLeader, PlayBlind, PlayCard
from app.domain.kozel32.deck import card_points
from app.domain.kozel32.options import Options
from app.domain.kozel32.state import DealResult, Phase, State

TABLES: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (4, {"trump_preset": "diamonds", "unled_ace_ban": True, "trump_lead_restriction": True}),
    (3, {}),
    (3, {"three_player_mode": "queen_of_spades"}),
    (2, {}),
]
UNTIMED = Budget(samples=4, exact_below=8, exact_nodes=2000)
"""A small budget: the same seed always does the same work."""


def _fold(state: State | None, events: list[Any]) -> State:
    for event in events:
        state = GAME.evolve(state, event)
    assert state is not None
    return state


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_strong_bot_finishes_a_game_legally(players: int, options: dict[str, Any]) -> None:
    """The arena's table applies every command through `decide`, which refuses an illegal
    one; a small budget keeps the game fast."""
    parsed = Options(**options)
    seating = GAME.seating(players, parsed)
    budget = Budget(samples=2, exact_below=6, exact_nodes=300)
    bots = [
        None if s in seating.dummies else StrongBot(random.Random(s), budget) for s in seating.seats
    ]
    table = play_game(GAME, parsed, players, bots, random.Random(players))
    assert GAME.is_terminal(table.state)
    assert table.timings.by_level["strong"]


def _positions(
    players: int, options: dict[str, Any], seed: int, count: int, kind: type = PlayCard
) -> list[State]:
    """Positions of random games (boast deals among them from deal 2) where a seat has
    `kind` of action to choose: a card from its own hand in the play phase (no card left to
    deal), or the first leader."""
    rng = random.Random(seed)
    found: list[State] = []
    while len(found) < count:
        state = _fold(None, GAME.start_game(Options(**options), players, rng.randrange(players)))
        while not GAME.is_terminal(state) and len(found) < count:
            if GAME.is_chance_node(state):
                state = _fold(state, GAME.decide(state, ShuffleDeck(rng.randbytes(8))))
                continue
            seat = GAME.to_act(state)[0]
            actions = GAME.legal_actions(state, seat)
            view = GAME.view_for(state, seat)
            searched = state.phase is not Phase.PLAY or not view.game.deck_size
            if (
                searched
                and isinstance(actions[0], kind)
                and rng.random() < 0.3 ** (kind is PlayCard)
            ):
                found.append(state)
            state = _fold(state, GAME.decide(state, rng.choice(actions)))
    return found


def _acting(state: State) -> int:
    return GAME.to_act(state)[0]


def _twin(state: State, seat: int, rng: random.Random) -> State:
    """The other hands' cards dealt anew among them: each keeps its size, the cards the seat
    knows it holds, and no card of a class it has shown void in."""
    know = infer(GAME.view_for(state, seat))
    deal = state.deal
    assert deal is not None
    others = [s for s in range(len(deal.hands)) if s != seat]
    for _ in range(500):
        free = [c for s in others for c in deal.hands[s] if not know.known[s] >> INDEX[c] & 1]
        rng.shuffle(free)
        hands = list(deal.hands)
        for s in others:
            kept = [c for c in deal.hands[s] if know.known[s] >> INDEX[c] & 1]
            size = len(deal.hands[s]) - len(kept)
            hands[s], free = (*kept, *free[:size]), free[size:]
        if all(not mask_of(hands[s]) & know.forbidden[s] for s in others):
            return replace(state, deal=replace(deal, hands=tuple(hands)))
    return state


@pytest.mark.parametrize(("players", "options"), TABLES[:4])
def test_hidden_cards_do_not_change_the_choice(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(11)
    changed = 0
    for trial, state in enumerate(_positions(players, options, players * 7, 5)):
        seat = _acting(state)
        twin = _twin(state, seat, rng)
        changed += twin.deal != state.deal
        assert GAME.view_for(twin, seat) == GAME.view_for(state, seat)
        first = StrongBot(random.Random(trial), UNTIMED).choose(GAME.view_for(state, seat))
        second = StrongBot(random.Random(trial), UNTIMED).choose(GAME.view_for(twin, seat))
        assert first == second
    assert changed  # the test reshuffled something


@pytest.mark.parametrize(("players", "options"), [TABLES[0], TABLES[2]])
def test_hidden_cards_do_not_change_the_first_leader(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(3)
    for trial, state in enumerate(_positions(players, options, 40 + players, 4, ChooseLeader)):
        seat = _acting(state)
        twin = _twin(state, seat, rng)
        assert twin.deal != state.deal
        assert GAME.view_for(twin, seat) == GAME.view_for(state, seat)
        first = StrongBot(random.Random(trial), UNTIMED).choose(GAME.view_for(state, seat))
        second = StrongBot(random.Random(trial), UNTIMED).choose(GAME.view_for(twin, seat))
        assert first == second


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_sampled_worlds_agree_with_the_view(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(5)
    for state in _positions(players, options, players, 6):
        seat = _acting(state)
        view = GAME.view_for(state, seat)
        know = infer(view)
        deal = state.deal
        assert deal is not None
        for s, hand in enumerate(deal.hands):  # the inference is sound on the true hands
            if s != seat:
                assert not mask_of(hand) & know.forbidden[s]
                assert know.known[s] & ~mask_of(hand) == 0
        rules = rules_of(view, know)
        sample = Sampler(view, know, rules)
        on_table = mask_of([c for t in view.game.tricks for p in t.plays for c in p.cards or ()])
        for _ in range(5):
            world = sample(rng)
            assert world is not None
            assert world.hands[seat] == mask_of(view.hand or ())
            assert tuple(h.bit_count() for h in world.hands) == view.hand_sizes
            for s, hand in enumerate(world.hands):
                assert not hand & know.forbidden[s] or s == seat
                assert hand & know.known[s] == know.known[s]
            in_hands = 0
            for hand in world.hands:
                assert not in_hands & hand
                in_hands |= hand
            assert not in_hands & on_table
            assert world.taken == view.game.tricks_taken
            assert sum(world.points) >= sum(view.game.points)


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_fast_model_plays_the_deal_as_the_engine(players: int, options: dict[str, Any]) -> None:
    """From seeded positions, the rest of the deal played on the model and on the engine
    (the same cards, random among the legal ones): the same legal cards at every turn and the
    same worth of the кон at the end."""
    rng = random.Random(9)
    parsed = Options(**options)
    for position in _positions(players, options, players + 20, 6):
        state = position
        seat = _acting(state)
        view = GAME.view_for(state, seat)
        know = infer(view)
        free = privileged(view.game)
        rules = replace(  # the options the view does not show
            rules_of(view, know),
            ace_ban=parsed.unled_ace_ban,
            free_leaders=frozenset({free} - {None}) if parsed.trump_lead_restriction else None,
        )
        world = _true_world(state, view, know, rules)
        while GAME.deal_running(state):
            actor = _acting(state)
            actions = GAME.legal_actions(state, actor)
            mover = (world.leader + len(world.trick)) % rules.seats
            mask = legal(rules, world, mover)
            if isinstance(actions[0], PlayBlind):
                assert mover in rules.blinds
                (card,) = cards(mask)
                command: Command = actions[0]
            else:
                assert mover == actor
                assert mask == mask_of([a.card for a in actions if isinstance(a, PlayCard)])
                command = rng.choice(actions)
                assert isinstance(command, PlayCard)
                card = INDEX[command.card]
            state = _fold(state, GAME.decide(state, command))
            world = play(rules, world, card)
        outcome = GAME.deal_outcome(state)
        assert outcome is not None
        last = state.last_deal
        assert last is not None
        if last.result is DealResult.LYUSYA and last.kon_no == 1:  # it ends the game
            assert worth(rules.scoring, world)[last.winner or 0] == 6.0
        else:
            assert worth(rules.scoring, world) == outcome


def _true_world(state: State, view: Any, know: Any, rules: Any) -> World:
    """The world as it is: the true hands, the blind turning its cards in dealt order."""
    deal = state.deal
    assert deal is not None
    world = Sampler(view, know, rules)(random.Random(0))
    assert world is not None
    hands = tuple(mask_of(h) for h in deal.hands)
    order = tuple(
        tuple(INDEX[c] for c in h) if s in rules.blinds else () for s, h in enumerate(deal.hands)
    )
    points = list(view.game.points)
    for trick in deal.tricks:  # the coffins' hidden points
        if any(p.face_down for p in trick.plays):
            points[rules.side[trick.winner]] += trick.points
    if deal.soloist is not None:
        points[deal.soloist] += card_points(deal.discards)
    return world._replace(hands=hands, order=order, points=tuple(points))


@pytest.mark.slow
def test_the_strong_bot_beats_the_heuristic_on_seeded_duplicate_deals() -> None:
    arena = Arena(GAME, Options(), 4, "strong", "heuristic")
    rng = random.Random(2024)
    margins = [arena.duplicate(rng).margin for _ in range(30)]
    assert sum(margins) > 0, margins
