# Kozel — one command to set up and serve, one to set up and check everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
# Two stamps: what the server needs (`make run`), and the dev tools on top (`make test`), so
# that each command installs only what it lacks.
SERVER := $(VENV)/.installed-server
DEV := $(VENV)/.installed-dev
CHROMIUM := /usr/bin/chromium
# pytest runs its tests in this many processes (pytest-xdist); `make check TEST_WORKERS=0` for one.
TEST_WORKERS ?= auto

.PHONY: install run migrate openapi check test test-slow bench format clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The server's dependencies only: no test, lint, type or browser tools.
$(SERVER): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV): $(SERVER)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

## install: the server and the dev tools (what `make test` uses)
install: $(DEV)

# The browser tests drive Debian's Chromium (Playwright's own downloads do not work here).
$(CHROMIUM):
	DEBIAN_FRONTEND=noninteractive apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver fonts-dejavu-core

## run: set up, migrate the database (DATABASE_URL, default an SQLite file in var/), serve :8000
run: migrate
	$(BIN)/kozel serve

## migrate: upgrade the database to the latest schema
migrate: $(SERVER)
	$(BIN)/kozel migrate

## openapi: regenerate the committed OpenAPI document from the code
openapi: $(SERVER)
	$(BIN)/kozel openapi > openapi/openapi.json

## check: format, lint, types, import layers, the OpenAPI document against the OpenAPI 3.1
##        schema, then the default test suite (warnings are errors;
##        the browser tests need Chromium, installed with apt-get when it is missing)
check: $(DEV) $(CHROMIUM)
	$(BIN)/ruff format --check app tests bench migrations clients examples
	$(BIN)/ruff check app tests bench migrations clients examples
	$(BIN)/mypy --strict app
	$(BIN)/lint-imports
	$(BIN)/openapi-spec-validator openapi/openapi.json
	$(BIN)/pytest -q -n $(TEST_WORKERS) --durations=15

## test: set everything up and run the whole check
test: check

## test-slow: the long suites (thousands of random games); CI runs them after `make test`
test-slow: $(DEV)
	$(BIN)/pytest -q -m slow -n $(TEST_WORKERS) --durations=15

## bench: the engine benchmark (figures go to docs/performance.md)
bench: $(DEV)
	$(BIN)/python bench/engine.py

format: $(DEV)
	$(BIN)/ruff format app tests bench migrations clients examples
	$(BIN)/ruff check --fix app tests bench migrations clients examples

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis var
