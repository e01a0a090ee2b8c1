"""The limits on print-and-play input, read from `pnp/limits.yaml` (data, not code)."""

from __future__ import annotations

from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

LIMITS_PATH = Path(__file__).resolve().parent / "limits.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Span(_Strict):
    """A closed range of allowed values."""

    min: float = Field(gt=0)
    max: float = Field(gt=0)

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.max < self.min:
            raise ValueError(f"max ({self.max}) must be at least min ({self.min})")
        return self

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and self.min <= value <= self.max


class BoardLimits(_Strict):
    cells_across: int = Field(gt=0)
    cells: int = Field(gt=0)
    track_number: int = Field(gt=0)
    track_spaces: int = Field(gt=0)


class LayoutLimits(_Strict):
    text_pt: Span
    leading: Span
    stroke_pt: Span
    length_mm: float = Field(gt=0)
    percent: float = Field(gt=0)
    card_mm: float = Field(gt=0)
    boxes: int = Field(gt=0)
    extends_depth: int = Field(gt=0)
    dash_numbers: int = Field(gt=0)
    board: BoardLimits


class KitLimits(_Strict):
    faces: int = Field(gt=0)
    bleed_mm: float = Field(ge=0)
    back_offset_mm: float = Field(ge=0)
    margin_mm: float = Field(ge=0)
    paper_mm: Span
    scale_percent: Span


class ImageLimits(_Strict):
    bytes: int = Field(gt=0)
    pixels: int = Field(gt=0)
    formats: tuple[str, ...]


class Limits(_Strict):
    """The whole of `pnp/limits.yaml`."""

    layout: LayoutLimits
    kit: KitLimits
    image: ImageLimits


def load_limits(path: Path = LIMITS_PATH) -> Limits:
    """Read the limits file (ours, shipped with the code: a bad one is a bug, not input)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where built
    return Limits.model_validate(yaml.load(path.read_text(encoding="utf-8"), Loader=loader))


LIMITS = load_limits()
