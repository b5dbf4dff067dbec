"""A complete Kozel bot: it plays every table where it holds a seat, through the turns
long-poll, choosing a random legal action (swap in your own `choose`).

    python examples/bot.py http://127.0.0.1:8000 my-bot [TOKEN]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "clients" / "python"))

from kozel_client import KozelClient, KozelError


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """Your strategy: one of `view["legal_actions"]` (each an endpoint and a body)."""
    return random.choice(view["legal_actions"])


def main(base_url: str, name: str, token: str | None = None, games: int = 1) -> None:
    client = KozelClient(base_url, token)
    if token is None:
        print(client.register(name), flush=True)  # the token, for the table's creator
    finished: set[str] = set()
    for table_id, _ in client.turns(wait=30):
        view = client.state(table_id)
        if view["status"] == "finished" or not view["legal_actions"]:
            continue
        try:
            view = client.act(table_id, choose(view), expected_version=view["version"])
        except KozelError as error:
            if error.code not in ("version_conflict", "not_your_turn"):
                raise  # someone else moved first: the next turn tells what to do
        if view["status"] == "finished":
            finished.add(table_id)
            if len(finished) >= games:
                return


if __name__ == "__main__":
    main(*sys.argv[1:4])
