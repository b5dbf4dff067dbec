"""Random complete games through the public engine API, checking invariants at every step.

Used by the property tests (Hypothesis draws the seed) and the golden-game recorder.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.domain import kozel24 as k
from app.domain.errors import DomainError, IllegalAction, NotYourTurn
from app.domain.kozel24 import deck
from app.domain.kozel24.events import CardPlayed, CardsExchanged, DealScored, DeckShuffled
from tests.domain.cardscan import cards_in

MAX_DEALS = 500
FULL_DEAL_REASONS = {"points", "sweep", "first_deal_sweep", "eggs", "tie"}


@dataclass
class Playout:
    state: k.GameState
    log: list[k.KozelEvent] = field(default_factory=list)
    deals: int = 0
    played_this_deal: set[str] = field(default_factory=set)
    known_by: dict[int, set[str]] = field(default_factory=lambda: {s: set() for s in range(4)})


def play_random_game(
    rng: random.Random, options: k.Options, first_dealer: int, *, check_views: bool
) -> Playout:
    start = k.start_game(options, first_dealer)
    game = Playout(k.replay(start), list(start))
    while not game.state.is_terminal:
        assert game.deals <= MAX_DEALS, "the game does not end"
        if k.is_chance_node(game.state):
            _step(game, k.ShuffleDeck(rng.randbytes(16)), check_views)
            continue
        acting = k.to_act(game.state)
        assert acting, "a running game always has someone to act"
        seat = rng.choice(acting)
        actions = k.legal_actions(game.state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        _check_refusals(game.state, seat, actions, rng)
        if k.messages_allowed(game.state) and rng.random() < 0.02:
            _step(game, k.PostMessage(seat, "прицеп"), check_views)
        if rng.random() < 0.0005:
            _step(game, k.Resign(rng.randrange(4)), check_views)
            break
        command = rng.choice(actions)
        if isinstance(command, k.PlayCard):
            _check_following(game.state, command)
        _step(game, command, check_views)
    assert game.state.result is not None
    return game


def _step(game: Playout, command: k.Command, check_views: bool) -> None:
    state, events = k.apply(game.state, command)
    for event in events:  # each event is judged against the state it leads to
        game.state = k.evolve(game.state, event)
        _observe(game, event, check_views)
    assert game.state == state
    assert k.with_turn(state) == state, "the derived turn is not the one the fields give"
    game.log += events
    _check_conservation(state, game.played_this_deal)
    if check_views:
        _check_views(game)


def _observe(game: Playout, event: k.KozelEvent, check_views: bool) -> None:
    match event:
        case DeckShuffled():
            game.deals += 1
            game.played_this_deal = set()
            game.known_by = {s: set() for s in range(4)}
        case CardPlayed(card=card):
            game.played_this_deal.add(str(card))
        case CardsExchanged(from_seat=a, to_seat=b, trump=trump, given=given):
            for seat in (a, b):
                game.known_by[seat] |= {str(trump), str(given)}
        case DealScored(reason=reason, points=points) if reason in FULL_DEAL_REASONS:
            assert sum(points) == deck.DEAL_POINTS, f"{points} after a full deal"
            assert len(game.played_this_deal) == deck.DECK_SIZE
        case _:
            pass
    if check_views and game.state.phase is not k.Phase.SHUFFLE:
        for viewer in (0, 1, 2, 3, None):
            payload = event.payload_for(viewer)
            if payload is not None:
                assert cards_in(payload) <= _may_know(game, viewer), (event, viewer)


def _may_know(game: Playout, viewer: int | None) -> set[str]:
    public = set(game.played_this_deal)
    if viewer is None:
        return public
    own = {str(c) for c in deck.cards_of(game.state.hands[viewer])}
    dealt = {str(c) for c in deck.cards_of(game.state.dealt[viewer])}
    return public | own | dealt | game.known_by[viewer]


def _check_conservation(state: k.GameState, played: set[str]) -> None:
    """K-2: the 24 cards are all somewhere, each once: in a hand or played this deal."""
    if state.phase not in (k.Phase.DECISIONS, k.Phase.PLAY):
        return
    held = [str(c) for mask in state.hands for c in deck.cards_of(mask)]
    assert len(held) == len(set(held)), "a card is in two hands"
    assert not set(held) & played, "a played card is still held"
    assert len(held) + len(played) == deck.DECK_SIZE


def _check_following(state: k.GameState, command: k.PlayCard) -> None:
    """An independent oracle for K-7 and K-11, written from the rules, not from `legal`."""
    hand = deck.cards_of(state.hands[command.seat])
    assert command.card in hand
    trick = state.trick
    assert trick is not None
    if not trick.cards:
        if state.deal_no == 1 and state.last_trick is None:
            assert str(command.card) == "AD"
        return
    led = deck.CARDS[trick.cards[0]]

    def kind(c: object) -> str:
        return "trump" if deck.is_trump(c) else c.suit.value  # type: ignore[arg-type, attr-defined]

    if any(kind(c) == kind(led) for c in hand):
        assert kind(command.card) == kind(led), f"{command.card} does not follow {led}"


def _check_refusals(
    state: k.GameState, seat: int, actions: tuple[k.SeatCommand, ...], rng: random.Random
) -> None:
    """`decide` refuses what `legal_actions` leaves out."""
    if state.phase is not k.Phase.PLAY:
        return
    legal_cards = {a.card for a in actions if isinstance(a, k.PlayCard)}
    others = [c for c in deck.CARDS if c not in legal_cards]
    if others:
        try:
            k.decide(state, k.PlayCard(seat, rng.choice(others)))
        except IllegalAction:
            pass
        else:
            raise AssertionError("an illegal card was accepted")
    idle = (seat + 1) % 4
    try:
        k.decide(state, k.PlayCard(idle, rng.choice(deck.CARDS)))
    except (NotYourTurn, IllegalAction):
        pass
    except DomainError as error:  # pragma: no cover - a wrong error family
        raise AssertionError(f"unexpected {error!r}") from error
    else:
        raise AssertionError("a seat played out of turn")


def _check_views(game: Playout) -> None:
    state = game.state
    for viewer in (0, 1, 2, 3, None):
        view = k.view_for(state, viewer)
        assert cards_in(view) <= _may_know(game, viewer), f"view of {viewer} leaks"
        if viewer is not None and state.phase in (k.Phase.DECISIONS, k.Phase.PLAY):
            assert set(view.hand or ()) == set(deck.cards_of(state.hands[viewer]))
            assert set(view.legal_actions) == set(k.legal_actions(state, viewer))
        if viewer is None:
            assert view.hand is None
