"""`evolve(state, event) -> state`: apply a fact. Events are never validated here; a game's
state is the fold of its log (`replay`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

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
    DealSummary,
    Decisions,
    Exchange,
    GameResult,
    GameState,
    Message,
    Phase,
)
from app.domain.seats import SEATS, add_for_team, next_seat, seats_of, team_of
from app.domain.tricks import TakenTrick, Trick
from app.domain.values import updated

MESSAGE_HISTORY = 100
"""How many recent table messages the state keeps (the log keeps them all)."""


def evolve(state: GameState | None, event: KozelEvent) -> GameState:
    if state is None:
        assert isinstance(event, GameStarted), "a game's log starts with game_started"
    match event:
        case CardPlayed(seat=seat, card=card):
            assert state is not None and state.trick is not None
            index = deck.index_of(card)
            assert index is not None
            hands = list(state.hands)
            hands[seat] &= ~(1 << index)
            return updated(state, hands=tuple(hands), trick=state.trick.with_card(index))
        case TrickTaken(winner=winner, points=points):
            assert state is not None and state.trick is not None
            team = team_of(winner)
            trick = state.trick
            return updated(
                state,
                trick=Trick(winner),
                last_trick=TakenTrick(trick.leader, trick.cards, winner, points),
                tricks_taken=add_for_team(state.tricks_taken, team, 1),
                points=add_for_team(state.points, team, points),
            )
        case GameStarted(options=options, first_dealer=first_dealer):
            return GameState(options, first_dealer, next_dealer=first_dealer)
        case DeckShuffled(deal_no=deal_no, dealer=dealer, seed=seed, commitment=commit):
            assert state is not None
            return _new_deal(state, deal_no, dealer, seed, commit)
        case DeckCut(position=position):
            assert state is not None
            return updated(state, cut_position=position)
        case HandsDealt(hands=hands):
            assert state is not None
            return _dealt(state, hands)
        case LoneTrumpKept(seat=seat) | ExchangeAsked(seat=seat):
            assert state is not None
            decisions = state.decisions
            asked = isinstance(event, ExchangeAsked)
            return _decided(
                state,
                Decisions(
                    exchange_or_keep=decisions.exchange_or_keep - {seat},
                    gives=(*decisions.gives, seat) if asked else decisions.gives,
                    claims=decisions.claims,
                ),
            )
        case CardsExchanged(from_seat=asker, to_seat=giver, trump=trump, given=given):
            assert state is not None
            return _exchanged(state, asker, giver, trump, given)
        case NoQueensClaimed(seat=seat) | PlayedOn(seat=seat):
            assert state is not None
            decisions = state.decisions
            return _decided(
                state,
                Decisions(
                    exchange_or_keep=decisions.exchange_or_keep,
                    gives=decisions.gives,
                    claims=decisions.claims - {team_of(seat)},
                ),
            )
        case QueenCaught(six_seat=six_seat):
            assert state is not None
            return updated(state, queen_caught_by=six_seat)
        case DealScored():
            assert state is not None
            return _scored(state, event)
        case MessagePosted(seat=seat, text=text):
            assert state is not None
            message = Message(seat, text, state.deal_no)
            return updated(state, messages=(*state.messages, message)[-MESSAGE_HISTORY:])
        case TeamResigned():
            assert state is not None
            return state
        case GameEnded(loser=loser, written=written, titles=titles, reason=reason):
            assert state is not None
            result = GameResult(loser, written, titles, reason)
            return updated(state, phase=Phase.GAME_OVER, written=written, result=result)
        case _:
            assert_never(event)


def replay(events: Iterable[KozelEvent]) -> GameState:
    """The state a log leads to: a fold of `evolve` from nothing."""
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("an empty log has no game")
    return state


def _new_deal(state: GameState, deal_no: int, dealer: int, seed: bytes, commit: str) -> GameState:
    """The game's fields carry over; the deal's fields start afresh."""
    return GameState(
        options=state.options,
        first_dealer=state.first_dealer,
        phase=Phase.CUT,
        next_dealer=state.next_dealer,
        written=state.written,
        eggs_multiplier=state.eggs_multiplier,
        eggs_played=state.eggs_played,
        last_deal=state.last_deal,
        messages=state.messages,
        result=state.result,
        deal_no=deal_no,
        dealer=dealer,
        seed=seed,
        commitment=commit,
    )


def _dealt(state: GameState, hands: tuple[tuple[Card, ...], ...]) -> GameState:
    masks = tuple(map(deck.mask_of, hands))
    if state.deal_no == 1:
        # K-7: in deal 1 the holder of A♦ leads first; there are no decisions (K-9, K-10).
        leader = next(s for s in SEATS if masks[s] >> deck.ACE_OF_DIAMONDS & 1)
        decisions = Decisions()
    else:
        # K-8: the player after the dealer leads first.
        leader = next_seat(state.dealer)
        decisions = Decisions(
            # K-9: eligibility is judged on the dealt hand.
            exchange_or_keep=frozenset(
                s for s in SEATS if (masks[s] & deck.TRUMP_MASK).bit_count() == 1
            ),
            # K-10: a team whose two hands hold no queen.
            claims=frozenset(
                team
                for team in (0, 1)
                if not any(masks[s] & deck.QUEENS_MASK for s in seats_of(team))
            ),
        )
    dealt = updated(state, phase=Phase.DECISIONS, dealt=masks, hands=masks, first_leader=leader)
    return _decided(dealt, decisions)


def _exchanged(state: GameState, asker: int, giver: int, trump: Card, given: Card) -> GameState:
    trump_index, given_index = deck.INDEX[trump], deck.INDEX[given]
    hands = list(state.hands)
    hands[asker] = hands[asker] & ~(1 << trump_index) | 1 << given_index
    hands[giver] = hands[giver] & ~(1 << given_index) | 1 << trump_index
    decisions = state.decisions
    exchanged = updated(
        state,
        hands=tuple(hands),
        exchanges=(*state.exchanges, Exchange(asker, giver, trump_index, given_index)),
    )
    return _decided(
        exchanged,
        Decisions(
            exchange_or_keep=decisions.exchange_or_keep,
            gives=tuple(seat for seat in decisions.gives if seat != asker),
            claims=decisions.claims,
        ),
    )


def _decided(state: GameState, decisions: Decisions) -> GameState:
    """K-9/K-10 phase: the first lead opens once no option is left."""
    if decisions.is_open or state.phase is not Phase.DECISIONS:
        return updated(state, decisions=decisions)
    assert state.first_leader is not None
    return updated(state, decisions=decisions, phase=Phase.PLAY, trick=Trick(state.first_leader))


def _scored(state: GameState, event: DealScored) -> GameState:
    write = scoring.Write(event.written_on, event.amount, event.reason, event.wiped)
    summary = DealSummary(
        event.deal_no,
        event.points,
        event.written_on,
        event.amount,
        event.reason,
        event.wiped,
        state.queen_caught_by,
    )
    assert state.first_leader is not None
    return updated(
        state,
        phase=Phase.SHUFFLE,
        # K-8: the next deal is dealt by this deal's first leader, even when it ended early.
        next_dealer=state.first_leader,
        written=scoring.apply_write(state.written, write),
        eggs_multiplier=event.eggs_multiplier,
        eggs_played=state.eggs_played or event.reason == "eggs",
        last_deal=summary,
        trick=None,
    )
