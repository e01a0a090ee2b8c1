"""The `i18n` group: gettext catalogs per game and for the UI (`starpress.cli.i18n_command`)."""

from __future__ import annotations

from typing import Annotated

import typer

from starpress.cli import context

i18n_app = typer.Typer(
    help="Translations: gettext catalogs per game and for the UI.", no_args_is_help=True
)


@i18n_app.command("extract")
def i18n_extract() -> None:
    """Write the templates: content/<game>/locale/<game>.pot and templates/locale/messages.pot."""
    from starpress.cli import i18n_command

    i18n_command.extract(context.project_root(), context.console())


@i18n_app.command("update")
def i18n_update() -> None:
    """Extract, then bring every language's catalog up to date (changed texts turn stale)."""
    from starpress.cli import i18n_command

    i18n_command.update(context.project_root(), context.console())


@i18n_app.command("compile")
def i18n_compile() -> None:
    """Check every catalog (also: same icons and references as the source) and write .mo files."""
    from starpress.cli import i18n_command

    if not i18n_command.compile_all(
        context.project_root(), context.console(), context.error_console()
    ):
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

    root = context.project_root()
    games = context.load(root, game or None)
    if not i18n_command.report(root, list(games.values()), as_json, check, context.console()):
        raise typer.Exit(1)
