# Kozel — one command to set up and serve, one to set up and check everything.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install check test test-slow bench format clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## check: format, lint, types, import layers, then the default test suite (warnings are errors)
check: $(STAMP)
	$(BIN)/ruff format --check app tests bench
	$(BIN)/ruff check app tests bench
	$(BIN)/mypy --strict app
	$(BIN)/lint-imports
	$(BIN)/pytest -q

## test: set everything up and run the whole check
test: check

## test-slow: the long suites (thousands of random games); CI runs them after `make test`
test-slow: $(STAMP)
	$(BIN)/pytest -q -m slow

## bench: the engine benchmark (figures go to docs/performance.md)
bench: $(STAMP)
	$(BIN)/python bench/engine.py

format: $(STAMP)
	$(BIN)/ruff format app tests bench
	$(BIN)/ruff check --fix app tests bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache .hypothesis
