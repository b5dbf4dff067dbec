"""The computer players of Bura."""
