"""`starpress rulebook`: check a request's options, build the books, say what was written."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from starpress.core import counts
from starpress.core.load import ContentError, UnknownGame
from starpress.core.model import LANGUAGES
from starpress.rulebook import choices
from starpress.rulebook.build import plan, run

EXIT_BAD_INPUT = 2
LANGS = ("all", "source", *LANGUAGES)
"""What `--lang` takes: every language, each game's own, or one."""


@dataclass(frozen=True, kw_only=True)
class BookRequest:
    """`starpress rulebook` as asked for. The paper is checked by its type; the language,
    --jobs and the combination of --quick and --booklet by `build_command`."""

    target: str  # a game id or 'all'
    lang: str = "source"  # one of LANGS
    paper: choices.Paper = choices.Paper.A4
    booklet: bool = False
    quick: bool = False
    out: Path = Path("build/rulebooks")
    jobs: int | None = None  # books built at once (None: one per CPU)


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
    for report in run(root, books, request.out, workers=request.jobs):
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
    return 0


def _fail(errors: Console, message: str) -> int:
    errors.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return EXIT_BAD_INPUT
