"""Playing over the API: views, long-poll, moves and their errors, retries, messages,
resigning, the event log and finished-deal records."""

from __future__ import annotations

import asyncio
import hashlib
import random
from typing import Any

import pytest

from app.domain.kozel24 import deck
from app.domain.kozel24.decide import deal_hands
from tests.api.conftest import Api, Client, assert_problem
from tests.api.play import human_table, play_to_end, step, views

pytestmark = pytest.mark.anyio


async def test_four_players_play_a_whole_game_with_legal_actions_only(api: Api) -> None:
    table_id, players = await human_table(api, first_dealer=2)
    taken = await play_to_end(table_id, players, random.Random(3))
    final = await views(table_id, players)
    result = final[0]["result"]
    assert final[0]["status"] == "finished"
    assert "goats" in result["titles"]
    assert max(result["written"]) >= 12 or result["reason"] == "resigned"
    assert all(v["legal_actions"] == [] for v in final)
    endpoints = {t["action"]["endpoint"] for t in taken}
    assert "moves" in endpoints
    table = (await api.anonymous.get(f"/v1/tables/{table_id}")).json()
    assert table["status"] == "finished"
    assert table["written"] == result["written"]
    # Every finished deal can be checked by anyone: the seed matches its commitment and,
    # with the cut, gives exactly the hands that were dealt.
    for deal_no in range(1, final[0]["deal_no"] + 1):
        record = (await api.anonymous.get(f"/v1/tables/{table_id}/deals/{deal_no}")).json()
        seed = bytes.fromhex(record["seed"])
        assert hashlib.sha256(seed).hexdigest() == record["commitment"]
        masks = deal_hands(seed, record["cut_position"], record["dealer"])
        assert [sorted(map(str, deck.cards_of(m))) for m in masks] == [
            sorted(h) for h in record["hands"]
        ]


async def test_the_view_shows_only_the_callers_hand(api: Api) -> None:
    table_id, players = await human_table(api)
    seated = await views(table_id, players)
    public = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).json()
    assert public["my_hand"] is None
    assert public["my_seat"] is None
    assert public["legal_actions"] == []
    assert public["phase"] == "cut"
    stranger = await api.player("stranger")
    theirs = (await stranger.get(f"/v1/tables/{table_id}/state")).json()
    assert theirs["my_hand"] is None  # a token from elsewhere gets the public view
    (cutter,) = seated[0]["to_act"]
    assert [len(seated[s]["legal_actions"]) for s in range(4)] == [
        23 if s == cutter else 0 for s in range(4)
    ]
    await step(table_id, players, random.Random(1))  # the cut deals the hands
    seated = await views(table_id, players)
    hands = [set(v["my_hand"]) for v in seated]
    assert all(len(h) == 6 for h in hands)
    assert set().union(*hands) == {str(c) for c in deck.CARDS}
    public = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).json()
    assert public["hand_sizes"] == [6, 6, 6, 6]
    assert public["commitment"]
    assert "seed" not in public


async def test_etag_and_if_none_match(api: Api) -> None:
    table_id, players = await human_table(api)
    first = await players[0].get(f"/v1/tables/{table_id}/state")
    etag = first.headers["etag"]
    assert etag == f'"v{first.json()["version"]}-s0"'
    again = await players[0].get(f"/v1/tables/{table_id}/state", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again.headers["etag"] == etag
    await step(table_id, players, random.Random(1))
    moved = await players[0].get(f"/v1/tables/{table_id}/state", headers={"If-None-Match": etag})
    assert moved.status_code == 200


async def test_each_viewer_has_its_own_etag(api: Api) -> None:
    """Seats see different bodies at one version (their hands), the public view another."""
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/state"
    await step(table_id, players, random.Random(1))  # the cut deals the hands
    version = (await api.anonymous.get(path)).json()["version"]
    stranger = await api.player("stranger")
    tags = [(await client.get(path)).headers["etag"] for client in [*players, api.anonymous]]
    assert tags == [*(f'"v{version}-s{seat}"' for seat in range(4)), f'"v{version}"']
    assert (await stranger.get(path)).headers["etag"] == f'"v{version}"'  # the public view
    # Another viewer's tag does not match: that body is not this one.
    for client, other in [(players[0], tags[1]), (players[1], tags[4]), (api.anonymous, tags[0])]:
        answer = await client.get(path, {"If-None-Match": other})
        assert answer.status_code == 200
        assert answer.json()["version"] == version


@pytest.mark.parametrize(
    "condition",
    ["*", '"x", "{tag}"', '"x" , W/"{tag}"', 'W/"{tag}"', '"{tag}",  "v0"'],
)
async def test_if_none_match_takes_a_star_and_lists_of_tags(api: Api, condition: str) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/state"
    tag = (await players[2].get(path)).headers["etag"].strip('"')
    answer = await players[2].get(path, {"If-None-Match": condition.format(tag=tag)})
    assert answer.status_code == 304
    assert answer.content == b""
    assert answer.headers["etag"] == f'"{tag}"'
    assert (await players[2].get(path, {"If-None-Match": '"x", "v0"'})).status_code == 200


async def test_a_long_poll_that_times_out_sends_the_viewers_etag(api: Api) -> None:
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/state"
    version = (await players[3].get(path)).json()["version"]
    timed_out = await players[3].get(path, since_version=str(version), wait="0.2")
    assert timed_out.status_code == 304
    assert timed_out.headers["etag"] == f'"v{version}-s3"'


async def test_long_poll_returns_when_the_table_moves(api: Api) -> None:
    table_id, players = await human_table(api)
    version = (await players[0].get(f"/v1/tables/{table_id}/state")).json()["version"]
    path = f"/v1/tables/{table_id}/state"
    waiting = asyncio.create_task(players[2].get(path, since_version=str(version), wait="10"))
    await asyncio.sleep(0.3)
    assert not waiting.done()
    started = asyncio.get_running_loop().time()
    await step(table_id, players, random.Random(1))
    response = await asyncio.wait_for(waiting, 5)
    assert response.status_code == 200
    assert response.json()["version"] > version
    assert asyncio.get_running_loop().time() - started < 2


async def test_long_poll_times_out_with_304(api: Api) -> None:
    table_id, players = await human_table(api)
    version = (await players[0].get(f"/v1/tables/{table_id}/state")).json()["version"]
    path = f"/v1/tables/{table_id}/state"
    response = await players[0].get(path, since_version=str(version), wait="0.5")
    assert response.status_code == 304
    past = await players[0].get(path, since_version=str(version - 1), wait="5")
    assert past.status_code == 200
    assert_problem(
        await players[0].get(path, since_version="1", wait="31"), 422, "validation_error"
    )
    assert_problem(await players[0].get(path, since_version="-1"), 422, "validation_error")


async def test_a_long_poll_past_the_tables_version_answers_at_once(api: Api) -> None:
    """A client holding a version from elsewhere (another table, a reset) resynchronises."""
    table_id, players = await human_table(api)
    path = f"/v1/tables/{table_id}/state"
    state = (await players[1].get(path)).json()
    started = asyncio.get_running_loop().time()
    ahead = await players[1].get(path, since_version=str(state["version"] + 5), wait="10")
    assert asyncio.get_running_loop().time() - started < 2
    assert ahead.status_code == 200
    assert ahead.json() == state


async def test_move_errors(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    idle = players[(cutter + 1) % 4]
    moves = f"/v1/tables/{table_id}/moves"
    assert_problem(await idle.post(moves, {"type": "cut", "position": 3}), 409, "not_your_turn")
    assert_problem(
        await players[cutter].post(moves, {"type": "cut", "position": 24}), 422, "validation_error"
    )
    body = assert_problem(
        await players[cutter].post(moves, {"type": "play", "card": "AS"}), 422, "illegal_move"
    )
    assert len(body["legal_actions"]) == 23
    assert body["current_version"] == view["version"]
    assert body["detail"] == "you may not play A♠ now: the deck is cut first (K-5)"
    reason = body["reason"]  # the problem's `detail` is its English, the rules cited
    assert (reason["code"], reason["rules"]) == ("cut_first", ["K-5"])
    assert body["detail"] == f"{reason['en']} (K-5)"
    assert reason["ru"] == "сейчас нельзя ходить Т♠: сначала снимают колоду"  # noqa: RUF001
    assert_problem(await players[cutter].post(moves, {"type": "dance"}), 422, "validation_error")
    assert_problem(
        await players[cutter].post(moves, {"type": "play", "card": "7S"}), 422, "invalid_card"
    )
    assert_problem(await players[cutter].post(moves, [1, 2]), 422, "validation_error")
    assert_problem(
        await api.anonymous.post(moves, {"type": "cut", "position": 3}), 401, "unauthorized"
    )
    stranger = await api.player("x")
    assert_problem(await stranger.post(moves, {"type": "cut", "position": 3}), 403, "not_seated")
    exchange = f"/v1/tables/{table_id}/exchange"
    assert_problem(await players[cutter].post(exchange, {}), 422, "validation_error")
    assert_problem(
        await players[cutter].post(exchange, {"decision": "keep", "give": "AS"}),
        422,
        "validation_error",
    )
    kept = assert_problem(
        await players[cutter].post(exchange, {"decision": "keep"}), 422, "illegal_move"
    )
    assert kept["detail"].startswith("you may not keep now: ")
    assert kept["detail"].endswith("(K-9)")
    assert (kept["reason"]["code"], kept["reason"]["rules"]) == ("no_lone_trump", ["K-9"])


async def test_expected_version_and_move_id(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    moves = f"/v1/tables/{table_id}/moves"
    stale = {"type": "cut", "position": 5, "expected_version": view["version"] - 1}
    body = assert_problem(await players[cutter].post(moves, stale), 409, "version_conflict")
    assert body["current_version"] == view["version"]
    cut = {"type": "cut", "position": 5, "expected_version": view["version"], "move_id": "m-1"}
    first = await players[cutter].post(moves, cut)
    assert first.status_code == 200
    retry = await players[cutter].post(moves, cut)
    assert retry.status_code == 200
    assert retry.json() == first.json()
    log = (await api.anonymous.get(f"/v1/tables/{table_id}/events", limit="500")).json()
    assert [e["type"] for e in log["items"]].count("deck_cut") == 1


async def test_a_move_id_sent_again_with_another_request_is_refused(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    path = f"/v1/tables/{table_id}"
    cut = {"type": "cut", "position": 5, "expected_version": view["version"], "move_id": "m-1"}
    first = await players[cutter].post(f"{path}/moves", cut)
    assert first.status_code == 200
    # The same request: keys in another order, 5.0 for 5. It answers as the first time.
    same = {"move_id": "m-1", "expected_version": view["version"], "position": 5.0, "type": "cut"}
    assert (await players[cutter].post(f"{path}/moves", same)).json() == first.json()
    log = (await api.anonymous.get(f"{path}/events", limit="500")).json()["items"]
    for endpoint, other in [
        ("moves", {**cut, "position": 6}),
        ("moves", {**cut, "expected_version": None}),
        ("messages", {"text": "прицеп", "move_id": "m-1"}),
        ("resign", {"move_id": "m-1"}),
    ]:
        refused = assert_problem(
            await players[cutter].post(f"{path}/{endpoint}", other), 409, "idempotency_mismatch"
        )
        assert "'m-1'" in refused["detail"]
    assert (await api.anonymous.get(f"{path}/events", limit="500")).json()["items"] == log
    # Another player's id of the same name is its own.
    partner = players[(cutter + 2) % 4]
    assert (await partner.post(f"{path}/resign", {"move_id": "m-1"})).status_code == 200


async def test_two_requests_racing_with_one_move_id(api: Api) -> None:
    """One lands; the other, whichever it is, is refused as another request."""
    table_id, players = await human_table(api)
    (cutter,) = (await players[0].get(f"/v1/tables/{table_id}/state")).json()["to_act"]
    moves = f"/v1/tables/{table_id}/moves"
    answers = await asyncio.gather(
        *(
            players[cutter].post(moves, {"type": "cut", "position": p, "move_id": "race"})
            for p in (3, 4)
        )
    )
    assert sorted(a.status_code for a in answers) == [200, 409]
    assert_problem(max(answers, key=lambda a: a.status_code), 409, "idempotency_mismatch")


async def test_messages_are_off_in_deal_1(api: Api) -> None:
    table_id, players = await human_table(api)
    response = await players[0].post(f"/v1/tables/{table_id}/messages", {"text": "прицеп"})
    assert_problem(response, 409, "messages_disabled")
    assert_problem(
        await players[0].post(f"/v1/tables/{table_id}/messages", {"text": "x" * 201}),
        422,
        "invalid_message",
    )


async def test_messages_from_deal_2_are_seen_by_all(api: Api) -> None:
    table_id, players = await human_table(api, first_dealer=0)
    rng = random.Random(5)
    while (await players[0].get(f"/v1/tables/{table_id}/state")).json()["deal_no"] < 2:
        assert await step(table_id, players, rng) is not None
    view = await players[1].post(f"/v1/tables/{table_id}/messages", {"text": "  прицеп "})
    assert view.status_code == 200
    for client in [*players, api.anonymous]:
        messages = (await client.get(f"/v1/tables/{table_id}/state")).json()["messages"]
        assert [(m["seat"], m["text"]) for m in messages] == [(1, "прицеп")]
    # K-16: at most 200 characters once trimmed.
    longest = await players[2].post(f"/v1/tables/{table_id}/messages", {"text": "я" * 200 + "  "})
    assert longest.json()["messages"][-1]["text"] == "я" * 200
    assert_problem(
        await players[2].post(f"/v1/tables/{table_id}/messages", {"text": " " + "я" * 201}),
        422,
        "invalid_message",
    )


async def test_resign_ends_the_game(api: Api) -> None:
    table_id, players = await human_table(api)
    response = await players[3].post(f"/v1/tables/{table_id}/resign")
    result = response.json()["result"]
    assert result["loser"] == 1
    assert result["reason"] == "resigned"
    assert_problem(await players[0].post(f"/v1/tables/{table_id}/resign"), 409, "game_over")
    assert (await api.anonymous.get(f"/v1/tables/{table_id}")).json()["status"] == "finished"


async def test_the_log_is_redacted_for_each_viewer(api: Api) -> None:
    table_id, players = await human_table(api)
    await step(table_id, players, random.Random(2))  # the cut
    path = f"/v1/tables/{table_id}/events"
    public = (await api.anonymous.get(path)).json()["items"]
    dealt = next(e for e in public if e["type"] == "hands_dealt")
    assert dealt["data"] == {"hand_sizes": [6, 6, 6, 6]}
    shuffled = next(e for e in public if e["type"] == "deck_shuffled")
    assert "seed" not in shuffled["data"]
    for seat, player in enumerate(players):
        items = (await player.get(path)).json()["items"]
        mine = next(e for e in items if e["type"] == "hands_dealt")["data"]
        hand = (await player.get(f"/v1/tables/{table_id}/state")).json()["my_hand"]
        assert mine["seat"] == seat
        assert sorted(mine["hand"]) == sorted(hand)
    page = (await api.anonymous.get(path, after_seq="2", limit="3")).json()
    assert [e["seq"] for e in page["items"]] == [3, 4, 5]
    assert page["next_after_seq"] == 5
    assert_problem(await api.anonymous.get(path, limit="501"), 422, "validation_error")


async def test_the_log_lists_every_seq_a_hidden_event_as_a_placeholder(api: Api) -> None:
    """K-9, K-10: a kept lone trump, an exchange asked, a team playing on without queens are
    for some seats only. Every other viewer still gets the seq, typed `hidden`, with its deal
    and time and nothing more: the seqs run 1..version for everyone, page by page too."""
    table_id, players = await human_table(api, first_dealer=0)
    path = f"/v1/tables/{table_id}/events"
    rng = random.Random(3)
    hidden: list[dict[str, object]] = []
    while not hidden:
        assert await step(table_id, players, rng) is not None, "no hidden event in the game"
        items = (await api.anonymous.get(path, limit="500")).json()["items"]
        hidden = [e for e in items if e["type"] == "hidden"]
    view = (await api.anonymous.get(f"/v1/tables/{table_id}/state")).json()
    assert hidden[0]["data"] is None
    assert set(hidden[0]) == {"seq", "type", "deal_no", "at", "data"}
    assert hidden[0]["deal_no"] == view["deal_no"]
    seen = []
    for client in [*players, api.anonymous]:
        items = (await client.get(path, limit="500")).json()["items"]
        assert [e["seq"] for e in items] == list(range(1, view["version"] + 1))
        (same,) = [e for e in items if e["seq"] == hidden[0]["seq"]]
        assert same["at"] == hidden[0]["at"]
        if same["type"] != "hidden":
            seen.append(same["type"])
        paged, after = [], 0
        while after < view["version"]:
            page = (await client.get(path, after_seq=str(after), limit="4")).json()
            paged += page["items"]
            after = page["next_after_seq"]
        assert paged == items
    assert seen, "some seat sees the event itself"
    assert set(seen) <= {"lone_trump_kept", "exchange_asked", "played_on"}


async def test_k9_a_deal_with_an_exchange_is_withheld_until_the_game_is_over(api: Api) -> None:
    """K-9: the other team learns only that an exchange took place, never its cards. The
    seed, the deck and the hands as dealt would tell them, so a deal with an exchange keeps
    its record (403 `deal_hidden`, with the rule and the commitment) and its events as they
    were while it ran until the game is over; then everything is shown."""
    table_id, players = await human_table(api, first_dealer=0)
    path = f"/v1/tables/{table_id}"
    rng = random.Random(3)
    done: list[dict[str, Any]] = []
    while not done:
        assert await step(table_id, players, rng) is not None, "no exchange in the game"
        deal_no = (await api.anonymous.get(f"{path}/state")).json()["deal_no"]
        log = (await api.anonymous.get(f"{path}/events", limit="500")).json()["items"]
        done = [e for e in log if e["type"] == "cards_exchanged" and e["deal_no"] < deal_no]
    exchanged = done[0]
    deal_no, pair = exchanged["deal_no"], exchanged["data"]
    assert set(pair) == {"from_seat", "to_seat"}
    (shuffled,) = [e for e in log if e["type"] == "deck_shuffled" and e["deal_no"] == deal_no]
    assert "seed" not in shuffled["data"]
    problem = assert_problem(await api.anonymous.get(f"{path}/deals/{deal_no}"), 403, "deal_hidden")
    assert (problem["rule"], problem["commitment"]) == ("K-9", shuffled["data"]["commitment"])
    for seat, player in enumerate(players):
        items = (await player.get(f"{path}/events", limit="500")).json()["items"]
        deal = {e["type"]: e["data"] for e in items if e["deal_no"] == deal_no}
        partners = seat in (pair["from_seat"], pair["to_seat"])
        assert ("trump" in deal["cards_exchanged"]) == partners
        assert deal["hands_dealt"]["seat"] == seat, "each seat still sees its own hand only"
        assert_problem(await player.get(f"{path}/deals/{deal_no}"), 403, "deal_hidden")
    assert (await players[0].post(f"{path}/resign")).status_code == 200
    record = (await api.anonymous.get(f"{path}/deals/{deal_no}")).json()
    assert hashlib.sha256(bytes.fromhex(record["seed"])).hexdigest() == record["commitment"]
    shown = record["exchanges"][0]
    assert (shown["from_seat"], shown["to_seat"]) == (pair["from_seat"], pair["to_seat"])
    assert {"trump", "given"} <= set(shown)
    items = (await api.anonymous.get(f"{path}/events", limit="500")).json()["items"]
    (whole,) = [e for e in items if e["seq"] == exchanged["seq"]]
    assert {"trump", "given"} <= set(whole["data"])


async def test_a_running_deal_is_not_revealed(api: Api) -> None:
    table_id, _players = await human_table(api)
    response = await api.anonymous.get(f"/v1/tables/{table_id}/deals/1")
    assert_problem(response, 403, "deal_running")
    assert_problem(await api.anonymous.get(f"/v1/tables/{table_id}/deals/9"), 404, "not_found")
    assert_problem(
        await api.anonymous.get(f"/v1/tables/{table_id}/deals/0"), 422, "validation_error"
    )


async def test_turns_list_and_long_poll(api: Api) -> None:
    table_id, players = await human_table(api)
    view = (await players[0].get(f"/v1/tables/{table_id}/state")).json()
    (cutter,) = view["to_act"]
    turns = (await players[cutter].get("/v1/players/me/turns")).json()
    assert turns == [{"table_id": table_id, "version": view["version"]}]
    nxt = players[(cutter + 1) % 4]
    assert (await nxt.get("/v1/players/me/turns")).json() == []
    waiting = asyncio.create_task(_turns_of(players, table_id))
    await asyncio.sleep(0.2)
    await step(table_id, players, random.Random(4))  # the cut: someone must lead or decide
    found = await asyncio.wait_for(waiting, 5)
    assert found


async def _turns_of(players: list[Client], table_id: str) -> list[int]:
    """Long-poll every player's turns; the first answers that name this table."""
    polls = [asyncio.create_task(p.get("/v1/players/me/turns", wait="5")) for p in players]
    done, pending = await asyncio.wait(polls, return_when=asyncio.FIRST_COMPLETED)
    for poll in pending:
        poll.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return [
        players.index(next(p for p, t in zip(players, polls, strict=True) if t is poll))
        for poll in done
        if any(t["table_id"] == table_id for t in poll.result().json())
    ]


@pytest.mark.parametrize("variant", ["kozel24", "kozel32", "sixty_six"])
async def test_a_refused_card_is_refused_with_the_reason_its_view_gave(
    api: Api, variant: str
) -> None:
    """One wording (issue 28): the view's reason for a refused card is the problem's."""
    table_id, players = await human_table(api, variant)
    rng = random.Random(5)
    for _ in range(400):
        for client, view in zip(players, await views(table_id, players), strict=True):
            for refusal in view["refused"]:
                # A legal move of cards, with the refused card in it instead.
                legal = next(
                    a["body"] for a in view["legal_actions"] if {"card", "cards"} & set(a["body"])
                )
                body = {**legal, "card": refusal["card"]}
                if "cards" in legal:
                    body = {**legal, "cards": [refusal["card"], *legal["cards"][1:]]}
                refused = await client.post(f"/v1/tables/{table_id}/moves", body)
                problem = assert_problem(refused, 422, "illegal_move")
                assert problem["reason"] == refusal["reason"]
                assert problem["detail"].startswith(refusal["reason"]["en"])
                assert refusal["reason"]["ru"]
                return
        assert await step(table_id, players, rng) is not None
    raise AssertionError("no card was refused in 400 steps")
