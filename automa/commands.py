"""`starpress automa GAME play|resume|replay|simulate`: one command group for every bot.

The group of a game is built when it is named: its options are the engine's (mode, seed,
language, save file…) and the parameters the game's bot declares (`--level`, `--seats`),
whose values come from the bot's data. A bad value is one line and exit 2. `resume` and
`replay` read the game from the log (a log of another game is refused).
"""

from __future__ import annotations

import contextlib
import inspect
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
import typer.main

from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.engine.state import Start
from starpress.core import counts
from starpress.core.load import game_ids, load_games
from starpress.core.model import LANGUAGES, Game
from starpress.core.project import Project

if TYPE_CHECKING:
    from typer import _click  # the click typer bundles (its commands are of this click)

Fail = Callable[[str], NoReturn]
MODE_HELP = "table (you report what is drawn) or simulated (the program draws)."
SEED_HELP = "Seed (default: a fresh one, printed)."

SEEDS = 2**64
"""Seeds are 64-bit (automa/prng.py): a game's seed is in 0 … 2**64 - 1."""


def games_with_bots(root: Path) -> list[str]:
    """The games whose folder has an automa.yaml (without loading them)."""
    return [name for name in game_ids(root) if Project(root).bot_file(name).is_file()]


def game_group(root: Path, game_id: str, fail: Fail) -> _click.Command | None:
    """The commands of one game's bot, or None when the game has none."""
    if game_id not in game_ids(root):
        return None
    game = load_games(root, [game_id])[game_id]
    bot = bot_of(game)
    if bot is None:
        return None
    prototype = game.automa is not None and game.automa.provenance == "prototype"
    ours = " (our prototype, not the publisher's)" if prototype else ""
    app = typer.Typer(  # plain help like every other command: a flag shows no `<bool>`
        name=game_id,
        help=f"The bot of {game.info.title}{ours}.",
        no_args_is_help=True,
        rich_markup_mode=None,
    )
    app.command("play")(_play(root, game, bot, fail))
    app.command("resume")(_resume(root, game))
    app.command("replay")(_replay(root, game, fail))
    app.command("simulate")(_simulate(root, game, bot, fail))
    from starpress.automa.deck.commands import deck_commands

    deck_commands(app, root, game, fail)
    return typer.main.get_command(app)


def _with_options(function: Callable[..., None], options: list[inspect.Parameter]) -> None:
    """Give a `**options` command the typer options it takes (built at run time)."""
    function.__signature__ = inspect.Signature(options)  # type: ignore[attr-defined]


def _option(name: str, kind: Any, default: Any, *decls: str, **info: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name,
        inspect.Parameter.KEYWORD_ONLY,
        default=default,
        annotation=Annotated[kind, typer.Option(*decls, **info)],
    )


def _parameter_options(game: Game, bot: BotDefinition, simulate: bool) -> list[inspect.Parameter]:
    options = []
    for parameter in bot.parameters:
        values = parameter.values(game)
        listed = ", ".join(values) + (" or all" if simulate else "")
        default = (parameter.simulate_default if simulate else None) or parameter.default_for(game)
        options.append(
            _option(
                parameter.name.replace("-", "_"),
                str | None,
                None,
                f"--{parameter.name}",
                help=f"{parameter.help} {listed} (default: {default}).",
                show_default=False,
            )
        )
    return options


def _checked_params(
    game: Game, bot: BotDefinition, given: dict[str, Any], fail: Fail, allow_all: bool
) -> dict[str, str]:
    params = {}
    for parameter in bot.parameters:
        value = given.get(parameter.name.replace("-", "_"))
        values = parameter.values(game)
        if value is None:
            continue
        if value not in values and not (allow_all and value == "all"):
            extra = ", all" if allow_all else ""
            fail(f"--{parameter.name} must be one of {', '.join(values)}{extra} (got {value!r})")
        params[parameter.name] = value
    return params


def _play(root: Path, game: Game, bot: BotDefinition, fail: Fail) -> Callable[..., None]:
    def play(**options: Any) -> None:
        """A new game: the bot says what it does, where, and by which rule."""
        from starpress.automa.engine import runner

        mode, lang = options["mode"], options["lang"]
        if mode not in runner.MODES:
            fail(f"--mode must be table or simulated (got {mode!r})")
        if lang is not None and lang not in LANGUAGES:
            fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        seed = options["seed"]
        if seed is not None and not 0 <= seed < SEEDS:
            fail(f"--seed must be between 0 and {SEEDS - 1} (got {seed})")
        params = _checked_params(game, bot, options, fail, allow_all=False)
        watched = mode == "simulated" and options["auto"]  # played through like `simulate`
        values = {
            p.name: params.get(p.name)
            or (p.simulate_default if watched and p.simulate_default != "all" else None)
            or p.default_for(game)
            for p in bot.parameters
        }
        problem = bot.check(Start(mode, 0, values))
        if problem is not None:
            fail(problem)
        raise typer.Exit(
            runner.play(
                root,
                game.id,
                mode,
                options["seed"],
                options["save"],
                lang,
                options["auto"],
                options["as_json"],
                values,
                loaded=game,
            )
        )

    _with_options(
        play,
        [
            _option("mode", str, "table", "--mode", help=MODE_HELP),
            _option("seed", int | None, None, "--seed", help=SEED_HELP),
            _option(
                "save",
                Path | None,
                None,
                "--save",
                help=f"Log/save file (default: build/automa/{game.id}-SEED.jsonl).",
            ),
            _option("lang", str | None, None, "--lang", help="Language of the messages."),
            _option(
                "auto",
                bool,
                False,
                "--auto",
                help="Do not pause after each step; with --mode simulated, the program plays "
                "every seat and the game runs through to its end.",
            ),
            _option("as_json", bool, False, "--json", help="Transcript as JSON lines."),
            *_parameter_options(game, bot, simulate=False),
        ],
    )
    return play


LogFile = Annotated[Path, typer.Argument(help="A game log (save file).", exists=True)]
Auto = Annotated[bool, typer.Option(help="Do not pause after each step.")]
AsJson = Annotated[bool, typer.Option("--json", help="Transcript as JSON lines.")]


def _resume(root: Path, game: Game) -> Callable[..., None]:
    def resume(log: LogFile, auto: Auto = False, as_json: AsJson = False) -> None:
        """Continue a saved game where it stopped (the game is read from the log)."""
        from starpress.automa.engine import runner

        raise typer.Exit(runner.resume(root, log, auto, as_json, game=game.id, loaded=game))

    return resume


Lang = Annotated[
    str | None, typer.Option("--lang", help="Language of the transcript (default: the log's).")
]


def _replay(root: Path, game: Game, fail: Fail) -> Callable[..., None]:
    def replay(log: LogFile, as_json: AsJson = False, lang: Lang = None) -> None:
        """Print a saved game's transcript again, from its log alone."""
        from starpress.automa.engine import runner

        if lang is not None and lang not in LANGUAGES:
            fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
        raise typer.Exit(runner.replay(root, log, as_json, game=game.id, lang=lang, loaded=game))

    return replay


def _simulate(root: Path, game: Game, bot: BotDefinition, fail: Fail) -> Callable[..., None]:
    def simulate(**options: Any) -> None:
        """Each player's score and what the bot did, over many whole simulated games (on
        every core, or a Dask cluster; the same numbers whatever runs them)."""
        from starpress.automa.sim import scale
        from starpress.automa.sim.simulate import settings_to_run, summarise

        if not 0 <= options["seed"] <= SEEDS - options["games"]:
            fail(f"--seed must be between 0 and {SEEDS} minus --games (got {options['seed']})")
        if options["workers"] is not None and not 1 <= options["workers"] <= 1024:
            fail(f"--workers must be between 1 and 1024 (got {options['workers']})")
        given: dict[str, str | list[str]] = dict(
            _checked_params(game, bot, options, fail, allow_all=True)
        )
        try:
            swept = scale.sweep(options["sweep"] or [])
        except ValueError as error:
            fail(str(error))
        for name, values in swept.items():
            if name in given:
                fail(f"--sweep {name}=…: --{name} is given too; use one of them")
            for value in values:
                _checked_params(game, bot, {name.replace("-", "_"): value}, fail, allow_all=True)
            given[name] = values
        settings = settings_to_run(game, bot, given)
        for params in settings:
            problem = bot.check(Start("simulated", 0, params))
            if problem is not None:
                fail(problem)
        try:
            with _progress(len(settings) * options["games"]) as progress:
                tallies = scale.run(
                    game,
                    settings,
                    options["games"],
                    options["seed"],
                    workers=options["workers"],
                    dask=options["dask"],
                    resume=options["resume"],
                    check=options["check"],
                    progress=progress,
                )
        except ValueError as error:
            fail(str(error))
        except KeyboardInterrupt:
            kept = (
                f": the finished chunks are kept in {options['resume']}"
                if options["resume"]
                else ""
            )
            typer.echo(f"interrupted{kept}; run the same command again to go on", err=True)
            raise typer.Exit(130) from None
        summaries = [
            summarise(game.id, params, tally)
            for params, tally in zip(settings, tallies, strict=True)
        ]
        if options["svg"] is not None:
            from starpress.automa.sim.charts import write_charts

            write_charts(summaries, options["svg"])
        if options["as_json"]:
            typer.echo(json.dumps(summaries, indent=2, sort_keys=True))
        elif len(summaries) > 1:
            _print_sweep(summaries)
        else:
            _print_summaries(summaries)

    _with_options(
        simulate,
        [
            _option("games", int, 1000, "--games", min=1, help="Whole games per setting."),
            _option("seed", int, 1, "--seed", help="Seed of the first game (game i: seed + i)."),
            _option("as_json", bool, False, "--json", help="The numbers as JSON."),
            _option("check", bool, False, "--check", help="Verify invariants after each action."),
            _option(
                "svg",
                Path | None,
                None,
                "--svg",
                help="Also write SVG histograms into this folder.",
            ),
            _option(
                "workers",
                int | None,
                None,
                "--workers",
                help="Processes playing chunks of seeds (default: the CPU count; same results "
                "for any number).",
                show_default=False,
            ),
            _option(
                "dask",
                str | None,
                None,
                "--dask",
                help="Play the chunks on a Dask cluster: its scheduler's address, e.g. "
                "tcp://10.0.0.5:8786 (needs starpress[cluster]).",
            ),
            _option(
                "resume",
                Path | None,
                None,
                "--resume",
                help="Keep each finished chunk in this folder; run the same command again to "
                "go on after an interruption.",
            ),
            _option(
                "sweep",
                list[str] | None,
                None,
                "--sweep",
                help="NAME=V1,V2: simulate every value of an option (repeat for more options; "
                "one row per setting).",
            ),
            *_parameter_options(game, bot, simulate=True),
        ],
    )
    return simulate


@contextlib.contextmanager
def _progress(games: int) -> Iterator[Callable[[int, int], None]]:
    """The games played, on standard error (`starpress.core.progress`: a bar on a terminal,
    plain lines when piped or in CI, nothing for a run of under two seconds)."""
    from rich.console import Console

    from starpress.core.progress import Progress

    with (
        Progress(Console(stderr=True, highlight=False)) as progress,
        progress.task("simulating", games, "games") as task,
    ):
        yield task.update


def _print_sweep(summaries: list[dict[str, Any]]) -> None:
    """One row per setting: its options, each bot player's mean, the win rate."""
    from rich.console import Console
    from rich.table import Table

    first = summaries[0]
    table = Table(
        title=f"{counts.count(len(summaries), 'setting', 'settings')} of {first['game']}, "
        f"{counts.count(first['games'], 'game', 'games')} each "
        f"(seeds {first['seeds'][0]}–{first['seeds'][1]})",
        title_justify="left",
    )
    for column in ("setting", *(f"{p} mean" for p in first["bots"]), "wins", "ties", "losses"):
        table.add_column(column, justify="left" if column == "setting" else "right")
    for summary in summaries:
        rate = summary["win_rate"]
        shares = [f"{rate[k]:.1%}" if rate else "—" for k in ("win", "tie", "loss")]
        setting = ", ".join(f"{k} {v}" for k, v in summary["params"].items())
        means = [f"{summary['scores'][p]['mean']:g}" for p in first["bots"]]
        table.add_row(setting, *means, *shares)
    Console(highlight=False).print(table)


def _print_summaries(summaries: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    for summary in summaries:
        params = ", ".join(f"{k} {v}" for k, v in summary["params"].items())
        first, last = summary["seeds"]
        table = Table(
            title=f"{summary['games']} simulated games of {summary['game']} ({params}; "
            f"seeds {first}–{last})",
            title_justify="left",
        )
        for column in ("score", "mean", "median", "stdev", "min", "max"):
            table.add_column(column, justify="left" if column == "score" else "right")
        for player, numbers in summary["scores"].items():
            table.add_row(
                player, *(f"{numbers[k]:g}" for k in ("mean", "median", "stdev", "min", "max"))
            )
        console.print(table)
        extra = Table(title="Margin (bot − best opponent) and length", title_justify="left")
        for column in ("", "mean", "median", "stdev", "min", "max"):
            extra.add_column(column, justify="left" if not column else "right")
        numbers_of = {"margin": summary["margin"], "decisions": summary["length"]}
        for name, numbers in numbers_of.items():
            if numbers is not None:
                extra.add_row(
                    name, *(f"{numbers[k]:g}" for k in ("mean", "median", "stdev", "min", "max"))
                )
        console.print(extra)
        rates = summary["win_rate"]
        console.print(
            "No opponent score is modelled: no win rate."
            if rates is None
            else f"Bot wins {rates['win']:.1%}, ties {rates['tie']:.1%}, loses {rates['loss']:.1%}"
        )
        said = Table(title="What was said, per game", title_justify="left")
        said.add_column("message")
        said.add_column("per game", justify="right")
        for key, count in summary["said_per_game"].items():
            said.add_row(key, f"{count:g}")
        console.print(said)
