"""Draw one face of a card: its layout's boxes filled with the card's fields.

Coordinates in layouts run from the top-left corner of the trim, y downwards; here they
become PDF points with the origin at the bottom-left corner of the face's bleed area.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp import textfit
from pnp.fonts import face as font_face
from pnp.icons import IconForms
from pnp.layout import FIELD_RE, Box, ResolvedLayout, Templates
from pnp.units import to_points
from starpress.model import Card, FieldValue

PROTOTYPE_MARK = "PROTOTYPE"
Translate = Callable[[str, str], str]
"""(stable id of a text, its source text) -> the text in the kit's language."""


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


@dataclass
class FaceContext:
    """What drawing a face needs besides the card: the canvas, icons, colours, language."""

    canvas: Canvas
    icons: IconForms
    templates: Templates
    game_id: str
    titles: dict[str, str]
    translate: Translate
    ink_saver: bool = False
    overflow: list[str] = field(default_factory=list)


def draw_face(
    ctx: FaceContext, layout: ResolvedLayout, card: Card, side: str, size: FaceSize
) -> None:
    """Draw one face with the origin at the bottom-left corner of its bleed area."""
    fields = _fields(card, side, ctx.translate)
    component = ctx.titles.get(card.component, "")
    fields.setdefault("component", ctx.translate(f"{card.component}.name", component))
    for box in layout.boxes:
        if box.when is not None and not fields.get(box.when):
            continue
        _draw_box(ctx, box, fields, size, card.id)
    if card.provenance == "prototype" and side == "front":
        _prototype_mark(ctx, layout, size)


def _fields(card: Card, side: str, translate: Translate) -> dict[str, str]:
    """The card's fields as display strings in the kit's language (lists joined by spaces)."""
    values: dict[str, FieldValue] = dict(card.fields)
    if side == "back":
        values = dict(card.back or {})
    prefix = f"{card.id}.{'back' if side == 'back' else 'fields'}"
    shown = {key: _display(value, f"{prefix}.{key}", translate) for key, value in values.items()}
    shown.setdefault("name", translate(f"{card.id}.name", card.name) if card.name else "")
    shown.setdefault("id", card.id)
    shown.setdefault("count", str(card.count))
    return shown


def _display(value: FieldValue, text_id: str, translate: Translate) -> str:
    if isinstance(value, list):
        return " ".join(translate(f"{text_id}.{index}", item) for index, item in enumerate(value))
    if isinstance(value, str):
        return translate(text_id, value)
    return f"{value:g}" if isinstance(value, float) else str(value)


def _substitute(template: str, fields: dict[str, str]) -> str | None:
    """The template with `{field}` filled in, or None when a field is missing or empty."""
    missing = False

    def fill(match: object) -> str:
        nonlocal missing
        value = fields.get(match.group(1), "")  # type: ignore[attr-defined]
        missing = missing or not value
        return value

    result = FIELD_RE.sub(fill, template)
    return None if missing else result


def _draw_box(
    ctx: FaceContext, box: Box, fields: dict[str, str], size: FaceSize, card_id: str
) -> None:
    canvas = ctx.canvas
    x = _length(box.x or 0, size.width)
    y = _length(box.y or 0, size.height)
    w = _length(box.w if box.w is not None else "100%", size.width)
    h = _length(box.h if box.h is not None else "100%", size.height)
    if box.full_bleed:
        x, y, w, h = _bleed_out(x, y, w, h, size)
    left = size.bleed + x
    bottom = size.bleed + size.height - y - h
    fill = _color(ctx, box.fill, fields)
    stroke = _color(ctx, box.stroke, fields)
    if ctx.ink_saver and box.full_bleed:
        fill, stroke = None, HexColor("#b0b0b0")
    canvas.saveState()
    if box.rotate:
        canvas.translate(left + w / 2, bottom + h / 2)
        canvas.rotate(box.rotate)
        if box.rotate in (90, 270):
            w, h = h, w
        left, bottom = -w / 2, -h / 2
    if box.type in ("rect", "ellipse", "line"):
        _shape(canvas, box, left, bottom, w, h, fill, stroke, size)
    elif box.type == "icon" and box.icon is not None:
        icon = _substitute(box.icon, fields)
        if icon:
            side = min(w, h)
            ctx.icons.draw(icon.strip(":"), left + (w - side) / 2, bottom + (h - side) / 2, side)
    elif box.type == "text" and box.text is not None:
        text = _substitute(box.text, fields)
        if text:
            _text(ctx, box, text, left, bottom, w, h, fill, card_id)
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
    elif box.type == "line":
        canvas.line(left, bottom + h, left + w, bottom)
    elif box.radius:
        radius = to_points(box.radius, min(size.width, size.height))
        canvas.roundRect(left, bottom, w, h, radius, **paint)
    else:
        canvas.rect(left, bottom, w, h, **paint)


def _text(
    ctx: FaceContext,
    box: Box,
    text: str,
    left: float,
    bottom: float,
    w: float,
    h: float,
    fill: Color | None,
    card_id: str,
) -> None:
    defaults = ctx.templates.defaults
    family = box.font or defaults.font
    max_size = box.size or defaults.size
    min_size = min(box.min_size or defaults.min_size, max_size)
    leading = box.leading or defaults.leading
    paragraphs = textfit.measure(text, family, bool(box.bold), ctx.game_id, ctx.titles)
    fitted = textfit.fit(paragraphs, w, h, max_size, min_size, leading, family)
    if fitted.overflow:
        ctx.overflow.append(f"{card_id}: box '{box.name}' (text needs more than {min_size:g} pt)")
    top = bottom + h
    valign = box.valign or "top"
    if valign != "top":
        spare = h - fitted.height
        top -= spare / 2 if valign == "middle" else spare
    color = _color(ctx, box.color, {}) or _color(ctx, defaults.color, {})
    canvas = ctx.canvas
    if fill is not None:
        canvas.setFillColor(fill)
        canvas.rect(left, bottom, w, h, fill=1, stroke=0)

    def draw_text(piece: str, font: str, size: float, x: float, baseline: float) -> None:
        canvas.setFillColor(color or HexColor("#000000"))
        canvas.setFont(font, size)
        canvas.drawString(x, baseline, piece)

    textfit.draw_lines(fitted, left, top, w, box.align or "left", draw_text, ctx.icons.draw)


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
    """A small PROTOTYPE tag inside the safe zone, bottom centre: the values are ours."""
    canvas = ctx.canvas
    safe = to_points(layout.safe, min(size.width, size.height))
    font, font_size = font_face("DejaVuSans", bold=True), max(4.0, min(5.5, size.width / 14))
    text_width = canvas.stringWidth(PROTOTYPE_MARK, font, font_size)
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
    canvas.drawString(x, y, PROTOTYPE_MARK)
    canvas.restoreState()


def _color(ctx: FaceContext, value: str | None, fields: dict[str, str]) -> Color | None:
    if value is None or value == "none":
        return None
    resolved = _substitute(value, fields) if "{" in value else value
    if not resolved:
        return None
    resolved = ctx.templates.colors.get(resolved, resolved)
    return HexColor(resolved)
