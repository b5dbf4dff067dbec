"""Seeded random games through the `Game` interface, checking every invariant at every step.

The checks are the conformance suite's (STYLE.md, "Many games, one seam"): every card of the
deck in exactly one zone; a full deal's tricks hold 120 points; the state round-trips through
the codec; every offered action is accepted by `decide` and other commands are refused with a
coded `DomainError`; no view or event shows a seat a card in a zone hidden from it unless
`revealed_to` lists it; each finished deal's record re-deals its hands from its deck; the log
replays to the state; and the game ends. The follower's card is also checked against an
oracle written here from S66-10 and S66-12, not from `legal`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.domain import codec
from app.domain.cards import Card, Rank, Suit
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import DomainError, MalformedCommand
from app.domain.events import Event
from app.domain.sixty_six import (
    GAME,
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    GameState,
    LeadCard,
    Options,
    Phase,
    PlayCard,
    replay,
)
from app.domain.sixty_six.deck import DECKS, POINTS
from app.domain.sixty_six.events import DealScored, DeckShuffled
from app.domain.sixty_six.options import DeckKind
from tests.domain.cardscan import whereabouts
from tests.domain.sixty_six.leaks import cards_in, visible

MAX_DEALS = 200
RESIGN_SHARE = 0.002
SHARES = (0.02, 0.1, 0.4)
"""How often the random player claims (or closes) when it may, drawn per game: choosing
uniformly would end most deals at once."""


@dataclass
class Playout:
    state: GameState
    log: list[Event] = field(default_factory=list)
    deal_start: int = 0
    """Where the running deal's events begin in `log`."""
    deals: int = 0
    full_deals: int = 0
    closed_deals: int = 0
    steps: int = 0


def play_checked_game(seed: int, options: Options, *, views: bool = True) -> Playout:
    rng = random.Random(seed)
    claim_share, close_share = rng.choice(SHARES), rng.choice(SHARES)
    start = GAME.start_game(options, 2, rng.randrange(2))
    game = Playout(replay(start), list(start))  # type: ignore[arg-type]
    while not GAME.is_terminal(game.state):
        assert game.deals <= MAX_DEALS, "the match does not end"
        if GAME.is_chance_node(game.state):
            assert GAME.to_act(game.state) == ()
            _step(game, ShuffleDeck(rng.randbytes(8)), views)
            continue
        acting = GAME.to_act(game.state)
        assert len(acting) == 1
        seat = acting[0]
        actions = GAME.legal_actions(game.state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        assert GAME.legal_actions(game.state, 1 - seat) == ()
        _check_accepted(game.state, actions, rng)
        _check_refusals(game.state, seat, actions, rng)
        if rng.random() < RESIGN_SHARE:
            _step(game, Resign(rng.randrange(2)), views)
            break
        command = _pick(rng, actions, claim_share, close_share)
        if isinstance(command, PlayCard):
            _check_following(game.state, command)
        _step(game, command, views)
    assert game.state.result is not None
    assert replay(game.log) == game.state  # type: ignore[arg-type]
    return game


def _pick(
    rng: random.Random, actions: tuple[Command, ...], claim_share: float, close_share: float
) -> Command:
    for kind, share in ((ClaimOut, claim_share), (CloseStock, close_share)):
        chosen = [a for a in actions if isinstance(a, kind)]
        if chosen and rng.random() < share:
            return chosen[0]
    others = [a for a in actions if not isinstance(a, ClaimOut | CloseStock)]
    return rng.choice(others or list(actions))


def _step(game: Playout, command: Command, views: bool) -> None:
    events = GAME.decide(game.state, command)
    assert events, f"{command} caused nothing"
    for event in events:
        before = game.state
        game.state = GAME.evolve(game.state, event)
        game.log.append(event)
        if isinstance(event, DeckShuffled):
            game.deals += 1
            game.deal_start = len(game.log) - 1
        if isinstance(event, DealScored):
            _check_deal_scored(game, before, event)
        if views:
            _check_payload(game.state, event)
    game.steps += 1
    state = game.state
    _check_zones(state)
    assert codec.decode(GameState, codec.encode(state)) == state
    if views:
        _check_views(state)


def _check_zones(state: GameState) -> None:
    if not GAME.deal_running(state):
        return
    deck = DECKS[state.rules.deck].cards
    placed = [card for zone in GAME.zones(state) for card in zone.cards]
    assert sorted(map(str, placed)) == sorted(map(str, deck)), "a card is lost or doubled"
    if state.phase is not Phase.CUT:
        assert sum(POINTS[c.rank] for c in placed) == 120


def _check_payload(state: GameState, event: Event) -> None:
    if not GAME.deal_running(state):
        return  # a finished deal's events are shown whole
    seen = visible(state)
    for viewer in (0, 1, None):
        payload = event.payload_for(viewer)
        if payload is not None:
            assert cards_in(payload) <= seen[viewer], (event, viewer)


def _check_views(state: GameState) -> None:
    seen = visible(state) if GAME.deal_running(state) else None
    for viewer in (0, 1, None):
        view = GAME.view_for(state, viewer)
        if seen is not None:
            assert cards_in(whereabouts(view)) <= seen[viewer], f"the view of {viewer} leaks"
        assert view.to_act == GAME.to_act(state)
        assert view.scores == GAME.scores(state)
        if viewer is None:
            assert view.hand is None
            assert view.legal_actions == ()
            continue
        assert view.legal_actions == GAME.legal_actions(state, viewer)
        if state.deal is not None and state.phase not in (
            Phase.SHUFFLE,
            Phase.CUT,
            Phase.GAME_OVER,
        ):
            assert sorted(map(str, view.hand or ())) == sorted(map(str, state.deal.hands[viewer]))


def _check_deal_scored(game: Playout, before: GameState, event: DealScored) -> None:
    deal = before.deal
    assert deal is not None
    if deal.trump is not None and deal.cards_out and deal.closing is None:
        # Every card was taken: the tricks hold the deck's 120 points (S66-4).
        assert sum(trick.points for trick in deal.tricks) == 120
        assert len(deal.tricks) == DECKS[before.rules.deck].size // 2
        game.full_deals += 1
    if deal.closing is not None:
        game.closed_deals += 1
    record = GAME.deal_record(game.log[game.deal_start :])
    if deal.trump is not None:
        options = Options(deck=before.rules.deck.value)  # type: ignore[arg-type]
        assert record.deck == GAME.deck_after_cut(options, deal.seed, deal.cut)
        assert GAME.redeal(record) == record.hands
        assert len(record.tricks) == len(deal.tricks)
    assert record.outcome is not None


def _check_accepted(state: GameState, actions: tuple[Command, ...], rng: random.Random) -> None:
    """Every offered action is accepted (a sample of the cut's positions)."""
    offered = actions if not isinstance(actions[0], CutDeck) else rng.sample(actions, 3)
    for action in offered:
        GAME.decide(state, action)


def _refused(state: GameState, command: Command) -> None:
    try:
        GAME.decide(state, command)
    except DomainError as error:
        refusal: DomainError | None = error
    else:
        refusal = None
    assert refusal is not None, f"accepted: {command}"
    assert refusal.code != DomainError.code, f"{command}: {refusal!r} has no code of its own"
    assert str(refusal), f"{command}: refused without a word"


def _check_refusals(
    state: GameState, seat: int, actions: tuple[Command, ...], rng: random.Random
) -> None:
    deck = DECKS[state.rules.deck].cards
    other = 1 - seat
    candidates: list[Command] = [
        LeadCard(seat, rng.choice(deck)),
        PlayCard(seat, rng.choice(deck)),
        CutDeck(seat, rng.randrange(-2, 30)),
        Draw(seat),
        CloseStock(seat),
        ExchangeTrump(seat),
        DeclareMarriage(seat, rng.choice(list(Suit))),
        ClaimOut(seat),
        ShuffleDeck(b"x"),
    ]
    for command in rng.sample(candidates, 4):
        if command not in actions and not (
            isinstance(command, CutDeck)
            and 1 <= command.position < len(deck)
            and state.phase is Phase.CUT
        ):
            _refused(state, command)
    for action in rng.sample(actions, 1):  # the other seat asks for the acting seat's move
        moved = type(action)(**{**_fields(action), "seat": other})
        _refused(state, moved)
    for malformed in (
        LeadCard(seat, "AS"),  # type: ignore[arg-type]
        PlayCard(True, Card(Rank.ACE, Suit.SPADES)),
        DeclareMarriage(seat, "H"),  # type: ignore[arg-type]
        CutDeck("0", 5),  # type: ignore[arg-type]
    ):
        try:
            GAME.decide(state, malformed)
        except MalformedCommand:
            pass
        else:
            raise AssertionError(f"a malformed command was accepted: {malformed}")
    _refused(state, ClaimOut(2))


def _fields(command: Command) -> dict[str, object]:
    return {name: getattr(command, name) for name in command.__dataclass_fields__}  # type: ignore[attr-defined]


def _check_following(state: GameState, command: PlayCard) -> None:
    """S66-10 and S66-12, from the rules' text: free play while the stock is open; once it is
    closed or exhausted, a higher card of the led suit, else a lower one, else (led not
    trump) a trump, else anything."""
    deal = state.deal
    assert deal is not None
    assert deal.trump is not None
    hand = deal.hands[command.seat]
    assert command.card in hand
    if deal.closing is None and deal.stock:
        return
    led = deal.trick[0]
    order = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]

    def higher(c: Card) -> bool:
        return c.suit == led.suit and order.index(c.rank) < order.index(led.rank)

    played = command.card
    if any(higher(c) for c in hand):
        assert higher(played), f"{played} does not head {led}"
    elif any(c.suit == led.suit for c in hand):
        assert played.suit == led.suit, f"{played} does not follow {led}"
    elif led.suit != deal.trump and any(c.suit == deal.trump for c in hand):
        assert played.suit == deal.trump, f"{played} does not trump {led}"


ALL_OPTIONS = [
    Options(deck=deck, strictness=strictness, auto_out=auto_out)  # type: ignore[arg-type]
    for deck in ("66", "schnapsen")
    for strictness in ("soft", "hard")
    for auto_out in (False, True)
]
"""Every combination that the brief asks the playouts to cover."""


def variants(options: Options, seed: int) -> Options:
    """The combination, with a match target and `marriages_when_closed` drawn from the seed."""
    rng = random.Random(seed * 7919)
    return Options(
        deck=options.deck,
        strictness=options.strictness,
        auto_out=options.auto_out,
        marriages_when_closed=rng.choice([None, True, False]),
        match_target=rng.choice([1, 2, 3, 7]),
    )


__all__ = ["ALL_OPTIONS", "DeckKind", "Playout", "play_checked_game", "variants"]
