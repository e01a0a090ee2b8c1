"""The `starpress` command line: the app, its root options, its commands in the order
`--help` lists them, and the console script's entry point.

Each command lives in `starpress.cli.commands` and parses its options, then calls a function
a test can call too. Heavy libraries (pydantic, rich renderables, reportlab, mkdocs) are
imported inside the commands, so `starpress --help` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.commands import bots, content, i18n, printers, printing, site

app = typer.Typer(
    name="starpress",
    help="Board-game data to print-and-play kits, a multilingual rules site and bots.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    """starpress's version, then each game's content version and date."""
    if value:
        from starpress.cli import games_list
        from starpress.core.project import ProjectNotFound
        from starpress.core.version import tool_version

        typer.echo(f"starpress {tool_version()}")
        try:
            rows = games_list.game_rows(context.project_root_quietly())
        except ProjectNotFound:
            rows = []
        for line in games_list.lines(rows, folders=False):
            typer.echo(line)
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
            "--version",
            callback=_version,
            is_eager=True,
            help="Print starpress's version and each game's content version, and exit.",
        ),
    ] = False,
) -> None:
    """Board-game data to print-and-play kits, a multilingual rules site and bots."""
    context.choose_root(root)


app.command()(content.games)
app.command()(content.check)
app.command()(content.show)
app.command()(printing.pnp)
app.command()(printing.rulebook)
app.add_typer(printers.printer_app, name="printer")
app.command()(content.new)
app.add_typer(site.site_app, name="site")
app.add_typer(i18n.i18n_app, name="i18n")
app.add_typer(bots.automa_app, name="automa")
app.add_typer(content.sheet_app, name="sheet")


def main() -> None:
    """Console-script entry point: bad input is one located line and exit 2.

    A bad option or argument (typer's usage errors) is one line naming the command, what is
    wrong and where its help is. Anything else that escapes a command is a bug: one summary
    line first, then the traceback.
    """
    import os
    import sys

    # starpress uses no pydantic plugin: looking for them reads every installed package's
    # metadata before the first model is checked
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from typer._click import exceptions as usage  # the click typer bundles

    from starpress.core.errors import EXIT_INPUT, InputError

    try:
        code = app(prog_name="starpress", standalone_mode=False)
    except InputError as error:
        sys.stderr.write(f"error: {error}\n")
        raise SystemExit(EXIT_INPUT) from None
    except usage.NoArgsIsHelpError as error:  # `starpress automa` alone: its help
        sys.stdout.write(error.format_message() + "\n")
        raise SystemExit(0) from None
    except usage.UsageError as error:
        command = error.ctx.command_path if error.ctx else "starpress"
        message = " ".join(error.format_message().split()).replace("Value error, ", "")
        sys.stderr.write(f"error: {command}: {message} (see '{command} --help')\n")
        raise SystemExit(error.exit_code) from None
    except usage.ClickException as error:
        sys.stderr.write(f"error: {' '.join(error.format_message().split())}\n")
        raise SystemExit(error.exit_code) from None
    except typer.Abort:  # end of input where a command asked for some
        sys.stderr.write("Aborted!\n")
        raise SystemExit(1) from None
    except BrokenPipeError:  # `starpress show x | head`: the reader has gone
        sys.stderr.close()
        raise SystemExit(1) from None
    except Exception as error:
        from starpress.core.load import ContentError  # imported only now: --help stays fast

        if isinstance(error, ContentError):  # any command that loads a game with problems
            for problem in error.problems:
                sys.stderr.write(f"{problem}\n")
            sys.stderr.write(f"error: {error.summary()}\n")
            raise SystemExit(EXIT_INPUT) from None
        sys.stderr.write(f"internal error (a bug in starpress): {type(error).__name__}: {error}\n")
        raise
    if isinstance(code, int):  # typer.Exit(code) and --help, outside click's standalone mode
        raise SystemExit(code)
