"""Running the real CLI on hostile input: exit code, stderr, wall time and peak memory.

Each run is a child process under a 2 GiB address-space limit (so a bomb fails instead of
eating the machine) and a wall-clock timeout; its peak resident memory is read from the
kernel's accounting for that one child (`os.wait4`).
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from automa.session import _link

ADDRESS_LIMIT = 2 * 1024**3
"""Address space a hostile run may reserve (Python itself reserves a few hundred MB)."""
PEAK_LIMIT_MB = 1024
"""Resident memory a refused input may use at most."""
SECONDS_LIMIT = 20.0
"""Wall time a refused input may take at most (on a loaded 2-core machine)."""


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str
    seconds: float
    peak_mb: float
    timed_out: bool


def run_measured(*args: str, cwd: Path, timeout: float = 60.0, stdin: str = "") -> Run:
    """`python -m starpress ARGS` in `cwd`, measured."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_LIMIT, ADDRESS_LIMIT))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        child = subprocess.Popen(
            [sys.executable, "-m", "starpress", *args],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=err,
            preexec_fn=limit,
        )
        assert child.stdin is not None
        child.stdin.write(stdin.encode())
        child.stdin.close()
        killed = threading.Event()

        def kill() -> None:
            killed.set()
            child.kill()

        timer = threading.Timer(timeout, kill)
        timer.start()
        _pid, status, usage = os.wait4(child.pid, 0)
        timer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        return Run(
            child.returncode,
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
            seconds,
            usage.ru_maxrss / 1024,
            killed.is_set(),
        )


def assert_refused(run: Run, where: str) -> str:
    """Exit 2, one stderr line naming `where` (e.g. 'content/demo/rules.yaml:3:7'), no
    traceback, within the time and memory limits. Returns the line."""
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert not run.timed_out, f"timed out: {run}"
    assert "Traceback" not in run.stderr, run.stderr
    assert run.code == 2, run
    assert len(lines) == 1, run.stderr
    assert where in lines[0], (where, lines[0])
    assert run.seconds < SECONDS_LIMIT, run.seconds
    assert run.peak_mb < PEAK_LIMIT_MB, run.peak_mb
    return lines[0]


def chained(events: list[dict[str, object]]) -> str:
    """A save file with a valid hash chain (as a careful editor would forge it)."""
    lines, previous = [], ""
    for event in events:
        previous = _link(previous, event)
        lines.append(json.dumps({**event, "h": previous}, ensure_ascii=False, sort_keys=True))
    return "".join(line + "\n" for line in lines)


def forged(save: Path, change: Callable[[list[dict[str, object]]], None]) -> None:
    """Rewrite a save file's events with `change`, the hash chain made valid again."""
    events = [json.loads(line) for line in save.read_text().splitlines()]
    for event in events:
        del event["h"]
    change(events)
    save.write_text(chained(events))


def first(events: list[dict[str, object]], key: str) -> dict[str, object]:
    """The first event logged under `key`."""
    return next(e for e in events if e.get("key") == key)


def ctrl_c_as_at_a_terminal() -> None:
    """A child's Ctrl-C as a person's terminal delivers it (`preexec_fn`): a test run from a
    background job inherits SIGINT ignored, and Python then keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
