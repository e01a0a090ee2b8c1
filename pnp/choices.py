"""The values of `starpress pnp`'s choice options, as enums: typer lists them in the help and
refuses any other value (exit 2). Light to import, so `starpress --help` can read them.

These are the kinds `pnp.marks`, `pnp.impose` and `pnp.cut` draw; tests/test_pnp.py keeps
each enum and its source the same. Papers, printers and print shops are data, not choices
(`pnp.paper`, `pnp.printers`, `pnp.shops`): a new one is a line in a YAML file.
"""

from __future__ import annotations

import enum


class Marks(enum.StrEnum):
    """What shows where to cut (`pnp.marks.Marks`)."""

    CROP = "crop"
    LINES = "lines"
    NONE = "none"


class BleedMode(enum.StrEnum):
    """Where the bleed goes (`pnp.impose.BleedMode`): only outside the grid, or around each card."""

    SHARED = "shared"
    CARD = "card"


class Duplex(enum.StrEnum):
    """The edge a duplex printer flips the sheet on (`pnp.impose.Flip`); none: no back pages."""

    LONG = "long"
    SHORT = "short"
    NONE = "none"


class Cut(enum.StrEnum):
    """The cut file written beside a kit for a cutting machine (`pnp.cut`)."""

    SVG = "svg"
