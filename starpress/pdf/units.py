"""Lengths: layouts write them in mm, in, pt or % of the card; the PDF works in points."""

from __future__ import annotations

import re

MM = 72.0 / 25.4
"""Points per millimetre."""

_LENGTH_RE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|in|pt|%)?\s*$")
_PER_UNIT = {"mm": MM, "in": 72.0, "pt": 1.0}


def to_points(value: float | int | str, reference_pt: float | None = None) -> float:
    """A length in points: numbers are mm; strings may say mm, in, pt, or % of `reference_pt`."""
    if isinstance(value, int | float):
        return float(value) * MM
    match = _LENGTH_RE.match(value)
    if match is None:
        raise ValueError(f"{value!r} is not a length (e.g. 3mm, 0.125in, 9pt, 50%)")
    number, unit = float(match.group(1)), match.group(2) or "mm"
    if unit == "%":
        if reference_pt is None:
            raise ValueError(f"{value!r}: a percentage needs a card to be measured against")
        return number / 100.0 * reference_pt
    return number * _PER_UNIT[unit]


def mm(points: float) -> float:
    """Points as millimetres."""
    return points / MM
