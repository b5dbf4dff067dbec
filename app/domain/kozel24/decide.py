"""`decide(state, command) -> events`: check a command against the rules and state the facts.

Nothing here changes state; `evolve` applies the events. Legality comes from `legal`.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.chance import commitment, shuffled_order
from app.domain.errors import (
    GameOver,
    IllegalAction,
    MalformedCommand,
    NotYourTurn,
    Reason,
    no_seat,
)
from app.domain.kozel24 import deck, legal, refusals, scoring
from app.domain.kozel24.commands import (
    ClaimNoQueens,
    Command,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
    PostMessage,
    Resign,
    ShuffleDeck,
    check_fields,
)
from app.domain.kozel24.events import (
    CardPlayed,
    CardsExchanged,
    DealScored,
    DeckCut,
    DeckShuffled,
    ExchangeAsked,
    GameEnded,
    HandsDealt,
    KozelEvent,
    LoneTrumpKept,
    NoQueensClaimed,
    PlayedOn,
    QueenCaught,
    TeamResigned,
    TrickTaken,
)
from app.domain.kozel24.state import GAME_OVER, SHUFFLE, GameState
from app.domain.seats import SEATS, add_for_team, is_seat, partner, team_of

Decision = CutDeck | DecideExchange | GiveCard | ClaimNoQueens | PlayOn


def decide(state: GameState, command: Command) -> list[KozelEvent]:
    """The events that `command` causes, or a `DomainError` saying why it is refused."""
    if isinstance(command, PlayCard):  # the hot path first: most commands are plays
        return decide_play(state, command)
    check_fields(command)
    if not isinstance(command, ShuffleDeck) and not is_seat(command.seat):
        raise IllegalAction(no_seat(command.seat))
    match command:
        case ShuffleDeck(seed=seed):
            return _shuffle(state, seed)
        case PostMessage():
            raise MalformedCommand("a table message is the table's (app.domain.messages)")
        case Resign(seat=seat):
            return _resign(state, seat)
        case CutDeck() | DecideExchange() | GiveCard() | ClaimNoQueens() | PlayOn():
            return _decision(state, command)
        case _:
            assert_never(command)


def _shuffle(state: GameState, seed: bytes) -> list[KozelEvent]:
    if state.phase is not SHUFFLE:
        raise IllegalAction(
            Reason(
                "not_between_deals",
                ("K-5",),
                "the deck is shuffled only between deals",
                "колоду тасуют только между сдачами",
            )
        )
    if not seed:
        raise IllegalAction(
            Reason(
                "no_seed",
                (),
                "a shuffle needs a non-empty seed",
                "для тасовки нужно непустое зерно",
            )
        )
    return [DeckShuffled(state.deal_no + 1, state.next_dealer, seed, commitment(seed))]


def deal_hands(seed: bytes, position: int, dealer: int) -> tuple[int, ...]:
    """K-5/K-6: cut the seeded deck at `position` (the top part goes under), then deal one card
    at a time clockwise from the player after the dealer; the dealer gets the last card.
    Returns the four hands as masks."""
    order = shuffled_order(seed, deck.DECK_SIZE)
    hands = [0, 0, 0, 0]
    for seat, card in enumerate(order[position:] + order[:position], start=dealer + 1):
        hands[seat % 4] |= deck.BITS[card]
    return tuple(hands)


def _require_turn(state: GameState, seat: int) -> None:
    if state.phase is GAME_OVER:
        raise GameOver("the game is over")
    if seat not in legal.to_act(state):
        raise NotYourTurn(f"seat {seat} has nothing to do now")


def _decision(state: GameState, command: Decision) -> list[KozelEvent]:
    if not legal.is_legal(state, command):
        _require_turn(state, command.seat)  # say so if it is not the seat's turn at all
        raise IllegalAction(refusals.why_not(state, command))
    match command:
        case CutDeck(seat=seat, position=position):
            hands = deal_hands(state.seed, position, state.dealer)
            return [DeckCut(seat, position), HandsDealt(tuple(map(deck.cards_of, hands)))]
        case DecideExchange(seat=seat, exchange=exchange):
            return [ExchangeAsked(seat) if exchange else LoneTrumpKept(seat)]
        case GiveCard(seat=seat, card=card):
            # K-9: the asker passes the trump it was dealt.
            asker = partner(seat)
            trump = deck.CARDS[(state.dealt[asker] & deck.TRUMP_MASK).bit_length() - 1]
            return [CardsExchanged(asker, seat, trump, card)]
        case ClaimNoQueens(seat=seat):
            # K-10: the deal is void; nothing is written and the rotation advances.
            void = scoring.score_void(state.eggs_multiplier)
            return [NoQueensClaimed(seat), _scored(state, void, state.points)]
        case PlayOn(seat=seat):
            return [PlayedOn(seat)]
        case _:
            assert_never(command)


def decide_play(state: GameState, command: PlayCard) -> list[KozelEvent]:
    seat, card = command.seat, command.card
    # K-7, K-11: what the seat to play may play, kept by `evolve` (`legal.playable_for`).
    mask = state.playable if seat == state.turn else 0
    index = deck.INDEX_BY_CODE.get(card.code) if isinstance(card, Card) else None
    if index is None or not mask >> index & 1:
        check_fields(command)
        if not mask:
            _require_turn(state, seat)
        raise IllegalAction(refusals.why_not(state, command))
    played_card = _CARD_PLAYED[seat][index]
    if len(state.trick_cards) < 3:
        return [played_card]
    return _trick_complete(state, played_card, state.trick_cards + deck.ALONE[index])


def _trick_complete(
    state: GameState, played_card: CardPlayed, played: tuple[int, ...]
) -> list[KozelEvent]:
    """The fourth card is down: who takes the trick (K-12), and whether the deal ends (K-13,
    K-14)."""
    leader = state.leader
    assert leader is not None
    winner = (leader + deck.winning_position(played)) % 4
    trick_points = deck.trick_points(played)
    events: list[KozelEvent] = [played_card, _TRICK_TAKEN[winner][trick_points]]
    caught = deck.caught_queen(played)
    if caught is None and len(state.tricks) + 1 < deck.TRICKS_PER_DEAL:
        return events  # the deal goes on
    team = team_of(winner)
    points = add_for_team(state.points, team, trick_points)
    if caught is not None:
        # K-13: the queen is caught, the deal ends now.
        queen_at, six_at = caught
        queen_seat = (leader + queen_at) % 4
        write = scoring.score_catch(team_of(queen_seat), state.eggs_multiplier)
        events.append(QueenCaught(queen_seat, (leader + six_at) % 4))
    else:
        tricks = add_for_team(state.tricks_taken, team, 1)
        eggs = state.options.eggs
        write = scoring.score_tricks(state.deal_no, points, tricks, state.eggs_multiplier, eggs)
    events.append(_scored(state, write, points))
    events.extend(_game_end(state, write))
    return events


# Events are values: the 96 possible `CardPlayed` facts are made once, by seat and card index,
# and so are the `TrickTaken` facts, by winner and points (four aces, 44, are the most).
_CARD_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in deck.CARDS) for seat in SEATS)
_TRICK_TAKEN = tuple(
    tuple(TrickTaken(winner, points) for points in range(4 * max(deck.POINTS) + 1))
    for winner in SEATS
)


def _scored(state: GameState, write: scoring.Write, points: tuple[int, ...]) -> DealScored:
    return DealScored(
        state.deal_no,
        (points[0], points[1]),
        write.written_on,
        write.amount,
        write.reason,
        write.wiped,
        write.eggs_multiplier,
    )


def _game_end(state: GameState, write: scoring.Write) -> list[KozelEvent]:
    """K-17: the game ends when a team has 12 or more written."""
    written = scoring.apply_write(state.written, write)
    loser = scoring.losing_team(written)
    if loser is None:
        return []
    blind = write.reason == "first_deal_sweep"
    titles = scoring.titles(loser, written, state.eggs_played, blind)
    return [GameEnded(loser, written, titles, "written")]


def _resign(state: GameState, seat: int) -> list[KozelEvent]:
    if not legal.can_resign(state):
        raise GameOver("the game is over")
    team = team_of(seat)
    titles = scoring.titles(team, state.written, state.eggs_played, blind=False)
    return [TeamResigned(seat, team), GameEnded(team, state.written, titles, "resigned")]
