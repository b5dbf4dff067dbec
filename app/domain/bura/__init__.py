"""Bura / Burkozel (`shared/rules/bura.md`, rules B-1 … B-23): 2, 3 or 4 players each for
himself, 36 cards, 4 in hand refilled from a stock under a face-up trump card, leads of
several cards beaten card by card or discarded face down, the combinations (a bura of four
trumps ends the deal; четыре конца, молодка and Москва take the lead by a claim), 61 to win a
deal, a declaration of 61, penalty points 2/4/6 to 12.

The trick of several cards, the stock, the deck and the scale of penalty points are the
family's, shared with Kozel with 4 cards (`app.domain.multitrick`). What is this game's lives
here: the combinations (`combinations`), claims and declarations (`legal`, `decide`), the
players' scores (`scoring`).
"""

from app.domain.bura.game import GAME, Bura

__all__ = ["GAME", "Bura"]
