"""An outside generator reads the committed contract: openapi-python-client makes a client of
`openapi/openapi.json`, and that client plays against a real server, and claims credentials,
signs in and revokes a token there. Views, the bodies of their legal actions and problems
arrive typed; a generated client reads a problem only under the media type the server sends
(application/problem+json), and the stream as text."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.db.migrate import upgrade
from tests.e2e.server import ROOT, Server

COMMITTED = ROOT / "openapi" / "openapi.json"
TOOLS = Path(sys.executable).parent
PACKAGE = "kozel_api_client"


@pytest.fixture(scope="module")
def client_package(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The generated package, importable for the tests of this module."""
    folder = tmp_path_factory.mktemp("generated")
    run = subprocess.run(
        [
            str(TOOLS / "openapi-python-client"),
            "generate",
            "--path",
            str(COMMITTED),
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
        ],
        cwd=folder,
        env={**os.environ, "PATH": f"{TOOLS}{os.pathsep}{os.environ['PATH']}"},  # its ruff
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    # The generator skips (with a warning) what it cannot type; it must skip nothing.
    assert "warning" not in report.lower(), report
    sys.path.insert(0, str(folder))
    try:
        yield folder / PACKAGE
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    url = f"sqlite+aiosqlite:///{folder / 'kozel.sqlite3'}"
    upgrade(url)
    # A stream ends once it has sent the views it has now: the generated client reads it whole.
    running = Server(url, folder / "server.log", {"KOZEL_STREAM_MAX_S": "0"}).start()
    yield running
    running.stop()


def generated(module: str) -> Any:
    return importlib.import_module(f"{PACKAGE}.{module}")


def test_a_generated_client_plays_and_reads_typed_problems(
    client_package: Path, server: Server
) -> None:
    client, models = generated("client"), generated("models")
    with client.Client(base_url=server.url, raise_on_unexpected_status=True) as anonymous:
        create_player = generated("api.players.create_player")
        me = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="Вася"))
    assert isinstance(me, models.NewPlayerOut), me
    with client.AuthenticatedClient(base_url=server.url, token=me.token) as auth:
        _play(auth, models)


def test_a_generated_client_claims_credentials_signs_in_and_revokes_a_token(
    client_package: Path, server: Server
) -> None:
    client, models = generated("client"), generated("models")
    create_player = generated("api.players.create_player")
    set_credentials = generated("api.players.set_credentials")
    create_session = generated("api.players.create_session")
    list_my_tokens = generated("api.players.list_my_tokens")
    revoke_token = generated("api.players.revoke_token")
    get_me = generated("api.players.get_me")
    with client.Client(base_url=server.url) as anonymous:
        me = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="R2", bot=True))
        assert isinstance(me, models.NewPlayerOut), me
        assert me.bot is True
        with client.AuthenticatedClient(base_url=server.url, token=me.token) as first:
            body = models.CredentialsIn(login="r2-d2", password="korova-2026")
            claimed = set_credentials.sync(client=first, body=body)
            assert isinstance(claimed, models.MeOut), claimed
            assert (claimed.login, claimed.bot) == ("r2-d2", True)

            wrong = models.SessionIn(login="r2-d2", password="not-the-password")
            refused = create_session.sync_detailed(client=anonymous, body=wrong)
            assert refused.status_code == 401
            assert isinstance(refused.parsed, models.Problem), refused.content
            assert refused.parsed.code == "bad_credentials"

            right = models.SessionIn(login="r2-d2", password="korova-2026", device="phone")
            session = create_session.sync(client=anonymous, body=right)
            assert isinstance(session, models.SessionOut), session
            assert session.player.id == me.id

            tokens = list_my_tokens.sync(client=first)
            assert [(t.device, t.current) for t in tokens] == [(None, True), ("phone", False)]
            revoked = revoke_token.sync_detailed(tokens[1].id, client=first)
            assert revoked.status_code == 204
            with client.AuthenticatedClient(base_url=server.url, token=session.token) as phone:
                gone = get_me.sync_detailed(client=phone)
            assert gone.status_code == 401
            assert isinstance(gone.parsed, models.Problem), gone.content
            assert gone.parsed.code == "unauthorized"


def test_a_generated_client_seeks_waits_and_cancels(client_package: Path, server: Server) -> None:
    client, models = generated("client"), generated("models")
    create_player = generated("api.players.create_player")
    create_seek = generated("api.seeks.create_seek")
    get_seek = generated("api.seeks.get_seek")
    cancel_seek = generated("api.seeks.cancel_seek")
    with client.Client(base_url=server.url) as anonymous:
        east = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="E", bot=True))
        west = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="W", bot=True))
    body = models.SeekIn(variant=models.SeekInVariant.SIXTY_SIX, rated=False)
    with (
        client.AuthenticatedClient(base_url=server.url, token=east.token) as first,
        client.AuthenticatedClient(base_url=server.url, token=west.token) as second,
    ):
        mine = create_seek.sync(client=first, body=body)
        assert isinstance(mine, models.SeekOut), mine
        assert mine.status == models.SeekOutStatus.WAITING
        other = create_seek.sync(client=second, body=body)
        assert isinstance(other, models.SeekOut), other
        matched = get_seek.sync(mine.id, client=first, wait=5)
        assert isinstance(matched, models.SeekOut), matched
        assert matched.status == models.SeekOutStatus.MATCHED
        assert matched.table_id == other.table_id
        late = cancel_seek.sync_detailed(mine.id, client=first)
        assert late.status_code == 409
        assert isinstance(late.parsed, models.Problem), late.content
        assert late.parsed.code == "already_matched"


def _play(auth: Any, models: Any) -> None:
    """Create a table, read a view, meet a 409 and two 422s, move, follow the stream."""
    create_table = generated("api.tables.create_table")
    get_state = generated("api.playing.get_state")
    post_move = generated("api.playing.post_move")
    stream_state = generated("api.playing.stream_state")

    bots = models.NewTableInBots.from_dict({"1": "random", "2": "random", "3": "random"})
    # The dealer's counter-clockwise neighbour cuts (K-5): seat 1 deals, so seat 0 acts first.
    options = models.TableOptionsIn(first_dealer=1)
    table = create_table.sync(
        client=auth, body=models.NewTableIn(seat=0, bots=bots, options=options)
    )
    assert isinstance(table, models.TableOut), table
    assert table.seats[0].player.name == "Вася"
    assert [s.bot for s in table.seats[1:]] == ["random"] * 3

    view = get_state.sync(table.id, client=auth)
    assert isinstance(view, models.ViewOut), view
    assert view.phase == models.ViewOutPhaseType0.CUT
    assert view.to_act == [0]
    action = view.legal_actions[0]
    assert isinstance(action, models.LegalMove)
    assert isinstance(action.body, models.CutIn)
    assert {a.body.position for a in view.legal_actions} == set(range(1, 24))

    # 409: a stale expected_version, read as a typed problem.
    stale = models.CutIn(type_="cut", position=1, expected_version=view.version - 1)
    conflict = post_move.sync_detailed(table.id, client=auth, body=stale)
    assert conflict.status_code == 409
    assert conflict.headers["content-type"].startswith("application/problem+json")
    assert isinstance(conflict.parsed, models.Problem), conflict.content
    assert conflict.parsed.code == "version_conflict"
    assert conflict.parsed.current_version == view.version

    # 422: a card in the cut, with the legal actions as typed bodies.
    card = models.PlayIn(type_="play", card="AS")
    illegal = post_move.sync_detailed(table.id, client=auth, body=card)
    assert illegal.status_code == 422
    assert isinstance(illegal.parsed, models.Problem), illegal.content
    assert illegal.parsed.code == "illegal_move"
    assert len(illegal.parsed.legal_actions) == 23
    assert all(isinstance(a.body, models.CutIn) for a in illegal.parsed.legal_actions)

    # 422: a body the API refuses, with where it went wrong.
    too_far = models.CutIn(type_="cut", position=99)
    invalid = post_move.sync_detailed(table.id, client=auth, body=too_far)
    assert invalid.status_code == 422
    assert isinstance(invalid.parsed, models.Problem), invalid.content
    assert invalid.parsed.code == "validation_error"
    assert invalid.parsed.errors[0].loc[0] == "body"

    # A legal body from the view, posted as it is.
    after = post_move.sync(table.id, client=auth, body=action.body)
    assert isinstance(after, models.ViewOut), after
    assert after.version > view.version
    assert after.phase != models.ViewOutPhaseType0.CUT

    # The stream is text; each event's data is a view.
    stream = stream_state.sync(table.id, client=auth, since_version=view.version)
    assert isinstance(stream, str), stream
    data = [line[6:] for line in stream.splitlines() if line.startswith("data: ")]
    streamed = [models.ViewOut.from_dict(json.loads(d)) for d in data]
    assert streamed
    assert streamed[-1].version >= after.version
    assert streamed[-1].my_hand


def test_a_generated_client_replays_a_finished_game_and_asks_for_a_rematch(
    client_package: Path, server: Server
) -> None:
    client, models = generated("client"), generated("models")
    create_player = generated("api.players.create_player")
    create_table = generated("api.tables.create_table")
    resign = generated("api.playing.resign")
    get_replay = generated("api.again.get_replay")
    ask_rematch = generated("api.again.ask_rematch")
    with client.Client(base_url=server.url) as anonymous:
        me = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="Again"))
        with client.AuthenticatedClient(base_url=server.url, token=me.token) as auth:
            bots = models.NewTableInBots.from_dict({"1": "random"})
            body = models.NewTableIn(variant=models.NewTableInVariant.SIXTY_SIX, seat=0, bots=bots)
            table = create_table.sync(client=auth, body=body)
            running = get_replay.sync_detailed(table.id, 1, client=anonymous)
            assert running.status_code == 403
            assert isinstance(running.parsed, models.Problem), running.content
            assert running.parsed.code == "game_running"
            early = ask_rematch.sync_detailed(table.id, client=auth)
            assert isinstance(early.parsed, models.Problem), early.content
            assert early.parsed.code == "game_not_over"

            resign.sync(table.id, client=auth, body=models.ResignIn())
            replay = get_replay.sync(table.id, 3, client=anonymous)  # seated, not yet dealt
            assert isinstance(replay, models.ReplayOut), replay
            assert replay.version == 3
            assert replay.hands == [[], []]
            last = get_replay.sync(table.id, replay.last_version, client=anonymous)
            assert isinstance(last, models.ReplayOut), last
            assert last.status == models.ReplayOutStatus.FINISHED
            again = ask_rematch.sync(table.id, client=auth)
            assert isinstance(again, models.RematchOut), again
            assert again.status == models.RematchOutStatus.CREATED
            assert again.table_id


def test_a_generated_client_reads_profiles_histories_and_leaderboards(
    client_package: Path, server: Server
) -> None:
    client, models = generated("client"), generated("models")
    create_player = generated("api.players.create_player")
    create_table = generated("api.tables.create_table")
    resign = generated("api.playing.resign")
    get_player = generated("api.players.get_player")
    list_player_games = generated("api.players.list_player_games")
    get_leaderboard = generated("api.games.get_leaderboard")
    with client.Client(base_url=server.url) as anonymous:
        a = create_player.sync(client=anonymous, body=models.NewPlayerIn(name="A"))
        bots = models.NewTableInBots.from_dict({"1": "random", "2": "random", "3": "random"})
        body = models.NewTableIn(seat=0, bots=bots, options=models.TableOptionsIn(rated=True))
        with client.AuthenticatedClient(base_url=server.url, token=a.token) as first:
            table = create_table.sync(client=first, body=body)
            assert isinstance(table, models.TableOut), table
            resigned = resign.sync_detailed(table.id, client=first, body=models.ResignIn())
            assert resigned.status_code == 200

        profile = get_player.sync(a.id, client=anonymous)
        assert isinstance(profile, models.ProfileOut), profile
        rating = profile.ratings["kozel24"]
        assert (rating.games, rating.provisional) == (1, True)
        assert rating.rating < 0
        record = profile.record["kozel24"]
        assert (record.played, record.won, record.lost) == (1, 0, 1)

        page = list_player_games.sync(a.id, client=anonymous, variant="kozel24", limit=5)
        assert isinstance(page, models.PlayedGamePage), page
        [game] = page.items
        assert (game.table_id, game.seat, game.result, game.rated) == (table.id, 0, "lost", True)
        assert game.rating_after < game.rating_before
        assert game.seats[0].player.name == "A"
        assert [s.bot for s in game.seats[1:]] == ["random"] * 3
        assert page.next_cursor is None

        board = get_leaderboard.sync("kozel24", client=anonymous, bots=True)
        assert isinstance(board, models.LeaderboardPage), board
        assert board.items == []  # one game: provisional still

        unknown = get_player.sync_detailed("nobody", client=anonymous)
        assert unknown.status_code == 404
        assert isinstance(unknown.parsed, models.Problem), unknown.content
        assert unknown.parsed.code == "not_found"
        bad = list_player_games.sync_detailed(a.id, client=anonymous, cursor="bm9wZQ")
        assert bad.status_code == 422
        assert isinstance(bad.parsed, models.Problem), bad.content
        assert bad.parsed.code == "validation_error"
