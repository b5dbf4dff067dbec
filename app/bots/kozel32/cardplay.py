"""The heuristic's card play: take what is worth taking with the cheapest card that wins,
give points to a partner who holds the trick, catch Q♣ with the шамок and never offer Q♣
to an unseen шамок, otherwise throw the least."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.domain.cards import Card, Rank
from app.domain.kozel32.deck import QUEEN_OF_CLUBS, SHAMOK, points, ranking
from app.domain.kozel32.views import Kozel32View
from app.domain.ranking import Ranking
from app.domain.view import View

WORTH_TAKING = 10
"""Card points on the table that are worth spending a good card for."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the seat knows of the trick now."""

    seat: int
    trumps: Ranking
    plays: tuple[tuple[int, Card], ...]
    seen: frozenset[Card]
    """Every card played in the кон so far, and the seat's own."""
    partners: frozenset[int]
    seats: int


def read_table(view: View[Kozel32View]) -> Table:
    game = view.game
    assert view.seat is not None
    trumps = ranking(game.trump_preset, game.trump_suit)
    trick = view.trick
    plays = tuple(
        (p.seat, p.cards[0]) for p in (trick.plays if trick is not None else ()) if p.cards
    )
    seen = {card for t in game.tricks for p in t.plays if p.cards for card in p.cards}
    seen |= {card for _, card in plays} | set(view.hand or ())
    seats = len(view.hand_sizes)
    if game.soloist is not None:
        defenders = {s for s in range(seats) if s != game.soloist}
        partners = defenders - {view.seat} if view.seat in defenders else set()
    else:
        partners = {(view.seat + 2) % 4}
    return Table(view.seat, trumps, plays, frozenset(seen), frozenset(partners), seats)


def choose_card(table: Table, legal: Sequence[Card]) -> Card:
    if not table.plays:
        return _lead(table, legal)
    return _follow(table, legal)


def _lead(table: Table, legal: Sequence[Card]) -> Card:
    safe = [c for c in legal if not _risks_queen(table, c)] or list(legal)
    aces = [c for c in safe if c.rank is Rank.ACE and not table.trumps.is_trump(c)]
    if aces:
        return aces[0]
    plain = [c for c in safe if not table.trumps.is_trump(c)]
    return _cheapest(table, plain or safe)


def _follow(table: Table, legal: Sequence[Card]) -> Card:
    trumps = table.trumps
    cards = [card for _, card in table.plays]
    winner_seat = table.plays[trumps.winner(cards)][0]
    queen_by = next((s for s, c in table.plays if c == QUEEN_OF_CLUBS), None)
    catch = queen_by is not None and queen_by not in table.partners
    if catch and SHAMOK in legal and trumps.is_trump(SHAMOK):
        return SHAMOK  # C32-26: the catch
    safe = [c for c in legal if not _risks_queen(table, c)] or list(legal)
    last = len(table.plays) == table.seats - 1
    if winner_seat in table.partners and (last or _holds(table, cards)):
        plain = [c for c in safe if not trumps.is_trump(c)]
        return max(plain, key=points) if plain else _cheapest(table, safe)
    winners = [c for c in safe if trumps.winner([*cards, c]) == len(cards)]
    value = sum(points(c) for c in cards)
    if winners and (
        last or value >= WORTH_TAKING or not trumps.is_trump(_cheapest(table, winners))
    ):
        return _cheapest(table, winners)
    return _cheapest(table, safe)


def _holds(table: Table, cards: list[Card]) -> bool:
    """The partner's card is likely to hold: a trump high among the unseen, or a plain ace."""
    best = cards[table.trumps.winner(cards)]
    if not table.trumps.is_trump(best):
        return best.rank is Rank.ACE
    higher = [c for c in table.trumps.classes[0] if table.trumps.beats(c, best)]
    return all(c in table.seen for c in higher)


def _risks_queen(table: Table, card: Card) -> bool:
    """Q♣ played while the шамок is unseen and an opponent may still play after us."""
    if card != QUEEN_OF_CLUBS or SHAMOK in table.seen or not table.trumps.is_trump(SHAMOK):
        return False
    to_come = table.seats - 1 - len(table.plays)
    after = {(table.seat + i) % table.seats for i in range(1, to_come + 1)}
    return bool(after - table.partners)


def _cheapest(table: Table, cards: Sequence[Card]) -> Card:
    """Fewest points, plain before trump, the weakest first."""
    trumps = table.trumps
    return min(cards, key=lambda c: (points(c), trumps.is_trump(c), trumps.power(c)))
