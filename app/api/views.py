"""Domain values to JSON shapes and requests to domain commands, in one place."""

from __future__ import annotations

from typing import Any, Literal

from app.api import schemas as s
from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.kozel24.views import TrickView
from app.services.table_log import Table
from app.services.tables import TableSummary

PHASES: dict[k.Phase, Literal["cut", "decisions", "play", "game_over"] | None] = {
    k.Phase.SHUFFLE: None,
    k.Phase.CUT: "cut",
    k.Phase.DECISIONS: "decisions",
    k.Phase.PLAY: "play",
    k.Phase.GAME_OVER: "game_over",
}


def legal_action(command: k.SeatCommand) -> dict[str, Any]:
    """The request that performs `command`: its endpoint and body (schema `LegalAction`)."""
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
        case _:
            raise AssertionError(f"not a turn action: {command}")


def move_command(body: s.CutIn | s.PlayIn | s.ClaimIn | s.PlayOnIn, seat: int) -> k.Command:
    match body:
        case s.CutIn(position=position):
            return k.CutDeck(seat, position)
        case s.PlayIn(card=card):
            return k.PlayCard(seat, Card.parse(card))
        case s.ClaimIn():
            return k.ClaimNoQueens(seat)
        case s.PlayOnIn():
            return k.PlayOn(seat)
    raise AssertionError(body)


def exchange_command(body: s.DecisionIn | s.GiveIn, seat: int) -> k.Command:
    if isinstance(body, s.GiveIn):
        return k.GiveCard(seat, Card.parse(body.give))
    return k.DecideExchange(seat, body.decision == "exchange")


def view_out(table: Table, seat: int | None) -> dict[str, Any]:
    """The caller's View (schema `ViewOut`) as plain JSON values: it is the hottest response,
    so it is built directly rather than through model validation (a test checks it against
    the schema)."""
    game = table.game
    if game is None:
        return _waiting_view(table, seat)
    view = k.view_for(game, seat)
    last_deal = view.last_deal
    result = view.result
    return {
        "table_id": table.id,
        "version": table.version,
        "status": table.status,
        "deal_no": view.deal_no,
        "phase": PHASES[view.phase],
        "dealer": view.dealer,
        "cutter": view.cutter,
        "first_leader": view.first_leader,
        "to_act": list(view.to_act),
        "my_seat": seat,
        "my_hand": None if view.hand is None else [str(c) for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "trick": _trick(view.trick),
        "last_trick": _trick(view.last_trick),
        "tricks": [_trick(t) for t in view.tricks],
        "tricks_taken": list(view.tricks_taken),
        "points": list(view.points),
        "written": list(view.written),
        "eggs_multiplier": view.eggs_multiplier,
        "eggs_played": view.eggs_played,
        "exchanges": [
            {
                "from_seat": e.from_seat,
                "to_seat": e.to_seat,
                "trump": None if e.trump is None else str(e.trump),
                "given": None if e.given is None else str(e.given),
            }
            for e in view.exchanges
        ],
        "messages": [
            {"seat": m.seat, "text": m.text, "at": m.at.isoformat()} for m in table.messages
        ],
        "messages_allowed": view.messages_allowed,
        "commitment": view.commitment,
        "legal_actions": [legal_action(a) for a in view.legal_actions],
        "move_clock_s": _clock(table),
        # Only the seats this viewer may know are to act (K-9/K-10 options are private).
        "deadlines": [
            {"seat": seat, "at": due.isoformat()}
            for seat, due in sorted(table.deadlines().items())
            if seat in view.to_act
        ],
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
        },
        "result": None
        if result is None
        else {
            "loser": result.loser,
            "written": list(result.written),
            "titles": list(result.titles),
            "reason": result.reason,
        },
    }


def _waiting_view(table: Table, seat: int | None) -> dict[str, Any]:
    return {
        "table_id": table.id,
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
        "hand_sizes": [0, 0, 0, 0],
        "trick": None,
        "last_trick": None,
        "tricks": [],
        "tricks_taken": [0, 0],
        "points": [0, 0],
        "written": [0, 0],
        "eggs_multiplier": 1,
        "eggs_played": False,
        "exchanges": [],
        "messages": [],
        "messages_allowed": False,
        "commitment": None,
        "legal_actions": [],
        "move_clock_s": _clock(table),
        "deadlines": [],
        "last_deal": None,
        "result": None,
    }


def _clock(table: Table) -> int | None:
    return table.lobby.created.move_clock_s if table.lobby is not None else None


def _trick(trick: TrickView | None) -> dict[str, Any] | None:
    if trick is None:
        return None
    return {
        "leader": trick.leader,
        "cards": [{"seat": p.seat, "card": str(p.card)} for p in trick.plays],
        "winner": trick.winner,
        "points": trick.points,
    }


def table_out(summary: TableSummary) -> s.TableOut:
    return s.TableOut(
        id=summary.id,
        variant=summary.variant,
        status=summary.status,  # type: ignore[arg-type]
        options=summary.options,
        seats=[
            s.SeatOut(
                seat=row.seat,
                player=None
                if row.player is None
                else s.PlayerOut(id=row.player.id, name=row.player.name),
                bot=row.bot,
            )
            for row in summary.seats
        ],
        written=list(summary.written),
        deal_no=summary.deal_no,
        version=summary.version,
        created_at=summary.created_at,
    )


def deal_record(events: list[Any]) -> s.DealRecordOut:
    """A finished deal from its whole events: hands, cut, seed, exchanges, tricks, outcome."""
    by_type: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        by_type.setdefault(event.type, []).append(event.payload)
    shuffled = by_type["deck_shuffled"][0]
    cut = by_type.get("deck_cut", [{}])[0]
    hands = by_type.get("hands_dealt", [{"hands": [[], [], [], []]}])[0]["hands"]
    tricks: list[s.TrickRecord] = []
    plays: list[s.PlayOut] = []
    for event in events:
        if event.type == "card_played":
            plays.append(s.PlayOut(seat=event.payload["seat"], card=event.payload["card"]))
        elif event.type == "trick_taken":
            tricks.append(
                s.TrickRecord(
                    leader=plays[0].seat,
                    cards=plays,
                    winner=event.payload["winner"],
                    points=event.payload["points"],
                )
            )
            plays = []
    outcome = by_type.get("deal_scored", [None])[0]
    return s.DealRecordOut(
        deal_no=shuffled["deal_no"],
        dealer=shuffled["dealer"],
        cutter=(shuffled["dealer"] - 1) % 4,
        cut_position=cut.get("position"),
        seed=shuffled["seed"],
        commitment=shuffled["commitment"],
        hands=hands,
        exchanges=[s.ExchangeRecord(**e) for e in by_type.get("cards_exchanged", [])],
        tricks=tricks,
        outcome=outcome,
    )
