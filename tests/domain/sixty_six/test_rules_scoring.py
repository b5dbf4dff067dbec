"""S66-21 … S66-25: the counted score, claiming out, game points, closed deals and the end of
the cards (worked examples 9 to 17 and 27)."""

from __future__ import annotations

from app.domain.cards import Suit
from app.domain.sixty_six import GAME, DealEnd, Options, Phase
from app.domain.sixty_six.events import CardDrawn, DealScored, OutClaimed
from app.domain.sixty_six.state import Closing, GameState, Marriage, Trick
from tests.domain.sixty_six.helpers import DEFAULT, act, counted, legal_types, position, won

SCHNAPSEN = Options(deck="schnapsen")
# Tricks of known points.
N66 = (won(0, "AS 10S"), won(0, "AH 10H"), won(0, "AD 10D"), won(0, "QS 9C"))  # 66
D33 = (won(1, "AC 10C"), won(1, "KC QC"), won(1, "QD JD"))  # 33
D32 = (won(1, "AC 10C"), won(1, "KC QC"), won(1, "KD 9H"))  # 32
NINES = (won(1, "9H 9S"),)  # a trick of 0 points


def claimed(
    tricks: tuple[Trick, ...],
    claimer: int = 0,
    *,
    closing: Closing | None = None,
    marriages: tuple[Marriage, ...] = (),
    options: Options = DEFAULT,
) -> DealScored:
    """`claimer`, on lead with the stock open, claims out."""
    state = position(
        ("JS 9D", "JH KH"),
        "C",
        stock="KS JC",
        leader=claimer,
        tricks=tricks,
        marriages=marriages,
        closing=closing,
        options=options,
    )
    _, events = act(state, f"claim_out {claimer}")
    assert events[0] == OutClaimed(claimer, False)
    scored = events[1]
    assert isinstance(scored, DealScored)
    return scored


def last_trick(
    lead: str,
    follow: str,
    tricks: tuple[Trick, ...],
    *,
    leader: int = 0,
    closing: Closing | None = None,
    marriages: tuple[Marriage, ...] = (),
    options: Options = DEFAULT,
) -> tuple[GameState, list[object]]:
    """The last trick: `leader` has led `lead`; the follower plays `follow`, his last card."""
    hands = ("", follow) if leader == 0 else (follow, "")
    state = position(
        hands,
        "C",
        stock="" if closing is None else "KC 9C",
        leader=leader,
        tricks=tricks,
        marriages=marriages,
        closing=closing,
        phase=Phase.FOLLOW,
        trick=lead,
        options=options,
    )
    follower = 1 - leader
    state, events = act(state, f"play {follower} {follow}")
    return state, list(events)


def outcome(scored: object) -> tuple[int | None, int, DealEnd]:
    assert isinstance(scored, DealScored)
    return (scored.winner, scored.game_points, scored.reason)


def test_s66_21_card_points_plus_credited_marriages_plus_the_last_trick() -> None:
    pending = position(
        ("KS", "QS"), "C", tricks=(won(1, "AS 10S"),), marriages=(Marriage(0, Suit.HEARTS, 20),)
    )
    assert counted(pending, 0) == 0
    credited = position(
        ("KS", "QS"), "C", tricks=(won(0, "JS 9S"),), marriages=(Marriage(0, Suit.HEARTS, 20),)
    )
    assert counted(credited, 0) == 22
    state, _ = last_trick("KS", "QS", (won(0, "JS 9S"),))
    assert counted(state, 0) == 2 + 7 + 10  # the last-trick bonus (S66-25)


def test_s66_22_claim_only_just_after_winning_a_trick() -> None:
    state = position(("AS 10S", "KS 9S"), "C", stock="KD QD JD AC", tricks=(won(0, "AH 10H"),))
    assert "claim_out" in legal_types(state, 0)
    state, _ = act(state, "lead 0 10S", "play 1 9S")  # he leads without claiming, wins again
    assert "claim_out" in legal_types(state, 0)
    state, _ = act(state, "draw 0", "lead 0 AS")
    assert "claim_out" not in legal_types(state, 0)


N64 = (won(0, "AS 10S"), won(0, "AH 10H"), won(0, "AD KD"), won(0, "QS KS"))


def test_s66_22_example_11_a_false_claim() -> None:
    assert outcome(claimed(N64 + D33)) == (1, 2, DealEnd.FALSE_CLAIM)
    assert outcome(claimed(N64)) == (1, 3, DealEnd.FALSE_CLAIM)  # D has no trick


def test_s66_22_auto_out_claims_after_the_trick_before_the_draw() -> None:
    state = position(
        ("KS 9D", "QS JH"),
        "C",
        stock="KD QD JD AC",
        tricks=(won(0, "AS 10S"), won(0, "AH 10H"), won(0, "AD 10D")),
        options=Options(auto_out=True),
    )
    state, events = act(state, "lead 0 KS", "play 1 QS")  # 63 + 7 = 70
    assert events[3] == OutClaimed(0, True)
    assert not any(isinstance(e, CardDrawn) for e in events)
    assert outcome(events[4]) == (0, 3, DealEnd.CLAIM)
    assert state.phase is Phase.SHUFFLE


def test_s66_23_example_9_one_two_or_three() -> None:
    assert outcome(claimed(N66 + D33)) == (0, 1, DealEnd.CLAIM)
    assert outcome(claimed(N66 + D32)) == (0, 2, DealEnd.CLAIM)
    assert outcome(claimed(N66 + NINES)) == (0, 2, DealEnd.CLAIM)  # a trick, if of 0 points
    assert outcome(claimed(N66)) == (0, 3, DealEnd.CLAIM)


def test_s66_23_example_10_the_losers_credited_marriage_counts() -> None:
    scored = claimed((*N66, won(1, "KH 10D")), marriages=(Marriage(1, Suit.HEARTS, 20),))
    assert scored.points == (66, 34)
    assert outcome(scored) == (0, 1, DealEnd.CLAIM)


def test_s66_23_example_12_the_closers_win_is_judged_at_the_closing() -> None:
    n68 = (*N66, won(0, "JD 9S"))
    d45 = (*D32, won(1, "KS KH"), won(1, "QH JH"))
    scored = claimed(n68 + d45, closing=Closing(0, 20, True, False))
    assert scored.points == (68, 45)
    assert outcome(scored) == (0, 2, DealEnd.CLAIM)  # on D's 20 at the closing, not his 45


def test_s66_23_example_13_no_trick_at_the_closing_is_3() -> None:
    scored = claimed(N66 + D33, closing=Closing(0, 0, False, False))
    assert outcome(scored) == (0, 3, DealEnd.CLAIM)  # even though D has won tricks since


def test_s66_24_example_14_the_closer_fails() -> None:
    n57 = (won(0, "AS 10S"), won(0, "AH 10H"), won(0, "AD KD"))
    for o_tricks, points in ((True, 2), (False, 3)):
        closing = Closing(0, 40, o_tricks, False)
        state, events = last_trick("QS", "9S", n57 + D33, closing=closing)
        assert counted(state, 0) == 60  # no bonus after a closing
        assert outcome(events[-1]) == (1, points, DealEnd.CLOSED_FAILURE)


def test_s66_24_every_other_ending_fails_the_closer() -> None:
    closer_0 = Closing(0, 40, True, False)
    assert outcome(claimed(N64 + D33, closing=closer_0)) == (1, 2, DealEnd.CLOSED_FAILURE)
    no_trick = Closing(0, 0, False, False)
    assert outcome(claimed(N64 + D33, closing=no_trick)) == (1, 3, DealEnd.CLOSED_FAILURE)
    # The closer's opponent claims correctly: he scores 2 (3 if he had no trick at closing).
    closer_1 = Closing(1, 50, True, False)
    assert outcome(claimed(N66 + D33, closing=closer_1)) == (0, 2, DealEnd.CLOSED_FAILURE)
    closer_1_blank = Closing(1, 0, False, False)
    assert outcome(claimed(N66 + D33, closing=closer_1_blank)) == (0, 3, DealEnd.CLOSED_FAILURE)


def test_s66_24_a_false_claim_by_the_closers_opponent_is_s66_22() -> None:
    closer_1 = Closing(1, 50, True, False)
    assert outcome(claimed(N64 + D33, closing=closer_1)) == (1, 2, DealEnd.FALSE_CLAIM)
    assert outcome(claimed(N64, closing=closer_1)) == (1, 3, DealEnd.FALSE_CLAIM)


def test_s66_24_example_27_an_unclaimed_66_of_the_closer_is_only_a_score() -> None:
    n70 = (*N66, won(0, "KS 9D"))
    state, events = last_trick("JH", "KH", n70 + D33, closing=Closing(0, 40, True, False))
    assert counted(state, 0) == 70
    assert counted(state, 1) == 39
    assert outcome(events[-1]) == (1, 2, DealEnd.CLOSED_FAILURE)


def test_s66_25_example_15_the_last_trick_bonus_and_the_automatic_claim() -> None:
    n55 = (won(0, "AS 10S"), won(0, "AH 10H"), won(0, "10D QD"))
    d58 = tuple(
        won(1, pair)
        for pair in ("AC 10C", "KC QC", "JC 9C", "JS 9S", "KH QH", "JH 9H", "AD KD", "JD 9D")
    )
    state, events = last_trick("KS", "QS", n55 + d58)
    assert counted(state, 0) == 55 + 7 + 10
    assert events[-2] == OutClaimed(0, True)
    assert outcome(events[-1]) == (0, 1, DealEnd.CLAIM)


def test_s66_25_example_16_65_to_65_is_void_and_the_deal_alternates() -> None:
    n51 = (won(0, "AS 10S"), won(0, "AH 10H"), won(0, "KS QS"), won(0, "JC 9C"))
    d65 = tuple(
        won(1, pair) for pair in ("AC 10C", "KC QC", "9S 9H", "KH QH", "AD 10D", "KD QD", "JD 9D")
    )
    state, events = last_trick("JH", "JS", n51 + d65)
    scored = events[-1]
    assert isinstance(scored, DealScored)
    assert scored.points == (65, 65)
    assert outcome(scored) == (None, 0, DealEnd.TIE)
    assert state.game_points == (0, 0)
    assert state.deal is not None
    assert state.next_dealer == 1 - state.deal.dealer
    assert GAME.deal_outcome(state) == (0.0, 0.0)


def test_s66_25_example_16_75_to_75_is_the_last_tricks_winners() -> None:
    n41 = (won(0, "AS 10S"), won(0, "AH KH"), won(0, "QD JD"))
    d75 = tuple(
        won(1, pair)
        for pair in ("AC 10C", "KC QC", "JC 9C", "KS QS", "9S 9H", "10H QH", "AD 10D", "KD 9D")
    )
    marriage = (Marriage(0, Suit.SPADES, 20),)
    state, events = last_trick("JH", "JS", n41 + d75, marriages=marriage)
    assert (counted(state, 0), counted(state, 1)) == (75, 75)
    assert events[-2] == OutClaimed(0, True)
    assert outcome(events[-1]) == (0, 1, DealEnd.CLAIM)


def test_s66_25_example_17_schnapsen_goes_to_the_last_tricks_winner() -> None:
    n52 = (won(0, "AS 10S"), won(0, "AD 10D"), won(0, "KD JD"), won(0, "JS JH"))
    d55 = tuple(won(1, pair) for pair in ("AC 10C", "KC QC", "JC QD", "KS QS", "AH KH"))
    # D wins it: 68, his claim (N has 52: 1 game point).
    state, events = last_trick("10H", "QH", n52 + d55, leader=1, options=SCHNAPSEN)
    assert counted(state, 1) == 68  # no bonus in schnapsen
    assert events[-2] == OutClaimed(1, True)
    assert outcome(events[-1]) == (1, 1, DealEnd.CLAIM)
    # N wins it: 65, short of 66, and still the deal by the last trick.
    state, events = last_trick("10H", "QH", n52 + d55, options=SCHNAPSEN)
    assert counted(state, 0) == 65
    assert outcome(events[-1]) == (0, 1, DealEnd.LAST_TRICK)


def test_s66_25_66_without_a_claim_goes_to_the_higher_score() -> None:
    # D reached 66 earlier and did not claim; N wins the last trick short of 66.
    n = (won(0, "AS 10S"),)
    d = tuple(won(1, pair) for pair in ("AC 10C", "KC QC", "AH 10H", "AD 10D", "KD QD"))
    state, events = last_trick("JH", "9H", n + d)
    assert counted(state, 0) == 21 + 2 + 10
    assert counted(state, 1) == 98 - 21 + 0
    assert outcome(events[-1]) == (1, 1, DealEnd.LAST_TRICK)
