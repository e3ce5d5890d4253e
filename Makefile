# One-command set-up: `make serve` to play, `make test` to check everything.
PYTHON ?= python3
PORT ?= 8000

.PHONY: test check lint typecheck unit install-dev bench

## Install the pinned Python tools, lint, type-check, then run every test.
test: install-dev check unit

install-dev:
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt

check: lint typecheck

lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .

typecheck:
	$(PYTHON) -m mypy

unit:
	$(PYTHON) -m pytest game tests README.md

## Print the engine's speed figures (medians, p95, ratios to baselines).
bench:
	$(PYTHON) bench/engine.py
