"""A print shop's upload for one game in one language (`starpress pnp GAME --shop NAME`).

The preset (`pnp.shops`) says what to write: an image per distinct face, a PDF per deck
with a page per face, or a PDF per deck of fixed n-up sheets. Each deck is printed at the
shop's size for it (a face within `match_mm` of a product is centred on it, its bleed
covering the difference); a deck of a size the shop does not print is left out and listed.
Beside the files: `manifest.json` and `manifest.csv` (each card, how many copies, which
files), and the list of text and icons that cross the shop's safe zone.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from starpress.core.atomic import atomic_path, write_atomic
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.cmyk import as_cmyk
from starpress.pdf.units import MM
from starpress.pnp import impose, safezone
from starpress.pnp.export import Design, Source, _png, _raster
from starpress.pnp.faces import FaceSize, draw_face, face_context
from starpress.pnp.kit import (
    Face,
    KitOptions,
    fit_text_to_decks,
    kit_canvas,
    printed_faces,
)
from starpress.pnp.kitbuilder import Page, _Builder
from starpress.pnp.shops import Product, Shop, product_for


@dataclass
class ShopReport:
    """What one game's upload holds, what was left out and what crosses the safe zone."""

    shop: str
    folder: Path
    files: list[Path] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    safe_zone: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Deck:
    """The faces of one component (of one size) and the shop's size for them."""

    component: str
    faces: list[Face]  # each card as often as it is printed
    product: Product

    @property
    def name(self) -> str:
        return self.component.rsplit(".", 1)[-1]

    def fronts(self) -> list[Face]:
        seen: dict[str, Face] = {}
        for face in self.faces:
            seen.setdefault(face.card.id, face)
        return list(seen.values())


def _short(identifier: str) -> str:
    return identifier.rsplit(".", 1)[-1]


def decks(shop: Shop, faces: list[Face]) -> tuple[list[Deck], list[str]]:
    """The faces by component and size, each with the shop's product; and a line for each
    group the shop does not print."""
    groups: dict[tuple[str, float, float], list[Face]] = {}
    for face in faces:
        key = (face.card.component, round(face.width / MM, 2), round(face.height / MM, 2))
        groups.setdefault(key, []).append(face)
    found, left_out = [], []
    for (component, width, height), group in groups.items():
        product = product_for(shop, width, height)
        if product is None:
            sizes = ", ".join(
                f"{name} {w:g} x {h:g} mm" for name, (w, h) in shop.products_mm().items()
            )
            left_out.append(
                f"{_short(component)}: {len(group)} card(s) of {width:g} x {height:g} mm, a size "
                f"{shop.title} does not print in this preset ({sizes})"
            )
            continue
        found.append(Deck(component, group, product))
    return found, left_out


@dataclass
class _Rendered:
    pdf: bytes
    icons: list[list[tuple[float, float, float, float]]]  # per page


def render_deck(source: Source, deck: Deck, pages: list[Design | None], shop: Shop) -> _Rendered:
    """A PDF with one page per design (None: a blank page) at the shop's size for the deck:
    the product's trim plus the shop's bleed, the face centred on it, TrimBox and BleedBox
    set, in the shop's colour mode."""
    bleed = shop.bleed_mm * MM
    product = deck.product
    trim_width, trim_height = product.width * MM, product.height * MM
    page_width, page_height = trim_width + 2 * bleed, trim_height + 2 * bleed
    buffer = io.BytesIO()
    canvas = KitCanvas(
        buffer, invariant=1, enforceColorSpace=as_cmyk if shop.colour == "cmyk" else None
    )
    game = source.game
    canvas.setTitle(f"{game.info.title}: {deck.name} for {shop.title}")
    canvas.setAuthor("starpress")
    context = face_context(canvas, game, source.templates, source.folder, lang=source.lang)
    context.icons.define_all()
    fit_text_to_decks(context, printed_faces(game, source.templates, proof=True), bleed)
    icons: list[list[tuple[float, float, float, float]]] = []
    for design in pages:
        canvas.setPageSize((page_width, page_height))
        canvas.setTrimBox((bleed, bleed, bleed + trim_width, bleed + trim_height))
        canvas.setBleedBox((0, 0, page_width, page_height))
        start = len(context.icons.placed)
        if design is not None:
            face = design.face
            # enough bleed that the face covers the product's bleed area, whatever its size
            drawn = bleed + max(0.0, (trim_width - face.width) / 2, (trim_height - face.height) / 2)
            size = FaceSize(face.width, face.height, drawn)
            canvas.saveState()
            canvas.translate(
                (page_width - size.outer_width) / 2, (page_height - size.outer_height) / 2
            )
            layout = face.front if design.side == "front" else face.back
            assert layout is not None
            draw_face(context, layout, face.card, design.side, size)
            canvas.restoreState()
        icons.append(context.icons.placed[start:])
        canvas.showPage()
    canvas.save()
    return _Rendered(buffer.getvalue(), icons)


def _back(face: Face) -> Design | None:
    if face.back is None:
        return None
    card = face.card
    name = f"{_short(card.id)}-back" if card.back else "back"
    return Design(face, "back", name)


class _SafeZone:
    """Crossings of the safe zone, one line per component, side and kind."""

    def __init__(self, shop: Shop) -> None:
        self.shop = shop
        self.seen: dict[tuple[str, str, str], tuple[float, set[str], str]] = {}

    def check(
        self,
        document: pymupdf.Document,
        deck: Deck,
        pages: list[Design | None],
        rendered: _Rendered,
    ) -> None:
        bleed = self.shop.bleed_mm * MM
        trim = (bleed, bleed, bleed + deck.product.width * MM, bleed + deck.product.height * MM)
        for page, design, icons in zip(_pages(document), pages, rendered.icons, strict=True):
            if design is None:
                continue
            for crossing in safezone.crossings(page, icons, trim, self.shop.safe_mm):
                key = (deck.component, design.side, crossing.kind)
                closest, cards, example = self.seen.get(key, (99.0, set(), crossing.what))
                cards.add(design.face.card.id)
                if crossing.inside_mm < closest:
                    closest, example = crossing.inside_mm, crossing.what
                self.seen[key] = (closest, cards, example)

    def lines(self) -> list[str]:
        found = []
        for (component, side, kind), (closest, cards, example) in sorted(self.seen.items()):
            where = "beyond the trim" if closest < 0 else "from the trim"
            what = "an icon" if kind == "icon" else f"text {example!r}"
            found.append(
                f"{_short(component)} {side}: {what} comes {abs(closest):.1f} mm "
                f"{where} (safe zone {self.shop.safe_mm:.1f} mm) on "
                f"{len(cards)} card(s), e.g. {min(cards)}"
            )
        return found


def write_shop_files(
    source: Source, shop_name: str, shop: Shop, faces: list[Face], folder: Path, lang: str
) -> ShopReport:
    """Write the shop's files for these faces (each as often as it is printed) to `folder`."""
    report = ShopReport(shop_name, folder)
    found, report.left_out = decks(shop, faces)
    safe = _SafeZone(shop)
    rows: list[dict[str, Any]] = []
    folder.mkdir(parents=True, exist_ok=True)
    for deck in found:
        counts = Counter(face.card.id for face in deck.faces)
        fronts = deck.fronts()
        if shop.output == "images":
            pages: list[Design | None] = [
                Design(face, "front", _short(face.card.id)) for face in fronts
            ]
            backs = {}
            for face in fronts:
                back = _back(face)
                if back is not None and back.name not in backs:
                    backs[back.name] = back
            pages += list(backs.values())
        else:  # a page per face: front, back (blank when it has none), front…
            pages = [page for face in fronts for page in (Design(face, "front", ""), _back(face))]
        rendered = render_deck(source, deck, pages, shop)
        files: dict[str | None, Path] = {}
        with pymupdf.open(stream=rendered.pdf, filetype="pdf") as document:
            safe.check(document, deck, pages, rendered)
            if shop.output == "images":
                files = _images(document, pages, deck, shop, folder)
        if shop.output == "pages":
            files = {None: _deck_file(folder, shop, deck, rendered.pdf)}
        elif shop.output == "sheets":
            files = {None: _sheets(source, deck, shop, folder, lang)}
        report.files.extend(dict.fromkeys(files.values()))
        for face in fronts:
            card = face.card
            back = _back(face)
            rows.append(
                {
                    "deck": deck.name,
                    "product": deck.product.name,
                    "card": card.id,
                    "name": str(card.name or card.id),
                    "count": counts[card.id],
                    "front": _relative(files.get(f"front:{card.id}", files.get(None)), folder),
                    "back": _relative(
                        files.get(f"back:{back.name}", files.get(None)) if back else None, folder
                    ),
                }
            )
    report.safe_zone = safe.lines()
    report.files.extend(_manifest(folder, shop_name, shop, source, lang, rows, report))
    return report


def _pages(document: pymupdf.Document) -> list[pymupdf.Page]:
    return [document[number] for number in range(document.page_count)]


def _relative(path: Path | None, folder: Path) -> str:
    return "" if path is None else path.relative_to(folder).as_posix()


def _name(pattern: str, deck: Deck, card: str = "", side: str = "") -> str:
    return pattern.format(deck=deck.name, card=card, side=side)


def _images(
    document: pymupdf.Document, pages: list[Design | None], deck: Deck, shop: Shop, folder: Path
) -> dict[str | None, Path]:
    """One image per page, at the shop's resolution, turned to portrait where it says so."""
    files: dict[str | None, Path] = {}
    assert shop.names.face is not None and shop.names.shared_back is not None
    for page, design in zip(_pages(document), pages, strict=True):
        assert design is not None
        card = design.face.card
        shared_back = design.side == "back" and card.back is None
        if shared_back:
            name = _name(shop.names.shared_back, deck)
            key = f"back:{design.name}"
        else:
            name = _name(shop.names.face, deck, _short(card.id), design.side)
            key = f"{design.side}:{card.id if design.side == 'front' else design.name}"
        pixels = (
            round(page.rect.width / 72 * shop.dpi),
            round(page.rect.height / 72 * shop.dpi),
        )
        data = _raster(page, pixels, shop.dpi)
        if deck.product.turned:  # the front a quarter anticlockwise, its back clockwise
            image = Image.open(io.BytesIO(data))
            data = _png(image.rotate(90 if design.side == "front" else -90, expand=True), shop.dpi)
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
        files[key] = path
    return files


def _deck_file(folder: Path, shop: Shop, deck: Deck, pdf: bytes) -> Path:
    assert shop.names.deck is not None
    path = folder / _name(shop.names.deck, deck)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, pdf)
    return path


def _sheets(source: Source, deck: Deck, shop: Shop, folder: Path, lang: str) -> Path:
    """The deck on the shop's fixed sheets: each card as often as it is printed, its own
    bleed around it, no marks; every sheet of fronts followed by its backs, mirrored for a
    long-edge flip (a blank page when the deck has no backs)."""
    assert shop.sheet is not None and shop.names.deck is not None
    width, height = (side * MM for side in shop.sheet.size_mm())
    centres = [(x * MM, height - y * MM) for x, y in shop.sheet.centres_mm()]
    paper = f"{width / MM:g}x{height / MM:g}mm"
    options = KitOptions(
        lang=lang,
        paper=paper,
        marks="none",
        bleed=shop.bleed_mm,
        bleed_mode="card",
        duplex="long",
        margin=0.0,
    )
    path = folder / _name(shop.names.deck, deck)
    path.parent.mkdir(parents=True, exist_ok=True)
    game = source.game
    with atomic_path(path) as temporary:
        canvas = kit_canvas(str(temporary), game, options, colour=shop.colour)
        canvas.setTitle(f"{game.info.title}: {deck.name} for {shop.title}")
        context = face_context(canvas, game, source.templates, source.folder, lang=source.lang)
        context.icons.define_all()
        builder = _Builder(canvas, context, options)
        fit_text_to_decks(context, printed_faces(game, source.templates, True), builder.bleed)
        columns, rows = len(shop.sheet.columns), len(shop.sheet.rows)
        for start in range(0, len(deck.faces), len(centres)):
            chunk = tuple(deck.faces[start : start + len(centres)])
            slots = tuple(
                _slot(face, x, y, shop.sheet.turned)
                for face, (x, y) in zip(chunk, centres, strict=False)
            )
            sheet = impose.Sheet(width, height, columns, rows, slots)
            before = canvas.getPageNumber()
            builder.place(Page(sheet, chunk, (0,) * len(chunk)))
            if canvas.getPageNumber() - before == 1:  # no backs: a blank back keeps the order
                canvas.setPageSize((width, height))
                canvas.showPage()
        canvas.save()
    return path


def _slot(face: Face, x: float, y: float, turned: bool) -> impose.Rect:
    """A face's trim centred on (x, y): a portrait face turned on a sheet of turned cards,
    a landscape one upright there (and the other way round on an upright sheet)."""
    portrait = face.height >= face.width
    turn = portrait == turned
    width, height = (face.height, face.width) if turn else (face.width, face.height)
    return impose.Rect(x - width / 2, y - height / 2, width, height, turn)


def _manifest(
    folder: Path,
    shop_name: str,
    shop: Shop,
    source: Source,
    lang: str,
    rows: list[dict[str, Any]],
    report: ShopReport,
) -> list[Path]:
    """`manifest.json` (the preset's numbers, every card, what was left out, the safe-zone
    crossings) and `manifest.csv` (a row per card: deck, product, id, name, count, files)."""
    data = {
        "shop": shop_name,
        "title": shop.title,
        "game": source.game.id,
        "lang": lang,
        "output": shop.output,
        "dpi": shop.dpi,
        "bleed_mm": round(shop.bleed_mm, 3),
        "safe_mm": round(shop.safe_mm, 3),
        "colour": shop.colour,
        "cards": rows,
        "copies": sum(row["count"] for row in rows),
        "left_out": report.left_out,
        "safe_zone": report.safe_zone,
        "unchecked": shop.unchecked,
    }
    json_path = folder / "manifest.json"
    write_atomic(json_path, (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode())
    buffer = io.StringIO()
    writer = csv.DictWriter(
        buffer, ["deck", "product", "card", "name", "count", "front", "back"], lineterminator="\n"
    )
    writer.writeheader()
    writer.writerows(rows)
    csv_path = folder / "manifest.csv"
    write_atomic(csv_path, buffer.getvalue().encode("utf-8"))
    return [json_path, csv_path]
