"""Every game's rulebooks and quick references, built once per test run and read by the
rulebook tests and the language audit. The workers of one pytest-xdist run share them, as
the site: the whole suite builds them from its start in a process of its own, after the
site (`tests.site_fixture.start_early`), and the tests that read them run last; a run of
chosen files builds them when first needed (the first worker builds, the others wait on a
file lock)."""

from __future__ import annotations

import functools
from pathlib import Path

from starpress.core.model import LANGUAGES
from tests.conftest import ROOT
from tests.site_fixture import once_per_run

BOOKS = ROOT / "build" / "test-books"
"""The tests' own books: not build/rulebooks, which the built site links on its downloads
pages."""
FULLY_CHECKED = ("en", "es")
"""Languages whose rulebooks are built and checked on Letter too; every language is on A4,
and every quick reference on both (the Letter layout is the A4 one on another frame: two
languages catch what the other two would)."""


@functools.cache
def built_books() -> Path:
    """Every game × language: the rulebook on A4 (and Letter in FULLY_CHECKED), the quick
    reference on A4 and Letter; built in a process pool, once per test run."""
    once_per_run(BOOKS, ".books", _build_books)
    return BOOKS


def _build_books() -> None:
    from starpress.core.load import load_games
    from starpress.rulebook.build import Job, run

    games = load_games(ROOT, None).values()
    jobs = [
        Job(game, lang, paper, False, quick=quick)
        for quick in (False, True)
        for game in games
        for lang in LANGUAGES
        for paper in ("a4", "letter")
        if quick or paper == "a4" or lang in FULLY_CHECKED
    ]
    reports = run(ROOT, jobs, BOOKS, workers=2)
    assert [report.path.name for report in reports] == [
        f"{job.game.id}-{job.lang}-{job.paper}{'-quick' if job.quick else ''}.pdf" for job in jobs
    ]
