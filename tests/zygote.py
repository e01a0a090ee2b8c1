"""A warm parent for the tests' runs of the real CLI: one Python process per test worker
that has imported starpress once and forks a child for each run.

Each child is a process of its own, as `python -m starpress ARGS` would be: its own
working folder, environment, standard input and output files, resource limits and exit
status, and `starpress`'s own entry point (`starpress/__main__.py`) run as `__main__`. What
it does not repeat is starting Python and importing starpress, typer, pydantic and
reportlab: about a third of a second of CPU per run, which ~700 runs of the test suite paid
again and again. The child's CPU time and peak memory come from the kernel's accounting of
that child alone (`os.wait4`), as before; its resident memory includes the pages it shares
with this parent, so the memory guard is, if anything, stricter.

What a fresh interpreter does and a forked child does not (importing the modules) is
tested where it matters by plain child processes (`tests/test_cli.py` reads `-X importtime`
of real runs; the install test runs the installed command; whole games run in a terminal).

Protocol (the parent's standard input and output, a JSON line each way): the request
`{args, cwd, env, stdin, stdout, stderr, timeout, limits}` (three file paths), the reply
`{code, cpu_seconds, peak_kb, timed_out}`.
"""

from __future__ import annotations

import atexit
import contextlib
import io
import json
import os
import resource
import runpy
import select
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

WARM = (
    "starpress.cli.app",
    "starpress.core.load",
    "starpress.core.model",
    "starpress.core.i18n",
    "starpress.pnp.build",
    "starpress.pnp.command",
    "starpress.pnp.kit",
    "starpress.pnp.printer_command",
    "starpress.automa.engine.runner",
    "starpress.rulebook.build",
    "rich.console",
    "rich.text",
    "rich.progress",
)
"""Imported once here, before any fork (a missing one is skipped: this is only warmth)."""


def _warm() -> None:
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")  # as starpress's main does
    import importlib

    for name in WARM:
        with contextlib.suppress(ImportError):
            importlib.import_module(name)


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become `python -m starpress ARGS`; never returns."""
    code = 1
    try:
        for limit, value in request["limits"].items():
            resource.setrlimit(getattr(resource, limit), tuple(value))
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        _redirect(0, request["stdin"], os.O_RDONLY)
        _redirect(1, request["stdout"], os.O_WRONLY)
        _redirect(2, request["stderr"], os.O_WRONLY)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
        sys.stderr = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False), encoding="utf-8", errors="backslashreplace"
        )
        sys.argv = [sys.executable, *request["args"]]
        signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            runpy.run_module("starpress", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as done:
            code = _exit_code(done.code)
        except BaseException:  # as the interpreter would: the traceback, exit 1
            traceback.print_exc()
            code = 1
        atexit._run_exitfuncs()
    except BaseException:
        traceback.print_exc()
    finally:
        with contextlib.suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _redirect(fd: int, path: str, mode: int) -> None:
    """Standard stream `fd` from or to the file at `path`."""
    opened = os.open(path, mode)
    os.dup2(opened, fd)
    os.close(opened)


def _exit_code(code: object) -> int:
    """`sys.exit`'s argument as the interpreter turns it into a status."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    with contextlib.suppress(BaseException):
        sys.stderr.write(f"{code}\n")
    return 1


def _run(request: dict[str, Any]) -> dict[str, Any]:
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(request)
    deadline = time.monotonic() + request["timeout"]
    timed_out = False
    watch = os.pidfd_open(pid)
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                os.kill(pid, signal.SIGKILL)
                break
            if select.select([watch], [], [], left)[0]:
                break
    finally:
        os.close(watch)
    _pid, status, usage = os.wait4(pid, 0)
    return {
        "code": os.waitstatus_to_exitcode(status),
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "peak_kb": usage.ru_maxrss,
        "timed_out": timed_out,
    }


def serve() -> None:
    """Answer requests until standard input closes."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    os.close(quiet)
    _warm()
    replies.write("ready\n")
    replies.flush()
    for line in requests:
        replies.write(json.dumps(_run(json.loads(line))) + "\n")
        replies.flush()


# -- in the tests' process --------------------------------------------------------------


@dataclass(frozen=True)
class Done:
    """One run: exit status (minus a signal's number), output, CPU seconds, peak KB."""

    code: int
    stdout: str
    stderr: str
    cpu_seconds: float
    peak_kb: int
    timed_out: bool


def run(
    args: Sequence[str],
    cwd: Path,
    timeout: float,
    stdin: str = "",
    limits: dict[str, tuple[int, int]] | None = None,
) -> Done:
    """`python -m starpress ARGS` in `cwd`, with this process's environment, forked by the
    warm parent; killed after `timeout` wall seconds (`timed_out`)."""
    with tempfile.TemporaryDirectory() as folder:
        files = {name: Path(folder, name) for name in ("stdin", "stdout", "stderr")}
        files["stdin"].write_text(stdin, "utf-8")
        files["stdout"].touch()
        files["stderr"].touch()
        reply = _PARENT.ask(
            {
                "args": list(args),
                "cwd": str(cwd),
                "env": dict(os.environ),
                **{name: str(path) for name, path in files.items()},
                "timeout": timeout,
                "limits": limits or {},
            }
        )
        return Done(
            reply["code"],
            files["stdout"].read_text("utf-8", "replace"),
            files["stderr"].read_text("utf-8", "replace"),
            reply["cpu_seconds"],
            reply["peak_kb"],
            reply["timed_out"],
        )


class _Parent:
    """This process's warm parent, started at its first use and again if it died (a
    request it could not answer fails that test, not every later one)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def ask(self, request: dict[str, object]) -> dict[str, Any]:
        process = self._started()
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            reply = process.stdout.readline()
        except BrokenPipeError:
            reply = ""
        if not reply:
            self.process = None
            raise RuntimeError(f"the tests' warm parent died (exit {process.wait()})")
        answer: dict[str, Any] = json.loads(reply)
        return answer

    def _started(self) -> subprocess.Popen[str]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.zygote"],
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="utf-8",
            )
            assert self.process.stdout is not None
            if self.process.stdout.readline() != "ready\n":
                raise RuntimeError("the tests' warm parent did not start")
            atexit.register(self.process.kill)
        return self.process


_PARENT = _Parent()


if __name__ == "__main__":
    serve()
