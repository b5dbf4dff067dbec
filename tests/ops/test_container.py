"""The container setup (Dockerfile, compose.yaml, deploy/nginx.conf), checked without docker.

The files are parsed and checked for what the deployment relies on; then the compose
services' own commands and environments run as local processes on PostgreSQL: one migration,
two API instances, and a game passed through both.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import yaml
from sqlalchemy.engine import make_url

from tests.databases import postgres_admin_url

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
NGINX_CONF = (ROOT / "deploy" / "nginx.conf").read_text()
COMPOSE: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]
APIS = ("api1", "api2")


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE)
    lines = (line.strip() for line in text.splitlines())
    return [
        (parts[0].upper(), parts[1].strip() if len(parts) > 1 else "")
        for parts in (line.split(None, 1) for line in lines if line and not line.startswith("#"))
    ]


def final_stage() -> list[tuple[str, str]]:
    steps = instructions()
    last_from = max(i for i, (keyword, _) in enumerate(steps) if keyword == "FROM")
    return steps[last_from:]


def environment(service: str) -> dict[str, str]:
    env = SERVICES[service].get("environment", {})
    if isinstance(env, list):
        env = dict(item.split("=", 1) for item in env)
    return {key: str(value) for key, value in env.items()}


def test_dockerfile_is_multi_stage_on_python_311_slim() -> None:
    bases = [args.split()[0] for keyword, args in instructions() if keyword == "FROM"]
    assert len(bases) >= 2
    assert all(base == "python:3.11-slim" for base in bases), bases


def test_dockerfile_final_stage_runs_kozel_serve_as_non_root() -> None:
    stage = final_stage()
    users = [args for keyword, args in stage if keyword == "USER"]
    assert users, "the final stage sets no USER"
    assert users[-1].split(":")[0] not in {"root", "0"}
    cmds = [args for keyword, args in stage if keyword == "CMD"]
    assert cmds, "the final stage has no CMD"
    assert json.loads(cmds[-1]) == ["kozel", "serve"]  # exec form: SIGTERM reaches uvicorn
    assert any(keyword == "EXPOSE" and "8000" in args.split() for keyword, args in stage)
    health = [args for keyword, args in stage if keyword == "HEALTHCHECK"]
    assert health, "the final stage has no HEALTHCHECK"
    assert "/readyz" in health[-1]
    assert "migrations/" in " ".join(args for keyword, args in stage if keyword == "COPY")


def test_compose_services_run_migrate_then_two_apis_behind_a_proxy() -> None:
    assert {"db", "migrate", *APIS, "proxy"} <= SERVICES.keys()
    assert SERVICES["migrate"]["command"] == ["kozel", "migrate"]
    assert SERVICES["migrate"]["depends_on"]["db"]["condition"] == "service_healthy"
    for name in ("migrate", *APIS):
        assert make_url(environment(name)["DATABASE_URL"]).host == "db", name
    for name in APIS:
        assert SERVICES[name]["command"] == ["kozel", "serve"], name
        migrate = SERVICES[name]["depends_on"]["migrate"]
        assert migrate["condition"] == "service_completed_successfully", name
        assert environment(name)["KOZEL_PORT"] == "8000", name
        # Only the proxy reaches an instance, from the compose network, and its
        # X-Forwarded-For names the client (whose address sign-ins are throttled by): the
        # instances trust the private networks' proxies, not any sender ("*" would take the
        # header's first address, which a client writes).
        assert "ports" not in SERVICES[name], name
        trusted = environment(name)["KOZEL_FORWARDED_ALLOW_IPS"].split(",")
        assert set(trusted) == {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"}, name
    proxy = SERVICES["proxy"]
    assert proxy["ports"], "the proxy publishes no port"
    mounts = [volume.split(":") for volume in proxy["volumes"]]
    assert any(Path(source) == Path("deploy/nginx.conf") for source, *_ in mounts)


def test_nginx_balances_both_api_instances() -> None:
    upstream = re.search(r"upstream\s+\w+\s*\{([^}]*)\}", NGINX_CONF)
    assert upstream is not None
    servers = re.findall(r"server\s+([\w.-]+:\d+)", upstream.group(1))
    assert set(servers) == {"api1:8000", "api2:8000"}
    assert "proxy_pass" in NGINX_CONF
    # The edge sets the client's address itself rather than append to what a client sent.
    assert re.search(r"proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;", NGINX_CONF)
    timeout = re.search(r"proxy_read_timeout\s+(\d+)s", NGINX_CONF)
    assert timeout is not None
    assert int(timeout.group(1)) > 30  # long-polls wait up to 30 s


def test_readme_tells_how_to_run_the_containers() -> None:
    assert "docker compose up" in (ROOT / "README.md").read_text()


@pytest.fixture
def fresh_database() -> Iterator[str]:
    admin = make_url(postgres_admin_url()).set(drivername="postgresql")
    name = f"kozel_ops_{uuid.uuid4().hex[:12]}"
    admin_dsn = admin.render_as_string(hide_password=False)
    try:
        with psycopg.connect(admin_dsn, autocommit=True, connect_timeout=5) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is required under CI: {error}")
        pytest.skip(f"PostgreSQL is not reachable (it is required under CI): {error}")
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin_dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def local_env(service: str, database_url: str, port: int | None = None) -> dict[str, str]:
    """The service's compose environment, pointed at this machine instead of the containers."""
    env = {**os.environ, **environment(service), "DATABASE_URL": database_url}
    if port is not None:
        env |= {"KOZEL_HOST": "127.0.0.1", "KOZEL_PORT": str(port)}
    # As in the image: the console script from the venv, the source tree first on the path.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = str(ROOT)
    return env


def wait_until_live(client: httpx.Client, url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, f"{url} exited with {process.returncode}"
        try:
            if client.get(f"{url}/livez", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    pytest.fail(f"{url}/livez did not answer 200 within 30 s")


def stop(process: subprocess.Popen[bytes]) -> bool:
    """SIGTERM, then wait; kill after 20 s. True when it exited on SIGTERM alone."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return False
    return True


def test_compose_commands_run_locally_on_postgres(fresh_database: str, tmp_path: Path) -> None:
    migrate = subprocess.run(
        SERVICES["migrate"]["command"],
        cwd=ROOT,
        env=local_env("migrate", fresh_database),
        capture_output=True,
        check=False,
        timeout=120,
    )
    assert migrate.returncode == 0, migrate.stderr.decode()[-2000:]
    urls: list[str] = []
    processes: list[subprocess.Popen[bytes]] = []
    try:
        for name in APIS:
            port = free_port()
            with (tmp_path / f"{name}.log").open("wb") as log:  # the child keeps its own handle
                processes.append(
                    subprocess.Popen(
                        SERVICES[name]["command"],
                        cwd=ROOT,
                        env=local_env(name, fresh_database, port),
                        stdout=log,
                        stderr=subprocess.STDOUT,
                    )
                )
            urls.append(f"http://127.0.0.1:{port}")
        with httpx.Client(timeout=60) as client:
            for url, process in zip(urls, processes, strict=True):
                wait_until_live(client, url, process)
            for url in urls:
                assert client.get(f"{url}/readyz").status_code == 200, url
            player = client.post(f"{urls[0]}/v1/players", json={"name": "ops"})
            assert player.status_code == 201, player.text
            bots = {str(seat): "random" for seat in range(4)}
            table = client.post(
                f"{urls[1]}/v1/tables",
                json={"bots": bots},
                headers={"Authorization": f"Bearer {player.json()['token']}"},
            )
            assert table.status_code == 201, table.text
            read = client.get(f"{urls[0]}/v1/tables/{table.json()['id']}")
            assert read.status_code == 200, read.text
            assert read.json()["status"] == "finished"
    finally:
        stopped = [stop(process) for process in processes]
    assert stopped == [True, True], "an API process ignored SIGTERM for 20 s"
    # uvicorn re-raises the SIGTERM it caught once its graceful shutdown is done.
    assert {process.returncode for process in processes} <= {0, -signal.SIGTERM}
    for name in APIS:
        log = (tmp_path / f"{name}.log").read_text()
        assert "Application shutdown complete" in log, log[-3000:]
        assert "Traceback" not in log, log[-3000:]
