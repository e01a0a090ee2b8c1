"""A kit from cached faces: reportlab lays out the sheets, MuPDF places the drawn faces.

The sheets (page sizes, crop marks, cut lines, fold lines, proof guides, TrimBox and
BleedBox) come from the same `pnp.kit` builder as a normal kit, with each face left out and
its place recorded; MuPDF then puts each face's cached one-page PDF under the marks, clipped
exactly as the kit clips it. Only faces whose key is not in the cache are drawn, so after an
edit the kit is written again in a fraction of a full build. Used by `starpress pnp --watch`;
a normal build (`pnp.kit.build_kit`) stays byte-for-byte what it was.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

from pnp import impose
from pnp.facecache import CachedFace, FaceCache, GameDigest, draw_one, face_key, game_digest
from pnp.faces import face_context
from pnp.fonts import register_fonts
from pnp.kit import (
    PAPERS,
    Face,
    KitOptions,
    KitReport,
    Side,
    _Builder,
    _groups,
    kit_path,
    printed_faces,
)
from pnp.layout import Templates
from pnp.pdfcanvas import KitCanvas
from pnp.units import MM
from starpress.model import Game
from starpress.text import Text


@dataclass(frozen=True)
class Placement:
    """One face on one page: where its bleed area's corner goes and what of it shows."""

    page: int
    key: str
    x: float  # bottom-left corner of the face's bleed area, PDF points from the page's
    y: float
    width: float  # the face's bleed area
    height: float
    clip: tuple[float, float, float, float]  # left, bottom, right, top, in the face's points


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

    def _place(self, face: Face, side: Side, slot: impose.Rect, sheet: impose.Sheet) -> None:
        bleed = self.bleed
        if self.options.bleed_mode == "shared" and not self.options.proof:
            left, bottom, right, top = (
                bleed if outside else 0.0 for outside in impose.outside_edges(sheet, slot)
            )
        else:
            left = bottom = right = top = bleed
        width, height = face.width + 2 * bleed, face.height + 2 * bleed
        self.placements.append(
            Placement(
                self.canvas.getPageNumber() - 1,
                self.keys[_form_name(face, side)],
                slot.x - bleed,
                slot.y - bleed,
                width,
                height,
                (bleed - left, bleed - bottom, width - bleed + right, height - bleed + top),
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
) -> CachedReport:
    """Write the kit of a game (already in the kit's language) from cached faces."""
    register_fonts()
    faces = printed_faces(game, templates, options.proof)
    digest = game_digest(game, templates, folder, options.lang)
    report = CachedReport(KitReport(kit_path(out_dir, game.id, options)))
    drawn = _faces(report, cache, digest, game, templates, folder, faces, options)
    keys = {place: face.key for place, face in drawn.items()}
    skeleton, placements = _sheets(game, templates, folder, options, faces, keys, report)
    _place_faces(skeleton, placements, drawn, report.kit.path)
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
    for face in faces:
        for side in sides:
            name = _form_name(face, side)
            if name in found or (side == "back" and face.back is None):
                continue
            key = face_key(digest, titles, face, side, options.bleed * MM, options.ink_saver)
            cached = by_key.get(key) or cache.get(key)
            if cached is None:
                bleed = options.bleed * MM
                cached = draw_one(
                    key, game, templates, folder, face, side, bleed, options.ink_saver
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
) -> tuple[bytes, list[Placement]]:
    """The kit's pages without faces, and where each face goes."""
    buffer = io.BytesIO()
    paper = PAPERS[options.paper]
    canvas = KitCanvas(
        buffer,
        pagesize=(paper["width"] * MM, paper["height"] * MM),
        invariant=1,
        lang=options.lang,
        pageCompression=1,
    )
    title = game.info.titles.get(options.lang, game.info.title)  # type: ignore[call-overload]
    canvas.setTitle(f"{title} – print-and-play ({options.lang}, {options.paper})")
    canvas.setAuthor("starpress")
    canvas.setSubject(f"{title}: every printed component, ready to cut")
    canvas.setCreator("starpress")
    context = face_context(canvas, game, templates, folder, options.ink_saver)
    recorder = _Recorder(canvas, keys, context=context, options=options)
    for group in _groups(faces):
        for placed in recorder.place(group):
            report.kit.faces += placed
    report.kit.pages = canvas.getPageNumber() - 1
    canvas.save()
    return buffer.getvalue(), recorder.placements


def _place_faces(
    skeleton: bytes,
    placements: list[Placement],
    drawn: dict[str, CachedFace],
    path: Path,
) -> None:
    by_key = {face.key: face for face in drawn.values()}
    sources: dict[str, pymupdf.Document] = {}
    with pymupdf.open(stream=skeleton, filetype="pdf") as kit:
        for placement in placements:
            source = sources.get(placement.key)
            if source is None:
                source = pymupdf.open(stream=by_key[placement.key].pdf, filetype="pdf")
                sources[placement.key] = source
            page = kit[placement.page]
            page_height = page.rect.height
            left, bottom, right, top = placement.clip
            # MuPDF measures y from the top of a page
            clip = pymupdf.Rect(left, placement.height - top, right, placement.height - bottom)
            target = pymupdf.Rect(
                placement.x + left,
                page_height - (placement.y + top),
                placement.x + right,
                page_height - (placement.y + bottom),
            )
            page.show_pdf_page(target, source, 0, clip=clip, overlay=False, keep_proportion=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.part")
        try:
            kit.save(str(temporary), garbage=1, deflate=True)
            os.replace(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    for source in sources.values():
        source.close()
