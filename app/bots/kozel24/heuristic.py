"""The heuristic bot: card counting and void tracking, cash plain aces, win cheaply, smear
points on a partner's safe trick, catch Q♣ with 6♣ and keep Q♣ away from a live 6♣, and
answer every pre-play decision."""

from __future__ import annotations

import random

from app.bots.kozel24.fast import CATCH, QUEEN, SIX, winner
from app.bots.kozel24.knowledge import Knowledge, infer
from app.bots.masks import indices as cards
from app.domain import kozel24 as k
from app.domain.cards import Card
from app.domain.commands import Command
from app.domain.kozel24 import deck

POINTS = deck.POINTS
CLASS_OF = deck.CLASS_OF
TRUMP_MASK = deck.TRUMP_MASK
JACK_OF_CLUBS = deck.INDEX[Card.parse("JC")]


class HeuristicBot:
    level = "heuristic"

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, view: k.View) -> Command:
        actions = view.legal_actions
        if len(actions) == 1:
            return actions[0]
        first = actions[0]
        if isinstance(first, k.CutDeck):
            return self._rng.choice(actions)
        if view.phase is k.Phase.DECISIONS:
            return decide_before_play(view, actions)
        return play_card(view, infer(view), actions)


def decide_before_play(view: k.View, actions: tuple[Command, ...]) -> Command:
    """K-9/K-10: exchange a weak lone trump, give the partner a useful plain card, claim the
    no-queens void when the team's trumps are weak."""
    hand = deck.mask_of(view.hand or ())
    for action in actions:
        if isinstance(action, k.DecideExchange):
            # A lone trump below J♣ is worth more in the partner's trump length.
            lone = (hand & TRUMP_MASK).bit_length() - 1
            return k.DecideExchange(action.seat, lone > JACK_OF_CLUBS)
        if isinstance(action, k.ClaimNoQueens):
            strong = hand & (1 << SIX) or (hand & TRUMP_MASK).bit_count() >= 3
            return k.PlayOn(action.seat) if strong else action
    gives = [a for a in actions if isinstance(a, k.GiveCard)]
    if gives:
        # The partner lacks trumps: give it a plain ace to cash, else the cheapest card.
        aces = [g for g in gives if g.card.rank.value == "A" and not deck.is_trump(g.card)]
        if aces:
            return aces[0]
        return min(gives, key=lambda g: (POINTS[deck.INDEX[g.card]], -deck.INDEX[g.card]))
    return actions[0]


def play_card(view: k.View, know: Knowledge, actions: tuple[Command, ...]) -> Command:
    by_index = {deck.INDEX[a.card]: a for a in actions if isinstance(a, k.PlayCard)}
    options = sorted(by_index)
    trick = view.trick
    plays = trick.plays if trick is not None else ()
    if not plays:
        return by_index[_lead(know, options)]
    leader = trick.leader if trick is not None else 0
    played = tuple(deck.INDEX[card] for p in plays for card in p.cards or ())
    return by_index[_follow(know, options, leader, played)]


def _lead(know: Knowledge, options: list[int]) -> int:
    opponents = [(know.seat + 1) % 4, (know.seat + 3) % 4]
    # Cash a plain ace when no opponent is known to be void in its suit (it would be trumped).
    for card in options:
        plain_ace = CLASS_OF[card] != 0 and POINTS[card] == 11
        if plain_ace and not any(CLASS_OF[card] in know.voids[o] for o in opponents):
            return card
    trumps = [c for c in options if CLASS_OF[c] == 0]
    unseen_trumps = cards(know.unseen & TRUMP_MASK)
    # Holding the top trump still out: draw trumps with it (but never lead Q♣ into a live 6♣).
    top = trumps and (not unseen_trumps or trumps[0] < unseen_trumps[0])
    if top and (trumps[0] != QUEEN or not know.unseen >> SIX & 1):
        return trumps[0]
    safe = [c for c in options if c != QUEEN or not know.unseen >> SIX & 1]
    pool = safe or options
    # Otherwise the cheapest card, keeping strong trumps and points for later.
    return min(pool, key=lambda c: (POINTS[c], -c))


def _follow(know: Knowledge, options: list[int], leader: int, played: tuple[int, ...]) -> int:
    seat = know.seat
    if SIX in options and QUEEN in played and (len(played) - played.index(QUEEN)) % 2:
        return SIX  # K-13: the queen of clubs was played by an opponent: catch it
    best = winner(leader, played)
    partner_wins = best % 2 == seat % 2
    last = len(played) == 3
    if partner_wins and (last or _safe(know, leader, played)):
        # Smear: the richest card that does not risk Q♣ or waste 6♣.
        richest = [c for c in options if c not in (QUEEN, SIX)] or options
        return max(richest, key=lambda c: (POINTS[c], c))
    if not partner_wins:
        beating = [c for c in options if winner(leader, (*played, c)) == seat]
        trick_points = sum(POINTS[c] for c in played)
        if beating and (trick_points >= 4 or last or len(options) <= 2):
            if last:
                return max(beating, key=lambda c: (c, -POINTS[c]))  # the cheapest winner
            safe = [c for c in beating if c != QUEEN or not know.unseen >> SIX & 1]
            return min(safe or beating)  # the strongest: it must hold against the rest
    # Cannot or need not win: throw the cheapest card, never Q♣ into a live 6♣.
    return min(options, key=lambda c: (POINTS[c] + (CATCH if c == QUEEN else 0), -c))


def _safe(know: Knowledge, leader: int, played: tuple[int, ...]) -> bool:
    """The partner's card cannot be beaten by the cards still unseen (a sure trick)."""
    top = played[deck.winning_position(played)]
    led = CLASS_OF[played[0]]
    threats = know.unseen & (TRUMP_MASK | deck.CLASS_MASK[led])
    return not any(winner(0, (top, c)) == 1 for c in cards(threats))
