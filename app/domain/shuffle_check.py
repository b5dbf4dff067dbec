"""The check anyone can make of a finished deal (K-5 and its like in every game): the seed
matches the commitment published when the deal began, the deck it was dealt from is the
seeded shuffle then the cut, and dealing that deck gives the hands the record shows."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from app.domain.chance import commitment
from app.domain.game import DealRecord, Game


@dataclass(frozen=True, slots=True)
class ShuffleCheck:
    deal_no: int
    commitment: bool
    """SHA-256 of the revealed seed is the commitment shown while the deal ran."""
    deck: bool
    """The deck the deal was dealt from follows from the seed (the shuffle, then the cut)."""
    hands: bool
    """Dealing that deck gives the hands of the record (true for a deal ended before its
    cards were dealt: there is nothing to redeal)."""

    @property
    def verified(self) -> bool:
        return self.commitment and self.deck and self.hands


def check_deal(game: Game[Any, Any], options: Any, record: DealRecord) -> ShuffleCheck:
    """The checks of `record`, a finished deal of `game` played with `options`."""
    deck = record.deck == game.deck_after_cut(options, record.seed, record.cut)
    hands = True
    if any(record.hands):
        redealt = [Counter(hand) for hand in game.redeal(record)]
        hands = redealt == [Counter(hand) for hand in record.hands]
    return ShuffleCheck(record.deal_no, commitment(record.seed) == record.commitment, deck, hands)
