"""Benchmarks (`make bench`): wall times of the commands people wait for, against targets.

Each command runs in a fresh process several times; the median is reported, since the
first run also pays for a cold disk cache. Targets are the project's promises, not tests.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STARPRESS = shutil.which("starpress", path=str(Path(sys.executable).parent)) or "starpress"
RUNS = 7

BENCHMARKS: list[tuple[str, list[str], float]] = [
    ("starpress --help", [STARPRESS, "--help"], 0.3),
    ("starpress check (all games)", [STARPRESS, "check"], 1.0),
]


def wall_time(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    print(f"{'benchmark':32} {'median':>9} {'min':>9} {'target':>8}  verdict")
    for name, command, target in BENCHMARKS:
        times = [wall_time(command) for _ in range(RUNS)]
        median = statistics.median(times)
        verdict = "ok" if median <= target else "OVER TARGET"
        print(f"{name:32} {median:8.3f}s {min(times):8.3f}s {target:7.1f}s  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
