"""The record of a finished кон, whole: enough to re-check its shuffle and replay it.

`deal_record` folds a кон's events (a slice from its first `deck_shuffled`, or a whole log, of
which it takes the last finished кон): the deck after the cut of the deal that was played,
the hands, every trick face up, the outcome, and what only this game has — the boast, every
choice made in the кон in order (seat and wire body, so the кон replays from its deck), the
exchanges, the talon and discards, and the deals voided before it.

`hands` are the cards each seat played from: as dealt in a plain or queen-of-spades deal
(before any exchange or talon), the three parts together in merry and sad, and the hands at
the first lead of play in every other boast. `redeal` deals `deck` again, replaying the
boast's own choices where a boast has them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.dealing import cut_deck, deal_round_robin, shuffled_deck
from app.domain.events import Event
from app.domain.game import DealRecord, Sealed
from app.domain.kozel32 import events as e
from app.domain.kozel32 import flow, table
from app.domain.kozel32.boasts import merry_sad
from app.domain.kozel32.choices import Choices
from app.domain.kozel32.commands import (
    COMMANDS,
    AcceptLastTrump,
    ChooseCard,
    ChooseLeader,
    Cut,
    DealPlain,
    DeclareBoast,
    DemandRedeal,
    Discard,
    GiveCards,
    KeepLastTrump,
    NameRounds,
    NameTrump,
    OfferLastTrump,
    PassRedeal,
    PlayBlind,
    PlayCard,
    RefuseLastTrump,
    SeatCommand,
)
from app.domain.kozel32.decide import decide
from app.domain.kozel32.deck import DECK, PRESET_SUIT
from app.domain.kozel32.evolve import evolve, names_trump
from app.domain.kozel32.options import Boast, Options
from app.domain.kozel32.state import (
    Deal,
    DealResult,
    DealSummary,
    Exchange,
    Kon,
    Phase,
    State,
    VoidReason,
)
from app.domain.options import parse_options
from app.domain.view import Play, TrickView

MERRY_SAD = frozenset({Boast.MERRY, Boast.SAD})
C32_13_SEALED = Sealed(
    "C32-13",
    "the cards of a last-trump exchange from the others, who learn only that it took place, "
    "between which seats and how many cards (the seed, the deck and the hands would tell the "
    "cards)",
)
C32_12_SEALED = Sealed(
    "C32-12",
    "the cards of a deal voided for four queens in one team, and which team held them (no "
    "card of it is shown)",
)


@dataclass(frozen=True, slots=True)
class RecordedChoice:
    """A choice made in the кон: the seat that made it, the phase and the move's body."""

    seat: int
    phase: str
    move: dict[str, Any]


@dataclass(frozen=True, slots=True)
class VoidedRecord:
    seed: bytes
    commitment: str
    cut: int | None
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    reason: VoidReason
    demander: int | None


@dataclass(frozen=True, slots=True)
class Kozel32Record:
    options: dict[str, Any]
    players: int
    boast: Boast | None
    boaster: int | None
    star_rounds: tuple[int, ...]
    choices: tuple[RecordedChoice, ...]
    exchanges: tuple[Exchange, ...]
    soloist: int | None
    talon: tuple[Card, ...]
    discards: tuple[Card, ...]
    voided: tuple[VoidedRecord, ...]


def deck_after_cut(seed: bytes, cut: int | None) -> tuple[Card, ...]:
    deck = shuffled_deck(DECK, seed)
    return deck if cut is None else cut_deck(deck, cut)


def sealed_by(event: Event) -> Sealed | None:
    """C32-13, C32-12: a кон with a last-trump exchange, or with a deal voided for four
    queens, keeps what they hide until the game is over."""
    match event:
        case e.CardsExchanged():
            return C32_13_SEALED
        case e.DealVoided(reason=VoidReason.FOUR_QUEENS):
            return C32_12_SEALED
    return None


def deal_record(events: Sequence[Event]) -> DealRecord:
    kon_events = _last_kon(events)
    first = kon_events[0]
    assert isinstance(first, e.DeckShuffled)
    state = _table(first.options, first.seats, first.deal_no, first.dealer)
    choices: list[RecordedChoice] = []
    tricks: list[TrickView] = []
    hands: tuple[tuple[Card, ...], ...] | None = None
    talon: tuple[Card, ...] = ()
    summary = None
    for event in kon_events:
        if isinstance(event, e.DeckShuffled):
            tricks, hands, talon = [], None, ()
        command = _choice_of(state, event)
        if command is not None:
            choices.append(RecordedChoice(command.seat, state.phase.value, COMMANDS.body(command)))
        match event:
            case e.TrickTaken(leader=leader, plays=plays, winner=winner, points=points):
                faces = tuple(Play.up(p.seat, p.card) for p in plays)
                tricks.append(TrickView(leader, faces, winner, points))
            case e.TalonTaken(cards=cards):
                talon = cards
            case e.PlayStarted() if hands is None:
                hands = table.deal_of(state).hands
            case e.DealScored():
                summary = event.summary()
        state = evolve(state, event)
    kon, deal = table.kon_of(state), table.deal_of(state)
    if kon.boast in MERRY_SAD:
        assert kon.boaster is not None
        hands = merry_sad.all_parts(deck_after_cut(deal.seed, deal.cut), kon.boaster)
    elif kon.boast is None or hands is None:
        hands = deal.dealt or deal.hands
    game = Kozel32Record(
        options=first.options,
        players=first.seats,
        boast=kon.boast,
        boaster=kon.boaster,
        star_rounds=kon.star_rounds,
        choices=tuple(choices),
        exchanges=deal.exchanges,
        soloist=deal.soloist,
        talon=talon,
        discards=deal.discards,
        voided=tuple(
            VoidedRecord(
                v.seed,
                commitment(v.seed),
                v.cut,
                deck_after_cut(v.seed, v.cut),
                v.hands,
                v.reason,
                v.seat,
            )
            for v in kon.voided
        ),
    )
    return DealRecord(
        deal_no=kon.kon_no,
        dealer=kon.dealer,
        seed=deal.seed,
        commitment=commitment(deal.seed),
        cut=deal.cut,
        deck=deck_after_cut(deal.seed, deal.cut),
        hands=hands,
        tricks=tuple(tricks),
        outcome=summary,
        points=_points(summary),
        game=game,
    )


def _points(summary: DealSummary | None) -> tuple[int, ...] | None:
    """The card points per side of a кон whose every card went to a side: not a catch (whose
    points do not count, C32-26) nor a misdeal (no card played, C32-11)."""
    if summary is None or summary.result in (DealResult.CATCH, DealResult.MISDEAL):
        return None
    return summary.points


def redeal(record: DealRecord) -> tuple[tuple[Card, ...], ...]:
    game = record.game
    assert isinstance(game, Kozel32Record)
    options = parse_options(Options, game.options)
    seats = table.seating_for(game.players, options)
    first = seats.next(record.dealer)
    if game.boast is None:
        per_seat = 10 if seats.count == 3 else 8
        return deal_round_robin(record.deck, first, seats.count, per_seat)
    assert game.boaster is not None
    if game.boast in MERRY_SAD:
        return merry_sad.all_parts(record.deck, game.boaster)
    return _replayed_hands(record, game, options)


def _replayed_hands(
    record: DealRecord, game: Kozel32Record, options: Options
) -> tuple[tuple[Card, ...], ...]:
    """The boast's procedure run again on `deck` with its recorded choices."""
    assert game.boast is not None and game.boaster is not None
    state = _table(game.options, game.players, record.deal_no, record.dealer)
    trump = None if names_trump(options, game.boast) else PRESET_SUIT[options.trump_preset]
    kon = Kon(
        record.deal_no,
        record.dealer,
        table.side_of(state, game.boaster),
        game.boast,
        game.boaster,
        game.star_rounds,
    )
    count = table.seats_of(state).count
    deal = Deal(record.seed, record.deck, ((),) * count, (frozenset(),) * count, trump, record.cut)
    state = _fold(replace(state, kon=kon, deal=deal, phase=Phase.BOASTING), [])
    procedure = [c for c in game.choices if c.phase == Phase.BOASTING.value]
    for recorded in procedure:
        if state.phase is not Phase.BOASTING:
            break
        command = COMMANDS.parse(recorded.seat, recorded.move)
        if isinstance(command, NameRounds):
            continue  # named before the cut: already in the кон
        state = _fold(state, decide(state, command))
    return table.deal_of(state).hands


def _fold(state: State, events: list[Event]) -> State:
    for event in flow.settle(state, events):
        state = evolve(state, event)
    return state


def _table(options: dict[str, Any], players: int, deal_no: int, dealer: int) -> State:
    """A table about to shuffle the кон `deal_no`."""
    started = evolve(None, e.GameStarted(options, players, dealer))
    return replace(started, kon_no=deal_no - 1)


def _last_kon(events: Sequence[Event]) -> list[Event]:
    end = max(i for i, event in enumerate(events) if isinstance(event, e.DealScored))
    scored = events[end]
    assert isinstance(scored, e.DealScored)
    start = next(
        i
        for i, event in enumerate(events)
        if isinstance(event, e.DeckShuffled) and event.deal_no == scored.kon_no
    )
    return list(events[start : end + 1])


def _choice_of(state: State, event: Event) -> SeatCommand | None:
    """The command whose fact `event` is, if a player chose it (a forced step is no choice,
    C32-14)."""
    deal = state.deal
    match event:
        case e.PlainDealChosen(seat=seat):
            return DealPlain(seat)
        case e.BoastDeclared(seat=seat, name=name):
            return DeclareBoast(seat, name)
        case e.StarRoundsNamed(seat=seat, rounds=rounds):
            return NameRounds(seat, rounds)
        case e.DeckCut(seat=seat, position=position):
            blind = seat in table.seats_of(state).dummies
            return None if blind else Cut(seat, position)
        case e.RedealDemanded(seat=seat):
            return DemandRedeal(seat)
        case e.RedealPassed(seat=seat):
            return PassRedeal(seat)
        case e.LastTrumpOffered(seat=seat):
            return OfferLastTrump(seat)
        case e.LastTrumpKept(seat=seat):
            return KeepLastTrump(seat)
        case e.LastTrumpAccepted(seat=seat):
            return AcceptLastTrump(seat)
        case e.LastTrumpRefused(seat=seat):
            return RefuseLastTrump(seat)
        case e.CardsExchanged(to_seat=seat, given=given):
            return GiveCards(seat, given)
        case e.PlayStarted(leader=leader, chosen_by=seat) if seat is not None:
            return ChooseLeader(seat, leader)
        case e.TrumpNamed(seat=seat, suit=suit):
            return NameTrump(seat, suit)
        case e.CardsDiscarded(seat=seat, cards=cards):
            return Discard(seat, cards)
        case e.CardPlayed(seat=seat, card=card):
            seats = table.seats_of(state)
            if seat in seats.dummies and deal is not None:
                return PlayBlind(table.controller(seats, seat), deal.hands[seat].index(card) + 1)
            return PlayCard(seat, card)
        case e.PacketCut(seat=seat, position=position):
            chosen = isinstance(flow.step(state), Choices)
            return Cut(seat, position) if chosen else None
        case e.CardLaid(seat=seat, card=card) | e.CardPutOut(seat=seat, card=card):
            chosen = isinstance(flow.step(state), Choices)
            return ChooseCard(seat, card) if chosen else None
    return None
