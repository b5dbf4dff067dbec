"""What the player on lead may do besides leading (S66-14, S66-15, S66-16, S66-19, S66-20,
S66-22): each function answers None when the step is allowed now, else why not in the rules'
words. `legal` offers exactly the steps these allow.
"""

from __future__ import annotations

from app.domain.cards import Card, Suit
from app.domain.sixty_six.deck import DECKS, MARRIAGE
from app.domain.sixty_six.state import Deal, GameState, Phase, Window


def _on_lead(state: GameState) -> Deal | None:
    return state.deal if state.phase in (Phase.CLOSE_OR_DRAW, Phase.LEAD) else None


def why_not_draw(state: GameState) -> str | None:
    if state.phase is not Phase.CLOSE_OR_DRAW:
        return "there is no draw to choose now: in 66 the trick's winner draws or closes (S66-20)"
    return None


def why_not_close(state: GameState) -> str | None:
    """S66-19: on lead (in `66` also before the draw), the stock open, and at least two
    face-down cards on the trump card."""
    deal = _on_lead(state)
    if deal is None:
        return "only the player on lead may close (S66-19)"
    if state.phase is Phase.LEAD and deal.window.passed(Window.CLOSED):
        return "closing comes before declaring, once (S66-20)"
    if deal.closing is not None:
        return "the stock is already closed (S66-19)"
    if not deal.stock:
        return "the stock is exhausted (S66-19)"
    if deal.face_down < 2:
        return "only one face-down card lies on the trump card: too late to close (S66-19)"
    return None


def exchange_card(state: GameState) -> Card:
    deal = state.deal
    assert deal is not None and deal.trump is not None
    return DECKS[state.rules.deck].exchange_card(deal.trump)


def why_not_exchange(state: GameState) -> str | None:
    """S66-14: on lead before leading, the stock open, holding the exchange card; with a won
    trick in `66` and in `hard`; `hard`: at least two face-down cards."""
    rules = state.rules
    deal = state.deal
    if state.phase is not Phase.LEAD or deal is None:
        return "the exchange is made on lead, before leading a card (S66-14)"
    if deal.window.passed(Window.EXCHANGED):
        return "the exchange comes first in the leader's window, once (S66-20)"
    if not deal.stock_open:
        return "the stock is closed or exhausted (S66-14)"
    card = exchange_card(state)
    if card not in deal.hands[deal.leader]:
        return f"you do not hold the exchange card {card} (S66-5, S66-14)"
    if (rules.hard or not rules.schnapsen) and not deal.has_trick(deal.leader):
        rule = "S66-14, S66-29" if rules.schnapsen else "S66-14"
        return f"you may exchange only once you have won a trick ({rule})"
    if rules.hard and deal.face_down < 2:
        return "only one face-down card lies on the trump card (S66-14, S66-29)"
    return None


def why_not_declare(state: GameState, suit: Suit) -> str | None:
    """S66-15, S66-16: on lead, once per lead, holding K and Q; the stock open unless
    `marriages_when_closed`; `hard`: after a won trick."""
    rules = state.rules
    deal = state.deal
    if state.phase is not Phase.LEAD or deal is None:
        return "only the player on lead declares, before leading (S66-15)"
    if deal.window.passed(Window.DECLARED):
        return "one marriage per lead (S66-15)"
    hand = deal.hands[deal.leader]
    king, queen = MARRIAGE[suit]
    if king not in hand or queen not in hand:
        return f"you do not hold K{suit.value} and Q{suit.value} (S66-15)"
    if not deal.stock_open and not rules.marriages_when_closed:
        return "no marriages once the stock is closed or exhausted (S66-16)"
    if rules.hard and not deal.has_trick(deal.leader):
        return "marriages only once you have won a trick (S66-16, S66-29)"
    return None


def why_not_claim(state: GameState) -> str | None:
    """S66-22: on lead, just after winning a trick or declaring; never with `auto_out`."""
    if state.rules.auto_out:
        return "auto_out is on: the server claims for you (S66-22)"
    deal = _on_lead(state)
    if deal is None:
        return "you may claim only while on lead (S66-22)"
    if not deal.tricks and deal.declared is None:
        return "you may claim just after winning a trick or declaring a marriage (S66-22)"
    return None
