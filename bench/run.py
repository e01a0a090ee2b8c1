"""Benchmarks (`make bench`): wall times of the commands people wait for, against targets.

Each command runs in a fresh process several times; the median is reported, since the
first run also pays for a cold disk cache. Targets are the project's promises, not tests.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def child(script: str, out: Path) -> tuple[list[str], float]:
    """Run a bench script in a fresh process: its output lines and its peak memory (MB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return done.stdout.splitlines(), max(peak, before) / 1024


def print_and_play() -> None:
    """Cards per second over every kit, the ratio to bare reportlab, sizes, peak memory."""
    with tempfile.TemporaryDirectory() as folder:
        ours = []
        for _ in range(3):
            lines, peak = child("pnp_kits.py", Path(folder))
            cards, seconds = lines[0].split()
            ours.append(float(seconds))
        floor = []
        for _ in range(3):
            bare, _peak = child("bare_reportlab.py", Path(folder) / "bare.pdf")
            floor.append(float(bare[0].split()[1]))
    best, best_floor = min(ours), min(floor)
    print(f"\nprint-and-play: {cards} cards, all five kits, source language, A4")
    print(f"  {int(cards) / best:8.0f} cards/s   ({best:.2f} s; best of 3)")
    ratio = best / best_floor
    verdict = "ok" if ratio <= 2 else "OVER TARGET"
    print(f"  {ratio:8.2f} x bare reportlab ({best_floor:.2f} s)   target <= 2x  {verdict}")
    memory = "ok" if peak < 300 else "OVER TARGET"
    print(f"  {peak:8.0f} MB peak memory   target < 300 MB  {memory}")
    for line in lines[1:]:
        name, pages, size = line.split()
        print(f"  {name:36} {int(pages):4d} pages {int(size) / 1024:8.0f} KB")


def main(parts: list[str]) -> int:
    """Every benchmark, or only the parts named (`python bench/run.py automa site`)."""
    chosen = parts or list(PARTS)
    unknown = [part for part in chosen if part not in PARTS]
    if unknown:
        print(f"unknown part {unknown[0]!r}: one of {', '.join(PARTS)}", file=sys.stderr)
        return 2
    for part in chosen:
        PARTS[part]()
    return 0


def commands() -> None:
    print(f"{'benchmark':32} {'median':>9} {'min':>9} {'target':>8}  verdict")
    for name, command, target in BENCHMARKS:
        times = [wall_time(command) for _ in range(RUNS)]
        median = statistics.median(times)
        verdict = "ok" if median <= target else "OVER TARGET"
        print(f"{name:32} {median:8.3f}s {min(times):8.3f}s {target:7.1f}s  {verdict}")


def own_game_watch() -> None:
    """`pnp --watch` on a 150-card game: the kit after one card edit against a full build."""
    lines, peak = child("own_game_watch.py", ROOT)
    cards, full, edit, drawn = lines[0].split()
    verdict = "ok" if float(edit) < 0.3 else "OVER TARGET"
    print(f"\nprint-and-play --watch: a {cards}-card game, one card edited (median of 7, warm)")
    print(f"  {float(edit):8.3f} s kit rewritten, {drawn} face redrawn   target < 0.3 s  {verdict}")
    print(f"  {float(full):8.3f} s full build of the same kit (no cache)")
    print(f"  {peak:8.0f} MB peak memory")


def automa() -> None:
    """Whole simulated games of each bot, and the peak memory of the runs."""
    for game_id, label, target in (
        ("afternova", "Afternova Bot", 500),
        ("afternova-greedy", "Afternova Bot against greedy seats", 200),
        ("afternova-solo", "Afternova solo, standard level, competent human", 200),
        ("luna-maris", "Luna Maris automaton, advanced level", 200),
        ("luna-maris-greedy", "Luna Maris automaton, advanced level, greedy human", 200),
        ("asteria", "Asteria automaton, standard level, competent player", 500),
        ("asteria-greedy", "Asteria automaton, standard level, greedy player", 500),
        ("aristeia", "Aristeia! automaton, standard level, competent player", 300),
        ("aristeia-greedy", "Aristeia! automaton, standard level, greedy player", 300),
        (
            "ascending-empires",
            "Ascending Empires, 1 automaton, standard level, competent player",
            100,
        ),
        (
            "ascending-empires-3",
            "Ascending Empires, 3 automata, standard level, competent player",
            80,
        ),
    ):
        results = []
        for _ in range(3):
            before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            done = subprocess.run(
                [sys.executable, str(ROOT / "bench" / "automa_sim.py"), game_id, "2000"],
                cwd=ROOT,
                check=True,
                capture_output=True,
                text=True,
            )
            peak = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before) / 1024
            games, seconds, _mean = done.stdout.split()
            results.append(int(games) / float(seconds))
        best = max(results)
        verdict = "ok" if best >= target else "UNDER TARGET"
        print(f"\nautoma: {label}, whole simulated games (2,000 per run)")
        print(f"  {best:8.0f} games per CPU second (best of 3)   target >= {target}  {verdict}")
        print(f"  {peak:8.0f} MB peak memory (max of the bench's child processes so far)")


def rulebooks() -> None:
    """All 40 rulebooks (five games, four languages, A4 and Letter) in one command with
    --jobs = the CPU count, the CPU time per book, and their sizes."""
    with tempfile.TemporaryDirectory() as folder:
        times, cpu = [], []
        for _ in range(2):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            command = [STARPRESS, "rulebook", "all", "--lang", "all", "--paper", "all"]
            subprocess.run([*command, "--out", folder], cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        books = sorted(Path(folder).glob("*.pdf"))
        sizes = [book.stat().st_size for book in books]
    verdict = "ok" if min(times) <= 10 else "OVER TARGET"
    print(f"\nrulebooks: {len(books)} books (5 games x 4 languages x A4 and Letter)")
    print(f"  {min(times):8.1f} s (best of 2, --jobs {os.cpu_count()})   target < 10 s  {verdict}")
    print(f"  {min(cpu) / len(books):8.2f} s CPU per book (processes' user + system time)")
    print(
        f"  {sum(sizes) / 2**20:8.1f} MB in all; per book {min(sizes) / 1024:.0f}–"
        f"{max(sizes) / 1024:.0f} KB, median {statistics.median(sizes) / 1024:.0f} KB"
    )


def kits() -> None:
    """Every kit (`pnp all --lang all --paper a4`, 20 PDFs) with --jobs 1 and on every
    core, and whether both runs wrote the same bytes."""
    workers = os.cpu_count() or 1
    seconds, built = {}, {}
    with tempfile.TemporaryDirectory() as folder:
        for jobs in (1, workers):
            out = Path(folder) / str(jobs)
            command = [STARPRESS, "pnp", "all", "--lang", "all", "--paper", "a4"]
            seconds[jobs] = wall_time([*command, "--jobs", str(jobs), "--out", str(out)])
            built[jobs] = {path.name: path.read_bytes() for path in out.glob("*.pdf")}
    same = "same bytes" if built[1] == built[workers] else "FILES DIFFER"
    print(f"\nprint-and-play: pnp all --lang all --paper a4 ({len(built[1])} kits)")
    print(f"  {seconds[1]:8.1f} s with --jobs 1")
    speedup = seconds[1] / seconds[workers]
    print(f"  {seconds[workers]:8.1f} s with --jobs {workers} ({speedup:.2f}x), {same}")


def site() -> None:
    """The rules site in four languages: first build (no stored gallery pictures or bot
    charts) and a build of unchanged sources; and one language alone."""
    caches = [ROOT / "build" / "cache" / name for name in ("gallery", "charts", "jinja")]
    stamps = sorted((ROOT / "build" / "site-cache").glob("*/*/.drawn-from"))
    print("\nrules site (mkdocs build --strict, kits already built)")
    first = []
    for _ in range(2):
        for folder in caches:
            shutil.rmtree(folder, ignore_errors=True)
        for stamp in stamps:
            stamp.unlink(missing_ok=True)
        first.append(wall_time([STARPRESS, "site", "build"]))
    print(f"  {'four languages, first':30} {min(first):6.1f} s (best of 2)")
    for label, extra, target in (
        ("four languages, unchanged", [], 10.0),
        ("one language (en), unchanged", ["--lang", "en"], None),
    ):
        times = [wall_time([STARPRESS, "site", "build", *extra]) for _ in range(2)]
        verdict = "" if target is None else ("ok" if min(times) <= target else "OVER TARGET")
        goal = f"target < {target:.0f} s" if target else ""
        print(f"  {label:30} {min(times):6.1f} s (best of 2)  {goal}  {verdict}")


def automa_scale() -> None:
    """`simulate` on one worker and on every core (wall time, same results), and the
    projected wall time of one million games on this machine."""
    workers = os.cpu_count() or 1
    for game_id, games, setting in (
        ("afternova", 4000, ["--seats", "baseline"]),
        ("luna-maris", 12000, ["--level", "advanced"]),
        ("asteria", 6000, ["--level", "standard"]),
    ):
        seconds, outputs, cpu = {}, {}, {}
        for count in (1, workers):
            command = [sys.executable, "-m", "starpress", "automa", game_id, "simulate"]
            command += ["--games", str(games), "--json", *setting]
            start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run(
                [*command, "--workers", str(count)],
                cwd=ROOT,
                check=True,
                capture_output=True,
                text=True,
            )
            seconds[count], outputs[count] = time.perf_counter() - start, done.stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[count] = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        same = "same results" if outputs[1] == outputs[workers] else "RESULTS DIFFER"
        rate = games / seconds[workers]
        print(f"\nautoma at scale: {game_id} {' '.join(setting)}, {games} games (--workers N)")
        print(f"  {games / seconds[1]:8.0f} games/s with 1 worker ({seconds[1]:.1f} s)")
        print(f"  {rate:8.0f} games/s with {workers} workers ({seconds[workers]:.1f} s), {same}")
        busy = cpu[workers] / (seconds[workers] * workers)
        print(f"  {busy:8.0%} of {workers} cores busy in that run ({cpu[workers]:.1f} CPU s)")
        print(f"  {1_000_000 / rate / 60:8.1f} min projected for one million games")


def peer_deck() -> None:
    """The shared peer deck against bare reportlab and protograf (`bench/peer_deck.py`)."""
    subprocess.run(
        [sys.executable, str(ROOT / "bench" / "peer_deck.py"), "--protograf"], cwd=ROOT, check=True
    )


def table() -> None:
    """Key presses at the table: each bot's fixed-seed game through the driver, answers and
    pauses per round, against issue 29's figures (`bench/table.py`)."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "table.py")], cwd=ROOT, check=True)


def play_page() -> None:
    """A Play page in Chromium: its weight and time to ready (`bench/play_page.py`)."""
    subprocess.run([sys.executable, str(ROOT / "bench" / "play_page.py")], cwd=ROOT, check=True)


PARTS = {
    "commands": commands,
    "pnp": print_and_play,
    "kits": kits,
    "rulebooks": rulebooks,
    "watch": own_game_watch,
    "site": site,
    "automa": automa,
    "scale": automa_scale,
    "peer": peer_deck,
    "play": play_page,
    "table": table,
}

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
