"""Cut files for cutting machines, read back and laid on the printed sheets (in mm)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from starpress.pnp.marks import REGISTRATION
from tests.conftest import LAYOUT, POKER, run_cli
from tests.pdfread import MM, open_pdf, page_box, page_size, placements

SVG = "{http://www.w3.org/2000/svg}"
ROUNDED = LAYOUT.replace("  front:\n    boxes:", "  front:\n    radius: 3\n    boxes:")


def near(a: float, b: float, tolerance: float = 0.01) -> bool:
    return abs(a - b) <= tolerance


def cut_kit(project: Path, *options: str) -> tuple[Path, Path]:
    result = run_cli("pnp", "demo", "--cut", "svg", *options, cwd=project)
    assert result.returncode == 0, result.stderr
    kits = sorted((project / "build" / "pnp").glob("demo-en-*-cut.pdf"))
    assert len(kits) == 1
    folder = project / "build" / "pnp" / "cut" / kits[0].stem
    assert f"wrote build/pnp/cut/{kits[0].stem}/" in result.stdout
    return kits[0], folder


def svg_rects(root: ElementTree.Element, group: str) -> list[dict[str, str]]:
    found = root.find(f"{SVG}g[@id='{group}']")
    assert found is not None
    return [dict(element.attrib) for element in found]


def black_rects(page: pymupdf.Page) -> list[tuple[float, float, float, float]]:
    """The solid black filled rectangles drawn on a page (x, y from the top-left, w, h; mm)."""
    found = []
    for drawing in page.get_drawings():
        if drawing.get("fill") == (0.0, 0.0, 0.0) and drawing["type"] == "f":
            for item in drawing["items"]:
                if item[0] == "re":
                    rect = item[1]
                    found.append((rect.x0 / MM, rect.y0 / MM, rect.width / MM, rect.height / MM))
    return sorted(found)


def test_cut_paths_are_the_printed_trims(kit_project: Path) -> None:
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(ROUNDED, encoding="utf-8")
    kit, folder = cut_kit(kit_project)
    assert kit.name == "demo-en-a4-cut.pdf"
    doc = open_pdf(kit)
    assert sorted(path.name for path in folder.iterdir()) == ["page-01.svg", "page-03.svg"]
    for number in (0, 2):  # the front sheets; back pages are not cut
        root = ElementTree.parse(folder / f"page-{number + 1:02d}.svg").getroot()
        width, height = (round(side, 3) for side in page_size(doc, number))
        assert root.get("width") == f"{width:g}mm" and root.get("height") == f"{height:g}mm"
        assert root.get("viewBox") == f"0 0 {width:g} {height:g}"
        cuts = svg_rects(root, "cut")
        fronts = placements(doc, number)
        assert len(cuts) == len(fronts) == (9 if number == 0 else 1)
        # each cut path is a printed trim (SVG measures y from the top), corners rounded 3 mm
        trims = sorted(
            (round(x, 2), round(height - y - h, 2), round(w, 2), round(h, 2))
            for x, y, w, h in (placement.trim(3.0) for placement in fronts)
        )
        paths = sorted(
            (float(c["x"]), float(c["y"]), float(c["width"]), float(c["height"])) for c in cuts
        )
        assert all(
            all(near(a, b, 0.01) for a, b in zip(trim, path, strict=True))
            for trim, path in zip(trims, paths, strict=True)
        )
        assert {(c["rx"], c["ry"]) for c in cuts} == {("3", "3")}
        assert {(float(c["width"]), float(c["height"])) for c in cuts} == {POKER}
        # the registration marks are the printed ones, rectangle for rectangle
        marks = sorted(
            (float(m["x"]), float(m["y"]), float(m["width"]), float(m["height"]))
            for m in svg_rects(root, "registration")
        )
        printed = black_rects(doc[number])
        assert len(marks) == len(printed) == 5
        for mark, drawn in zip(marks, printed, strict=True):
            assert all(near(a, b, 0.01) for a, b in zip(mark, drawn, strict=True))
        # the square 5 mm from the top-left corner, the Ls at the other two corners
        assert (5.0, 5.0, 5.0, 5.0) in marks
        assert (width - 25.0, 5.0, 20.0, 0.5) in marks
        assert (5.0, height - 25.0, 0.5, 20.0) in marks
    # nine poker cards still fit A4: the marks stand clear of every bleed
    trim = page_box(doc, 0, "TrimBox")
    assert near(trim[2] - trim[0], 3 * POKER[0]) and near(trim[3] - trim[1], 3 * POKER[1])


def test_round_tokens_are_cut_round(kit_project: Path) -> None:
    round_layout = LAYOUT.replace("  front:\n    boxes:", "  front:\n    shape: round\n    boxes:")
    components = kit_project / "content" / "demo" / "components.yaml"
    components.write_text(components.read_text().replace("size: poker", "size: 30x30"))
    (kit_project / "templates" / "cards" / "demo.yaml").write_text(round_layout)
    kit, folder = cut_kit(kit_project)
    root = ElementTree.parse(folder / "page-01.svg").getroot()
    cut = root.find(f"{SVG}g[@id='cut']")
    assert cut is not None
    ellipses = [element.attrib for element in cut if element.tag == f"{SVG}ellipse"]
    assert len(ellipses) == 10 and {(e["rx"], e["ry"]) for e in ellipses} == {("15", "15")}
    doc = open_pdf(kit)
    height = page_size(doc, 0)[1]
    centres = sorted(
        (x + w / 2, height - (y + h / 2))
        for x, y, w, h in (placement.trim(3.0) for placement in placements(doc, 0))
    )
    paths = sorted((float(e["cx"]), float(e["cy"])) for e in ellipses)
    for (x, y), (cx, cy) in zip(centres, paths, strict=True):
        assert near(x, cx) and near(y, cy)


def test_the_margin_grows_only_when_a_mark_would_touch_a_bleed(kit_project: Path) -> None:
    """On Letter, nine poker cards leave 3.35 mm above and below their bleed: no room for
    the marks, so the sheet is laid out again inside a margin that clears them."""
    kit, _folder = cut_kit(kit_project, "--paper", "letter")
    doc = open_pdf(kit)
    reach = REGISTRATION.reach / MM
    for page in range(0, doc.page_count, 2):
        for placement in placements(doc, page):
            x, y, w, h = placement.trim(3.0)
            width, height = page_size(doc, page)
            assert x - 3 >= reach - 0.01 and y - 3 >= reach - 0.01
            assert x + w + 3 <= width - reach + 0.01 and y + h + 3 <= height - reach + 0.01


def test_the_cut_file_lies_on_the_printed_sheet_pixel_for_pixel(kit_project: Path) -> None:
    """Both rasterised at 100 dpi: every pixel of the SVG's registration marks is black on
    the printed sheet, and the cut lines run along the cards' edges."""
    kit, folder = cut_kit(kit_project)
    dpi = 100
    with pymupdf.open(kit) as doc, pymupdf.open(folder / "page-01.svg") as svg:
        printed = Image.open(io.BytesIO(doc[0].get_pixmap(dpi=dpi).tobytes("png"))).convert("RGB")
        drawn = svg[0].get_pixmap(dpi=dpi, alpha=True)
        cut = Image.open(io.BytesIO(drawn.tobytes("png"))).convert("RGBA")
    assert cut.size == printed.size
    width = cut.width
    drawn_bytes, printed_bytes = cut.tobytes(), printed.tobytes()
    drawn_pixels = [tuple(drawn_bytes[n : n + 4]) for n in range(0, len(drawn_bytes), 4)]
    printed_pixels = [tuple(printed_bytes[n : n + 3]) for n in range(0, len(printed_bytes), 3)]
    marks = [n for n, (r, g, b, a) in enumerate(drawn_pixels) if a > 250 and r == g == b == 0]
    assert len(marks) > 300
    assert all(max(printed_pixels[n]) < 60 for n in marks)
    # the cut lines' leftmost pixels: the first column's left trim, where the crop marks
    # above and below the block point
    red = [n for n, (r, g, _b, a) in enumerate(drawn_pixels) if a > 100 and r > 200 and g < 80]
    left = min(n % width for n in red)
    assert abs(left - (210 - 3 * POKER[0]) / 2 / 25.4 * dpi) <= 1
    crop_mark_columns = {
        n % width
        for n in range(width * 5, width * 60)  # the top margin, above the bleed
        if max(printed_pixels[n]) < 100 and n % width < width // 4
    }
    assert any(abs(column - left) <= 1 for column in crop_mark_columns)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--fold",), "error: --cut makes sheets for a cutting machine; a --fold sheet"),
        (("--watch",), "error: --cut does not go with --watch or --card"),
    ],
)
def test_cut_refuses_what_a_machine_cannot_cut(
    kit_project: Path, options: tuple[str, ...], message: str
) -> None:
    result = run_cli("pnp", "demo", "--cut", "svg", *options, cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.strip().startswith(message), result.stderr
    assert not (kit_project / "build").exists()
