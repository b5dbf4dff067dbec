"""The strong Kozly bot: legal whole games in both deal modes, choices that depend only on the
seat's view, worlds that agree with the view, a fast model that plays a deal as the engine
does, and (slow) a duplicate match it wins against the heuristic bot."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from app.bots import registry
from app.bots.arena import Arena, play_game
from app.bots.kozly.heuristic import HeuristicBot
from app.bots.kozly.knowledge import Memory, infer, sample
from app.bots.kozly.model import INDEX, DealModel, Order, Table, World, mask_of
from app.bots.kozly.strong import BUDGET, StrongBot
from app.bots.masks import indices as cards
from app.domain.commands import ShuffleDeck
from app.domain.kozly import GAME, CutDeck, GameState, Options, Phase, PlayCard
from app.domain.kozly.deck import DECK, ranking

MODES = [Options(), Options(deal_mode="stock"), Options(deal_mode="stock", end="ruined")]


def untimed(seed: int, samples: int = 8) -> StrongBot:
    """A small budget: the same seed always does the same work."""
    return StrongBot(random.Random(seed), replace(BUDGET, samples=samples))


@pytest.mark.parametrize("options", MODES, ids=["halves", "stock", "stock-ruined"])
def test_strong_bots_finish_seeded_games_legally(options: Options) -> None:
    """`decide` refuses anything illegal, so a finished game is a legal one."""
    for seed in range(1 if options.end == "ruined" else 2):
        bots = [
            StrongBot(random.Random(seed * 4 + s), replace(BUDGET, samples=2)) for s in range(4)
        ]
        table = play_game(GAME, options, 4, bots, random.Random(seed))
        assert table.state.phase is Phase.GAME_OVER


def test_a_strong_seat_plays_whole_deals_among_heuristic_bots() -> None:
    for seed, options in enumerate(MODES[:2]):
        bots = [StrongBot(random.Random(seed))] + [HeuristicBot(random.Random(s)) for s in range(3)]
        state = _start(options, seed)
        for _ in range(32):
            seat = GAME.to_act(state)[0]
            view = GAME.view_for(state, seat)
            command = bots[seat].choose(view)
            assert command in view.legal_actions
            state = _apply(state, command)
        assert state.phase is Phase.SHUFFLE
        assert state.last_deal is not None
        assert sum(state.last_deal.points) == 120


def _apply(state: GameState, command: object) -> GameState:
    for event in GAME.decide(state, command):  # type: ignore[arg-type]
        state = GAME.evolve(state, event)
    return state


def _start(options: Options, seed: int) -> GameState:
    state: GameState | None = None
    for event in GAME.start_game(options, 4, seed % 4):
        state = GAME.evolve(state, event)
    assert state is not None
    state = _apply(state, ShuffleDeck(seed.to_bytes(8, "big") + b"kz"))
    assert state.deal is not None
    return _apply(state, CutDeck((state.deal.dealer - 1) % 4, 1 + seed % 31))


def _positions(options: Options, count: int, seed: int) -> list[tuple[GameState, Memory]]:
    """Seeded positions in the play, each with the memory of seat 0 having seen the views of
    its own turns so far (random play elsewhere)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = _start(options, rng.randrange(1 << 20))
        memory = Memory()
        for _ in range(rng.randrange(1, 31)):
            seat = GAME.to_act(state)[0]
            view = GAME.view_for(state, seat)
            card = rng.choice(view.legal_actions)
            if seat == 0:
                memory.update(view)
                assert isinstance(card, PlayCard)
                memory.played(view, card.card)
            state = _apply(state, card)
        if state.phase is Phase.PLAY:
            found.append((state, memory))
    return found


@pytest.mark.parametrize("options", MODES[:2], ids=["halves", "stock"])
def test_the_sampled_worlds_agree_with_the_view(options: Options) -> None:
    for state, remembered in _positions(options, 12, seed=7):
        seat = GAME.to_act(state)[0]
        view = GAME.view_for(state, seat)
        memory = remembered if seat == 0 else Memory()  # another seat: a bot made afresh
        memory.update(view)
        deal = state.deal
        assert deal is not None
        assert deal.trick is not None
        assert view.hand is not None
        know = infer(view, memory)
        seen = mask_of([INDEX[c] for t in deal.tricks for c in t.cards]) & memory.seen
        for trial in range(20):
            world = sample(know, random.Random(trial))
            assert world is not None
            assert world.hands[seat] == mask_of([INDEX[c] for c in view.hand])
            assert tuple(h.bit_count() for h in world.hands) == view.hand_sizes
            assert world.trick == tuple(INDEX[c] for c in deal.trick.cards)
            assert world.leader == deal.trick.leader
            assert world.points[seat] == view.game.points[seat]
            assert world.played == len(deal.tricks)
            if options.halves and len(deal.tricks) < 4:
                assert all(h.bit_count() == 4 for h in world.later)
            else:
                assert not any(world.later)
            assert len(world.stock) == (view.stock.size if view.stock else 0)
            holder, trump = view.game.trump_holder, view.game.trump_card
            assert trump is not None
            if holder is not None:
                assert world.hands[holder] >> INDEX[trump] & 1
            if view.stock is not None and view.stock.trump_card is not None:
                assert world.stock[-1] == INDEX[trump]
            placed = [*world.hands, *world.later, mask_of(world.stock), mask_of(world.trick)]
            assert sum(m.bit_count() for m in placed) == len(
                {c for m in placed for c in cards(m)}
            )  # no card in two places
            for m in placed[:-1]:
                assert not m & seen  # a card seen played is in no hand, half or stock


def _reshuffled(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The cards `seat` cannot see (the other hands and the undealt cards, but not the public
    trump card) dealt anew, every place keeping its size."""
    deal = state.deal
    assert deal is not None
    trump = deal.trump_card
    others = [s for s in range(4) if s != seat]
    fixed = {trump}
    pool = [c for s in others for c in deal.hands[s] if c not in fixed]
    pool += [c for c in deal.undealt if c not in fixed]
    rng.shuffle(pool)
    hands = list(deal.hands)
    for s in others:
        size = len([c for c in deal.hands[s] if c not in fixed])
        hands[s] = tuple(pool[:size]) + tuple(c for c in deal.hands[s] if c in fixed)
        pool = pool[size:]
    undealt = tuple(pool) + tuple(c for c in deal.undealt if c in fixed)
    return replace(state, deal=replace(deal, hands=tuple(hands), undealt=undealt))


@pytest.mark.parametrize("options", MODES[:2], ids=["halves", "stock"])
def test_hidden_cards_do_not_change_the_choice(options: Options) -> None:
    """Two deals that look the same from the seat to play get the same answer from bots
    seeded the same way; the search does look at its worlds (the twin's true cards differ)."""
    rng = random.Random(11)
    changed = 0
    for trial, (state, _) in enumerate(_positions(options, 8, seed=3)):
        seat = GAME.to_act(state)[0]
        twin = _reshuffled(state, seat, rng)
        assert GAME.view_for(twin, seat) == GAME.view_for(state, seat)
        assert state.deal is not None
        assert twin.deal is not None
        changed += twin.deal.hands != state.deal.hands
        first = untimed(trial).choose(GAME.view_for(state, seat))
        second = untimed(trial).choose(GAME.view_for(twin, seat))
        assert first == second
    assert changed


@pytest.mark.parametrize("options", MODES[:2], ids=["halves", "stock"])
def test_the_fast_model_plays_a_deal_as_the_engine(options: Options) -> None:
    """From the true cards, the same plays give the same tricks' winners and points."""
    for seed in range(20):
        state = _start(options, seed)
        deal = state.deal
        assert deal is not None
        assert deal.trick is not None
        assert deal.trump is not None
        stock = tuple(INDEX[c] for c in deal.undealt) if not options.halves else ()
        later = _half_two(deal.undealt, deal.dealer) if options.halves else (0, 0, 0, 0)
        world = World(
            tuple(mask_of([INDEX[c] for c in h]) for h in deal.hands),
            later,
            stock,
            deal.trick.leader,
            (),
            (0, 0, 0, 0),
            0,
        )
        model = DealModel(
            Order.of(deal.trump), Table(options.halves, deal.dealer, (), (0,) * 4, (12,) * 4)
        )
        rng = random.Random(seed)
        while state.phase is Phase.PLAY:
            seat = GAME.to_act(state)[0]
            assert model.to_move(world) == seat
            hand = state.deal.hands[seat]  # type: ignore[union-attr]
            assert sorted(model.actions(world)) == sorted(INDEX[c] for c in hand)
            card = rng.choice(hand)
            state = _apply(state, PlayCard(seat, card))
            world = model.play(world, INDEX[card])
        assert state.last_deal is not None
        assert world.points == state.last_deal.points
        assert model.to_move(world) is None


def _half_two(undealt: tuple[object, ...], dealer: int) -> tuple[int, ...]:
    """KZ-11: half 2 dealt by `dealer + 1`, card `k` to `(dealer + 1 - k) mod 4`."""
    hands = [0, 0, 0, 0]
    for k, card in enumerate(undealt):
        hands[(dealer + 1 - k) % 4] |= 1 << INDEX[card]  # type: ignore[index]
    return tuple(hands)


def test_the_model_takes_tricks_by_the_rules() -> None:
    """KZ-5, against the domain's ranking, on random tricks of every trump suit."""
    rng = random.Random(2)
    for _ in range(2000):
        trump = rng.choice(DECK).suit
        trick = rng.sample(DECK, 4)
        order = Order.of(trump)
        assert order.winner([INDEX[c] for c in trick]) == ranking(trump).winner(trick)


@pytest.mark.slow
def test_the_strong_bot_beats_the_heuristic_on_seeded_duplicate_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each deal four times from the same shuffle and cut, the strong bot in each seat in
    turn against three heuristic bots; a fixed sample count keeps the run reproducible."""
    levels = dict(registry.BOTS["kozly"])
    levels["strong"] = lambda rng: StrongBot(rng, replace(BUDGET, samples=30))
    monkeypatch.setitem(registry.BOTS, "kozly", levels)
    arena = Arena(GAME, Options(), 4, "strong", "heuristic")
    rng = random.Random(1)
    margins = [arena.duplicate(rng).margin for _ in range(40)]
    assert statistics.fmean(margins) > 0, margins
