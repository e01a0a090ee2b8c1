"""`starpress printer`: calibrate a printer, save what was measured as a profile, list them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.commands.printing import PAPER_HELP, complete_paper, parse_paper
from starpress.pnp.choices import Duplex
from starpress.pnp.paper import Paper

printer_app = typer.Typer(
    help="Printer profiles: print the calibration sheet, save what it measured, list them.",
    no_args_is_help=True,
)

PRINTER_PAPER = typer.Option(
    help=PAPER_HELP, parser=parse_paper, autocompletion=complete_paper, metavar="PAPER"
)


@printer_app.command()
def calibrate(
    paper: Annotated[Paper | None, PRINTER_PAPER] = None,
    duplex: Annotated[
        Duplex | None, typer.Option(help="The edge the printer flips on [default: long].")
    ] = None,
    printer: Annotated[
        str | None,
        typer.Option(help="Print with this saved profile applied, to check it (every line on 0)."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/pnp"),
) -> None:
    """The calibration sheet: crosshairs, back scales and two scale bars (duplex, 100 %)."""
    from starpress.pnp import printer_command

    code = printer_command.calibrate(
        context.project_root(),
        paper=paper,
        duplex=duplex,
        printer=printer,
        out=out,
        console=context.console(),
        errors=context.error_console(),
    )
    if code:
        raise typer.Exit(code)


@printer_app.command()
def save(
    name: Annotated[str, typer.Argument(help="The profile's name (letters, digits, - and _).")],
    back_offset: Annotated[
        str | None, typer.Option(help="X,Y in mm read off the calibration sheet's back scales.")
    ] = None,
    scale: Annotated[
        str | None,
        typer.Option(help="Percent, S or SX,SY: bar length / measured length x 100."),
    ] = None,
    paper: Annotated[Paper | None, PRINTER_PAPER] = None,
    duplex: Annotated[Duplex | None, typer.Option(help="long, short or none.")] = None,
    user: Annotated[
        bool,
        typer.Option(
            help="Save in the user's config folder (~/.config/starpress/printers.yaml) "
            "instead of the project's printers.yaml."
        ),
    ] = False,
) -> None:
    """Save (or update) a printer profile: values not given keep their saved ones."""
    from starpress.pnp import printer_command

    code = printer_command.save(
        context.project_root(),
        name,
        back_offset=back_offset,
        scale=scale,
        paper=paper,
        duplex=duplex,
        user=user,
        console=context.console(),
        errors=context.error_console(),
    )
    if code:
        raise typer.Exit(code)


@printer_app.command(name="list")
def list_profiles() -> None:
    """The saved printer profiles, the project's, then the user's."""
    from starpress.pnp import printer_command

    code = printer_command.list_profiles(
        context.project_root(), console=context.console(), errors=context.error_console()
    )
    if code:
        raise typer.Exit(code)
