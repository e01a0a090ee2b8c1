"""The bundled fonts (DejaVu Sans and Sans Condensed): no system font is ever used."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"

FAMILIES: dict[str, dict[str, str]] = {
    "DejaVuSansCondensed": {
        "regular": "DejaVuSansCondensed",
        "bold": "DejaVuSansCondensed-Bold",
        "italic": "DejaVuSansCondensed-Oblique",
        "bolditalic": "DejaVuSansCondensed-BoldOblique",
    },
    "DejaVuSans": {
        "regular": "DejaVuSans",
        "bold": "DejaVuSans-Bold",
        "italic": "DejaVuSansCondensed-Oblique",
        "bolditalic": "DejaVuSansCondensed-BoldOblique",
    },
}
"""Font families by name, each style a bundled TTF file name (without .ttf)."""


@cache
def register_fonts() -> None:
    """Register every bundled font with reportlab (once per process)."""
    for family in FAMILIES.values():
        for face in family.values():
            if face not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(face, str(FONT_DIR / f"{face}.ttf")))


def face(family: str, bold: bool = False, italic: bool = False) -> str:
    """The registered font name of a family's style."""
    styles = FAMILIES[family]
    key = ("bold" if bold else "") + ("italic" if italic else "")
    return styles[key or "regular"]
