"""The print commands: `pnp` (print-and-play kits) and `rulebook` (printable books)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.choices import LanguageSelection
from starpress.pnp.choices import BleedMode, Duplex, Marks, Paper
from starpress.rulebook import choices as book


def pnp(
    target: Annotated[
        str,
        typer.Argument(
            help="A game id, 'all', or 'calibrate' (a duplex alignment test).",
            autocompletion=context.complete_game,
        ),
    ],
    lang: Annotated[
        LanguageSelection, typer.Option(help="Language of the card texts, or 'all'.")
    ] = LanguageSelection.SOURCE,
    paper: Annotated[Paper, typer.Option(help="a4, letter or a3.")] = Paper.A4,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/pnp"),
    marks: Annotated[Marks, typer.Option(help="crop, lines or none.")] = Marks.CROP,
    bleed: Annotated[float, typer.Option(help="Bleed in mm (0 to 6).")] = 3.0,
    bleed_mode: Annotated[
        BleedMode, typer.Option(help="shared (bleed only outside the grid) or card.")
    ] = BleedMode.SHARED,
    duplex: Annotated[
        Duplex, typer.Option(help="long, short or none (no back pages).")
    ] = Duplex.LONG,
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
        target=target,
        lang=lang.value,
        paper=paper,
        out=out,
        marks=marks,
        bleed=bleed,
        bleed_mode=bleed_mode,
        duplex=duplex,
        back_offset=back_offset,
        fold=fold,
        proof=proof,
        ink_saver=ink_saver,
        strict=strict,
        png=png,
        tts=tts,
        tts_url=tts_url,
        only=tuple(only or ()),
        jobs=jobs,
    )
    if card is not None and not watch and not png:
        context.fail("--card draws one card as PNG: add --png")
    root, console, errors = context.project_root(), context.console(), context.error_console()
    if watch:
        from starpress.pnp import watch as watching

        code = watching.run(root, request, console, errors, max_rebuilds=max_rebuilds)
    elif card is not None:
        from starpress.pnp import preview

        code = preview.run(root, request, card, console, errors)
    else:
        code = command.run(root, request, console, errors)
    if code:
        raise typer.Exit(code)


def rulebook(
    target: Annotated[
        str, typer.Argument(help="A game id, or 'all'.", autocompletion=context.complete_game)
    ],
    lang: Annotated[
        LanguageSelection, typer.Option(help="Language of the book, 'source' or 'all'.")
    ] = LanguageSelection.SOURCE,
    paper: Annotated[book.Paper, typer.Option(help="a4, letter or all.")] = book.Paper.A4,
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
    from starpress.rulebook.command import BookRequest, build_command

    request = BookRequest(
        target=target,
        lang=lang.value,
        paper=paper,
        booklet=booklet,
        quick=quick,
        out=out,
        jobs=jobs,
    )
    code = build_command(
        context.project_root(), request, context.console(), context.error_console()
    )
    if code:
        raise typer.Exit(code)
