"""The pre-play phase of a plain deal (C32-10): redeal demands and the four-queens check
(C32-11, C32-12), last-trump exchanges (C32-13), the first leader (C32-7).

No step keeps a counter: each is open while some player still has an open option, judged on
the dealt hands (demands, queens) or the current hands (last trumps), so the step in force
follows from the answers given so far.
"""

from __future__ import annotations

from app.domain.cards import Card
from app.domain.exchange import gives
from app.domain.kozel32 import scoring, table
from app.domain.kozel32.choices import Choices, Step
from app.domain.kozel32.commands import (
    AcceptLastTrump,
    ChooseLeader,
    DemandRedeal,
    GiveCards,
    KeepLastTrump,
    OfferLastTrump,
    PassRedeal,
    RefuseLastTrump,
    SeatCommand,
)
from app.domain.kozel32.deck import NINES, QUEENS, card_points, lowest_trump
from app.domain.kozel32.events import DealVoided, PlayStarted
from app.domain.kozel32.state import State, VoidReason

DEMAND_POINTS = 12
"""C32-11: a hand of 12 card points or fewer may demand a redeal."""
MISDEAL_DEMAND = 3


def step(state: State) -> Step:
    kon, deal = table.kon_of(state), table.deal_of(state)
    if deal.shown is not None:  # C32-11: a demand ends the step at once
        if kon.demands >= MISDEAL_DEMAND:
            return scoring.deal_scored(state)
        return DealVoided(VoidReason.REDEAL_DEMAND)
    if state.options.four_queens_redeal and four_queens_in_a_team(state):
        return DealVoided(VoidReason.FOUR_QUEENS)
    seats = table.seats_of(state)
    demands = tuple(
        (seat, (DemandRedeal(seat), PassRedeal(seat)))
        for seat in seats.players
        if may_demand(deal.dealt[seat]) and seat not in deal.pre_play.passed
    )
    if demands:
        return Choices(demands, private=True)
    exchanges = last_trump_choices(state)
    if exchanges:
        return Choices(exchanges, private=True)
    return first_leader(state)


def may_demand(hand: tuple[Card, ...]) -> bool:
    """C32-11: all four nines, or 12 card points or fewer, as dealt."""
    return set(hand) >= NINES or card_points(hand) <= DEMAND_POINTS


def four_queens_in_a_team(state: State) -> bool:
    """C32-12: the two players of one team were dealt all four queens between them."""
    deal = table.deal_of(state)
    teams = table.seats_of(state).teams or ()
    return any({card for seat in team for card in deal.dealt[seat]} >= QUEENS for team in teams)


def last_trump_choices(state: State) -> tuple[tuple[int, tuple[SeatCommand, ...]], ...]:
    """C32-13: per team, the partner's answer to an open offer (and then his give), or else
    each qualifying player's offer; one exchange at a time inside a team."""
    deal = table.deal_of(state)
    trumps = table.trumps_of(state)
    seats = table.seats_of(state)
    open_choices: list[tuple[int, tuple[SeatCommand, ...]]] = []
    for team in seats.teams or ():
        offer = next((o for o in deal.pre_play.offers if o.seat in team), None)
        if offer is None:
            open_choices += [
                (seat, (OfferLastTrump(seat), KeepLastTrump(seat)))
                for seat in team
                if may_offer(state, seat)
            ]
            continue
        other = (offer.seat + 2) % 4
        if not offer.accepted:
            open_choices.append((other, (AcceptLastTrump(other), RefuseLastTrump(other))))
            continue
        sets = gives(deal.hands[other], offer.count, trumps.is_trump)
        open_choices.append((other, tuple(GiveCards(other, cards) for cards in sets)))
    return tuple(sorted(open_choices, key=lambda entry: entry[0]))


def may_offer(state: State, seat: int) -> bool:
    """C32-13: one trump (or two, by `last_trump_max`) in his hand now, never offered or kept,
    and no blind in the exchange (C32-34)."""
    deal = table.deal_of(state)
    seats = table.seats_of(state)
    if seat in seats.dummies or (seat + 2) % 4 in seats.dummies:
        return False
    if seat in deal.pre_play.closed:
        return False
    return 1 <= trump_count(state, seat) <= state.options.last_trump_max


def trump_count(state: State, seat: int) -> int:
    trumps = table.trumps_of(state)
    return sum(trumps.is_trump(card) for card in table.deal_of(state).hands[seat])


def first_leader(state: State) -> Step:
    """C32-7: in deal 1 the holder of the lowest trump; later the leading team's choice, made
    by either of its players (a blind's by its controller, C32-34)."""
    kon, deal = table.kon_of(state), table.deal_of(state)
    if kon.kon_no == 1:
        lowest = lowest_trump(state.options.trump_preset)
        holder = next(seat for seat, hand in enumerate(deal.hands) if lowest in hand)
        return PlayStarted(holder, None)
    assert kon.leading_side is not None
    seats = table.seats_of(state)
    team = seats.seats_of(kon.leading_side)
    return Choices(
        tuple(
            (seat, tuple(ChooseLeader(seat, leader) for leader in team))
            for seat in team
            if seat not in seats.dummies
        )
    )
