"""What a seat asks of the game: one command per choice the rules give a player, named by
the rules' words. Each has a wire `TYPE`, a `seat` and its body fields."""

from __future__ import annotations

from dataclasses import dataclass

from app.domain.cards import Card, Suit
from app.domain.commands import Command, CommandSet, PostMessage, Resign, ShuffleDeck
from app.domain.kozel32.options import Boast

__all__ = ["PostMessage", "Resign", "ShuffleDeck"]


@dataclass(frozen=True, slots=True)
class DealPlain(Command):
    """C32-8: «сдавай» — no boast, a plain deal."""

    TYPE = "deal_plain"
    seat: int


@dataclass(frozen=True, slots=True)
class DeclareBoast(Command):
    """C32-8: the leading team declares a boast; the declarer is the boaster."""

    TYPE = "boast"
    seat: int
    name: Boast


@dataclass(frozen=True, slots=True)
class NameRounds(Command):
    """C32-18: the star's open rounds, distinct, from 1 to 8, in increasing order."""

    TYPE = "name_rounds"
    seat: int
    rounds: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Cut(Command):
    """C32-6: the cut (1..31); C32-16: the mirror's cut of the packet (1..cards left)."""

    TYPE = "cut"
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class DemandRedeal(Command):
    """C32-11: «требование пересдачи»."""

    TYPE = "demand_redeal"
    seat: int


@dataclass(frozen=True, slots=True)
class PassRedeal(Command):
    """C32-11: a qualifying player does not demand."""

    TYPE = "pass"
    seat: int


@dataclass(frozen=True, slots=True)
class OfferLastTrump(Command):
    """C32-13: «отдаю последнего козыря!»."""

    TYPE = "offer"
    seat: int


@dataclass(frozen=True, slots=True)
class KeepLastTrump(Command):
    """C32-13: a qualifying player keeps his trump(s); his option is closed for the кон."""

    TYPE = "keep"
    seat: int


@dataclass(frozen=True, slots=True)
class AcceptLastTrump(Command):
    """C32-13: the partner's «давай»."""

    TYPE = "accept"
    seat: int


@dataclass(frozen=True, slots=True)
class RefuseLastTrump(Command):
    """C32-13: the partner's «не надо!»."""

    TYPE = "refuse"
    seat: int


@dataclass(frozen=True, slots=True)
class GiveCards(Command):
    """C32-13: the partner's cards for the offered trumps, as many, in hand order."""

    TYPE = "give"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ChooseLeader(Command):
    """C32-7: the leading team's first leader (a seat of the team; the blind's controller
    may name the blind, C32-34)."""

    TYPE = "choose_leader"
    seat: int
    leader: int


@dataclass(frozen=True, slots=True)
class ChooseCard(Command):
    """A card a boast lets its player choose: the non-good card of a batch that goes into
    trick 1 (C32-15), a held card when the deck is empty (C32-15 step 5, C32-16), the card
    the barrel puts out in place of an open trump (C32-21)."""

    TYPE = "choose_card"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class NameTrump(Command):
    """C32-5: the trump suit of a boast deal or the queen-of-spades deal; None: no trump suit
    («бескозырка», C32-19)."""

    TYPE = "name_trump"
    seat: int
    suit: Suit | None


@dataclass(frozen=True, slots=True)
class Discard(Command):
    """C32-35: the soloist's two cards laid away face down after taking the talon."""

    TYPE = "discard"
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayCard(Command):
    TYPE = "play"
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PlayBlind(Command):
    """C32-34: the controller turns up the blind's card at `position` (1 = the first of its
    remaining cards in dealt order) and plays it."""

    TYPE = "play_blind"
    seat: int
    position: int


SeatCommand = (
    DealPlain
    | DeclareBoast
    | NameRounds
    | Cut
    | DemandRedeal
    | PassRedeal
    | OfferLastTrump
    | KeepLastTrump
    | AcceptLastTrump
    | RefuseLastTrump
    | GiveCards
    | ChooseLeader
    | ChooseCard
    | NameTrump
    | Discard
    | PlayCard
    | PlayBlind
)

COMMANDS = CommandSet(
    DealPlain,
    DeclareBoast,
    NameRounds,
    Cut,
    DemandRedeal,
    PassRedeal,
    OfferLastTrump,
    KeepLastTrump,
    AcceptLastTrump,
    RefuseLastTrump,
    GiveCards,
    ChooseLeader,
    ChooseCard,
    NameTrump,
    Discard,
    PlayCard,
    PlayBlind,
)
