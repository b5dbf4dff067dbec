"""Literal deals and positions for rule tests.

`dealt` deals literal hands through the events of a deal (events are facts, so any hands can be
dealt); `position` builds a state mid-deal by hand, for rules that need a closed or exhausted
stock or tricks already taken. `act` runs commands through `decide` and `evolve`.
"""

from __future__ import annotations

from dataclasses import replace

from app.domain.cards import Card, Suit, parse_cards
from app.domain.chance import commitment
from app.domain.commands import Command
from app.domain.events import Event
from app.domain.options import encode_options
from app.domain.sixty_six import GAME, Options, Phase, decide, evolve
from app.domain.sixty_six.events import CardsDealt, DeckShuffled, GameStarted
from app.domain.sixty_six.options import Rules
from app.domain.sixty_six.state import Closing, Deal, GameState, Marriage, Trick
from tests.domain.sixty_six.script import parse_command

SEED = b"literal deal"
DEFAULT = Options()


def card(code: str) -> Card:
    return Card.parse(code)


def cards(codes: str) -> tuple[Card, ...]:
    return parse_cards(codes)


def started(options: Options = DEFAULT, first_dealer: int = 0) -> GameState:
    state = None
    for event in GAME.start_game(options, 2, first_dealer):
        state = GAME.evolve(state, event)
    assert state is not None
    return state


def dealt(
    hands: tuple[str, str],
    trump_card: str,
    stock: str,
    *,
    dealer: int = 1,
    options: Options = DEFAULT,
    game_points: tuple[int, int] = (0, 0),
    deal_no: int = 1,
) -> GameState:
    """Seat 0 and seat 1 dealt `hands`, `trump_card` face up under the face-down `stock`
    (drawn from the left). With the default dealer 1, seat 0 is the forehand."""
    state = evolve(None, GameStarted(encode_options(options), 2, dealer))
    state = replace(state, game_points=game_points)
    deck = Rules.of(options).deck
    state = evolve(state, DeckShuffled(deal_no, dealer, deck, SEED, commitment(SEED)))
    return evolve(
        state, CardsDealt((cards(hands[0]), cards(hands[1])), card(trump_card), cards(stock))
    )


def won(seat: int, codes: str) -> Trick:
    """A trick that `seat` led and took (its cards as written)."""
    lead, follow = cards(codes)
    return Trick(seat, (lead, follow), seat)


def position(
    hands: tuple[str, str],
    trump: str,
    *,
    stock: str = "",
    leader: int = 0,
    dealer: int = 1,
    tricks: tuple[Trick, ...] = (),
    marriages: tuple[Marriage, ...] = (),
    closing: Closing | None = None,
    phase: Phase = Phase.LEAD,
    trick: str = "",
    options: Options = DEFAULT,
    game_points: tuple[int, int] = (0, 0),
) -> GameState:
    """A deal in progress, by hand: `stock` ends with the trump card (as `Deal.stock`)."""
    state = replace(started(options, dealer), game_points=game_points)
    deal = Deal(
        deal_no=1,
        dealer=dealer,
        seed=SEED,
        cut=1,
        trump=Suit(trump),
        trump_card=cards(stock)[-1] if stock else None,
        hands=(cards(hands[0]), cards(hands[1])),
        stock=cards(stock),
        leader=leader,
        trick=cards(trick),
        tricks=tricks,
        marriages=marriages,
        closing=closing,
    )
    return replace(state, phase=phase, deal=deal)


def act(state: GameState, *commands: Command | str) -> tuple[GameState, list[Event]]:
    """Apply `commands` (or their script lines) in turn; the state and every event."""
    events: list[Event] = []
    for given in commands:
        command = parse_command(given) if isinstance(given, str) else given
        new = decide(state, command)
        for event in new:
            state = evolve(state, event)
        events += new
    return state, events


def legal_cards(state: GameState, seat: int) -> set[str]:
    return {
        str(action.card)  # type: ignore[attr-defined]
        for action in GAME.legal_actions(state, seat)
        if hasattr(action, "card")
    }


def legal_types(state: GameState, seat: int) -> list[str]:
    return [action.TYPE for action in GAME.legal_actions(state, seat)]


def counted(state: GameState, seat: int) -> int:
    from app.domain.sixty_six.scoring import counted_score

    assert state.deal is not None
    return counted_score(state.deal, state.rules, seat)


def first_legal(state: GameState) -> GameState:
    """The acting seat gives its first legal action."""
    seat = GAME.to_act(state)[0]
    state, _ = act(state, GAME.legal_actions(state, seat)[0])
    return state


def end_deal_by_claim(state: GameState) -> tuple[GameState, list[Event]]:
    """Play the first trick with the first cards in hand, then its winner claims (falsely,
    with a single trick)."""
    assert state.deal is not None
    leader = state.deal.leader
    state, events = act(state, f"lead {leader} {state.deal.hands[leader][0]}")
    assert state.deal is not None
    follower = 1 - leader
    state, more = act(state, f"play {follower} {state.deal.hands[follower][0]}")
    winner = GAME.to_act(state)[0]
    state, claim = act(state, f"claim_out {winner}")
    return state, events + more + claim
