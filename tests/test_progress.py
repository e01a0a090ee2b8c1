"""Progress of long commands: bars on a terminal, plain lines when piped or in CI (quiet for
the first two seconds, then at each tenth and at least every ten seconds), and the real
commands' progress as they report it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from starpress.core import progress as shown
from starpress.core.progress import Parts, Progress, advance_by_share, wants_bars
from tests.conftest import ROOT


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def piped() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200), out


def test_plain_lines_wait_two_seconds_then_say_each_tenth_and_the_end() -> None:
    console, out = piped()
    clock = Clock()
    with Progress(console, clock=clock) as progress, progress.task("kits", 100, "cards") as task:
        task.advance(25)  # a quarter done at once: a quick run says nothing
        clock.now = 2.5
        task.advance()  # 26/100: the first line, after two seconds
        task.advance(2)  # 28/100: still in the same tenth
        clock.now = 3.0
        task.advance(4)  # 32/100: a new tenth
        clock.now = 15.0
        task.advance()  # 33/100: same tenth, but ten seconds since the last line
        clock.now = 20.0
        task.update(100)  # said; the end says nothing more
    assert out.getvalue().splitlines() == [
        "kits: 26/100 cards (2 s)",
        "kits: 32/100 cards (3 s)",
        "kits: 33/100 cards (15 s)",
        "kits: 100/100 cards (20 s)",
    ]


def test_a_quick_task_says_nothing_and_a_task_that_spoke_says_its_end() -> None:
    console, out = piped()
    clock = Clock()
    with Progress(console, clock=clock) as progress:
        with progress.task("charts", None, "settings") as quick:
            quick.update(3, 3)
        with progress.task("pages") as pages:
            clock.now = 12.0
            pages.update(5)  # no total yet: said after ten seconds
            clock.now = 13.0
            pages.update(9, 20)
    assert out.getvalue().splitlines() == [
        "pages: 5 (12 s)",
        "pages: 9/20 (13 s)",
        "pages: 20/20 (13 s)",
    ]


def test_bars_on_a_terminal_plain_lines_in_ci_and_when_piped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    terminal = Console(file=io.StringIO(), force_terminal=True)
    assert wants_bars(terminal)
    assert not wants_bars(Console(file=io.StringIO()))  # piped
    monkeypatch.setenv("CI", "true")
    assert not wants_bars(terminal)


def test_bars_draw_to_the_terminal_and_are_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with Progress(console) as progress, progress.task("rulebooks", 4, "books") as task:
        task.advance(4)
    assert "rulebooks" in out.getvalue() and "4/4" in out.getvalue()


def test_a_share_advances_by_whole_units_and_sums_to_it() -> None:
    given: list[int] = []
    report = advance_by_share(given.append, 10)
    for done in range(1, 8):
        report(done, 7)
    assert sum(given) == 10 and all(step > 0 for step in given)


def test_parts_add_up_and_know_their_total_when_every_part_has_counted() -> None:
    console, _out = piped()
    with Progress(console) as progress:
        task = progress.task("pages")
        parts = Parts(task, ["en", "es"])
        parts.update("en", 3, 10)
        assert (task.done, task.total) == (3, None)
        parts.update("es", 4, 12)
        parts.update("en", 5, 10)
        assert (task.done, task.total) == (9, 22)


def test_rulebook_command_says_its_progress_on_standard_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real command, piped: plain lines on the errors console, none on standard output."""
    from starpress.rulebook import choices
    from starpress.rulebook.command import build_command
    from starpress.rulebook.request import BookRequest

    monkeypatch.setattr(shown, "QUIET_SECONDS", 0.0)
    monkeypatch.delenv("CI", raising=False)
    (console, out), (errors, said) = piped(), piped()
    request = BookRequest(
        target="asteria",
        lang="all",
        paper=choices.Paper.A4,
        quick=True,
        out=tmp_path,
        jobs=1,
    )
    assert build_command(ROOT, request, console, errors) == 0
    lines = said.getvalue().splitlines()
    assert lines[-1].startswith("rulebooks: 4/4 books (")
    assert [line.split(" (")[0] for line in lines] == [
        f"rulebooks: {n}/4 books" for n in range(1, 5)
    ]
    assert "rulebooks" not in out.getvalue() and "\x1b" not in said.getvalue()


def test_pnp_counts_the_kit_and_each_export_in_cards(
    kit_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpress.pnp.command import run
    from starpress.pnp.request import Request

    monkeypatch.setattr(shown, "QUIET_SECONDS", 0.0)
    (console, _out), (errors, said) = piped(), piped()
    request = Request(target="demo", png=True, tts=True, jobs=1)
    assert run(kit_project, request, console, errors) == 0
    lines = [line.split(" (")[0] for line in said.getvalue().splitlines()]
    # 10 cards: drawn, then as PNGs, then as TTS decks (a share of 10 each)
    assert lines[-1] == "print-and-play: 30/30 cards"
    counts = [int(line.split(": ")[1].split("/")[0]) for line in lines]
    assert counts == sorted(set(counts)) and 20 in counts  # the PNGs done: two thirds
