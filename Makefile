# Set-up in two commands: `make serve` to play, `make test` to check everything.
# Both install what they need on a fresh Debian machine with Python, Node and npm.
# Python's tools go into the virtual environment .venv, never into the system's Python
# (Debian's own refuses pip: PEP 668). `make check PYTHON=python3` runs one as it is.
SYSTEM_PYTHON ?= python3
VENV := .venv
PYTHON ?= $(VENV)/bin/python
# What the targets that run Python need first: the venv, unless PYTHON is another one.
VENV_PYTHON := $(filter $(VENV)/bin/python,$(PYTHON))
PORT ?= 8000
# Debian's browsers and what drives them: Chromium (Playwright), Firefox ESR
# (puppeteer-core), WebKitGTK (Selenium + WebKitWebDriver, on an Xvfb display).
BROWSER_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb xauth
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site serve test check lint typecheck jscheck unit pytest install-dev node vendor browsers bench bench-page bench-report screenshot audit clean

## Serve the game on 127.0.0.1 (after fetching the pinned runtime).
serve: vendor | $(VENV_PYTHON)
	$(PYTHON) tools/serve.py --port $(PORT)

## Install everything the tests need, lint, type-check, then run every test (as CI does).
test: install-dev vendor browsers lint typecheck jscheck pytest

# Debian's python3 makes a venv only with its python3-venv package (ensurepip), which
# is installed as the browsers are if making one fails.
$(VENV)/bin/python:
	@$(SYSTEM_PYTHON) -m venv $(VENV) || { \
		rm -rf $(VENV); \
		echo "$(SYSTEM_PYTHON) -m venv failed: installing Debian's python3-venv"; \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends \
			python3-venv && \
		$(SYSTEM_PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }; \
	}

install-dev: | $(VENV_PYTHON)
	$(PYTHON) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt

# Node and npm, of a version package.json's engines allow (.nvmrc names CI's), with a
# message saying what to install when either is missing or too old.
node:
	@command -v node >/dev/null && command -v npm >/dev/null || { \
		echo "error: Node $$(cat .nvmrc) and npm are needed (.nvmrc; package.json's engines)," \
			"for the browser runtime and the JavaScript checks: \`nvm install\` in this folder," \
			"or NodeSource's or nodejs.org's packages" >&2; \
		exit 1; \
	}
	@node tools/node.mjs

# The runtime is pinned in package-lock.json; npm ci installs exactly that.
node_modules/.package-lock.json: package.json package-lock.json | node
	npm ci --no-audit --no-fund
	@touch $@

# Cheap to redo, and sw.js must follow every change to the site's files.
vendor: node_modules/.package-lock.json | $(VENV_PYTHON)
	$(PYTHON) tools/vendor.py

browsers:
	@if ! dpkg -s $(BROWSER_PACKAGES) >/dev/null 2>&1; then \
		$(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends \
			$(BROWSER_PACKAGES); \
	fi

## Write exactly the deployable files into _site/ (what GitHub Pages serves).
site: node_modules/.package-lock.json | $(VENV_PYTHON)
	$(PYTHON) tools/vendor.py --site _site

## The quick tier, to run often: lint, types, the JavaScript checks and every CPython test.
check: vendor lint typecheck jscheck unit

lint: | $(VENV_PYTHON)
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .

typecheck: | $(VENV_PYTHON)
	$(PYTHON) -m mypy

# ESLint and TypeScript (checkJs over JSDoc types), pinned in package.json: the page's
# scripts, Node's, and the service worker's (its globals and the page's do not mix). They
# read the runtime's types through vendor/ (tools/vendor.py), as the page imports it.
jscheck: vendor
	npx --no-install eslint .
	npx --no-install tsc -p tsconfig.json
	npx --no-install tsc -p tsconfig.node.json
	npx --no-install tsc -p tsconfig.sw.json

# Every test that needs no browser.
unit: | $(VENV_PYTHON)
	$(PYTHON) -m pytest -m "not browser"

# What to run lives in pyproject.toml (testpaths), so a bare `pytest` runs exactly this.
pytest: | $(VENV_PYTHON)
	$(PYTHON) -m pytest

## Speed figures: the engine under CPython, the page in Chromium; each keeps its
## figures in bench/results/, and bench-report writes docs/performance.md from them.
bench: vendor | $(VENV_PYTHON)
	$(PYTHON) bench/engine.py
	$(PYTHON) bench/fair.py

bench-page: vendor browsers | $(VENV_PYTHON)
	$(PYTHON) bench/page.py
	$(PYTHON) bench/playback.py

bench-report: | $(VENV_PYTHON)
	$(PYTHON) tools/bench_report.py

## The README's picture (docs/images/game.png), taken from the served page in Chromium.
screenshot: vendor browsers | $(VENV_PYTHON)
	$(PYTHON) tools/screenshot.py

## Lighthouse on the built site (an expert board): scores, blocking time, failed audits.
# Lighthouse has its own lock under tools/audit/, so `make test` never downloads it.
tools/audit/node_modules/.package-lock.json: tools/audit/package.json tools/audit/package-lock.json | node
	cd tools/audit && npm ci --no-audit --no-fund
	@touch $@

audit: site browsers tools/audit/node_modules/.package-lock.json | $(VENV_PYTHON)
	CHROME_PATH=/usr/bin/chromium $(PYTHON) tools/audit.py --site _site

clean:
	rm -rf $(VENV) vendor node_modules tools/audit/node_modules _site .pytest_cache .mypy_cache .ruff_cache .hypothesis
