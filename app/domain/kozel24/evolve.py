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
    NoQueensClaimed,
    PlayedOn,
    QueenCaught,
    TeamResigned,
    TrickTaken,
)
from app.domain.kozel24.legal import playable_for
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
)
from app.domain.seats import SEATS, next_seat, seats_of, team_of
from app.domain.tricks import TakenTrick
from app.domain.values import updated


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


def card_played(state: GameState, event: CardPlayed) -> GameState:
    """K-11: the card leaves the hand and joins the trick; the next seat follows the led
    class if it can."""
    card = deck.INDEX_BY_CODE[event.card.code]
    hands = list(state.hands)
    hands[event.seat] &= ~(1 << card)
    trick_cards = state.trick_cards + deck.ALONE[card]
    turn = (event.seat + 1) % 4
    return updated(
        state,
        hands=tuple(hands),
        trick_cards=trick_cards,
        turn=turn,
        playable=playable_for(hands[turn], trick_cards, first_lead_of_game=False),
    )


def _trick_taken(state: GameState, event: TrickTaken) -> GameState:
    """K-12: the winner takes the trick and leads any card of his hand next."""
    assert state.leader is not None
    taken = TakenTrick(state.leader, state.trick_cards, event.winner, event.points)
    return updated(
        state,
        tricks=(*state.tricks, taken),
        leader=event.winner,
        turn=event.winner,
        trick_cards=(),
        playable=state.hands[event.winner],
    )


def with_turn(state: GameState) -> GameState:
    """`state` with its derived `turn` and `playable` worked out afresh from its other fields,
    as `evolve` keeps them: for a state made by hand (a test's position, a bot's imagined
    deal) rather than by events."""
    leader = state.leader
    if state.phase is not PLAY or leader is None:
        return updated(state, turn=None, playable=0)
    turn = (leader + len(state.trick_cards)) % 4
    first_lead_of_game = state.deal_no == 1 and not state.tricks
    playable = playable_for(state.hands[turn], state.trick_cards, first_lead_of_game)
    return updated(state, turn=turn, playable=playable)


def _game_started(event: GameStarted) -> GameState:
    return GameState(event.options, next_dealer=event.first_dealer)


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
            claimed_by=decisions.claimed_by,
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
            claimed_by=event.seat if isinstance(event, NoQueensClaimed) else decisions.claimed_by,
        ),
    )


def _queen_caught(state: GameState, event: QueenCaught) -> GameState:
    return state  # K-13: the last trick shows the catch; the deal_scored that follows ends it


def _team_resigned(state: GameState, event: TeamResigned) -> GameState:
    return state  # the game_ended event that follows carries the outcome


def _game_ended(state: GameState, event: GameEnded) -> GameState:
    result = GameResult(event.loser, event.written, event.titles, event.reason)
    return updated(
        state, phase=GAME_OVER, written=event.written, result=result, turn=None, playable=0
    )


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
        decisions = _opened_by(masks)
    return updated(
        state,
        **_opening(decisions, leader, masks, state.deal_no),
        dealt=masks,
        hands=masks,
        first_leader=leader,
        decisions=decisions,
    )


def _opened_by(masks: tuple[int, ...]) -> Decisions:
    """The options a deal (from deal 2 on) opens before the first lead; most open none."""
    # K-9: eligibility is judged on the dealt hand.
    lone = [seat for seat in SEATS if (masks[seat] & deck.TRUMP_MASK).bit_count() == 1]
    # K-10: a team whose two hands hold no queen.
    queenless = [team for team in (0, 1) if not _team_cards(masks, team) & deck.QUEENS_MASK]
    if not lone and not queenless:
        return NO_DECISIONS
    return Decisions(exchange_or_keep=frozenset(lone), claims=frozenset(queenless))


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
            claimed_by=decisions.claimed_by,
        ),
        hands=tuple(hands),
        exchanges=(*state.exchanges, Exchange(asker, giver, trump_index, given_index)),
    )


def _decided(
    state: GameState, decisions: Decisions, hands: tuple[int, ...] | None = None, **changes: Any
) -> GameState:
    """The state with the options still open (and `hands` and the other `changes`)."""
    held = state.hands if hands is None else hands
    opening = _opening(decisions, state.first_leader, held, state.deal_no)
    return updated(state, decisions=decisions, hands=held, **opening, **changes)


def _opening(
    decisions: Decisions, first_leader: int | None, hands: tuple[int, ...], deal_no: int
) -> dict[str, Any]:
    """K-9/K-10 phase: the first lead opens once no option is left: the phase, the trick's
    leader, and the first leader's turn (K-7: in deal 1 it leads the A♦)."""
    if decisions.is_open:
        return {"phase": DECISIONS, "leader": None, "turn": None, "playable": 0}
    assert first_leader is not None
    playable = playable_for(hands[first_leader], (), deal_no == 1)
    return {"phase": PLAY, "leader": first_leader, "turn": first_leader, "playable": playable}


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
        state.decisions.claimed_by if event.reason == "no_queens" else None,
        under_30=scoring.under_30(event.reason, event.written_on, event.points),
        points_counted=event.reason not in scoring.WITHOUT_POINTS,
    )
    assert state.first_leader is not None
    return updated(
        state,
        phase=SHUFFLE,
        # K-8: the next deal is dealt by this deal's first leader, even when it ended early.
        next_dealer=state.first_leader,
        written=scoring.apply_write(state.written, event),
        eggs_multiplier=event.eggs_multiplier,
        eggs_played=state.eggs_played or event.reason in scoring.SIXTY_SIXTY,
        last_deal=summary,
        leader=None,
        turn=None,
        playable=0,
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
    TeamResigned: _team_resigned,
    GameEnded: _game_ended,
}
