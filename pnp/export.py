"""Exports beside the sheets: per-card PNGs for print shops, and Tabletop Simulator decks.

Both come from the same faces as the PDF: each face is drawn on a page of its own (with
the print shop's bleed, or trimmed for TTS), then rasterised by MuPDF.
"""

from __future__ import annotations

import io
import json
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PIL import Image

from starpress.core.atomic import write_atomic
from starpress.core.model import Game
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.units import MM
from starpress.pnp.facecache import face_key, game_digest
from starpress.pnp.faces import FaceSize, draw_face, face_context
from starpress.pnp.kit import Face, fit_text_to_decks, printed_faces
from starpress.pnp.layout import Templates
from starpress.pnp.presets import PRESETS

PNG = PRESETS["png"]
TTS = PRESETS["tts"]


@dataclass(frozen=True)
class Design:
    """One distinct face to export: a card's front, or a back (per card or shared)."""

    face: Face
    side: str
    name: str  # file stem


def designs(game: Game, templates: Templates) -> list[Design]:
    """Every distinct face of the game's printed cards, fronts then their backs."""
    found: list[Design] = []
    seen: set[str] = set()
    for face in printed_faces(game, templates, proof=True):
        card = face.card
        candidates = [Design(face, "front", f"{card.id}-front")]
        if face.back is not None:
            stem = f"{card.id}-back" if card.back else f"{card.component}-back"
            candidates.append(Design(face, "back", stem))
        for design in candidates:
            if design.name not in seen:
                seen.add(design.name)
                found.append(design)
    return found


@dataclass(frozen=True)
class Source:
    """What drawing a game's faces needs."""

    game: Game  # in the language of the export (starpress.core.i18n.localize)
    templates: Templates
    folder: Path  # the game's content folder
    lang: str = "en"  # the game's language (the words a kit prints of its own)


def render_pdf(source: Source, designs_: list[Design], bleed: float) -> bytes:
    """A PDF with one page per design, each page the face plus `bleed` points around it."""
    buffer = io.BytesIO()
    canvas = KitCanvas(buffer, invariant=1)
    context = face_context(canvas, source.game, source.templates, source.folder, lang=source.lang)
    context.icons.define_all()
    fit_text_to_decks(context, printed_faces(source.game, source.templates, proof=True), bleed)
    for design in designs_:
        face = design.face
        size = FaceSize(face.width, face.height, bleed)
        canvas.setPageSize((size.outer_width, size.outer_height))
        layout = face.front if design.side == "front" else face.back
        assert layout is not None
        draw_face(context, layout, face.card, design.side, size)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


Done = Callable[[int, int], None]
"""(pictures or decks done, of how many): a long export's progress."""


def export_pngs(source: Source, out_dir: Path, progress: Done | None = None) -> list[Path]:
    """One PNG per distinct face at the print shop's resolution, bleed included.

    Poker cards come out at 825 × 1125 px: 63.5 × 88.9 mm plus 1/8 in of bleed at 300 dpi,
    The Game Crafter's size.
    """
    found = designs(source.game, source.templates)
    return _rasterise(source, found, out_dir, PNG["dpi"], PNG["bleed_mm"] * MM, progress)


def export_gallery(
    source: Source, out_dir: Path, dpi: int, store: Path | None = None, lang: str = ""
) -> dict[str, Path]:
    """The front of every card design as a trimmed PNG for screens, by card id.

    With a `store` folder, each picture is kept there under its face's key
    (`pnp.facecache`: the hash of everything that draws it, in `lang`), and only the
    faces whose picture is not stored yet are drawn: a site built again copies the stored
    pictures of the faces that did not change."""
    fronts = [design for design in designs(source.game, source.templates) if design.side == "front"]
    if store is None:
        paths = _rasterise(source, fronts, out_dir, dpi, 0.0)
        return {design.face.card.id: path for design, path in zip(fronts, paths, strict=True)}
    stored = [store / key[:2] / f"{key}-{dpi}.png" for key in _front_keys(source, fronts, lang)]
    missing = [n for n, path in enumerate(stored) if not path.is_file()]
    drawn = _rasterise(source, [fronts[n] for n in missing], out_dir, dpi, 0.0) if missing else []
    for n, path in zip(missing, drawn, strict=True):
        stored[n].parent.mkdir(parents=True, exist_ok=True)
        write_atomic(stored[n], path.read_bytes())
    out_dir.mkdir(parents=True, exist_ok=True)
    found = {}
    for n, design in enumerate(fronts):
        target = out_dir / f"{design.name}.png"
        if n not in missing:
            _copy(stored[n], target)
        found[design.face.card.id] = target
    return found


def _copy(source: Path, target: Path) -> None:
    """`source` to `target`, unless it holds those bytes already (no needless rewrite)."""
    data = source.read_bytes()
    if not (target.is_file() and target.read_bytes() == data):
        write_atomic(target, data)


def _front_keys(source: Source, fronts: list[Design], lang: str) -> list[str]:
    """Each front's face key, with the text sizes its deck settles on (no bleed)."""
    game, templates = source.game, source.templates
    digest = game_digest(game, templates, source.folder, lang)
    scratch = face_context(KitCanvas(io.BytesIO()), game, templates, source.folder, lang=lang)
    fit_text_to_decks(scratch, printed_faces(game, templates, proof=True), 0.0)
    titles = game.ids()
    return [
        face_key(digest, titles, design.face, "front", 0.0, False, scratch.deck_sizes)
        for design in fronts
    ]


def _rasterise(
    source: Source,
    found: list[Design],
    out_dir: Path,
    dpi: int,
    bleed: float,
    progress: Done | None = None,
) -> list[Path]:
    pdf = render_pdf(source, found, bleed)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        for page, design in zip(document, found, strict=True):
            size = FaceSize(design.face.width, design.face.height, bleed)
            pixels = (round(size.outer_width / 72 * dpi), round(size.outer_height / 72 * dpi))
            path = out_dir / f"{design.name}.png"
            write_atomic(path, _raster(page, pixels, dpi))
            paths.append(path)
            if progress is not None:
                progress(len(paths), len(found))
    return paths


def export_tts(
    source: Source,
    out_dir: Path,
    lang: str,
    base_url: str | None = None,
    progress: Done | None = None,
) -> list[Path]:
    """Tabletop Simulator deck sheets (≤ 10 × 7, ≤ 4096 px, RGB) and a saved-object JSON.

    Each component becomes one deck (several sheets if it has over 69 cards). The last
    slot of every sheet holds the hidden-card image, the deck's back. The JSON names each
    sheet by its file name, relative to the JSON's folder, or under `base_url` (where the
    sheets will be uploaded): never by a path of the machine that built it.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    game = source.game
    titles = game.ids()
    faces = printed_faces(game, source.templates)
    objects: list[dict[str, object]] = []
    written: list[Path] = []
    decks = list(_by_component(faces))
    for deck_number, (component_id, cards) in enumerate(decks, 1):
        unique = _unique_fronts(cards)
        per_card_backs = any(face.card.back for face in unique)
        designs_ = [Design(face, "front", face.card.id) for face in unique]
        if per_card_backs:
            designs_ += [Design(face, "back", face.card.id) for face in unique]
        elif cards[0].back is not None:
            designs_.append(Design(cards[0], "back", "back"))
        pdf = render_pdf(source, designs_, 0.0)
        with pymupdf.open(stream=pdf, filetype="pdf") as document:
            pages = [_image(document[n], design.face) for n, design in enumerate(designs_)]
        fronts = {face.card.id: image for face, image in zip(unique, pages, strict=False)}
        backs = {
            face.card.id: image for face, image in zip(unique, pages[len(unique) :], strict=False)
        }
        has_shared_back = len(pages) > len(unique) and not per_card_backs
        hidden = pages[-1] if has_shared_back else _blank(fronts)
        stem = f"{game.id}-{lang}-{component_id.rsplit('.', 1)[-1]}"
        per_sheet = TTS["max_columns"] * TTS["max_rows"] - 1
        contained: list[dict[str, object]] = []
        deck_ids: list[int] = []
        custom: dict[str, dict[str, object]] = {}
        back_path = out_dir / f"{stem}-back.png"
        if not per_card_backs:
            write_atomic(back_path, _png(hidden))
            written.append(back_path)
        for sheet_number, start in enumerate(range(0, len(cards), per_sheet)):
            chunk = cards[start : start + per_sheet]
            key = deck_number * 10 + sheet_number
            sheet, columns, rows = _sheet([fronts[face.card.id] for face in chunk], hidden)
            path = out_dir / f"{stem}-{sheet_number + 1}.png"
            write_atomic(path, _png(sheet))
            written.append(path)
            if per_card_backs:
                back_sheet, _, _ = _sheet([backs[face.card.id] for face in chunk], hidden)
                back_path = out_dir / f"{stem}-{sheet_number + 1}-backs.png"
                write_atomic(back_path, _png(back_sheet))
                written.append(back_path)
            custom[str(key)] = {
                "FaceURL": _url(path, base_url),
                "BackURL": _url(back_path, base_url),
                "NumWidth": columns,
                "NumHeight": rows,
                "BackIsHidden": True,
                "UniqueBack": per_card_backs,
                "Type": 0,
            }
            for index, face in enumerate(chunk):
                card_id = key * 100 + index
                deck_ids.append(card_id)
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": face.card.name or face.card.id,
                        "CardID": card_id,
                        "CustomDeck": {str(key): custom[str(key)]},
                        "Transform": _transform(0.0),
                    }
                )
        objects.append(
            {
                "Name": "DeckCustom",
                "Nickname": titles[component_id],
                "DeckIDs": deck_ids,
                "CustomDeck": custom,
                "ContainedObjects": contained,
                "Transform": _transform(deck_number * 3.0),
            }
        )
        if progress is not None:
            progress(deck_number, len(decks))
    saved = {
        "SaveName": f"{game.info.title} ({lang})",
        "GameMode": "",
        "Gravity": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "ObjectStates": objects,
    }
    json_path = out_dir / f"{game.id}-{lang}.json"
    write_atomic(json_path, json.dumps(saved, indent=2, ensure_ascii=False).encode())
    written.append(json_path)
    return written


def _url(path: Path, base_url: str | None) -> str:
    """A sheet's address in the saved object: its file name, under the base URL if any."""
    name = urllib.parse.quote(path.name)
    return f"{base_url.rstrip('/')}/{name}" if base_url else name


def _by_component(faces: list[Face]) -> Iterator[tuple[str, list[Face]]]:
    groups: dict[str, list[Face]] = {}
    for face in faces:
        groups.setdefault(face.card.component, []).append(face)
    yield from groups.items()


def _unique_fronts(faces: list[Face]) -> list[Face]:
    seen: dict[str, Face] = {}
    for face in faces:
        seen.setdefault(face.card.id, face)
    return list(seen.values())


def _card_pixels(face: Face) -> tuple[int, int]:
    """The largest card image that lets a 10 × 7 sheet stay within 4096 px each way."""
    width = TTS["max_pixels"] // TTS["max_columns"]
    height = round(width * face.height / face.width)
    if height * TTS["max_rows"] > TTS["max_pixels"]:
        height = TTS["max_pixels"] // TTS["max_rows"]
        width = round(height * face.width / face.height)
    return width, height


def _image(page: pymupdf.Page, face: Face) -> Image.Image:
    return Image.open(io.BytesIO(_raster(page, _card_pixels(face)))).convert("RGB")


def _blank(images: dict[str, Image.Image]) -> Image.Image:
    first = next(iter(images.values()))
    return Image.new("RGB", first.size, (40, 40, 48))


def _sheet(images: list[Image.Image], hidden: Image.Image) -> tuple[Image.Image, int, int]:
    """Cards in reading order; the hidden-card image in the last slot of the grid."""
    slots = len(images) + 1
    columns = min(TTS["max_columns"], slots)
    rows = -(-slots // columns)
    width, height = hidden.size
    sheet = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    for index, image in enumerate(images):
        sheet.paste(image, ((index % columns) * width, (index // columns) * height))
    last = columns * rows - 1
    sheet.paste(hidden, ((last % columns) * width, (last // columns) * height))
    return sheet, columns, rows


def _raster(page: pymupdf.Page, pixels: tuple[int, int], dpi: int = PNG["dpi"]) -> bytes:
    matrix = pymupdf.Matrix(pixels[0] / page.rect.width, pixels[1] / page.rect.height)
    pixmap = page.get_pixmap(matrix=matrix, alpha=False)
    image = Image.frombytes("RGB", (pixmap.width, pixmap.height), pixmap.samples)
    if image.size != pixels:
        image = image.resize(pixels)
    return _png(image, dpi)


def _png(image: Image.Image, dpi: int = PNG["dpi"]) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def _transform(x: float) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }
