"""The `automa` group: `starpress automa GAME play|resume|replay|simulate`, one subgroup per
game with a bot, each built when it is named (`starpress.automa.commands`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer
from typer.core import TyperGroup

from starpress.cli import context

if TYPE_CHECKING:
    from typer import _click  # the click typer bundles


class _BotGames(TyperGroup):
    """`starpress automa GAME play|resume|replay|simulate`: the same commands for every
    game with a bot, built from the options its bot declares (`automa.commands`)."""

    def list_commands(self, ctx: _click.Context) -> list[str]:
        from starpress.automa.commands import games_with_bots
        from starpress.core.load import project_root
        from starpress.core.project import ProjectNotFound

        try:
            return games_with_bots(project_root(context.chosen_root() or Path.cwd()))
        except ProjectNotFound:
            return []

    def get_command(self, ctx: _click.Context, cmd_name: str) -> _click.Command | None:
        from starpress.automa.commands import game_group

        return game_group(context.project_root(), cmd_name, context.fail)


automa_app = typer.Typer(
    cls=_BotGames,
    help="The games' bots, step by step at the table or simulated: automa GAME play|resume|"
    "replay|simulate.",
    no_args_is_help=True,
)
