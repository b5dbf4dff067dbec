"""The computer players of Kozel with 4 cards."""
