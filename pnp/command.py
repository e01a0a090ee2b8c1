"""`starpress pnp`: turn option strings into kit options, build with a progress bar, report."""

from __future__ import annotations

from pathlib import Path
from typing import cast, get_args

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pnp import impose, marks
from pnp.build import plan
from pnp.build import run as run_jobs
from pnp.calibrate import build_calibration
from pnp.kit import PAPERS, KitOptions
from starpress.load import ContentError, UnknownGame
from starpress.model import LANGUAGES

EXIT_OVERFLOW = 1
EXIT_BAD_INPUT = 2


class OptionError(ValueError):
    """An option value that is not allowed; the message names the option."""


def parse_options(
    paper: str,
    marks_name: str,
    bleed: float,
    bleed_mode: str,
    duplex: str,
    back_offset: str,
    fold: bool,
    proof: bool,
    ink_saver: bool,
) -> KitOptions:
    _choose("--paper", paper, tuple(PAPERS))
    _choose("--marks", marks_name, get_args(marks.Marks))
    _choose("--bleed-mode", bleed_mode, get_args(impose.BleedMode))
    _choose("--duplex", duplex, get_args(impose.Flip))
    try:
        dx, dy = (float(part) for part in back_offset.split(","))
    except ValueError:
        message = f"--back-offset must be X,Y in mm (e.g. 0.5,-1), not {back_offset!r}"
        raise OptionError(message) from None
    return KitOptions(
        lang="",
        paper=paper,
        marks=cast(marks.Marks, marks_name),
        bleed=bleed,
        bleed_mode=cast(impose.BleedMode, bleed_mode),
        duplex=cast(impose.Flip, duplex),
        back_offset=(dx, dy),
        fold=fold,
        proof=proof,
        ink_saver=ink_saver,
    )


def run(
    root: Path,
    target: str,
    lang: str,
    paper: str,
    out: Path,
    marks_name: str,
    bleed: float,
    bleed_mode: str,
    duplex: str,
    back_offset: str,
    fold: bool,
    proof: bool,
    ink_saver: bool,
    strict: bool,
    console: Console,
    errors: Console,
) -> int:
    """The whole command; returns the exit code."""
    try:
        options = parse_options(
            paper, marks_name, bleed, bleed_mode, duplex, back_offset, fold, proof, ink_saver
        )
        if target == "calibrate":
            path = build_calibration(out, options)
            console.print(f"wrote {path}", highlight=False)
            return 0
        if lang not in ("all", "source", *LANGUAGES):
            raise OptionError(f"--lang must be one of all, {', '.join(LANGUAGES)} (got {lang!r})")
        games = None if target == "all" else [target]
        jobs = plan(root, games, lang, options)
    except (OptionError, UnknownGame) as error:
        errors.print(f"[red]error:[/red] {error}", highlight=False)
        return EXIT_BAD_INPUT
    except ContentError as error:
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        errors.print(f"[red]error:[/red] {len(error.problems)} problem(s)", highlight=False)
        return EXIT_BAD_INPUT
    total = sum(job.faces for job in jobs)
    with Progress(
        TextColumn("[bold]print-and-play"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("cards", total=total)
        result = run_jobs(root, jobs, out, lambda done: progress.advance(task, done))
    for report in result.reports:
        console.print(
            f"wrote {report.path} ({report.pages} pages, {report.faces} cards)",
            highlight=False,
            soft_wrap=True,
        )
    for name, count in sorted(result.fallbacks.items()):
        console.print(
            f"{name}: {count} text(s) not yet translated, printed in the source language",
            highlight=False,
            soft_wrap=True,
        )
    if result.overflow:
        errors.print(f"text does not fit its box ({len(result.overflow)}):", highlight=False)
        for line in result.overflow:
            errors.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
        return EXIT_OVERFLOW if strict else 0
    return 0


def _choose(option: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise OptionError(f"{option} must be one of {', '.join(allowed)} (got {value!r})")
