"""Running the real CLI on hostile input: exit code, stderr, wall time and peak memory.

Each run is a child process under a 2 GiB address-space limit (so a bomb fails instead of
eating the machine) and a wall-clock timeout; its peak resident memory is read from the
kernel's accounting for that one child (`os.wait4`).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

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
