"""Simulate N whole games of one bot in this process, through the one driver (`automa.simulate`);
print games, seconds and the bot's mean score (bench/run.py reads these three).

python bench/automa_sim.py afternova 2000      # the Bot and two baseline humans
python bench/automa_sim.py luna-maris 2000     # the automaton at the advanced level
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from automa.simulate import simulate
from starpress.load import load_games

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = {
    "afternova": ({"seats": "baseline"}, "bot"),
    "luna-maris": ({"level": "advanced"}, "automaton"),
}


def main(game_id: str, games: int) -> None:
    game = load_games(ROOT, [game_id])[game_id]
    params, player = SETTINGS[game_id]
    start = time.perf_counter()
    summary = simulate(game, games, 1, params)
    elapsed = time.perf_counter() - start
    print(games, elapsed, summary["scores"][player]["mean"])


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
