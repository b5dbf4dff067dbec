# Kozel — one command to set up and serve, one to set up and check everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
# pytest runs its tests in this many processes (pytest-xdist); `make check TEST_WORKERS=0` for one.
TEST_WORKERS ?= auto

.PHONY: install run migrate openapi check test test-slow bench format clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The browser tests drive Debian's Chromium (Playwright's own downloads do not work here).
$(CHROMIUM):
	DEBIAN_FRONTEND=noninteractive apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver fonts-dejavu-core

## run: set up, migrate the database (DATABASE_URL, default an SQLite file in var/), serve :8000
run: migrate
	$(BIN)/kozel serve

## migrate: upgrade the database to the latest schema
migrate: $(STAMP)
	$(BIN)/kozel migrate

## openapi: regenerate the committed OpenAPI document from the code
openapi: $(STAMP)
	$(BIN)/kozel openapi > openapi/openapi.json

## check: format, lint, types, import layers, then the default test suite (warnings are errors;
##        the browser tests need Chromium, installed with apt-get when it is missing)
check: $(STAMP) $(CHROMIUM)
	$(BIN)/ruff format --check app tests bench migrations clients examples
	$(BIN)/ruff check app tests bench migrations clients examples
	$(BIN)/mypy --strict app
	$(BIN)/lint-imports
	$(BIN)/pytest -q -n $(TEST_WORKERS)

## test: set everything up and run the whole check
test: check

## test-slow: the long suites (thousands of random games); CI runs them after `make test`
test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow -n $(TEST_WORKERS)

## bench: the engine benchmark (figures go to docs/performance.md)
bench: $(STAMP)
	$(BIN)/python bench/engine.py

format: $(STAMP)
	$(BIN)/ruff format app tests bench migrations clients examples
	$(BIN)/ruff check --fix app tests bench migrations clients examples

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis var
