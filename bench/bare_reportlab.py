"""The floor for `make bench`: bare reportlab drawing what our kits draw, with no engine.

For every printed card of every game (same counts), front and back, it draws as many
rectangles as the layouts have shapes and writes every text the layouts write, fields
filled in, with plain drawString and a naive wrap (no measuring, no fitting, no icons,
no forms), 9 cards to a page. Our engine can only be slower than this; the ratio says by how much.
Prints: cards, seconds.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from starpress.core.load import load_games
from starpress.pdf.fonts import face, register_fonts
from starpress.pnp.boxes import FIELD_RE
from starpress.pnp.kit import printed_faces
from starpress.pnp.layout import ResolvedLayout, load_templates

ROOT = Path(__file__).resolve().parent.parent


def main(out: Path) -> None:
    games = load_games(ROOT)
    cards = []
    for game in games.values():
        templates = load_templates(ROOT, game)
        for printed in printed_faces(game, templates):
            sides = [(printed.front, printed.card.fields)]
            if printed.back is not None:
                sides.append((printed.back, printed.card.back or printed.card.fields))
            cards.append(
                [_side(layout, fields, printed.card.name or "") for layout, fields in sides]
            )
    start = time.perf_counter()  # like our kits' clock: data loaded, fonts not yet read
    register_fonts()
    canvas = Canvas(str(out), pagesize=A4, invariant=1)
    font = face("DejaVuSansCondensed")
    for index, sides in enumerate(cards):
        slot = index % 9
        x, y = 40 + (slot % 3) * 180, 60 + (slot // 3) * 250
        for shapes, texts in sides:  # front, then back (on the same page: no duplex work)
            for shape in range(shapes):
                canvas.rect(x + shape, y + shape, 170 - 2 * shape, 240 - 2 * shape, fill=1)
            canvas.setFont(font, 7)
            line = 0
            for text in texts:
                for start_char in range(0, len(text), 40):  # naive wrap, no measuring
                    canvas.drawString(x + 5, y + 230 - 9 * line, text[start_char : start_char + 40])
                    line += 1
        if slot == 8:
            canvas.showPage()
    canvas.save()
    print(len(cards), time.perf_counter() - start)


def _side(layout: ResolvedLayout, fields: dict[str, object], name: str) -> tuple[int, list[str]]:
    """How many shapes a face has, and the texts of its text boxes with fields filled in."""
    values = {
        key: " ".join(map(str, v)) if isinstance(v, list) else str(v) for key, v in fields.items()
    }
    values["name"] = name
    shapes = sum(1 for box in layout.boxes if box.type != "text")
    texts = [
        FIELD_RE.sub(lambda m: values.get(m.group(1), ""), box.text)
        for box in layout.boxes
        if box.type == "text" and box.text
    ]
    return shapes, texts


if __name__ == "__main__":
    main(Path(sys.argv[1]))
