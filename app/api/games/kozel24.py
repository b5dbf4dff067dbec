"""The 24-card Kozel on the wire: its move bodies (`…/moves`) and lone-trump answers
(`…/exchange`, K-9), its view and its deal record, in the shapes its clients have read since
the first release (`openapi/openapi.json` keeps them; a test holds them against the document:
additions only). The envelope fields every game's view has (`variant`, `scores`, a trick's
`plays`) are added to them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi.exceptions import RequestValidationError
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from app.api.games.adapter import (
    body_errors,
    deadlines_out,
    messages_out,
    move_clock,
    play_out,
)
from app.api.schemas.common import (
    Acting,
    DeadlineOut,
    MessageOut,
    WholeNumber,
)
from app.api.schemas.envelope import PlayEnvelope, RefusalOut, RematchView, TargetOut
from app.db.store import TableSummary
from app.domain import codec
from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.game import DealRecord
from app.domain.kozel24 import deck
from app.domain.kozel24.record import ExchangeRecord as DomainExchangeRecord
from app.domain.kozel24.state import DealSummary
from app.domain.view import TrickView
from app.services.table_log import Table


def _card_code(code: str) -> str:
    """K-2: a card of the 24-card deck by its wire code; any other string is `invalid_card`
    (a validation error whose type is a problem code: see `problems.install`)."""
    if code not in deck.INDEX_BY_CODE:
        raise PydanticCustomError(
            "invalid_card",
            "{code} is not a card of the 24-card deck: rank A 10 K Q J 6, then suit C S H D, "
            "e.g. AS, 10H (K-2)",
            {"code": repr(code)},
        )
    return code


CardCode = Annotated[
    str,
    AfterValidator(_card_code),
    Field(
        examples=["AS", "10H"],
        description="A card of the 24-card deck (K-2); any other string is 422 `invalid_card`",
        json_schema_extra={"pattern": r"^(A|K|Q|J|10|6)[CSHD]$"},
    ),
]


class CutIn(Acting):
    type: Literal["cut"]
    position: Annotated[int, Field(ge=1, le=23), WholeNumber]


class PlayIn(Acting):
    type: Literal["play"]
    card: CardCode


class ClaimIn(Acting):
    type: Literal["claim_no_queens"]


class PlayOnIn(Acting):
    type: Literal["play_on"]


MoveIn = Annotated[CutIn | PlayIn | ClaimIn | PlayOnIn, Field(discriminator="type")]


class DecisionIn(Acting):
    """K-9: the holder of a lone trump exchanges it or keeps it."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"decision": "exchange"}]}
    )
    decision: Literal["exchange", "keep"]


class GiveIn(Acting):
    """K-9: the partner's card in return."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"give": "10H"}]})
    give: CardCode


ExchangeIn = DecisionIn | GiveIn


class PlayOut(BaseModel):
    seat: int
    card: str


class TrickOut(BaseModel):
    leader: int
    cards: list[PlayOut]
    plays: list[PlayEnvelope] = Field(
        description="The same plays in the envelope's shape, as every game's trick has them"
    )
    winner: int | None = None
    points: int | None = None


class ExchangeOut(BaseModel):
    from_seat: int
    to_seat: int
    trump: str | None = Field(default=None, description="Only for the two partners")
    given: str | None = Field(default=None, description="Only for the two partners")


class LegalMove(BaseModel):
    """`POST …/moves` with this body is accepted now."""

    endpoint: Literal["moves"]
    body: MoveIn


class LegalExchange(BaseModel):
    """`POST …/exchange` with this body is accepted now (K-9)."""

    endpoint: Literal["exchange"]
    body: ExchangeIn


LegalAction = Annotated[LegalMove | LegalExchange, Field(discriminator="endpoint")]
"""A request the caller may make now: the endpoint and the very body to post."""


class LastDealOut(BaseModel):
    deal_no: int
    points: list[int]
    written_on: int | None
    amount: int
    reason: str
    wiped: int | None
    queen_caught_by: int | None
    claimed_by: int | None = Field(
        description="The seat that claimed no queens (K-10), if that is how the deal ended"
    )
    under_30: bool = Field(
        description="K-14: the deal's points wrote on a team that took fewer than 30 of them "
        "(4 written, not 2)"
    )
    points_counted: bool = Field(
        description="Whether the card points decided the deal: not where the queen was caught "
        "(K-13) or the deal was void for no queens (K-10)"
    )


class ResultOut(BaseModel):
    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "loser": 1,
                    "written": [0, 12],
                    "titles": ["goats", "dry"],
                    "reason": "written",
                    "winner": 0,
                    "scores": [0, 12],
                    "places": [1, 2],
                }
            ]
        }
    )
    loser: int
    written: list[int]
    titles: list[str]
    reason: Literal["written", "resigned"]
    winner: int = Field(description="The other team: it has won")
    scores: list[int] = Field(description="The written totals (= written)")
    places: list[int] = Field(description="Per team, its final place: the winner 1, the loser 2")


LAST_TRICK: dict[str, Any] = {
    "leader": 2,
    "cards": [
        {"seat": 2, "card": "AC"},
        {"seat": 3, "card": "6C"},
        {"seat": 0, "card": "10C"},
        {"seat": 1, "card": "JD"},
    ],
    "winner": 1,
    "points": 23,
}
"""The example's one finished trick: the last trick, and the deal's tricks so far."""

VIEW_EXAMPLE: dict[str, Any] = {
    # Seat 3 in deal 3: seat 1 took the first trick with a jack, led the king of hearts,
    # and seat 3 must follow suit.
    "table_id": "5f0e…",
    "version": 57,
    "status": "playing",
    "deal_no": 3,
    "phase": "play",
    "dealer": 1,
    "cutter": 0,
    "first_leader": 2,
    "to_act": [3],
    "my_seat": 3,
    "my_hand": ["QC", "AS", "6S", "10H", "KD"],
    "hand_sizes": [5, 4, 4, 5],
    "trick": {
        "leader": 1,
        "cards": [{"seat": 1, "card": "KH"}, {"seat": 2, "card": "6H"}],
        "winner": None,
        "points": None,
    },
    "last_trick": LAST_TRICK,
    "tricks": [LAST_TRICK],
    "tricks_taken": [0, 1],
    "points": [0, 23],
    "written": [4, 2],
    "eggs_multiplier": 1,
    "eggs_played": False,
    "exchanges": [{"from_seat": 0, "to_seat": 2, "trump": None, "given": None}],
    "messages": [{"seat": 1, "text": "прицеп", "at": "2026-11-30T10:01:00Z"}],
    "messages_allowed": True,
    "commitment": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "legal_actions": [{"endpoint": "moves", "body": {"type": "play", "card": "10H"}}],
    "move_clock_s": 30,
    "deadlines": [{"seat": 3, "at": "2026-11-30T10:01:30Z"}],
    "last_deal": {
        "deal_no": 2,
        "points": [70, 50],
        "written_on": 1,
        "amount": 2,
        "reason": "points",
        "wiped": None,
        "queen_caught_by": None,
        "claimed_by": None,
        "under_30": False,
        "points_counted": True,
    },
    "result": None,
    "target": {"score": 12, "toward": [4, 2], "rules": ["K-17"]},
    "cautions": [],
}


def _with_plays(trick: dict[str, Any]) -> dict[str, Any]:
    plays = [
        {"seat": c["seat"], "cards": [c["card"]], "count": 1, "face": "up"} for c in trick["cards"]
    ]
    return {**trick, "plays": plays}


_FOLLOW_HEARTS_RU = "зашли с К♥, а у вас есть черви: ходите в масть ♥"  # noqa: RUF001
"""K-11 in Russian, as the example's refusals say it."""

VIEW_EXAMPLE.update(
    variant="kozel24",
    trumps=["6C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC"],
    refused=[
        {
            "card": card,
            "reason": {
                "code": "follow_suit",
                "rules": ["K-11"],
                "en": f"you may not play {shown} now: K♥ was led and you hold hearts, so you "
                "play one of them",
                "ru": f"сейчас нельзя ходить {shown_ru}: {_FOLLOW_HEARTS_RU}",
            },
        }
        for card, shown, shown_ru in [
            ("QC", "Q♣", "Д♣"),
            ("AS", "A♠", "Т♠"),  # noqa: RUF001
            ("6S", "6♠", "6♠"),
            ("KD", "K♦", "К♦"),  # noqa: RUF001
        ]
    ],
    pick=None,
    scores=VIEW_EXAMPLE["written"],
    stock=None,
    trick=_with_plays(VIEW_EXAMPLE["trick"]),
    last_trick=_with_plays(VIEW_EXAMPLE["last_trick"]),
    tricks=[_with_plays(t) for t in VIEW_EXAMPLE["tricks"]],
)


class ViewOut(BaseModel):
    """A seat's view of a kozel24 table."""

    model_config = ConfigDict(json_schema_extra={"examples": [VIEW_EXAMPLE]})
    table_id: str
    variant: Literal["kozel24"]
    version: int
    status: Literal["waiting", "playing", "finished"]
    deal_no: int
    phase: Literal["cut", "decisions", "play", "game_over"] | None
    dealer: int | None
    cutter: int | None
    first_leader: int | None
    to_act: list[int]
    my_seat: int | None
    my_hand: list[str] | None = Field(
        description="The caller's hand in K-3's order: the trumps from 6♣ down, then ♠ ♥ ♦"
    )
    trumps: list[str] = Field(
        description="The twelve permanent trumps, 6♣ first (K-3), while a deal is played"
    )
    hand_sizes: list[int]
    trick: TrickOut | None
    last_trick: TrickOut | None
    tricks: list[TrickOut] = Field(description="Every trick taken in this deal, in order")
    tricks_taken: list[int]
    points: list[int]
    written: list[int]
    eggs_multiplier: int
    eggs_played: bool
    exchanges: list[ExchangeOut]
    messages: list[MessageOut]
    messages_allowed: bool
    commitment: str | None
    legal_actions: list[LegalAction]
    move_clock_s: int | None = Field(description="The table's move clock, if it has one")
    deadlines: list[DeadlineOut] = Field(
        description="When each seat that must act runs out of time (move clock only); then "
        "the server plays for it"
    )
    last_deal: LastDealOut | None
    result: ResultOut | None
    scores: list[int] = Field(description="The written totals per team (= written)")
    stock: None = Field(description="Kozel has no stock")
    refused: list[RefusalOut] = Field(
        description="While the caller must play (or give, K-9): each card of its hand that "
        "no legal action holds, with why (K-7, K-9, K-11)"
    )
    pick: None = Field(description="Every move of Kozel takes one card")
    cautions: list[None] = Field(description="No move of Kozel ends the deal at once")
    target: TargetOut | None = Field(
        description="K-17: 12 written ends the game; each team's written towards it (null "
        "while the table waits)"
    )
    rematch: RematchView | None = Field(
        default=None,
        description="Once the game is over: the seats whose players asked for a rematch, and "
        "the new table once everyone seated has (`POST …/rematch`)",
    )


class TrickRecord(BaseModel):
    leader: int
    cards: list[PlayOut]
    winner: int
    points: int


class ExchangeRecord(BaseModel):
    from_seat: int
    to_seat: int
    trump: str
    given: str


class DealRecordOut(BaseModel):
    variant: Literal["kozel24"]
    deal_no: int
    dealer: int
    cutter: int
    cut_position: int | None
    seed: str = Field(description="Hex of the shuffle seed (docs/rules/kozel24.md, K-5)")
    commitment: str = Field(description="SHA-256 hex of the seed, published when the deal began")
    hands: list[list[str]] = Field(description="Each seat's six dealt cards")
    exchanges: list[ExchangeRecord]
    tricks: list[TrickRecord]
    outcome: dict[str, Any] | None
    cut: int | None = Field(description="= cut_position")
    deck: list[str] = Field(
        description="The whole card order after the cut, top first, that the deal was dealt "
        "from (K-5, K-6)"
    )
    points: list[int] | None = Field(description="Card points per team of a deal played out")


PHASES: dict[k.Phase, Literal["cut", "decisions", "play", "game_over"] | None] = {
    k.Phase.SHUFFLE: None,
    k.Phase.CUT: "cut",
    k.Phase.DECISIONS: "decisions",
    k.Phase.PLAY: "play",
    k.Phase.GAME_OVER: "game_over",
}


class Kozel24Adapter:
    """The wire of the 24-card Kozel (see the module's docstring)."""

    variant = k.VARIANT
    game = k.GAME
    moves: Any = MoveIn
    legal_model = LegalMove
    view_model = ViewOut
    record_model = DealRecordOut

    view_example = VIEW_EXAMPLE

    def table_fields(self, summary: TableSummary) -> dict[str, Any]:
        """A kozel24 table keeps `written`, the two teams' totals (= its scores)."""
        return {"written": list(summary.scores)}

    def command(self, body: BaseModel, seat: int) -> Command:
        match body:
            case CutIn(position=position):
                return k.CutDeck(seat, position)
            case PlayIn(card=card):
                return k.PlayCard(seat, Card.parse(card))
            case ClaimIn():
                return k.ClaimNoQueens(seat)
            case PlayOnIn():
                return k.PlayOn(seat)
        # Read as another game's body (every game's bodies share the route): as Kozel's.

        try:
            own = _MOVES.validate_python(body.model_dump(exclude={"expected_version", "move_id"}))
        except ValidationError as error:
            raise RequestValidationError(body_errors(error)) from None
        return self.command(own, seat)

    def legal_action(self, command: Command) -> dict[str, Any]:
        """The request that performs `command`: its endpoint and body."""
        match command:
            case k.CutDeck(position=position):
                return {"endpoint": "moves", "body": {"type": "cut", "position": position}}
            case k.PlayCard(card=card):
                return {"endpoint": "moves", "body": {"type": "play", "card": str(card)}}
            case k.ClaimNoQueens():
                return {"endpoint": "moves", "body": {"type": "claim_no_queens"}}
            case k.PlayOn():
                return {"endpoint": "moves", "body": {"type": "play_on"}}
            case k.DecideExchange(exchange=exchange):
                decision = "exchange" if exchange else "keep"
                return {"endpoint": "exchange", "body": {"decision": decision}}
            case k.GiveCard(card=card):
                return {"endpoint": "exchange", "body": {"give": str(card)}}
        raise AssertionError(f"not a turn action: {command}")

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        """The caller's View (schema `ViewOut`) as plain JSON values: it is the hottest
        response, so it is built directly rather than through model validation (a test
        checks it against the schema)."""
        state = table.state
        if state is None:
            return _waiting_view(table, seat)
        view = k.view_for(state, seat)
        part = view.game
        last_deal = view.last_deal
        assert last_deal is None or isinstance(last_deal, DealSummary)
        result = view.result
        written = list(part.written)
        return {
            "table_id": table.id,
            "variant": k.VARIANT,
            "version": table.version,
            "status": table.status,
            "deal_no": view.deal_no,
            "phase": PHASES[state.phase],
            "dealer": view.dealer,
            "cutter": part.cutter,
            "first_leader": part.first_leader,
            "to_act": list(view.to_act),
            "my_seat": seat,
            "my_hand": None if view.hand is None else [str(c) for c in view.hand],
            "trumps": [str(c) for c in view.trumps],
            "hand_sizes": list(view.hand_sizes),
            "trick": _trick(view.trick),
            "last_trick": _trick(view.last_trick),
            "tricks": [_trick(t) for t in part.tricks],
            "tricks_taken": list(part.tricks_taken),
            "points": list(part.points),
            "written": written,
            "scores": written,
            "eggs_multiplier": part.eggs_multiplier,
            "eggs_played": part.eggs_played,
            "exchanges": [
                {
                    "from_seat": e.from_seat,
                    "to_seat": e.to_seat,
                    "trump": None if e.trump is None else str(e.trump),
                    "given": None if e.given is None else str(e.given),
                }
                for e in part.exchanges
            ],
            "messages": messages_out(table),
            "messages_allowed": view.messages_allowed,
            "commitment": view.commitment,
            "legal_actions": [self.legal_action(a) for a in view.legal_actions],
            "move_clock_s": move_clock(table),
            # Only the seats this viewer may know are to act (K-9/K-10 options are private).
            "deadlines": deadlines_out(table, view.to_act),
            "stock": None,
            "refused": codec.encode(view.refused),
            "pick": None,
            "last_deal": None
            if last_deal is None
            else {
                "deal_no": last_deal.deal_no,
                "points": list(last_deal.points),
                "written_on": last_deal.written_on,
                "amount": last_deal.amount,
                "reason": last_deal.reason,
                "wiped": last_deal.wiped,
                "queen_caught_by": last_deal.queen_caught_by,
                "claimed_by": last_deal.claimed_by,
                "under_30": last_deal.under_30,
                "points_counted": last_deal.points_counted,
            },
            "result": None
            if result is None
            else {
                "loser": result.loser,
                "written": list(result.scores),
                "titles": list(result.titles),
                "reason": result.reason,
                "winner": result.winner,
                "scores": list(result.scores),
                "places": list(result.places),
            },
            "target": codec.encode(view.target),
            "cautions": [],
        }

    def deal_record(self, record: DealRecord) -> dict[str, Any]:
        """A finished deal: the hands, the cut, the seed, the exchanges, every trick, what it
        wrote, and the deck after the cut."""
        exchanges = record.game if isinstance(record.game, tuple) else ()
        return {
            "variant": k.VARIANT,
            "deal_no": record.deal_no,
            "dealer": record.dealer,
            "cutter": (record.dealer - 1) % 4,
            "cut_position": record.cut,
            "cut": record.cut,
            "seed": record.seed.hex(),
            "commitment": record.commitment,
            "hands": [[str(c) for c in hand] for hand in record.hands],
            "exchanges": [
                {
                    "from_seat": e.from_seat,
                    "to_seat": e.to_seat,
                    "trump": str(e.trump),
                    "given": str(e.given),
                }
                for e in exchanges
                if isinstance(e, DomainExchangeRecord)
            ],
            "tricks": [
                {
                    "leader": t.leader,
                    "cards": [
                        {"seat": p.seat, "card": str(c)} for p in t.plays for c in p.cards or ()
                    ],
                    "winner": t.winner,
                    "points": t.points,
                }
                for t in record.tricks
            ],
            "outcome": None if record.outcome is None else record.outcome.payload(),  # type: ignore[attr-defined]
            "deck": [str(c) for c in record.deck],
            "points": None if record.points is None else list(record.points),
        }

    def model_named(self, name: str) -> type[BaseModel] | None:
        found = globals().get(name)
        return found if isinstance(found, type) and issubclass(found, BaseModel) else None


def exchange_command(body: DecisionIn | GiveIn, seat: int) -> Command:
    if isinstance(body, GiveIn):
        return k.GiveCard(seat, Card.parse(body.give))
    return k.DecideExchange(seat, body.decision == "exchange")


def _trick(trick: TrickView | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {
        "leader": trick.leader,
        "cards": [
            {"seat": p.seat, "card": str(card)} for p in trick.plays for card in p.cards or ()
        ],
        "plays": [play_out(p) for p in trick.plays],
        "winner": trick.winner,
        "points": trick.points,
    }


def _waiting_view(table: Table, seat: int | None) -> dict[str, Any]:
    return {
        "table_id": table.id,
        "variant": k.VARIANT,
        "version": table.version,
        "status": "waiting",
        "deal_no": 0,
        "phase": None,
        "dealer": None,
        "cutter": None,
        "first_leader": None,
        "to_act": [],
        "my_seat": seat,
        "my_hand": None if seat is None else [],
        "trumps": [],
        "hand_sizes": [0, 0, 0, 0],
        "trick": None,
        "last_trick": None,
        "tricks": [],
        "tricks_taken": [0, 0],
        "points": [0, 0],
        "written": [0, 0],
        "scores": [0, 0],
        "eggs_multiplier": 1,
        "eggs_played": False,
        "exchanges": [],
        "messages": [],
        "messages_allowed": False,
        "commitment": None,
        "legal_actions": [],
        "move_clock_s": move_clock(table),
        "deadlines": [],
        "stock": None,
        "refused": [],
        "pick": None,
        "last_deal": None,
        "result": None,
        "target": None,
        "cautions": [],
    }


_MOVES: TypeAdapter[Any] = TypeAdapter(MoveIn)
ADAPTER = Kozel24Adapter()
