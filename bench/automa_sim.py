"""Simulate N whole Afternova games with the Bot in this process; print games and seconds."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from automa.afternova_sim import simulate
from starpress.load import load_games

ROOT = Path(__file__).resolve().parent.parent


def main(games: int) -> None:
    game = load_games(ROOT, ["afternova"])["afternova"]
    start = time.perf_counter()
    summary = simulate(game, games, 1)
    elapsed = time.perf_counter() - start
    print(games, elapsed, summary.as_dict()["bot_score"]["mean"])


if __name__ == "__main__":
    main(int(sys.argv[1]))
