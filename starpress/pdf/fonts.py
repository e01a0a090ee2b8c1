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
    """Register every bundled font with reportlab (once per process): for text whose font
    is named in markup (the rulebooks' paragraphs); `face` registers only what is used."""
    for family in FAMILIES.values():
        for name in family.values():
            _register(name)


@cache
def _register(name: str) -> None:
    """Parse one bundled TTF (a tenth of a second each) and register it, once."""
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))


def face(family: str, bold: bool = False, italic: bool = False) -> str:
    """The font name of a family's style, registered on first use."""
    styles = FAMILIES[family]
    key = ("bold" if bold else "") + ("italic" if italic else "")
    name = styles[key or "regular"]
    _register(name)
    return name
