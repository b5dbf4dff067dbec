"""Both games of the family behind the one game interface: a game is its rules (its own
`decide`, `evolve`, legality, views and record), and everything else it answers alike: the
options from the wire, the start of a game, the phases, the deals, the scores and returns per
side, the deck after the (absent) cut, the move clock of a trick, and where every card lies."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet
from app.domain.errors import InvalidOption
from app.domain.events import Event, EventRegistry
from app.domain.game import DealRecord, GameInfo, Sealed, Zone
from app.domain.multitrick import record
from app.domain.multitrick.commands import Discard, Lead
from app.domain.multitrick.deck import shuffled
from app.domain.multitrick.events import GameStarted
from app.domain.multitrick.play import to_play
from app.domain.multitrick.scoring import deal_outcome, game_returns
from app.domain.multitrick.series import RUNNING, FamilyState, Phase
from app.domain.multitrick.sets import clock_order, lowest_cards
from app.domain.multitrick.views import NOBODY, zones
from app.domain.options import encode_options, parse_options
from app.domain.seats import Seating
from app.domain.view import View

S = TypeVar("S", bound=FamilyState[Any])
Opts = TypeVar("Opts")


@dataclass(frozen=True)
class Rules(Generic[S]):
    """What is a game's own: the functions of its package."""

    evolve: Callable[[S | None, Event], S]
    decide: Callable[[S, Command], list[Event]]
    to_act: Callable[[S], tuple[int, ...]]
    legal_actions: Callable[[S, int], tuple[Command, ...]]
    view_for: Callable[[S, int | None], View[Any]]
    hands: Callable[[S], tuple[tuple[Card, ...], ...]]
    deal_record: Callable[[Sequence[Event]], DealRecord]
    revealed_to: Callable[[S, int], frozenset[Card]]
    seating: Callable[[int], Seating]
    decision_default: Callable[[S, int], Command | None] | None = None
    """The move clock's answer in a decision phase (K4-10)."""
    sealed_by: Callable[[Event], Sealed | None] = lambda event: None
    """What keeps part of a finished deal hidden until the game is over (B-14); by default
    nothing (K4-16, K4-17: a deal is played out, and its end reveals every card)."""
    open_bottom: bool = False
    """The stock's last card lies face up (the trump card of B-7)."""


class FamilyGame(Generic[S, Opts]):
    state_schema = 2
    """2: a deal's summary names the seat that ended it and the hands it showed (B-16, B-20)."""

    def __init__(
        self,
        info: GameInfo,
        events: EventRegistry,
        commands: CommandSet,
        state_type: type[S],
        rules: Rules[S],
    ) -> None:
        self.info, self.events, self.commands = info, events, commands
        self.state_type, self._rules = state_type, rules

    # The table

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Opts:
        self._check_seats(seats)
        options: Opts = parse_options(self.info.options_type, raw)
        return options

    def encode_options(self, options: Opts) -> dict[str, Any]:
        return encode_options(options)

    def seating(self, seats: int, options: Opts) -> Seating:
        return self._rules.seating(seats)

    def start_game(self, options: Opts, seats: int, first_dealer: int) -> list[Event]:
        """The first dealer is the table's choice, or the server's at random (K4-6, B-5)."""
        self._check_seats(seats)
        if type(first_dealer) is not int or not 0 <= first_dealer < seats:
            raise InvalidOption(f"the first dealer is a seat 0..{seats - 1}, not {first_dealer!r}")
        return [GameStarted(encode_options(options), seats, first_dealer)]

    def _check_seats(self, seats: int) -> None:
        if seats not in self.info.seat_counts:
            counts = " or ".join(map(str, self.info.seat_counts))
            raise InvalidOption(
                f"{self.info.title['en']} is played by {counts}, not {seats} "
                f"({self.info.rule_prefix}-1)"
            )

    # Decide and evolve

    def evolve(self, state: S | None, event: Event) -> S:
        return self._rules.evolve(state, event)

    def decide(self, state: S, command: Command) -> list[Event]:
        return self._rules.decide(state, command)

    def is_chance_node(self, state: S) -> bool:
        return state.phase is Phase.SHUFFLE

    def to_act(self, state: S) -> tuple[int, ...]:
        return self._rules.to_act(state)

    def legal_actions(self, state: S, seat: int) -> tuple[Command, ...]:
        if type(seat) is not int or not 0 <= seat < state.series.seats:
            return ()
        return self._rules.legal_actions(state, seat)

    def is_terminal(self, state: S) -> bool:
        return state.ended is not None

    def messages_allowed(self, state: S) -> bool:
        """Table talk is not in the sources (K4 open question 15; bura.md names none): a
        product matter, allowed while the game runs."""
        return state.ended is None

    # Deals and scores

    def deal_no(self, state: S) -> int:
        return state.series.deal_no

    def deal_running(self, state: S) -> bool:
        return state.phase in RUNNING

    def sealed_by(self, event: Event) -> Sealed | None:
        return self._rules.sealed_by(event)

    def scores(self, state: S) -> tuple[int, ...]:
        """Penalty (loss) points written per side (K4-18, B-18)."""
        return state.series.penalties

    def returns(self, state: S) -> tuple[float, ...]:
        return game_returns(state.ended, len(state.series.penalties))

    def deal_outcome(self, state: S) -> tuple[float, ...] | None:
        return deal_outcome(state.last_deal)

    # What seats see

    def view_for(self, state: S, seat: int | None) -> View[Any]:
        return self._rules.view_for(state, seat)

    def hands(self, state: S) -> tuple[tuple[Card, ...], ...]:
        return self._rules.hands(state)

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        return self._rules.deal_record(events)

    def redeal(self, record_: DealRecord) -> tuple[tuple[Card, ...], ...]:
        return record.redeal(record_)

    def deck_after_cut(self, options: Opts, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        """There is no cut (K4-7, B-6): the seeded shuffle of the 36 cards."""
        return shuffled(seed)

    # The move clock

    def clock_default(self, state: S, seat: int, chance: int) -> Command | None:
        """K4-21, B-22: the leader (a claimant too) leads his single card with the fewest
        points, a responder passes his `k` cards with the fewest; claims and declarations are
        never made for a player. A decision phase has its game's defaults (K4-10)."""
        if state.phase is Phase.DECISIONS and self._rules.decision_default is not None:
            return self._rules.decision_default(state, seat)
        if state.phase is not Phase.PLAY or state.deal is None:
            return None
        board, ranking = state.deal.board, state.deal.ranking
        if seat != to_play(board):
            return None
        hand = board.hands[seat]
        if not board.trick.led:
            return Lead(seat, (clock_order(hand, ranking)[0],))
        return Discard(seat, lowest_cards(hand, board.trick.size, ranking))

    # For the conformance suite

    def zones(self, state: S) -> Sequence[Zone]:
        if not self.deal_running(state):
            return ()
        if state.deal is None:  # shuffled, not yet dealt
            return [Zone("deck", shuffled(state.series.seed), NOBODY)]
        return zones(state.deal.board, self._rules.open_bottom)

    def revealed_to(self, state: S, seat: int) -> frozenset[Card]:
        return self._rules.revealed_to(state, seat)
