"""Whole simulated solo games of Luna Maris: the automaton's score distribution per level.

Each game runs the same `LunaMarisTable` as the interactive program, in simulated mode
(the shared board and the human are `SharedModel`), with a silent channel that presses
Enter for the human: what is measured is exactly what a player would see.
"""

from __future__ import annotations

import io
import statistics
from collections import Counter
from typing import Any

from automa.luna_maris_game import Level, LunaMarisTable
from automa.session import Channel, EventLog, Output
from starpress.model import Game

LEVELS: tuple[Level, ...] = ("basic", "intermediate", "advanced")


def play_one(game: Game, level: Level, seed: int) -> tuple[dict[str, int], Counter[str]]:
    fired: Counter[str] = Counter()
    log = EventLog(
        None, [{"t": "start", "game": game.id, "mode": "simulated", "seed": seed, "level": level}]
    )

    def say(key: str, **values: Any) -> str:
        fired[key] += 1
        return key

    channel = Channel(log, say, Output(io.StringIO(), quiet=True), read=lambda prompt: "")
    score = LunaMarisTable(game, channel, "simulated", level, seed).run()
    return score, fired


def simulate(game: Game, games: int, level: Level, seed: int) -> dict[str, Any]:
    totals: list[int] = []
    fired: Counter[str] = Counter()
    for number in range(games):
        score, counts = play_one(game, level, seed + number)
        totals.append(score["total"])
        fired.update(counts)
    return {
        "level": level,
        "games": games,
        "score": {
            "mean": round(statistics.fmean(totals), 2),
            "median": float(statistics.median(totals)),
            "stdev": round(statistics.pstdev(totals), 2),
            "min": min(totals),
            "max": max(totals),
        },
        "steps_per_game": {
            key: round(fired[key] / games, 2)
            for key in (
                "probe",
                "mine",
                "refine",
                "recycle",
                "generate",
                "harvest",
                "hire",
                "ship",
                "build",
                "impossible",
                "shared",
            )
        },
    }
