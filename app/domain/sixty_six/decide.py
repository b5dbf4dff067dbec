"""`decide(state, command) -> events`: check a command against the rules and state the facts,
with every consequence that needs nobody's choice: the deal after the cut, the draw after a
trick, the server's claim (`auto_out`, the last trick), the score of a deal, the end of the
match. Nothing here changes state; each step is folded through `evolve` to judge the next.
"""

from __future__ import annotations

from typing import assert_never

from app.domain.cards import Card
from app.domain.chance import commitment, shuffled_order
from app.domain.commands import Command, PostMessage, Resign, ShuffleDeck
from app.domain.errors import GameOver, IllegalAction, MalformedCommand, Reason, no_seat
from app.domain.sixty_six import legal, scoring
from app.domain.sixty_six.commands import (
    MOVES,
    ClaimOut,
    CloseStock,
    CutDeck,
    DeclareMarriage,
    Draw,
    ExchangeTrump,
    LeadCard,
    PlayCard,
    SeatCommand,
    check_shape,
)
from app.domain.sixty_six.deck import DECKS, MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS, points
from app.domain.sixty_six.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DealScored,
    DeckCut,
    DeckShuffled,
    GameEnded,
    MarriageDeclared,
    OutClaimed,
    PlayerResigned,
    SixtySixEvent,
    StockClosed,
    TrickTaken,
    TrumpExchanged,
)
from app.domain.sixty_six.evolve import evolve
from app.domain.sixty_six.options import DeckKind
from app.domain.sixty_six.state import PLAYING, Deal, GameState, Phase
from app.domain.sixty_six.window import exchange_card
from app.domain.stock import draw

SEATS = (0, 1)


def decide(state: GameState, command: Command) -> list[SixtySixEvent]:
    """The events that `command` causes, or a `DomainError` saying why it is refused."""
    if state.phase is Phase.GAME_OVER:
        raise GameOver("the match is over")
    match command:
        case ShuffleDeck():
            check_shape(command)
            return _shuffle(state, command.seed)
        case Resign():
            check_shape(command)
            return _resign(state, _seat(command.seat))
        case (
            CutDeck()
            | Draw()
            | CloseStock()
            | ExchangeTrump()
            | DeclareMarriage()
            | ClaimOut()
            | LeadCard()
            | PlayCard()
        ):
            check_shape(command)
            _seat(command.seat)
            if not legal.is_legal(state, command):
                raise legal.refusal(state, command)
            return _accepted(state, command)
        case PostMessage():
            raise MalformedCommand("table messages are posted to the table, not played")
        case _:
            kind = getattr(command, "TYPE", None)
            moves = ", ".join(MOVES.types)
            raise MalformedCommand(f"no move of type {kind!r} in Sixty-six; its moves: {moves}")


def _seat(seat: int) -> int:
    if seat not in SEATS:
        raise IllegalAction(no_seat(seat, [0, 1]))
    return seat


def deck_after_cut(deck: DeckKind, seed: bytes, cut: int | None) -> tuple[Card, ...]:
    """S66-6: the seeded shuffle of the canonical deck (`Deck.cards`), top first, then the
    cut: the top `cut` cards go under."""
    cards = DECKS[deck].cards
    order = tuple(cards[i] for i in shuffled_order(seed, len(cards)))
    return order if cut is None else order[cut:] + order[:cut]


def _shuffle(state: GameState, seed: bytes) -> list[SixtySixEvent]:
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction(
            Reason(
                "not_between_deals",
                ("S66-6",),
                "the deck is shuffled only between deals",
                "колоду тасуют только между сдачами",
            )
        )
    if not seed:
        raise IllegalAction(
            Reason(
                "no_seed",
                (),
                "a shuffle needs a non-empty seed",
                "для тасовки нужно непустое зерно",
            )
        )
    deal_no = 0 if state.deal is None else state.deal.deal_no
    deck = state.rules.deck
    return [DeckShuffled(deal_no + 1, state.next_dealer, deck, seed, commitment(seed))]


def _deal(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def _accepted(state: GameState, command: SeatCommand) -> list[SixtySixEvent]:
    deal = _deal(state)
    match command:
        case CutDeck(seat=seat, position=position):
            dealt = DECKS[state.rules.deck].deal(
                deck_after_cut(state.rules.deck, deal.seed, position)
            )
            hands = (dealt.forehand, dealt.dealer) if seat == 0 else (dealt.dealer, dealt.forehand)
            return [DeckCut(seat, position), CardsDealt(hands, dealt.trump_card, dealt.stock)]
        case Draw():
            return _draws(state)
        case CloseStock(seat=seat):
            opponent = 1 - seat
            o_pts = scoring.counted_score(deal, state.rules, opponent)
            before_draw = state.phase is Phase.CLOSE_OR_DRAW
            return [StockClosed(seat, o_pts, deal.has_trick(opponent), before_draw)]
        case ExchangeTrump(seat=seat):
            return [TrumpExchanged(seat, exchange_card(state), deal.stock[-1])]
        case DeclareMarriage(seat=seat, suit=suit):
            worth = TRUMP_MARRIAGE_POINTS if suit is deal.trump else MARRIAGE_POINTS
            declared = MarriageDeclared(seat, suit, worth)
            return [declared, *_auto_out(evolve(state, declared), seat)]
        case ClaimOut(seat=seat):
            return _claim(state, seat, automatic=False)
        case LeadCard(seat=seat, card=card):
            return [CardPlayed(seat, card)]
        case PlayCard(seat=seat, card=card):
            return _follow(state, CardPlayed(seat, card))
        case _:
            assert_never(command)


def _follow(state: GameState, played: CardPlayed) -> list[SixtySixEvent]:
    """The trick is complete: who takes it (S66-9), then the end of the cards (S66-25), the
    server's claim (`auto_out`, S66-22, before any draw) or the draw (S66-11, S66-20)."""
    state = evolve(state, played)
    deal = _deal(state)
    assert deal.trump is not None
    cards = (deal.trick[0], deal.trick[1])
    first = DECKS[state.rules.deck].ranking(deal.trump).winner(cards)
    winner = deal.leader if first == 0 else deal.follower
    taken = TrickTaken(winner, points(cards))
    state = evolve(state, taken)
    events: list[SixtySixEvent] = [played, taken]
    deal = _deal(state)
    if deal.cards_out:
        return events + _cards_out(state)
    claim = _auto_out(state, winner)
    if claim:
        return events + claim
    if deal.stock_open and state.phase is Phase.LEAD:
        events += _draws(state)
    return events


def _draws(state: GameState) -> list[SixtySixEvent]:
    """S66-11: the winner draws first, the loser next; the last card is the trump card."""
    deal = _deal(state)
    size = DECKS[state.rules.deck].hand_size
    trump_card = deal.stock[-1]
    _, _, drawn = draw(deal.stock, deal.hands, deal.leader, size)
    return [CardDrawn(seat, card, card == trump_card) for seat, card in drawn]


def _auto_out(state: GameState, seat: int) -> list[SixtySixEvent]:
    """S66-22: with `auto_out` the server claims the moment a score reaches 66."""
    if (
        state.rules.auto_out
        and scoring.counted_score(_deal(state), state.rules, seat) >= scoring.OUT
    ):
        return _claim(state, seat, automatic=True)
    return []


def _claim(state: GameState, seat: int, automatic: bool) -> list[SixtySixEvent]:
    claimed = OutClaimed(seat, automatic)
    state = evolve(state, claimed)
    outcome = scoring.settle_claim(scoring.tally(_deal(state), state.rules), seat)
    return [claimed, *_scored(state, outcome)]


def _cards_out(state: GameState) -> list[SixtySixEvent]:
    """S66-25: the last trick's winner with 66 has claimed; else the rules settle it."""
    tally = scoring.tally(_deal(state), state.rules)
    claimer = scoring.last_trick_claimer(tally)
    if claimer is not None:
        return _claim(state, claimer, automatic=True)
    return _scored(state, scoring.settle_cards_out(tally, state.rules))


def _scored(state: GameState, outcome: scoring.Outcome) -> list[SixtySixEvent]:
    scored = _deal_scored(state, outcome)
    totals = _plus(state.game_points, outcome.per_seat())
    winner = scoring.match_winner(totals, state.rules)
    if winner is None:
        return [scored]
    return [scored, GameEnded(winner, 1 - winner, totals, "match")]


def _deal_scored(state: GameState, outcome: scoring.Outcome) -> DealScored:
    deal = _deal(state)
    tally = scoring.tally(deal, state.rules)
    return DealScored(
        deal_no=deal.deal_no,
        winner=outcome.winner,
        game_points=outcome.game_points,
        reason=outcome.reason,
        points=tally.points,
        tricks=(len(deal.tricks_of(0)), len(deal.tricks_of(1))),
        claimer=deal.claimer,
        closer=None if deal.closing is None else deal.closing.closer,
        held=deal.hands,
        stock=deal.stock,
    )


def _resign(state: GameState, seat: int) -> list[SixtySixEvent]:
    """S66-28: during a deal the opponent first scores 3 for it; the match ends at once and
    the resigner gets the Bummerl whatever the score."""
    resigned = PlayerResigned(seat)
    events: list[SixtySixEvent] = [resigned]
    totals = state.game_points
    if state.phase is Phase.CUT or state.phase in PLAYING:
        outcome = scoring.resigned(seat)
        events.append(_deal_scored(evolve(state, resigned), outcome))
        totals = _plus(totals, outcome.per_seat())
    return [*events, GameEnded(1 - seat, seat, totals, "resigned")]


def _plus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    return (a[0] + b[0], a[1] + b[1])
