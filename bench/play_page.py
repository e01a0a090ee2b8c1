"""A Play page in Debian's Chromium (`make bench PARTS=play`): what it weighs, how long until
it can be played, and how long until its first question is shown (the Start button pressed as
soon as the page is ready, default settings), on this machine's CPU and with the CPU slowed
down 4 times (Chrome's throttling, a stand-in for a mid-range phone), on a first visit and on
the next one, with the files stored (warm cache). The time to the first question with a warm
cache is compared with issue 29's target, 5 s on this (2-core) machine. The page's own steps
(service worker, Pyodide started, the bots' code imported, the game's data read, the page
ready, the first question) say where the time goes.

Pages start Pyodide from its memory snapshot when the build made one (Node present:
`starpress.site.play`); the last line says whether they did.

The site is served from loopback, so the times are the page's own work (loading Pyodide and
the bots' code, starting the game), not the network's: on a phone's network the first visit
adds the page weight's download time.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import BROWSER_ARGS, CHROMIUM  # noqa: E402
from tests.site_fixture import serve  # noqa: E402

PAGE = "en/asteria/play/"
RUNS = 3


TARGET = 5.0
"""Seconds to the first question with a warm cache, on this machine (issue 29)."""
STEPS = ("worker", "pyodide", "imported", "data", "ready")
snapshots: set[str] = set()
"""Whether the pages started Pyodide from its snapshot (`used`) or started CPython (`none`)."""


def visit(browser, url: str, throttle: int) -> list[dict[str, float]]:  # type: ignore[no-untyped-def]
    """A first visit (fresh profile) and a second one, files stored: for each, seconds to
    ready and to the first question (since the page was opened), the page's steps (seconds
    since its script ran) and the bytes fetched."""
    context = browser.new_context()
    fetched = [0]

    def count(request) -> None:  # type: ignore[no-untyped-def]
        try:
            sizes = request.sizes()
        except Exception:  # the page closed first: counted in its own visit already
            return
        fetched[0] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    context.on("requestfinished", count)
    visits = []
    for _ in range(2):
        fetched[0] = 0
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(".sp-play[data-state=ready]", state="attached", timeout=180_000)
        ready = time.perf_counter() - start
        page.click(".sp-play-new button[type=submit]")  # a new game, default settings
        page.wait_for_selector(".sp-play[data-asked]", state="attached", timeout=60_000)
        asked = int(page.get_attribute(".sp-play", "data-asked") or 0) / 1000
        steps = json.loads(page.get_attribute(".sp-play", "data-timings") or "{}")
        snapshots.add(page.get_attribute(".sp-play", "data-snapshot") or "none")
        page.wait_for_selector(".sp-play[data-offline=ready]", state="attached", timeout=60_000)
        page.evaluate("localStorage.clear()")  # the next visit starts a new game too
        page.close()
        visits.append({"ready": ready, "asked": asked, "bytes": fetched[0],
                       **{name: steps.get(name, 0) / 1000 for name in STEPS}})  # fmt: skip
    context.close()
    return visits


def main() -> None:
    from playwright.sync_api import sync_playwright

    site = ROOT / "build" / "site"
    if not (site / PAGE / "index.html").is_file():
        sys.exit("build the site first (make, or starpress site build)")
    shared = sorted((site / "play").rglob("*"))
    weight = sum(path.stat().st_size for path in shared if path.is_file())
    data = (site / PAGE).parent / "play.json"
    print(f"\nPlay page ({PAGE}) in Chromium, served from loopback, {RUNS} runs each")
    print(f"  shared files (Pyodide, bots' code, script): {weight / 1e6:6.2f} MB on disk")
    print(f"  the game's data (play.json):                 {data.stat().st_size / 1e3:6.1f} KB")
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        for throttle in (1, 4):
            runs = [visit(browser, f"{base}/{PAGE}", throttle) for _ in range(RUNS)]
            label = "this CPU" if throttle == 1 else f"CPU slowed {throttle}x"
            for index, name in enumerate(("first visit", "next visit (warm cache)")):
                median = {
                    key: statistics.median(run[index][key] for run in runs)
                    for key in runs[0][index]
                }
                steps = " · ".join(f"{step} {median[step]:.1f}" for step in STEPS)
                print(
                    f"  {label:16} {name:24} ready {median['ready']:5.1f} s, first question"
                    f" {median['asked']:5.1f} s ({median['bytes'] / 1e6:.2f} MB fetched;"
                    f" median of {RUNS})\n{'':19}steps (s since the script ran): {steps}"
                )
                if throttle == 1 and index == 1:
                    verdict = "ok" if median["asked"] <= TARGET else "OVER TARGET"
                    print(f"{'':19}target: first question within {TARGET:.0f} s: {verdict}")
        browser.close()
    print(f"  Pyodide's snapshot (site/play/snapshot.mjs): {', '.join(sorted(snapshots))}")


if __name__ == "__main__":
    main()
