"""The classic 32-card Kozel on the wire: its bodies, view and record, from its domain
types, with an example of every move body and of a view for the document."""

from typing import Any

from app.api.games.adapter import Adapter
from app.domain.kozel32 import GAME
from app.domain.kozel32.state import DealSummary
from app.domain.kozel32.views import Kozel32View

BODY_EXAMPLES: dict[str, dict[str, Any]] = {
    "deal_plain": {"type": "deal_plain"},
    "boast": {"type": "boast", "name": "pants"},
    "name_rounds": {"type": "name_rounds", "rounds": [2, 5, 6]},
    "cut": {"type": "cut", "position": 12},
    "demand_redeal": {"type": "demand_redeal"},
    "pass": {"type": "pass"},
    "offer": {"type": "offer"},
    "keep": {"type": "keep"},
    "accept": {"type": "accept"},
    "refuse": {"type": "refuse"},
    "give": {"type": "give", "cards": ["7S"]},
    "choose_leader": {"type": "choose_leader", "leader": 2},
    "choose_card": {"type": "choose_card", "card": "9H"},
    "name_trump": {"type": "name_trump", "suit": "H"},
    "discard": {"type": "discard", "cards": ["KH", "10S"]},
    "play": {"type": "play", "card": "AS", "expected_version": 57},
    "play_blind": {"type": "play_blind", "position": 3},
}
"""One body of `POST …/moves` per kozel32 move, by its `type` (C32-8 … C32-35)."""

VIEW_EXAMPLE: dict[str, Any] = {
    # Seat 1 in deal 2: seat 0's team won deal 1 by one pair (84 : 36) and seat 0 declared
    # pants (C32-15). His lead lies face down in trick 1 (its count, not its card); seat 1
    # drew 10D and 9H, both neither aces nor trumps, and chooses which to lay. The position
    # is played through the game in tests/api/kozel32_example.py.
    "table_id": "9c41…",
    "variant": "kozel32",
    "version": 141,
    "status": "playing",
    "deal_no": 2,
    "phase": "boasting",
    "dealer": 0,
    "to_act": [1],
    "my_seat": 1,
    "my_hand": [],
    "trumps": ["7C", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AC", "10C", "KC", "9C", "8C"],
    "hand_sizes": [5, 0, 0, 0],
    "scores": [1, 0],
    "trick": {
        "leader": 0,
        "plays": [{"seat": 0, "cards": None, "count": 1, "face": "down"}],
        "winner": None,
        "points": None,
    },
    "last_trick": None,
    "messages": [],
    "messages_allowed": False,
    "commitment": "4bb06f8e4e3a7715d201d573d0aa423762e55dabd61a2c02278fa56cc6d294e0",
    "move_clock_s": None,
    "deadlines": [],
    "stock": None,
    "refused": [],
    "pick": None,
    "result": None,
    "legal_actions": [
        {"endpoint": "moves", "body": {"type": "choose_card", "card": "10D"}},
        {"endpoint": "moves", "body": {"type": "choose_card", "card": "9H"}},
    ],
    "last_deal": {
        "kon_no": 1,
        "dealer": 3,
        "boast": None,
        "result": "one_pair",
        "points": [84, 36],
        "tricks": [5, 3],
        "winner": 0,
        "gains": [1, 0],
        "reset": [],
        "lost": [0, 0],
        "boards": [1, 0],
        "eggs_pending": 0,
        "caught_by": None,
        "tailed": False,
        "boaster": None,
        "soloist": None,
        "saved": [1],
    },
    "target": {"score": 6, "toward": [1, 0], "rules": ["C32-30", "C32-31"]},
    "cautions": [],
    "game": {
        "players": 4,
        "trump_preset": "shamok",
        "blinds": [],
        "board": [1, 0],
        "eggs_pending": 0,
        "eggs_played": False,
        "leading_side": 0,
        "cutter": 3,
        "cut": 1,
        "first_leader": None,
        "boast": "pants",
        "boaster": 0,
        "star_rounds": [],
        "soloist": None,
        "trump_suit": "C",
        "trump_named": False,
        "part": 0,
        "demands": 0,
        "voided": [],
        "shown_hand": None,
        "deck_size": 24,
        "batch": {"seat": 1, "count": 2, "cards": ["10D", "9H"]},
        "rest_pile": 0,
        "my_rest_pile": [],
        "discards": None,
        "discard_count": 0,
        "exchanges": [],
        "tricks": [],
        "tricks_taken": [0, 0],
        "points": [0, 0],
        "caught_by": None,
    },
}
"""A seat's view of a pants deal (C32-15), as `GET …/state` gives it."""

ADAPTER = Adapter(
    GAME,
    part=Kozel32View,
    summary=DealSummary,
    example=VIEW_EXAMPLE,
    body_examples=BODY_EXAMPLES,
)
