"""The strong Sixty-six bot: its fast model plays a deal as the engine does, its worlds agree
with what the seat has seen, it plays whole games legally at every table option that matters,
it never uses a card it cannot see, and it beats the heuristic bot on duplicate deals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from app.bots.arena import Arena, play_game
from app.bots.sixty_six import HeuristicBot
from app.bots.sixty_six.fast import OVER, World
from app.bots.sixty_six.sampler import Sampler, action_code
from app.bots.sixty_six.strong import BUDGET, StrongBot, model_for
from app.bots.sixty_six.tracker import Tracker
from app.domain.cards import Card, Suit
from app.domain.ranking import SUIT_ORDER
from app.domain.sixty_six import GAME, GameState, Options, Phase
from tests.bots.sixty_six.worlds import OPTIONS, apply, label, new_deal, true_world

PLAYING = (Phase.CLOSE_OR_DRAW, Phase.LEAD, Phase.FOLLOW)


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_the_fast_model_plays_a_deal_as_the_engine_does(options: Options) -> None:
    """Random deals played on both side by side: the same legal actions at every step, and
    the same winner and game points at the end (S66-9 … S66-25)."""
    for seed in range(60):
        rng = random.Random(seed)
        state = new_deal(options, rng)
        assert state.deal is not None
        assert state.deal.trump is not None
        deal = model_for(state.rules, state.deal.trump).deal
        world = true_world(state, deal.t)
        while state.phase in PLAYING:
            seat = GAME.to_act(state)[0]
            actions = GAME.legal_actions(state, seat)
            assert deal.to_move(world) == seat
            assert sorted(deal.actions(world)) == sorted(action_code(deal.t, a) for a in actions)
            action = rng.choice(actions)
            state = apply(state, action)
            world = deal.play(world, action_code(deal.t, action))
        last = state.last_deal
        assert world.stage == OVER
        assert world.outcome is not None
        assert last is not None
        assert (world.outcome.winner, world.outcome.game_points) == (last.winner, last.game_points)


def _cards_of(world: World) -> int:
    held = world.hands[0] | world.hands[1] | (1 << world.lead if world.lead >= 0 else 0)
    for card in world.stock:
        held |= 1 << card
    return held


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_sampled_worlds_agree_with_the_view(options: Options) -> None:
    """On seeded heuristic deals, every world dealt for the seat to act holds its hand, the
    other's hand size, the stock's size and face-up card, the tricks taken, its own trick
    points, no card twice, and offers exactly the view's legal actions."""
    for seed in range(12):
        rng = random.Random(seed)
        state = new_deal(options, rng)
        assert state.deal is not None
        assert state.deal.trump is not None
        deal = model_for(state.rules, state.deal.trump).deal
        trackers = [Tracker(), Tracker()]
        bots = [HeuristicBot(random.Random(seed)), HeuristicBot(random.Random(-seed))]
        while state.phase in PLAYING:
            seat = GAME.to_act(state)[0]
            view = GAME.view_for(state, seat)
            trackers[seat].observe(view)
            sample = Sampler(view, trackers[seat], deal.t)
            assert sample.ready
            truth = true_world(state, deal.t)
            for _ in range(3):
                world = sample(rng)
                assert world is not None
                assert world.hands[seat] == truth.hands[seat]
                assert world.hands[1 - seat].bit_count() == truth.hands[1 - seat].bit_count()
                assert len(world.stock) == len(truth.stock)
                if state.deal.stock_open:
                    assert world.stock[-1] == truth.stock[-1]  # the face-up card
                assert world.tricks == truth.tricks
                assert world.points[seat] == truth.points[seat]
                assert (world.lead, world.leader, world.stage) == (
                    truth.lead,
                    truth.leader,
                    truth.stage,
                )
                size = sum(h.bit_count() for h in world.hands) + len(world.stock)
                assert _cards_of(world).bit_count() == size + (world.lead >= 0)
                shown = {deal.t.index[c] for c in view.game.shown[1 - seat]}
                assert all(world.hands[1 - seat] >> c & 1 for c in shown)
                codes = sorted(action_code(deal.t, a) for a in view.legal_actions)
                assert sorted(deal.actions(world)) == codes
            state = apply(state, bots[seat].choose(view))


def test_worlds_respect_the_voids_shown_under_strict_play() -> None:
    """S66-12: once the other has not followed the seat's strict lead, no world gives him a
    card of that suit."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_deal(Options(), rng)
        assert state.deal is not None
        assert state.deal.trump is not None
        deal = model_for(state.rules, state.deal.trump).deal
        trackers = [Tracker(), Tracker()]
        bot = HeuristicBot(random.Random(seed))
        while state.phase in PLAYING:
            seat = GAME.to_act(state)[0]
            view = GAME.view_for(state, seat)
            tracker = trackers[seat]
            tracker.observe(view)
            if tracker.voids:
                world = Sampler(view, tracker, deal.t)(rng)
                assert world is not None
                for suit in tracker.voids:
                    assert not world.hands[1 - seat] & deal.t.suit_mask[_suit_index(suit)]
                    # the truth agrees: the void was read, not guessed
                    assert all(c.suit is not suit for c in state.deal.hands[1 - seat])
                checked += 1
            state = apply(state, bot.choose(view))
    assert checked > 10


def _suit_index(suit: Suit) -> int:
    return SUIT_ORDER.index(suit)


@pytest.mark.parametrize("options", OPTIONS, ids=label)
def test_the_strong_bot_finishes_seeded_matches_legally(options: Options) -> None:
    """The engine refuses anything illegal, so a finished match is a legal one."""
    short = replace(options, match_target=3)
    for seed in range(2):
        bots = [
            StrongBot(random.Random(seed), replace(BUDGET, samples=2)),
            HeuristicBot(random.Random(seed)),
        ]
        table = play_game(GAME, short, 2, bots if seed % 2 else bots[::-1], random.Random(seed))
        assert table.state.result is not None


def _twin(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same deal with the cards `seat` cannot see (the other hand, the stock's face-down
    cards) dealt anew among their places."""
    deal = state.deal
    assert deal is not None
    revealed = GAME.revealed_to(state, seat)
    other = 1 - seat
    hidden_hand = [c for c in deal.hands[other] if c not in revealed]
    face_down = list(deal.stock[:-1]) if deal.stock_open else list(deal.stock)
    hidden_stock = [c for c in face_down if c not in revealed]
    pool: list[Card] = hidden_hand + hidden_stock
    rng.shuffle(pool)
    moved = dict(zip(hidden_hand + hidden_stock, pool, strict=True))
    hands = list(deal.hands)
    hands[other] = tuple(moved.get(c, c) for c in deal.hands[other])
    stock = tuple(moved.get(c, c) if i < len(face_down) else c for i, c in enumerate(deal.stock))
    return replace(state, deal=replace(deal, hands=tuple(hands), stock=stock))


def test_hidden_cards_do_not_change_the_strong_bots_choice() -> None:
    """The bot sees only its seat's view: two deals that look the same from the seat to act
    (the other hand and the stock dealt anew) get the same answer from a bot seeded alike."""
    rng = random.Random(3)
    tried = 0
    for trial in range(40):
        options = OPTIONS[trial % len(OPTIONS)]
        state = new_deal(options, rng)
        for _ in range(rng.randrange(0, 14)):
            if state.phase not in PLAYING:
                break
            seat = GAME.to_act(state)[0]
            state = apply(state, rng.choice(GAME.legal_actions(state, seat)))
        if state.phase not in PLAYING:
            continue
        seat = GAME.to_act(state)[0]
        if len(GAME.legal_actions(state, seat)) < 2:
            continue
        twin = _twin(state, seat, rng)
        assert GAME.view_for(twin, seat) == GAME.view_for(state, seat)
        if twin.deal == state.deal:
            continue
        first = _untimed(trial).choose(GAME.view_for(state, seat))
        second = _untimed(trial).choose(GAME.view_for(twin, seat))
        assert first == second
        tried += 1
    assert tried >= 15


def _untimed(seed: int) -> StrongBot:
    """A small budget: the same seed always does the same work."""
    return StrongBot(random.Random(seed), replace(BUDGET, samples=6))


@pytest.mark.slow
def test_the_strong_bot_beats_the_heuristic_on_seeded_duplicate_deals() -> None:
    """Duplicate deals (the same shuffle and cut, seats swapped): the strong bot's mean game
    points per deal above the heuristic's."""
    arena = Arena(GAME, Options(), 2, "strong", "heuristic")
    rng = random.Random(7)
    margins = [arena.duplicate(rng).margin for _ in range(30)]
    assert sum(margins) / len(margins) > 0
