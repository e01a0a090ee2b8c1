"""Print-shop presets, read from `pnp/shops.yaml`: what each shop's upload takes.

A preset says how the files are made (one image per face, a PDF page per face, or fixed
n-up sheets), the card sizes the shop prints, its bleed, safe zone, resolution, colour mode
and file names. `product_for` finds the shop's size for a face. The files themselves are
written by `pnp.shopfiles`.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from starpress.pdf.units import MM, to_points
from starpress.pnp.paper import size_mm

SHOPS_PATH = Path(__file__).resolve().parent / "shops.yaml"
NAME_FIELDS = {"deck", "card", "side"}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


def _length_mm(value: float | str) -> float:
    try:
        return to_points(value) / MM
    except ValueError as error:
        raise ValueError(str(error)) from None


class Names(_Strict):
    """File name patterns; which ones a shop needs depends on its output."""

    face: str | None = None
    shared_back: str | None = None
    deck: str | None = None

    @field_validator("face", "shared_back", "deck")
    @classmethod
    def _pattern(cls, value: str | None) -> str | None:
        if value is None:
            return value
        fields = {name for _, name, _, _ in string.Formatter().parse(value) if name is not None}
        if not fields <= NAME_FIELDS:
            raise ValueError(f"unknown name field(s) {sorted(fields - NAME_FIELDS)}")
        parts = Path(value).parts
        if Path(value).is_absolute() or ".." in parts or not parts:
            raise ValueError(f"{value!r} must be a relative name inside the shop's folder")
        return value


class SheetLayout(_Strict):
    """Fixed n-up sheets: the sheet's size and the trim centres (from its top-left corner)."""

    width: float | str
    height: float | str
    turned: bool = False  # cards lie a quarter turned (a portrait card landscape)
    columns: list[float | str] = Field(min_length=1, max_length=50)
    rows: list[float | str] = Field(min_length=1, max_length=50)

    def size_mm(self) -> tuple[float, float]:
        return _length_mm(self.width), _length_mm(self.height)

    def centres_mm(self) -> list[tuple[float, float]]:
        """Every trim centre (mm from the top-left corner), row by row."""
        return [(_length_mm(x), _length_mm(y)) for y in self.rows for x in self.columns]


class Shop(_Strict):
    """One print shop's upload."""

    title: str
    output: Literal["images", "pages", "sheets"]
    format: Literal["png", "pdf"]
    dpi: int = Field(ge=72, le=1200)
    bleed: float | str
    safe: float | str
    colour: Literal["rgb", "cmyk"] = "rgb"
    products: dict[str, str] = {}
    match_mm: float = Field(default=1.0, ge=0.0, le=5.0)
    turn_landscape: bool = False
    names: Names
    sheet: SheetLayout | None = None
    checked: list[str] = []
    unchecked: list[str] = []

    @field_validator("bleed", "safe")
    @classmethod
    def _length(cls, value: float | str) -> float | str:
        if not 0 <= _length_mm(value) <= 10:
            raise ValueError(f"{value!r} must be between 0 and 10 mm")
        return value

    @field_validator("products")
    @classmethod
    def _sizes(cls, value: dict[str, str]) -> dict[str, str]:
        for name, size in value.items():
            if size_mm(size) is None:
                raise ValueError(f"product {name}: {size!r} is not WIDTHxHEIGHT in mm or in")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Shop:
        wanted = {"images": "png", "pages": "pdf", "sheets": "pdf"}[self.output]
        if self.format != wanted:
            raise ValueError(f"output {self.output} is written as {wanted}, not {self.format}")
        if self.colour == "cmyk" and self.format != "pdf":
            raise ValueError("cmyk is for PDF output (PNG is RGB)")
        needed = {"images": ("face", "shared_back"), "pages": ("deck",), "sheets": ("deck",)}
        for name in needed[self.output]:
            if getattr(self.names, name) is None:
                raise ValueError(f"{self.output} output needs names.{name}")
        if self.output == "sheets" and (self.sheet is None or len(self.products) != 1):
            raise ValueError("sheets output needs a sheet layout and exactly one product")
        return self

    @property
    def bleed_mm(self) -> float:
        return _length_mm(self.bleed)

    @property
    def safe_mm(self) -> float:
        return _length_mm(self.safe)

    def products_mm(self) -> dict[str, tuple[float, float]]:
        found = {}
        for name, size in self.products.items():
            parsed = size_mm(size)
            assert parsed is not None  # checked when loaded
            found[name] = parsed
        return found


class _ShopsFile(_Strict):
    shops: dict[str, Shop]


@cache
def load_shops(path: Path = SHOPS_PATH) -> dict[str, Shop]:
    """The presets (ours, shipped with the code: a bad one is a bug that the tests catch)."""
    return _ShopsFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8"))).shops


@dataclass(frozen=True)
class Product:
    """The size a face is printed at: a shop's product (or the face's own size)."""

    name: str
    width: float  # trim, mm, as the face lies (a landscape face: the product turned)
    height: float
    turned: bool  # the file is turned a quarter to the product's portrait


def product_for(shop: Shop, width: float, height: float) -> Product | None:
    """The shop's product for a face of `width` × `height` mm: the first whose size (either
    way round) is within `match_mm`; the face's own size when the shop lists no products;
    None when the shop does not print that size."""
    products = shop.products_mm()
    if not products:
        return Product("any", width, height, False)
    for name, (product_width, product_height) in products.items():
        for across, along, turned in (
            (product_width, product_height, False),
            (product_height, product_width, True),
        ):
            if abs(across - width) <= shop.match_mm and abs(along - height) <= shop.match_mm:
                return Product(name, across, along, turned and shop.turn_landscape)
    return None
