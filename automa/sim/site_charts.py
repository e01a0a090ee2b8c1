"""The simulation charts of the bot pages, simulated before the site is built (`site build`).

For each game with a bot: `SITE_GAMES` simulated games from `SITE_SEED` for every setting a
simulation can play (each charted parameter `all`) on the bot's own variant page, and every setting
its other variant pages chart (`automa.pages`, Afternova's solo page), and their charts as
numbers (`automa.sim.charts.chart_data`) in a `charts.json` naming each chart's page, setting,
kind, player and values, in `build/site-cache/automa/<game>/`, where `starpress.site.files`
reads them. The numbers serve every language: the site draws each chart in its page's
language (rule titles, players, captions), as it draws the card anatomy from pnp's numbers.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.sim.charts import ChartData, chart_data
from starpress.automa.sim.simulate import settings_to_run, simulate
from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.core.project import Project

SITE_GAMES = 300
"""Games per setting: enough for the shape of a distribution, quick enough for a build."""
SITE_SEED = 1


def draw_site_charts(
    root: Path,
    games: Iterable[str] | None = None,
    workers: int | None = None,
    loaded: Mapping[str, Game] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """Simulate every bot's settings and write their charts' numbers; the manifests written;
    `progress` is told (settings simulated, of how many are not stored yet).

    The simulations run in a process pool (`workers`, default one per CPU), each setting in its own
    task; their summaries come back in order, so the files are the same bytes whatever the
    number of CPUs. `loaded`: the games, when the caller has read them already."""
    written: list[Path] = []
    loaded = loaded if loaded is not None else load_games(root, games)
    settings: list[tuple[str, str, dict[str, str]]] = []
    for game in loaded.values():
        bot = bot_of(game)
        if bot is not None and game.automa is not None:
            for page, given in pages(game, bot).items():
                settings += [
                    (game.id, page, params) for params in settings_to_run(game, bot, given)
                ]
    digests = {game.id: _game_digest(game) for game in loaded.values()}
    keys = [_setting_key(digests[game_id], params) for game_id, _page, params in settings]
    store = Project(root).cache("charts")  # each setting's charts by `_setting_key`
    charts = [_stored(store / f"{key}.json") for key in keys]  # each setting's ChartData
    todo = [n for n, found in enumerate(charts) if found is None]
    if todo:
        workers = max(1, min(len(todo), workers or os.cpu_count() or 1))
        tasks = [
            ChartTask(loaded[settings[n][0]], settings[n][2], SITE_GAMES, SITE_SEED) for n in todo
        ]
        if progress is not None:
            progress(0, len(todo))
        with ProcessPoolExecutor(workers) as pool:
            futures = {pool.submit(_chart, task): n for n, task in zip(todo, tasks, strict=True)}
            for count, future in enumerate(as_completed(futures), 1):
                n = futures[future]
                charts[n] = drawn = future.result()
                store.mkdir(parents=True, exist_ok=True)
                entries = [dataclasses.asdict(chart) for chart in drawn]
                write_atomic(store / f"{keys[n]}.json", json.dumps(entries).encode("utf-8"))
                if progress is not None:
                    progress(count, len(todo))
    for game in loaded.values():
        done = [(s, found) for s, found in zip(settings, charts, strict=True) if s[0] == game.id]
        if not done:
            continue
        assert game.automa is not None
        folder = Project(root).charts_folder(game.id)
        folder.mkdir(parents=True, exist_ok=True)
        entries = []
        for (_game, page, params), found in done:
            assert found is not None
            for chart in found:
                name = chart.name if page == game.automa.variant else f"{page}-{chart.name}"
                numbers = dataclasses.asdict(chart)
                del numbers["name"]  # the file's name on this page is `file`
                entries.append(
                    {
                        **numbers,
                        "file": name,
                        "page": page,
                        "params": params,
                        "games": SITE_GAMES,
                        "seed": SITE_SEED,
                    }
                )
        for stale in folder.glob("*.svg"):  # drawn here before the site drew them itself
            stale.unlink()
        manifest = Project(root).charts_manifest(game.id)
        write_atomic(manifest, json.dumps(entries, indent=1, sort_keys=True).encode("utf-8"))
        written.append(manifest)
    return written


@dataclasses.dataclass(frozen=True)
class ChartTask:
    """One setting to simulate and chart: all a pool worker needs, handed with the task."""

    game: Game
    """As loaded (the charts are numbers: the site words them)."""
    params: dict[str, str]
    games: int
    seed: int


def _chart(task: ChartTask) -> list[ChartData]:
    charts = chart_data(simulate(task.game, task.games, task.seed, task.params))
    bot = bot_of(task.game)
    if bot is not None and bot.charts is not None:  # the bot's own (a deck's actions)
        charts += bot.charts(task.game, task.params, task.games, task.seed)
    return charts


def _game_digest(game: Game) -> str:
    """The game's whole content (its bot's data, cards and rules) and the bots' code."""
    digest = hashlib.sha256(game.model_dump_json().encode("utf-8"))
    bots = Path(__file__).resolve().parent.parent  # the whole automa package
    for path in sorted(bots.rglob("*.py")):
        digest.update(path.relative_to(bots).as_posix().encode() + b" " + path.read_bytes())
    return digest.hexdigest()


def _setting_key(game_digest: str, params: dict[str, str]) -> str:
    """The charts of one setting: the same game, code, options, games and seed draw the
    same charts, so a key already stored is not simulated again."""
    what = {"game": game_digest, "params": params, "games": SITE_GAMES, "seed": SITE_SEED}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode("utf-8")).hexdigest()


def _stored(path: Path) -> list[ChartData] | None:
    """A setting's stored charts; None when missing or unreadable (simulated again)."""
    try:
        return [ChartData(**entry) for entry in json.loads(path.read_text("utf-8"))]
    except (OSError, ValueError, TypeError):
        return None


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
