"""The print commands: `pnp` (print-and-play kits) and `rulebook` (printable books)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Annotated

import typer

from starpress.cli import context
from starpress.cli.choices import LanguageSelection
from starpress.pnp.choices import BleedMode, Cut, Duplex, Marks
from starpress.pnp.paper import Paper
from starpress.rulebook import choices as book


def parse_paper(value: str) -> Paper:
    """`--paper`: a named paper or WIDTHxHEIGHT (a bad one is typer's one-line usage error)."""
    from starpress.pnp.paper import parse_paper as parse

    return parse(value)


def complete_paper(incomplete: str) -> list[str]:
    """Shell completion: the named papers of pnp/presets.yaml."""
    from starpress.pnp.paper import named_papers

    return [name for name in named_papers() if name.startswith(incomplete.lower())]


def complete_shop(incomplete: str) -> list[str]:
    """Shell completion: the print shops of pnp/shops.yaml."""
    from starpress.pnp.shops import load_shops

    return [name for name in load_shops() if name.startswith(incomplete)]


PAPER_HELP = (
    "a4, letter, a3, a5, legal, tabloid, half-letter (pnp/presets.yaml) or WIDTHxHEIGHT in "
    "mm or in, e.g. 200x300mm, 8.5x14in [default: a4, or the printer's]."
)


BUILD_GC_THRESHOLDS = (100_000, 50, 1000)
"""The garbage collector's thresholds for a one-off kit build."""


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
    paper: Annotated[
        Paper | None,
        typer.Option(
            help=PAPER_HELP, parser=parse_paper, autocompletion=complete_paper, metavar="PAPER"
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/pnp"),
    marks: Annotated[Marks, typer.Option(help="crop, lines or none.")] = Marks.CROP,
    bleed: Annotated[float | None, typer.Option(help="Bleed in mm (0 to 6) [default: 3].")] = None,
    bleed_mode: Annotated[
        BleedMode, typer.Option(help="shared (bleed only outside the grid) or card.")
    ] = BleedMode.SHARED,
    duplex: Annotated[
        Duplex | None,
        typer.Option(help="long, short or none (no back pages) [default: long, or the printer's]."),
    ] = None,
    back_offset: Annotated[
        str | None,
        typer.Option(
            help="X,Y in mm added to back pages (read it off 'calibrate') [default: 0,0, or "
            "the printer's]."
        ),
    ] = None,
    printer: Annotated[
        str | None,
        typer.Option(
            help="A saved printer profile ('starpress printer save'): its paper, duplex flip, "
            "back offset and scale, unless given here."
        ),
    ] = None,
    shop: Annotated[
        str | None,
        typer.Option(
            help="A print shop of pnp/shops.yaml (the-game-crafter, makeplayingcards, "
            "printplaygames, images-with-bleed, pdf-cmyk): its upload files and a manifest "
            "in <out>/shop/<shop>/<game>-<lang>/, instead of the kit.",
            autocompletion=complete_shop,
        ),
    ] = None,
    cut: Annotated[
        Cut | None,
        typer.Option(
            help="svg: sheets for a cutting machine (registration marks printed) and a cut "
            "file per sheet in <out>/cut/<kit>/."
        ),
    ] = None,
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
    if_changed: Annotated[
        bool,
        typer.Option(
            help="Build only the games whose kits' inputs (content, layouts, code, options) "
            "changed since they were last built so; the others are left as they are."
        ),
    ] = False,
    manifest: Annotated[
        bool,
        typer.Option(
            help="Also a JSON manifest beside each kit: every component, its count in the box, "
            "and the faces and pages that print it."
        ),
    ] = False,
) -> None:
    """Print-and-play PDFs: build/pnp/<game>-<lang>-<paper>[-<options>].pdf."""
    from starpress.pnp.request import Request

    request = Request(
        target=target,
        lang=lang.value,
        paper=paper,
        out=out,
        marks=marks,
        bleed=bleed,
        bleed_mode=bleed_mode,
        duplex=duplex,
        back_offset=back_offset,
        printer=printer,
        shop=shop,
        cut=cut,
        fold=fold,
        proof=proof,
        ink_saver=ink_saver,
        strict=strict,
        png=png,
        tts=tts,
        tts_url=tts_url,
        only=tuple(only or ()),
        jobs=jobs,
        if_changed=if_changed,
        manifest=manifest,
    )
    if card is not None and not watch and not png:
        context.fail("--card draws one card as PNG: add --png")
    for option, given in (
        ("--shop", shop),
        ("--cut", cut),
        ("--if-changed", if_changed or None),
        ("--manifest", manifest or None),
    ):
        if given is not None and (watch or card is not None):
            context.fail(f"{option} does not go with --watch or --card")
    root, console, errors = context.project_root(), context.console(), context.error_console()
    if if_changed and (jobs is None or jobs >= 1) and not (shop or cut or png or tts):
        from starpress.core.project import Project
        from starpress.pnp import uptodate

        games = Project(root).game_ids() if target == "all" else [target]
        if uptodate.up_to_date(root, games, request):
            console.print(f"up to date: {out} (no input changed)", highlight=False)
            return
    from starpress.pnp import command

    if watch:
        from starpress.pnp import watch as watching

        code = watching.run(root, request, console, errors, max_rebuilds=max_rebuilds)
    elif card is not None:
        from starpress.pnp import preview

        code = preview.run(root, request, card, console, errors)
    else:
        # one build, then the process ends: the decks' models live through all of it, and
        # with Python's default thresholds (700, 10, 10) the collector walks them again and
        # again, a fifth of the CPU at 10,800 cards; peak memory measured the same
        gc.set_threshold(*BUILD_GC_THRESHOLDS)
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
    if_changed: Annotated[
        bool,
        typer.Option(
            help="Build only the games whose books' inputs (content, code, options) changed "
            "since they were last built so; the others are left as they are."
        ),
    ] = False,
) -> None:
    """Printable rulebooks: build/rulebooks/<game>-<lang>-<paper>[-booklet|-quick].pdf."""
    from starpress.rulebook.request import BookRequest

    request = BookRequest(
        target=target,
        lang=lang.value,
        paper=paper,
        booklet=booklet,
        quick=quick,
        out=out,
        jobs=jobs,
        if_changed=if_changed,
    )
    root = context.project_root()
    if if_changed and (jobs is None or jobs >= 1):  # what was built so passed every check
        from starpress.core.project import Project
        from starpress.rulebook import uptodate

        games = Project(root).game_ids() if target == "all" else [target]
        if uptodate.up_to_date(root, games, request):
            context.console().print(f"up to date: {out} (no input changed)", highlight=False)
            return
    if not quick:  # the quick reference shows no setup picture
        _book_pictures(target, lang.value)
    from starpress.rulebook.command import build_command

    code = build_command(root, request, context.console(), context.error_console())
    if code:
        raise typer.Exit(code)


def _book_pictures(target: str, lang: str) -> None:
    """The setup pictures a book shows, drawn before it (a bad game or layout is left for
    the book command to report, with its own words)."""
    from starpress.cli.book_inputs import prepare_books
    from starpress.core.load import ContentError, UnknownGame

    root = context.project_root()
    try:
        prepare_books(root, target, lang)
    except UnknownGame:
        return
    except ContentError as error:
        context.fail_with_problems(error)
