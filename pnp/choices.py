"""The values of `starpress pnp`'s choice options, as enums: typer lists them in the help and
refuses any other value (exit 2). Light to import, so `starpress --help` can read them.

The papers are the ones `pnp/presets.yaml` sizes, the rest the kinds `pnp.marks` and
`pnp.impose` draw; tests/test_pnp.py keeps each enum and its source the same.
"""

from __future__ import annotations

import enum


class Paper(enum.StrEnum):
    """A paper size of `pnp/presets.yaml`."""

    A4 = "a4"
    LETTER = "letter"
    A3 = "a3"


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
