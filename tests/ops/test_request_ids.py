"""Request ids an instance makes (`X-Request-ID` when the client sends none or an unsafe one):
unique among its requests and apart from every other process's, in the 32 hex digits a uuid
had."""

from __future__ import annotations

import re
import subprocess
import sys

from app.api.observe import given_request_id, new_request_id
from tests.e2e.server import ROOT


def test_an_instances_request_ids_are_unique_hex() -> None:
    made = [new_request_id() for _ in range(10_000)]
    assert len(set(made)) == len(made)
    assert all(re.fullmatch(r"[0-9a-f]{32}", rid) for rid in made)


def test_two_processes_make_different_ids() -> None:
    code = "from app.api.observe import new_request_id; print(new_request_id())"
    theirs = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    ours = new_request_id()
    assert re.fullmatch(r"[0-9a-f]{32}", theirs)
    assert theirs[:16] != ours[:16]


def test_a_clients_id_is_taken_only_when_safe() -> None:
    assert (
        given_request_id([(b"host", b"x"), (b"x-request-id", b"client-chosen-1")])
        == "client-chosen-1"
    )
    assert given_request_id([(b"x-request-id", b"bad id with spaces")]) == ""
    assert given_request_id([(b"x-request-id", b"a" * 129)]) == ""
    assert given_request_id([]) == ""
