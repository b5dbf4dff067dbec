"""What a Sixty-six seat has seen of one deal, across its views: the strong bot's memory.

A seat sees a trick whole only when it is on lead just after it (S66-13: the last trick shows
until the next card is played): a trick it won always, a trick the other won after the
seat's lead never. So every card the seat knows was played but did not see taken lies in the
other's tricks, and the cards it never saw fill the rest of the other's tricks, its own
unseen tricks (`hard`, or a bot that did not watch the whole deal), the other hand and the
stock. Under strict play (S66-12) a follower who did not follow suit has none of it, nor a
trump if he did not trump a plain lead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.domain.cards import Card, Suit
from app.domain.sixty_six import Phase, SixtySixView
from app.domain.sixty_six.deck import points
from app.domain.view import TrickView, View


def tricks_won(view: View[SixtySixView]) -> tuple[int, int]:
    """The tricks each seat has won in the deal being played (none outside a deal)."""
    return view.game.tricks_won or (0, 0)


def _cards(trick: TrickView) -> tuple[Card, ...]:
    return tuple(card for play in trick.plays for card in play.cards or ())


def _strict(view: View[SixtySixView]) -> bool:
    return view.game.closing is not None or view.stock is None or view.stock.size == 0


@dataclass
class Tracker:
    """One seat's observations of one deal, across its views."""

    deal: tuple[int, str | None] = (-1, None)
    held: set[Card] = field(default_factory=set)
    """Every card seen in the seat's hand."""
    taken: dict[int, set[Card]] = field(default_factory=lambda: {0: set(), 1: set()})
    """The cards of the tricks seen whole, by winner."""
    other_leads: set[Card] = field(default_factory=set)
    bottom: Card | None = None
    """The card under the stock, last seen face up (or given in an exchange)."""
    strict_leads: dict[int, bool] = field(default_factory=dict)
    """For each trick the seat was to lead, by number: whether play was strict."""
    voids: set[Suit] = field(default_factory=set)
    score_at_closing: int | None = None
    """The seat's counted score when the other closed (his `oPts`)."""

    def observe(self, view: View[SixtySixView]) -> None:
        assert view.seat is not None
        key = (view.deal_no, view.commitment)
        if key != self.deal:
            self.__init__()  # type: ignore[misc]
            self.deal = key
        seat, game = view.seat, view.game
        self.held.update(view.hand or ())
        for trick in (view.last_trick, *(game.taken or ())):
            if trick is not None and trick.winner is not None:
                self.taken[trick.winner].update(_cards(trick))
        if view.trick is not None and view.trick.plays and view.trick.leader != seat:
            self.other_leads.update(_cards(view.trick))
        if view.stock is not None and view.stock.trump_card is not None:
            self.bottom = view.stock.trump_card
        elif game.exchanges and self.bottom is None:
            self.bottom = game.exchanges[-1].exchange_card
        done = sum(tricks_won(view))
        if view.phase is Phase.LEAD:
            self.strict_leads[done] = _strict(view)  # the last window view before the lead
        self._voids(view, done)
        closed_by_other = game.closing is not None and game.closing.closer != seat
        if closed_by_other and self.score_at_closing is None:
            self.score_at_closing = own_score(view, self)

    def _voids(self, view: View[SixtySixView], done: int) -> None:
        """S66-12: the other followed the seat's strict lead without the led suit."""
        last = view.last_trick
        if last is None or last.leader != view.seat or not self.strict_leads.get(done - 1):
            return
        led, followed = _cards(last)
        if followed.suit is not led.suit:
            self.voids.add(led.suit)
            if led.suit is not view.game.trump and followed.suit is not view.game.trump:
                assert view.game.trump is not None
                self.voids.add(view.game.trump)

    def own_tricks(self, view: View[SixtySixView]) -> set[Card]:
        assert view.seat is not None
        own = set(self.taken[view.seat])
        for trick in view.game.taken or ():
            own.update(_cards(trick))
        return own


def own_score(view: View[SixtySixView], tracker: Tracker) -> int:
    """The seat's counted score as far as its cards seen taken show it."""
    assert view.seat is not None
    if view.game.points is not None:
        return view.game.points[view.seat]
    score = points(tuple(tracker.own_tricks(view)))
    if tricks_won(view)[view.seat]:
        score += sum(m.points for m in view.game.marriages if m.seat == view.seat)
    return score
