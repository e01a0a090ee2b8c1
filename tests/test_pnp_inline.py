"""Faces placed once are drawn straight on their page, not as forms, with their layout's
fixed shapes placed from one form per run (compiled layouts): the five games' kits look the
same as with every face a form drawing every box, page for page and pixel for pixel."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
from reportlab.pdfgen.canvas import Canvas

from starpress.core.load import load_games
from starpress.pdf.icons import IconForms
from starpress.pdf.units import MM
from starpress.pnp.boxes import Box, Defaults
from starpress.pnp.faces import FaceContext, FaceSize, Fixed, compile_layout
from starpress.pnp.kit import KitOptions
from starpress.pnp.kitbuilder import build_kit
from starpress.pnp.layout import ResolvedLayout, Templates, load_templates
from tests.conftest import ROOT
from tests.pdfread import Placement, forms, open_pdf, placements

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]


def _both(game_id: str, options: KitOptions, tmp_path: Path) -> tuple[Path, Path]:
    """The kit as built, and the same kit with every face a form."""
    game = load_games(ROOT, [game_id])[game_id]
    templates = load_templates(ROOT, game)
    folder = ROOT / "content" / game_id
    paths = []
    for every in (False, True):
        out = tmp_path / ("forms" if every else "inline")
        report = build_kit(game, templates, folder, options, out, every_face_a_form=every)
        paths.append(report.path)
    return paths[0], paths[1]


def _rounded(placed: Placement) -> tuple[object, ...]:
    return (placed.form, placed.clip, placed.turn, *(round(v, 3) for v in placed.footprint))


def _pixels(doc: pymupdf.Document, number: int) -> bytes:
    return doc[number].get_pixmap(dpi=60, alpha=False).samples


@pytest.mark.parametrize(
    ("game_id", "options"),
    [(game, KitOptions(lang="en")) for game in GAMES]
    + [
        ("afternova", KitOptions(lang="en", fold=True)),
        ("luna-maris", KitOptions(lang="en", proof=True)),
        ("aristeia", KitOptions(lang="en", duplex="none", cut=True)),
    ],
)
def test_pages_are_the_same_with_faces_drawn_on_the_page(
    game_id: str, options: KitOptions, tmp_path: Path
) -> None:
    inline_path, forms_path = _both(game_id, options, tmp_path)
    inline, reference = open_pdf(inline_path), open_pdf(forms_path)
    assert inline.page_count == reference.page_count
    on_page = 0
    for number in range(reference.page_count):
        assert _pixels(inline, number) == _pixels(reference, number), f"page {number + 1}"
        found, expected = placements(inline, number), placements(reference, number)
        # every card found, where it was (a form's box is read back in single precision)
        assert [_rounded(placed) for placed in found] == [
            _rounded(placed) for placed in expected
        ], f"page {number + 1}"
        names = {xref_name for _x, xref_name, *_ in inline[number].get_xobjects()}
        on_page += sum(f"FormXob.{placed.form}" not in names for placed in found)
    drawn, reference_forms = forms(inline), forms(reference)
    fixed = {name for name in drawn if name.startswith("fixed-")}  # layouts' fixed shapes
    assert set(drawn) - fixed == set(reference_forms)  # each face still found by its name
    assert on_page > 0  # some faces are placed once: those were drawn on their pages


def test_a_face_placed_once_is_no_form_and_one_placed_often_is(tmp_path: Path) -> None:
    inline_path, _forms_path = _both("afternova", KitOptions(lang="en"), tmp_path)
    doc = open_pdf(inline_path)
    game = load_games(ROOT, ["afternova"])["afternova"]
    counts = {card.id: card.count for card in game.cards}
    form_names = {
        name.removeprefix("FormXob.") for page in doc for _x, name, *_ in page.get_xobjects()
    }
    fronts = {
        placed.card
        for number in range(doc.page_count)
        for placed in placements(doc, number)
        if placed.side == "front"
    }
    assert {card for card in fronts if counts[card] == 1}  # the test reads something
    for card in fronts:
        assert (f"front-{card}" in form_names) == (counts[card] > 1), card


def test_a_layouts_fixed_shapes_are_one_form_placed_by_its_faces(tmp_path: Path) -> None:
    inline_path, _forms_path = _both("afternova", KitOptions(lang="en"), tmp_path)
    drawings = forms(open_pdf(inline_path))
    fixed = {name: stream for name, stream in drawings.items() if name.startswith("fixed-")}
    assert fixed
    assert all(b"BT" not in stream for stream in fixed.values())  # texts stay with each card
    placed = Counter(
        found.decode()
        for name, stream in drawings.items()
        if not name.startswith("fixed-")
        for found in re.findall(rb"/FormXob\.(fixed-\d+) Do", stream)
    )
    assert set(placed) == set(fixed)
    assert sum(placed.values()) > len(fixed)  # each form shared by faces


def _layout(*boxes: Box) -> ResolvedLayout:
    return ResolvedLayout("front", "rect", None, "3mm", "shared", "3mm", boxes)


def _steps(layout: ResolvedLayout) -> list[str]:
    """What a compiled layout draws in turn: `fixed` for a run of fixed shapes, else the box."""
    canvas = Canvas(io.BytesIO())
    templates = Templates(Path("cards.yaml"), {"ink": "#123456"}, Defaults(), {}, {})
    context = FaceContext(canvas, IconForms(canvas, {}, Path()), templates, "g", {}, Path())
    size = FaceSize(63 * MM, 88 * MM, 3 * MM)
    return [
        "fixed:" + "+".join(box.name for box, _frame in step.boxes)
        if isinstance(step, Fixed)
        else step[0].name
        for step in compile_layout(context, layout, size).steps
    ]


def test_compiled_layout_keeps_every_box_in_drawing_order() -> None:
    layout = _layout(
        Box(name="background", type="rect", full_bleed=True, fill="ink"),
        Box(name="frame", type="rect", x=3, y=3, w="-6mm", h="-6mm", stroke="#000000"),
        Box(name="title", type="text", text="{name}"),
        Box(name="badge", type="ellipse", w=10, h=10, fill="ink"),
        Box(name="band", type="rect", h=5, fill="{color}"),  # a colour from the card
        Box(name="flag", type="rect", h=5, fill="ink", when="flag"),  # only on some cards
        Box(name="rule", type="line", h=0, stroke="ink"),
    )
    assert _steps(layout) == [
        "fixed:background+frame",
        "title",
        "fixed:badge",
        "band",
        "flag",
        "fixed:rule",
    ]


def test_a_line_painted_by_the_colour_before_it_keeps_the_layout_whole() -> None:
    # a form leaves the graphics state as it found it: the line would lose its colour
    layout = _layout(
        Box(name="frame", type="rect", stroke="#000000"),
        Box(name="rule", type="line", h=0),
    )
    assert _steps(layout) == ["frame", "rule"]
    unknown = _layout(Box(name="panel", type="rect", fill="nocolour"))
    assert _steps(unknown) == ["panel"]  # drawn with each card, whose line reports it
