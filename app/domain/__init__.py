"""The pure rules of trick-taking card games, with no I/O, no clock and no randomness.

What every trick game shares lives here (cards, seats and teams, tricks, the seeded shuffle,
the error family, the event log); each game is a module of its own beside it
(`app.domain.kozel24` for the 24-card Kozel of `docs/rules/kozel24.md`).
"""
