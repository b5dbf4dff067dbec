"""Tables and seats: create (with Idempotency-Key), list with a cursor, read, sit, bots, leave;
no move before the game starts."""

from __future__ import annotations

import pytest

from tests.api.conftest import Api, assert_problem

pytestmark = pytest.mark.anyio


async def test_create_a_table_and_take_a_seat(api: Api) -> None:
    owner = await api.player("Аня")
    response = await owner.post("/v1/tables", {"seat": 2, "options": {"eggs": False}})
    assert response.status_code == 201
    table = response.json()
    assert table["variant"] == "kozel24"
    assert table["status"] == "waiting"
    assert table["options"] == {
        "eggs": False,
        "messages": True,
        "move_clock_s": None,
        "first_dealer": None,
        "rated": False,
    }
    anya = {"id": owner.id, "name": "Аня", "bot": False}
    assert table["seats"][2] == {"seat": 2, "player": anya, "bot": None}
    assert table["seats"][0] == {"seat": 0, "player": None, "bot": None}
    assert table["version"] == 2  # table_created, seat_taken
    assert table["written"] == [0, 0]
    same = (await api.anonymous.get(f"/v1/tables/{table['id']}")).json()
    assert same == table


async def test_creating_needs_a_token(api: Api) -> None:
    assert_problem(await api.anonymous.post("/v1/tables", {}), 401, "unauthorized")


@pytest.mark.parametrize(
    "body",
    [
        {"variant": "preferans"},
        {"seat": 4},
        {"seat": -1},
        {"bots": {"5": "random"}},
        {"bots": {"1": "grandmaster"}},
        {"options": {"first_dealer": 7}},
        {"options": {"move_clock_s": 0}},
        {"seats": 5},
        {"unknown": 1},
    ],
)
async def test_bad_table_requests_are_refused(api: Api, body: dict[str, object]) -> None:
    owner = await api.player()
    assert_problem(await owner.post("/v1/tables", body), 422, "validation_error")


@pytest.mark.parametrize(
    "body",
    [
        {"options": {"colour": "red"}},
        {"variant": "sixty_six", "options": {"eggs": True}},
        {"variant": "sixty_six", "options": {"deck": "36"}},
        {"variant": "sixty_six", "seats": 3},
        {"variant": "kozel24", "seats": 2},
        {"variant": "bura", "seats": 2, "seat": 3},
        {"variant": "bura", "seats": 2, "bots": {"2": "random"}},
    ],
)
async def test_an_option_or_seat_count_the_game_does_not_take_is_invalid_option(
    api: Api, body: dict[str, object]
) -> None:
    owner = await api.player()
    assert_problem(await owner.post("/v1/tables", body), 422, "invalid_option")


async def test_a_bot_cannot_take_the_creators_seat(api: Api) -> None:
    owner = await api.player()
    response = await owner.post("/v1/tables", {"seat": 1, "bots": {"1": "random"}})
    assert_problem(response, 409, "seat_taken")


async def test_an_idempotency_key_sent_again_with_another_body_is_refused(api: Api) -> None:
    owner = await api.player()
    key = {"Idempotency-Key": "create-1"}
    body = {"seat": 0, "bots": {"2": "random"}}
    first = await owner.post("/v1/tables", body, headers=key)
    # The same request: keys in another order, a default spelled out.
    same = {"bots": {"2": "random"}, "options": {"eggs": True}, "variant": "kozel24", "seat": 0}
    assert (await owner.post("/v1/tables", same, headers=key)).json() == first.json()
    for other in [{"seat": 1, "bots": {"2": "random"}}, {**body, "options": {"eggs": False}}, {}]:
        refused = await owner.post("/v1/tables", other, headers=key)
        assert "'create-1'" in assert_problem(refused, 409, "idempotency_mismatch")["detail"]
    listed = (await api.anonymous.get("/v1/tables")).json()["items"]
    assert [t["id"] for t in listed] == [first.json()["id"]]


async def test_idempotency_key_returns_the_first_table(api: Api) -> None:
    owner = await api.player()
    key = {"Idempotency-Key": "create-1"}
    first = await owner.post("/v1/tables", {"seat": 0}, headers=key)
    again = await owner.post("/v1/tables", {"seat": 0}, headers=key)
    assert first.status_code == again.status_code == 201
    assert first.json()["id"] == again.json()["id"]
    other = await owner.post("/v1/tables", {"seat": 0}, headers={"Idempotency-Key": "create-2"})
    assert other.json()["id"] != first.json()["id"]
    stranger = await api.player("другой")
    theirs = await stranger.post("/v1/tables", {}, headers=key)
    assert theirs.json()["id"] != first.json()["id"]  # keys are per player


async def test_list_tables_newest_first_with_a_cursor(api: Api) -> None:
    owner = await api.player()
    ids = [(await owner.post("/v1/tables", {})).json()["id"] for _ in range(5)]
    page = (await api.anonymous.get("/v1/tables", limit="2")).json()
    assert [t["id"] for t in page["items"]] == ids[::-1][:2]
    seen = [t["id"] for t in page["items"]]
    while page["next_cursor"]:
        page = (await api.anonymous.get("/v1/tables", limit="2", cursor=page["next_cursor"])).json()
        seen += [t["id"] for t in page["items"]]
    assert seen == ids[::-1]
    assert_problem(
        await api.anonymous.get("/v1/tables", cursor="garbage!"), 422, "validation_error"
    )
    assert_problem(await api.anonymous.get("/v1/tables", limit="0"), 422, "validation_error")
    assert_problem(await api.anonymous.get("/v1/tables", status="lost"), 422, "validation_error")


async def test_list_tables_by_status(api: Api) -> None:
    owner = await api.player()
    waiting = (await owner.post("/v1/tables", {"seat": 0})).json()["id"]
    bots = {"1": "random", "2": "random", "3": "random"}
    playing = (await owner.post("/v1/tables", {"seat": 0, "bots": bots})).json()["id"]
    finished = (await owner.post("/v1/tables", {"bots": {**bots, "0": "random"}})).json()["id"]
    for status, table_id in [("waiting", waiting), ("playing", playing), ("finished", finished)]:
        page = (await api.anonymous.get("/v1/tables", status=status)).json()
        assert [t["id"] for t in page["items"]] == [table_id]
        assert page["items"][0]["status"] == status


async def test_unknown_table_is_404(api: Api) -> None:
    player = await api.player()
    unknown = "00000000-0000-4000-8000-000000000000"
    assert_problem(await api.anonymous.get(f"/v1/tables/{unknown}"), 404, "not_found")
    assert_problem(await player.put(f"/v1/tables/{unknown}/seats/1"), 404, "not_found")
    assert_problem(await api.anonymous.get(f"/v1/tables/{unknown}/state"), 404, "not_found")
    for odd in ["nope", "a%00b", "x" * 40]:
        assert_problem(await api.anonymous.get(f"/v1/tables/{odd}"), 422, "validation_error")
    assert_problem(await api.anonymous.get("/v1/nothing"), 404, "not_found")


async def test_sitting_is_idempotent_and_seats_are_exclusive(api: Api) -> None:
    owner, other = await api.player("a"), await api.player("b")
    table_id = (await owner.post("/v1/tables", {"seat": 0})).json()["id"]
    again = await owner.put(f"/v1/tables/{table_id}/seats/0")
    assert again.status_code == 200
    assert again.json()["version"] == 2  # nothing appended
    assert_problem(await other.put(f"/v1/tables/{table_id}/seats/0"), 409, "seat_taken")
    assert_problem(await owner.put(f"/v1/tables/{table_id}/seats/1"), 409, "seat_taken")
    assert_problem(await other.put(f"/v1/tables/{table_id}/seats/4"), 422, "validation_error")
    assert (await other.put(f"/v1/tables/{table_id}/seats/1")).status_code == 200


async def test_seat_a_bot_and_leave(api: Api) -> None:
    owner, other = await api.player("a"), await api.player("b")
    table_id = (await owner.post("/v1/tables", {"seat": 0})).json()["id"]
    response = await owner.put(f"/v1/tables/{table_id}/seats/3", {"bot": "random"})
    assert response.json()["seats"][3]["bot"] == "random"
    assert_problem(
        await owner.put(f"/v1/tables/{table_id}/seats/3", {"bot": "random"}), 409, "seat_taken"
    )
    assert_problem(
        await owner.put(f"/v1/tables/{table_id}/seats/2", {"bot": "genius"}),
        422,
        "validation_error",
    )
    assert_problem(await other.delete(f"/v1/tables/{table_id}/seats/0"), 403, "not_seated")
    assert_problem(await other.delete(f"/v1/tables/{table_id}/seats/3"), 403, "not_seated")
    removed = await owner.delete(f"/v1/tables/{table_id}/seats/3")
    assert removed.json()["seats"][3] == {"seat": 3, "player": None, "bot": None}
    left = await owner.delete(f"/v1/tables/{table_id}/seats/0")
    assert left.json()["seats"][0]["player"] is None


async def test_the_game_starts_when_four_seats_are_filled(api: Api) -> None:
    owner = await api.player()
    table_id = (
        await owner.post("/v1/tables", {"seat": 0, "bots": {"1": "random", "2": "random"}})
    ).json()["id"]
    assert (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["status"] == "waiting"
    last = await owner.put(f"/v1/tables/{table_id}/seats/3", {"bot": "random"})
    body = last.json()
    assert body["status"] == "playing"
    assert body["deal_no"] == 1
    assert_problem(await owner.delete(f"/v1/tables/{table_id}/seats/3"), 409, "game_started")
    stranger = await api.player("late")
    assert_problem(await stranger.put(f"/v1/tables/{table_id}/seats/3"), 409, "game_started")


async def test_a_finished_games_seats_and_log_stay_as_they_are(api: Api) -> None:
    owner = await api.player()
    bots = {"1": "random", "2": "random", "3": "random"}
    table_id = (await owner.post("/v1/tables", {"seat": 0, "bots": bots})).json()["id"]
    assert (await owner.post(f"/v1/tables/{table_id}/resign")).json()["status"] == "finished"
    log = (await owner.get(f"/v1/tables/{table_id}/events", limit=500)).json()["items"]
    assert log[-1]["type"] == "game_ended"
    stranger = await api.player("late")
    seats = f"/v1/tables/{table_id}/seats"
    for refused in [
        await owner.delete(f"{seats}/0"),  # during a game a bot would take it over (K-18)
        await owner.delete(f"{seats}/1"),
        await stranger.delete(f"{seats}/0"),
        await stranger.put(f"{seats}/0"),
        await owner.put(f"{seats}/1", {"bot": "strong"}),
    ]:
        assert_problem(refused, 409, "game_over")
    assert (await owner.put(f"{seats}/0")).status_code == 200  # the seat one holds: no change
    assert (await owner.get(f"/v1/tables/{table_id}/events", limit=500)).json()["items"] == log


async def test_leaving_a_running_game_hands_the_seat_to_a_bot(api: Api) -> None:
    owner = await api.player()
    bots = {"1": "random", "2": "random", "3": "random"}
    table_id = (await owner.post("/v1/tables", {"seat": 0, "bots": bots})).json()["id"]
    left = await owner.delete(f"/v1/tables/{table_id}/seats/0")
    assert left.status_code == 200
    assert left.json()["seats"][0] == {"seat": 0, "player": None, "bot": "heuristic"}


async def test_acting_before_the_game_starts_is_409(api: Api) -> None:
    owner = await api.player()
    table_id = (await owner.post("/v1/tables", {"seat": 0})).json()["id"]
    response = await owner.post(f"/v1/tables/{table_id}/moves", {"type": "cut", "position": 3})
    assert_problem(response, 409, "game_not_started")
