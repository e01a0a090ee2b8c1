"""Colours written as CMYK: a canvas made with `enforceColorSpace=as_cmyk` turns every RGB
colour it is given (fills, strokes, text, SVG icons) into CMYK by reportlab's plain formula
(no colour profile), keeping its alpha. Raster pictures are not converted."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColor, Color, rgb2cmyk, toColor


def as_cmyk(colour: Any) -> CMYKColor:
    """`colour` (any form reportlab takes) as a CMYK colour."""
    found = toColor(colour)
    if isinstance(found, CMYKColor):
        return found
    assert isinstance(found, Color)
    cyan, magenta, yellow, black = rgb2cmyk(found.red, found.green, found.blue)
    return CMYKColor(cyan, magenta, yellow, black, alpha=found.alpha)
