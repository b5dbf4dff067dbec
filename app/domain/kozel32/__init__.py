"""The classic 32-card Kozel with boasts (`shared/rules/kozel32.md`, rules C32-1 … C32-36).

Four players in two teams, or three (with a blind, or the queen-of-spades game), or two (two
blinds). The package, one concept per module: the cards and trumps (`deck`), the options, the
seats (`table`), commands, events, the state and its fold (`state`, `evolve`), what happens
next (`flow`: the cut and plain deal in `plain`, the pre-play phase in `pre_play`, the nine
boasts in `boasts`, the queen-of-spades talon, the play in `play`), `decide`, scoring and the
board (`scoring`), views, zones, the deal record and the move clock.
"""

from app.domain.kozel32.game import GAME, Kozel32

__all__ = ["GAME", "Kozel32"]
