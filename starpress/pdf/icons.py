"""Icons in a PDF: each SVG is converted once and stored once, as a Form XObject.

Every place an icon appears (inline in text, or as an icon box) draws the same form,
scaled: a kit with thousands of icons stores each drawing a single time. svglib reads the
icon as `starpress.core.svg` reduced it (checked, allowlisted text), never the file itself.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from starpress.pdf.fonts import face

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing


@cache
def _drawing(path: Path, game_folder: Path) -> Drawing:
    # svglib (half a second), reportlab.graphics (a tenth, it pulls in platypus) and the SVG
    # reader are imported only by a kit that draws icons
    from svglib.svglib import svg2rlg

    from starpress.core.svg import SvgError, sanitized_svg

    drawing = svg2rlg(io.BytesIO(sanitized_svg(path, game_folder).encode("utf-8")))
    if drawing is None:
        raise SvgError(path, "svglib cannot draw this icon")
    # reportlab.graphics starts a drawing in Helvetica, which a PDF names without carrying
    # (the attribute is in Drawing's attribute map, not in its type stubs)
    drawing.initialFontName = face("DejaVuSans")  # type: ignore[attr-defined]
    return drawing


class IconForms:
    """Defines a game's icons as forms in one canvas and draws them by id."""

    def __init__(self, canvas: Canvas, files: dict[str, Path], game_folder: Path) -> None:
        self.canvas = canvas
        self.files = files
        self.game_folder = game_folder
        self.defined: set[str] = set()
        self.placed: list[tuple[float, float, float, float]] = []
        """Where each icon drawn so far lies on its page (or form): x0, y0, x1, y1 in points,
        the square it is fitted in, as the canvas's current matrix puts it."""

    def define_all(self) -> None:
        """Define every icon now: forms cannot be opened inside another form (a face)."""
        for icon_id in sorted(self.files):
            self._define(icon_id)

    def draw(self, icon_id: str, x: float, y: float, size: float) -> None:
        """Draw an icon fitted in a `size` square whose bottom-left corner is (x, y)."""
        self._define(icon_id)
        drawing = _drawing(self.files[icon_id], self.game_folder)
        scale = size / max(drawing.width, drawing.height)
        canvas = self.canvas
        corners = [canvas.absolutePosition(x + dx, y + dy) for dx in (0, size) for dy in (0, size)]
        xs, ys = [px for px, _ in corners], [py for _, py in corners]
        self.placed.append((min(xs), min(ys), max(xs), max(ys)))
        canvas.saveState()
        canvas.translate(
            x + (size - drawing.width * scale) / 2, y + (size - drawing.height * scale) / 2
        )
        canvas.scale(scale, scale)
        canvas.doForm(_form_name(icon_id))
        canvas.restoreState()

    def _define(self, icon_id: str) -> None:
        if icon_id in self.defined:
            return
        from reportlab.graphics import renderPDF  # see _drawing

        drawing = _drawing(self.files[icon_id], self.game_folder)
        name = _form_name(icon_id)
        self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
        renderPDF.draw(drawing, self.canvas, 0, 0)
        self.canvas.endForm()
        self.defined.add(icon_id)


def _form_name(icon_id: str) -> str:
    return "icon-" + icon_id
