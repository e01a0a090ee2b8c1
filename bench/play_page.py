"""A Play page in Debian's Chromium (`make bench PARTS=play`): what it weighs, and how long
until it can be played (with the page's own steps: service worker, Pyodide started, the
bots' code imported, the game's data read, the page ready), on this machine's CPU and with
the CPU slowed down 4 times (Chrome's throttling, a stand-in for a mid-range phone), first
visit and with the files stored.

The site is served from loopback, so the times are the page's own work (loading Pyodide and
the bots' code, starting the game), not the network's: on a phone's network the first visit
adds the page weight's download time.
"""

from __future__ import annotations

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


def visit(browser, url: str, throttle: int) -> tuple[float, float, int]:  # type: ignore[no-untyped-def]
    """A first visit (fresh profile) and a second one: seconds to ready, and the bytes the
    first one fetched."""
    context = browser.new_context()
    fetched = [0]

    def count(request) -> None:  # type: ignore[no-untyped-def]
        try:
            sizes = request.sizes()
        except Exception:  # the page closed first: counted in its own visit already
            return
        fetched[0] += sizes["responseBodySize"] + sizes["responseHeadersSize"]

    context.on("requestfinished", count)
    times = []
    for _ in range(2):
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        start = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(".sp-play[data-state=ready]", state="attached", timeout=180_000)
        times.append(time.perf_counter() - start)
        print(
            "    steps (ms since the script ran):", page.get_attribute(".sp-play", "data-timings")
        )
        page.wait_for_selector(".sp-play[data-offline=ready]", state="attached", timeout=60_000)
        page.close()
    context.close()
    return times[0], times[1], fetched[0]


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
            first = statistics.median(run[0] for run in runs)
            again = statistics.median(run[1] for run in runs)
            sent = statistics.median(run[2] for run in runs)
            label = "this CPU" if throttle == 1 else f"CPU slowed {throttle}x"
            print(
                f"  {label:16} first visit ready in {first:5.1f} s ({sent / 1e6:.2f} MB"
                f" fetched), next visit {again:5.1f} s (median of {RUNS})"
            )
        browser.close()


if __name__ == "__main__":
    main()
