"""The sets of cards a trick of several cards allows: leads, beats and discards (K4-11,
K4-12, B-9, B-10), each listed once, its cards in the canonical order (`deck.canonical`).

A lead is `k` cards of one class (a suit, or the ladder's trumps under K4-4), or with
`rank_leads` two or more cards of one rank. A response is exactly `k` cards: a **beat** when
the cards can be paired one-to-one with the top set so that each beats (`Ranking.beats`) its
partner, else only a **discard**. The client names the set; the engine searches the pairing
(at most 4! = 24 orderings).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, permutations

from app.domain.cards import Card
from app.domain.multitrick.deck import canonical, card_points
from app.domain.ranking import SUIT_ORDER, Ranking

CardSet = tuple[Card, ...]


def one_class(cards: Sequence[Card], ranking: Ranking) -> bool:
    return len({ranking.class_of(card) for card in cards}) == 1


def lead_sets(hand: Sequence[Card], ranking: Ranking, rank_leads: bool) -> tuple[CardSet, ...]:
    """Every legal lead from `hand`: each set of one class, and with `rank_leads` each set of
    two or more of one rank; smallest first, each once."""
    groups: dict[object, list[Card]] = {}
    for card in canonical(hand):
        groups.setdefault(ranking.class_of(card), []).append(card)
    leads = {cards for group in groups.values() for cards in _subsets(group, 1)}
    if rank_leads:
        by_rank: dict[object, list[Card]] = {}
        for card in canonical(hand):
            by_rank.setdefault(card.rank, []).append(card)
        leads.update(cards for group in by_rank.values() for cards in _subsets(group, 2))
    order = {card: i for i, card in enumerate(canonical(hand))}
    return tuple(sorted(leads, key=lambda cards: (len(cards), [order[c] for c in cards])))


def _subsets(cards: list[Card], smallest: int) -> list[CardSet]:
    return [s for size in range(smallest, len(cards) + 1) for s in combinations(cards, size)]


def beats_set(response: Sequence[Card], top: Sequence[Card], ranking: Ranking) -> bool:
    """Whether `response` beats `top` card by card under some one-to-one pairing."""
    return next(_pairings(response, top, ranking), None) is not None


def pairing(
    response: Sequence[Card], top: Sequence[Card], ranking: Ranking
) -> tuple[tuple[Card, Card], ...] | None:
    """One pairing under which `response` beats `top`: (the response card, the top card it
    beats) in the top set's order, or None if there is none. Where several pairings beat,
    the one that uses the fewest trumps on non-trumps is given (a same-suit card covers its
    own suit where it can), so the page shows the cover a player would make."""
    return min(
        _pairings(response, top, ranking),
        key=lambda pairs: sum(
            ranking.is_trump(mine) and not ranking.is_trump(theirs) for mine, theirs in pairs
        ),
        default=None,
    )


def _pairings(
    response: Sequence[Card], top: Sequence[Card], ranking: Ranking
) -> Iterator[tuple[tuple[Card, Card], ...]]:
    """Every one-to-one pairing (response card, top card) in which each card beats its own."""
    if len(response) != len(top):
        return
    for order in permutations(response):
        pairs = tuple(zip(order, top, strict=True))
        if all(ranking.beats(mine, theirs) for mine, theirs in pairs):
            yield pairs


def beat_sets(hand: Sequence[Card], top: Sequence[Card], ranking: Ranking) -> tuple[CardSet, ...]:
    """Every `len(top)`-card set of `hand` that beats `top` (only cards that beat some top
    card can be in one)."""
    useful = [card for card in canonical(hand) if any(ranking.beats(card, t) for t in top)]
    return tuple(
        cards for cards in combinations(useful, len(top)) if beats_set(cards, top, ranking)
    )


def discard_sets(hand: Sequence[Card], size: int) -> tuple[CardSet, ...]:
    """Every `size`-card set of `hand`: any may be passed face down."""
    return tuple(combinations(canonical(hand), size))


def clock_order(cards: Sequence[Card], ranking: Ranking) -> list[Card]:
    """`cards` from the one the move clock gives first (K4-21, B-22): the fewest points,
    then non-trumps before trumps, then the lower card of its class, then ♣ ♠ ♥ ♦."""
    return sorted(
        cards,
        key=lambda c: (
            card_points(c),
            ranking.is_trump(c),
            ranking.power(c),
            SUIT_ORDER.index(c.suit),
        ),
    )


def lowest_cards(cards: Sequence[Card], size: int, ranking: Ranking) -> CardSet:
    """The `size` cards the move clock passes (K4-21, B-22)."""
    return canonical(clock_order(cards, ranking)[:size])
