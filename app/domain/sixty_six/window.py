"""What the player on lead may do besides leading (S66-14, S66-15, S66-16, S66-19, S66-20,
S66-22): each function answers None when the step is allowed now, else why not in the rules'
words (`errors.Reason`). `legal` offers exactly the steps these allow.
"""

from __future__ import annotations

from app.domain import words
from app.domain.cards import Card, Suit
from app.domain.errors import Reason
from app.domain.sixty_six.deck import DECKS, MARRIAGE
from app.domain.sixty_six.state import Deal, GameState, Phase, Window


def _on_lead(state: GameState) -> Deal | None:
    return state.deal if state.phase in (Phase.CLOSE_OR_DRAW, Phase.LEAD) else None


def why_not_draw(state: GameState) -> Reason | None:
    if state.phase is not Phase.CLOSE_OR_DRAW:
        return Reason(
            "no_draw",
            ("S66-20",),
            "there is no draw to choose now: in 66 the trick's winner draws or closes",
            "сейчас нечего выбирать: в 66 взявший взятку либо берёт из колоды, либо закрывает её",
        )
    return None


def why_not_close(state: GameState) -> Reason | None:
    """S66-19: on lead (in `66` also before the draw), the stock open, and at least two
    face-down cards on the trump card."""
    deal = _on_lead(state)
    if deal is None:
        return Reason(
            "close_not_on_lead",
            ("S66-19",),
            "only the player on lead may close",
            "закрыть колоду может только тот, чей ход",
        )
    if state.phase is Phase.LEAD and deal.window.passed(Window.CLOSED):
        return Reason(
            "window_order",
            ("S66-20",),
            "closing comes before declaring, once",
            "закрывают до объявления марьяжа, один раз",
        )
    if deal.closing is not None:
        return Reason(
            "stock_closed", ("S66-19",), "the stock is already closed", "колода уже закрыта"
        )
    if not deal.stock:
        return Reason("stock_exhausted", ("S66-19",), "the stock is exhausted", "колода кончилась")
    if deal.face_down < 2:
        return Reason(
            "close_too_late",
            ("S66-19",),
            "only one face-down card lies on the trump card: too late to close",
            "на козыре лежит одна карта: закрывать поздно",
        )
    return None


def exchange_card(state: GameState) -> Card:
    deal = state.deal
    assert deal is not None and deal.trump is not None
    return DECKS[state.rules.deck].exchange_card(deal.trump)


def why_not_exchange(state: GameState) -> Reason | None:
    """S66-14: on lead before leading, the stock open, holding the exchange card; with a won
    trick in `66` and in `hard`; `hard`: at least two face-down cards."""
    rules = state.rules
    deal = state.deal
    if state.phase is not Phase.LEAD or deal is None:
        return Reason(
            "exchange_not_on_lead",
            ("S66-14",),
            "the exchange is made on lead, before leading a card",
            "козырь меняют на своём ходу, до захода",
        )
    if deal.window.passed(Window.EXCHANGED):
        return Reason(
            "window_order",
            ("S66-20",),
            "the exchange comes first in the leader's window, once",
            "обмен козыря — первым делом на своём ходу, один раз",
        )
    if not deal.stock_open:
        return Reason(
            "stock_closed",
            ("S66-14",),
            "the stock is closed or exhausted",
            "колода закрыта или кончилась",
        )
    card = exchange_card(state)
    if card not in deal.hands[deal.leader]:
        return Reason(
            "no_exchange_card",
            ("S66-5", "S66-14"),
            f"you do not hold the exchange card {words.en(card)}",
            f"у вас нет карты для обмена, {words.ru(card)}",
        )
    if (rules.hard or not rules.schnapsen) and not deal.has_trick(deal.leader):
        cited = ("S66-14", "S66-29") if rules.schnapsen else ("S66-14",)
        return Reason(
            "no_trick_yet",
            cited,
            "you may exchange only once you have won a trick",
            "менять козырь можно, только взяв хотя бы одну взятку",
        )
    if rules.hard and deal.face_down < 2:
        return Reason(
            "exchange_too_late",
            ("S66-14", "S66-29"),
            "only one face-down card lies on the trump card",
            "на козыре лежит одна карта",
        )
    return None


def why_not_declare(state: GameState, suit: Suit) -> Reason | None:
    """S66-15, S66-16: on lead, once per lead, holding K and Q; the stock open unless
    `marriages_when_closed`; `hard`: after a won trick."""
    rules = state.rules
    deal = state.deal
    if state.phase is not Phase.LEAD or deal is None:
        return Reason(
            "declare_not_on_lead",
            ("S66-15",),
            "only the player on lead declares, before leading",
            "марьяж объявляет тот, чей ход, до захода",
        )
    if deal.window.passed(Window.DECLARED):
        return Reason(
            "one_marriage",
            ("S66-15",),
            "one marriage per lead",
            "один марьяж за ход",
        )
    hand = deal.hands[deal.leader]
    king, queen = MARRIAGE[suit]
    if king not in hand or queen not in hand:
        return Reason(
            "no_marriage",
            ("S66-15",),
            f"you do not hold {words.en(king)} and {words.en(queen)}",
            f"у вас нет {words.ru(king)} и {words.ru(queen)}",
        )
    if not deal.stock_open and not rules.marriages_when_closed:
        return Reason(
            "marriage_closed",
            ("S66-16",),
            "no marriages once the stock is closed or exhausted",
            "когда колода закрыта или кончилась, марьяжей не объявляют",
        )
    if rules.hard and not deal.has_trick(deal.leader):
        return Reason(
            "no_trick_yet",
            ("S66-16", "S66-29"),
            "marriages only once you have won a trick",
            "марьяж — только после первой взятой взятки",
        )
    return None


def why_not_claim(state: GameState) -> Reason | None:
    """S66-22: on lead, just after winning a trick or declaring; never with `auto_out`."""
    if state.rules.auto_out:
        return Reason(
            "auto_out",
            ("S66-22",),
            "the server claims 66 for you at this table",
            "за этим столом 66 заявляет сервер",
        )
    deal = _on_lead(state)
    if deal is None:
        return Reason(
            "claim_not_on_lead",
            ("S66-22",),
            "you may claim only while on lead",
            "заявить 66 можно только на своём ходу",
        )
    if not deal.tricks and deal.declared is None:
        return Reason(
            "claim_too_early",
            ("S66-22",),
            "you may claim just after winning a trick or declaring a marriage",
            "заявляют сразу после взятой взятки или объявленного марьяжа",
        )
    return None
