"""Numbered notifications (`app.db.numbering`): a number that never comes is a lost
notification once the grace is over; one that comes late, within it, is not."""

from __future__ import annotations

from app.db.numbering import MAX_MISSING, Numbering


def test_a_number_missing_past_the_grace_is_a_loss_reported_once() -> None:
    numbering = Numbering(grace_s=1.0)
    numbering.heard("a", "*", 1, now=0.0)
    numbering.heard("a", "*", 3, now=0.1)  # 2 is skipped
    assert numbering.overdue(now=0.5) == []
    assert numbering.overdue(now=1.2) == ["*"]
    assert numbering.overdue(now=5.0) == []


def test_a_number_that_comes_late_within_the_grace_is_no_loss() -> None:
    numbering = Numbering(grace_s=1.0)
    numbering.heard("a", "*", 5, now=0.0)  # counting starts where a sender is first heard
    numbering.heard("a", "*", 7, now=0.0)
    numbering.heard("a", "*", 6, now=0.5)  # commits land in their own order
    numbering.heard("b", "*", 40, now=0.5)  # another sender counts on its own
    assert numbering.overdue(now=9.0) == []


def test_streams_are_counted_apart_and_a_forgotten_one_starts_afresh() -> None:
    numbering = Numbering(grace_s=1.0)
    numbering.heard("a", "t:1", 1, now=0.0)
    numbering.heard("a", "t:2", 1, now=0.0)
    numbering.heard("a", "t:1", 3, now=0.0)
    numbering.heard("a", "t:2", 2, now=0.0)
    assert numbering.overdue(now=2.0) == ["t:1"]
    numbering.heard("a", "t:2", 9, now=2.0)
    numbering.forget("t:2")  # unsubscribed: what it misses meanwhile is no gap
    numbering.heard("a", "t:2", 20, now=2.0)
    assert numbering.overdue(now=9.0) == []


def test_a_gap_too_wide_to_wait_for_is_a_loss_at_once() -> None:
    numbering = Numbering(grace_s=60.0)
    numbering.heard("a", "*", 1, now=0.0)
    numbering.heard("a", "*", MAX_MISSING + 10, now=0.0)
    assert numbering.overdue(now=0.0) == ["*"]
