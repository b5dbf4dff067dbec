"""C32-32: what the move clock plays for a seat whose time runs out."""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.kozel32 import legal, table
from app.domain.kozel32.commands import (
    ChooseCard,
    ChooseLeader,
    Cut,
    DealPlain,
    GiveCards,
    KeepLastTrump,
    NameRounds,
    NameTrump,
    PassRedeal,
    PlayBlind,
    RefuseLastTrump,
)
from app.domain.kozel32.deck import PLAIN_RANKS, PRESET_SUIT, points
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State
from app.domain.ranking import SUIT_ORDER

DEFAULT_ROUNDS = {3: (2, 5, 6), 4: (2, 5, 6, 8)}


def clock_default(state: State, seat: int, chance: int) -> Command | None:
    """The rules' default for `seat`'s open decision; None for a card to play or to discard,
    which the table's bot chooses."""
    mine = legal.legal_actions(state, seat)
    if not mine:
        return None
    answers = (DealPlain(seat), PassRedeal(seat), KeepLastTrump(seat), RefuseLastTrump(seat))
    for answer in answers:
        if answer in mine:
            return answer
    first = mine[0]
    match first:
        case NameRounds():
            return NameRounds(seat, DEFAULT_ROUNDS[state.options.star_open_rounds])
        case Cut() | PlayBlind():
            return mine[chance % len(mine)]  # random
        case GiveCards(cards=cards):
            return _fewest_points(state, mine, len(cards))
        case ChooseLeader():
            return _next_from_dealer(state, mine)
        case NameTrump():
            preset = NameTrump(seat, PRESET_SUIT[state.options.trump_preset])
            return preset if preset in mine else first
        case ChooseCard():
            if table.kon_of(state).boast is Boast.BARREL:
                return min(mine, key=lambda c: _low(c.card) if isinstance(c, ChooseCard) else ())
            return first  # pants: the first non-good card of the batch in drawing order
    return None


def _low(card: Card) -> tuple[int, int, int]:
    """Fewest points, then the lower rank, then ♣ ♠ ♥ ♦."""
    return (
        points(card),
        -PLAIN_RANKS.index(card.rank) if card.rank in PLAIN_RANKS else 0,
        SUIT_ORDER.index(card.suit),
    )


def _fewest_points(state: State, mine: tuple[Command, ...], count: int) -> Command:
    """The partner's give: his non-trumps with the fewest points (trumps only when he has too
    few, the lowest first)."""
    trumps = table.trumps_of(state)
    hand = table.deal_of(state).hands[mine[0].seat]  # type: ignore[attr-defined]
    order = sorted(
        hand, key=lambda c: (trumps.is_trump(c), trumps.is_trump(c) and trumps.power(c), _low(c))
    )
    chosen = set(order[:count])
    return next(c for c in mine if isinstance(c, GiveCards) and set(c.cards) == chosen)


def _next_from_dealer(state: State, mine: tuple[Command, ...]) -> Command:
    """The leading team's player next clockwise from the dealer."""
    seats = table.seats_of(state)
    dealer = table.kon_of(state).dealer
    leaders = [c for c in mine if isinstance(c, ChooseLeader)]
    return min(leaders, key=lambda c: (c.leader - dealer - 1) % seats.count)
