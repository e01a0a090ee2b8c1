"""The simulation charts of the bot pages, drawn before the site is built (`site build`).

For each game with a bot: `SITE_GAMES` simulated games from `SITE_SEED` for every setting a
simulation can play (each charted parameter `all`) on the bot's own variant page, and
every setting its other variant pages chart (`automa.pages`, Afternova's solo page), their
charts (`automa.charts`) and a `charts.json` naming each chart's page, setting, kind and
player, in
`build/site-cache/automa/<game>/`, where `starpress.sitefiles` reads them. The charts have
no words but numbers and rule ids, so one set serves every language: each page captions
them in its own.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from automa.charts import chart_files
from automa.registry import BotDefinition, bot_of
from automa.simulate import settings_to_run, simulate
from starpress.atomic import write_atomic
from starpress.errors import InputError
from starpress.load import load_games
from starpress.model import Game
from starpress.sitefiles import CHART_MANIFEST, charts_folder

SITE_GAMES = 300
"""Games per setting: enough for the shape of a distribution, quick enough for a build."""
SITE_SEED = 1


def draw_site_charts(
    root: Path, games: Iterable[str] | None = None, workers: int | None = None
) -> list[Path]:
    """Simulate and chart every bot's settings; the files written (manifests last).

    The simulations run in a process pool (`workers`, default one per CPU), each setting in its own
    task; their summaries come back in order, so the files are the same bytes whatever the
    number of CPUs."""
    written: list[Path] = []
    loaded = load_games(root, games)
    settings: list[tuple[str, str, dict[str, str]]] = []
    for game in loaded.values():
        bot = bot_of(game)
        if bot is not None and game.automa is not None:
            for page, given in pages(game, bot).items():
                settings += [
                    (game.id, page, params) for params in settings_to_run(game, bot, given)
                ]
    workers = max(1, min(len(settings), workers or os.cpu_count() or 1))
    with ProcessPoolExecutor(workers, initializer=_load, initargs=(root, list(loaded))) as pool:
        summaries = list(pool.map(_simulate, settings))
    for game in loaded.values():
        done = [
            (s, summary) for s, summary in zip(settings, summaries, strict=True) if s[0] == game.id
        ]
        if not done:
            continue
        assert game.automa is not None
        folder = charts_folder(root, game.id)
        folder.mkdir(parents=True, exist_ok=True)
        entries = []
        for (_game, page, params), summary in done:
            for chart in chart_files(summary):
                name = chart.name if page == game.automa.variant else f"{page}-{chart.name}"
                path = folder / name
                write_atomic(path, chart.svg.encode("utf-8"))
                written.append(path)
                entries.append(
                    {
                        "file": name,
                        "page": page,
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


_WORKER_GAMES: dict[str, Game] = {}


def _load(root: Path, games: list[str]) -> None:
    """A pool worker's games, loaded once."""
    _WORKER_GAMES.update(load_games(root, games))


def _simulate(setting: tuple[str, str, dict[str, str]]) -> dict[str, Any]:
    game_id, _page, params = setting
    return simulate(_WORKER_GAMES[game_id], SITE_GAMES, SITE_SEED, params)


def pages(game: Game, bot: BotDefinition) -> dict[str, dict[str, str]]:
    """Variant page -> the options its charts are simulated with: the bot's own page charts
    every value of its charted parameters; each of `automa.pages` what its data says (every
    option named there must be a parameter of the bot, each value one of its values)."""
    assert game.automa is not None
    charted = {parameter.name: "all" for parameter in bot.parameters if parameter.charted}
    found = {game.automa.variant: charted}
    known = {parameter.name: parameter for parameter in bot.parameters}
    where = f"content/{game.id}/automa.yaml"
    variants = {variant.id for variant in game.info.variants}
    for page, options in game.automa.pages.items():
        if page not in variants:
            raise InputError(where, f"automa.pages: unknown variant '{page}'")
        for name, value in {**options.play, **options.charts}.items():
            if name not in known:
                raise InputError(where, f"automa.pages.{page}: no option '{name}' in this bot")
            allowed = (*known[name].values(game), "all")
            if value not in allowed:
                raise InputError(
                    where,
                    f"automa.pages.{page}.{name}: '{value}' is not one of {', '.join(allowed)}",
                )
        found[page] = dict(options.charts)
    return found
