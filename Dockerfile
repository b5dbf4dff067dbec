# syntax=docker/dockerfile:1
# Kozel: one image for `kozel migrate` and `kozel serve` (see compose.yaml).

# --- builder: install the package and its runtime dependencies into a venv -------------------
FROM python:3.11-slim AS builder

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

WORKDIR /build
COPY pyproject.toml README.md ./
COPY app/ app/
COPY migrations/ migrations/
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir .

# --- runtime ----------------------------------------------------------------------------------
FROM python:3.11-slim AS runtime

# The code finds its migrations at <parent of the app package>/migrations, so the source tree
# is laid out in /srv/kozel and put first on PYTHONPATH; the venv brings the dependencies and
# the `kozel` console script.
WORKDIR /srv/kozel
COPY --from=builder /opt/venv /opt/venv
COPY pyproject.toml ./
COPY app/ app/
COPY migrations/ migrations/
COPY docs/rules/ docs/rules/

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/srv/kozel \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    KOZEL_HOST=0.0.0.0 \
    KOZEL_PORT=8000

RUN groupadd --system --gid 10001 kozel \
    && useradd --system --uid 10001 --gid kozel --no-create-home \
        --home-dir /srv/kozel --shell /usr/sbin/nologin kozel
USER kozel

EXPOSE 8000

# /readyz: 200 when the database is reachable, the schema current and the wake-up listener
# alive; 503 otherwise and while shutting down. Slim images have no curl: use Python.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status == 200 else 1)"]

# Exec form: uvicorn is PID 1 and gets SIGTERM itself (graceful shutdown).
CMD ["kozel", "serve"]
