"""The facts of a game of the 32-card Kozel, in the order they happen. `TYPE` names are fixed
forever; `payload_for` says what each seat may see of a fact while the кон runs.

Who sees what follows the rules: a seat sees its own dealt cards (C32-9), a batch only its
drawer (C32-15), the boaster's card in trick 1 only the boaster until the fourth card is in,
a mirror trump the turner and the partner who receives it (C32-16), a rest-pile card the seat
that put it there (C32-17), an exchange's cards the two partners (C32-13), coffins nobody
until the кон ends (C32-20), the talon and discards the soloist (C32-35).
"""

from __future__ import annotations

from app.domain.events import Event, EventRegistry
from app.domain.kozel32.events.boasts import (
    BatchDrawn,
    BatchKept,
    CardLaid,
    CardOpened,
    CardPutOut,
    CardsDiscarded,
    CardsPassed,
    CardsPiled,
    CoffinDealt,
    PacketCut,
    PartDealt,
    RoundOpened,
    TalonTaken,
    TrumpNamed,
    TrumpTurned,
)
from app.domain.kozel32.events.dealing import (
    BoastDeclared,
    DealVoided,
    DeckCut,
    DeckShuffled,
    GameStarted,
    HandsDealt,
    PlainDealChosen,
    StarRoundsNamed,
)
from app.domain.kozel32.events.play import (
    CardPlayed,
    DealScored,
    GameEnded,
    QueenCaught,
    SideResigned,
    TrickTaken,
)
from app.domain.kozel32.events.pre_play import (
    CardsExchanged,
    LastTrumpAccepted,
    LastTrumpKept,
    LastTrumpOffered,
    LastTrumpRefused,
    PlayStarted,
    RedealDemanded,
    RedealPassed,
)

EVENT_TYPES: tuple[type[Event], ...] = (
    GameStarted,
    DeckShuffled,
    PlainDealChosen,
    BoastDeclared,
    StarRoundsNamed,
    DeckCut,
    HandsDealt,
    DealVoided,
    RedealDemanded,
    RedealPassed,
    LastTrumpOffered,
    LastTrumpKept,
    LastTrumpAccepted,
    LastTrumpRefused,
    CardsExchanged,
    PlayStarted,
    TrumpNamed,
    BatchDrawn,
    BatchKept,
    CardLaid,
    CardsPassed,
    CardsPiled,
    PacketCut,
    TrumpTurned,
    RoundOpened,
    PartDealt,
    CoffinDealt,
    CardOpened,
    CardPutOut,
    TalonTaken,
    CardsDiscarded,
    CardPlayed,
    TrickTaken,
    QueenCaught,
    DealScored,
    SideResigned,
    GameEnded,
)

REGISTRY = EventRegistry(*EVENT_TYPES)

__all__ = [
    "EVENT_TYPES",
    "REGISTRY",
    "BatchDrawn",
    "BatchKept",
    "BoastDeclared",
    "CardLaid",
    "CardOpened",
    "CardPlayed",
    "CardPutOut",
    "CardsDiscarded",
    "CardsExchanged",
    "CardsPassed",
    "CardsPiled",
    "CoffinDealt",
    "DealScored",
    "DealVoided",
    "DeckCut",
    "DeckShuffled",
    "GameEnded",
    "GameStarted",
    "HandsDealt",
    "LastTrumpAccepted",
    "LastTrumpKept",
    "LastTrumpOffered",
    "LastTrumpRefused",
    "PacketCut",
    "PartDealt",
    "PlainDealChosen",
    "PlayStarted",
    "QueenCaught",
    "RedealDemanded",
    "RedealPassed",
    "RoundOpened",
    "SideResigned",
    "StarRoundsNamed",
    "TalonTaken",
    "TrickTaken",
    "TrumpNamed",
    "TrumpTurned",
]
