"""`evolve(state, event) -> state`: apply a fact. Events are never validated here; a game's
state is the fold of its log (`replay`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.domain.cards import Card
from app.domain.kozel24 import deck, scoring
from app.domain.kozel24.events import (
    CardPlayed,
    CardsExchanged,
    DealScored,
    DeckCut,
    DeckShuffled,
    ExchangeAsked,
    GameEnded,
    GameStarted,
    HandsDealt,
    KozelEvent,
    LoneTrumpKept,
    MessagePosted,
    NoQueensClaimed,
    PlayedOn,
    QueenCaught,
    TeamResigned,
    TrickTaken,
)
from app.domain.kozel24.state import (
    DECISIONS,
    GAME_OVER,
    NO_DECISIONS,
    PLAY,
    SHUFFLE,
    DealSummary,
    Decisions,
    Exchange,
    GameResult,
    GameState,
    Message,
    Phase,
)
from app.domain.seats import SEATS, next_seat, seats_of, team_of
from app.domain.tricks import TakenTrick
from app.domain.values import unshared, updated

MESSAGE_HISTORY = 100
"""How many recent table messages the state keeps (the log keeps them all)."""


def evolve(state: GameState | None, event: KozelEvent) -> GameState:
    """The state after `event`. Dispatches on the event's type (one function per event)."""
    if state is None:
        if not isinstance(event, GameStarted):
            raise ValueError("a game's log starts with game_started")
        return _game_started(event)
    handler: Callable[[GameState, Any], GameState] = _HANDLERS[type(event)]
    return handler(state, event)


def fold(state: GameState, events: Iterable[KozelEvent]) -> GameState:
    """The state after `events`, in order (`evolve` over each, without the call per event)."""
    handlers = _HANDLERS
    for event in events:
        state = handlers[type(event)](state, event)
    return state


# A card played and a trick taken are the engine's hottest updates: their handlers copy the
# state's fields by hand (`from_fields`, inlined) rather than through `updated`.
_new = object.__new__
_set = object.__setattr__


def card_played(state: GameState, event: CardPlayed) -> GameState:
    """K-11: the card leaves the hand and joins the trick."""
    card = deck.INDEX_BY_CODE[event.card.code]
    hands = list(state.hands)
    hands[event.seat] &= ~(1 << card)
    fields = state.__dict__.copy()
    fields["hands"] = tuple(hands)
    fields["trick_cards"] = (*state.trick_cards, card)
    new = _new(GameState)
    _set(new, "__dict__", fields)
    return new


def _trick_taken(state: GameState, event: TrickTaken) -> GameState:
    """K-12: the winner takes the trick and leads the next one."""
    assert state.leader is not None
    fields = state.__dict__.copy()
    taken = TakenTrick(state.leader, state.trick_cards, event.winner, event.points)
    fields["tricks"] = (*state.tricks, taken)
    fields["leader"] = event.winner
    fields["trick_cards"] = ()
    new = _new(GameState)
    _set(new, "__dict__", fields)
    return new


def _game_started(event: GameStarted) -> GameState:
    return unshared(GameState(event.options, next_dealer=event.first_dealer))


def _deck_cut(state: GameState, event: DeckCut) -> GameState:
    return updated(state, cut_position=event.position)


def _hands_dealt(state: GameState, event: HandsDealt) -> GameState:
    return _dealt(state, event.hands)


def _exchange_answered(state: GameState, event: LoneTrumpKept | ExchangeAsked) -> GameState:
    decisions = state.decisions
    asked = isinstance(event, ExchangeAsked)
    return _decided(
        state,
        Decisions(
            exchange_or_keep=decisions.exchange_or_keep - {event.seat},
            gives=(*decisions.gives, event.seat) if asked else decisions.gives,
            claims=decisions.claims,
        ),
    )


def _cards_exchanged(state: GameState, event: CardsExchanged) -> GameState:
    return _exchanged(state, event.from_seat, event.to_seat, event.trump, event.given)


def _claim_answered(state: GameState, event: NoQueensClaimed | PlayedOn) -> GameState:
    decisions = state.decisions
    return _decided(
        state,
        Decisions(
            exchange_or_keep=decisions.exchange_or_keep,
            gives=decisions.gives,
            claims=decisions.claims - {team_of(event.seat)},
        ),
    )


def _queen_caught(state: GameState, event: QueenCaught) -> GameState:
    return state  # K-13: the last trick shows the catch; the deal_scored that follows ends it


def _message_posted(state: GameState, event: MessagePosted) -> GameState:
    message = Message(event.seat, event.text, state.deal_no)
    return updated(state, messages=(*state.messages, message)[-MESSAGE_HISTORY:])


def _team_resigned(state: GameState, event: TeamResigned) -> GameState:
    return state  # the game_ended event that follows carries the outcome


def _game_ended(state: GameState, event: GameEnded) -> GameState:
    result = GameResult(event.loser, event.written, event.titles, event.reason)
    return updated(state, phase=GAME_OVER, written=event.written, result=result)


def _deck_shuffled(state: GameState, event: DeckShuffled) -> GameState:
    return state.new_deal(event.deal_no, event.dealer, event.seed)  # the commitment is the seed's


def replay(events: Iterable[KozelEvent]) -> GameState:
    """The state a log leads to: a fold of `evolve` from nothing."""
    log = iter(events)
    first = next(log, None)
    if first is None:
        raise ValueError("an empty log has no game")
    return fold(evolve(None, first), log)


def _dealt(state: GameState, hands: tuple[tuple[Card, ...], ...]) -> GameState:
    masks = tuple(map(deck.mask_of, hands))
    if state.deal_no == 1:
        # K-7: in deal 1 the holder of A♦ leads first; there are no decisions (K-9, K-10).
        leader = next(s for s in SEATS if masks[s] >> deck.ACE_OF_DIAMONDS & 1)
        decisions = NO_DECISIONS
    else:
        # K-8: the player after the dealer leads first.
        leader = next_seat(state.dealer)
        decisions = Decisions(
            # K-9: eligibility is judged on the dealt hand.
            exchange_or_keep=frozenset(
                [s for s in SEATS if (masks[s] & deck.TRUMP_MASK).bit_count() == 1]
            ),
            # K-10: a team whose two hands hold no queen.
            claims=frozenset(
                [team for team in (0, 1) if not _team_cards(masks, team) & deck.QUEENS_MASK]
            ),
        )
    phase, lead = _opening(decisions, leader)
    return updated(
        state,
        phase=phase,
        dealt=masks,
        hands=masks,
        first_leader=leader,
        decisions=decisions,
        leader=lead,
    )


def _team_cards(masks: tuple[int, ...], team: int) -> int:
    first, second = seats_of(team)
    return masks[first] | masks[second]


def _exchanged(state: GameState, asker: int, giver: int, trump: Card, given: Card) -> GameState:
    trump_index, given_index = deck.INDEX[trump], deck.INDEX[given]
    hands = list(state.hands)
    hands[asker] = hands[asker] & ~(1 << trump_index) | 1 << given_index
    hands[giver] = hands[giver] & ~(1 << given_index) | 1 << trump_index
    decisions = state.decisions
    return _decided(
        state,
        Decisions(
            exchange_or_keep=decisions.exchange_or_keep,
            gives=tuple(seat for seat in decisions.gives if seat != asker),
            claims=decisions.claims,
        ),
        hands=tuple(hands),
        exchanges=(*state.exchanges, Exchange(asker, giver, trump_index, given_index)),
    )


def _decided(state: GameState, decisions: Decisions, **changes: Any) -> GameState:
    """The state with the options still open (and the other `changes`)."""
    phase, leader = _opening(decisions, state.first_leader)
    return updated(state, decisions=decisions, phase=phase, leader=leader, **changes)


def _opening(decisions: Decisions, first_leader: int | None) -> tuple[Phase, int | None]:
    """K-9/K-10 phase: the first lead opens (the phase and the trick's leader) once no option
    is left."""
    return (DECISIONS, None) if decisions.is_open else (PLAY, first_leader)


def _six_of_clubs_seat(trick: TakenTrick) -> int:
    """K-13: who played 6♣ into the trick that caught the queen."""
    return (trick.leader + trick.cards.index(deck.SIX_OF_CLUBS)) % 4


def _deal_scored(state: GameState, event: DealScored) -> GameState:
    summary = DealSummary(
        event.deal_no,
        event.points,
        event.written_on,
        event.amount,
        event.reason,
        event.wiped,
        _six_of_clubs_seat(state.tricks[-1]) if event.reason == "queen_caught" else None,
    )
    assert state.first_leader is not None
    return updated(
        state,
        phase=SHUFFLE,
        # K-8: the next deal is dealt by this deal's first leader, even when it ended early.
        next_dealer=state.first_leader,
        written=scoring.apply_write(state.written, event),
        eggs_multiplier=event.eggs_multiplier,
        eggs_played=state.eggs_played or event.reason == "eggs",
        last_deal=summary,
        leader=None,
    )


_HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    GameStarted: lambda _, event: _game_started(event),
    DeckShuffled: _deck_shuffled,
    DeckCut: _deck_cut,
    HandsDealt: _hands_dealt,
    LoneTrumpKept: _exchange_answered,
    ExchangeAsked: _exchange_answered,
    CardsExchanged: _cards_exchanged,
    NoQueensClaimed: _claim_answered,
    PlayedOn: _claim_answered,
    CardPlayed: card_played,
    TrickTaken: _trick_taken,
    QueenCaught: _queen_caught,
    DealScored: _deal_scored,
    MessagePosted: _message_posted,
    TeamResigned: _team_resigned,
    GameEnded: _game_ended,
}
