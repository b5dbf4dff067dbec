"""The one interface every game implements, and what the rest of the service knows of a game.

In OpenSpiel's words and ours (STYLE.md, "Many games, one seam"): who sits where
(`seating`: seats and sides), `start_game`, `decide` / `evolve` (a state is the fold of its
events), `to_act`, `legal_actions`, `is_chance_node` (the game waits for `ShuffleDeck`: the
shuffle seed as data), `is_terminal`, `scores` and `returns` per side, `view_for(seat)`, and
the deal boundaries (`deal_no`, `deal_running`, and `sealed_by`: what stays hidden after a
deal). A game is one object; `app.domain.registry` maps each variant name to its game.
Services, the store, the clock, the stream, the lobby and the metrics reach a game only
through this interface; a game's own adapters (its wire adapter in the API, its bots, its web
panel) are the only other code that names it.

A state is an opaque frozen value to everyone but its game. The table of the service keeps
it, snapshots it with `codec` (`state_type`, `state_schema`) and hands it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from app.domain.cards import Card
from app.domain.commands import Command, CommandSet
from app.domain.events import Event, EventRegistry
from app.domain.seats import Seating
from app.domain.view import TrickView, View

S = TypeVar("S")
Opts = TypeVar("Opts")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the catalogue says of a game (`GET /v1/games`)."""

    variant: str
    """Its name on the wire and in the log (`kozel24`, `sixty_six`, …); never changes."""
    title: Mapping[str, str]
    """`{"ru": …, "en": …}`"""
    seat_counts: tuple[int, ...]
    """The table sizes it can be played at; the first is the default."""
    rules: str
    """Its rules file in `shared/rules/` (`kozel.md`); its rule ids are `rule_prefix-n`."""
    rule_prefix: str
    options_type: type
    """Its options: a frozen dataclass read by `app.domain.options`."""
    end_reasons: tuple[str, ...]
    """Why a game of it ends: every code its `Result.reason` takes (`resigned` among them)."""
    titles: tuple[str, ...]
    """The titles of its rules file that a `Result` may give (`goats`, `dry`, …)."""


@dataclass(frozen=True, slots=True)
class Zone:
    """Where some cards lie now, and who may see them (for the conformance suite)."""

    name: str
    cards: tuple[Card, ...]
    seen_by: frozenset[int] | None
    """The seats that may see these cards; None: face up to everyone."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A finished deal, whole: enough to re-check the shuffle and replay it
    (`GET …/deals/{deal_no}`)."""

    deal_no: int
    dealer: int
    seed: bytes
    commitment: str
    cut: int | None
    """The cut position, where the game has a cut."""
    deck: tuple[Card, ...]
    """The whole card order after the cut, top first, that the deal was dealt from (the
    stock and the trump card included)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards as dealt."""
    tricks: tuple[TrickView, ...]
    """Every trick of the deal in order, every play face up."""
    outcome: object | None
    """What the deal scored (the game's deal summary)."""
    points: tuple[int, ...] | None
    """The card points each side took, when every card of the deck went to a side (the whole
    deck's points, 120 in every game here); None for a deal that ended early."""
    game: object | None = None
    """What only this game records (exchanges, the shown card's position, boasts, redeals)."""


@dataclass(frozen=True, slots=True)
class Sealed:
    """Why part of a finished deal stays hidden until the game is over: the deal's rules keep
    it from some viewers after the deal too (B-14: a deal ended early shows only its piles and
    its bura hands). Until the game's end the deal's events show each viewer what they showed
    it while the deal ran, and its record is withheld; its commitment stays public, so the
    shuffle can be checked once the seed is shown."""

    rule: str
    """The rule that keeps it hidden (`B-14`)."""
    hidden: str
    """What stays hidden, in the rules' words."""


class Game(Protocol[S, Opts]):
    """A card game, as the service plays it. `S` is its state, `Opts` its options."""

    @property
    def info(self) -> GameInfo: ...

    @property
    def events(self) -> EventRegistry:
        """Its event types (lobby and table messages are the service's own)."""

    @property
    def commands(self) -> CommandSet:
        """Its seat commands posted to `…/moves`, by wire type."""

    @property
    def state_type(self) -> type[S]: ...

    @property
    def state_schema(self) -> int:
        """The version of the state's shape; a snapshot of another version is replayed."""

    # The table

    def parse_options(self, raw: Mapping[str, Any], seats: int) -> Opts:
        """Its options from the wire (`InvalidOption` for an unknown name, a bad value, or a
        seat count the game is not played at)."""

    def encode_options(self, options: Opts) -> dict[str, Any]: ...

    def seating(self, seats: int, options: Opts) -> Seating:
        """Seats and sides at a table of `seats` players."""

    def start_game(self, options: Opts, seats: int, first_dealer: int) -> list[Event]:
        """The first events of a game, once every seat is filled."""

    # Decide and evolve

    def evolve(self, state: S | None, event: Event) -> S:
        """The state after `event` (None before the first event); never validates."""

    def decide(self, state: S, command: Command) -> list[Event]:
        """The events `command` causes, or a `DomainError` saying why it is refused. Every
        consequence that needs nobody's choice (a deal, a draw, the end of a deal) is among
        them. A table message is not the game's (`messages_allowed`)."""

    def is_chance_node(self, state: S) -> bool:
        """The game waits for chance: a `ShuffleDeck` with a fresh secret seed."""

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats that must act now (none at a chance node or at the end)."""

    def legal_actions(self, state: S, seat: int) -> tuple[Command, ...]:
        """Exactly the commands `seat` may give now (`decide` accepts these, refuses others);
        table messages and resignation are not listed."""

    def is_terminal(self, state: S) -> bool: ...

    def messages_allowed(self, state: S) -> bool:
        """Whether a table message may be posted now (K-16, C32-32)."""

    # Deals and scores

    def deal_no(self, state: S) -> int:
        """The current (or last) deal, 0 before the first."""

    def deal_running(self, state: S) -> bool:
        """A deal is being played: its seed and hidden cards must stay hidden. When this turns
        false the deal `deal_no` is over and its events are shown whole, unless the deal is
        sealed (`sealed_by`)."""

    def sealed_by(self, event: Event) -> Sealed | None:
        """The rule by which `event` keeps part of its deal hidden after the deal is over,
        until the game is over (a bura or a declaration ending a deal early, B-14), or None.
        One such event in a deal seals it."""

    def scores(self, state: S) -> tuple[int, ...]:
        """Per side, in the game's own unit."""

    def returns(self, state: S) -> tuple[float, ...]:
        """Per side, the game's outcome so far: at the end +1 for a winner, -1 for a loser,
        0 for neither; before the end all 0."""

    def deal_outcome(self, state: S) -> tuple[float, ...] | None:
        """Per side, what the last finished deal was worth in the game's unit, positive for a
        gain (None before the first deal ends): the arena's measure of duplicate deals."""

    # What seats see

    def view_for(self, state: S, seat: int | None) -> View[Any]:
        """Everything `seat` may know now; None gives the public (spectator) view."""

    def hands(self, state: S) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand now, face up, each in the order `view_for` gives its own seat;
        empty between deals and after the game. Only a finished game's replay shows it: it
        is every hidden card there is."""

    def deal_record(self, events: Sequence[Event]) -> DealRecord:
        """The record of a finished deal from its events, whole."""

    def redeal(self, record: DealRecord) -> tuple[tuple[Card, ...], ...]:
        """The hands that dealing `record.deck` gives (for anyone re-checking a deal)."""

    def deck_after_cut(self, options: Opts, seed: bytes, cut: int | None) -> tuple[Card, ...]:
        """The card order a deal is dealt from: the seeded shuffle, then the cut."""

    # The move clock

    def clock_default(self, state: S, seat: int, chance: int) -> Command | None:
        """What the rules play for `seat` when its move clock runs out; `chance` is a random
        non-negative int for a random choice (a random cut). None: the game leaves the choice
        to its heuristic bot (a card to play)."""

    # For the conformance suite

    def zones(self, state: S) -> Sequence[Zone]:
        """Every card of the deck, each in exactly one zone, while a deal is running."""

    def revealed_to(self, state: S, seat: int) -> frozenset[Card]:
        """Cards in zones hidden from `seat` that the rules let it know of (a card it gave in
        an exchange, a shown combination, a trump card in a hand)."""
