"""S66-28: what the server plays for a seat whose move clock runs out.

A random cut (S66-6); `draw` rather than closing; no exchange, close or declaration; and the
lowest legal card by S66-3, the weakest non-trump first (the lowest-ranked legal non-trump,
else the lowest trump; between equal ranks ♣ ♠ ♥ ♦). After a declaration that is the lower
card of the pair. The clock never claims out.
"""

from __future__ import annotations

from app.domain.commands import Command
from app.domain.sixty_six import legal
from app.domain.sixty_six.commands import CutDeck, Draw, LeadCard, PlayCard
from app.domain.sixty_six.deck import DECKS
from app.domain.sixty_six.state import GameState, Phase


def clock_default(state: GameState, seat: int, chance: int) -> Command | None:
    if seat not in legal.to_act(state):
        return None
    deal = state.deal
    assert deal is not None
    match state.phase:
        case Phase.CUT:
            return CutDeck(seat, legal.MIN_CUT + chance % legal.max_cut(state))
        case Phase.CLOSE_OR_DRAW:
            return Draw(seat)
        case Phase.LEAD | Phase.FOLLOW:
            assert deal.trump is not None
            ranking = DECKS[state.rules.deck].ranking(deal.trump)
            actions = legal.legal_actions(state, seat)
            cards = [a.card for a in actions if isinstance(a, LeadCard | PlayCard)]
            lowest = ranking.lowest_first(cards)[0]
            return LeadCard(seat, lowest) if state.phase is Phase.LEAD else PlayCard(seat, lowest)
        case _:
            return None
