"""The peer deck (`../shared/bench/peer-deck/`, or $PEER_DECK): the same poker deck drawn by
starpress, by bare reportlab (the floor), by bare reportlab with a kit's PDF features
(`bench/floor_kit_features.py`: embedded fonts, each face a form) and by protograf, whole
processes alternating in one run; prints the median ratios and each tool's peak memory.

python bench/peer_deck.py [CARDS …]      # default 108 1080 10800
python bench/peer_deck.py --protograf    # also protograf at 108 cards (own virtualenv,
                                         # bench/.venv-protograf, made on first use)
"""

from __future__ import annotations

import os
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
"""The floor with the PDF features a kit chooses (embedded fonts, faces as forms)."""


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall seconds and peak memory (MB) of one child process (its own rusage)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        child = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, **(env or {})},
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
        _pid, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.perf_counter() - start
        if child.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{command[1]} failed: {errors.read()[-500:].decode()}")
    return seconds, usage.ru_maxrss / 1024


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
    done: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(runs):  # alternating, so all see the same load
        for name, (command, env) in commands.items():
            done[name].append(timed(command, env))
    print(f"\npeer deck, {cards} cards (median of {runs}, alternating)")
    for name, runs_done in done.items():
        seconds = statistics.median(run[0] for run in runs_done)
        print(f"  {name:21} {seconds:7.2f} s, peak {max(run[1] for run in runs_done):5.0f} MB")
    ours = done["starpress"]
    for name, target in (("reportlab", 1.5), ("reportlab, kit's PDF", None)):
        ratio = statistics.median(o[0] / f[0] for o, f in zip(ours, done[name], strict=True))
        verdict = "" if target is None else "ok" if ratio <= target else "OVER TARGET"
        goal = f"target <= {target}x" if target else ""
        print(f"  {ratio:7.2f} x {name:21} {goal}  {verdict}")


def protograf(folder: Path) -> None:
    python = PROTOGRAF_ENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(PROTOGRAF_ENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "protograf"], check=True)
    project = folder / "project-108"
    ours_command = [sys.executable, "-m", "starpress", "--root", str(project), "pnp", "bench"]
    ours_command += ["--out", str(folder / "out")]
    theirs_command = [str(python), str(PEERS / "protograf_deck.py")]
    theirs_env = {"PEER_OUT": str(folder / "protograf.pdf")}
    ours, theirs = [], []
    for _ in range(3):
        ours.append(timed(ours_command)[0])
        theirs.append(timed(theirs_command, theirs_env)[0])
    ratio = statistics.median(t / o for o, t in zip(ours, theirs, strict=True))
    verdict = "ok" if ratio >= 10 else "UNDER TARGET"
    print("\npeer deck, 108 cards, against protograf (median of 3, alternating)")
    print(f"  {ratio:7.2f} x faster than protograf   target >= 10x  {verdict}")


def main(args: list[str]) -> int:
    if not (PEERS / "make_bench.py").is_file():
        print(f"peer deck: skipped, {PEERS} not found (set PEER_DECK)")
        return 0
    sizes = [int(a) for a in args if a.isdigit()] or [108, 1080, 10800]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for cards in sizes:
            compare(cards, 3 if cards < 10000 else 1, folder)
        if "--protograf" in args:
            if 108 not in sizes:
                compare(108, 1, folder)
            protograf(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
