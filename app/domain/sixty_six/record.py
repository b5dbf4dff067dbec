"""The record of a finished deal (`GET …/deals/{deal_no}`): the deck after the cut, the hands
as dealt, every trick face up, the outcome, and what only Sixty-six records."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.game import DealRecord
from app.domain.sixty_six.decide import deck_after_cut
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DealScored,
    DeckCut,
    DeckShuffled,
    MarriageDeclared,
    OutClaimed,
    PlayerResigned,
    StockClosed,
    TrickTaken,
    TrumpExchanged,
)
from app.domain.sixty_six.state import Closing, DealSummary, Exchange, Marriage
from app.domain.view import Play, TrickView


@dataclass(frozen=True, slots=True)
class Drawn:
    """S66-11: a card drawn after trick `after_trick` (1-based)."""

    seat: int
    card: Card
    after_trick: int


@dataclass(frozen=True, slots=True)
class DealExtras:
    """What only Sixty-six records of a deal."""

    trump_card: Card | None
    """The card turned up at the deal (S66-7, S66-8)."""
    draws: tuple[Drawn, ...]
    exchanges: tuple[Exchange, ...]
    marriages: tuple[Marriage, ...]
    closing: Closing | None
    """The closer, with `oPts` and `oTricks` (S66-19)."""
    claimer: int | None
    claim_automatic: bool
    resigned: int | None


def deal_record(events: Sequence[Event]) -> DealRecord:
    """The record of the deal whose events (from its `deck_shuffled` to its `deal_scored`)
    are `events`; events before its shuffle are skipped."""
    start = next(i for i, event in enumerate(events) if isinstance(event, DeckShuffled))
    shuffled = events[start]
    assert isinstance(shuffled, DeckShuffled)
    cut: int | None = None
    dealt: CardsDealt | None = None
    tricks: list[TrickView] = []
    table: list[Play] = []
    draws: list[Drawn] = []
    exchanges: list[Exchange] = []
    marriages: list[Marriage] = []
    closing: Closing | None = None
    claim: OutClaimed | None = None
    resigned: int | None = None
    scored: DealScored | None = None
    for event in events[start + 1 :]:
        match event:
            case DeckCut(position=position):
                cut = position
            case CardsDealt():
                dealt = event
            case CardDrawn(seat=seat, card=card):
                draws.append(Drawn(seat, card, len(tricks)))
            case TrumpExchanged(seat=seat, exchange_card=given, trump_card=taken):
                exchanges.append(Exchange(seat, given, taken))
            case MarriageDeclared(seat=seat, suit=suit, points=points):
                marriages.append(Marriage(seat, suit, points))
            case StockClosed(seat=seat, opponent_points=o_pts, opponent_tricks=o_tricks):
                closing = Closing(seat, o_pts, o_tricks, event.before_draw)
            case CardPlayed(seat=seat, card=card):
                table.append(Play.up(seat, card))
            case TrickTaken(winner=winner, points=points):
                tricks.append(TrickView(table[0].seat, tuple(table), winner, points))
                table = []
            case OutClaimed():
                claim = event
            case PlayerResigned(seat=seat):
                resigned = seat
            case DealScored():
                scored = event
                break
            case _:
                pass
    if scored is None:
        raise ValueError(f"deal {shuffled.deal_no} is not over")
    trump_card = None if dealt is None else dealt.trump_card
    outcome = DealSummary(
        deal_no=scored.deal_no,
        dealer=shuffled.dealer,
        trump=None if trump_card is None else trump_card.suit,
        winner=scored.winner,
        game_points=scored.game_points,
        reason=scored.reason,
        points=scored.points,
        tricks=scored.tricks,
        claimer=scored.claimer,
        closer=scored.closer,
    )
    extras = DealExtras(
        trump_card=trump_card,
        draws=tuple(draws),
        exchanges=tuple(exchanges),
        marriages=tuple(marriages),
        closing=closing,
        claimer=None if claim is None else claim.seat,
        claim_automatic=claim is not None and claim.automatic,
        resigned=resigned,
    )
    return DealRecord(
        deal_no=shuffled.deal_no,
        dealer=shuffled.dealer,
        seed=shuffled.seed,
        commitment=shuffled.commitment,
        cut=cut,
        deck=deck_after_cut(shuffled.deck, shuffled.seed, cut),
        hands=() if dealt is None else dealt.hands,
        tricks=tuple(tricks),
        outcome=outcome,
        points=_points(tricks, DECKS[shuffled.deck].size),
        game=extras,
    )


def _points(tricks: list[TrickView], size: int) -> tuple[int, int] | None:
    """Each seat's card points, when every card of the deck was taken in a trick."""
    if 2 * len(tricks) != size:
        return None
    taken = [0, 0]
    for trick in tricks:
        assert trick.winner is not None and trick.points is not None
        taken[trick.winner] += trick.points
    return (taken[0], taken[1])


def redeal(record: DealRecord) -> tuple[tuple[Card, ...], ...]:
    """The hands that dealing `record.deck` gives (S66-7, S66-8), seat by seat; none for a
    deal that ended before its cut (a resignation)."""
    if record.cut is None:
        return ()
    kind = next(kind for kind, deck in DECKS.items() if deck.size == len(record.deck))
    dealt = DECKS[kind].deal(record.deck)
    if record.dealer == 1:
        return (dealt.forehand, dealt.dealer)
    return (dealt.dealer, dealt.forehand)
