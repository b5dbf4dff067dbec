"""An exact double-dummy solver for the end of a deal: alpha-beta over every card, with a
transposition table at trick boundaries.

The value of a position is the card points team 0 takes from here to the end of the deal
(the current trick included), with a catch of the queen of clubs (K-13) worth ±`CATCH`.
Team 0 maximises it, team 1 minimises it.
"""

from __future__ import annotations

from app.bots.fast import CATCH, POINTS, cards, caught, legal, winner

_EXACT, _LOWER, _UPPER = 0, 1, 2


class Solver:
    def __init__(self) -> None:
        self._table: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def value(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
        return self._search(list(hands), leader, trick, -CATCH - 1, CATCH + 1)

    def best(self, hands: list[int], leader: int, trick: tuple[int, ...]) -> dict[int, int]:
        """The value of each legal card for the seat to play."""
        seat = (leader + len(trick)) % 4
        values = {}
        for card in cards(legal(hands[seat], trick)):
            hands[seat] &= ~(1 << card)
            values[card] = self._after(hands, leader, (*trick, card), -CATCH - 1, CATCH + 1)
            hands[seat] |= 1 << card
        return values

    def _after(
        self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int
    ) -> int:
        """The value once `trick` holds the card just played."""
        if len(trick) < 4:
            return self._search(hands, leader, trick, alpha, beta)
        won = winner(leader, trick)
        taken = sum(POINTS[c] for c in trick)
        gain = taken if won % 2 == 0 else 0
        team = caught(leader, trick)
        if team is not None:
            return CATCH if team == 0 else -CATCH
        if not hands[won]:
            return gain
        return gain + self._search(hands, won, (), alpha - gain, beta - gain)

    def _search(
        self, hands: list[int], leader: int, trick: tuple[int, ...], alpha: int, beta: int
    ) -> int:
        self.nodes += 1
        key = None
        if not trick:
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            stored = self._table.get(key)
            if stored is not None:
                value, flag = stored
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        seat = (leader + len(trick)) % 4
        maximize = seat % 2 == 0
        best = -CATCH - 1 if maximize else CATCH + 1
        low, high = alpha, beta
        for card in cards(legal(hands[seat], trick)):
            hands[seat] &= ~(1 << card)
            value = self._after(hands, leader, (*trick, card), low, high)
            hands[seat] |= 1 << card
            if maximize:
                best = max(best, value)
                low = max(low, best)
            else:
                best = min(best, value)
                high = min(high, best)
            if low >= high:
                break
        if key is not None:
            flag = _EXACT
            if best <= alpha:
                flag = _UPPER
            elif best >= beta:
                flag = _LOWER
            self._table[key] = (best, flag)
        return best


def brute_force(hands: list[int], leader: int, trick: tuple[int, ...]) -> int:
    """Plain minimax without pruning or memory: the reference for tests."""
    seat = (leader + len(trick)) % 4
    values = []
    for card in cards(legal(hands[seat], trick)):
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        played = (*trick, card)
        if len(played) < 4:
            values.append(brute_force(rest, leader, played))
            continue
        won = winner(leader, played)
        team = caught(leader, played)
        if team is not None:
            values.append(CATCH if team == 0 else -CATCH)
            continue
        gain = sum(POINTS[c] for c in played) if won % 2 == 0 else 0
        values.append(gain + (brute_force(rest, won, ()) if rest[won] else 0))
    return max(values) if seat % 2 == 0 else min(values)
