"""Which card the leader may lead and the follower may play (S66-10, S66-12, S66-15, S66-18).

Each function returns the allowed cards with the rule that allows only them, so that a refused
card is explained in the rule's words by the same judgement that made the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card
from app.domain.errors import Reason
from app.domain.sixty_six.deck import DECKS, MARRIAGE
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import Deal
from app.domain.words import en, ru, sign


@dataclass(frozen=True, slots=True)
class Allowed:
    cards: tuple[Card, ...]
    rule: Reason | None
    """Why no other card of the hand may go, in the rules' words; None when any may."""


def leads(deal: Deal, rules: Rules) -> Allowed:
    """Any card, except that after a declaration the lead is one of its pair: in `hard`
    the K (S66-15, S66-18)."""
    hand = deal.hands[deal.leader]
    suit = deal.declared
    if suit is None:
        return Allowed(hand, None)
    king, queen = MARRIAGE[suit]
    if rules.hard:
        return Allowed(
            (king,),
            Reason(
                "marriage_lead",
                ("S66-15", "S66-29"),
                f"after declaring {sign(suit)} you lead {en(king)}",
                f"после марьяжа {sign(suit)} заходят с {ru(king)}",
            ),
        )
    pair = tuple(c for c in hand if c in (king, queen))
    return Allowed(
        pair,
        Reason(
            "marriage_lead",
            ("S66-18",),
            f"after declaring {sign(suit)} you lead {en(king)} or {en(queen)}",
            f"после марьяжа {sign(suit)} заходят с {ru(king)} или {ru(queen)}",
        ),
    )


def follows(deal: Deal, rules: Rules) -> Allowed:
    """S66-10: any card while the stock is open. S66-12 once it is exhausted or closed: a
    higher card of the led suit, else a lower one, else a trump (unless trumps were led),
    else any card."""
    hand = deal.hands[deal.follower]
    if deal.stock_open:
        return Allowed(hand, None)
    led = deal.trick[0]
    assert deal.trump is not None
    ranking = DECKS[rules.deck].ranking(deal.trump)
    why = ("closed", "закрыта") if deal.closing is not None else ("exhausted", "кончилась")
    suit = sign(led.suit)
    same = tuple(c for c in hand if c.suit is led.suit)
    higher = tuple(c for c in same if ranking.beats(c, led))
    if higher:
        return Allowed(
            higher,
            Reason(
                "head_suit",
                ("S66-12",),
                f"the stock is {why[0]}: head {en(led)} with a higher {suit}",
                f"колода {why[1]}: бейте {ru(led)} старшей картой {suit}",
            ),
        )
    if same:
        return Allowed(
            same,
            Reason(
                "follow_suit",
                ("S66-12",),
                f"the stock is {why[0]}: follow {en(led)} with a {suit}",
                f"колода {why[1]}: ходите на {ru(led)} в масть {suit}",
            ),
        )
    trumps = tuple(c for c in hand if c.suit is deal.trump)
    if led.suit is not deal.trump and trumps:
        return Allowed(
            trumps,
            Reason(
                "trump_it",
                ("S66-12",),
                f"the stock is {why[0]} and you hold no {suit}: trump {en(led)}",
                f"колода {why[1]}, а {suit} у вас нет: бейте {ru(led)} козырем",
            ),
        )
    return Allowed(hand, None)
