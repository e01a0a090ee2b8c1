"""The peer deck (`../shared/bench/peer-deck/`, or $PEER_DECK): the same poker deck drawn by
starpress, by bare reportlab (the floor), by bare reportlab with a kit's PDF features
(`bench/floor_kit_features.py`: embedded fonts, forms for faces placed more than once) and
by protograf, whole processes alternating in one run (after a warm-up run of each); prints
the median ratios of their CPU and wall times, pair by pair, and of their peak memory, and
at the smallest size what starpress imports before its first drawing (`python -X importtime`)
against the floor. CPU time is the figure to quote on a shared machine: it does not grow
when other work shares the cores. Children write and reuse `.pyc` files, as an installed
starpress does.

python bench/peer_deck.py [CARDS …]      # default 108 1080 10800
python bench/peer_deck.py --protograf    # also protograf at 108 and 1,080 cards (its own
                                         # virtualenv, bench/.venv-protograf, made on first
                                         # use; `bench/protograf_deck.py`: the shared deck
                                         # script with CARDS=N)
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEERS = Path(os.environ.get("PEER_DECK", ROOT.parent / "shared" / "bench" / "peer-deck"))
PROTOGRAF_ENV = ROOT / "bench" / ".venv-protograf"
FEATURES = "floor_kit_features.py"
"""The floor with the PDF features a kit chooses (embedded fonts, forms for shared faces)."""
PROTOGRAF_SIZES = (108, 1080)
"""Where starpress is measured against protograf (issue 33: at least 10 times faster)."""
TARGET = 2.0
"""starpress's time at most this many times bare reportlab's, at every size (issue 33)."""
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


class Run(tuple[float, float, float]):
    """Wall seconds, CPU seconds (user + system) and peak memory (MB) of one process."""

    wall = property(lambda self: self[0])
    cpu = property(lambda self: self[1])
    peak = property(lambda self: self[2])


def timed(command: list[str], env: dict[str, str] | None = None) -> Run:
    """One child process, timed by its own rusage."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**ENV, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        if child.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{command[1]} failed: {errors.read()[-500:].decode()}")
    return Run((seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024))


def _median_ratio(ours: list[Run], theirs: list[Run], field: int) -> float:
    return statistics.median(o[field] / t[field] for o, t in zip(ours, theirs, strict=True))


def compare(cards: int, runs: int, folder: Path) -> None:
    project = folder / f"project-{cards}"
    subprocess.run(
        [sys.executable, str(PEERS / "make_bench.py"), str(project), str(cards)],
        check=True,
        capture_output=True,
    )
    ours_command = [sys.executable, "-m", "starpress", "--root", str(project), "pnp", "bench"]
    ours_command += ["--out", str(folder / "out")]
    floor_env = {"CARDS": str(cards), "PEER_OUT": str(folder / "floor.pdf")}
    commands = {
        "starpress": (ours_command, None),
        "reportlab": ([sys.executable, str(PEERS / "floor_scaled.py")], floor_env),
        "reportlab, kit's PDF": ([sys.executable, str(ROOT / "bench" / FEATURES)], floor_env),
    }
    done: dict[str, list[Run]] = {name: [] for name in commands}
    for command, env in commands.values():  # warm-up: .pyc files written, disk cache warm
        timed(command, env)
    for _ in range(runs):  # alternating, so all see the same load
        for name, (command, env) in commands.items():
            done[name].append(timed(command, env))
    print(f"\npeer deck, {cards} cards (median of {runs}, alternating)")
    for name, runs_done in done.items():
        wall = statistics.median(run.wall for run in runs_done)
        cpu = statistics.median(run.cpu for run in runs_done)
        peak = statistics.median(run.peak for run in runs_done)
        print(f"  {name:21} {cpu:7.2f} s CPU, {wall:7.2f} s wall, peak {peak:5.0f} MB")
    ours = done["starpress"]
    for name, target in (("reportlab", TARGET), ("reportlab, kit's PDF", None)):
        cpu, wall = _median_ratio(ours, done[name], 1), _median_ratio(ours, done[name], 0)
        verdict = "" if target is None else "ok" if cpu <= target else "OVER TARGET"
        goal = f"target <= {target}x" if target else ""
        print(f"  {cpu:7.2f} x {name:21} CPU ({wall:.2f} x wall)  {goal}  {verdict}")
    memory = _median_ratio(ours, done["reportlab"], 2)
    verdict = "ok" if memory <= 2 else "OVER TARGET"
    print(f"  {memory:7.2f} x reportlab's peak memory          target <= 2x  {verdict}")


def imports(folder: Path) -> None:
    """What starpress imports before it draws, against the floor's imports and whole run
    (`python -X importtime`: the modules and their cumulative time, one run each after a
    warm-up; the floor's run timed alone too)."""
    project = folder / "project-108"
    ours = [sys.executable, "-X", "importtime", "-m", "starpress", "--root", str(project)]
    ours += ["pnp", "bench", "--out", str(folder / "out")]
    floor = [sys.executable, "-X", "importtime", str(PEERS / "floor_scaled.py")]
    floor_env = {"CARDS": "108", "PEER_OUT": str(folder / "floor.pdf")}
    found = {}
    for name, command, env in (("starpress", ours, None), ("reportlab", floor, floor_env)):
        subprocess.run(command, cwd=ROOT, env={**ENV, **(env or {})}, capture_output=True)
        done = subprocess.run(
            command, cwd=ROOT, env={**ENV, **(env or {})}, capture_output=True, text=True
        )
        rows = re.findall(r"import time:\s+\d+ \|\s+(\d+) \| ( *)(\S+)", done.stderr)
        top = sum(int(total) for total, indent, _name in rows if not indent)
        found[name] = (len(rows), top / 1e6)
    floor_run = statistics.median(
        timed([sys.executable, str(PEERS / "floor_scaled.py")], floor_env).wall for _ in range(3)
    )
    print("\nimports, peer deck at 108 cards (python -X importtime)")
    for name, (modules, seconds) in found.items():
        print(f"  {name:10} {modules:4d} modules, {seconds:6.3f} s of imports")
    ratio = found["starpress"][1] / floor_run
    print(f"  {ratio:7.2f} x the floor's whole run ({floor_run:.3f} s): starpress's imports")


def protograf(folder: Path, cards: int) -> None:
    python = PROTOGRAF_ENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PROTOGRAF_ENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "protograf"], check=True)
    project = folder / f"project-{cards}"
    ours_command = [sys.executable, "-m", "starpress", "--root", str(project), "pnp", "bench"]
    ours_command += ["--out", str(folder / "out")]
    theirs_command = [str(python), str(ROOT / "bench" / "protograf_deck.py")]
    theirs_env = {"PEER_OUT": str(folder / "protograf.pdf"), "CARDS": str(cards)}
    ours, theirs = [], []
    for _ in range(3):
        ours.append(timed(ours_command))
        theirs.append(timed(theirs_command, theirs_env))
    cpu, wall = _median_ratio(theirs, ours, 1), _median_ratio(theirs, ours, 0)
    verdict = "ok" if cpu >= 10 else "UNDER TARGET"
    theirs_cpu = statistics.median(run.cpu for run in theirs)
    ours_cpu = statistics.median(run.cpu for run in ours)
    print(f"\npeer deck, {cards} cards, against protograf (median of 3, alternating)")
    print(f"  starpress {ours_cpu:7.2f} s CPU, protograf {theirs_cpu:7.2f} s CPU")
    print(
        f"  {cpu:7.2f} x faster than protograf, CPU ({wall:.2f} x wall)  target >= 10x  {verdict}"
    )


def main(args: list[str]) -> int:
    if not (PEERS / "make_bench.py").is_file():
        print(f"peer deck: skipped, {PEERS} not found (set PEER_DECK)")
        return 0
    sizes = [int(a) for a in args if a.isdigit()] or [108, 1080, 10800]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for cards in sizes:
            compare(cards, 3 if cards < 10000 else 1, folder)
        if 108 in sizes:
            imports(folder)
        if "--protograf" in args:
            for cards in PROTOGRAF_SIZES:
                if cards not in sizes:  # the project of that size is made by `compare`
                    compare(cards, 1, folder)
                protograf(folder, cards)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
