"""The strong bot's worlds: the rules of the rest of the deal as the seat's view fixes them,
and the unseen cards dealt to the other hands (and to the face-down coffins and discards)
consistently with everything the view shows (`app.bots.sampling.deal_hidden`)."""

from __future__ import annotations

import random

from app.bots.kozel32.fast import INDEX, POINTS, Rules, Scoring, World, mask_of
from app.bots.kozel32.knowledge import MERRY_SAD, Knowledge, privileged
from app.bots.masks import indices as cards
from app.bots.sampling import deal_hidden
from app.domain.cards import Card
from app.domain.kozel32.deck import DECK, card_points
from app.domain.kozel32.views import Kozel32View
from app.domain.view import View

POCKET = 100
"""The keys of the pockets among `deal_hidden`'s needs (seats are below)."""


def rules_of(view: View[Kozel32View], know: Knowledge) -> Rules:
    game = view.game
    seats = len(view.hand_sizes)
    solo = game.soloist
    side = tuple(range(seats)) if solo is not None else tuple(s % 2 for s in range(seats))
    catch_side = tuple(int(s != solo) for s in range(seats)) if solo is not None else side
    free = privileged(game)
    return Rules(
        seats=seats,
        side=side,
        catch_side=catch_side,
        classes=know.classes,
        free_leaders=(frozenset(() if free is None else (free,)) if know.restricted else None),
        ace_ban=know.ace_ban,
        blinds=frozenset(game.blinds),
        fixed_leader=_fixed_leader(view),
        catch=game.trump_preset == "shamok",  # C32-26: on by default; the view does not say
        scoring=Scoring(len(view.scores), game.board, game.eggs_pending, view.deal_no == 1),
    )


def _fixed_leader(view: View[Kozel32View]) -> int | None:
    """C32-19: in merry and sad the part's first leader leads every trick, unless a trick of
    this part already shows the other reading (`merry_sad_leads = first_trick`)."""
    game = view.game
    if game.boast not in MERRY_SAD or game.first_leader is None:
        return None
    part_tricks = game.tricks[{1: 0, 2: 3, 3: 6}.get(game.part, 0) :]
    if any(t.leader != game.first_leader for t in part_tricks):
        return None
    return game.first_leader


class Sampler:
    """Deals worlds for one decision of `know.seat`."""

    def __init__(self, view: View[Kozel32View], know: Knowledge, rules: Rules) -> None:
        game = view.game
        trick = view.trick
        self._know = know
        self._rules = rules
        self._sizes = view.hand_sizes
        played = tuple(INDEX[p.cards[0]] for p in trick.plays if p.cards) if trick else ()
        points = list(game.points)
        if game.soloist is not None and game.discards is not None:
            points[game.soloist] += sum(POINTS[INDEX[c]] for c in game.discards)
        self._base = World(
            hands=(),
            leader=trick.leader if trick is not None else know.seat,
            trick=played,
            points=tuple(points),
            taken=game.tricks_taken,
            led=know.led,
            order=(),
        )

    def __call__(self, rng: random.Random) -> World | None:
        know, seat = self._know, self._know.seat
        others = [s for s in range(len(self._sizes)) if s != seat]
        needs = {s: self._sizes[s] - know.known[s].bit_count() for s in others}
        for i, (count, _) in enumerate(know.pockets):
            needs[POCKET + i] = count
        free = know.unseen
        for mask in know.known:
            free &= ~mask
        pool = [DECK[c] for c in cards(free)]
        if any(n < 0 for n in needs.values()) or sum(needs.values()) != len(pool):
            return None  # cards still to come (a part of merry or sad): no world to search

        def fits(s: int, card: Card) -> bool:
            return s >= POCKET or not know.forbidden[s] >> INDEX[card] & 1

        dealt = deal_hidden(pool, needs, fits, rng)
        if dealt is None:
            return None
        hands = [know.hand if s == seat else know.known[s] for s in range(len(self._sizes))]
        for s in others:
            hands[s] |= mask_of(dealt[s])
        points = list(self._base.points)
        for i, (_, side) in enumerate(know.pockets):
            points[side] += card_points(dealt[POCKET + i])
        order = tuple(
            tuple(rng.sample(cards(hands[s]), hands[s].bit_count()))
            if s in self._rules.blinds
            else ()
            for s in range(len(hands))
        )
        return self._base._replace(hands=tuple(hands), points=tuple(points), order=order)
