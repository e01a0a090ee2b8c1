"""Papers and printer profiles: sizes parsed, profiles saved and applied, every page checked
in mm from the PDFs written."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path

import pymupdf
import pytest
import yaml
from PIL import Image, ImageChops

from starpress.pnp.paper import PaperError, paper_size, parse_paper
from tests.conftest import POKER, build, run_cli
from tests.pdfread import MM, open_pdf, page_box, page_size, placements


def near(a: float, b: float, tolerance: float = 0.05) -> bool:
    return abs(a - b) <= tolerance


@pytest.fixture(autouse=True)
def user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's config folder, inside the test's folder (never the real one)."""
    folder = tmp_path / "user-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    return folder


# -- papers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "size"),
    [
        ("a4", "a4", (210.0, 297.0)),
        ("A5", "a5", (148.0, 210.0)),
        ("tabloid", "tabloid", (279.4, 431.8)),
        ("half-letter", "half-letter", (139.7, 215.9)),
        ("legal", "legal", (215.9, 355.6)),
        ("200x300mm", "200x300mm", (200.0, 300.0)),
        (" 8.5 x 14 IN ", "8.5x14in", (215.9, 355.6)),
        ("12x18in", "12x18in", (304.8, 457.2)),
    ],
)
def test_papers_by_name_or_size(text: str, name: str, size: tuple[float, float]) -> None:
    paper = parse_paper(text)
    assert paper.name == name
    assert near(paper.width, size[0]) and near(paper.height, size[1])
    assert paper_size(paper.name) == (paper.width, paper.height)  # kits keep only the name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a0", "'a0' is not a paper: use a name (a4, letter, a3, a5, legal, tabloid, half-letter"),
        ("210x297cm", "'210x297cm' is not a paper"),
        ("1e3x1e3mm", "'1e3x1e3mm' is not a paper"),
        ("60x297mm", "60x297mm: each side of the paper must be between 70 and 1500 mm"),
        ("100x80in", "100x80in: each side of the paper must be between 70 and 1500 mm"),
    ],
)
def test_a_bad_paper_says_what_a_paper_is(text: str, message: str) -> None:
    with pytest.raises(PaperError, match=re.escape(message)):
        parse_paper(text)


def test_a_custom_paper_is_filled_with_cards(kit_project: Path) -> None:
    """250 × 200 mm inside 5 mm margins holds 3 × 2 poker cards (turned: 2 × 2)."""
    result = run_cli("pnp", "demo", "--paper", "250x200mm", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    doc = open_pdf(kit_project / "build" / "pnp" / "demo-en-250x200mm.pdf")
    assert all(near(a, b) for a, b in zip(page_size(doc, 0), (250, 200), strict=True))
    assert doc.page_count == 4  # 6 fronts, their backs, 4 fronts, their backs
    fronts = placements(doc, 0)
    assert len(fronts) == 6 and {p.turn for p in fronts} == {0}
    for placement in fronts:
        x, y, width, height = placement.trim(3.0)
        assert near(width, POKER[0]) and near(height, POKER[1])
        assert x >= 5 - 0.01 and x + width <= 245 + 0.01
        assert y >= 5 - 0.01 and y + height <= 195 + 0.01
    trim = page_box(doc, 0, "TrimBox")  # the block, centred on the page
    assert near(trim[2] - trim[0], 3 * POKER[0]) and near(trim[3] - trim[1], 2 * POKER[1])
    assert near(trim[0], (250 - 3 * POKER[0]) / 2) and near(trim[1], (200 - 2 * POKER[1]) / 2)
    assert Counter(p.card for p in placements(doc, 2)) == {"demo.card.ace": 1, "demo.card.king": 3}


def test_a_named_paper_of_the_presets(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, paper="tabloid"))
    assert all(near(a, b) for a, b in zip(page_size(doc, 0), (279.4, 431.8), strict=True))
    assert len(placements(doc, 0)) == 10  # 4 x 4 would fit: the whole deck on one sheet


# -- printer profiles ------------------------------------------------------------------------


def save(project: Path, *options: str) -> str:
    result = run_cli("printer", "save", *options, cwd=project)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_a_profile_is_saved_once_and_updated(kit_project: Path, user_config: Path) -> None:
    said = save(
        kit_project, "office", "--back-offset", "0.5,-1", "--scale", "100.4,99.8",
        "--paper", "letter", "--duplex", "short",
    )  # fmt: skip
    assert said == (
        "saved printer 'office' in printers.yaml: paper letter, duplex short, "
        "back offset +0.5,-1 mm, scale 100.4 % x 99.8 %"
    )
    data = yaml.safe_load((kit_project / "printers.yaml").read_text())
    assert data == {
        "printers": {
            "office": {
                "paper": "letter",
                "duplex": "short",
                "back_offset": [0.5, -1.0],
                "scale": [100.4, 99.8],
            }
        }
    }
    save(kit_project, "office", "--back-offset", "1,0")  # the rest is kept
    save(kit_project, "home", "--scale", "99.5")
    data = yaml.safe_load((kit_project / "printers.yaml").read_text())["printers"]
    assert data["office"] == {**data["office"], "back_offset": [1.0, 0.0], "paper": "letter"}
    assert data["home"] == {
        "paper": "a4",
        "duplex": "long",
        "back_offset": [0.0, 0.0],
        "scale": [99.5, 99.5],
    }
    assert not user_config.exists()  # nothing outside the project unless asked
    listed = run_cli("printer", "list", cwd=kit_project).stdout.splitlines()
    assert listed == [
        "office (printers.yaml): paper letter, duplex short, back offset +1,+0 mm, "
        "scale 100.4 % x 99.8 %",
        "home (printers.yaml): paper a4, duplex long, back offset +0,+0 mm, scale 99.5 %",
    ]


def test_a_user_profile_lives_in_the_config_folder(kit_project: Path, user_config: Path) -> None:
    said = save(kit_project, "laptop", "--back-offset", "0,1.5", "--user")
    assert "in $XDG_CONFIG_HOME/starpress/printers.yaml" in said
    assert (user_config / "starpress" / "printers.yaml").is_file()
    assert not (kit_project / "printers.yaml").exists()
    result = run_cli("pnp", "demo", "--printer", "laptop", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    assert "demo-en-a4-offset+0x+1.5mm.pdf" in result.stdout


def test_printer_applies_paper_flip_offset_and_scale(kit_project: Path) -> None:
    """The profile's values land in the kit: its paper, its flip, its back offset (backs
    only), and its scale about each page's centre (TrimBox, BleedBox and the drawing)."""
    save(
        kit_project, "office", "--back-offset", "1,-0.5", "--scale", "101,99",
        "--paper", "letter", "--duplex", "short",
    )  # fmt: skip
    result = run_cli("pnp", "demo", "--printer", "office", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    name = "demo-en-letter-duplex-short-offset+1x-0.5mm-scale101x99pct.pdf"
    assert f"wrote build/pnp/{name}" in result.stdout
    profiled = open_pdf(kit_project / "build" / "pnp" / name)
    plain = open_pdf(build(kit_project, paper="letter", duplex="short", back_offset=(1.0, -0.5)))
    width, height = 215.9, 279.4
    assert all(near(a, b) for a, b in zip(page_size(profiled, 0), (width, height), strict=True))
    for page in range(plain.page_count):
        for box in ("TrimBox", "BleedBox"):
            scaled = page_box(profiled, page, box)
            true = page_box(plain, page, box)
            expected = (
                width / 2 + 1.01 * (true[0] - width / 2),
                height / 2 + 0.99 * (true[1] - height / 2),
                width / 2 + 1.01 * (true[2] - width / 2),
                height / 2 + 0.99 * (true[3] - height / 2),
            )
            assert all(near(a, b, 0.01) for a, b in zip(scaled, expected, strict=True)), box
        # the page is drawn through the scale about its centre, the faces where the kit puts them
        stream = profiled[page].read_contents().decode("latin-1")
        first = re.search(r"\bq\s+([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm", stream)
        assert first is not None and stream.index("FormXob") > first.end()
        a, d, e, f = (float(value) for value in first.groups())
        assert (a, d) == (1.01, 0.99)
        assert near(e / MM, width / 2 * (1 - 1.01)) and near(f / MM, height / 2 * (1 - 0.99))
        assert placements(profiled, page) == placements(plain, page)
    # the offset moved the backs only, by 1, -0.5 mm
    unshifted = open_pdf(build(kit_project, paper="letter", duplex="short"))
    front, back = placements(unshifted, 0)[0], placements(unshifted, 1)[0]
    assert placements(plain, 0)[0] == front
    shifted = placements(plain, 1)[0]
    assert near(shifted.x - back.x, 1.0) and near(shifted.y - back.y, -0.5)


def test_options_given_win_over_the_profile(kit_project: Path) -> None:
    save(kit_project, "office", "--back-offset", "1,1", "--paper", "letter", "--duplex", "short")
    result = run_cli(
        "pnp", "demo", "--printer", "office", "--paper", "a4", "--back-offset", "0,0",
        "--duplex", "long", cwd=kit_project,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "wrote build/pnp/demo-en-a4.pdf" in result.stdout  # the canonical kit's bytes
    assert (kit_project / "build" / "pnp" / "demo-en-a4.pdf").read_bytes() == build(
        kit_project
    ).read_bytes()


def test_watch_mode_draws_a_profile_as_a_full_build(kit_project: Path) -> None:
    """--watch assembles kits from cached faces: with a profile's scale they must look the
    same as a full build (every pixel of every page, within anti-aliasing)."""
    from starpress.core.project import Project
    from starpress.pnp.assemble import build_cached_kit
    from starpress.pnp.build import plan
    from starpress.pnp.facecache import FaceCache
    from starpress.pnp.kit import KitOptions

    options = KitOptions(lang="en", scale=(102.0, 98.0), back_offset=(2.0, -1.0))
    full = build(kit_project, scale=(102.0, 98.0), back_offset=(2.0, -1.0))
    [job] = plan(kit_project, ["demo"], "source", options)
    cached = build_cached_kit(
        job.game,
        job.templates,
        Project(kit_project).game_folder("demo"),
        job.options,
        kit_project / "cached",
        FaceCache(kit_project / "cache"),
    ).kit.path
    with pymupdf.open(full) as one, pymupdf.open(cached) as other:
        assert one.page_count == other.page_count
        for page in range(one.page_count):
            images = [
                Image.open(io.BytesIO(doc[page].get_pixmap(dpi=40).tobytes("png"))).convert("L")
                for doc in (one, other)
            ]
            difference = ImageChops.difference(*images)
            assert sum(difference.histogram()[40:]) < 0.002 * images[0].width * images[0].height


# -- the calibration sheet ------------------------------------------------------------------


def _bars(doc: pymupdf.Document) -> list[float]:
    """Lengths (mm) of the long straight lines on the back page: the scale bars."""
    lengths = []
    for drawing in doc[1].get_drawings():
        for item in drawing["items"]:
            if item[0] == "l":
                start, end = item[1], item[2]
                length = abs(end - start) / MM
                if length > 50:
                    lengths.append(round(length, 2))
    return sorted(lengths)


@pytest.mark.parametrize(("paper", "bars"), [("a4", [150.0, 150.0]), ("a5", [100.0, 150.0])])
def test_printer_calibrate_has_scale_bars(kit_project: Path, paper: str, bars: list[float]) -> None:
    result = run_cli("printer", "calibrate", "--paper", paper, cwd=kit_project)
    assert result.returncode == 0, result.stderr
    doc = open_pdf(kit_project / "build" / "pnp" / f"printer-calibrate-{paper}-long.pdf")
    assert doc.page_count == 2
    assert _bars(doc) == bars


def test_printer_calibrate_checks_a_profile(kit_project: Path) -> None:
    """With a profile applied, the back's scales move by its offset and every page is
    scaled: printed on that printer, each front line falls on 0 and each bar measures true."""
    save(kit_project, "office", "--back-offset", "1.5,-2", "--scale", "101")
    plain = run_cli("printer", "calibrate", cwd=kit_project)
    checked = run_cli("printer", "calibrate", "--printer", "office", cwd=kit_project)
    assert plain.returncode == checked.returncode == 0, checked.stderr
    out = kit_project / "build" / "pnp"
    name = "printer-calibrate-a4-long-offset+1.5x-2mm-scale101x101pct.pdf"
    assert f"wrote build/pnp/{name}" in checked.stdout
    before = open_pdf(out / "printer-calibrate-a4-long.pdf")
    after = open_pdf(out / name)
    assert [round(bar * 1.01, 2) for bar in _bars(before)] == _bars(after)

    def zero_ticks(doc: pymupdf.Document) -> list[tuple[float, float]]:
        """Where the back's red 0 ticks start (mm): one X and one Y tick per target."""
        return sorted(
            (round(item[1].x / MM, 2), round(item[1].y / MM, 2))
            for drawing in doc[1].get_drawings()
            if drawing.get("color") and drawing["color"][0] > 0.7 > drawing["color"][1]
            for item in drawing["items"]
        )

    centre = (105.0, 148.5)
    for (x0, y0), (x1, y1) in zip(zero_ticks(before), zero_ticks(after), strict=True):
        # MuPDF's y runs downwards: the back offset's -2 mm (down) is +2 there
        assert near(x1, centre[0] + 1.01 * (x0 + 1.5 - centre[0]), 0.02)
        assert near(y1, centre[1] + 1.01 * (y0 + 2.0 - centre[1]), 0.02)
