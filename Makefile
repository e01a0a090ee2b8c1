# starpress: `make` sets up and builds every output; `make test` sets up and runs every check.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: all build check test lint typecheck pytest bench clean browser serve

all: build

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

$(TESTSTAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# Pyodide for the site's Play pages, from the npm registry (pinned by the lock file); the
# site build copies it into build/site/play/. Installs Debian's nodejs and npm when missing.
PYODIDE := site/play/node_modules/.package-lock.json
$(PYODIDE): site/play/package.json site/play/package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian's nodejs and npm for Pyodide"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm ci --prefix site/play --no-audit --no-fund --loglevel=error
	touch $@

# Every output: the validated content, then every game's print-and-play kit in every
# language on A4 and Letter (build/pnp/<game>-<lang>-<paper>.pdf), and every rulebook
# (build/rulebooks/<game>-<lang>-<paper>.pdf) with its quick reference (…-quick.pdf).
build: $(STAMP) $(PYODIDE)
	$(BIN)/starpress check
	$(BIN)/starpress pnp all --lang all --paper a4 --strict
	$(BIN)/starpress pnp all --lang all --paper letter --strict
	$(BIN)/starpress rulebook all --lang all --paper all
	$(BIN)/starpress rulebook all --lang all --paper all --quick
	$(BIN)/starpress site build
	@echo
	@echo "Built. starpress is in $(BIN)/: run it as $(BIN)/starpress, or put it on your PATH:"
	@echo '  export PATH="$(CURDIR)/$(BIN):$$PATH"'

check: build

test: browser lint typecheck pytest

# The browser tests drive Debian's Chromium (no browser download); install it when missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: $(TESTSTAMP)
	$(BIN)/ruff format --check starpress pnp automa tests bench
	$(BIN)/ruff check starpress pnp automa tests bench

typecheck: $(TESTSTAMP)
	$(BIN)/mypy

pytest: $(TESTSTAMP) $(PYODIDE)
	$(BIN)/pytest -q

bench: $(STAMP) $(PYODIDE)
	$(BIN)/python bench/run.py $(PARTS)

serve: $(STAMP) $(PYODIDE)
	$(BIN)/starpress site serve --lang $(or $(LANG_CODE),en)

clean:
	rm -rf build $(VENV) site/play/node_modules
