"""The play phase: leading, following, the unled ace, winning a trick and the catch
(C32-22 … C32-26)."""

from __future__ import annotations

from app.domain.cards import Card, Rank
from app.domain.kozel32 import scoring, table
from app.domain.kozel32.boasts import merry_sad
from app.domain.kozel32.choices import Step, choice
from app.domain.kozel32.commands import PlayBlind, PlayCard
from app.domain.kozel32.deck import QUEEN_OF_CLUBS, SHAMOK
from app.domain.kozel32.events import QueenCaught
from app.domain.kozel32.options import Boast
from app.domain.kozel32.state import State, TrickKind
from app.domain.kozel32.tricks import trick_taken
from app.domain.ranking import Ranking

MERRY_SAD = frozenset({Boast.MERRY, Boast.SAD})


def step(state: State) -> Step:
    deal = table.deal_of(state)
    seats = table.seats_of(state)
    if len(deal.trick) == seats.count:
        return trick_taken(state, TrickKind.PLAY, deal.trick[0].seat, deal.trick)
    caught = catch(state)
    if caught is not None and deal.caught_by is None:
        return caught
    if deal.caught_by is not None:
        return scoring.deal_scored(state)
    if not any(deal.hands):
        if table.kon_of(state).boast in MERRY_SAD and deal.deck:
            return merry_sad.part_dealt(state)
        return scoring.deal_scored(state)
    seat = to_play(state)
    if seat in seats.dummies:
        positions = range(1, len(deal.hands[seat]) + 1)
        controller = table.controller(seats, seat)
        return choice(controller, tuple(PlayBlind(controller, p) for p in positions))
    return choice(seat, tuple(PlayCard(seat, card) for card in playable(state, seat)))


def to_play(state: State) -> int:
    deal = table.deal_of(state)
    if deal.trick:
        return (deal.trick[0].seat + len(deal.trick)) % table.seats_of(state).count
    return next_leader(state)


def next_leader(state: State) -> int:
    """C32-25: the winner of the last trick leads; the first leader leads the first trick
    (C32-7); merry and sad keep their leader for every trick (C32-19)."""
    deal = table.deal_of(state)
    assert deal.first_leader is not None
    if deal.part_tricks == 0:
        return deal.first_leader
    if table.kon_of(state).boast in MERRY_SAD and state.options.merry_sad_leads == "every_trick":
        return deal.first_leader
    return deal.tricks[-1].winner


def playable(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` may play now (C32-22 … C32-24)."""
    deal = table.deal_of(state)
    hand = deal.hands[seat]
    trumps = table.trumps_of(state)
    if not deal.trick:
        restricted = state.options.trump_lead_restriction and seat != table.privileged(state)
        return lead_cards(hand, trumps, restricted)
    ban = state.options.unled_ace_ban
    return follow_cards(hand, deal.trick[0].card, trumps, deal.suits_led if ban else None)


def lead_cards(hand: tuple[Card, ...], trumps: Ranking, restricted: bool) -> tuple[Card, ...]:
    """C32-22: any card; under the lead restriction a trump only from a hand of trumps."""
    if restricted:
        plain = tuple(card for card in hand if not trumps.is_trump(card))
        return plain or hand
    return hand


def follow_cards(
    hand: tuple[Card, ...], led: Card, trumps: Ranking, suits_led: frozenset[object] | None
) -> tuple[Card, ...]:
    """C32-23: follow the led class (a trump, or a plain card of the led suit) if you can;
    C32-24 (`suits_led` given when the ban is on): not the ace of a plain suit no trick was
    led with, unless every card held is such an ace."""
    led_class = trumps.class_of(led)
    following = tuple(card for card in hand if trumps.class_of(card) == led_class)
    if following or suits_led is None:
        return following or hand
    allowed = tuple(card for card in hand if not unled_ace(card, trumps, suits_led))
    return allowed or hand


def unled_ace(card: Card, trumps: Ranking, suits_led: frozenset[object]) -> bool:
    return card.rank is Rank.ACE and not trumps.is_trump(card) and card.suit not in suits_led


def catch(state: State) -> QueenCaught | None:
    """C32-26: the last trick, a play-phase one, holds 7♣ and Q♣ from opposite sides."""
    deal = table.deal_of(state)
    if state.options.trump_preset != "shamok" or not state.options.shamok_catch:
        return None
    if not deal.tricks or deal.tricks[-1].kind is not TrickKind.PLAY:
        return None
    by_card = {p.card: p.seat for p in deal.tricks[-1].plays}
    if SHAMOK not in by_card or QUEEN_OF_CLUBS not in by_card:
        return None
    shamok, queen = by_card[SHAMOK], by_card[QUEEN_OF_CLUBS]
    if table.catch_sides(state, shamok) == table.catch_sides(state, queen):
        return None
    return QueenCaught(queen, shamok)
