"""Paper sizes: a name from `pnp/presets.yaml` (a4, letter, tabloid…) or WIDTHxHEIGHT in mm
or inches (`200x300mm`, `8.5x14in`).

A kit keeps its paper's name (`KitOptions.paper`): the name is in the kit's file name and
title, and `paper_size` turns it back into millimetres, so a custom size needs no table.
Light to import: the command line types `--paper` with `Paper`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MM_PER_INCH = 25.4
_CUSTOM_RE = re.compile(
    r"^(\d{1,5}(?:\.\d{1,4})?)\s*[x×]\s*(\d{1,5}(?:\.\d{1,4})?)\s*(mm|in)$", re.IGNORECASE
)


class PaperError(ValueError):
    """A `--paper` that is neither a named paper nor a size within the limits."""


@dataclass(frozen=True)
class Paper:
    """A page: its name as kit files show it, and its width and height in mm."""

    name: str
    width: float
    height: float

    def __str__(self) -> str:
        return self.name


def named_papers() -> dict[str, Paper]:
    """The papers of `pnp/presets.yaml`, in its order."""
    from starpress.pnp.presets import PRESETS  # read when a paper is parsed: --help stays fast

    return {
        name: Paper(name, float(size["width"]), float(size["height"]))
        for name, size in PRESETS["papers"].items()
    }


def parse_paper(text: str) -> Paper:
    """`--paper`: a named paper (any case), or WIDTHxHEIGHT followed by mm or in."""
    wanted = text.strip().lower()
    named = named_papers()
    if wanted in named:
        return named[wanted]
    match = _CUSTOM_RE.match(wanted)
    if match is None:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise PaperError(
            f"{shown!r} is not a paper: use a name ({', '.join(named)}; pnp/presets.yaml) "
            "or WIDTHxHEIGHT in mm or in (e.g. 200x300mm, 8.5x14in)"
        )
    width, height, unit = float(match.group(1)), float(match.group(2)), match.group(3).lower()
    scale = MM_PER_INCH if unit == "in" else 1.0
    paper = Paper(f"{width:g}x{height:g}{unit}", width * scale, height * scale)
    _check_size(paper)
    return paper


def size_mm(text: str) -> tuple[float, float] | None:
    """WIDTHxHEIGHT followed by mm or in, as millimetres; None for anything else."""
    match = _CUSTOM_RE.match(text.strip().lower())
    if match is None:
        return None
    scale = MM_PER_INCH if match.group(3).lower() == "in" else 1.0
    return float(match.group(1)) * scale, float(match.group(2)) * scale


def _check_size(paper: Paper) -> None:
    from starpress.pnp.limits import LIMITS  # pydantic: only for a custom size

    span = LIMITS.kit.paper_mm
    for side in (paper.width, paper.height):
        if not (math.isfinite(side) and span.min <= side <= span.max):
            raise PaperError(
                f"{paper.name}: each side of the paper must be between {span.min:g} and "
                f"{span.max:g} mm (limits in pnp/limits.yaml)"
            )


def paper_size(name: str) -> tuple[float, float]:
    """The width and height in mm of a kit's paper, by the name `parse_paper` gave it."""
    paper = parse_paper(name)
    return paper.width, paper.height
