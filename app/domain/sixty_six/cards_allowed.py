"""Which card the leader may lead and the follower may play (S66-10, S66-12, S66-15, S66-18).

Each function returns the allowed cards with the rule that allows only them, so that a refused
card is explained in the rule's words by the same judgement that made the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.sixty_six.deck import DECKS, MARRIAGE
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import Deal


@dataclass(frozen=True, slots=True)
class Allowed:
    cards: tuple[Card, ...]
    rule: str
    """Why no other card of the hand may go, in the rules' words; "" when any may."""


def leads(deal: Deal, rules: Rules) -> Allowed:
    """Any card, except that after a declaration the lead is one of its pair: in `hard`
    the K (S66-15, S66-18)."""
    hand = deal.hands[deal.leader]
    suit = deal.declared
    if suit is None:
        return Allowed(hand, "")
    king, queen = MARRIAGE[suit]
    if rules.hard:
        return Allowed((king,), f"after declaring {suit.value} you lead {king} (S66-15, S66-29)")
    pair = tuple(c for c in hand if c in (king, queen))
    return Allowed(
        pair, f"after declaring {suit.value} you lead K{suit.value} or Q{suit.value} (S66-18)"
    )


def follows(deal: Deal, rules: Rules) -> Allowed:
    """S66-10: any card while the stock is open. S66-12 once it is exhausted or closed: a
    higher card of the led suit, else a lower one, else a trump (unless trumps were led),
    else any card."""
    hand = deal.hands[deal.follower]
    if deal.stock_open:
        return Allowed(hand, "")
    led = deal.trick[0]
    assert deal.trump is not None
    ranking = DECKS[rules.deck].ranking(deal.trump)
    why = "closed" if deal.closing is not None else "exhausted"
    suit = led.suit.value
    same = tuple(c for c in hand if c.suit is led.suit)
    higher = tuple(c for c in same if ranking.beats(c, led))
    if higher:
        return Allowed(higher, f"the stock is {why}: head {led} with a higher {suit} (S66-12)")
    if same:
        return Allowed(same, f"the stock is {why}: follow {led} with a {suit} (S66-12)")
    trumps = tuple(c for c in hand if c.suit is deal.trump)
    if led.suit is not deal.trump and trumps:
        return Allowed(trumps, f"the stock is {why} and you hold no {suit}: trump {led} (S66-12)")
    return Allowed(hand, "")
