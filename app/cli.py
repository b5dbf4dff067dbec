"""`kozel`: serve the API, migrate a database, check a database, rebuild the ratings."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from app.config import async_url, get_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kozel", description="The Kozel game service.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser(
        "serve", help="serve the HTTP API (uvicorn); the schema must be current"
    )
    serve.add_argument("--host", help="bind address (default KOZEL_HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default KOZEL_PORT or 8000)")
    commands.add_parser("migrate", help="upgrade the database (DATABASE_URL) to the latest schema")
    commands.add_parser(
        "check-db", help="exit 0 if the database is reachable and its schema is current"
    )
    commands.add_parser("openapi", help="print the OpenAPI document (openapi/openapi.json)")
    ratings = commands.add_parser("ratings", help="the ratings projection (docs/ratings.md)")
    ratings.add_argument(
        "action",
        choices=["rebuild"],
        help="rebuild: recompute every rating and history row from the finished tables' logs",
    )
    args = parser.parse_args(argv)
    settings = get_settings()
    url = async_url(settings.database_url)
    if args.command == "migrate":
        from app.db.migrate import upgrade

        upgrade(url)
        print(f"migrated {_safe(url)}")
        return 0
    if args.command == "check-db":
        return asyncio.run(_check(url))
    if args.command == "ratings":
        return asyncio.run(_rebuild_ratings(url))
    if args.command == "openapi":
        from app.api.main import openapi_document

        print(json.dumps(openapi_document(), indent=2, ensure_ascii=False))
        return 0
    from app import logs
    from app.api.server import run_server

    logs.configure(settings.log_level)
    run_server(settings, host=args.host or settings.host, port=args.port or settings.port)
    return 0


async def _check(url: str) -> int:
    from app.db.database import create_engine
    from app.db.migrate import SchemaBehind, check_schema

    engine = create_engine(url)
    try:
        await check_schema(engine, url)
    except SchemaBehind as error:
        print(error, file=sys.stderr)
        return 1
    except Exception as error:
        print(f"database unreachable: {type(error).__name__}", file=sys.stderr)
        return 2
    finally:
        await engine.dispose()
    print(f"database ok: {_safe(url)}")
    return 0


async def _rebuild_ratings(url: str) -> int:
    from app.db.database import create_engine
    from app.services.ratings_rebuild import rebuild

    engine = create_engine(url)
    try:
        done = await rebuild(engine)
    finally:
        await engine.dispose()
    print(f"rebuilt the ratings from {done.games} finished games ({done.rated} rated)")
    return 0


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


if __name__ == "__main__":
    sys.exit(main())
