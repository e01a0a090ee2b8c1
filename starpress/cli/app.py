"""The `starpress` command line: parses options and calls the functions that do the work.

Heavy libraries (pydantic, rich renderables, reportlab, mkdocs) are imported inside the
commands, so `starpress --help` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from typer.core import TyperGroup

from starpress import __version__

if TYPE_CHECKING:
    from rich.console import Console
    from typer import _click  # the click typer bundles

    from starpress.core.load import ContentError
    from starpress.core.model import Game

EXIT_CONTENT = 2
"""Exit code for bad content, bad options and a missing project."""

app = typer.Typer(
    name="starpress",
    help="Board-game data to print-and-play kits, a multilingual rules site and bots.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class _State:
    root: Path | None = None


def _version(value: bool) -> None:
    if value:
        typer.echo(f"starpress {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    root: Annotated[
        Path | None,
        typer.Option(
            help="Project folder (holds content/ and templates/); default: found "
            "from the current folder upwards.",
            file_okay=False,
        ),
    ] = None,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Board-game data to print-and-play kits, a multilingual rules site and bots."""
    _State.root = root


def _complete_game(incomplete: str) -> list[str]:
    from starpress.core.load import find_root, game_ids
    from starpress.core.project import ProjectNotFound

    try:
        return [game for game in game_ids(find_root(Path.cwd())) if game.startswith(incomplete)]
    except (ProjectNotFound, OSError):
        return []


@app.command()
def check(
    games: Annotated[
        list[str] | None,
        typer.Argument(help="Game ids (default: every game).", autocompletion=_complete_game),
    ] = None,
) -> None:
    """Validate the content of the games; print every problem as path:line:col: message."""
    from starpress.core.load import ContentError

    console = _console()
    root = _root()
    try:
        loaded = _load(root, games or None)
    except ContentError as error:
        for problem in error.problems:
            _stderr().print(str(problem), markup=False, highlight=False, soft_wrap=True)
        files = len({problem.path for problem in error.problems})
        _fail(f"{len(error.problems)} problem(s) in {files} file(s)")
    for game_id, game in loaded.items():
        sections = sum(1 for _ in game.sections())
        console.print(
            f"[green]ok[/green] {game_id}: {len(game.components)} components, "
            f"{sections} rules sections, {len(game.glossary)} glossary entries, "
            f"{len(game.icons)} icons",
            soft_wrap=True,
        )


@app.command()
def show(
    game: Annotated[str, typer.Argument(help="Game id.", autocompletion=_complete_game)],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the whole validated model as JSON.")
    ] = False,
) -> None:
    """Summarise a game (components with counts, rules, glossary, icons), or dump it as JSON."""
    from starpress.core.load import ContentError
    from starpress.core.summary import game_json, game_summary

    try:
        loaded = _load(_root(), [game])[game]
    except ContentError as error:
        for problem in error.problems:
            _stderr().print(str(problem), markup=False, highlight=False, soft_wrap=True)
        _fail(f"{game} has {len(error.problems)} problem(s); run 'starpress check {game}'")
    if as_json:
        typer.echo(game_json(loaded))
    else:
        _console().print(game_summary(loaded))


@app.command()
def pnp(
    target: Annotated[
        str,
        typer.Argument(
            help="A game id, 'all', or 'calibrate' (a duplex alignment test).",
            autocompletion=_complete_game,
        ),
    ],
    lang: Annotated[str, typer.Option(help="Language of the card texts, or 'all'.")] = "source",
    paper: Annotated[str, typer.Option(help="a4, letter or a3.")] = "a4",
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/pnp"),
    marks: Annotated[str, typer.Option(help="crop, lines or none.")] = "crop",
    bleed: Annotated[float, typer.Option(help="Bleed in mm (0 to 6).")] = 3.0,
    bleed_mode: Annotated[
        str, typer.Option(help="shared (bleed only outside the grid) or card.")
    ] = "shared",
    duplex: Annotated[str, typer.Option(help="long, short or none (no back pages).")] = "long",
    back_offset: Annotated[
        str, typer.Option(help="X,Y in mm added to back pages (read it off 'calibrate').")
    ] = "0,0",
    fold: Annotated[bool, typer.Option(help="Gutterfold: fronts and backs on one page.")] = False,
    proof: Annotated[
        bool, typer.Option(help="One of each card with trim/bleed/safe guides.")
    ] = False,
    ink_saver: Annotated[bool, typer.Option(help="No full-bleed fills.")] = False,
    strict: Annotated[bool, typer.Option(help="Exit 1 when any text overflows its box.")] = False,
    png: Annotated[
        bool, typer.Option(help="Also one 300 dpi PNG per card, with bleed (print shops).")
    ] = False,
    tts: Annotated[
        bool, typer.Option(help="Also Tabletop Simulator deck sheets and saved-object JSON.")
    ] = False,
    tts_url: Annotated[
        str | None,
        typer.Option(help="With --tts: the http(s) folder the sheets will be uploaded to."),
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option(
            help="Print only these cards, each once: card ids (hired-paw-01 or the full id), "
            "repeated or comma-separated."
        ),
    ] = None,
    watch: Annotated[
        bool,
        typer.Option(help="Rebuild on every change, drawing only the changed faces again."),
    ] = False,
    max_rebuilds: Annotated[
        int | None, typer.Option(help="With --watch: stop after this many rebuilds.", min=1)
    ] = None,
    card: Annotated[
        str | None, typer.Option(help="With --png: only this card, front and back.")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(help="Kits (games x languages) built at once (default: the CPU count)."),
    ] = None,
) -> None:
    """Print-and-play PDFs: build/pnp/<game>-<lang>-<paper>[-<options>].pdf."""
    from starpress.pnp import command

    request = command.Request(
        target,
        lang,
        paper,
        out,
        marks,
        bleed,
        bleed_mode,
        duplex,
        back_offset,
        fold,
        proof,
        ink_saver,
        strict,
        png,
        tts,
        tts_url,
        tuple(only or ()),
        jobs,
    )
    if watch:
        from starpress.pnp import watch as watching

        code = watching.run(_root(), request, _console(), _stderr(), max_rebuilds)
    elif card is not None:
        from starpress.pnp import preview

        if not png:
            _fail("--card draws one card as PNG: add --png")
        code = preview.run(_root(), request, card, _console(), _stderr())
    else:
        code = command.run(_root(), request, _console(), _stderr())
    if code:
        raise typer.Exit(code)


@app.command()
def rulebook(
    target: Annotated[
        str, typer.Argument(help="A game id, or 'all'.", autocompletion=_complete_game)
    ],
    lang: Annotated[str, typer.Option(help="Language of the book, 'source' or 'all'.")] = "source",
    paper: Annotated[str, typer.Option(help="a4, letter or all.")] = "a4",
    booklet: Annotated[
        bool, typer.Option(help="Also a saddle-stitch booklet: two half pages per sheet side.")
    ] = False,
    quick: Annotated[
        bool,
        typer.Option(
            help="The quick reference instead (setup, gameplay, icons, glossary on 1-2 pages)."
        ),
    ] = False,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/rulebooks"),
    jobs: Annotated[
        int | None, typer.Option(help="Books built at once (default: the CPU count).")
    ] = None,
) -> None:
    """Printable rulebooks: build/rulebooks/<game>-<lang>-<paper>[-booklet|-quick].pdf."""
    from starpress.rulebook.command import build_command

    code = build_command(
        _root(), target, lang, paper, booklet, quick, out, jobs, _console(), _stderr()
    )
    if code:
        raise typer.Exit(code)


site_app = typer.Typer(
    help="The multilingual rules site (MkDocs + Material).", no_args_is_help=True
)
app.add_typer(site_app, name="site")


@site_app.command("build")
def site_build(
    lang: Annotated[
        list[str] | None, typer.Option(help="Language to build (repeatable; default: all four).")
    ] = None,
    site_url: Annotated[
        str | None,
        typer.Option(
            help="Published base URL, e.g. https://example.org/rules/ (default: "
            "$STARPRESS_SITE_URL, else site/site.yaml; none: relative links only)."
        ),
    ] = None,
    sitemap_dates: Annotated[
        bool | None,
        typer.Option(
            "--sitemap-dates/--no-sitemap-dates",
            help="Build dates in sitemap.xml (default: off, so rebuilds are identical).",
        ),
    ] = None,
) -> None:
    """Build the site into build/site/<lang>/: missing kits and the card gallery first, then
    mkdocs build --strict (languages in parallel), which only reads them."""
    import os

    from starpress.cli import site_inputs as site_files
    from starpress.core.load import load_games
    from starpress.core.model import LANGUAGES
    from starpress.site import build as sitebuild
    from starpress.site import config as siteconfig
    from starpress.site.inputs import SiteInputs

    langs = lang or list(LANGUAGES)
    unknown = [code for code in langs if code not in LANGUAGES]
    if unknown:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {unknown[0]!r})")
    root = _root()
    settings = siteconfig.resolve(root, site_url, sitemap_dates, os.environ)
    games = load_games(root)  # read once, for the gallery, the charts and the pages
    written, palettes = site_files.prepare(root, langs, loaded=games)
    for path in written:
        if path.suffix == ".pdf":  # a kit `make` had not built yet: say so, never silently
            _console().print(f"built missing kit {path.relative_to(root)}")
    inputs = SiteInputs.read(root, settings, langs, games=games, palettes=palettes)
    results = sitebuild.build(inputs, langs)
    for result in results:
        if result.ok:
            _console().print(f"[green]ok[/green] build/site/{result.lang}/")
        else:
            _stderr().print(result.output.strip(), markup=False, highlight=False)
    if not all(result.ok for result in results):
        _fail("the site did not build: " + ", ".join(r.lang for r in results if not r.ok))


@site_app.command("serve")
def site_serve(
    lang: Annotated[str, typer.Option(help="Language to serve.")] = "en",
    address: Annotated[str, typer.Option(help="Host:port to listen on.")] = "127.0.0.1:8000",
) -> None:
    """Serve one language with live reload, rebuilt whenever content, catalogs, layouts,
    templates or the site's configuration change (Ctrl-C or SIGTERM stops it)."""
    import os

    from starpress.cli.site_inputs import check_layouts, prepare_game
    from starpress.core.model import LANGUAGES
    from starpress.site import config as siteconfig
    from starpress.site import serve as siteserve

    if lang not in LANGUAGES:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    root = _root()
    settings = siteconfig.resolve(root, None, None, os.environ)
    console = _console()

    def report(line: str) -> None:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
        console.file.flush()

    code = siteserve.serve(
        root,
        lang,
        address,
        settings,
        report,
        lambda game: prepare_game(root, game, lang),
        lambda: check_layouts(root),
    )
    raise typer.Exit(code)


@site_app.command("deploy")
def site_deploy(
    to: Annotated[Path, typer.Option("--to", help="Folder to write, ready for a static host.")],
    force: Annotated[
        bool, typer.Option(help="Replace the folder if it exists and is not empty.")
    ] = False,
) -> None:
    """Copy the built site (build/site/) to one folder for any static host, with .nojekyll
    for GitHub Pages; build first with `starpress site build --site-url URL`."""
    from starpress.site import deploy as sitedeploy

    written = sitedeploy.deploy(_root(), to, force)
    _console().print(f"[green]ok[/green] {written}")


i18n_app = typer.Typer(
    help="Translations: gettext catalogs per game and for the UI.", no_args_is_help=True
)
app.add_typer(i18n_app, name="i18n")


@i18n_app.command("extract")
def i18n_extract() -> None:
    """Write the templates: content/<game>/locale/<game>.pot and templates/locale/messages.pot."""
    from starpress.cli import i18n_command

    i18n_command.extract(_root(), _console())


@i18n_app.command("update")
def i18n_update() -> None:
    """Extract, then bring every language's catalog up to date (changed texts turn stale)."""
    from starpress.cli import i18n_command

    i18n_command.update(_root(), _console())


@i18n_app.command("compile")
def i18n_compile() -> None:
    """Check every catalog (also: same icons and references as the source) and write .mo files."""
    from starpress.cli import i18n_command

    if not i18n_command.compile_all(_root(), _console(), _stderr()):
        raise typer.Exit(1)


@i18n_app.command("report")
def i18n_report(
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    check: Annotated[
        bool, typer.Option(help="Exit 1 if a required language has a missing or stale text.")
    ] = False,
    game: Annotated[list[str] | None, typer.Option(help="Only these games.")] = None,
) -> None:
    """Translated, stale and missing texts per game, language and kind (rules, glossary, cards,
    UI)."""
    from starpress.cli import i18n_command

    games = _load(_root(), game or None)
    if not i18n_command.report(_root(), list(games.values()), as_json, check, _console()):
        raise typer.Exit(1)


class _BotGames(TyperGroup):
    """`starpress automa GAME play|resume|replay|simulate`: the same commands for every
    game with a bot, built from the options its bot declares (`automa.commands`)."""

    def list_commands(self, ctx: _click.Context) -> list[str]:
        from starpress.automa.commands import games_with_bots
        from starpress.core.load import find_root
        from starpress.core.project import ProjectNotFound

        try:
            return games_with_bots(find_root(_State.root or Path.cwd()))
        except ProjectNotFound:
            return []

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        from starpress.automa.commands import game_group

        return game_group(_root(), cmd_name, _fail)


automa_app = typer.Typer(
    cls=_BotGames,
    help="The games' bots, step by step at the table or simulated: automa GAME play|resume|"
    "replay|simulate.",
    no_args_is_help=True,
)
app.add_typer(automa_app, name="automa")


sheet_app = typer.Typer(
    help="Cards in spreadsheets: export a deck to CSV/XLSX, pull a published sheet.",
    no_args_is_help=True,
)
app.add_typer(sheet_app, name="sheet")


@sheet_app.command("export")
def sheet_export(
    deck: Annotated[str, typer.Argument(help="The deck's component id (demo.component.card).")],
    to: Annotated[Path, typer.Option(help="The file to write: .csv or .xlsx.")],
    force: Annotated[bool, typer.Option(help="Replace the file if it exists.")] = False,
) -> None:
    """Write the cards of a deck to a CSV or XLSX file (then remove them from the YAML)."""
    from starpress.cli import sheet_command
    from starpress.core.load import ContentError

    try:
        path, count = sheet_command.export(_root(), deck, to, force)
    except ContentError as error:
        _problems(error)
    _console().print(f"wrote {path} ({count} cards)", highlight=False, soft_wrap=True)


@sheet_app.command("pull")
def sheet_pull(
    deck: Annotated[str, typer.Argument(help="The deck's component id (demo.component.card).")],
    url: Annotated[str, typer.Option(help="A published CSV address (File > Share > Publish).")],
    to: Annotated[
        Path | None, typer.Option(help="Default: content/<game>/cards-<deck>.csv.")
    ] = None,
) -> None:
    """Download a published Google Sheets CSV into the deck's CSV file (no credentials)."""
    from starpress.cli import sheet_command

    path, size = sheet_command.pull(_root(), deck, url, to)
    _console().print(f"wrote {path} ({size} bytes)", highlight=False, soft_wrap=True)


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The new game's id (lowercase words joined by -).")],
    lang: Annotated[str, typer.Option(help="Its source language: pt-BR, es, it or en.")] = "en",
    title: Annotated[str | None, typer.Option(help="Its title (default: from the id).")] = None,
    root: Annotated[
        Path | None,
        typer.Option(help="Project folder; created when it is not a project yet.", file_okay=False),
    ] = None,
) -> None:
    """Scaffold a new game that checks and builds at once (and its project when there is none)."""
    from starpress.cli import scaffold

    made = scaffold.create(root or _State.root, game, lang, title)
    for line in made.messages:
        _console().print(line, highlight=False, soft_wrap=True)


def _problems(error: ContentError) -> NoReturn:
    for problem in error.problems:
        _stderr().print(str(problem), markup=False, highlight=False, soft_wrap=True)
    files = len({problem.path for problem in error.problems})
    _fail(f"{len(error.problems)} problem(s) in {files} file(s)")


def _load(root: Path, games: list[str] | None) -> dict[str, Game]:
    from starpress.core.load import UnknownGame, load_games

    try:
        return dict(load_games(root, games))
    except UnknownGame as error:
        _fail(str(error))


def _root() -> Path:
    from starpress.core.load import find_root
    from starpress.core.project import ProjectNotFound

    try:
        return find_root(_State.root or Path.cwd())
    except ProjectNotFound as error:
        _fail(str(error))


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def _stderr() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _fail(message: str) -> NoReturn:
    from rich.text import Text

    _stderr().print(Text.assemble(("error: ", "red"), message), soft_wrap=True)
    raise typer.Exit(EXIT_CONTENT)


def main() -> None:
    """Console-script entry point: bad input is one located line and exit 2.

    Usage errors keep typer's own message and exit code 2. Anything else that escapes a
    command is a bug: one summary line first, then the traceback.
    """
    import sys

    from starpress.core.errors import EXIT_INPUT, InputError

    try:
        app()
    except InputError as error:
        sys.stderr.write(f"error: {error}\n")
        raise SystemExit(EXIT_INPUT) from None
    except Exception as error:
        from starpress.core.load import ContentError  # imported only now: --help stays fast

        if isinstance(error, ContentError):  # any command that loads a game with problems
            for problem in error.problems:
                sys.stderr.write(f"{problem}\n")
            files = len({problem.path for problem in error.problems})
            sys.stderr.write(f"error: {len(error.problems)} problem(s) in {files} file(s)\n")
            raise SystemExit(EXIT_INPUT) from None
        sys.stderr.write(f"internal error (a bug in starpress): {type(error).__name__}: {error}\n")
        raise
