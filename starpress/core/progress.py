"""Progress of work that can take more than two seconds, said to the person waiting.

On a terminal: rich's progress bars, one per task, cleared when the work is done. When the
output is piped, or in CI (`CI` set, as every CI service sets it), or on a dumb terminal:
plain lines, `site: 120/480 pages (14 s)`, none during the first two seconds (a quick run
says nothing), then as the work advances, at every tenth of a task's work and at least
every ten seconds, and one when a task that has spoken ends. The lines are said from the
callers' own updates, with no thread of ours (the builds fork worker processes). Everything
goes to the console given (the commands give standard error, so standard output keeps only
what the command is asked for).

Renderers take plain callbacks (`Callable[[int], None]`: this much more is done); the
commands make the `Progress` and hand its tasks' `advance` down.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # rich's progress is imported only when bars are drawn (a terminal)
    from rich.console import Console
    from rich.progress import Progress as Bars
    from rich.progress import TaskID

QUIET_SECONDS = 2.0
"""No plain line before a task has run this long."""
HEARTBEAT_SECONDS = 10.0
"""A plain line on an update this long after the last one, even within a tenth."""
STEPS = 10
"""A plain line each time a task crosses one of this many equal parts of its work."""


def wants_bars(console: Console) -> bool:
    """Bars on an interactive terminal; plain lines when piped, in CI or on a dumb one."""
    return console.is_terminal and not console.is_dumb_terminal and not os.environ.get("CI")


class Progress:
    """The tasks of one command, shown as bars or as plain lines (see the module)."""

    def __init__(
        self,
        console: Console | None,
        *,
        bars: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """`console`: where to show it (None: nowhere, for callers that show none);
        `bars`: force bars (True) or plain lines (False), default `wants_bars`; `clock` is
        for tests."""
        self.console = console
        self.bars = console is not None and (wants_bars(console) if bars is None else bars)
        self.clock = clock
        self.tasks: list[Task] = []
        self.lock = threading.RLock()  # a pool's callback thread may update a task
        self.rich: Bars | None = None
        if self.bars:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
            )
            from rich.progress import Progress as Bars

            self.rich = Bars(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[unit]}"),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            )

    def __enter__(self) -> Progress:
        if self.rich is not None:
            self.rich.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self.rich is not None:
            self.rich.stop()

    def task(self, label: str, total: int | None = None, unit: str = "") -> Task:
        """A new task: `total` units of `unit` to do (None: not counted)."""
        task = Task(self, label, total, unit)
        with self.lock:
            self.tasks.append(task)
        if self.rich is not None:
            task.bar = self.rich.add_task(label, total=total, unit=unit)
        return task

    def say(self, line: str) -> None:
        if self.console is None:
            return
        with self.lock:
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            self.console.file.flush()


class Task:
    """One task of a `Progress`: how much of its work is done."""

    def __init__(self, progress: Progress, label: str, total: int | None, unit: str) -> None:
        self.progress = progress
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self.bar: TaskID | None = None  # its bar, on a terminal
        self.started = progress.clock()
        self.finished = False
        self._said_at: float | None = None  # when the last plain line was said
        self._said_step = 0
        self._said_done = -1

    def __enter__(self) -> Task:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.finish()

    def advance(self, amount: int = 1) -> None:
        """`amount` more units are done."""
        self.update(self.done + amount)

    def update(self, done: int, total: int | None = None) -> None:
        """`done` units of `total` (unchanged when None) are done."""
        self.done = done
        if total is not None:
            self.total = total
        if self.progress.rich is not None and self.bar is not None:
            self.progress.rich.update(self.bar, completed=done, total=self.total)
        else:
            self.say_if_due()

    def finish(self) -> None:
        """The task is done: its bar is full; a plain line if it has said any before."""
        if self.finished:
            return
        if self.total is not None:
            self.update(self.total)
        self.finished = True
        if not self.progress.bars and self._said_at is not None and self._said_done != self.done:
            self.progress.say(self._line(done=True))

    def say_if_due(self) -> None:
        """A plain line, if one is due (see the module)."""
        with self.progress.lock:
            if self.progress.bars or self.finished:
                return
            now = self.progress.clock()
            if now - self.started < QUIET_SECONDS:
                return
            step = self.done * STEPS // self.total if self.total else 0
            quiet_long = self._said_at is None or now - self._said_at >= HEARTBEAT_SECONDS
            if quiet_long or step > self._said_step:
                self._said_at, self._said_step, self._said_done = now, step, self.done
                self.progress.say(self._line())

    def _line(self, done: bool = False) -> str:
        seconds = self.progress.clock() - self.started
        unit = f" {self.unit}" if self.unit else ""
        if self.total is not None:
            counted = f"{self.done}/{self.total}{unit}"
        elif done:
            counted = "done"
        else:
            counted = f"{self.done}{unit}" if self.done else "working"
        return f"{self.label}: {counted} ({seconds:.0f} s)"


def advance_by_share(advance: Callable[[int], None], share: int) -> Callable[[int, int], None]:
    """A `(done, total)` callback that advances `advance` by `share` units over the whole
    of its work, in whole units (a stage of a job whose weight is `share`)."""
    given = 0

    def report(done: int, total: int) -> None:
        nonlocal given
        due = share * done // total if total else share
        if due > given:
            advance(due - given)
            given = due

    return report


class Parts:
    """One task whose work several workers report in parts (a language each, say): each
    part's (done, of how many); the task shows their sums, its total known once every
    part has counted its own."""

    def __init__(self, task: Task, parts: Iterable[str]) -> None:
        self.task = task
        self.parts = list(parts)
        self.counts: dict[str, tuple[int, int]] = {}

    def update(self, part: str, done: int, total: int) -> None:
        self.counts[part] = (done, total)
        known = len(self.counts) == len(self.parts)
        self.task.update(
            sum(done for done, _total in self.counts.values()),
            sum(total for _done, total in self.counts.values()) if known else None,
        )
