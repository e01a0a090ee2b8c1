"""Build every game's kit in its source language on A4, in this process.

Prints: cards, seconds, then one line per kit: file name, pages, bytes. Run by
bench/run.py in a child process so that its peak memory can be read on its own.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from starpress.pnp.build import plan, run
from starpress.pnp.kit import KitOptions

ROOT = Path(__file__).resolve().parent.parent


def main(out: Path) -> None:
    jobs = plan(ROOT, None, "source", KitOptions(lang=""))
    start = time.perf_counter()
    result = run(ROOT, jobs, out)
    elapsed = time.perf_counter() - start
    print(sum(report.faces for report in result.reports), elapsed)
    for report in result.reports:
        print(report.path.name, report.pages, report.path.stat().st_size)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
