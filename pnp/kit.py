"""A kit's options, records and canvas: what is printed (`KitOptions`), the faces a game
prints and how each is named and turned on a sheet, what a build reports, and the PDF canvas
with its paper and metadata. Placing the faces on sheets is `pnp.kitbuilder`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Literal

from starpress.core.model import Card, Game, size_mm
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.cmyk import as_cmyk
from starpress.pdf.units import MM
from starpress.pnp import cut, impose, marks
from starpress.pnp.faces import FaceContext, FaceSize, fit_decks
from starpress.pnp.layout import ResolvedLayout, Templates
from starpress.pnp.paper import paper_size
from starpress.pnp.presets import PRESETS

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
    only: tuple[str, ...] = ()  # card ids: print these, each once, instead of the whole kit
    scale: tuple[float, float] = (100.0, 100.0)
    """Percent across and along the page: a printer profile's correction of its printer's
    scale, applied to every page about its centre."""
    cut: bool = False
    """Sheets for a cutting machine: registration marks printed, cut paths recorded."""

    @property
    def suffix(self) -> str:
        """What tells this kit's file from the canonical one: every option that changes
        the output and is not at its default, so only the canonical kit (the one the site
        publishes) has the bare name `<game>-<lang>-<paper>.pdf`."""
        default = KitOptions(lang=self.lang, paper=self.paper)
        dx, dy = self.back_offset
        sx, sy = self.scale
        parts = (
            (f"-marks-{self.marks}", self.marks != default.marks),
            (f"-bleed{self.bleed:g}mm", self.bleed != default.bleed),
            (f"-bleed-{self.bleed_mode}", self.bleed_mode != default.bleed_mode),
            (f"-duplex-{self.duplex}", self.duplex != default.duplex),
            (f"-offset{dx:+g}x{dy:+g}mm", self.back_offset != default.back_offset),
            (f"-scale{sx:g}x{sy:g}pct", self.scale != default.scale),
            (f"-margin{self.margin:g}mm", self.margin != default.margin),
            ("-fold", self.fold),
            ("-proof", self.proof),
            ("-inksaver", self.ink_saver),
            (f"-only-{_only_name(self.only)}", bool(self.only)),
            ("-cut", self.cut),
        )
        return "".join(part for part, on in parts if on)


def _only_name(cards: tuple[str, ...]) -> str:
    """The chosen cards in a file name: their short ids, or their number and a hash."""
    short = "+".join(card.rsplit(".", 1)[-1] for card in cards)
    if len(short) <= 60:
        return short
    digest = hashlib.sha256("\n".join(cards).encode()).hexdigest()[:8]
    return f"{len(cards)}cards-{digest}"


@dataclass
class KitReport:
    path: Path
    pages: int = 0
    faces: int = 0
    overflow: list[str] = field(default_factory=list)
    fallbacks: list[str] = field(default_factory=list)  # ids of printed texts not translated
    cut_sheets: list[cut.CutSheet] = field(default_factory=list)  # with KitOptions.cut
    placed: list[Placed] = field(default_factory=list)
    """Every side of every card the kit prints, with its page: what a manifest lists."""
    manifest: Path | None = None  # with --manifest: the JSON written beside the kit


@dataclass(frozen=True)
class Placed:
    """One side of a card on one page (1-based). A sheet of a tiled card has its name
    (`B2`, a piece's `A3`); `counts` is 1 on the sheet that counts a copy (or a piece) of
    the card, 0 on the others; an assembly page shows the card whole and counts nothing."""

    page: int
    card: str
    side: str
    sheet: str = ""
    counts: int = 1
    assembly: bool = False


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
        """Which faces are cut from the same blocks of cards.

        A deck of cards has blocks of its own, so it comes out already sorted; tokens,
        tiles and aids of one size, shape and kind of back share blocks. Blocks of every
        size then share sheets (`pnp.pack`).
        """
        size = (round(self.width, 2), round(self.height, 2), self.front.shape, self.front.bleed)
        if self.deck:
            return (self.card.component, *size)
        shared_back = self.back is not None and self.card.back is None
        return (
            *size,
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


def kit_faces(game: Game, templates: Templates, options: KitOptions) -> list[Face]:
    """The faces a kit prints: every card `count` times, one of each for a proof, or with
    `only`, each chosen card once (named twice, twice)."""
    faces = printed_faces(game, templates, options.proof)
    if not options.only:
        return faces
    by_id = {face.card.id: face for face in faces}
    return [by_id[card] for card in options.only]


def fit_text_to_decks(context: FaceContext, faces: list[Face], bleed: float) -> None:
    """One size per text box across each deck (`pnp.faces.fit_decks`), for these faces."""
    unique = {face.card.id: face for face in faces}.values()
    fit_decks(
        context,
        (
            (face.card, layout, side, FaceSize(face.width, face.height, bleed))
            for face in unique
            for side, layout in (("front", face.front), ("back", face.back))
            if layout is not None
        ),
    )


def form_name(face: Face, side: Side) -> str:
    """What a side is called in the kit (its form's name, or its marked content's): a shared
    back is one drawing per component."""
    if side == "back" and face.card.back is None:
        return f"back-{face.card.component}"
    return f"{side}-{face.card.id}"


def placement(
    slot: impose.Rect, side: Side, bleed: float
) -> tuple[float, float, float, float, float, float]:
    """The matrix that puts a face's form (origin at its bleed corner) on its slot: upright,
    or turned a quarter anticlockwise (its back clockwise, so that it lands upright behind it).
    """
    if not slot.turned:
        return (1.0, 0.0, 0.0, 1.0, slot.x - bleed, slot.y - bleed)
    if side == "front":  # (u, v) -> (-v, u), then onto the slot
        return (0.0, 1.0, -1.0, 0.0, slot.right + bleed, slot.y - bleed)
    return (0.0, -1.0, 1.0, 0.0, slot.x - bleed, slot.top + bleed)  # (u, v) -> (v, -u)


def kit_canvas(
    target: str | BinaryIO,
    game: Game,
    options: KitOptions,
    colour: str = "rgb",
    stamp_line: str = "",
) -> KitCanvas:
    """A kit's canvas: its paper, PDF settings and metadata in the kit's language (the
    stamp in its keywords); with `colour="cmyk"`, every colour drawn is written as CMYK."""
    width, height = paper_size(options.paper)
    canvas = KitCanvas(
        target,
        pagesize=(width * MM, height * MM),
        invariant=1,
        lang=options.lang,
        pageCompression=1,
        enforceColorSpace=as_cmyk if colour == "cmyk" else None,
    )
    title = game.info.titles.get(options.lang, game.info.title)  # type: ignore[call-overload]
    canvas.setTitle(f"{title} – print-and-play ({options.lang}, {options.paper})")
    canvas.setAuthor("starpress")
    canvas.setSubject(f"{title}: every printed component, ready to cut")
    canvas.setCreator("starpress")
    if stamp_line:
        canvas.setKeywords(stamp_line)
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
