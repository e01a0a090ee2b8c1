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
