"""Ask git about a folder: one command's output, or None where there is no git to ask."""

from __future__ import annotations

import subprocess
from pathlib import Path


def git_output(folder: Path, *args: str) -> str | None:
    """`git -C folder ARGS…`'s standard output, stripped; None when git is not installed,
    the folder is in no work tree, or the command fails."""
    try:
        done = subprocess.run(
            ["git", "-C", str(folder), *args],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None
