"""Simulate N whole games of one bot in this process; print games, seconds and mean score.

python bench/automa_sim.py afternova 2000
python bench/automa_sim.py luna-maris 2000     # the automaton at the advanced level
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from automa import afternova_sim, luna_maris_sim
from starpress.load import load_games

ROOT = Path(__file__).resolve().parent.parent


def main(game_id: str, games: int) -> None:
    game = load_games(ROOT, [game_id])[game_id]
    start = time.perf_counter()
    if game_id == "afternova":
        mean = afternova_sim.simulate(game, games, 1).as_dict()["bot_score"]["mean"]
    else:
        mean = luna_maris_sim.simulate(game, games, "advanced", 1)["score"]["mean"]
    elapsed = time.perf_counter() - start
    print(games, elapsed, mean)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
