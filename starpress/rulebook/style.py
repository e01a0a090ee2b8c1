"""The rulebook's look and words as data: page sizes, type, colours (style.yaml) and the
small UI words in every language (labels.yaml), turned into reportlab paragraph styles."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.fonts import addMapping
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm

from starpress.pdf.fonts import FAMILIES, face, register_fonts

HERE = Path(__file__).resolve().parent


@cache
def _data(name: str) -> dict[str, Any]:
    with (HERE / name).open(encoding="utf-8") as handle:
        loaded: dict[str, Any] = yaml.safe_load(handle)
    return loaded


def papers() -> tuple[str, ...]:
    """The papers a rulebook can be printed on (the booklet half-pages are not listed)."""
    return tuple(
        name for name, paper in _data("style.yaml")["papers"].items() if "booklet_page" in paper
    )


@cache
def labels(lang: str) -> dict[str, str]:
    """The rulebook's own words in a language (those that depend on a number: `counted`)."""
    return {
        key: value for key, value in _data("labels.yaml")[lang].items() if isinstance(value, str)
    }


def counted(lang: str, key: str, count: int, **values: object) -> str:
    """A word of the rulebook that depends on a number, in the form Babel's plural rules
    of the language give `count` (the top of a range), its `{placeholders}` filled."""
    from babel import Locale

    from starpress.core.catalogs import locale_code

    forms: dict[str, str] = _data("labels.yaml")[lang][key]
    category = Locale.parse(locale_code(lang)).plural_form(count)
    return forms.get(category, forms["other"]).format(**values)


@dataclass(frozen=True)
class Page:
    """A page size and its type size, in points."""

    name: str
    width: float
    height: float
    margin: float
    body: float


def page(name: str) -> Page:
    paper = _data("style.yaml")["papers"][name]
    return Page(
        name, paper["width"] * mm, paper["height"] * mm, paper["margin"] * mm, paper["body"]
    )


def booklet_page(paper: str) -> str:
    """The half-sheet page a booklet on this paper is made of."""
    return str(_data("style.yaml")["papers"][paper]["booklet_page"])


def color(name: str) -> Color:
    return HexColor(_data("style.yaml")["colors"][name])


def hex_color(name: str) -> str:
    return str(_data("style.yaml")["colors"][name])


@dataclass(frozen=True)
class Look:
    """Every paragraph style of a book at one page size."""

    page: Page
    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    head_cell: ParagraphStyle
    caption: ParagraphStyle
    headings: tuple[ParagraphStyle, ...]
    title: ParagraphStyle
    tagline: ParagraphStyle
    notice: ParagraphStyle
    term: ParagraphStyle
    icon_scale: float
    icon_drop: float

    def heading(self, depth: int) -> ParagraphStyle:
        return self.headings[min(depth, len(self.headings) - 1)]

    def item(self, depth: int) -> ParagraphStyle:
        """A list item or step at a nesting depth: its marker hangs left of its text."""
        return _item(self.body, depth)


@cache
def _item(body: ParagraphStyle, depth: int) -> ParagraphStyle:
    indent = body.fontSize * 1.9
    return ParagraphStyle(
        f"item{depth}",
        parent=body,
        leftIndent=indent * (depth + 1),
        bulletIndent=indent * depth + body.fontSize * 0.3,
        spaceBefore=body.fontSize * 0.15,
        spaceAfter=body.fontSize * 0.15,
    )


@cache
def register_families() -> None:
    """The bundled fonts, with `<b>` and `<i>` in paragraphs mapped to their styles."""
    register_fonts()
    for name in FAMILIES:
        for bold in (0, 1):
            for italic in (0, 1):
                addMapping(name, bold, italic, face(name, bool(bold), bool(italic)))


def look(page_name: str) -> Look:
    return page_look(page(page_name))


@dataclass(frozen=True)
class QuickLayout:
    """The quick reference's page: margins, column gap and header band (points), the type
    sizes tried in turn and the most pages it may take."""

    margin: float
    gap: float
    header: float
    sizes: tuple[float, ...]
    pages: int


def quick_layout() -> QuickLayout:
    quick = _data("style.yaml")["quick"]
    return QuickLayout(
        quick["margin"] * mm,
        quick["gap"] * mm,
        quick["header"] * mm,
        tuple(float(size) for size in quick["body"]),
        int(quick["pages"]),
    )


def quick_page(page_name: str, size: float) -> Page:
    """A paper with the quick reference's margin and a type size."""
    paper = page(page_name)
    return Page(paper.name, paper.width, paper.height, quick_layout().margin, size)


def page_look(paper: Page) -> Look:
    """Every paragraph style on a page, from its type size."""
    return dataclasses.replace(_type_look(paper.body), page=paper)


@cache
def _type_look(size: float) -> Look:
    """The styles of a type size, shared by every page of that size (so the books of one
    text on A4 and Letter reuse their paragraphs' parses: see `paragraphs`)."""
    register_families()
    data = _data("style.yaml")
    paper = Page("", 0, 0, 0, size)
    leading = data["leading"]
    text = data["fonts"]["text"]
    condensed = data["fonts"]["condensed"]
    ink = color("ink")
    body = ParagraphStyle(
        "body",
        fontName=face(text),
        fontSize=size,
        leading=size * leading,
        textColor=ink,
        spaceAfter=size * 0.45,
        bulletFontName=face(text, bold=True),
        bulletFontSize=size,
        splitLongWords=1,
    )
    small = ParagraphStyle(
        "small", parent=body, fontSize=size * 0.85, leading=size * 0.85 * leading
    )
    cell = ParagraphStyle(
        "cell",
        parent=body,
        fontName=face(condensed),
        fontSize=size * 0.9,
        leading=size * 0.9 * 1.2,
        spaceAfter=0,
    )
    headings = []
    for depth, scale in enumerate(data["headings"]):
        heading_size = size * scale
        headings.append(
            ParagraphStyle(
                f"h{depth}",
                parent=body,
                fontName=face(text, bold=True),
                fontSize=heading_size,
                leading=heading_size * 1.2,
                textColor=color("accent"),
                spaceBefore=heading_size * (0.9 if depth else 0.4),
                spaceAfter=heading_size * 0.35,
                keepWithNext=1,
            )
        )
    return Look(
        page=paper,
        body=body,
        small=small,
        cell=cell,
        head_cell=ParagraphStyle("head_cell", parent=cell, fontName=face(condensed, bold=True)),
        caption=ParagraphStyle(
            "caption", parent=small, fontName=face(text, italic=True), keepWithNext=1
        ),
        headings=tuple(headings),
        title=ParagraphStyle(
            "title",
            parent=headings[0],
            fontSize=size * data["title"],
            leading=size * data["title"] * 1.15,
            spaceAfter=size,
        ),
        tagline=ParagraphStyle(
            "tagline",
            parent=body,
            fontName=face(text, italic=True),
            fontSize=size * 1.3,
            leading=size * 1.3 * leading,
            textColor=color("muted"),
            spaceAfter=size * 1.5,
        ),
        notice=ParagraphStyle(
            "notice",
            parent=small,
            textColor=color("prototype"),
            borderColor=color("prototype"),
            borderWidth=0.6,
            borderPadding=size * 0.4,
            spaceBefore=size * 0.6,
            spaceAfter=size,
        ),
        term=ParagraphStyle(
            "term",
            parent=body,
            fontName=face(text, bold=True),
            fontSize=size * 1.08,
            leading=size * 1.08 * 1.2,
            textColor=color("accent"),
            spaceBefore=size * 0.7,
            spaceAfter=size * 0.2,
            keepWithNext=1,
        ),
        icon_scale=float(data["icon"]),
        icon_drop=float(data["icon_drop"]),
    )
