"""The simulation charts of the bot pages, drawn before the site is built (`site build`).

For each game with a bot: `SITE_GAMES` simulated games from `SITE_SEED` for every setting a
simulation can play (each parameter `all`), their charts (`automa.charts`) and a
`charts.json` naming each chart's setting, kind and player, in
`build/site-cache/automa/<game>/`, where `starpress.sitefiles` reads them. The charts have
no words but numbers and rule ids, so one set serves every language: each page captions
them in its own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from automa.charts import chart_files
from automa.registry import bot_of
from automa.simulate import settings_to_run, simulate
from starpress.atomic import write_atomic
from starpress.load import load_games
from starpress.sitefiles import CHART_MANIFEST, charts_folder

SITE_GAMES = 300
"""Games per setting: enough for the shape of a distribution, quick enough for a build."""
SITE_SEED = 1


def draw_site_charts(root: Path, games: Iterable[str] | None = None) -> list[Path]:
    """Simulate and chart every bot's settings; the files written (manifests last)."""
    written: list[Path] = []
    for game in load_games(root, games).values():
        bot = bot_of(game)
        if bot is None:
            continue
        folder = charts_folder(root, game.id)
        folder.mkdir(parents=True, exist_ok=True)
        entries = []
        everything = {parameter.name: "all" for parameter in bot.parameters if parameter.charted}
        for params in settings_to_run(game, bot, everything):
            summary = simulate(game, SITE_GAMES, SITE_SEED, params)
            for chart in chart_files(summary):
                path = folder / chart.name
                write_atomic(path, chart.svg.encode("utf-8"))
                written.append(path)
                entries.append(
                    {
                        "file": chart.name,
                        "kind": chart.kind,
                        "player": chart.player,
                        "params": params,
                        "games": SITE_GAMES,
                        "seed": SITE_SEED,
                    }
                )
        manifest = folder / CHART_MANIFEST
        write_atomic(manifest, json.dumps(entries, indent=1, sort_keys=True).encode("utf-8"))
        written.append(manifest)
    return written
