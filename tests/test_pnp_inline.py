"""Faces placed once are drawn straight on their page, not as forms: the five games' kits
look the same as with every face a form, page for page and pixel for pixel."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from starpress.core.load import load_games
from starpress.pnp.kit import KitOptions
from starpress.pnp.kitbuilder import build_kit
from starpress.pnp.layout import load_templates
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
    assert set(drawn) == set(reference_forms)  # each face still found by its name
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
