"""The built files a game's site pages offer: kit PDFs and card pictures, read, never built.

`starpress site build` (or `make`) builds the kits into `build/pnp/` and the gallery pictures into
`build/site-cache/<lang>/<game>/` first, with a `gallery.json` naming each card's picture, and each
bot's simulation charts, as numbers, into `build/site-cache/automa/<game>/charts.json`
(`automa.sim.site_charts`; the bot pages draw them in their language). A file not there is
reported on its page with the command that builds it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from starpress.core.errors import InputError
from starpress.core.project import Project

PAPERS = ("a4", "letter")
PAPER_SIZES_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
"""Named papers a PDF's pages may have (either way round)."""


@dataclass(frozen=True)
class Asset:
    """A file copied into the site as it is (PDF, picture), by its path in the site."""

    path: str
    source: Path


@dataclass(frozen=True)
class BotChart:
    """A simulation chart of the game's bot, as numbers: what it shows (`score`, `margin`,
    `length`, `rules`) for which parameters, over how many games from which seed, on which
    variant's page; a score chart's player as a `role` (`bot` or `opponent`), the `number`th
    of `of`. `values`: games per value, or how often each rule (by id) fired per game."""

    file: str
    kind: str
    params: dict[str, str]
    games: int
    seed: int
    page: str
    values: dict[str, float]
    role: str = ""
    number: int = 0
    of: int = 0
    table: dict[str, dict[str, float]] = field(default_factory=dict)
    """A table's rows by column (a deck automaton's `rounds`: round -> action -> times)."""


@dataclass(frozen=True)
class PdfFacts:
    """What a reader needs to know before printing a PDF, read from the file itself."""

    pages: int
    paper: str
    """`A4`, `Letter`, or the first page's size as `W × H mm`."""
    size: int
    """File size in bytes."""
    duplex: str | None
    """The PDF's /ViewerPreferences /Duplex: `DuplexFlipLongEdge`, `DuplexFlipShortEdge`,
    `Simplex`, or None when the file does not say."""
    actual_size: bool
    """/ViewerPreferences /PrintScaling /None: print at 100 %, never fit to the page."""


def pdf_facts(path: Path) -> PdfFacts:
    """Pages, paper, size and print preferences of a built PDF (an unreadable file is a
    located error naming it)."""
    import pymupdf

    try:
        document = pymupdf.open(str(path))
        try:
            catalog = document.pdf_catalog()
            duplex = document.xref_get_key(catalog, "ViewerPreferences/Duplex")
            scaling = document.xref_get_key(catalog, "ViewerPreferences/PrintScaling")
            first = document[0].rect
            pages = document.page_count
        finally:
            document.close()
    except (RuntimeError, ValueError, IndexError) as error:  # pymupdf's errors are these
        raise InputError(path, f"not a readable PDF ({error}); build it again") from None
    return PdfFacts(
        pages,
        paper_name(first.width * 25.4 / 72, first.height * 25.4 / 72),
        path.stat().st_size,
        duplex[1].lstrip("/") if duplex[0] == "name" else None,
        scaling == ("name", "/None"),
    )


def paper_name(width: float, height: float) -> str:
    """`A4` or `Letter` (portrait or landscape, to 1 mm), else `W × H mm`."""
    short, long = sorted((width, height))
    for name, (w, h) in PAPER_SIZES_MM.items():
        if abs(short - w) <= 1 and abs(long - h) <= 1:
            return name
    return f"{width:.0f} × {height:.0f} mm"


@dataclass
class SiteFiles:
    kits: list[Asset] = field(default_factory=list)
    pictures: dict[str, Asset] = field(default_factory=dict)
    kits_missing: list[str] = field(default_factory=list)
    """The command to build each missing kit."""
    rulebooks: list[Asset] = field(default_factory=list)
    rulebooks_missing: list[str] = field(default_factory=list)
    """The command to build each missing rulebook."""
    quick_references: list[Asset] = field(default_factory=list)
    quick_references_missing: list[str] = field(default_factory=list)
    """The command to build each missing quick reference."""
    gallery_missing: str | None = None
    """The command that draws the gallery, when it is not drawn yet."""
    cover: Asset | None = None
    """A fan of three of the game's faces (`pnp.cover`), drawn with the gallery."""
    bot_charts: list[BotChart] = field(default_factory=list)
    bot_charts_missing: str | None = None
    """The command that draws the bot's charts, when the game has a bot and they are not."""
    setups: dict[str, Asset] = field(default_factory=dict)
    """Each setup's picture (`pnp.setups`), by setup id, shown in its rules section."""
    setups_missing: str | None = None
    """The command that draws the setup pictures, when the game has setups and they are not."""

    def assets(self) -> list[Asset]:
        cover = [self.cover] if self.cover else []
        return [
            *self.pictures.values(),
            *self.setups.values(),
            *cover,
            *self.kits,
            *self.rulebooks,
            *self.quick_references,
        ]


def bot_charts(root: Path, game_id: str, files: SiteFiles) -> None:
    """The bot's charts named in its manifest (a game without automa.yaml has none)."""
    if not Project(root).bot_file(game_id).is_file():
        return
    manifest = Project(root).charts_manifest(game_id)
    if not manifest.is_file():
        files.bot_charts_missing = "starpress site build"
        return
    try:
        entries = json.loads(manifest.read_text("utf-8"))
        charts = [
            BotChart(
                Path(str(entry["file"])).name,
                str(entry["kind"]),
                {str(k): str(v) for k, v in dict(entry["params"]).items()},
                int(entry["games"]),
                int(entry["seed"]),
                str(entry["page"]),
                {str(k): float(v) for k, v in dict(entry["values"]).items()},
                str(entry.get("role", "")),
                int(entry.get("number", 0)),
                int(entry.get("of", 0)),
                {
                    str(column): {str(k): float(v) for k, v in dict(rows).items()}
                    for column, rows in dict(entry.get("table") or {}).items()
                },
            )
            for entry in entries
        ]
    except (KeyError, TypeError, ValueError):  # written by an older starpress: simulate again
        files.bot_charts_missing = "starpress site build"
        return
    files.bot_charts.extend(charts)


def setup_pictures(project: Project, game_id: str, lang: str, files: SiteFiles) -> None:
    """The setup pictures named in the game's setup manifest for this language."""
    manifest = project.setup_manifest(game_id, lang)
    if not manifest.is_file():
        return
    names: dict[str, str] = json.loads(manifest.read_text("utf-8"))
    for setup_id, name in names.items():
        picture = manifest.parent / Path(name).name
        if picture.is_file() and picture.suffix == ".png":
            files.setups[setup_id] = Asset(f"{game_id}/setup/{picture.name}", picture)


def site_files(root: Path, game_id: str, lang: str) -> SiteFiles:
    project = Project(root)
    files = SiteFiles()
    bot_charts(root, game_id, files)
    for paper in PAPERS:
        path = project.kit_file(game_id, lang, paper)
        if path.is_file():
            files.kits.append(Asset(f"{game_id}/downloads/{path.name}", path))
        else:
            files.kits_missing.append(f"starpress pnp {game_id} --lang {lang} --paper {paper}")
        book = project.rulebook_file(game_id, lang, paper)
        if book.is_file():
            files.rulebooks.append(Asset(f"{game_id}/downloads/rulebook-{book.name}", book))
        else:
            files.rulebooks_missing.append(
                f"starpress rulebook {game_id} --lang {lang} --paper {paper}"
            )
        quick = project.rulebook_file(game_id, lang, paper, quick=True)
        if quick.is_file():
            files.quick_references.append(
                Asset(f"{game_id}/downloads/rulebook-{quick.name}", quick)
            )
        else:
            files.quick_references_missing.append(
                f"starpress rulebook {game_id} --lang {lang} --paper {paper} --quick"
            )
    setup_pictures(project, game_id, lang, files)
    manifest = project.gallery_manifest(game_id, lang)
    if not manifest.is_file():
        files.gallery_missing = "starpress site build"
        return files
    cover = project.cover_file(game_id, lang)
    if cover.is_file():
        files.cover = Asset(f"{game_id}/{cover.name}", cover)
    names: dict[str, str] = json.loads(manifest.read_text("utf-8"))
    for card_id, name in names.items():
        picture = manifest.parent / Path(name).name
        if picture.is_file():
            files.pictures[card_id] = Asset(f"{game_id}/cards/{picture.name}", picture)
    return files
