"""The peer deck's floor (`../shared/bench/peer-deck/floor_scaled.py`) drawn with the PDF
features a starpress kit chooses: the bundled DejaVu fonts embedded (subset TrueType, where
the floor uses PDF's built-in Helvetica, which is not embedded), a face placed more than once
drawn once as a form XObject, then placed (the shared back), and a face placed once drawn
straight on its page (every front), as a kit does since issue 33.

Still no layout engine, no validation and no text fitting: what is left between this and
starpress is starpress's own work. `CARDS=N PEER_OUT=file.pdf python bench/floor_kit_features.py`
"""

import os
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONTS = Path(__file__).resolve().parent.parent / "starpress" / "pdf" / "fonts"
for name in ("DejaVuSansCondensed", "DejaVuSansCondensed-Bold"):
    pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
out = os.environ.get("PEER_OUT", "/tmp/floor_kit_features.pdf")
W, H = 63.5 * mm, 88.9 * mm
c = canvas.Canvas(out, pagesize=A4, invariant=1, pageCompression=1)
x0, y0 = (A4[0] - 3 * W) / 2, (A4[1] - 3 * H) / 2
lines = ["Gain two energy and one", "ore. When this card is", "discarded, draw one action"]
lines.append("card and reveal a planet.")


def marks() -> None:
    for i in range(4):
        x = x0 + i * W
        c.line(x, y0 - 8 * mm, x, y0 - 2 * mm)
        c.line(x, y0 + 3 * H + 2 * mm, x, y0 + 3 * H + 8 * mm)
        y = y0 + i * H
        c.line(x0 - 8 * mm, y, x0 - 2 * mm, y)
        c.line(x0 + 3 * W + 2 * mm, y, x0 + 3 * W + 8 * mm, y)


def front(n: int) -> None:
    c.roundRect(3 * mm, 3 * mm, W - 6 * mm, H - 6 * mm, 2 * mm)
    c.setFont("DejaVuSansCondensed-Bold", 12)
    c.drawString(6 * mm, H - 12 * mm, f"Card number {n + 1}")
    c.setFont("DejaVuSansCondensed", 9)
    for j, text in enumerate(lines):
        c.drawCentredString(W / 2, 30 * mm - j * 4 * mm, text)
    c.setFillColorRGB(0.07, 0.2, 0.33)
    c.circle(W - 10 * mm, H - 10 * mm, 5 * mm, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.drawCentredString(W - 10 * mm, H - 11 * mm, str(n % 7))


c.beginForm("back", lowerx=0, lowery=0, upperx=W, uppery=H)
c.setFillColorRGB(0.13, 0.2, 0.4)
c.roundRect(3 * mm, 3 * mm, W - 6 * mm, H - 6 * mm, 2 * mm, fill=1)
c.endForm()
N = int(os.environ.get("CARDS", "108"))
for page in range((N + 8) // 9):
    for k in range(9):
        c.saveState()
        c.translate(x0 + (k % 3) * W, y0 + (2 - k // 3) * H)
        front(page * 9 + k)
        c.restoreState()
    marks()
    c.showPage()
    for k in range(9):
        c.saveState()
        c.translate(x0 + (2 - k % 3) * W, y0 + (2 - k // 3) * H)
        c.doForm("back")
        c.restoreState()
    marks()
    c.showPage()
c.save()
