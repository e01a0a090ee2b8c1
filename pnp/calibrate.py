"""`starpress pnp calibrate` and `starpress printer calibrate`: a two-page duplex test from
which a user reads the back offset (and, with the scale bars, the printer's scale).

The front page has crosshairs; the back page has millimetre scales printed exactly behind
them (mirrored for the chosen flip). Held against the light, each front line falls on a
number of the back's scale: that number, X and Y as seen from the back, is the offset.
`printer calibrate` adds two bars of known length to the back page: measured with a ruler,
they give the scale. Printed with a profile's offset and scale applied, the same sheet
checks the profile: every line falls on 0 and the bars measure true.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor

from starpress.core.atomic import atomic_path
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face
from starpress.pdf.units import MM
from starpress.pnp import impose
from starpress.pnp.kit import KitOptions
from starpress.pnp.paper import paper_size

SCALE_MM = 5
"""The scales read from -5 to +5 mm in half millimetres."""
INSET_MM = 35.0


def targets(width: float, height: float) -> list[impose.Rect]:
    """Crosshair centres (as empty rects): the page centre and near each corner."""
    inset = INSET_MM * MM
    points = [
        (width / 2, height / 2),
        (inset, inset),
        (width - inset, inset),
        (inset, height - inset),
        (width - inset, height - inset),
    ]
    return [impose.Rect(x, y, 0.0, 0.0) for x, y in points]


def calibration_path(out_dir: Path, options: KitOptions, bars: bool = False) -> Path:
    """`calibrate-<paper>-<flip>.pdf`; with the scale bars `printer-calibrate-…`, and the
    offset and scale applied (a check of a profile) named as a kit names them."""
    stem = "printer-calibrate" if bars else "calibrate"
    dx, dy = options.back_offset
    sx, sy = options.scale
    applied = "".join(
        part
        for part, on in (
            (f"-offset{dx:+g}x{dy:+g}mm", options.back_offset != (0.0, 0.0)),
            (f"-scale{sx:g}x{sy:g}pct", options.scale != (100.0, 100.0)),
        )
        if on
    )
    return out_dir / f"{stem}-{options.paper}-{options.duplex}{applied}.pdf"


def build_calibration(out_dir: Path, options: KitOptions, bars: bool = False) -> Path:
    """Write the calibration sheet for the options' paper and flip, with their back offset
    and scale applied (none by default), and with `bars` the two scale bars."""
    width, height = (side * MM for side in paper_size(options.paper))
    path = calibration_path(out_dir, options, bars)
    out_dir.mkdir(parents=True, exist_ok=True)
    fronts = targets(width, height)
    sheet = impose.Sheet(width, height, 1, len(fronts), tuple(fronts))
    flip = options.duplex if options.duplex != "none" else "long"
    offset = (options.back_offset[0] * MM, options.back_offset[1] * MM)
    backs = impose.back_slots(sheet, flip, offset)
    scaled = options.scale != (100.0, 100.0)
    sx, sy = (percent / 100.0 for percent in options.scale)
    with atomic_path(path) as temporary:
        canvas = KitCanvas(str(temporary), pagesize=(width, height), invariant=1, lang="en")
        canvas.setTitle(f"starpress duplex calibration ({options.paper}, {options.duplex} edge)")
        canvas.setAuthor("starpress")
        for side in ("front", "back"):
            if scaled:
                canvas.saveState()
                canvas.transform(*impose.scale_about(width / 2, height / 2, sx, sy))
            if side == "front":
                _front_page(canvas, fronts, options, flip)
            else:
                _back_page(canvas, backs, (width, height) if bars else False, options)
            if scaled:
                canvas.restoreState()
            canvas.showPage()
        canvas.save()
    return path


def bar_length(side: float) -> float:
    """A scale bar's length along a page side (points): 150 mm, or less on a small page
    (whole centimetres, 40 mm short of the side)."""
    room = (side / MM - 40) // 10 * 10
    return min(150.0, room) * MM


def bar_positions(width: float, height: float) -> tuple[impose.Rect, impose.Rect]:
    """The two scale bars (as thin rects: start and length): one across the page above its
    centre target, one along the page right of it, clear of every target's scales."""
    across, along = bar_length(width), bar_length(height)
    centre_x, centre_y = width / 2, height / 2
    horizontal = impose.Rect(centre_x - across / 2, centre_y + 40 * MM, across, 0.0)
    vertical = impose.Rect(centre_x + across / 2 + 8 * MM, centre_y - along / 2, 0.0, along)
    return horizontal, vertical


def _front_page(
    canvas: KitCanvas, fronts: list[impose.Rect], options: KitOptions, flip: str
) -> None:
    canvas.setLineWidth(0.25)
    for target in fronts:
        canvas.line(target.x - 12 * MM, target.y, target.x + 12 * MM, target.y)
        canvas.line(target.x, target.y - 12 * MM, target.x, target.y + 12 * MM)
        canvas.circle(target.x, target.y, 1.5 * MM)
    canvas.setFont(face("DejaVuSans"), 9)
    lines = [
        f"Duplex calibration — {options.paper.upper()}, flip on the {flip} edge, 100% scale.",
        "Print both pages double-sided, then hold the sheet against a light.",
        "At each cross, read on the back's scales where the front's lines fall:",
        "pass those numbers as  --back-offset X,Y  (e.g. --back-offset 0.5,-1).",
    ]
    for number, text in enumerate(lines):
        canvas.drawCentredString(fronts[0].x, fronts[0].y - (24 + 5 * number) * MM, text)


def _back_page(
    canvas: KitCanvas,
    backs: list[impose.Rect],
    page: tuple[float, float] | bool,
    options: KitOptions,
) -> None:
    canvas.setFont(face("DejaVuSansCondensed"), 5)
    for target in backs:
        for tick in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
            offset = tick * 0.5 * MM
            long_tick = tick % 2 == 0
            length = (3.0 if long_tick else 1.6) * MM
            canvas.setStrokeColor(HexColor("#000000") if tick else HexColor("#d11f1f"))
            canvas.setLineWidth(0.2)
            # X scale: vertical ticks along a horizontal line below the cross
            canvas.line(
                target.x + offset, target.y - 8 * MM, target.x + offset, target.y - 8 * MM + length
            )
            # Y scale: horizontal ticks along a vertical line left of the cross
            canvas.line(
                target.x - 8 * MM, target.y + offset, target.x - 8 * MM + length, target.y + offset
            )
            if long_tick:
                label = f"{tick // 2:+d}" if tick else "0"
                canvas.drawCentredString(target.x + offset, target.y - 10.5 * MM, label)
                canvas.drawRightString(target.x - 9 * MM, target.y + offset - 1.5, label)
        canvas.drawString(target.x + 6.5 * MM, target.y - 10.5 * MM, "X mm")
        canvas.drawString(target.x - 12 * MM, target.y + 6.5 * MM, "Y mm")
    if isinstance(page, tuple):
        _scale_bars(canvas, *page, options)


def _scale_bars(canvas: KitCanvas, width: float, height: float, options: KitOptions) -> None:
    """Two bars of known length with end ticks, how to turn a measure into --scale, and the
    command that saves the profile."""
    horizontal, vertical = bar_positions(width, height)
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setLineWidth(0.4)
    tick = 3 * MM
    canvas.line(horizontal.x, horizontal.y, horizontal.right, horizontal.y)
    for x in (horizontal.x, horizontal.right):
        canvas.line(x, horizontal.y - tick, x, horizontal.y + tick)
    canvas.line(vertical.x, vertical.y, vertical.x, vertical.top)
    for y in (vertical.y, vertical.top):
        canvas.line(vertical.x - tick, y, vertical.x + tick, y)
    across, along = horizontal.width / MM, vertical.height / MM
    canvas.setFont(face("DejaVuSans"), 7)
    canvas.drawCentredString(
        horizontal.x + horizontal.width / 2, horizontal.y + 2 * MM, f"X: {across:g} mm"
    )
    canvas.saveState()
    canvas.translate(vertical.x - 2 * MM, vertical.y + vertical.height / 2)
    canvas.rotate(90)
    canvas.drawCentredString(0, 0, f"Y: {along:g} mm")
    canvas.restoreState()
    lines = [
        "Measure each bar with a ruler: scale = bar length / measured length x 100",
        f"(X bar measured {across - 1:g} mm: {across / (across - 1) * 100:.2f} %; "
        f"{across + 1:g} mm: {across / (across + 1) * 100:.2f} %). Then:",
        "starpress printer save NAME --back-offset X,Y --scale SX,SY",
        f"--paper {options.paper} --duplex {options.duplex}",
    ]
    for number, text in enumerate(lines):
        canvas.drawCentredString(
            horizontal.x + horizontal.width / 2, horizontal.y - (6 + 4 * number) * MM, text
        )
