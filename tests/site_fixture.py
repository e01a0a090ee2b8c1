"""The built site, shared by the site tests: built once per test session."""

from __future__ import annotations

import fcntl
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

from starpress.core.model import LANGUAGES
from starpress.site import build as sitebuild
from starpress.site import config as siteconfig
from starpress.site.inputs import SiteInputs
from starpress.site.pages import Site
from tests.conftest import ROOT

SITE = ROOT / "build" / "site"
EARLY_RUN = "STARPRESS_TEST_SITE_RUN"
"""The run's id when the whole suite runs on several workers: the site is then built from
the session's start by a process of its own (`start_early`), while the workers run the tests
that do not read it; a worker that needs it waits for that build (the same lock)."""


EARLY_BUILD = """
from tests.site_fixture import built_site
built_site()
from tests.books import built_books
built_books()
"""
"""What the early process builds: the site, then the rulebooks (`tests/books.py`)."""


def start_early(run: str) -> subprocess.Popen[bytes]:
    """Build the site, then the rulebooks, for the run `run` in a background process
    (`EARLY_BUILD`; each takes its lock first). Its output goes to build/site-early.log; if
    it fails, the first test that needs what failed builds it again and shows why."""
    SITE.parent.mkdir(parents=True, exist_ok=True)
    with (SITE.parent / "site-early.log").open("wb") as log:
        return subprocess.Popen(
            [sys.executable, "-c", EARLY_BUILD],
            cwd=ROOT,
            env={**os.environ, EARLY_RUN: run},
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )


@functools.cache
def built_site() -> Path:
    """Build every language as `starpress site build` does (missing kits and the gallery
    first, then mkdocs build --strict) and return build/site. The workers of one
    pytest-xdist run share it: the first builds it while the others wait (a file lock), so
    none reads a folder another is cleaning."""
    once_per_run(SITE.parent, ".site-fixture", _build_site)
    return SITE


def once_per_run(folder: Path, name: str, build: Callable[[], None]) -> None:
    """Run `build` once per test run (the early process's, else pytest-xdist's), whichever
    worker or process asks first; the others wait on the lock `folder/NAME-lock` and find
    `folder/NAME-run` holding the run's id. Outside a run of several workers: every time."""
    run = os.environ.get(EARLY_RUN) or os.environ.get("PYTEST_XDIST_TESTRUNUID")
    done = folder / f"{name}-run"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{name}-lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if run is None or not done.is_file() or done.read_text("utf-8") != run:
            done.unlink(missing_ok=True)
            build()
            if run is not None:
                done.write_text(run, "utf-8")


def _build_site() -> None:
    from starpress.cli import site_inputs as site_files
    from starpress.rulebook import build as rulebook

    _written, palettes = site_files.prepare(ROOT, LANGUAGES)
    # one game's rulebooks and quick references at least, so the downloads pages link real ones
    books = rulebook.plan(ROOT, ["asteria"], "all", "a4", booklet=False)
    books += rulebook.plan(ROOT, ["asteria"], "all", "a4", booklet=False, quick=True)
    rulebook.run(ROOT, books, ROOT / "build" / "rulebooks")
    # the settings as the cli resolves them with no option and no environment variable
    inputs = SiteInputs.read(ROOT, siteconfig.resolve(ROOT), LANGUAGES, palettes=palettes)
    results = sitebuild.build(inputs, list(LANGUAGES))
    failed = [f"{r.lang}:\n{r.output}" for r in results if not r.ok]
    assert not failed, "\n".join(failed)


def language_site(root: Path, lang: str) -> Site:
    """One language's pages as the MkDocs plugin makes them, from inputs read as `site
    build` reads them (no MkDocs build)."""
    from starpress.site.language_site import build_site

    return build_site(SiteInputs.read(root, siteconfig.resolve(root), [lang]), lang)


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """The folder over HTTP on a free loopback port, for the browser tests."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # the types the Play pages need whatever the machine's /etc/mime.types says: Pyodide is
    # an ES module (.mjs) and WebAssembly; a save file is JSON lines
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".jsonl": "application/jsonl",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass
