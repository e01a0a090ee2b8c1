"""Card anatomy pictures: drawn from the layout's boxes, in mm, with the data boxes
numbered and labelled (text escaped), and on the site in every language."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from starpress.core.load import load_games
from starpress.core.model import LANGUAGES, size_mm
from starpress.pnp.anatomy import anatomy_plan, parts
from starpress.pnp.layout import load_templates
from starpress.site.anatomy import anatomy_svg
from tests.conftest import ROOT
from tests.site_fixture import built_site

SVG = "{http://www.w3.org/2000/svg}"


def _hired_paw() -> tuple[object, float, float, dict[str, str]]:
    game = load_games(ROOT, ["afternova"])["afternova"]
    templates = load_templates(ROOT, game)
    layout = templates.front("afternova.component.hired-paw")
    width, height = size_mm("poker")
    return layout, width, height, templates.colors


def test_parts_are_the_data_boxes_where_the_layout_puts_them() -> None:
    layout, width, height, _ = _hired_paw()
    found = {part.field: (part.x, part.y, part.w, part.h) for part in parts(layout, width, height)}  # type: ignore[arg-type]
    # templates/cards/afternova.yaml: title x 4, y 3, w -8mm, h 9; skills x 5, y 61, w -10mm, h 15;
    # kind (the component's name) x 4, y -8mm, w -8mm, h 4.5; emblem (the portrait icon a
    # card names) x 19, y 25, w 25.5, h 25.5
    assert list(found) == ["name", "component", "portrait", "skills"]
    assert found["portrait"] == pytest.approx((19, 25, 25.5, 25.5))
    assert found["name"] == pytest.approx((4, 3, width - 8, 9))
    assert found["skills"] == pytest.approx((5, 61, width - 10, 15))
    assert found["component"] == pytest.approx((4, height - 8, width - 8, 4.5))


def test_labels_and_title_are_escaped_text_with_alt_text() -> None:
    layout, _width, _height, _colors = _hired_paw()
    game = load_games(ROOT, ["afternova"])["afternova"]
    plan = anatomy_plan(load_templates(ROOT, game), game)["afternova.component.hired-paw"]
    svg = anatomy_svg(plan, 'Paw <script>"x"</script>', lambda f: f"<b>{f}</b> & co")
    assert "<script>" not in svg and "<b>" not in svg
    tree = ElementTree.fromstring(svg)
    assert tree.get("role") == "img"
    assert tree.get("aria-label") == (
        'Paw <script>"x"</script>: 1 <b>name</b> & co, 2 <b>component</b> & co, '
        "3 <b>portrait</b> & co, 4 <b>skills</b> & co"
    )
    assert tree.find(f"{SVG}title").text == 'Paw <script>"x"</script>'  # type: ignore[union-attr]
    shown = [element.text for element in tree.iter(f"{SVG}text")]
    assert (
        "<b>skills</b> & co" in shown and shown.count("4") == 2
    )  # badge on the card and in the legend
    # every box of the layout is outlined: one shape per box, besides the card and badges
    shapes = [e for e in tree if e.tag in (f"{SVG}rect", f"{SVG}ellipse", f"{SVG}line")]
    assert len(shapes) == 1 + len(layout.boxes)  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_gallery_shows_a_labelled_anatomy_for_each_card_kind(lang: str) -> None:
    """Each card and aid with a layout has its picture on the gallery and the components
    page, every label in the page's language (never a bare field name, but in English
    where the word is the same)."""
    from starpress.site import messages as site_messages

    labels = site_messages.anatomy_labels(ROOT)
    site = built_site() / lang
    for game_id, game in load_games(ROOT).items():
        templates = load_templates(ROOT, game)
        expected = [
            c.id
            for c in game.components
            if c.kind in ("card", "aid") and c.id in templates.components and game.cards_of(c.id)
        ]
        for page in ("cards", "components"):
            text = (site / game_id / page / "index.html").read_text("utf-8")
            pictures = re.findall(r'<svg [^>]*class="sp-anatomy-picture"[^>]*>', text)
            assert len(pictures) == len(expected), (game_id, page)
        for component_id in expected:
            layout = templates.front(component_id)
            width, height = size_mm(layout.size or game.component(component_id).size or "poker")
            for part in parts(layout, width, height):
                assert part.field in labels, (game_id, component_id, part.field)
