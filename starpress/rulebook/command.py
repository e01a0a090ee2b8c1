"""`starpress rulebook`: check the options, build the books, say what was written."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from starpress.core.load import ContentError, UnknownGame
from starpress.core.model import LANGUAGES
from starpress.rulebook.build import plan, run
from starpress.rulebook.style import papers

EXIT_BAD_INPUT = 2


def build_command(
    root: Path,
    target: str,
    lang: str,
    paper: str,
    booklet: bool,
    quick: bool,
    out: Path,
    jobs: int | None,
    console: Console,
    errors: Console,
) -> int:
    """The whole command; returns the exit code."""
    if paper not in (*papers(), "all"):
        allowed = ", ".join((*papers(), "all"))
        return _fail(errors, f"--paper must be one of {allowed} (got {paper!r})")
    if lang not in ("all", "source", *LANGUAGES):
        allowed = ", ".join(("all", "source", *LANGUAGES))
        return _fail(errors, f"--lang must be one of {allowed} (got {lang!r})")
    if quick and booklet:
        return _fail(errors, "--quick and --booklet cannot be combined")
    if jobs is not None and jobs < 1:
        return _fail(errors, f"--jobs must be at least 1 (got {jobs})")
    try:
        books = plan(root, None if target == "all" else [target], lang, paper, booklet, quick)
    except UnknownGame as error:
        return _fail(errors, str(error))
    except ContentError as error:
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        return _fail(errors, f"{len(error.problems)} problem(s)")
    for report in run(root, books, out, jobs):
        console.print(
            f"wrote {report.path} ({report.pages} pages)", highlight=False, soft_wrap=True
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
    return 0


def _fail(errors: Console, message: str) -> int:
    errors.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return EXIT_BAD_INPUT
