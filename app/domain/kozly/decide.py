"""`decide(state, command) -> events`: check a command against the rules and state the facts.

Nothing here changes a state. Legality is `legal.legal_actions`; what follows a command with
nobody's choice (the deal after the cut, the trick taken, the deal of half 2, the draws, the
count, the end of the game) is worked out from the state after the facts before it, so each
rule is written once (in `evolve`, `dealing`, `scoring`).
"""

from __future__ import annotations

from typing import NoReturn

from app.domain.cards import Card
from app.domain.chance import commitment
from app.domain.commands import Command, Resign, ShuffleDeck
from app.domain.errors import GameOver, IllegalAction, MalformedCommand, NotYourTurn, Reason
from app.domain.kozly import dealing, deck, legal, scoring
from app.domain.kozly.commands import CUT_POSITIONS, CutDeck, PlayCard
from app.domain.kozly.events import (
    CardDrawn,
    CardPlayed,
    DeckCut,
    DeckShuffled,
    GameEnded,
    HandsDealt,
    KozlyEvent,
    PlayerResigned,
    TrickTaken,
    TrumpTurned,
)
from app.domain.kozly.evolve import evolve
from app.domain.kozly.state import SEATS, Deal, GameState, Phase
from app.domain.stock import draw
from app.domain.words import en, ru


def decide(state: GameState, command: Command) -> list[KozlyEvent]:
    """The events that `command` causes, or a `DomainError` saying why it is refused."""
    match command:
        case ShuffleDeck():
            return _shuffle(state, command)
        case CutDeck():
            _check_move(state, command)
            return _cut(state, command)
        case PlayCard():
            _check_move(state, command)
            return _play(state, command)
        case Resign():
            return _resign(state, command)
        case _:
            kind = getattr(command, "TYPE", "?")
            raise MalformedCommand(f"no move of type {kind!r} in kozly; its moves: cut, play")


def _shuffle(state: GameState, command: ShuffleDeck) -> list[KozlyEvent]:
    seed = command.seed
    if not isinstance(seed, bytes) or not seed:
        raise MalformedCommand("a shuffle needs a non-empty seed of bytes")
    if state.phase is Phase.GAME_OVER:
        raise GameOver("the game is over (KZ-19)")
    if state.phase is not Phase.SHUFFLE:
        raise IllegalAction(
            Reason(
                "not_between_deals",
                ("KZ-9",),
                "the deck is shuffled only before a deal",
                "колоду тасуют только перед сдачей",
            )
        )
    deal_no = 1 if state.deal is None else state.deal.no + 1
    return [DeckShuffled(deal_no, state.next_dealer, seed, commitment(seed))]


def _cut(state: GameState, command: CutDeck) -> list[KozlyEvent]:
    """KZ-9 to KZ-12: the cut, then the deal and the trump card."""
    cut = DeckCut(command.seat, command.position)
    cards = _deal(evolve(state, cut)).undealt
    dealer = _deal(state).dealer
    leader = (dealer + 1) % SEATS
    if state.options.halves:
        # KZ-10: the last card of half 1, in L's hand, is the trump card.
        hands = dealing.deal_half(cards[: dealing.HALF], dealer)
        return [cut, HandsDealt(dealer, hands), TrumpTurned(hands[leader][-1], leader)]
    # KZ-12: the first card after the hands is turned and goes under the stock.
    hands = dealing.deal_stock(cards, dealer)
    return [cut, HandsDealt(dealer, hands), TrumpTurned(cards[dealing.HALF], None)]


def _play(state: GameState, command: PlayCard) -> list[KozlyEvent]:
    played = CardPlayed(command.seat, command.card)
    trick = _deal(state).trick
    assert trick is not None
    if len(trick.cards) < SEATS - 1:
        return [played]
    return [played, *_trick_complete(evolve(state, played))]


def _trick_complete(state: GameState) -> list[KozlyEvent]:
    """KZ-5: the highest jack, else the highest trump, else the highest card of the led
    suit takes the trick; then the deal goes on (KZ-11, KZ-13) or is counted (KZ-16)."""
    deal = _deal(state)
    assert deal.trick is not None and deal.trump is not None
    cards = deal.trick.cards
    winner = (deal.trick.leader + deck.ranking(deal.trump).winner(cards)) % SEATS
    taken = TrickTaken(winner, deck.card_points(cards))
    after = evolve(state, taken)
    played = len(_deal(after).tricks)
    if played == dealing.TRICKS_PER_DEAL:
        return [taken, *_count(after)]
    if state.options.halves:
        if played == dealing.TRICKS_PER_HALF:
            return [taken, _second_half(_deal(after))]
        return [taken]
    return [taken, *_draws(_deal(after), winner)]


def _second_half(deal: Deal) -> HandsDealt:
    """KZ-11: `dealer + 1` deals the set-aside half the same way; no card is turned."""
    dealer = (deal.dealer + 1) % SEATS
    return HandsDealt(dealer, dealing.deal_half(deal.undealt, dealer))


def _draws(deal: Deal, winner: int) -> list[KozlyEvent]:
    """KZ-13: while the stock holds cards, each draws one, the trick's winner first and then
    clockwise; the face-up trump card is drawn last, in public."""
    _, _, drawn = draw(deal.undealt, deal.hands, winner, dealing.HAND_SIZE)
    return [CardDrawn(seat, card, card == deal.trump_card) for seat, card in drawn]


def _count(state: GameState) -> list[KozlyEvent]:
    """KZ-16 to KZ-19: the count, the marks, and perhaps the end of the game."""
    deal = _deal(state)
    scored = scoring.score_deal(
        state.options, deal.no, deal.dealer, deal.points(), state.carried, state.marks
    )
    winner = scored.winner
    after = evolve(state, scored)
    if winner is None or not scoring.game_over(after.options, after.marks, after.received, winner):
        return [scored]
    marks = after.marks
    ended = GameEnded(
        winner,
        state.options.end,
        marks,
        scoring.places(marks, winner, None),
        scoring.goats(marks, winner, None),
    )
    return [scored, ended]


def _resign(state: GameState, command: Resign) -> list[KozlyEvent]:
    """KZ-20: the game ends at once; the deal in progress is dropped; nobody wins; the
    resigner ranks last and is the only goat."""
    seat = _seat(command.seat)
    if not legal.can_resign(state):
        raise GameOver("the game is over (KZ-19)")
    marks = state.marks
    places = scoring.places(marks, None, seat)
    ended = GameEnded(None, "resigned", marks, places, scoring.goats(marks, None, seat))
    return [PlayerResigned(seat), ended]


def _deal(state: GameState) -> Deal:
    assert state.deal is not None
    return state.deal


def _seat(seat: object) -> int:
    if type(seat) is not int:
        raise MalformedCommand(f"a seat is a whole number, not {seat!r}")
    if not 0 <= seat < SEATS:
        raise MalformedCommand(f"there is no seat {seat}: the seats are 0 to 3 (KZ-1)")
    return seat


def _check_move(state: GameState, command: CutDeck | PlayCard) -> None:
    """Refuse `command` unless it is among the seat's legal actions, saying why."""
    seat = _seat(command.seat)
    if isinstance(command, CutDeck) and type(command.position) is not int:
        raise MalformedCommand(f"a cut position is a whole number, not {command.position!r}")
    if isinstance(command, PlayCard) and not isinstance(command.card, Card):
        raise MalformedCommand(f"a play needs a card code such as AS or 10H, not {command.card!r}")
    if command not in legal.legal_actions(state, seat):
        _refuse(state, seat, command)


def _refuse(state: GameState, seat: int, command: CutDeck | PlayCard) -> NoReturn:
    verb = "cut" if isinstance(command, CutDeck) else "play"
    match state.phase:
        case Phase.GAME_OVER:
            raise GameOver("the game is over (KZ-19)")
        case Phase.SHUFFLE:
            raise NotYourTurn(f"seat {seat} may not {verb} now: the deck is being shuffled (KZ-9)")
        case Phase.CUT:
            cutter = legal.cutter(_deal(state).dealer)
            if seat != cutter:
                raise NotYourTurn(f"seat {seat} may not {verb} now: seat {cutter} cuts (KZ-9)")
            if isinstance(command, PlayCard):
                raise IllegalAction(
                    Reason(
                        "cut_first",
                        ("KZ-9",),
                        f"seat {seat} must cut the deck before the play",
                        f"место {seat} сначала снимает колоду",
                    )
                )
            low, high = CUT_POSITIONS.start, CUT_POSITIONS.stop - 1
            raise IllegalAction(
                Reason(
                    "cut_position",
                    ("KZ-9",),
                    f"the deck is cut at a position from {low} to {high}, not {command.position}",
                    f"колоду снимают на месте от {low} до {high}, а не {command.position}",
                )
            )
        case Phase.PLAY:
            to_play = legal.to_act(state)[0]
            if seat != to_play:
                raise NotYourTurn(f"seat {seat} may not {verb} now: seat {to_play} plays (KZ-14)")
            if isinstance(command, CutDeck):
                raise IllegalAction(
                    Reason(
                        "cut_before_deal",
                        ("KZ-9",),
                        "the deck is cut only before a deal is dealt",
                        "колоду снимают только перед сдачей",
                    )
                )
            raise IllegalAction(
                Reason(
                    "not_in_hand",
                    ("KZ-6",),
                    f"seat {seat} does not hold {en(command.card)}: any card in the hand may be "
                    "played",
                    f"у места {seat} нет {ru(command.card)}: можно ходить любой картой с руки",
                )
            )
    raise AssertionError(state.phase)
