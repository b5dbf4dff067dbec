"""What Kozel with 4 cards (`kozel4`) and Bura (`bura`) share, written once: the 36-card deck
and its points, the trick of several cards (a lead of `k` cards, each next seat beating the top
set card by card or discarding `k` face down, the owner of the top set taking all), the board
of a deal with its stock drawn one card at a time from the trick's winner, the 2/4/6 scale of
penalty points to 12 with its eggs, the views of a trick and the record of a deal.

Modules: `deck`, `sets` (the legal card sets), `trick`, `board`, `commands`, `events`, `play`
(moves, their facts, refusals), `scoring`, `views`, `record`.
"""
