"""Draw one face of a card: its layout's boxes filled with the card's fields.

Coordinates in layouts run from the top-left corner of the trim, y downwards; here they
become PDF points with the origin at the bottom-left corner of the face's bleed area.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from starpress.core.errors import InputError
from starpress.core.model import BoardMap, Card, FieldValue, Game
from starpress.core.text import Text
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face as font_face
from starpress.pdf.icons import IconForms
from starpress.pdf.units import MM, to_points
from starpress.pnp import boardbox, images, textfit
from starpress.pnp.boxes import BOARD_TYPES, FIELD_RE, HEX_RE, Box
from starpress.pnp.layout import ResolvedLayout, Templates

MARKS = Path(__file__).with_name("marks.yaml")


@cache
def prototype_mark(lang: str) -> str:
    """The tag on a prototype card in a kit's language (`marks.yaml`; English if unlisted)."""
    words: dict[str, str] = yaml.safe_load(MARKS.read_text("utf-8"))["prototype"]
    return words.get(lang, words["en"])


_HEX_RE = re.compile(r"^#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


@dataclass(frozen=True)
class FaceSize:
    """A face's trim size and bleed, in points."""

    width: float
    height: float
    bleed: float

    @property
    def outer_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def outer_height(self) -> float:
        return self.height + 2 * self.bleed


DeckSizes = dict[tuple[str, str], dict[str, float]]
"""(component, layout) -> text box -> the size its text takes on every card of the deck."""


@dataclass
class FaceContext:
    """What drawing a face needs besides the card: the canvas, icons, colours, titles.

    The game is already in the kit's language (`starpress.core.i18n.localize`); `fallbacks`
    collects the ids of the printed texts that had no translation.
    """

    canvas: Canvas
    icons: IconForms
    templates: Templates
    game_id: str
    titles: dict[str, Text]
    folder: Path  # the game's content folder: image paths are relative to it
    ink_saver: bool = False
    overflow: list[str] = field(default_factory=list)
    fallbacks: set[str] = field(default_factory=set)
    deck_sizes: DeckSizes = field(default_factory=dict)
    marks: dict[str, str] = field(default_factory=dict)
    """Each marked card's set mark (`Game.card_marks`), printed on its front."""
    maps: list[BoardMap] = field(default_factory=list)
    """The game's maps (in the kit's language): what board boxes draw."""
    prototype: str = "PROTOTYPE"
    """The tag on a prototype card, in the kit's language (`prototype_mark`)."""
    measured: dict[tuple[str, str, bool], list[list[textfit.Word]]] = field(default_factory=dict)
    fitted: dict[tuple[str, str, bool, float, float, float, float, float], textfit.Fitted] = field(
        default_factory=dict
    )
    """Texts measured (by text, font, bold) and fitted (and by box and sizes) in this kit: a
    deck repeats its texts, and `fit_decks` fits every text once before it is drawn."""
    fit_cache: dict[tuple[str, str, bool, float, float, float, float, float], textfit.Fitted] = (
        field(default_factory=dict)
    )
    """Texts fitted by an earlier build (`pnp.fitcache`), by the same key as `fitted`."""
    fits_made: int = 0
    """Texts fitted in this kit rather than found in `fit_cache`."""
    compiled: dict[tuple[int, FaceSize], CompiledLayout] = field(default_factory=dict)
    """Each layout compiled once per face size (`compile_layout`), by the layout's id."""
    fixed_forms: list[str] = field(default_factory=list)
    """The forms holding the compiled layouts' fixed shapes, in the order drawn."""
    values: dict[tuple[str, str], Values] = field(default_factory=dict)
    """Each side's fields as strings, by card id and side: worked out once per kit."""
    frames: dict[tuple[int, FaceSize], tuple[Box, Frame]] = field(default_factory=dict)
    """Each text box's frame for a face size, by the box's id, while decks are fitted."""


def face_context(
    canvas: Canvas,
    game: Game,
    templates: Templates,
    folder: Path,
    ink_saver: bool = False,
    lang: str = "en",
) -> FaceContext:
    """The context to draw a game's faces (in `lang`) on a canvas; icons and images come
    from `folder`."""
    icons = IconForms(canvas, {icon.id: folder / icon.file for icon in game.icons}, folder)
    context = FaceContext(canvas, icons, templates, game.id, game.ids(), folder, ink_saver)
    context.marks = game.card_marks()
    context.maps = list(game.maps)
    context.prototype = prototype_mark(lang)
    return context


class DrawError(InputError):
    """A card that cannot be drawn as its layout asks (e.g. an unknown colour), located at
    the layout's box."""


class _BoxRefused(ValueError):
    """A value of one box that cannot be drawn; `draw_face` locates it."""


@dataclass(frozen=True)
class Values:
    """A face's fields as lists of strings: `shown` in the kit's language, `raw` as written.

    Texts use `shown`; colours and icon ids use `raw`, so a translation can never turn a
    colour key like `red` into a word the layout does not know.
    """

    shown: dict[str, list[str]]
    raw: dict[str, list[str]]
    card: Card | None = None
    """The card they were read from (a kit's values are kept by card id and side)."""


Frame = tuple[float, float, float, float]
"""A box's x, y (from the trim's top-left corner), width and height, in points."""


@dataclass(frozen=True)
class CompiledLayout:
    """A layout compiled for one face size: its steps in drawing order, each a run of fixed
    shapes (`Fixed`) or a box that depends on the card (a slot) with its frame worked out
    once."""

    layout: ResolvedLayout
    steps: tuple[Fixed | tuple[Box, Frame], ...]


@dataclass
class Fixed:
    """A run of fixed shapes with their frames, how many faces drawn straight on their
    pages drew it themselves, and the form that holds it once `SHARE_AFTER` of them have."""

    boxes: tuple[tuple[Box, Frame], ...]
    drawn: int = 0
    form: str | None = None


SHARE_AFTER = 16
"""Faces drawn straight on their pages that draw a run of fixed shapes themselves before
it becomes a form: a form costs an object and a resource entry (about 300 bytes), worth it
only for a run many faces share (kits of many layouts with a few cards each stay as small)."""


_SHAPES = ("rect", "ellipse", "line", "hexagon")


def _fixed_shape(ctx: FaceContext, box: Box) -> bool:
    """Whether a box draws the same on every face: a shape whose colours name no field,
    drawn on every card, that sets every colour it paints with (a line sets its stroke)."""
    if box.type not in _SHAPES or box.when is not None:
        return False
    if any(value is not None and "{" in value for value in (box.fill, box.stroke)):
        return False
    if box.type == "line" and box.stroke in (None, "none"):
        return False
    try:
        _color(ctx, box.fill, _NO_VALUES)
        _color(ctx, box.stroke, _NO_VALUES)
    except _BoxRefused:
        return False  # drawn with the card, so the card's own line reports it
    return True


_NO_VALUES = Values({}, {})


def compile_layout(ctx: FaceContext, layout: ResolvedLayout, size: FaceSize) -> CompiledLayout:
    """The layout for faces of this size, compiled once per kit (`ctx.compiled`).

    Each run of fixed shapes (background, frame, badge) becomes one form, drawn with the
    graphics state a face starts from; the boxes between runs keep their order, so the
    page looks exactly as when every box was drawn on every face. A layout with a line
    that takes its colour from the drawing before it (no stroke of its own) is not split
    into forms: a form leaves the graphics state as it found it.
    """
    key = (id(layout), size)
    found = ctx.compiled.get(key)
    if found is not None and found.layout is layout:
        return found
    fixed = [_fixed_shape(ctx, box) for box in layout.boxes]
    inherits = any(box.type == "line" and box.stroke in (None, "none") for box in layout.boxes)
    steps: list[Fixed | tuple[Box, Frame]] = []
    run: list[tuple[Box, Frame]] = []
    for box, is_fixed in zip(layout.boxes, fixed, strict=True):
        if is_fixed and not inherits:
            run.append((box, _frame(box, size)))
            continue
        if run:
            steps.append(Fixed(tuple(run)))
            run = []
        steps.append((box, _frame(box, size)))
    if run:
        steps.append(Fixed(tuple(run)))
    compiled = CompiledLayout(layout, tuple(steps))
    ctx.compiled[key] = compiled
    return compiled


def _fixed_form(ctx: FaceContext, fixed: Fixed, size: FaceSize) -> str:
    """The form holding a run of fixed shapes on the face's bleed area, drawn the first
    time it is placed."""
    if fixed.form is not None:
        return fixed.form
    name = f"fixed-{len(ctx.fixed_forms)}"
    ctx.fixed_forms.append(name)
    canvas = ctx.canvas
    canvas.beginForm(name, 0, 0, size.outer_width, size.outer_height)
    _fixed_shapes(ctx, fixed, size)
    canvas.endForm()
    fixed.form = name
    return name


def _fixed_shapes(ctx: FaceContext, fixed: Fixed, size: FaceSize) -> None:
    for box, frame in fixed.boxes:
        _draw_box(ctx, box, _NO_VALUES, size, "", None, frame)


def draw_face(
    ctx: FaceContext,
    layout: ResolvedLayout,
    card: Card,
    side: str,
    size: FaceSize,
    *,
    shared: bool = False,
) -> None:
    """Draw one face with the origin at the bottom-left corner of its bleed area: its
    layout's fixed shapes, then its slots filled with the card's fields. `shared`: a face
    drawn straight on its page, whose runs of fixed shapes are placed from one form each
    once `SHARE_AFTER` such faces drew them; a face drawn into a form of its own draws
    them itself (a form inside it would add a resource dictionary and save nothing)."""
    values = _values(ctx, card, side)
    deck = ctx.deck_sizes.get((card.component, layout.name), {})
    for step in compile_layout(ctx, layout, size).steps:
        if isinstance(step, Fixed):
            if shared and step.drawn >= SHARE_AFTER:
                ctx.canvas.doForm(_fixed_form(ctx, step, size))
            else:
                if shared:
                    step.drawn += 1
                _fixed_shapes(ctx, step, size)
            continue
        box, frame = step
        if box.when is not None and not "".join(values.shown.get(box.when, [])):
            continue
        try:
            if box.type in BOARD_TYPES:
                _draw_board_box(ctx, box, values, size, card.id, layout.boxes)
            else:
                _draw_box(ctx, box, values, size, card.id, deck.get(box.name), frame)
        except (_BoxRefused, images.ImageRefused) as error:
            line, col = ctx.templates.position(layout.name, box.name)
            message = f"{card.id}: box '{box.name}': {error}"
            raise DrawError(ctx.templates.path, message, line, col) from None
    if card.provenance == "prototype" and side == "front":
        _prototype_mark(ctx, layout, size)
    if card.id in ctx.marks and side == "front":
        _set_mark(ctx, layout, size, ctx.marks[card.id])


def fit_decks(
    ctx: FaceContext, sides: Iterable[tuple[Card, ResolvedLayout, str, FaceSize]]
) -> None:
    """Give each text box one size across its deck (`ctx.deck_sizes`): the largest at which
    its text fits on every card of the component, so sizes do not jump from card to card.
    A card whose text fits at no size is left out of its deck's choice."""
    for card, layout, side, size in sides:
        values = _values(ctx, card, side)
        deck = ctx.deck_sizes.setdefault((card.component, layout.name), {})
        for box in layout.boxes:
            if box.type != "text" or box.text is None:
                continue
            if box.when is not None and not "".join(values.shown.get(box.when, [])):
                continue
            text = _substitute(box.text, values.shown, "\n" if box.join == "line" else " ")
            if not text:
                continue
            known = ctx.frames.get((id(box), size))
            if known is None or known[0] is not box:
                known = ctx.frames[(id(box), size)] = (box, _frame(box, size))
            _x, _y, w, h = known[1]
            if box.rotate in (90, 270):
                w, h = h, w
            fitted = _fit(ctx, box, text, w, h, deck.get(box.name))
            if not fitted.overflow:
                deck[box.name] = fitted.size


def _values(ctx: FaceContext, card: Card, side: str) -> Values:
    key = (card.id, side)
    found = ctx.values.get(key)
    if found is None or found.card is not card:
        found = ctx.values[key] = _card_values(ctx, card, side)
    return found


def _card_values(ctx: FaceContext, card: Card, side: str) -> Values:
    fields: dict[str, FieldValue] = dict(card.back or {}) if side == "back" else dict(card.fields)
    component = ctx.titles.get(card.component, Text(""))
    fields.setdefault("name", card.name or Text(""))
    fields.setdefault("component", component)
    shown: dict[str, list[str]] = {}
    raw: dict[str, list[str]] = {}
    for key, value in fields.items():
        items = value if isinstance(value, list) else [value]
        texts = [item for item in items if isinstance(item, Text)]
        ctx.fallbacks.update(text.id for text in texts if text.fallback)
        shown[key] = [_shown(item) for item in items]
        raw[key] = [item.source if isinstance(item, Text) else _shown(item) for item in items]
    for key, plain in {"id": card.id, "count": str(card.count)}.items():
        shown.setdefault(key, [plain])
        raw.setdefault(key, [plain])
    return Values(shown, raw, card)


def _shown(value: Text | int | float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _substitute(template: str, fields: dict[str, list[str]], separator: str = " ") -> str | None:
    """The template with `{field}` (items joined) and `{field.N}` (item N) filled in.

    None when a field it names is missing or empty: the box is then not drawn.
    """
    missing = False
    filled: list[str] = []
    for part in _template(template):
        if isinstance(part, str):
            filled.append(part)
            continue
        name, index = part
        items = fields.get(name, [])
        if index is not None:
            value = items[index] if index < len(items) else ""
        else:
            value = separator.join(items)
        missing = missing or not value
        filled.append(value)
    return None if missing else "".join(filled)


@cache
def _template(template: str) -> tuple[str | tuple[str, int | None], ...]:
    """A template split once into its text and its fields (`FIELD_RE`: a name, and an item
    number or None), in order: every face fills the same few templates again."""
    parts: list[str | tuple[str, int | None]] = []
    last = 0
    for match in FIELD_RE.finditer(template):
        parts.append(template[last : match.start()])
        item = match.group(2)
        parts.append((match.group(1), int(item) if item is not None else None))
        last = match.end()
    parts.append(template[last:])
    return tuple(parts)


def _frame(box: Box, size: FaceSize) -> tuple[float, float, float, float]:
    """A box's x, y (from the trim's top-left corner), width and height, in points."""
    x = _length(box.x or 0, size.width)
    y = _length(box.y or 0, size.height)
    w = _length(box.w if box.w is not None else "100%", size.width)
    h = _length(box.h if box.h is not None else "100%", size.height)
    if box.full_bleed:
        x, y, w, h = _bleed_out(x, y, w, h, size)
    return x, y, w, h


def _draw_board_box(
    ctx: FaceContext,
    box: Box,
    values: Values,
    size: FaceSize,
    card_id: str,
    boxes: tuple[Box, ...],
) -> None:
    """A hex or square grid, spots, a track or a legend: the marks `pnp.boardbox` makes of
    it, each plain box drawn as `_draw_box` draws a box of the layout."""
    width, height = size.width / MM, size.height / MM
    for mark in boardbox.expand(box, width, height, ctx.maps, ctx.titles, boxes):
        if isinstance(mark, boardbox.Shape):
            _polygon(ctx, mark, values, size)
        else:
            _draw_box(ctx, mark, values, size, card_id)


def _polygon(ctx: FaceContext, shape: boardbox.Shape, values: Values, size: FaceSize) -> None:
    """A closed polygon, or separate segments (pairs of points), from mm on the face."""
    fill = _color(ctx, shape.fill, values)
    stroke = _color(ctx, shape.stroke, values)
    if ctx.ink_saver and fill is not None and stroke is None:
        fill, stroke = None, HexColor("#b0b0b0")
    if fill is None and stroke is None:
        return
    canvas = ctx.canvas

    def point(x: float, y: float) -> tuple[float, float]:
        return size.bleed + x * MM, size.bleed + size.height - y * MM

    path = canvas.beginPath()
    if shape.closed:
        path.moveTo(*point(*shape.points[0]))
        for x, y in shape.points[1:]:
            path.lineTo(*point(x, y))
        path.close()
    else:
        for start, end in zip(shape.points[0::2], shape.points[1::2], strict=False):
            path.moveTo(*point(*start))
            path.lineTo(*point(*end))
    canvas.saveState()
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(shape.stroke_width if shape.stroke_width is not None else 0.75)
        canvas.setLineJoin(1)
        canvas.setLineCap(1)
    if shape.dash:
        canvas.setDash(list(shape.dash))
    canvas.drawPath(
        path, fill=int(fill is not None and shape.closed), stroke=int(stroke is not None)
    )
    canvas.restoreState()


def _draw_box(
    ctx: FaceContext,
    box: Box,
    values: Values,
    size: FaceSize,
    card_id: str,
    deck_size: float | None = None,
    frame: Frame | None = None,
) -> None:
    canvas = ctx.canvas
    x, y, w, h = frame or _frame(box, size)
    left = size.bleed + x
    bottom = size.bleed + size.height - y - h
    fill = _color(ctx, box.fill, values)
    stroke = _color(ctx, box.stroke, values)
    if ctx.ink_saver and box.full_bleed:
        fill, stroke = None, HexColor("#b0b0b0")
    # only rotation and dashes outlive a box; colours and widths are set before each use
    isolated = bool(box.rotate or box.dash)
    if isolated:
        canvas.saveState()
    if box.rotate:
        canvas.translate(left + w / 2, bottom + h / 2)
        canvas.rotate(box.rotate)
        if box.rotate in (90, 270):
            w, h = h, w
        left, bottom = -w / 2, -h / 2
    if box.type in ("rect", "ellipse", "line", "hexagon"):
        _shape(canvas, box, left, bottom, w, h, fill, stroke, size)
    elif box.type == "icon" and box.icon is not None:
        icon = _substitute(box.icon, values.raw)
        if icon:
            _known_icon(ctx, icon.strip(":"))
            side = min(w, h)
            ctx.icons.draw(icon.strip(":"), left + (w - side) / 2, bottom + (h - side) / 2, side)
    elif box.type == "image" and box.image is not None:
        image = _substitute(box.image, values.raw)
        if image:
            _image(ctx, image, left, bottom, w, h)
    elif box.type == "text" and box.text is not None:
        text = _substitute(box.text, values.shown, "\n" if box.join == "line" else " ")
        if text:
            ink = _color(ctx, box.color or ctx.templates.defaults.color, values)
            _text(ctx, box, text, (left, bottom, w, h), fill, ink, card_id, deck_size)
    if isolated:
        canvas.restoreState()


def _shape(
    canvas: Canvas,
    box: Box,
    left: float,
    bottom: float,
    w: float,
    h: float,
    fill: Color | None,
    stroke: Color | None,
    size: FaceSize,
) -> None:
    if fill is None and stroke is None:
        return
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(box.stroke_width if box.stroke_width is not None else 0.75)
    if box.dash:
        canvas.setDash(box.dash)
    paint = {"fill": int(fill is not None), "stroke": int(stroke is not None)}
    if box.type == "ellipse":
        canvas.ellipse(left, bottom, left + w, bottom + h, **paint)
    elif box.type == "hexagon":
        _hexagon(canvas, box, left, bottom, w, h, paint)
    elif box.type == "line":
        canvas.line(left, bottom + h, left + w, bottom)
    elif box.radius:
        radius = to_points(box.radius, min(size.width, size.height))
        canvas.roundRect(left, bottom, w, h, radius, **paint)
    else:
        canvas.rect(left, bottom, w, h, **paint)


def _hexagon(
    canvas: Canvas, box: Box, left: float, bottom: float, w: float, h: float, paint: dict[str, int]
) -> None:
    """The largest regular hexagon in the box, pointy (corners up and down) or flat."""
    pointy = (box.orientation or "pointy") == "pointy"
    cx, cy = left + w / 2, bottom + h / 2
    radius = min(h / 2, w / math.sqrt(3)) if pointy else min(w / 2, h / math.sqrt(3))
    start = 30.0 if pointy else 0.0
    path = canvas.beginPath()
    for side in range(6):
        angle = math.radians(start + 60 * side)
        x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if side == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()
    canvas.drawPath(path, **paint)


def _image(ctx: FaceContext, image: str, left: float, bottom: float, w: float, h: float) -> None:
    """A raster picture fitted in the box, centred, aspect kept (stored once per PDF).

    Its path stays inside the game's folder and the file is checked before reportlab
    reads it (`pnp/images.py`)."""
    path = images.checked(images.inside(ctx.folder, image))
    ctx.canvas.drawImage(
        str(path), left, bottom, w, h, preserveAspectRatio=True, anchor="c", mask="auto"
    )


def _fit(
    ctx: FaceContext, box: Box, text: str, w: float, h: float, deck_size: float | None
) -> textfit.Fitted:
    """The box's text fitted, starting from the deck's size when it has one."""
    defaults = ctx.templates.defaults
    family = box.font or defaults.font
    max_size = min(box.size or defaults.size, deck_size or math.inf)
    min_size = min(box.min_size or defaults.min_size, max_size)
    leading = box.leading or defaults.leading
    words = (text, family, bool(box.bold))
    key = (*words, w, h, max_size, min_size, leading)
    found = ctx.fitted.get(key)
    if found is None:
        found = ctx.fit_cache.get(key)
    if found is None:
        if words not in ctx.measured:
            ctx.measured[words] = textfit.measure(*words, ctx.game_id, ctx.titles)
        found = textfit.fit(ctx.measured[words], w, h, max_size, min_size, leading, family)
        ctx.fits_made += 1
    ctx.fitted[key] = found
    return found


def _text(
    ctx: FaceContext,
    box: Box,
    text: str,
    frame: tuple[float, float, float, float],
    fill: Color | None,
    color: Color | None,
    card_id: str,
    deck_size: float | None,
) -> None:
    left, bottom, w, h = frame
    fitted = _fit(ctx, box, text, w, h, deck_size)
    if fitted.overflow:
        ctx.overflow.append(
            f"{card_id}: box '{box.name}' (text needs more than {fitted.size:g} pt)"
        )
    top = bottom + h
    valign = box.valign or "top"
    if valign != "top":
        spare = h - fitted.height
        top -= spare / 2 if valign == "middle" else spare
    canvas = ctx.canvas
    if fill is not None:
        canvas.setFillColor(fill)
        canvas.rect(left, bottom, w, h, fill=1, stroke=0)

    # one text object for the whole box: far cheaper than a drawString per word
    writer = canvas.begin_text_once() if isinstance(canvas, KitCanvas) else canvas.beginText()
    writer.setFillColor(color or _hex("#000000"))
    current: list[object] = [None, None]

    def draw_text(piece: str, font: str, size: float, x: float, baseline: float) -> None:
        if current != [font, size]:
            writer.setFont(font, size)
            current[:] = [font, size]
        writer.setTextOrigin(x, baseline)
        writer.textOut(piece)

    icons: list[tuple[str, float, float, float]] = []
    textfit.draw_lines(
        fitted, left, top, w, box.align or "left", draw_text, lambda *icon: icons.append(icon)
    )
    canvas.drawText(writer)
    for icon_id, x, y, side in icons:
        _known_icon(ctx, icon_id)
        ctx.icons.draw(icon_id, x, y, side)


def _known_icon(ctx: FaceContext, icon_id: str) -> None:
    if icon_id not in ctx.icons.files:
        raise _BoxRefused(f"unknown icon ':{icon_id}:'")


def _length(value: float | str, reference: float) -> float:
    """A layout length in points; a negative one counts back from the far edge."""
    points = to_points(value, reference)
    return points + reference if points < 0 else points


def _bleed_out(
    x: float, y: float, w: float, h: float, size: FaceSize
) -> tuple[float, float, float, float]:
    """Extend a box into the bleed on every side where it reaches the trim edge."""
    edge = 0.01
    left = size.bleed if x <= edge else 0.0
    top = size.bleed if y <= edge else 0.0
    right = size.bleed if x + w >= size.width - edge else 0.0
    bottom = size.bleed if y + h >= size.height - edge else 0.0
    return x - left, y - top, w + left + right, h + top + bottom


def _prototype_mark(ctx: FaceContext, layout: ResolvedLayout, size: FaceSize) -> None:
    """A small PROTOTYPE tag (in the kit's language) inside the safe zone, bottom centre:
    the values are ours."""
    canvas = ctx.canvas
    safe = to_points(layout.safe, min(size.width, size.height))
    font, font_size = font_face("DejaVuSans", bold=True), max(4.0, min(5.5, size.width / 14))
    text_width = canvas.stringWidth(ctx.prototype, font, font_size)
    x = size.bleed + (size.width - text_width) / 2
    y = size.bleed + safe * 0.6
    if layout.shape == "round":
        y = size.bleed + size.height * 0.12
    canvas.saveState()
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setStrokeColor(HexColor("#c0392b"))
    canvas.setLineWidth(0.4)
    pad = font_size * 0.35
    canvas.roundRect(x - pad, y - pad, text_width + 2 * pad, font_size + pad, pad, fill=1, stroke=1)
    canvas.setFillColor(HexColor("#c0392b"))
    canvas.setFont(font, font_size)
    canvas.drawString(x, y, ctx.prototype)
    canvas.restoreState()


def _set_mark(ctx: FaceContext, layout: ResolvedLayout, size: FaceSize, mark: str) -> None:
    """The card's set mark (`B 12/40`), small, in the bottom-right corner of the safe zone:
    what a bot asks for at the table (README: card marks)."""
    canvas = ctx.canvas
    safe = to_points(layout.safe, min(size.width, size.height))
    font, font_size = font_face("DejaVuSans", bold=True), max(4.5, min(6.0, size.width / 13))
    text_width = canvas.stringWidth(mark, font, font_size)
    x = size.bleed + size.width - safe - text_width
    y = size.bleed + safe * 0.6
    if layout.shape == "round":
        x = size.bleed + (size.width - text_width) / 2
        y = size.bleed + size.height * 0.82
    pad = font_size * 0.3
    canvas.saveState()
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.setStrokeColor(HexColor("#333333"))
    canvas.setLineWidth(0.3)
    canvas.roundRect(x - pad, y - pad, text_width + 2 * pad, font_size + pad, pad, fill=1, stroke=1)
    canvas.setFillColor(HexColor("#222222"))
    canvas.setFont(font, font_size)
    canvas.drawString(x, y, mark)
    canvas.restoreState()


def _color(ctx: FaceContext, value: str | None, values: Values) -> Color | None:
    """A colour from a name in `colors`, a #rrggbb value, or a field holding either."""
    if value is None or value == "none":
        return None
    resolved = _substitute(value, values.raw) if "{" in value else value
    if not resolved:
        return None
    resolved = ctx.templates.colors.get(resolved, resolved)
    if not HEX_RE.match(resolved):
        raise _BoxRefused(f"unknown colour {resolved!r} (not in the layout's colors, not #rrggbb)")
    return _hex(resolved)


@cache
def _hex(value: str) -> Color:
    """A #rrggbb colour, made once per process (drawing never changes a colour object)."""
    return HexColor(value)
