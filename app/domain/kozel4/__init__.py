"""Kozel with 4 cards (`shared/rules/kozel4.md`, rules K4-1 … K4-21): two teams of two, 36
cards, 4 in hand refilled from a stock, a trump card shown from the middle of the stock (or
the club ladder), leads of several cards beaten card by card or passed face down, the
молодка claimed out of turn, loss points 2/4/6 to 12.

The trick of several cards, the stock, the deck and the scale of loss points are the
family's, shared with Bura (`app.domain.multitrick`). What is this game's lives here: the
trumps (`deck`), the hand-off and the молодка (`legal`, `decide`), the teams' scores
(`scoring`).
"""

from app.domain.kozel4.game import GAME, Kozel4

__all__ = ["GAME", "Kozel4"]
