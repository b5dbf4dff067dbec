"""A complete Kozel bot: it plays random legal actions (swap in your own `choose`), in any game
of the catalogue (`GET /v1/games`). Python 3.9 or later with its standard library is all it
needs (`clients/python/kozel_client.py`).

    python3 examples/bot.py http://127.0.0.1:8000 my-bot --bots          # a new kozel24 table:
                                          # the bot in seat 0, server bots in the other seats
    python3 examples/bot.py http://127.0.0.1:8000 my-bot --bots strong --game bura --seats 3
    python3 examples/bot.py http://127.0.0.1:8000 my-bot --seek sixty_six --games 5 --bots-after 30
                                          # matched with other bot accounts (bots after 30 s)
    python3 examples/bot.py http://127.0.0.1:8000 my-bot --table ID --seat 2    # join a table
    python3 examples/bot.py http://127.0.0.1:8000 my-bot     # wait until someone seats it

It registers a bot account named `my-bot` and prints its token (or plays as `--token=T`), then
plays `--games N` games (default 1; with --bots or --seek each at a new table) and prints each
result: the side the bot played for (a team, or itself alone), the game's own `result`, and
its rating after it where the server keeps ratings.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "clients" / "python"))

from kozel_client import Action, KozelClient, KozelError, View


def choose(view: View) -> Action:
    """Your strategy: one of `view["legal_actions"]` (each an endpoint and a body)."""
    return random.choice(view["legal_actions"])


def play(client: KozelClient, table_id: str) -> View:
    """Follow one table to the end of its game, acting whenever the view lists actions."""
    view = client.state(table_id)
    while view["status"] != "finished":
        if not view["legal_actions"]:  # long-poll: the answer comes when the table moves
            view = client.state(table_id, since_version=view["version"], wait=30)
            continue
        try:
            view = client.act(table_id, choose(view), expected_version=view["version"])
        except KozelError as error:
            if error.code not in ("version_conflict", "not_your_turn"):
                raise
            view = client.state(table_id)  # someone else moved first: look again
    return view


def tables(client: KozelClient, args: argparse.Namespace) -> Iterator[str]:
    if args.table:
        client.sit(args.table, args.seat)
        yield args.table
    while args.bots:  # a new table, the server's bots in the other seats
        yield client.create_table_with_bots(args.game, args.bots, args.seats, args.seat)
    while args.seek:  # a table with other bot accounts (and server bots after --bots-after)
        yield client.seek(args.seek, args.bots_after)
    yield from (table_id for table_id, _ in client.turns(wait=30))  # where others seated it


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="A Kozel bot that plays random legal moves.")
    parser.add_argument("url", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("name", help="the player's name at the table")
    parser.add_argument("--token", help="play as this player (--token=T: a token may start with -)")
    parser.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    parser.add_argument("--table", help="join this table first (at --seat)")
    parser.add_argument("--bots", nargs="?", const="random", help="new tables, these server bots")
    parser.add_argument("--seat", type=int, default=0, help="the seat to take (default 0)")
    parser.add_argument("--game", default="kozel24", help="with --bots: a variant of GET /v1/games")
    parser.add_argument("--seats", type=int, help="with --bots: the players (default: the game's)")
    parser.add_argument("--seek", metavar="VARIANT", help="seek games of VARIANT (POST /v1/seeks)")
    parser.add_argument("--bots-after", type=int, help="with --seek: server bots after S seconds")
    args = parser.parse_args(argv)
    client = KozelClient(args.url, args.token)
    if args.token is None:
        token = client.register(args.name, bot=True)  # a bot account: shown as a bot
        print(f"token {token}: this player's identity, shown only now (--token=T)", flush=True)
    for number, table_id in enumerate(islice(tables(client, args), args.games), start=1):
        print(f"game {number}: table {table_id} ({args.url}/play#table={table_id})", flush=True)
        print(f"game {number}: {client.result_in_words(play(client, table_id))}", flush=True)


if __name__ == "__main__":
    try:
        main()
    except KozelError as error:
        sys.exit(f"the server refused: {error}")
