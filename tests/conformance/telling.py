"""What every game's view tells beside where the cards lie, checked through the game
interface only (STYLE.md: the page draws, the domain decides): the deal's trumps and the
hand's order, why each refused card is refused, how many cards a move takes, the end of the
game with every side's place, a finished deal's summary, and that nothing of a deal stays on
view once the game is over.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import pytest

from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.errors import IllegalAction
from app.domain.events import Event
from app.domain.game import Game
from app.domain.ranking import SUIT_ORDER
from app.domain.view import Face, TrickView, View, cards_of


def whereabouts(view: View[Any]) -> View[Any]:
    """`view` without the parts that place no card of the running deal: its trumps (the
    deal's rules, the same for every viewer: `check_trumps`) and the last deal's summary (a
    finished deal's cards: `check_last_deal`)."""
    return dataclasses.replace(view, trumps=(), last_deal=None)


def check_trumps(views: Mapping[int | None, View[Any]]) -> None:
    """Every viewer is told the same trumps, each once; a hand lists its trumps first, in
    that order, then its plain cards suit by suit (♣ ♠ ♥ ♦)."""
    told = {view.trumps for view in views.values()}
    assert len(told) == 1, f"the viewers are told different trumps: {told}"
    (trumps,) = told
    assert len(set(trumps)) == len(trumps), f"a trump listed twice: {trumps}"
    rank = {card: i for i, card in enumerate(trumps)}
    for viewer, view in views.items():
        hand = view.hand or ()
        key = [_order(card, rank) for card in hand]
        assert key == sorted(key), f"the hand of {viewer} is not in the game's order: {hand}"


def _order(card: Card, trumps: Mapping[Card, int]) -> tuple[int, int]:
    if card in trumps:
        return (0, trumps[card])
    return (1, SUIT_ORDER.index(card.suit))


def check_trick_winner(trumps: tuple[Card, ...], taken: TrickView) -> None:
    """A trick of single face-up cards that holds a trump was taken by the first of its
    trumps in the order the view gave (the strongest): the view's trumps agree with how the
    engine takes tricks (K-12, C32-25, KZ-5, S66-9)."""
    if not trumps or any(play.face is not Face.UP or play.count != 1 for play in taken.plays):
        return
    played = {play.cards[0]: play.seat for play in taken.plays if play.cards}
    strongest = [card for card in trumps if card in played]
    if strongest:
        assert played[strongest[0]] == taken.winner, (
            f"{strongest[0]} is the strongest trump of {list(played)} by the view's trumps, "
            f"but seat {taken.winner} took the trick"
        )


def check_refusals(game: Game[Any, Any], state: Any, view: View[Any]) -> None:
    """Each refused card is a card of the hand in no legal action, with a reason in both
    languages; `decide` refuses that card, in a move like a legal one, with the very same
    reason (one wording: the view's and the problem's)."""
    hand = set(view.hand or ())
    offered = {card for action in view.legal_actions for card in cards_of(action)}
    for refusal in view.refused:
        reason = refusal.reason
        assert refusal.card in hand, refusal
        assert refusal.card not in offered, refusal
        assert all((reason.code, reason.en, reason.ru)), reason
        for move in _with_card(view.legal_actions, refusal.card):
            with pytest.raises(IllegalAction) as refused:
                game.decide(state, move)
            assert refused.value.reason == reason, (move, refused.value.reason, reason)


def _with_card(actions: Iterable[Command], card: Card) -> Iterator[Command]:
    """Legal moves of cards with one of their cards swapped for `card`."""
    for action in actions:
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            value = getattr(action, f.name)
            if isinstance(value, Card):
                yield dataclasses.replace(action, **{f.name: card})  # type: ignore[type-var]
                return
            if isinstance(value, tuple) and value and all(isinstance(c, Card) for c in value):
                swapped = (card, *value[1:])
                yield dataclasses.replace(action, **{f.name: swapped})  # type: ignore[type-var]
                return


def check_pick(view: View[Any]) -> None:
    """A move of several cards says how many it takes: every legal move of its types holds
    that many (at least one of them does), and the set to beat lies face up on the table."""
    pick = view.pick
    if pick is None:
        return
    assert 1 <= pick.least <= pick.most, pick
    assert all((pick.rule.code, pick.rule.en, pick.rule.ru)), pick
    sizes = [len(cards_of(a)) for a in view.legal_actions if a.TYPE in pick.moves]
    assert sizes, f"no legal move of {pick.moves}"
    assert all(pick.least <= size <= pick.most for size in sizes), (pick, sizes)
    if pick.beat:
        table = {c for play in (view.trick.plays if view.trick else ()) for c in play.cards or ()}
        assert set(pick.beat) <= table, f"the set to beat {pick.beat} is not on the table"


def check_result(game: Game[Any, Any], view: View[Any], sides: int) -> None:
    """The end says who won and who lost, why in the game's codes, its titles, and every
    side's place: the winner first, the loser last."""
    result = view.result
    assert result is not None, "a finished game's view has its result"
    info = game.info
    assert result.reason in info.end_reasons, f"{result.reason} is no end reason of the game"
    assert set(result.titles) <= set(info.titles), result.titles
    places = result.places
    assert len(places) == sides, places
    assert min(places) == 1, places
    assert all(1 <= place <= sides for place in places), places
    if result.winner is not None:
        assert places[result.winner] == 1, places
    if result.loser is not None:
        assert places[result.loser] == max(places), places


def check_finished(view: View[Any]) -> None:
    """After the game nothing of a deal is on view: no hand, trick, stock, trumps, move."""
    assert view.hand in ((), None), view.hand
    assert view.trick is None, "a finished game shows a trick"
    assert view.stock is None, "a finished game shows a stock"
    assert (view.trumps, view.refused, view.pick) == ((), (), None)
    assert (view.legal_actions, view.to_act) == ((), ())


def check_last_deal(view: View[Any], events: Iterable[Event]) -> None:
    """A finished deal's summary names only cards its events had shown to everyone before
    it ended (a bura's hand, B-16): never a card the rules kept hidden."""
    public = {
        card
        for event in events
        for card in _codes(event.payload_for(None))  # what a spectator was shown
    }
    shown = set(_cards(view.last_deal))
    assert shown <= public, f"the last deal's summary shows {shown - public}"


def _codes(payload: object) -> Iterator[Card]:
    if isinstance(payload, str):
        try:
            yield Card.parse(payload)
        except ValueError:
            return
    elif isinstance(payload, list):
        for item in payload:
            yield from _codes(item)
    elif isinstance(payload, dict):
        for item in payload.values():
            yield from _codes(item)


def _cards(value: object) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _cards(getattr(value, f.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _cards(item)
