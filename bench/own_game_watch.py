"""A 150-card game of one's own: the kit after one card edit (face cache, as `pnp --watch`
rebuilds it) against a full normal build, in this warm process.

Prints: cards, full build median seconds, rebuild-after-one-edit median seconds, faces
redrawn per edit. Run by bench/run.py in a child process.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from starpress.cli import scaffold
from starpress.core import sheets
from starpress.pnp.assemble import FaceBook
from starpress.pnp.build import plan, run
from starpress.pnp.command import Request
from starpress.pnp.facecache import FaceCache
from starpress.pnp.kit import KitOptions
from starpress.pnp.watch import CACHE_FOLDER, rebuild

CARDS = 150
RUNS = 7


def make_game(folder: Path) -> Path:
    made = scaffold.create(folder / "project", "bench-game", "en")
    game = made.folder
    (game / "cards-card.csv").unlink()
    components = game / "components.yaml"
    components.write_text(components.read_text().replace("count: 12", f"count: {CARDS}"))
    write_deck(game, edited=-1, round_=0)
    return made.project


def write_deck(game: Path, edited: int, round_: int) -> None:
    rows: list[list[object]] = [["id", "component", "count", "name", "cost", "text"]]
    for number in range(CARDS):
        extra = f" Edit {round_}." if number == edited else ""
        rows.append(
            [
                f"bench-game.card.c{number:03d}",
                "bench-game.component.card",
                1,
                f"Card {number:03d}",
                number % 5 + 1,
                f"Gain {number % 7 + 1} :star:, then draw a card.{extra} "
                "See [[bench-game.rules.turn]].",
            ]
        )
    (game / "cards-card.csv").write_bytes(sheets.write_csv(rows))


def main() -> None:
    with tempfile.TemporaryDirectory() as temporary:
        root = make_game(Path(temporary))
        game = root / "content" / "bench-game"
        out = root / "build" / "pnp"
        full = []
        for _ in range(RUNS):
            start = time.perf_counter()
            run(root, plan(root, ["bench-game"], "source", KitOptions(lang="")), out)
            full.append(time.perf_counter() - start)
        request = Request(target="bench-game", out=out)
        cache, book = FaceCache(root / CACHE_FOLDER), FaceBook()
        rebuild(root, request, cache, book)  # the first build draws every face
        edits = []
        drawn = set()
        for round_ in range(RUNS):
            write_deck(game, edited=round_ * 11, round_=round_)
            start = time.perf_counter()
            done = rebuild(root, request, cache, book)
            edits.append(time.perf_counter() - start)
            drawn.add(done.drawn)
        print(CARDS, statistics.median(full), statistics.median(edits), max(drawn))


if __name__ == "__main__":
    sys.exit(main())
