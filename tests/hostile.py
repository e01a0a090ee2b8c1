"""Running the real CLI on hostile input: exit code, stderr, CPU time and peak memory.

Each run is a child process under a 2 GiB address-space limit (so a bomb fails instead of
eating the machine) and a CPU-time limit (so a loop is stopped by the kernel, whatever else
the machine is doing); its CPU time and peak resident memory are read from the kernel's
accounting for that one child and its own children (`os.wait4`). The wall clock only
guards against a child that waits forever without using the CPU, and generously.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from starpress.automa.engine.session import _link
from tests import zygote
from tests.patience import LAST_RESORT

ADDRESS_LIMIT = 2 * 1024**3
"""Address space a hostile run may reserve (Python itself reserves a few hundred MB)."""
PEAK_LIMIT_MB = 1024
"""Resident memory a refused input may use at most."""
CPU_LIMIT = 20.0
"""CPU seconds (user + system) a refused input may use at most; a quiet refusal takes 1–4.
CPU time does not grow when other processes share the cores, as wall time does."""
CPU_KILL = 120
"""CPU seconds after which the kernel stops a child (RLIMIT_CPU): a hang, not a slow run."""
LIMITS = {"RLIMIT_AS": (ADDRESS_LIMIT, ADDRESS_LIMIT), "RLIMIT_CPU": (CPU_KILL, CPU_KILL + 5)}


@dataclass(frozen=True)
class Run:
    code: int
    stdout: str
    stderr: str
    cpu_seconds: float
    peak_mb: float
    timed_out: bool


def run_measured(*args: str, cwd: Path, timeout: float = LAST_RESORT, stdin: str = "") -> Run:
    """`python -m starpress ARGS` in `cwd`, measured: a child forked by this worker's warm
    parent (`tests/zygote.py`), under the limits above."""
    done = zygote.run(args, cwd, timeout, stdin, limits=LIMITS)
    return Run(
        done.code,
        done.stdout,
        done.stderr,
        done.cpu_seconds,
        done.peak_kb / 1024,
        done.timed_out or done.code == -signal.SIGXCPU,
    )


def assert_refused(run: Run, where: str) -> str:
    """Exit 2, one stderr line naming `where` (e.g. 'content/demo/rules.yaml:3:7'), no
    traceback, within the CPU and memory limits. Returns the line."""
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert not run.timed_out, f"timed out: {run}"
    assert "Traceback" not in run.stderr, run.stderr
    assert run.code == 2, run
    assert len(lines) == 1, run.stderr
    assert where in lines[0], (where, lines[0])
    assert run.cpu_seconds < CPU_LIMIT, run.cpu_seconds
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
