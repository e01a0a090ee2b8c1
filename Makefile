# starpress: `make` sets up and builds every output; `make test` sets up and runs every check.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: all build check test lint typecheck pytest bench clean browser serve lock dist

all: build

# Installs come only from the lock files in requirements/ (exact versions, sha256 hashes):
# build.txt first (hatchling, setuptools), then everything else without build isolation,
# so nothing is resolved or downloaded unlocked. A changed lock makes a fresh venv, so
# the venv holds exactly what is locked. `make lock` refreshes the locks on purpose.
LOCK_BUILD := requirements/build.txt
LOCK_RUN   := requirements/run.txt
LOCK_TEST  := requirements/test.txt
LOCK_BESIDE := requirements/beside.txt
PIP_LOCKED := $(BIN)/pip install --quiet --disable-pip-version-check --require-hashes --no-deps

$(STAMP): pyproject.toml $(LOCK_BUILD) $(LOCK_RUN)
	rm -rf $(VENV)
	$(PYTHON) -m venv $(VENV)
	$(PIP_LOCKED) -r $(LOCK_BUILD)
	$(PIP_LOCKED) --no-build-isolation -r $(LOCK_RUN)
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

$(TESTSTAMP): $(STAMP) $(LOCK_TEST)
	$(PIP_LOCKED) --no-build-isolation -r $(LOCK_TEST)
	touch $@

# Refresh every lock to today's newest versions that pyproject.toml allows, then bring
# what depends on them up to date in the same change: the catalogs' plural forms come
# from the locked Babel (`starpress i18n update` rewrites their headers and moves each
# translated plural form to its new place, flagged for a translator to check).
UV_VERSION := 0.13.9
UV_COMPILE := build/lock-tools/bin/uv pip compile --universal --python-version 3.11 \
	--generate-hashes --quiet --no-header --upgrade
lock:
	$(PYTHON) -m venv build/lock-tools
	build/lock-tools/bin/pip install --quiet uv==$(UV_VERSION)
	$(UV_COMPILE) pyproject.toml requirements/build.in --extra test --extra cluster -o $(LOCK_TEST)
	$(UV_COMPILE) pyproject.toml requirements/build.in -c $(LOCK_TEST) -o $(LOCK_RUN)
	$(UV_COMPILE) requirements/build.in -c $(LOCK_TEST) -o $(LOCK_BUILD)
	$(UV_COMPILE) requirements/beside.in --no-deps -o $(LOCK_BESIDE)
	$(MAKE) $(STAMP)
	$(BIN)/starpress i18n update
	$(BIN)/starpress i18n report --check || \
	  echo "Check the translations flagged above (plural forms may have moved), then commit."

# Pyodide for the site's Play pages, from the npm registry (pinned by the lock file); the
# site build copies it into build/site/play/. Installs Debian's nodejs and npm when missing.
PYODIDE := site/play/node_modules/.package-lock.json
$(PYODIDE): site/play/package.json site/play/package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian's nodejs and npm for Pyodide"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm ci --prefix site/play --no-audit --no-fund --loglevel=error
	touch $@

# axe-core for the accessibility test (tests/test_site_a11y.py), from the npm registry
# (pinned by the lock file); the test injects it into the built pages in Chromium.
AXE := tests/a11y/node_modules/.package-lock.json
$(AXE): tests/a11y/package.json tests/a11y/package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
	  echo "installing Debian's nodejs and npm for axe-core"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; }
	npm ci --prefix tests/a11y --no-audit --no-fund --loglevel=error
	touch $@

# Every output: the validated content, then every game's print-and-play kit in every
# language on A4 and Letter (build/pnp/<game>-<lang>-<paper>.pdf), and every rulebook
# (build/rulebooks/<game>-<lang>-<paper>.pdf) with its quick reference (…-quick.pdf).
# --if-changed: each step runs only for what its inputs' hash says changed (stamps in
# build/cache/stamps/), so a second `make` with nothing changed writes nothing.
build: $(STAMP) $(PYODIDE)
	$(BIN)/starpress check --if-changed
	$(BIN)/starpress pnp all --lang all --paper a4 --strict --if-changed
	$(BIN)/starpress pnp all --lang all --paper letter --strict --if-changed
	$(BIN)/starpress rulebook all --lang all --paper all --if-changed
	$(BIN)/starpress rulebook all --lang all --paper all --quick --if-changed
	$(BIN)/starpress site build --if-changed
	@echo
	@echo "Built. starpress is in $(BIN)/: run it as $(BIN)/starpress, or put it on your PATH:"
	@echo '  export PATH="$(CURDIR)/$(BIN):$$PATH"'

check: build

# The static checks run beside pytest (they take a core for a few seconds; pytest's start
# is the site build and imports): `make -j3` here, whatever make was called with.
test: browser
	@$(MAKE) --no-print-directory -j3 lint typecheck pytest

# The browser tests drive Debian's Chromium (no browser download); install it when missing.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

lint: $(TESTSTAMP)
	$(BIN)/ruff format --check starpress pnp automa tests bench hatch_build.py
	$(BIN)/ruff check starpress pnp automa tests bench hatch_build.py
	$(BIN)/lint-imports --no-cache

typecheck: $(TESTSTAMP)
	$(BIN)/mypy

# One worker per core, a test file's tests on one worker (`--dist loadfile`): a module's
# fixtures (a built project, books, a browser) are made once, not once per worker. The
# tests that read the built site go last (tests/conftest.py), as it is built meanwhile.
pytest: $(TESTSTAMP) $(PYODIDE) $(AXE)
	$(BIN)/pytest -q -n auto --dist loadfile

# The sdist and the wheel (built without isolation, by the locked hatchling and hatch-vcs),
# checked by twine: what `pipx install` takes. Tag the commit first for a release version.
# SOURCE_DATE_EPOCH (the last commit's time) instead of the clock: for the files' dates, and
# for the date hatch-vcs adds to the version of a tree with uncommitted changes.
dist: $(TESTSTAMP)
	rm -rf dist
	SOURCE_DATE_EPOCH=$$(git log -1 --format=%ct) $(BIN)/python -m build --no-isolation --outdir dist .
	$(BIN)/twine check --strict dist/*

bench: $(STAMP) $(PYODIDE)
	$(BIN)/python bench/run.py $(PARTS)

serve: $(STAMP) $(PYODIDE)
	$(BIN)/starpress site serve --lang $(or $(LANG_CODE),en)

clean:
	rm -rf build $(VENV) site/play/node_modules tests/a11y/node_modules
