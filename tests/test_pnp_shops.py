"""Print-shop presets: each preset's files read back (pixels, DPI, page boxes in mm, colour
operators), its manifest, what it leaves out and what crosses its safe zone."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from PIL import Image

from starpress.pnp.shops import load_shops, product_for
from tests.conftest import LAYOUT, POKER, run_cli
from tests.pdfread import fonts_not_embedded, page_box, page_size, placements

SHOPS = load_shops()


def near(a: float, b: float, tolerance: float = 0.01) -> bool:
    return abs(a - b) <= tolerance


def shop_files(project: Path, shop: str, *options: str) -> tuple[Path, str]:
    result = run_cli("pnp", "demo", "--shop", shop, *options, cwd=project)
    assert result.returncode == 0, result.stderr
    folder = project / "build" / "pnp" / "shop" / shop / "demo-en"
    assert f"wrote build/pnp/shop/{shop}/demo-en/" in result.stdout
    assert not list((project / "build" / "pnp").glob("*.pdf"))  # the upload, not a kit
    return folder, result.stderr


def manifest(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "manifest.json").read_text())
    with (folder / "manifest.csv").open(newline="") as table:
        rows = list(csv.DictReader(table))
    assert [row["card"] for row in rows] == [card["card"] for card in data["cards"]]
    assert [int(row["count"]) for row in rows] == [card["count"] for card in data["cards"]]
    return data


def test_every_preset_is_complete() -> None:
    """The presets load (pydantic checks each one whole), and every value a shop's files
    need is there: a new shop is a data change, and a broken one fails here."""
    assert {"the-game-crafter", "makeplayingcards", "printplaygames", "images-with-bleed"} <= set(
        SHOPS
    )
    for name, shop in SHOPS.items():
        assert shop.checked and shop.unchecked, name  # what was and was not verified
        assert 0 < shop.bleed_mm <= 10 and 0 < shop.safe_mm <= 10


@pytest.mark.parametrize(
    ("shop", "pixels"),
    [
        ("the-game-crafter", (825, 1125)),  # 2.5 x 3.5 in + 1/8 in bleed at 300 dpi
        ("makeplayingcards", (822, 1122)),  # MPC's own numbers
        ("images-with-bleed", (821, 1121)),  # 63.5 x 88.9 mm + 3 mm bleed at 300 dpi
    ],
)
def test_image_shops_write_one_image_per_face(
    kit_project: Path, shop: str, pixels: tuple[int, int]
) -> None:
    folder, stderr = shop_files(kit_project, shop)
    # the demo's own text keeps inside every safe zone; the PROTOTYPE tag does not
    safe = f"{SHOPS[shop].safe_mm:.1f}"
    assert stderr.splitlines() == [
        f"safe zone: card front: text 'PROTOTYPE' comes 1.8 mm from the trim (safe zone "
        f"{safe} mm) on 1 card(s), e.g. demo.card.king"
    ]
    images = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.png"))
    assert images == [
        "card/ace-front.png",
        "card/back.png",
        "card/king-back.png",
        "card/king-front.png",
    ]
    for path in folder.rglob("*.png"):
        image = Image.open(path)
        assert image.size == pixels and image.mode == "RGB"
        assert [round(value) for value in image.info["dpi"]] == [300, 300]
    data = manifest(folder)
    assert data["shop"] == shop and data["dpi"] == 300 and data["copies"] == 10
    assert [
        (card["card"], card["count"], card["front"], card["back"]) for card in data["cards"]
    ] == [
        ("demo.card.ace", 7, "card/ace-front.png", "card/back.png"),
        ("demo.card.king", 3, "card/king-front.png", "card/king-back.png"),
    ]
    assert data["left_out"] == [] and len(data["safe_zone"]) == 1


def test_an_image_is_the_face_with_the_shops_bleed(kit_project: Path) -> None:
    """The Game Crafter's ace: the card's background fills the 1/8 in of bleed to the edge,
    and the file is the kit's face at 300 dpi (the text's first ink 4 mm + bleed in)."""
    folder, _ = shop_files(kit_project, "the-game-crafter")
    image = Image.open(folder / "card" / "ace-front.png").convert("RGB")
    for corner in ((2, 2), (822, 1122)):
        pixel = image.getpixel(corner)
        assert isinstance(pixel, tuple)
        assert all(abs(a - b) <= 2 for a, b in zip(pixel, (0xF0, 0xE8, 0xD8), strict=True))
    dark = [x for x in range(0, 200) if max(image.getpixel((x, 110))) < 120]
    first = min(dark)  # the title's first glyph, on a row through it
    assert abs(first - round((3.175 + 4) / 25.4 * 300)) <= 6


def test_landscape_cards_are_turned_to_the_shops_portrait(kit_project: Path) -> None:
    """A landscape card matches poker turned: its front is turned a quarter anticlockwise,
    its back clockwise (so it lands upright behind the front), both 825 x 1125 px."""
    components = kit_project / "content" / "demo" / "components.yaml"
    components.write_text(components.read_text().replace("size: poker", "size: 88.9x63.5"))
    corner = '      - {name: corner, type: rect, x: 0, y: 0, w: 12, h: 12, fill: "#ff0000"}\n'
    layout = LAYOUT.replace("      - {name: title,", corner + "      - {name: title,", 1).replace(
        "      - {name: text, type: text, x: 4, y: 40,",
        corner + "      - {name: text, type: text, x: 4, y: 40,",
    )
    (kit_project / "templates" / "cards" / "demo.yaml").write_text(layout)
    folder, _ = shop_files(kit_project, "the-game-crafter")
    front = Image.open(folder / "card" / "ace-front.png").convert("RGB")
    back = Image.open(folder / "card" / "back.png").convert("RGB")
    assert front.size == back.size == (825, 1125)
    red = (255, 0, 0)
    # the card's top-left corner: bottom-left once turned anticlockwise, top-right clockwise
    assert front.getpixel((60, 1125 - 60)) == red and front.getpixel((60, 60)) != red
    assert back.getpixel((825 - 60, 60)) == red and back.getpixel((60, 60)) != red
    assert manifest(folder)["cards"][0]["product"] == "poker"


def test_a_size_the_shop_does_not_print_is_left_out_and_listed(kit_project: Path) -> None:
    components = kit_project / "content" / "demo" / "components.yaml"
    components.write_text(components.read_text().replace("size: poker", "size: 30x30"))
    folder, stderr = shop_files(kit_project, "makeplayingcards")
    assert stderr.splitlines() == [
        "left out: card: 10 card(s) of 30 x 30 mm, a size MakePlayingCards (MPC) does not "
        "print in this preset (poker 63.5 x 88.9 mm)"
    ]
    assert not list(folder.rglob("*.png"))
    assert manifest(folder)["cards"] == []
    # the generic preset writes every face at its own size
    folder, _ = shop_files(kit_project, "images-with-bleed")
    assert Image.open(folder / "card" / "ace-front.png").size == (425, 425)  # 36 mm at 300 dpi


def test_a_size_within_tolerance_is_printed_at_the_shops_size() -> None:
    """70 x 120 mm (our tarot) is The Game Crafter's 2.75 x 4.75 in, within 1 mm."""
    shop = SHOPS["the-game-crafter"]
    product = product_for(shop, 70.0, 120.0)
    assert product is not None and product.name == "tarot"
    assert near(product.width, 69.85) and near(product.height, 120.65)
    assert product_for(shop, 72.0, 120.0) is None
    assert product_for(SHOPS["images-with-bleed"], 18.0, 18.0) is not None


def test_text_crossing_the_safe_zone_is_listed(kit_project: Path) -> None:
    near_edge = LAYOUT.replace(
        "{name: title, type: text, x: 4, y: 4,", "{name: title, type: text, x: 1, y: 4,"
    )
    (kit_project / "templates" / "cards" / "demo.yaml").write_text(near_edge)
    folder, stderr = shop_files(kit_project, "the-game-crafter")
    [line] = stderr.splitlines()  # one line per component, side and kind: the closest
    match = re.fullmatch(
        r"safe zone: card front: text '(Ace|King)' comes (\d\.\d) mm from the trim "
        r"\(safe zone 3\.2 mm\) on 2 card\(s\), e\.g\. demo\.card\.ace",
        line,
    )
    assert match is not None, line
    assert 1.0 <= float(match.group(2)) <= 1.3  # the box starts 1 mm in; glyphs a little more
    assert manifest(folder)["safe_zone"] == [line.removeprefix("safe zone: ")]


def _colour_operators(doc: pymupdf.Document) -> set[str]:
    """The colour operators of every page's drawing and of every form it draws."""
    streams = [doc.xref_stream(xref) for page in doc for xref in page.get_contents()]
    streams += [doc.xref_stream(xref) for page in doc for xref, *_ in page.get_xobjects()]
    found: set[str] = set()
    for stream in streams:
        text = stream.decode("latin-1")
        found |= set(re.findall(r"(?<![\w/])(rg|RG|k|K|g|G|sc|SC|scn|SCN)(?![\w])", text))
    return found


def test_cmyk_pdf_has_a_page_per_face_in_cmyk(kit_project: Path) -> None:
    folder, _ = shop_files(kit_project, "pdf-cmyk")
    assert sorted(path.name for path in folder.iterdir()) == [
        "card.pdf",
        "manifest.csv",
        "manifest.json",
    ]
    with pymupdf.open(folder / "card.pdf") as doc:
        assert doc.page_count == 4  # ace, its back, king, its back
        assert fonts_not_embedded(doc) == set()  # a print shop substitutes no font
        for page in range(doc.page_count):
            width, height = page_size(doc, page)
            assert near(width, POKER[0] + 6) and near(height, POKER[1] + 6)
            trim = page_box(doc, page, "TrimBox")
            assert all(near(a, b) for a, b in zip(trim, (3, 3, 66.5, 91.9), strict=True))
            assert page_box(doc, page, "BleedBox") == pytest.approx((0, 0, width, height), abs=0.01)
        operators = _colour_operators(doc)
        assert {"k", "K"} & operators and not {"rg", "RG", "sc", "scn", "SC", "SCN"} & operators
    data = manifest(folder)
    assert data["colour"] == "cmyk"
    assert [(card["count"], card["front"]) for card in data["cards"]] == [
        (7, "card.pdf"),
        (3, "card.pdf"),
    ]


def test_print_and_play_games_sheets(kit_project: Path) -> None:
    """12 x 18 in sheets of 18 turned poker cards at Squib's printplaygames_18up centres,
    each card with its own 1/8 in bleed; every sheet of fronts followed by its backs,
    mirrored across the sheet."""
    folder, _ = shop_files(kit_project, "printplaygames")
    with pymupdf.open(folder / "card.pdf") as doc:
        assert doc.page_count == 2
        width, height = page_size(doc, 0)
        assert near(width, 304.8) and near(height, 457.2)
        inch = 25.4
        centres_x = [2.3 * inch, 6 * inch, 9.7 * inch]
        centres_y = [2.165 * inch, 4.915 * inch, 7.665 * inch, 10.415 * inch]
        bleed = 3.175
        fronts = placements(doc, 0)
        assert len(fronts) == 10 and {p.turn for p in fronts} == {90}
        for number, placement in enumerate(fronts):
            x, y, w, h = placement.trim(bleed)
            assert near(w, POKER[1]) and near(h, POKER[0])  # turned: 88.9 wide
            assert near(x + w / 2, centres_x[number % 3])
            assert near(height - (y + h / 2), centres_y[number // 3])
            assert near(placement.clip[2], w + 2 * bleed) and near(placement.clip[3], h + 2 * bleed)
        backs = placements(doc, 1)
        assert len(backs) == 10 and {p.turn for p in backs} == {-90}
        for front, back in zip(fronts, backs, strict=True):
            fx, fy, fw, _ = front.trim(bleed)
            bx, by, _, _ = back.trim(bleed)
            assert near(bx, width - fx - fw) and near(by, fy)
    cards = manifest(folder)["cards"]
    assert [(card["count"], card["front"], card["back"]) for card in cards] == [
        (7, "card.pdf", "card.pdf"),
        (3, "card.pdf", "card.pdf"),
    ]


def test_only_writes_the_chosen_cards(kit_project: Path) -> None:
    folder, _ = shop_files(kit_project, "the-game-crafter", "--only", "king")
    assert sorted(path.name for path in folder.rglob("*.png")) == [
        "king-back.png",
        "king-front.png",
    ]
    assert [card["count"] for card in manifest(folder)["cards"]] == [1]


def test_a_second_run_leaves_no_stale_file(kit_project: Path) -> None:
    folder, _ = shop_files(kit_project, "the-game-crafter")
    (folder / "card" / "old-front.png").write_bytes(b"stale")
    shop_files(kit_project, "the-game-crafter", "--only", "ace")
    assert sorted(path.name for path in folder.rglob("*.png")) == ["ace-front.png", "back.png"]
