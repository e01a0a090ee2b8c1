"""Build one print-and-play PDF: every printed component of a game, imposed on sheets.

Each distinct face is drawn once as a Form XObject and placed as often as the box holds
it, so a kit stores every card design, back and icon a single time. The PDF is written to
a temporary file and renamed, so an interrupted build leaves no half-written kit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Literal

import yaml
from reportlab.lib.colors import HexColor

from pnp import impose, marks
from pnp.faces import DrawError, FaceContext, FaceSize, draw_face, face_context
from pnp.fonts import face as font_face
from pnp.fonts import register_fonts
from pnp.layout import ResolvedLayout, Templates
from pnp.pdfcanvas import KitCanvas
from pnp.units import MM, to_points
from starpress.atomic import atomic_path
from starpress.model import Card, Game, size_mm

PRESETS = yaml.safe_load((Path(__file__).resolve().parent / "presets.yaml").read_text())
PAPERS: dict[str, dict[str, float]] = PRESETS["papers"]
Side = Literal["front", "back"]


@dataclass(frozen=True)
class KitOptions:
    """How a kit is printed. Lengths are in mm."""

    lang: str
    paper: str = "a4"
    marks: marks.Marks = "crop"
    bleed: float = 3.0
    bleed_mode: impose.BleedMode = "shared"
    duplex: impose.Flip = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    fold: bool = False
    proof: bool = False
    ink_saver: bool = False
    margin: float = float(PRESETS["margin_mm"])

    @property
    def suffix(self) -> str:
        return "".join(
            part
            for part, on in (
                ("-fold", self.fold),
                ("-proof", self.proof),
                ("-inksaver", self.ink_saver),
            )
            if on
        )


@dataclass
class KitReport:
    path: Path
    pages: int = 0
    faces: int = 0
    overflow: list[str] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)  # ids of printed texts not translated


@dataclass(frozen=True)
class Face:
    """One card to place: its design, the layouts of its two sides and its size."""

    card: Card
    front: ResolvedLayout
    back: ResolvedLayout | None
    deck: bool  # a deck of cards (shuffled together) rather than tokens or aids
    width: float  # trim, points
    height: float

    @property
    def group(self) -> tuple[object, ...]:
        """Which faces share sheets.

        A deck of cards gets sheets of its own, so it comes out already sorted; tokens,
        tiles and aids of one size, shape and kind of back share sheets, to save paper.
        """
        if self.deck:
            return (self.card.component,)
        shared_back = self.back is not None and self.card.back is None
        return (
            round(self.width, 2),
            round(self.height, 2),
            self.front.shape,
            self.back is not None,
            shared_back and self.card.component,
        )


def kit_path(out_dir: Path, game_id: str, options: KitOptions) -> Path:
    return out_dir / f"{game_id}-{options.lang}-{options.paper}{options.suffix}.pdf"


def printed_faces(game: Game, templates: Templates, proof: bool = False) -> list[Face]:
    """Every printed card of the game, each repeated `count` times (once for a proof)."""
    faces = []
    for component in game.components:
        cards = game.cards_of(component.id)
        if not cards:
            continue
        back = templates.back(component.id)
        for card in cards:
            front = templates.front(component.id, card.layout)
            width, height = size_mm(front.size or component.size or "poker")
            face = Face(card, front, back, component.kind == "card", width * MM, height * MM)
            faces.extend([face] * (1 if proof else card.count))
    return faces


def build_kit(
    game: Game,
    templates: Templates,
    folder: Path,
    options: KitOptions,
    out_dir: Path,
    progress: Callable[[int], None] | None = None,
) -> KitReport:
    """Write the kit PDF for one game (already in the kit's language), language and paper;
    report pages, overflowing text and the printed texts that had no translation."""
    register_fonts()
    path = kit_path(out_dir, game.id, options)
    out_dir.mkdir(parents=True, exist_ok=True)
    report = KitReport(path)
    with atomic_path(path) as temporary:
        canvas = kit_canvas(str(temporary), game, options)
        context = face_context(canvas, game, templates, folder, options.ink_saver)
        builder = _Builder(canvas, context, options)
        context.icons.define_all()
        for group in _groups(printed_faces(game, templates, options.proof)):
            for placed in builder.place(group):
                report.faces += placed
                if progress:
                    progress(placed)
        report.pages = canvas.getPageNumber() - 1
        canvas.save()
    report.overflow = sorted(set(context.overflow))
    report.fallbacks = sorted(context.fallbacks)
    return report


def kit_canvas(target: str | BinaryIO, game: Game, options: KitOptions) -> KitCanvas:
    """A kit's canvas: its paper, PDF settings and metadata in the kit's language."""
    paper = PAPERS[options.paper]
    canvas = KitCanvas(
        target,
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
    # what a print dialog should do, in the file itself (read back by the site's downloads)
    canvas.setViewerPreference(
        "Duplex", DUPLEX_PREFERENCE["none" if options.fold else options.duplex]
    )
    canvas.setViewerPreference("PrintScaling", "None")  # cards at their size, never "fit"
    return canvas


DUPLEX_PREFERENCE = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "none": "Simplex",
}
"""The PDF's /ViewerPreferences /Duplex for each --duplex (a gutterfold prints one side)."""


def _groups(faces: list[Face]) -> list[list[Face]]:
    """Faces that share sheets (see Face.group), in the order they first appear."""
    groups: dict[tuple[object, ...], list[Face]] = {}
    for face in faces:
        groups.setdefault(face.group, []).append(face)
    return list(groups.values())


class _Builder:
    """Places groups of faces on pages of one canvas."""

    def __init__(self, canvas: KitCanvas, context: FaceContext, options: KitOptions) -> None:
        self.canvas = canvas
        self.context = context
        self.options = options
        self.bleed = options.bleed * MM
        self.forms: set[str] = set()

    def place(self, faces: list[Face]) -> Iterator[int]:
        """Draw the pages of one group; yields the number of faces on each front page."""
        options = self.options
        paper = PAPERS[options.paper]
        width, height = faces[0].width, faces[0].height
        label = 4 * MM if options.proof else 0.0
        gutter = 2 * self.bleed + label if options.bleed_mode == "card" or options.proof else 0.0
        margin = options.margin * MM
        if options.fold:
            sheet = impose.fold(
                paper["width"] * MM,
                paper["height"] * MM,
                width,
                height,
                margin,
                gutter,
                max(2 * self.bleed, 6 * MM),
            )
        else:
            sheet = impose.grid(
                paper["width"] * MM, paper["height"] * MM, width, height, margin, gutter
            )
        if sheet.capacity == 0:
            raise DrawError(
                self.context.templates.path,
                f"{faces[0].card.component}: a {width / MM:.1f} x {height / MM:.1f} mm"
                f" card does not fit on {options.paper}",
            )
        with_backs = faces[0].back is not None and not options.proof
        for start in range(0, len(faces), sheet.capacity):
            chunk = faces[start : start + sheet.capacity]
            slots = sheet.slots[: len(chunk)]
            self._page_size(sheet)
            for face, slot in zip(chunk, slots, strict=True):
                self._place(face, "front", slot, sheet)
            if options.fold and with_backs:
                backs = sheet.back_slots[: len(chunk)]
                for face, slot in zip(chunk, backs, strict=True):
                    self._place(face, "back", slot, sheet)
                assert sheet.fold is not None
                marks.draw_fold_line(self.canvas, sheet.fold)
                slots = slots + backs
            if options.proof:
                for face, slot in zip(chunk, sheet.slots, strict=False):
                    self._proof_overlay(face, slot)
            marks.draw_marks(
                self.canvas,
                slots,
                sheet.width,
                sheet.height,
                self.bleed,
                options.marks,
                faces[0].front.shape == "round",
            )
            self._boxes(slots, sheet)
            self.canvas.showPage()
            if with_backs and not options.fold and options.duplex != "none":
                self._back_page(chunk, sheet)
            yield len(chunk)

    def _back_page(self, chunk: list[Face], sheet: impose.Sheet) -> None:
        offset = (self.options.back_offset[0] * MM, self.options.back_offset[1] * MM)
        positions = impose.back_slots(sheet, self.options.duplex, offset)[: len(chunk)]
        self._page_size(sheet)
        mirror = impose.Sheet(
            sheet.width, sheet.height, sheet.columns, sheet.rows, tuple(positions)
        )
        for face, slot in zip(chunk, positions, strict=True):
            self._place(face, "back", slot, mirror)
        self._boxes(positions, sheet)
        self.canvas.showPage()

    def _page_size(self, sheet: impose.Sheet) -> None:
        self.canvas.setPageSize((sheet.width, sheet.height))

    def _boxes(
        self, slots: tuple[impose.Rect, ...] | list[impose.Rect], sheet: impose.Sheet
    ) -> None:
        """TrimBox around the cards' trims; BleedBox that plus the bleed, inside the page."""
        trim = impose.bounds(slots)
        bleed = impose.bounds(slots, self.bleed)
        self.canvas.setTrimBox((trim.x, trim.y, trim.right, trim.top))
        self.canvas.setBleedBox(
            (
                max(0.0, bleed.x),
                max(0.0, bleed.y),
                min(sheet.width, bleed.right),
                min(sheet.height, bleed.top),
            )
        )

    def _place(self, face: Face, side: Side, slot: impose.Rect, sheet: impose.Sheet) -> None:
        name = self._form(face, side)
        bleed = self.bleed
        if self.options.bleed_mode == "shared" and not self.options.proof:
            left, bottom, right, top = (
                bleed if outside else 0.0 for outside in impose.outside_edges(sheet, slot)
            )
        else:
            left = bottom = right = top = bleed
        canvas = self.canvas
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(
            slot.x - left, slot.y - bottom, slot.width + left + right, slot.height + bottom + top
        )
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(slot.x - bleed, slot.y - bleed)
        canvas.doForm(name)
        canvas.restoreState()

    def _form(self, face: Face, side: Side) -> str:
        """The form holding this face, drawn the first time it is needed."""
        card = face.card
        shared_back = side == "back" and card.back is None
        name = f"back-{card.component}" if shared_back else f"{side}-{card.id}"
        if name in self.forms:
            return name
        layout = face.front if side == "front" else face.back
        assert layout is not None
        size = FaceSize(face.width, face.height, self.bleed)
        self.canvas.beginForm(name, 0, 0, size.outer_width, size.outer_height)
        draw_face(self.context, layout, card, side, size)
        self.canvas.endForm()
        self.forms.add(name)
        return name

    def _proof_overlay(self, face: Face, slot: impose.Rect) -> None:
        """Bleed (blue), trim (red) and safe zone (green, dashed) outlines, and the card id."""
        canvas = self.canvas
        bleed = self.bleed
        safe = to_points(face.front.safe, min(face.width, face.height))
        canvas.saveState()
        canvas.setLineWidth(0.4)
        for color, inset, dash in (
            ("#1f6fd1", -bleed, None),
            ("#d11f1f", 0.0, None),
            ("#1f9d3a", safe, [2.0, 2.0]),
        ):
            canvas.setStrokeColor(HexColor(color))
            canvas.setDash(dash or [])
            if face.front.shape == "round":
                canvas.ellipse(slot.x + inset, slot.y + inset, slot.right - inset, slot.top - inset)
            else:
                canvas.rect(
                    slot.x + inset, slot.y + inset, slot.width - 2 * inset, slot.height - 2 * inset
                )
        canvas.setFillColor(HexColor("#333333"))
        canvas.setFont(font_face("DejaVuSansCondensed"), 5.5)
        canvas.drawCentredString(slot.x + slot.width / 2, slot.y - bleed - 2.6 * MM, face.card.id)
        canvas.restoreState()
