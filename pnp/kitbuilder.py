"""Build one print-and-play PDF: every printed component of a game, imposed on sheets.

Each distinct face placed more than once is drawn once as a Form XObject and placed as
often as the box holds it, so a kit stores every card design, back and icon a single time; a
face placed once is drawn straight on its page (a form costs its own object, stream and
resources for nothing there), named by marked content. The PDF is written to a temporary
file and renamed, so an interrupted build leaves no half-written kit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor

from starpress.core.atomic import atomic_path
from starpress.core.edition import Stamp
from starpress.core.model import Game
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face as font_face
from starpress.pdf.units import MM, to_points
from starpress.pnp import cut, fitcache, impose, marks, pack
from starpress.pnp.faces import DrawError, FaceContext, FaceSize, draw_face, face_context
from starpress.pnp.kit import (
    Face,
    KitOptions,
    KitReport,
    Placed,
    Side,
    fit_text_to_decks,
    form_name,
    kit_canvas,
    kit_faces,
    kit_path,
    placement,
    printed_faces,
)
from starpress.pnp.layout import ResolvedLayout, Templates
from starpress.pnp.paper import paper_size
from starpress.pnp.stamp import StampedSheet, draw_stamp


def build_kit(
    game: Game,
    templates: Templates,
    folder: Path,
    options: KitOptions,
    out_dir: Path,
    progress: Callable[[int], None] | None = None,
    stamp: Stamp | None = None,
    *,
    every_face_a_form: bool = False,
    fit_cache: Path | None = None,
) -> KitReport:
    """Write the kit PDF for one game (already in the kit's language), language and paper,
    each sheet stamped with what made it (`stamp`); report pages, overflowing text and the
    printed texts that had no translation. `every_face_a_form`: faces placed once are forms
    too (the pages look the same: the tests compare the two). `fit_cache`: the folder of
    texts fitted by earlier builds (`pnp.fitcache`), read and written again."""
    path = kit_path(out_dir, game.id, options)
    out_dir.mkdir(parents=True, exist_ok=True)
    report = KitReport(path)
    with atomic_path(path) as temporary:
        line = stamp.line if stamp else ""
        canvas = kit_canvas(str(temporary), game, options, stamp_line=line)
        context = face_context(canvas, game, templates, folder, options.ink_saver, options.lang)
        builder = _Builder(canvas, context, options, line)
        context.icons.define_all()
        fitted = None
        if fit_cache is not None:
            fitted = fitcache.cache_path(fit_cache, game.id, options.lang, context.titles)
            context.fit_cache = fitcache.load(fitted, set(context.icons.files))
        # text sizes come from the whole deck, also when only some cards are printed
        fit_text_to_decks(context, printed_faces(game, templates, True), builder.bleed)
        pages = builder.pages(kit_faces(game, templates, options))
        if not every_face_a_form:
            builder.uses = builder.count_uses(pages)
        for page in pages:
            placed = builder.place(page)
            report.faces += placed
            if progress:
                progress(placed)
        report.pages = canvas.getPageNumber() - 1
        canvas.save()
    if fitted is not None and (context.fits_made or len(context.fitted) != len(context.fit_cache)):
        fitcache.save(fitted, context.fitted)
    report.cut_sheets = builder.cut_sheets
    report.placed = builder.placed
    report.overflow = sorted(set(context.overflow))
    report.fallbacks = sorted(context.fallbacks)
    return report


def _groups(faces: list[Face]) -> list[list[Face]]:
    """Faces that share sheets (see Face.group), in the order they first appear."""
    groups: dict[tuple[object, ...], list[Face]] = {}
    for face in faces:
        groups.setdefault(face.group, []).append(face)
    return list(groups.values())


TILE_OVERLAP_MM = 12.0
"""How far the sheets of a tiled board overlap: room for the glue and alignment marks."""
BLOCK_GAP_MM = 4.0
"""Space between the bleeds of two blocks of cards on one sheet: room for their crop marks."""


@dataclass(frozen=True)
class Page:
    """One sheet of fronts: the page, each card's trim, the face lying there and the number
    of the block it is cut from (cards of one block are butted or evenly spaced)."""

    sheet: impose.Sheet
    faces: tuple[Face, ...]
    blocks: tuple[int, ...]
    tile: impose.Tile | None = None  # one sheet of a card larger than the paper
    overview: bool = False
    """The page before a tiled card's sheets: the whole card, small, with its sheets and
    pieces drawn over it and named (how to put them together)."""


class _Builder:
    """Places faces on pages of one canvas."""

    def __init__(
        self, canvas: KitCanvas, context: FaceContext, options: KitOptions, stamp_line: str = ""
    ) -> None:
        self.canvas = canvas
        self.context = context
        self.options = options
        self.stamp_line = stamp_line
        """The line on every sheet saying what made it (`pnp.stamp`); empty: none."""
        self.bleed = options.bleed * MM
        self.forms: set[str] = set()
        self.uses: dict[str, int] | None = None
        """How often each face is placed (`count_uses`): one placed once is drawn on its
        page, not as a form. None: every face a form."""
        self.cut_sheets: list[cut.CutSheet] = []
        self.clear_marks = False  # cut sheets laid out inside a margin clearing the marks
        self.placed: list[Placed] = []
        self.tile: impose.Tile | None = None  # the sheet of a tiled card being drawn

    def pages(self, faces: list[Face]) -> list[Page]:
        """Every face on sheets: packed with other sizes, or in gutterfold pairs; a card
        larger than the paper is tiled across sheets of its own. Sheets for a cutting
        machine keep these places when the registration marks stay clear of every bleed,
        else they are laid out again inside a margin that clears the marks."""
        found = self._pages(faces)
        if self.options.cut and any(self._hits_marks(page) for page in found):
            self.clear_marks = True
            found = self._pages(faces)
        return found

    def count_uses(self, pages: list[Page]) -> dict[str, int]:
        """How many times `place` draws each face (by form name) on these pages; an
        assembly page counts twice, its drawing unclipped: a form's box clips it."""
        options, uses = self.options, dict[str, int]()
        backs = not options.proof and (options.fold or options.duplex != "none")
        for page in pages:
            for face in page.faces:
                name = form_name(face, "front")
                uses[name] = uses.get(name, 0) + (2 if page.overview else 1)
                if face.back is not None and backs and not page.overview:
                    name = form_name(face, "back")
                    uses[name] = uses.get(name, 0) + 1
        return uses

    def _hits_marks(self, page: Page) -> bool:
        """Whether a card's bleed on this page comes within the clearance of a mark."""
        spec = marks.REGISTRATION
        clearance = spec.clearance_mm * MM
        sheet = page.sheet
        marked = [
            impose.bounds([rect], clearance)
            for rect in marks.registration_marks(sheet.width, sheet.height, spec)
        ]
        cards = [page.tile.window] if page.tile else list(sheet.slots[: len(page.faces)])
        bleeds = [impose.bounds([card], self.bleed) for card in cards]
        return any(
            card.x < mark.right and mark.x < card.right and card.y < mark.top and mark.y < card.top
            for card in bleeds
            for mark in marked
        )

    def _pages(self, faces: list[Face]) -> list[Page]:
        width, height = (side * MM for side in paper_size(self.options.paper))
        margin = self._margin()
        area = impose.Rect(margin, margin, width - 2 * margin, height - 2 * margin)
        groups: list[list[Face]] = []
        large: list[list[Face]] = []
        for group in _groups(faces):
            run = pack.Run(group[0].width, group[0].height, len(group), self._gutter(group[0]))
            fits = pack.capacity(run, area)[0] and group[0].card.pieces is None
            (groups if fits else large).append(group)
        tiled = [page for group in large for face in group for page in self._tiles(face)]
        if self.options.fold:
            return [page for group in groups for page in self._fold_pages(group)] + tiled
        runs = tuple(
            pack.Run(group[0].width, group[0].height, len(group), self._gutter(group[0]))
            for group in groups
        )
        pad = self.bleed + BLOCK_GAP_MM * MM / 2 + self._label()
        sheets = pack.pack(runs, width, height, margin, pad)
        packed = [
            Page(
                impose.Sheet(width, height, 0, 0, tuple(slot.rect for slot in sheet)),
                tuple(groups[slot.run][slot.index] for slot in sheet),
                tuple(slot.block for slot in sheet),
            )
            for sheet in sheets
        ]
        return packed + tiled

    def _tiles(self, face: Face) -> Iterator[Page]:
        """A card larger than the paper on several sheets that overlap by TILE_OVERLAP_MM;
        a board in pieces, each piece on sheets of its own."""
        paper_width, paper_height = paper_size(self.options.paper)
        pieces = face.card.pieces
        width, height, tiles = impose.tiles(
            paper_width * MM,
            paper_height * MM,
            face.width,
            face.height,
            self._margin() + self.bleed,
            TILE_OVERLAP_MM * MM,
            (pieces.columns, pieces.rows) if pieces is not None else None,
        )
        first = impose.Sheet(width, height, 0, 0, (tiles[0].slot,))
        yield Page(first, (face,), (0,), tiles[0], overview=True)
        for tile in tiles:
            sheet = impose.Sheet(width, height, 0, 0, (tile.slot,))
            yield Page(sheet, (face,), (0,), tile)

    def _fold_pages(self, faces: list[Face]) -> Iterator[Page]:
        paper_width, paper_height = paper_size(self.options.paper)
        sheet = impose.fold(
            paper_width * MM,
            paper_height * MM,
            faces[0].width,
            faces[0].height,
            self._margin(),
            self._gutter(faces[0]),
            max(2 * self.bleed, 6 * MM),
        )
        self._check_fits(faces[0], sheet.capacity)
        for start in range(0, len(faces), sheet.capacity):
            chunk = tuple(faces[start : start + sheet.capacity])
            yield Page(sheet, chunk, (0,) * len(chunk))

    def _margin(self) -> float:
        """How far card trims stay inside the page: the printer's margin, or for a cutting
        machine, far enough that no bleed comes near the registration marks."""
        margin = self.options.margin * MM
        if self.clear_marks:
            margin = max(margin, marks.REGISTRATION.reach + self.bleed)
        return margin

    def _label(self) -> float:
        return 4 * MM if self.options.proof else 0.0

    def _own_bleed(self, face: Face) -> bool:
        """Whether a card keeps its bleed on every side (and a gutter from its neighbours)."""
        options = self.options
        return options.bleed_mode == "card" or options.proof or face.front.bleed == "own"

    def _gutter(self, face: Face) -> float:
        return 2 * self.bleed + self._label() if self._own_bleed(face) else 0.0

    def _check_fits(self, face: Face, capacity: int) -> None:
        if capacity == 0:
            raise DrawError(
                self.context.templates.path,
                f"{face.card.component}: a {face.width / MM:.1f} x {face.height / MM:.1f} mm"
                f" card does not fit on {self.options.paper} beside its fold",
            )

    def place(self, page: Page) -> int:
        """Draw one sheet of fronts (and its backs); the number of cards on it."""
        if page.overview and page.tile is not None:
            return self._place_overview(page, page.tile)
        if page.tile is not None:
            return self._place_tile(page, page.tile)
        options = self.options
        sheet, faces = page.sheet, page.faces
        with_backs = any(face.back is not None for face in faces) and not options.proof
        slots: tuple[impose.Rect, ...] = sheet.slots[: len(faces)]
        self._begin_page(sheet)
        for face, slot in zip(faces, slots, strict=True):
            self._place(face, "front", slot, sheet)
        if options.fold and with_backs:
            backs = sheet.back_slots[: len(faces)]
            for face, slot in zip(faces, backs, strict=True):
                self._place(face, "back", slot, sheet)
            assert sheet.fold is not None
            marks.draw_fold_line(self.canvas, sheet.fold)
            slots = slots + backs
        if options.proof:
            for face, slot in zip(faces, sheet.slots, strict=False):
                self._proof_overlay(face, slot)
        self._marks(page, slots)
        if options.cut:
            self._cut_sheet(sheet, [(face, slot) for face, slot in zip(faces, slots, strict=True)])
        self._boxes(slots, sheet)
        self._end_page(sheet, slots, sheet.fold if options.fold and with_backs else None)
        if with_backs and not options.fold and options.duplex != "none":
            self._back_page(page)
        return len(faces)

    def _place_overview(self, page: Page, tile: impose.Tile) -> int:
        """The assembly page of a tiled card: the whole card drawn small in the middle of the
        page, its sheets (thin) and pieces (thick) drawn over it and named, as the sheets'
        names and the pieces' join marks call them. Nothing on it is cut: no card counts."""
        face, sheet = page.faces[0], page.sheet
        self._begin_page(sheet)
        margin = self._margin() + 12 * MM
        room_width, room_height = sheet.width - 2 * margin, sheet.height - 2 * margin
        scale = min(room_width / face.width, room_height / face.height)
        width, height = face.width * scale, face.height * scale
        left, bottom = (sheet.width - width) / 2, (sheet.height - height) / 2
        canvas = self.canvas
        canvas.saveState()
        # the form's origin is its bleed corner: shift by the bleed (scaled) to put the trim
        canvas.transform(scale, 0, 0, scale, left - self.bleed * scale, bottom - self.bleed * scale)
        canvas.doForm(self._form(face, "front"))
        canvas.restoreState()
        self.placed.append(Placed(canvas.getPageNumber(), face.card.id, "front", "", 0, True))
        area = impose.Rect(left, bottom, width, height)
        marks.draw_assembly(canvas, tile, area, face.width, face.height)
        self._boxes([area], sheet)
        self._end_page(sheet, [area])
        return 0

    def _place_tile(self, page: Page, tile: impose.Tile) -> int:
        """One sheet of a tiled card: its window with crop marks, alignment marks in the
        overlaps, its name (`B2`: second row, second column), a small map of all its sheets;
        then its back, if it has one. The card counts once, on its first sheet."""
        face, sheet, options = page.faces[0], page.sheet, self.options
        self.tile = tile
        self._begin_page(sheet)
        self._place(face, "front", tile.slot, sheet, tile.window, tile.cut)
        round_cut = face.front.shape == "round"
        marks.draw_marks(
            self.canvas,
            [tile.window],
            sheet.width,
            sheet.height,
            self.bleed,
            options.marks,
            round_cut,
        )
        marks.draw_tile_marks(self.canvas, tile, TILE_OVERLAP_MM * MM, self.bleed)
        reach = self.bleed + marks.MARK_GAP + marks.MARK_LENGTH
        marks.draw_assembly_map(self.canvas, tile, sheet.width, sheet.height, reach)
        if options.cut:
            self._cut_sheet(sheet, [(face, tile.window)], tiled=True)
        self._boxes([tile.window], sheet)
        middle = tile.window.x + tile.window.width / 2  # the sheet's name, under the window
        self._end_page(sheet, [tile.window], clear=((middle - 6 * MM, middle + 6 * MM),))
        if face.back is not None and options.duplex != "none" and not options.proof:
            offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
            mirror = impose.Sheet(
                sheet.width, sheet.height, 0, 0, (tile.slot, tile.window, tile.cut)
            )
            slot, window, part = impose.back_slots(mirror, options.duplex, offset)
            self._begin_page(sheet)
            self._place(face, "back", slot, mirror, window, part)
            self._boxes([window], sheet)
            self._end_page(sheet, [window])
        self.tile = None
        return int(tile.index == 0)

    def _marks(self, page: Page, slots: tuple[impose.Rect, ...]) -> None:
        """Each block's cutting guides, kept off the other blocks' cards."""
        blocks = page.blocks + (page.blocks[:1] * (len(slots) - len(page.blocks)))
        numbers = sorted(set(blocks))
        for number in numbers:
            own = [slot for slot, block in zip(slots, blocks, strict=True) if block == number]
            others = [
                impose.bounds(
                    [slot for slot, block in zip(slots, blocks, strict=True) if block == other],
                    self.bleed,
                )
                for other in numbers
                if other != number
            ]
            face = page.faces[blocks.index(number)]
            marks.draw_marks(
                self.canvas,
                own,
                page.sheet.width,
                page.sheet.height,
                self.bleed,
                self.options.marks,
                face.front.shape == "round",
                others,
            )

    def _back_page(self, page: Page) -> None:
        offset = (self.options.back_offset[0] * MM, self.options.back_offset[1] * MM)
        sheet = page.sheet
        positions = impose.back_slots(sheet, self.options.duplex, offset)[: len(page.faces)]
        self._begin_page(sheet)
        mirror = impose.Sheet(
            sheet.width, sheet.height, sheet.columns, sheet.rows, tuple(positions)
        )
        placed = []
        for face, slot in zip(page.faces, positions, strict=True):
            if face.back is not None:
                self._place(face, "back", slot, mirror)
                placed.append(slot)
        self._boxes(placed, sheet)
        self._end_page(sheet, placed)  # no guides on a sheet of backs: off the cards only

    def _begin_page(self, sheet: impose.Sheet) -> None:
        """A new page of the sheet's size; with a printer's scale, drawn scaled about its
        centre until `_end_page`."""
        self.canvas.setPageSize((sheet.width, sheet.height))
        matrix = self._page_matrix(sheet)
        if matrix is not None:
            self.canvas.saveState()
            self.canvas.transform(*matrix)

    def _end_page(
        self,
        sheet: impose.Sheet,
        slots: tuple[impose.Rect, ...] | list[impose.Rect],
        fold: tuple[float, float, float, float] | None = None,
        clear: tuple[tuple[float, float], ...] = (),
    ) -> None:
        """The kit's stamp on the sheet, off its cards (`slots`) and guides (`pnp.stamp`);
        then the page ends."""
        on = StampedSheet(
            sheet.width, sheet.height, slots, self.bleed, self.options.marks, fold, clear
        )
        draw_stamp(self.canvas, self.stamp_line, on)
        if self.options.scale != (100.0, 100.0):
            self.canvas.restoreState()
        self.canvas.showPage()

    def _page_matrix(self, sheet: impose.Sheet) -> impose.Matrix | None:
        """The printer profile's scale about the page centre; None at 100 %."""
        if self.options.scale == (100.0, 100.0):
            return None
        sx, sy = (percent / 100.0 for percent in self.options.scale)
        return impose.scale_about(sheet.width / 2, sheet.height / 2, sx, sy)

    def _cut_sheet(
        self, sheet: impose.Sheet, placed: list[tuple[Face, impose.Rect]], tiled: bool = False
    ) -> None:
        """Registration marks on this page, and its pieces recorded for the cut file: each
        trim (a tiled card's window), round or with its layout's corner radius."""
        marks.draw_registration(self.canvas, sheet.width, sheet.height)
        pieces = []
        for face, slot in placed:
            layout = face.front
            radius = 0.0 if tiled else to_points(layout.radius, min(face.width, face.height))
            pieces.append(
                cut.CutPiece(
                    face.card.id,
                    slot.x,
                    slot.y,
                    slot.width,
                    slot.height,
                    "rect" if tiled else layout.shape,
                    radius,
                )
            )
        page = self.canvas.getPageNumber()
        self.cut_sheets.append(cut.CutSheet(page, sheet.width, sheet.height, tuple(pieces)))

    def _boxes(
        self, slots: tuple[impose.Rect, ...] | list[impose.Rect], sheet: impose.Sheet
    ) -> None:
        """TrimBox around the cards' trims; BleedBox that plus the bleed, inside the page."""
        trim = impose.bounds(slots)
        bleed = impose.bounds(slots, self.bleed)
        matrix = self._page_matrix(sheet)
        if matrix is not None:
            trim, bleed = impose.transformed(trim, matrix), impose.transformed(bleed, matrix)
        self.canvas.setTrimBox((trim.x, trim.y, trim.right, trim.top))
        self.canvas.setBleedBox(
            (
                max(0.0, bleed.x),
                max(0.0, bleed.y),
                min(sheet.width, bleed.right),
                min(sheet.height, bleed.top),
            )
        )

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
        name = form_name(face, side)
        once = self.uses is not None and self.uses.get(name, 0) <= 1 and name not in self.forms
        if not once:
            self._form(face, side)
        clip = self._clip(face, part or slot, sheet, window)
        area = (clip.x, clip.y, clip.width, clip.height)
        canvas = self.canvas
        if not once:
            canvas.place_form(name, area, placement(slot, side, self.bleed))
            return
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(*area)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.transform(*placement(slot, side, self.bleed))
        # the clip lies inside the face's bleed area: no form box needed to clip it
        size = FaceSize(face.width, face.height, self.bleed)
        canvas.begin_face(name, size.outer_width, size.outer_height)
        layout = self._layout(face, side)
        draw_face(self.context, layout, face.card, side, size, shared=True)
        canvas.end_face()
        canvas.restoreState()

    def _note(self, face: Face, side: Side) -> None:
        """Record a side placed on the current page (for the kit's manifest)."""
        page = self.canvas.getPageNumber()
        tile = self.tile
        if tile is None:
            self.placed.append(Placed(page, face.card.id, side))
            return
        first = tile.row == tile.column == 0 if tile.piece is not None else tile.index == 0
        counts = int(first and side == "front")
        self.placed.append(Placed(page, face.card.id, side, tile.name, counts))

    def _clip(
        self, face: Face, slot: impose.Rect, sheet: impose.Sheet, window: impose.Rect | None
    ) -> impose.Rect:
        """What of a face shows on the sheet: its trim and the bleed around it (all of it on
        its own; only on the sides facing no neighbour when bleed is shared). On a sheet of
        a tiled card, the window, with bleed only where the window meets the edge of the card
        (or of its piece: `slot` is then the piece)."""
        bleed = self.bleed
        edges: tuple[bool, ...]
        if window is not None:
            edges = (
                window.x <= slot.x + 0.01,
                window.y <= slot.y + 0.01,
                window.right >= slot.right - 0.01,
                window.top >= slot.top - 0.01,
            )
            slot = window
        elif self._own_bleed(face):
            edges = (True, True, True, True)
        else:
            edges = impose.outside_edges(sheet, slot)
        left, bottom, right, top = (bleed if outside else 0.0 for outside in edges)
        return impose.Rect(
            slot.x - left, slot.y - bottom, slot.width + left + right, slot.height + bottom + top
        )

    @staticmethod
    def _layout(face: Face, side: Side) -> ResolvedLayout:
        layout = face.front if side == "front" else face.back
        assert layout is not None
        return layout

    def _form(self, face: Face, side: Side) -> str:
        """The form holding this face, drawn the first time it is needed."""
        name = form_name(face, side)
        if name in self.forms:
            return name
        size = FaceSize(face.width, face.height, self.bleed)
        self.canvas.beginForm(name, 0, 0, size.outer_width, size.outer_height)
        draw_face(self.context, self._layout(face, side), face.card, side, size)
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
