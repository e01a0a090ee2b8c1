"""Simulate N whole games of one bot in this process, through the one driver
(`automa.sim.simulate`); print games, CPU seconds of this process and the bot's mean score
(bench/run.py reads these three). CPU time, not wall time: games per second per core, steady on a
shared machine.

python bench/automa_sim.py afternova 2000          # the Bot and two baseline humans
python bench/automa_sim.py afternova-greedy 2000   # the Bot and two greedy humans
python bench/automa_sim.py afternova-solo 2000     # solo, standard level, competent human
python bench/automa_sim.py luna-maris 2000         # the automaton at the advanced level
python bench/automa_sim.py luna-maris-greedy 2000  # … against the greedy modelled human
python bench/automa_sim.py asteria 2000            # Asteria solo, standard level, competent human
python bench/automa_sim.py asteria-greedy 2000     # … against the greedy modelled player
python bench/automa_sim.py aristeia 2000           # Aristeia! solo, standard level, competent
python bench/automa_sim.py aristeia-greedy 2000    # … against the greedy modelled player
python bench/automa_sim.py ascending-empires 2000  # 1 automaton, standard level, competent player
python bench/automa_sim.py ascending-empires-3 2000  # … 3 automata (a 4-player game)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from starpress.automa.sim.simulate import simulate
from starpress.core.load import load_games

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = {
    "afternova": ("afternova", {"seats": "baseline"}, "bot"),
    "afternova-greedy": ("afternova", {"seats": "greedy"}, "bot"),
    "afternova-solo": ("afternova", {"seats": "competent", "variant": "solo"}, "bot"),
    "luna-maris": ("luna-maris", {"level": "advanced"}, "automaton"),
    "luna-maris-greedy": ("luna-maris", {"level": "advanced", "opponent": "greedy"}, "automaton"),
    "asteria": ("asteria", {"level": "standard", "opponent": "competent"}, "automaton"),
    "asteria-greedy": ("asteria", {"level": "standard", "opponent": "greedy"}, "automaton"),
    "aristeia": ("aristeia", {"level": "standard", "opponent": "competent"}, "automaton"),
    "aristeia-greedy": ("aristeia", {"level": "standard", "opponent": "greedy"}, "automaton"),
    "ascending-empires": (
        "ascending-empires",
        {"level": "standard", "automata": "1"},
        "automaton-1",
    ),
    "ascending-empires-3": (
        "ascending-empires",
        {"level": "standard", "automata": "3"},
        "automaton-1",
    ),
}


def main(setting: str, games: int) -> None:
    game_id, params, player = SETTINGS[setting]
    game = load_games(ROOT, [game_id])[game_id]
    start = time.process_time()
    summary = simulate(game, games, 1, params)
    elapsed = time.process_time() - start
    print(games, elapsed, summary["scores"][player]["mean"])


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
