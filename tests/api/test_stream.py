"""The view stream (`GET …/stream`, server-sent events), in process: each event is the view
`GET …/state` gives the same caller at that version, `Last-Event-ID` / `since_version` skip
what the caller has, and a table that does not exist is a problem, not a stream."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api, assert_problem, sse_views
from tests.api.play import human_table

pytestmark = pytest.mark.anyio


async def test_a_stream_opens_with_the_callers_view(api: Api) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}"
    for client in [*players, api.anonymous]:
        streamed = await client.get(f"{path}/stream")
        assert streamed.status_code == 200
        assert streamed.headers["cache-control"] == "no-store"
        state = (await client.get(f"{path}/state")).json()
        assert sse_views(streamed) == [(state["version"], state)]
    spectator = sse_views(await api.anonymous.get(f"{path}/stream"))
    assert spectator[0][1]["my_hand"] is None


async def test_a_stream_skips_the_versions_the_caller_has(api: Api) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/stream"
    version = (await players[0].get(f"/v1/tables/{table_id}/state")).json()["version"]
    assert sse_views(await players[0].get(path, {"Last-Event-ID": str(version)})) == []
    assert sse_views(await players[0].get(path, since_version=version)) == []
    behind = sse_views(await players[0].get(path, {"Last-Event-ID": str(version - 1)}))
    assert [v for v, _ in behind] == [version]
    garbled = sse_views(await players[0].get(path, {"Last-Event-ID": "not a number"}))
    assert [v for v, _ in garbled] == [version]  # as if it had nothing


async def test_a_stream_past_the_tables_version_starts_with_the_current_view(api: Api) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/stream"
    state = (await players[2].get(f"/v1/tables/{table_id}/state")).json()
    ahead = str(state["version"] + 100)
    assert sse_views(await players[2].get(path, {"Last-Event-ID": ahead})) == [
        (state["version"], state)
    ]
    assert sse_views(await players[2].get(path, since_version=ahead)) == [(state["version"], state)]


async def test_no_stream_for_a_table_that_does_not_exist(api: Api) -> None:
    missing = await api.anonymous.get("/v1/tables/00000000-0000-0000-0000-000000000000/stream")
    assert_problem(missing, 404, "not_found")
    malformed = await api.anonymous.get("/v1/tables/nope/stream")
    assert_problem(malformed, 422, "validation_error")
    bad_since = await api.anonymous.get(
        "/v1/tables/00000000-0000-0000-0000-000000000000/stream", since_version="-1"
    )
    assert_problem(bad_since, 422, "validation_error")
