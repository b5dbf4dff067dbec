"""For operators: liveness, readiness and Prometheus metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from sqlalchemy import text

from app.api.deps import ServicesDep
from app.api.docs import errors
from app.api.problems import problem
from app.db.migrate import SchemaBehind, check_schema
from app.metrics import REGISTRY

router = APIRouter(tags=["operations"])


@router.get(
    "/livez",
    operation_id="livez",
    summary="The process answers (touches nothing else)",
    responses=errors(database=False),
)
async def livez() -> dict[str, str]:
    return {"status": "alive"}


@router.get(
    "/readyz",
    operation_id="readyz",
    summary="Ready to serve: database reachable, schema current, wake-ups listening",
    description="503 `not_ready` while any check fails and from the moment the process is "
    "asked to stop (SIGTERM), so a load balancer stops sending it traffic.",
    responses=errors(503, database=False),
)
async def readyz(request: Request, services: ServicesDep) -> JSONResponse:
    checks = {"accepting": not request.app.state.draining.is_set()}
    engine = request.app.state.engine
    try:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
        checks["database"] = True
        await check_schema(engine, services.settings.database_url)
        checks["schema"] = True
    except SchemaBehind:
        checks["schema"] = False
    except Exception:
        checks["database"] = False
    checks["wakeups"] = request.app.state.wakeup.listening
    if all(checks.values()) and len(checks) == 4:
        return JSONResponse({"status": "ready", "checks": checks})
    failing = ", ".join(sorted(name for name, ok in checks.items() if not ok)) or "schema"
    return problem("not_ready", f"not ready: {failing}", checks=checks)


@router.get(
    "/metrics",
    operation_id="metrics",
    summary="Prometheus metrics of this process",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {}}}},
)
async def metrics() -> Response:
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)
