"""The facts that move cards inside a deal, or note an answer of the pre-play phase: each
handler is one move of the cards the event names (`evolve` never judges)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace

from app.domain.cards import Card
from app.domain.events import Event
from app.domain.kozel32 import events as e
from app.domain.kozel32 import table
from app.domain.kozel32.deck import plain_suit
from app.domain.kozel32.state import (
    Batch,
    Deal,
    Exchange,
    Laid,
    Offer,
    Piled,
    State,
    Taken,
    TrickKind,
)


def cards_moved(state: State, deal: Deal, event: Event) -> Deal:
    """The facts that move cards inside a deal, or note an answer of the pre-play phase."""
    pre = deal.pre_play
    match event:
        case e.RedealPassed(seat=seat):
            return replace(deal, pre_play=replace(pre, passed=pre.passed | {seat}))
        case e.LastTrumpOffered(seat=seat, count=count):
            offers = (*pre.offers, Offer(seat, count))
            return replace(deal, pre_play=replace(pre, closed=pre.closed | {seat}, offers=offers))
        case e.LastTrumpKept(seat=seat):
            return replace(deal, pre_play=replace(pre, closed=pre.closed | {seat}))
        case e.LastTrumpAccepted(partner=offerer):
            offers = tuple(replace(o, accepted=o.accepted or o.seat == offerer) for o in pre.offers)
            return replace(deal, pre_play=replace(pre, offers=offers))
        case e.LastTrumpRefused(partner=offerer):
            offers = tuple(o for o in pre.offers if o.seat != offerer)
            return replace(deal, pre_play=replace(pre, offers=offers))
        case e.CardsExchanged(from_seat=a, to_seat=b, trumps=trumps, given=given):
            hands = _hand(
                _hand(deal.hands, a, _without(deal.hands[a], trumps) + given),
                b,
                _without(deal.hands[b], given) + trumps,
            )
            seen = _saw(_saw(deal.seen, a, trumps), b, given)
            offers = tuple(o for o in pre.offers if o.seat != a)
            exchanges = (*deal.exchanges, Exchange(a, b, trumps, given))
            return replace(
                deal,
                hands=hands,
                seen=seen,
                exchanges=exchanges,
                pre_play=replace(pre, offers=offers),
            )
        case e.BatchDrawn(seat=seat, cards=cards):
            return replace(deal, deck=_without(deal.deck, cards), batch=Batch(seat, cards))
        case e.BatchKept(seat=seat):
            kept = () if deal.batch is None else deal.batch.cards
            return replace(deal, hands=_hand(deal.hands, seat, deal.hands[seat] + kept), batch=None)
        case e.CardLaid(seat=seat, card=card, face_down=down):
            deal = _taken_from(deal, seat, card)
            return replace(deal, trick=(*deal.trick, Laid(seat, card, down)), packet=None)
        case e.CardsPassed(seat=seat, to_seat=to, cards=cards):
            deal = _from_batch(deal, cards)
            hands = _hand(deal.hands, to, deal.hands[to] + cards)
            return replace(deal, hands=hands, seen=_saw(deal.seen, seat, cards))
        case e.CardsPiled(seat=seat, cards=cards):
            deal = _from_batch(deal, cards)
            return _piled(deal, seat, cards)
        case e.PacketCut(position=position):
            return replace(deal, packet=position)
        case e.TrumpTurned(seat=seat, card=card, to_seat=to):
            packet = deal.packet - 1 if deal.packet else deal.packet
            deal = replace(deal, deck=_without(deal.deck, (card,)), packet=packet)
            if to is None:
                return _piled(deal, seat, (card,))
            seen = deal.seen if to == seat else _saw(deal.seen, seat, (card,))
            return replace(deal, hands=_hand(deal.hands, to, (*deal.hands[to], card)), seen=seen)
        case e.RoundOpened(plays=plays) | e.CoffinDealt(plays=plays):
            cards = tuple(p.card for p in plays)
            return replace(deal, deck=_without(deal.deck, cards), trick=plays)
        case e.CardOpened(seat=seat, card=card):
            return replace(
                deal, deck=_without(deal.deck, (card,)), trick=(*deal.trick, Laid(seat, card))
            )
        case e.CardPutOut(seat=seat, card=card):
            return _put_out(deal, seat, card)
        case e.TalonTaken(seat=seat, cards=cards):
            hands = _hand(deal.hands, seat, deal.hands[seat] + cards)
            return replace(deal, hands=hands, deck=_without(deal.deck, cards), soloist=seat)
        case e.CardsDiscarded(seat=seat, cards=cards):
            hands = _hand(deal.hands, seat, _without(deal.hands[seat], cards))
            return replace(deal, hands=hands, discards=cards)
        case e.CardPlayed(seat=seat, card=card):
            hands = _hand(deal.hands, seat, _without(deal.hands[seat], (card,)))
            return replace(deal, hands=hands, trick=(*deal.trick, Laid(seat, card)))
        case e.TrickTaken():
            return _trick_taken(state, deal, event)
    raise AssertionError(f"no evolve for {type(event).__name__}")


def _trick_taken(state: State, deal: Deal, event: e.TrickTaken) -> Deal:
    taken = Taken(event.kind, event.leader, event.plays, event.winner, event.points)
    led = plain_suit(event.plays[0].card, table.trumps_of(state))
    suits = deal.suits_led  # C32-24: coffins are no lead
    if led is not None and event.kind is not TrickKind.COFFIN:
        suits = suits | {led}
    played = deal.part_tricks + (event.kind is TrickKind.PLAY)
    return replace(
        deal, tricks=(*deal.tricks, taken), trick=(), suits_led=suits, part_tricks=played
    )


def _put_out(deal: Deal, seat: int, card: Card) -> Deal:
    """C32-21: the open trump goes to the hand (everyone saw it), `card` lies open instead."""
    opened = next(p.card for p in deal.trick if p.seat == seat)
    deal = _from_batch(deal, (card,))
    trick = tuple(Laid(seat, card) if p.seat == seat else p for p in deal.trick)
    seen = tuple(known if s == seat else known | {opened} for s, known in enumerate(deal.seen))
    hands = _hand(deal.hands, seat, (*deal.hands[seat], opened))
    return replace(deal, trick=trick, hands=hands, seen=seen)


def _taken_from(deal: Deal, seat: int, card: Card) -> Deal:
    """A card leaves the seat's batch, its hand, or the deck (the mirror's turned card)."""
    if deal.batch is not None and card in deal.batch.cards:
        return _from_batch(deal, (card,))
    if card in deal.hands[seat]:
        return replace(deal, hands=_hand(deal.hands, seat, _without(deal.hands[seat], (card,))))
    return replace(deal, deck=_without(deal.deck, (card,)))


def _from_batch(deal: Deal, cards: Collection[Card]) -> Deal:
    assert deal.batch is not None
    rest = _without(deal.batch.cards, cards)
    return replace(deal, batch=Batch(deal.batch.seat, rest) if rest else None)


def _piled(deal: Deal, seat: int, cards: tuple[Card, ...]) -> Deal:
    """C32-17: each card goes on top of the rest pile; its piler has seen it."""
    pile = tuple(Piled(seat, card) for card in reversed(cards)) + deal.rest_pile
    return replace(deal, rest_pile=pile, seen=_saw(deal.seen, seat, cards))


def add_hands(deal: Deal, hands: tuple[tuple[Card, ...], ...]) -> Deal:
    dealt = [card for hand in hands for card in hand]
    return replace(
        deal,
        hands=tuple(old + new for old, new in zip(deal.hands, hands, strict=True)),
        deck=_without(deal.deck, dealt),
        rest_pile=tuple(p for p in deal.rest_pile if p.card not in dealt),
    )


def _without(cards: tuple[Card, ...], removed: Iterable[Card]) -> tuple[Card, ...]:
    gone = set(removed)
    return tuple(card for card in cards if card not in gone)


def _hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(hands))


def _saw(
    seen: tuple[frozenset[Card], ...], seat: int, cards: Iterable[Card]
) -> tuple[frozenset[Card], ...]:
    return tuple(known | set(cards) if s == seat else known for s, known in enumerate(seen))
