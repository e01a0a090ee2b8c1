"""A kit from cached faces: reportlab lays out the sheets, MuPDF places the drawn faces.

The sheets (page sizes, crop marks, cut lines, fold lines, proof guides, TrimBox and BleedBox) come
from the same builder as a normal kit (`pnp.kitbuilder`), with each face left out and its place
recorded; MuPDF then puts each face's cached one-page PDF under the marks, clipped exactly as the
kit clips it. Only faces whose key is not in the cache are drawn, so after an edit the kit is
written again in a fraction of a full build. Used by `starpress pnp --watch`; a normal build
(`pnp.kitbuilder.build_kit`) stays byte-for-byte what it was.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from starpress.core.edition import Stamp
from starpress.core.model import Game
from starpress.core.text import Text
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.units import MM
from starpress.pnp import impose, kit
from starpress.pnp.facecache import (
    CachedFace,
    FaceCache,
    GameDigest,
    draw_one,
    face_key,
    game_digest,
)
from starpress.pnp.faces import face_context
from starpress.pnp.kit import (
    Face,
    KitOptions,
    KitReport,
    Side,
    kit_canvas,
    kit_path,
    printed_faces,
)
from starpress.pnp.kitbuilder import _Builder
from starpress.pnp.layout import Templates


@dataclass(frozen=True)
class Placement:
    """One face on one page: where its bleed area's corner goes and what of it shows."""

    page: int
    key: str
    matrix: tuple[float, float, float, float, float, float]  # the face's form onto the page
    clip: tuple[float, float, float, float]  # left, bottom, right, top, in page points


@dataclass
class CachedReport:
    """A kit written from cached faces, and how many faces had to be drawn for it."""

    kit: KitReport
    drawn: int = 0
    reused: int = 0
    keys: list[str] = field(default_factory=list)


class _Recorder(_Builder):
    """The kit builder with faces recorded instead of drawn (marks and guides drawn)."""

    def __init__(self, canvas: KitCanvas, faces: dict[str, str], **rest: object):
        super().__init__(canvas, **rest)  # type: ignore[arg-type]
        self.keys = faces
        self.placements: list[Placement] = []

    def _place(
        self,
        face: Face,
        side: Side,
        slot: impose.Rect,
        sheet: impose.Sheet,
        window: impose.Rect | None = None,
        part: impose.Rect | None = None,
    ) -> None:
        self._note(face, side)
        bleed = self.bleed
        clip = self._clip(face, part or slot, sheet, window)
        matrix = kit.placement(slot, side, bleed)
        page = self._page_matrix(sheet)  # a printer's scale: the face is scaled with its page
        if page is not None:
            matrix, clip = impose.compose(matrix, page), impose.transformed(clip, page)
        self.placements.append(
            Placement(
                self.canvas.getPageNumber() - 1,
                self.keys[_form_name(face, side)],
                matrix,
                (clip.x, clip.y, clip.right, clip.top),
            )
        )


def _form_name(face: Face, side: Side) -> str:
    """Which drawing a side is, as `pnp.kit` names its forms: a shared back is one drawing
    per component (drawn with the first card that shows it)."""
    shared_back = side == "back" and face.card.back is None
    return f"back-{face.card.component}" if shared_back else f"{side}-{face.card.id}"


def build_cached_kit(
    game: Game,
    templates: Templates,
    folder: Path,
    options: KitOptions,
    out_dir: Path,
    cache: FaceCache,
    book: FaceBook | None = None,
    stamp: Stamp | None = None,
) -> CachedReport:
    """Write the kit of a game (already in the kit's language) from cached faces, stamped
    as a normal kit is; a watching process passes the same `book` every time, so known faces
    are not grafted again."""
    faces = kit.kit_faces(game, templates, options)
    digest = game_digest(game, templates, folder, options.lang)
    report = CachedReport(KitReport(kit_path(out_dir, game.id, options)))
    drawn = _faces(report, cache, digest, game, templates, folder, faces, options)
    keys = {place: face.key for place, face in drawn.items()}
    line = stamp.line if stamp else ""
    skeleton, placements = _sheets(game, templates, folder, options, faces, keys, report, line)
    _place_faces(skeleton, placements, drawn, report.kit.path, book or FaceBook())
    overflow = {line for face in drawn.values() for line in face.overflow}
    report.kit.overflow = sorted(overflow)
    report.kit.fallbacks = sorted({text for face in drawn.values() for text in face.fallbacks})
    return report


def _faces(
    report: CachedReport,
    cache: FaceCache,
    digest: GameDigest,
    game: Game,
    templates: Templates,
    folder: Path,
    faces: list[Face],
    options: KitOptions,
) -> dict[str, CachedFace]:
    """Every distinct side of every face, from the cache or drawn now, by form name."""
    titles: dict[str, Text] = game.ids()
    found: dict[str, CachedFace] = {}
    by_key: dict[str, CachedFace] = {}
    sides: tuple[Side, ...] = ("front", "back")
    bleed = options.bleed * MM
    scratch = face_context(KitCanvas(io.BytesIO()), game, templates, folder, lang=options.lang)
    kit.fit_text_to_decks(scratch, printed_faces(game, templates, True), bleed)
    sizes = scratch.deck_sizes
    for face in faces:
        for side in sides:
            name = _form_name(face, side)
            if name in found or (side == "back" and face.back is None):
                continue
            key = face_key(digest, titles, face, side, bleed, options.ink_saver, sizes)
            cached = by_key.get(key) or cache.get(key)
            if cached is None:
                cached = draw_one(
                    key,
                    game,
                    templates,
                    folder,
                    face,
                    side,
                    bleed,
                    options.ink_saver,
                    sizes,
                    options.lang,
                )
                cache.put(cached)
                report.drawn += 1
            elif key not in by_key:
                report.reused += 1
            if key not in by_key:
                report.keys.append(key)
            by_key[key] = cached
            found[name] = cached
    return found


def _sheets(
    game: Game,
    templates: Templates,
    folder: Path,
    options: KitOptions,
    faces: list[Face],
    keys: dict[str, str],
    report: CachedReport,
    stamp: str,
) -> tuple[bytes, list[Placement]]:
    """The kit's pages without faces, and where each face goes."""
    buffer = io.BytesIO()
    canvas = kit_canvas(buffer, game, options, stamp_line=stamp)
    context = face_context(canvas, game, templates, folder, options.ink_saver, options.lang)
    recorder = _Recorder(canvas, keys, context=context, options=options, stamp_line=stamp)
    for page in recorder.pages(faces):
        report.kit.faces += recorder.place(page)
    report.kit.pages = canvas.getPageNumber() - 1
    canvas.save()
    return buffer.getvalue(), recorder.placements


class FaceBook:
    """Every face met so far as a form of one MuPDF document, kept by a watching process.

    A face is drawn into the book once (a scratch page shows it, which makes the form);
    each kit then copies the book's pages in after its sheets, points its placements at the
    copied forms and drops the copied pages, so nothing is parsed or grafted twice.
    """

    def __init__(self) -> None:
        self.document = pymupdf.open()
        self.pages: dict[str, int] = {}  # face key -> its page in the book
        self.names: dict[str, str] = {}  # face key -> the form's name in that page

    def add(self, key: str, pdf: bytes) -> None:
        if key in self.pages:
            return
        with pymupdf.open(stream=pdf, filetype="pdf") as source:
            rect = source[0].rect
            page = self.document.new_page(width=rect.width, height=rect.height)
            page.show_pdf_page(page.rect, source, 0)
        self.pages[key] = page.number
        self.names[key] = page.get_xobjects()[0][1]  # the one form show_pdf_page made

    def trim(self, keep: set[str]) -> None:
        """Start again from the faces still used, once the book holds many stale ones."""
        if len(self.pages) > 2 * len(keep) + 50:
            self.document.close()
            self.document, self.pages, self.names = pymupdf.open(), {}, {}


def _place_faces(
    skeleton: bytes,
    placements: list[Placement],
    drawn: dict[str, CachedFace],
    path: Path,
    book: FaceBook,
) -> None:
    """Each placement is `q clip cm /form Do Q`, put under the marks of its sheet."""
    by_key = {face.key: face for face in drawn.values()}
    book.trim(set(by_key))
    for placement in placements:
        book.add(placement.key, by_key[placement.key].pdf)
    with pymupdf.open(stream=skeleton, filetype="pdf") as kit:
        sheets = len(kit)
        kit.insert_pdf(book.document)
        forms: dict[str, str] = {}
        for key in by_key:
            if key in book.pages:
                page_xref = kit[sheets + book.pages[key]].xref
                form = f"Resources/XObject/{book.names[key]}"
                forms[key] = kit.xref_get_key(page_xref, form)[1]  # "12 0 R"
        by_page: dict[int, list[Placement]] = {}
        for placement in placements:
            by_page.setdefault(placement.page, []).append(placement)
        for number, here in by_page.items():
            page = kit[number]
            names: dict[str, str] = {}
            operations = []
            for placement in here:
                name = names.setdefault(placement.key, f"SPface{len(names)}")
                left, bottom, right, top = placement.clip
                matrix = " ".join(f"{value:.4f}" for value in placement.matrix)
                operations.append(
                    f"q {left:.4f} {bottom:.4f} {right - left:.4f} {top - bottom:.4f} re W n "
                    f"{matrix} cm /{name} Do Q"
                )
            for key, name in names.items():
                kit.xref_set_key(page.xref, f"Resources/XObject/{name}", forms[key])
            stream = kit.get_new_xref()
            kit.update_object(stream, "<<>>")
            kit.update_stream(stream, "\n".join(operations).encode())
            contents = " ".join(f"{xref} 0 R" for xref in [stream, *page.get_contents()])
            kit.xref_set_key(page.xref, "Contents", f"[{contents}]")
        kit.delete_pages(from_page=sheets, to_page=len(kit) - 1)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.part")
        try:
            kit.save(str(temporary), garbage=1)
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
