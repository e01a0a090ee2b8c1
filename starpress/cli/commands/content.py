"""The content commands: `check`, `show`, `new` and the `sheet` group (cards in spreadsheets)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.choices import Language
from starpress.core import counts


def check(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game ids (default: every game).", autocompletion=context.complete_game
        ),
    ] = None,
) -> None:
    """Validate the content of the games; print every problem as path:line:col: message."""
    from starpress.core.load import ContentError

    console = context.console()
    root = context.project_root()
    try:
        loaded = context.load(root, games or None)
    except ContentError as error:
        context.fail_with_problems(error)
    for game_id, game in loaded.items():
        sections = sum(1 for _ in game.sections())
        console.print(
            f"[green]ok[/green] {game_id}: "
            f"{counts.count(len(game.components), 'component', 'components')}, "
            f"{counts.count(sections, 'rules section', 'rules sections')}, "
            f"{counts.count(len(game.glossary), 'glossary entry', 'glossary entries')}, "
            f"{counts.count(len(game.icons), 'icon', 'icons')}",
            soft_wrap=True,
        )


def show(
    game: Annotated[str, typer.Argument(help="Game id.", autocompletion=context.complete_game)],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the whole validated model as JSON.")
    ] = False,
) -> None:
    """Summarise a game (components with counts, rules, glossary, icons), or dump it as JSON."""
    from starpress.core.load import ContentError
    from starpress.core.summary import game_json, game_summary

    try:
        loaded = context.load(context.project_root(), [game])[game]
    except ContentError as error:
        context.print_problems(error)
        found = counts.count(len(error.problems), "problem", "problems")
        context.fail(f"{game} has {found}; run 'starpress check {game}'")
    if as_json:
        typer.echo(game_json(loaded))
    else:
        context.console().print(game_summary(loaded))


def new(
    game: Annotated[str, typer.Argument(help="The new game's id (lowercase words joined by -).")],
    lang: Annotated[
        Language, typer.Option(help="Its source language: pt-BR, es, it or en.")
    ] = Language.EN,
    title: Annotated[str | None, typer.Option(help="Its title (default: from the id).")] = None,
    root: Annotated[
        Path | None,
        typer.Option(help="Project folder; created when it is not a project yet.", file_okay=False),
    ] = None,
) -> None:
    """Scaffold a new game that checks and builds at once (and its project when there is none)."""
    from starpress.cli import scaffold

    made = scaffold.create(root or context.chosen_root(), game, lang.value, title)
    for line in made.messages:
        context.console().print(line, highlight=False, soft_wrap=True)


sheet_app = typer.Typer(
    help="Cards in spreadsheets: export a deck to CSV/XLSX, pull a published sheet.",
    no_args_is_help=True,
)


@sheet_app.command("export")
def sheet_export(
    deck: Annotated[str, typer.Argument(help="The deck's component id (demo.component.card).")],
    to: Annotated[Path, typer.Option(help="The file to write: .csv or .xlsx.")],
    force: Annotated[
        bool, typer.Option(help="Replace the file if it exists; write outside the project.")
    ] = False,
) -> None:
    """Write the cards of a deck to a CSV or XLSX file (then remove them from the YAML)."""
    from starpress.cli import sheet_command
    from starpress.core.load import ContentError

    try:
        path, count = sheet_command.export(context.project_root(), deck, to, force)
    except ContentError as error:
        context.fail_with_problems(error)
    context.console().print(
        f"wrote {path} ({counts.count(count, 'card', 'cards')})", highlight=False, soft_wrap=True
    )


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

    path, size = sheet_command.pull(context.project_root(), deck, url, to)
    context.console().print(f"wrote {path} ({size} bytes)", highlight=False, soft_wrap=True)
