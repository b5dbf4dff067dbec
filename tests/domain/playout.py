"""Random complete games through the public engine API, checking invariants at every step.

Used by the property tests (Hypothesis draws the seed) and the golden-game recorder.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.errors import DomainError, IllegalAction, NotYourTurn
from app.domain.kozel24 import deck
from app.domain.kozel24.events import CardPlayed, CardsExchanged, DealScored, DeckShuffled
from tests.domain.cardscan import cards_in, whereabouts

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
    assert command.card in _playable_by_the_rules(state, command.seat), (
        f"{command.card} is not playable by K-7 and K-11"
    )


def _playable_by_the_rules(state: k.GameState, seat: int) -> set[Card]:
    """An independent oracle for K-7 and K-11, written from the rules, not from `legal`: the
    cards of the seat to play that may go into the trick."""
    hand = set(deck.cards_of(state.hands[seat]))
    trick = state.trick
    assert trick is not None
    if not trick.cards:
        if state.deal_no == 1 and state.last_trick is None:
            return {c for c in hand if str(c) == "AD"}  # K-7: the first lead of the game
        return hand
    led = deck.CARDS[trick.cards[0]]

    def kind(c: Card) -> str:
        return "trump" if deck.is_trump(c) else c.suit.value

    return {c for c in hand if kind(c) == kind(led)} or hand


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
        assert cards_in(whereabouts(view)) <= _may_know(game, viewer), f"view of {viewer} leaks"
        if viewer is not None and state.phase in (k.Phase.DECISIONS, k.Phase.PLAY):
            assert set(view.hand or ()) == set(deck.cards_of(state.hands[viewer]))
        if viewer is not None:
            _check_offered(state, viewer, view)
        if viewer is None:
            assert view.hand is None


def _check_offered(state: k.GameState, seat: int, view: k.View) -> None:
    """What a seat's view offers is what the rules allow it now: in play, exactly the cards
    of the oracle (to the seat to play only); at the cut, the 23 positions to the cutter
    (K-5); in the decision phase, answers the engine accepts, to a seat that must act."""
    offered = view.legal_actions
    match state.phase:
        case k.Phase.PLAY:
            to_play = state.trick is not None and state.trick.to_play == seat
            playable = _playable_by_the_rules(state, seat) if to_play else set()
            assert all(isinstance(a, k.PlayCard) and a.seat == seat for a in offered)
            assert {a.card for a in offered if isinstance(a, k.PlayCard)} == playable
            assert len(offered) == len(playable)
        case k.Phase.CUT:
            cutter = state.dealer is not None and seat == (state.dealer - 1) % 4
            cuts = [k.CutDeck(seat, p) for p in range(1, 24)] if cutter else []
            assert list(offered) == cuts
        case k.Phase.DECISIONS:
            assert bool(offered) == (seat in view.to_act)
            for action in offered:
                assert action.seat == seat
                k.decide(state, action)  # accepted: a refusal raises
        case _:
            assert offered == ()
