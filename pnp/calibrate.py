"""`starpress pnp calibrate`: a two-page duplex test from which a user reads --back-offset.

The front page has crosshairs; the back page has millimetre scales printed exactly behind
them (mirrored for the chosen flip). Held against the light, each front line falls on a
number of the back's scale: that number, X and Y as seen from the back, is the offset.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import HexColor

from starpress.core.atomic import atomic_path
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face
from starpress.pdf.units import MM
from starpress.pnp import impose
from starpress.pnp.kit import PAPERS, KitOptions

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


def calibration_path(out_dir: Path, options: KitOptions) -> Path:
    return out_dir / f"calibrate-{options.paper}-{options.duplex}.pdf"


def build_calibration(out_dir: Path, options: KitOptions) -> Path:
    paper = PAPERS[options.paper]
    width, height = paper["width"] * MM, paper["height"] * MM
    path = calibration_path(out_dir, options)
    out_dir.mkdir(parents=True, exist_ok=True)
    fronts = targets(width, height)
    sheet = impose.Sheet(width, height, 1, len(fronts), tuple(fronts))
    flip = options.duplex if options.duplex != "none" else "long"
    backs = impose.back_slots(sheet, flip)
    with atomic_path(path) as temporary:
        canvas = KitCanvas(str(temporary), pagesize=(width, height), invariant=1, lang="en")
        canvas.setTitle(f"starpress duplex calibration ({options.paper}, {options.duplex} edge)")
        canvas.setAuthor("starpress")
        _front_page(canvas, fronts, options, flip)
        canvas.showPage()
        _back_page(canvas, backs)
        canvas.showPage()
        canvas.save()
    return path


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


def _back_page(canvas: KitCanvas, backs: list[impose.Rect]) -> None:
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
