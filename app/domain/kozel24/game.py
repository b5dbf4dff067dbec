"""The engine's front door: start a game, apply commands, replay a log.

    events = start_game(Options(), first_dealer=0)
    state = replay(events)
    state, new = apply(state, ShuffleDeck(seed))

`apply` is `decide` followed by `evolve` over the new events; it returns both so the caller can
append the events to the log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.domain import commands as shared
from app.domain.cards import Card
from app.domain.commands import PostMessage, Resign, ShuffleDeck
from app.domain.errors import IllegalAction, InvalidOption, MalformedCommand, no_seat
from app.domain.events import Event
from app.domain.game import DealRecord, Game, GameInfo, Sealed, Zone
from app.domain.kozel24 import deck, record, scoring
from app.domain.kozel24.commands import (
    MOVES,
    ClaimNoQueens,
    Command,
    CutDeck,
    DecideExchange,
    GiveCard,
    PlayCard,
    PlayOn,
)
from app.domain.kozel24.decide import decide
from app.domain.kozel24.events import REGISTRY, GameStarted, KozelEvent
from app.domain.kozel24.evolve import evolve, fold
from app.domain.kozel24.legal import legal_actions, messages_allowed, to_act
from app.domain.kozel24.options import Options
from app.domain.kozel24.state import CUT, GAME_OVER, SHUFFLE, GameState
from app.domain.kozel24.views import View, hands, view_for
from app.domain.options import encode_options, parse_options
from app.domain.seats import PARTNERS, SEATS, Seating, is_seat

VARIANT = "kozel24"


def start_game(options: Options, first_dealer: int) -> list[KozelEvent]:
    """K-7: the first dealer is chosen by the table (or at random by the server)."""
    if not is_seat(first_dealer):
        raise IllegalAction(no_seat(first_dealer))
    return [GameStarted(options, first_dealer)]


def apply(state: GameState, command: Command) -> tuple[GameState, list[KozelEvent]]:
    """`decide` then `evolve`: the events a command states and the state they lead to."""
    events = decide(state, command)
    return fold(state, events), events


def is_chance_node(state: GameState) -> bool:
    """The engine waits for a seed (`ShuffleDeck`), not for a seat."""
    return state.phase is SHUFFLE


class Kozel24:
    """The 24-card Kozel behind the game interface (`app.domain.game.Game`)."""

    info = GameInfo(
        variant=VARIANT,
        title={"ru": "Козёл (24 карты)", "en": "Kozel (24 cards)"},
        seat_counts=(4,),
        rules="kozel.md",
        rule_prefix="K",
        options_type=Options,
        end_reasons=scoring.END_REASONS,
        titles=scoring.TITLES,
    )
    events = REGISTRY
    commands = MOVES
    state_type = GameState
    state_schema = 4
    """3: a deal voided by a claim of no queens names its claimant (K-10); 4: a deal's summary
    says whether it wrote on fewer than 30 points (K-14) and whether points decided it."""

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Options:
        if seats != 4:
            raise InvalidOption("Kozel is played by four, two against two (K-1)")
        return parse_options(Options, raw)

    def encode_options(self, options: Options) -> dict[str, Any]:
        return encode_options(options)

    def seating(self, seats: int, options: Options) -> Seating:
        return PARTNERS

    def start_game(self, options: Options, seats: int, first_dealer: int) -> list[Event]:
        return [*start_game(options, first_dealer)]

    def evolve(self, state: GameState | None, event: Event) -> GameState:
        return evolve(state, event)  # type: ignore[arg-type]

    def decide(self, state: GameState, command: shared.Command) -> list[Event]:
        if not isinstance(command, _ENGINE_COMMANDS):
            raise MalformedCommand(f"not a command of Kozel: {command.TYPE!r}")
        return [*decide(state, command)]

    def is_chance_node(self, state: GameState) -> bool:
        return is_chance_node(state)

    def to_act(self, state: GameState) -> tuple[int, ...]:
        return to_act(state)

    def legal_actions(self, state: GameState, seat: int) -> tuple[shared.Command, ...]:
        return legal_actions(state, seat)

    def is_terminal(self, state: GameState) -> bool:
        return state.is_terminal

    def messages_allowed(self, state: GameState) -> bool:
        return messages_allowed(state)

    def deal_no(self, state: GameState) -> int:
        return state.deal_no

    def deal_running(self, state: GameState) -> bool:
        return state.deal_no > 0 and state.phase not in (SHUFFLE, GAME_OVER)

    def sealed_by(self, event: Event) -> Sealed | None:
        return record.sealed_by(event)

    def scores(self, state: GameState) -> tuple[int, ...]:
        return state.written

    def returns(self, state: GameState) -> tuple[float, ...]:
        if state.result is None:
            return (0.0, 0.0)
        loser = state.result.loser
        return tuple(-1.0 if team == loser else 1.0 for team in (0, 1))

    def deal_outcome(self, state: GameState) -> tuple[float, ...] | None:
        """What a deal wrote: minus the amount for the team written on, plus for the other."""
        last = state.last_deal
        if last is None:
            return None
        if last.written_on is None:
            return (0.0, 0.0)
        return tuple(
            -float(last.amount) if team == last.written_on else float(last.amount)
            for team in (0, 1)
        )

    def view_for(self, state: GameState, seat: int | None) -> View:
        return view_for(state, seat)

    def hands(self, state: GameState) -> tuple[tuple[Card, ...], ...]:
        return hands(state)

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        return record.deal_record(events)

    def redeal(self, deal: DealRecord) -> tuple[tuple[Card, ...], ...]:
        return record.redeal(deal.deck, deal.dealer)

    def deck_after_cut(self, options: Options, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        return record.deck_after_cut(seed, cut)

    def clock_default(self, state: GameState, seat: int, chance: int) -> shared.Command | None:
        """K-5: a random cut. K-9/K-10 (Decision): keep, play on, or the partner's legal card
        of the fewest points. A card to play is left to the heuristic bot."""
        actions = legal_actions(state, seat)
        if state.phase is CUT:
            return actions[chance % len(actions)]
        for action in actions:
            if isinstance(action, DecideExchange):
                return DecideExchange(seat, False)
            if isinstance(action, PlayOn):
                return action
        gives = [a for a in actions if isinstance(a, GiveCard)]
        if gives:
            return min(gives, key=lambda g: (deck.points_of((g.card,)), -deck.INDEX[g.card]))
        return None

    def zones(self, state: GameState) -> Sequence[Zone]:
        if state.phase is CUT:
            return [Zone("deck", deck.CARDS, frozenset())]
        taken = tuple(deck.CARDS[c] for trick in state.tricks for c in trick.cards)
        return [
            *(Zone(f"hand {s}", deck.cards_of(state.hands[s]), frozenset({s})) for s in SEATS),
            Zone("trick", tuple(deck.CARDS[c] for c in state.trick_cards), None),
            Zone("taken", taken, None),  # every trick of the deal stays in view (K-12)
        ]

    def revealed_to(self, state: GameState, seat: int) -> frozenset[Card]:
        """K-9: the two partners of an exchange know both its cards."""
        return frozenset(
            deck.CARDS[card]
            for e in state.exchanges
            if seat in (e.from_seat, e.to_seat)
            for card in (e.trump, e.given)
        )


_ENGINE_COMMANDS = (
    *(ShuffleDeck, PostMessage, Resign),
    *(CutDeck, DecideExchange, GiveCard, ClaimNoQueens, PlayOn, PlayCard),
)

GAME: Game[GameState, Options] = Kozel24()
