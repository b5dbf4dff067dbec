"""The state after each fact: `evolve` never judges, it moves the cards the event names.

A card leaves the deck, a batch, the rest pile or a hand and goes into a hand, a batch, the
rest pile, the trick on the table or the tricks taken. Each handler is one such move, or one
answer noted; the rules that chose the move are in the step functions (`flow`).
"""

from __future__ import annotations

from dataclasses import replace

from app.domain.cards import Card
from app.domain.dealing import cut_deck, shuffled_deck
from app.domain.events import Event
from app.domain.kozel32 import events as e
from app.domain.kozel32 import moves, table
from app.domain.kozel32.deck import DECK, PRESET_SUIT
from app.domain.kozel32.options import Boast, Options
from app.domain.kozel32.state import (
    Deal,
    DealResult,
    GameResult,
    Kon,
    Phase,
    State,
    VoidedDeal,
)
from app.domain.options import parse_options

NAMING_BOASTS = frozenset(
    {Boast.STAR, Boast.MERRY, Boast.SAD, Boast.SMALL_COFFINS, Boast.BIG_COFFINS}
)
PANTS = frozenset({Boast.PANTS, Boast.DOUBLE_PANTS})


def names_trump(options: Options, boast: Boast) -> bool:
    """C32-5: whether the boaster names the trump suit in `boast`."""
    if boast in NAMING_BOASTS:
        return options.boaster_names_trump
    return boast in PANTS and options.pants_names_trump


def evolve(state: State | None, event: Event) -> State:
    if state is None:
        assert isinstance(event, e.GameStarted), "a game's log begins with game_started"
        return _started(event)
    match event:
        case e.DeckShuffled():
            return _shuffled(state, event)
        case e.PlainDealChosen():
            return replace(state, phase=Phase.CUT)
        case e.BoastDeclared(seat=seat, name=boast):
            kon = replace(_kon(state), boast=boast, boaster=seat)
            trump = None if names_trump(state.options, boast) else _deal(state).trump
            phase = Phase.BOASTING if boast in (Boast.MIRROR, Boast.STAR) else Phase.CUT
            return replace(state, kon=kon, deal=replace(_deal(state), trump=trump), phase=phase)
        case e.StarRoundsNamed(rounds=rounds):
            return replace(state, kon=replace(_kon(state), star_rounds=rounds), phase=Phase.CUT)
        case e.DeckCut(position=position):
            deal = replace(_deal(state), deck=cut_deck(_deal(state).deck, position), cut=position)
            phase = Phase.BOASTING if _kon(state).boast else Phase.DEAL
            return replace(state, deal=deal, phase=phase)
        case e.HandsDealt(hands=hands):
            return _dealt(state, hands)
        case e.PartDealt(part=part, hands=hands):
            deal = moves.add_hands(_deal(state), hands)
            named = deal.trump_named if part == 3 else False  # C32-19: part 3 keeps part 2's
            deal = replace(deal, part=part, trump_named=named, first_leader=None, part_tricks=0)
            return replace(state, deal=deal, phase=Phase.BOASTING)
        case e.DealVoided(reason=reason):
            deal = _deal(state)
            hands = deal.dealt or deal.hands
            void = VoidedDeal(deal.seed, deal.cut, hands, reason, deal.shown)
            kon = replace(_kon(state), voided=(*_kon(state).voided, void))
            return replace(state, kon=kon, phase=Phase.SHUFFLE)
        case e.RedealDemanded(seat=seat):
            kon = replace(_kon(state), demands=_kon(state).demands + 1)
            return replace(state, kon=kon, deal=replace(_deal(state), shown=seat))
        case e.PlayStarted(leader=leader):
            return _play_started(state, leader)
        case e.TrumpNamed(suit=suit):
            return _with(state, trump=suit, trump_named=True)
        case e.QueenCaught(shamok_seat=seat):
            return _with(state, caught_by=seat)
        case e.DealScored():
            return _scored(state, event)
        case e.SideResigned():
            return state
        case e.GameEnded():
            return _ended(state, event)
        case _:
            return replace(state, deal=moves.cards_moved(state, _deal(state), event))


def _started(event: e.GameStarted) -> State:
    options = parse_options(Options, event.options)
    seats = table.seating_for(event.seats, options)
    return State(options, event.seats, Phase.SHUFFLE, event.first_dealer, (0,) * seats.sides)


def _shuffled(state: State, event: e.DeckShuffled) -> State:
    """C32-6: a new кон, or a redeal inside the running one (C32-11, C32-12, C32-35)."""
    new_kon = state.kon is None or state.kon.scored
    kon = Kon(event.deal_no, event.dealer, state.leading_side) if new_kon else _kon(state)
    count = table.seats_of(state).count
    deal = Deal(
        seed=event.seed,
        deck=shuffled_deck(DECK, event.seed),
        hands=((),) * count,
        seen=(frozenset(),) * count,
        trump=PRESET_SUIT[state.options.trump_preset],
    )
    asked = new_kon and kon.kon_no >= 2 and state.players == 4 and bool(state.options.boasts)
    phase = Phase.BOAST if asked else Phase.CUT  # C32-8
    return replace(state, kon_no=kon.kon_no, kon=kon, deal=deal, phase=phase)


def _dealt(state: State, hands: tuple[tuple[Card, ...], ...]) -> State:
    deal = moves.add_hands(_deal(state), hands)
    if state.phase is not Phase.DEAL:
        return replace(state, deal=deal)
    soloist_game = table.is_queen_of_spades(state.players, state.options)
    phase = Phase.TALON if soloist_game else Phase.PRE_PLAY
    return replace(state, deal=replace(deal, dealt=deal.hands), phase=phase)


def _play_started(state: State, leader: int) -> State:
    kon = _kon(state)
    if kon.leading_side is None:  # C32-7: deal 1's leading team is the first leader's
        kon = replace(kon, leading_side=table.side_of(state, leader))
    deal = replace(_deal(state), first_leader=leader, part_tricks=0)
    return replace(state, kon=kon, deal=deal, phase=Phase.PLAY)


def _scored(state: State, event: e.DealScored) -> State:
    kon = _kon(state)
    leading = kon.leading_side if event.winner is None else event.winner
    count = table.seats_of(state).count
    return replace(
        state,
        boards=event.boards,
        eggs_pending=event.eggs_pending,
        eggs_played=state.eggs_played or event.result is DealResult.EGGS,
        leading_side=leading,
        last_deal=replace(event.summary(), boaster=kon.boaster, soloist=_deal(state).soloist),
        kon=replace(kon, scored=True),
        next_dealer=(kon.dealer + 1) % count,
        phase=Phase.SHUFFLE,
    )


def _ended(state: State, event: e.GameEnded) -> State:
    result = GameResult(
        event.winner, event.loser, event.boards, event.titles, event.titles_by_side, event.reason
    )
    return replace(state, result=result, phase=Phase.GAME_OVER)


def _with(state: State, **changes: object) -> State:
    return replace(state, deal=replace(_deal(state), **changes))  # type: ignore[arg-type]


def _kon(state: State) -> Kon:
    assert state.kon is not None
    return state.kon


def _deal(state: State) -> Deal:
    assert state.deal is not None
    return state.deal
