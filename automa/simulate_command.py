"""`starpress automa afternova simulate`: many whole games, summarised."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from automa.afternova_sim import simulate
from starpress.load import load_games


def run(root: Path, games: int, seed: int, as_json: bool, check: bool, console: Console) -> None:
    game = load_games(root, ["afternova"])["afternova"]
    summary = simulate(game, games, seed, check).as_dict()
    if as_json:
        print(json.dumps(summary, indent=2, sort_keys=True))
        return
    table = Table(
        title=f"{games} simulated games (seeds {seed}–{seed + games - 1})", title_justify="left"
    )
    for column in ("", "mean", "median", "stdev", "min", "max"):
        table.add_column(column, justify="right" if column else "left")
    for label, key in (
        ("Bot score", "bot_score"),
        ("baseline human score", "human_score"),
        ("rounds", "rounds"),
    ):
        numbers = summary[key]
        table.add_row(
            label, *(f"{numbers[k]:g}" for k in ("mean", "median", "stdev", "min", "max"))
        )
    console.print(table)
    console.print(
        f"Bot wins {summary['bot_win_rate']:.1%} of games; "
        f"{summary['stopped_at_round_limit']} stopped at the round limit."
    )
    fired = Table(title="Bot rules fired per game", title_justify="left")
    fired.add_column("step")
    fired.add_column("per game", justify="right")
    for step, count in summary["rules_fired_per_game"].items():
        fired.add_row(step, f"{count:g}")
    console.print(fired)


def run_luna_maris(
    root: Path, games: int, level: str, seed: int, as_json: bool, console: Console
) -> None:
    from automa.luna_maris_sim import LEVELS
    from automa.luna_maris_sim import simulate as simulate_solo

    game = load_games(root, ["luna-maris"])["luna-maris"]
    levels = LEVELS if level == "all" else tuple(lv for lv in LEVELS if lv == level)
    results = [simulate_solo(game, games, lv, seed) for lv in levels]
    if as_json:
        print(json.dumps(results, indent=2, sort_keys=True))
        return
    table = Table(
        title=f"Luna Maris automaton: {games} simulated games per level (seeds "
        f"{seed}–{seed + games - 1})",
        title_justify="left",
    )
    for column in ("level", "mean", "median", "stdev", "min", "max"):
        table.add_column(column, justify="left" if column == "level" else "right")
    for result in results:
        score = result["score"]
        table.add_row(
            result["level"], *(f"{score[k]:g}" for k in ("mean", "median", "stdev", "min", "max"))
        )
    console.print(table)
