"""Files that appear whole or not at all: written to a temporary name, then renamed.

A temporary file sits beside its target as `.<name>.<pid>.part`: removed on every exit path
(an exception, SIGINT, or SIGTERM once `terminate_as_exception` is active), and when a
SIGKILL leaves one behind, `remove_stale` deletes it at the start of the next build (its
process is gone). Other builds writing to the same folder keep theirs.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

PART_SUFFIX = ".part"
_PART_RE = re.compile(r"^\..+\.(\d+)\.part$")


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like KeyboardInterrupt so every `finally` cleans up."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"terminated by signal {signum}")
        self.signum = signum


def part_path(path: Path) -> Path:
    """The temporary name of `path` for this process."""
    return path.with_name(f".{path.name}.{os.getpid()}{PART_SUFFIX}")


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces `path`, else it is removed."""
    temporary = part_path(path)
    try:
        yield temporary
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` whole or not at all."""
    with atomic_path(path) as temporary:
        temporary.write_bytes(data)


def remove_stale(folder: Path) -> list[Path]:
    """Remove the temporary files in `folder` whose writing process no longer runs."""
    removed: list[Path] = []
    try:
        candidates = list(folder.iterdir()) if folder.is_dir() else []
    except OSError:
        return removed
    for candidate in candidates:
        match = _PART_RE.match(candidate.name)
        if match is None or not candidate.is_file() or _running(int(match.group(1))):
            continue
        candidate.unlink(missing_ok=True)
        removed.append(candidate)
    return removed


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a leftover of an earlier process that had our pid
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:
        return True  # another user's process
    return True


@contextmanager
def terminate_as_exception() -> Iterator[None]:
    """While active, SIGTERM raises `Terminated` in the main thread, so temporary files
    are removed on the way out; the previous handler is restored afterwards."""

    def raise_terminated(signum: int, _frame: FrameType | None) -> None:
        raise Terminated(signum)

    previous = signal.signal(signal.SIGTERM, raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
