"""`starpress rulebook`: check a request's options, build the books (progress on standard
error), say what was written."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from starpress.core import counts
from starpress.core.freshness import Stamps
from starpress.core.load import ContentError, UnknownGame, game_ids
from starpress.core.model import LANGUAGES
from starpress.core.progress import Progress
from starpress.rulebook.build import plan, run
from starpress.rulebook.request import BookRequest
from starpress.rulebook.uptodate import book_keys

EXIT_BAD_INPUT = 2
LANGS = ("all", "source", *LANGUAGES)
"""What `--lang` takes: every language, each game's own, or one."""


def build_command(root: Path, request: BookRequest, console: Console, errors: Console) -> int:
    """The whole command; returns the exit code."""
    if request.lang not in LANGS:
        allowed = ", ".join(LANGS)
        return _fail(errors, f"--lang must be one of {allowed} (got {request.lang!r})")
    if request.quick and request.booklet:
        return _fail(errors, "--quick and --booklet cannot be combined")
    if request.jobs is not None and request.jobs < 1:
        return _fail(errors, f"--jobs must be at least 1 (got {request.jobs})")
    games = None if request.target == "all" else [request.target]
    keys: dict[str, tuple[str, str]] = {}
    stamps = Stamps(root)
    if request.if_changed:
        keys = book_keys(root, games or game_ids(root), request)
        games = [game for game, key in keys.items() if not stamps.fresh(*key)]
        if not games:
            console.print(f"up to date: {request.out} (no input changed)", highlight=False)
            return 0
    try:
        books = plan(
            root,
            games,
            lang=request.lang,
            paper=request.paper.value,
            booklet=request.booklet,
            quick=request.quick,
        )
    except UnknownGame as error:
        return _fail(errors, str(error))
    except ContentError as error:
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        return _fail(errors, counts.count(len(error.problems), "problem", "problems"))
    with Progress(errors) as progress, progress.task("rulebooks", len(books), "books") as task:
        reports = run(root, books, request.out, workers=request.jobs, progress=task.advance)
    for report in reports:
        console.print(
            f"wrote {report.path} ({counts.count(report.pages, 'page', 'pages')})",
            highlight=False,
            soft_wrap=True,
        )
        if report.booklet is not None:
            console.print(
                f"wrote {report.booklet} ({report.sides} sheet sides)",
                highlight=False,
                soft_wrap=True,
            )
        if report.fallbacks:
            console.print(
                f"{report.path.name}: {report.fallbacks} text(s) not yet translated, "
                "printed in the source language",
                highlight=False,
                soft_wrap=True,
            )
    for game, (step, key) in keys.items():
        written = [
            path
            for job, report in zip(books, reports, strict=True)
            if job.game.id == game
            for path in (report.path, report.booklet)
            if path is not None
        ]
        if written:
            stamps.record(step, key, written)
    return 0


def _fail(errors: Console, message: str) -> int:
    errors.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return EXIT_BAD_INPUT
