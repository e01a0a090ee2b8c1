"""The content commands: `check`, `show`, `new` and the `sheet` group (cards in spreadsheets)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.choices import Board, Language
from starpress.core import counts


def games() -> None:
    """List every game: the project's own and starpress's built-in ones, with each one's
    content version, its date and where it comes from (a project's game replaces a built-in
    game of the same id)."""
    from starpress.cli import games_list

    for line in games_list.lines(games_list.game_rows(context.project_root())):
        context.console().print(line, markup=False, highlight=False, soft_wrap=True)


def check(
    games: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game ids (default: every game).", autocompletion=context.complete_game
        ),
    ] = None,
    if_changed: Annotated[
        bool,
        typer.Option(
            help="Check only when an input (content, templates, code) changed since the "
            "last check that passed."
        ),
    ] = False,
) -> None:
    """Validate the content of the games; print every problem as path:line:col: message."""
    from starpress.core.freshness import Stamps, code_folder, inputs_key
    from starpress.core.project import Project

    console = context.console()
    root = context.project_root()
    project, stamps = Project(root), Stamps(root)
    step = f"check {sorted(games or [])}"
    key = inputs_key(
        [project.content, project.templates, code_folder("core"), code_folder("pnp")], step
    )
    if if_changed and stamps.fresh(step, key):
        console.print("up to date: no input changed since the last check passed")
        return
    from starpress.core.load import ContentError

    try:
        loaded = context.load(root, games or None)
    except ContentError as error:
        context.fail_with_problems(error)
    if any(game.maps or game.setups for game in loaded.values()):
        from starpress.pnp.build import board_problems

        # boards join content and layouts: a setup names a board's places, a board box a map
        problems = [problem for game in loaded.values() for problem in board_problems(root, game)]
        if problems:
            context.fail_with_problems(ContentError(problems))
    project = Project(root)
    for game_id, game in loaded.items():
        sections = sum(1 for _ in game.sections())
        replaces = " (the project's, replacing the built-in one)"
        boards = game.maps or game.setups
        console.print(
            f"[green]ok[/green] {game_id}{replaces if project.replaces_builtin(game_id) else ''}: "
            f"{counts.count(len(game.components), 'component', 'components')}, "
            f"{counts.count(sections, 'rules section', 'rules sections')}, "
            f"{counts.count(len(game.glossary), 'glossary entry', 'glossary entries')}, "
            f"{counts.count(len(game.icons), 'icon', 'icons')}"
            + (
                f", {counts.count(len(game.maps), 'map', 'maps')}, "
                f"{counts.count(len(game.setups), 'setup', 'setups')}"
                if boards
                else ""
            ),
            soft_wrap=True,
        )
    if if_changed:
        stamps.record(step, key, [])


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
    automa: Annotated[
        bool,
        typer.Option(
            "--automa",
            help="Also a solo mode: a small working deck automaton (content/GAME/automa.yaml).",
        ),
    ] = False,
    board: Annotated[
        Board, typer.Option(help="A small map too: hex or square (default: none).")
    ] = Board.NONE,
) -> None:
    """Scaffold a new game that checks and builds at once (and its project when there is none)."""
    from starpress.cli import scaffold

    made = scaffold.create(
        root or context.chosen_root(), game, lang.value, title, automa, board.value
    )
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
