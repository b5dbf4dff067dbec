"""Checks both games' strong bots share: positions in the middle of a deal reached by
heuristic play, their twins (the cards the seat cannot see dealt anew), and the sampler's
worlds held against the view."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from typing import Any

from app.bots.arena import Table, start
from app.bots.multitrick.bot import TrickBot
from app.bots.multitrick.masks import bits, mask_of
from app.bots.multitrick.model import World
from app.bots.multitrick.sampler import slots, world
from app.bots.multitrick.strong import BUDGET, StrongTrickBot
from app.domain.commands import ShuffleDeck
from app.domain.game import Game
from app.domain.multitrick.commands import Beat, Discard, Lead
from app.domain.multitrick.series import Phase

Heuristic = Callable[[random.Random], TrickBot]
Strong = Callable[[random.Random], StrongTrickBot]


def untimed(make: Callable[..., StrongTrickBot], seed: int) -> StrongTrickBot:
    """A strong bot with a small budget: the same seed always does the same work."""
    return make(random.Random(seed), dataclasses.replace(BUDGET, samples=6))


def mid_deal(
    game: Game[Any, Any],
    options: Any,
    seats: int,
    rng: random.Random,
    watcher: StrongTrickBot,
    seat: int,
    heuristic: Heuristic,
) -> Any | None:
    """A state of deal 1 after some heuristic moves where `seat` has a choice of trick moves;
    `watcher` has seen every view of `seat` on the way (and made none of its moves)."""
    bots = [heuristic(random.Random(rng.random())) for _ in range(seats)]
    table: Table = start(game, options, seats, rng.randrange(seats), bots)
    table.apply(game.decide(table.state, ShuffleDeck(rng.randbytes(8))))
    stop = rng.randrange(4, 40)
    for step in range(200):
        state = table.state
        if not game.deal_running(state) or game.is_terminal(state):
            return None
        acting = game.to_act(state)[0]
        view = game.view_for(state, acting)
        moves = [a for a in view.legal_actions if isinstance(a, Lead | Beat | Discard)]
        if acting == seat:
            if step >= stop and state.phase is Phase.PLAY and len(moves) > 1:
                return state
            watcher._piles.observe(view)
            command = bots[acting].choose(view)
            watcher._remember(view, command)
        else:
            command = bots[acting].choose(view)
        table.apply(game.decide(state, command))
    return None


def twin(game: Game[Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    """The same state with the other hands and the stock dealt anew from their own cards:
    each hand keeps its size, and every card the rules let `seat` know of stays where it is
    (a claimed combination, a drawn or face-up trump card)."""
    deal = state.deal
    board = deal.board
    fixed = set(game.revealed_to(state, seat))
    if board.stock and deal.trump_card == board.stock[-1]:
        fixed.add(board.stock[-1])  # B-7: the face-up trump card under the stock
    places = [(s, i) for s in range(board.seats) if s != seat for i in range(len(board.hands[s]))]
    places += [(-1, i) for i in range(len(board.stock))]
    cards = {(s, i): (board.hands[s] if s >= 0 else board.stock)[i] for s, i in places}
    free = [p for p in places if cards[p] not in fixed]
    pool = [cards[p] for p in free]
    rng.shuffle(pool)
    cards.update(zip(free, pool, strict=True))
    for s in range(board.seats):
        if s != seat:
            board = board.with_hand(s, [cards[(s, i)] for i in range(len(board.hands[s]))])
    board = dataclasses.replace(board, stock=tuple(cards[(-1, i)] for i in range(len(board.stock))))
    return dataclasses.replace(state, deal=dataclasses.replace(deal, board=board))


def same_choice(game: Game[Any, Any], state: Any, seat: int, watcher: StrongTrickBot) -> None:
    """Two copies of the same bot answer the state and its twin alike."""
    other = twin(game, state, seat, random.Random(7))
    assert game.view_for(other, seat) == game.view_for(state, seat)
    assert other != state or not _hidden_cards(state, seat)
    searched = copy.deepcopy(watcher)
    searched._piles.observe(game.view_for(state, seat))
    view = game.view_for(state, seat)
    assert slots(view, searched._piles, searched.known(view)) is not None, "the bot searches"
    first = copy.deepcopy(watcher).choose(game.view_for(state, seat))
    second = copy.deepcopy(watcher).choose(game.view_for(other, seat))
    assert first == second


def _hidden_cards(state: Any, seat: int) -> bool:
    board = state.deal.board
    return bool(board.stock) or any(board.hands[s] for s in range(board.seats) if s != seat)


def sampled_worlds(
    game: Game[Any, Any], state: Any, seat: int, bot: StrongTrickBot, count: int
) -> list[World]:
    view = game.view_for(state, seat)
    bot._piles.observe(view)
    known = slots(view, bot._piles, bot.known(view))
    assert known is not None, "the counts of a position reached in play add up"
    rng = random.Random(seat)
    found = [world(view, bot._piles, known, rng) for _ in range(count)]
    assert all(w is not None for w in found)
    return [w for w in found if w is not None]


def check_world(
    game: Game[Any, Any], state: Any, seat: int, bot: StrongTrickBot, sampled: World
) -> None:
    """A world agrees with the view: the seat's hand, every hand's size, the stock's size,
    the table's face-up cards, the top set and the tricks taken; no card twice, none of the
    cards on the table in a hand, and every card the bot knows to be in a hand there."""
    view = game.view_for(state, seat)
    assert view.hand is not None
    assert view.stock is not None
    assert view.trick is not None
    assert sampled.hands[seat] == mask_of(view.hand)
    assert tuple(h.bit_count() for h in sampled.hands) == view.hand_sizes
    assert len(sampled.stock) == view.stock.size
    held = [c for h in sampled.hands for c in bits(h)] + list(sampled.stock)
    table = [c for p in view.trick.plays for c in p.cards or ()]
    assert len(set(held)) == len(held)
    assert not set(held) & {*bits(mask_of(table))}
    assert not set(held) & {*bits(bot._piles.gone)}
    assert sampled.turn == len(view.trick.plays)
    assert sampled.leader == view.trick.leader
    if view.trick.plays:
        top = next(p for p in reversed(view.trick.plays) if p.seat == view.game.top_seat)
        assert sampled.top == mask_of(top.cards or ())
    assert sampled.taken == tuple(view.game.tricks_taken)
    trump = view.stock.trump_card
    if trump is not None and view.stock.size and game.info.variant == "bura":
        assert sampled.stock[-1] == mask_of([trump]).bit_length() - 1  # B-7: drawn last
    for holder, cards in bot.known(view).in_hand.items():
        for card in cards:
            if card in state.deal.board.hands[holder]:  # else played unseen: no longer sure
                assert sampled.hands[holder] >> (mask_of([card]).bit_length() - 1) & 1
