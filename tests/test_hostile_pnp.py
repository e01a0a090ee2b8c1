"""Hostile print-and-play input through the real CLI: one located line, exit 2, nothing
written, within seconds and under 1 GB (see tests/hostile.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from starpress.core import atomic
from tests.conftest import CARDS, DEMO_FILES, LAYOUT, make_project
from tests.hostile import CPU_LIMIT, assert_refused, ctrl_c_as_at_a_terminal, run_measured
from tests.patience import LAST_RESORT

LAYOUT_FILE = "templates/cards/demo.yaml"
ART_LAYOUT = LAYOUT.replace(
    "      - {name: text, type: text, x: 4, y: 20,",
    "      - {name: art, type: image, x: 4, y: 52, w: -8mm, h: 30, image: ART}\n"
    "      - {name: text, type: text, x: 4, y: 20,",
    1,
)
"""The demo layout with an image box on line 9 (its image: at column 70)."""


def project(base: Path, layout: str = LAYOUT, cards: str = CARDS, aces: int = 7) -> Path:
    """The demo kit project in `base`, with this layout and these cards (`aces` copies of
    the first card: the component's count follows)."""
    components = DEMO_FILES["components.yaml"].replace("count: 10", f"count: {aces + 3}")
    cards = cards.replace("count: 7", f"count: {aces}")
    make_project(base, {"cards.yaml": cards, "components.yaml": components})
    (base / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    (base / LAYOUT_FILE).write_text(layout, encoding="utf-8")
    return base


def written(base: Path) -> list[Path]:
    """Every file under the default output folder."""
    return [path for path in (base / "build").rglob("*") if path.is_file()]


def refused(base: Path, where: str, *options: str) -> str:
    run = run_measured("pnp", "demo", *options, cwd=base)
    line = assert_refused(run, where)
    assert line.startswith("error: "), line
    assert str(base) not in line  # never an absolute path of this machine
    assert written(base) == []
    return line


# --- layouts: every bad value is located at path:line:col ------------------------------

LAYOUT_CASES = {
    "unknown bleed kind": (
        LAYOUT.replace("  front:\n    boxes:", "  front:\n    bleed: sideways\n    boxes:"),
        "6:12",
        "bleed must be one of 'shared' or 'own' (got 'sideways')",
    ),
    "unknown font": (
        LAYOUT.replace("size: 12}", "size: 12, font: Comic}"),
        "8:99",
        "unknown font 'Comic' (bundled: DejaVuSans, DejaVuSansCondensed)",
    ),
    "unknown default font": (
        "defaults: {font: Papyrus}\n" + LAYOUT,
        "1:18",
        "unknown font 'Papyrus'",
    ),
    "font size 1e9": (
        LAYOUT.replace("size: 12}", "size: 1.0e9}"),
        "8:89",
        "size must be between 1 and 200 pt (got 1e+09; limits in pnp/limits.yaml)",
    ),
    "zero font size": (LAYOUT.replace("size: 12}", "size: 0}"), "8:89", "size must be between"),
    "negative min_size": (
        LAYOUT.replace("size: 12}", "size: 12, min_size: -4}"),
        "8:103",
        "min_size must be between 1 and 200 pt (got -4",
    ),
    "nan size": (LAYOUT.replace("size: 12}", "size: .nan}"), "8:89", "finite number"),
    "infinite size": (LAYOUT.replace("size: 12}", "size: .inf}"), "8:89", "finite number"),
    "zero leading": (
        LAYOUT.replace("size: 12}", "size: 12, leading: 0}"),
        "8:102",
        "leading must be between 0.5 and 5",
    ),
    "negative stroke width": (
        LAYOUT.replace('fill: "#f0e8d8"}', 'fill: "#f0e8d8", stroke: "#000", stroke_width: -1}'),
        "7:105",
        "stroke_width must be between 0.01 and 20 pt",
    ),
    "zero stroke width": (
        LAYOUT.replace('fill: "#f0e8d8"}', 'fill: "#f0e8d8", stroke: "#000", stroke_width: 0}'),
        "7:105",
        "stroke_width must be between",
    ),
    "negative radius": (
        LAYOUT.replace('fill: "#f0e8d8"}', 'fill: "#f0e8d8", radius: -2}'),
        "7:83",
        "radius must not be negative (got -2.0)",
    ),
    "huge box width": (
        LAYOUT.replace("w: -8mm, h: 10", "w: 99999999mm, h: 10", 1),
        "8:50",
        "w must be at most 600 mm either way",
    ),
    "huge percentage": (
        LAYOUT.replace("x: 4, y: 4,", 'x: "5000%", y: 4,'),
        "8:38",
        "x must be at most 100% either way",
    ),
    "zero box height": (
        LAYOUT.replace("w: -8mm, h: 10", "w: -8mm, h: 0", 1),
        "8:59",
        "box 'title': h 0.0 leaves nothing of a 63.5 x 88.9 mm card",
    ),
    "negative width past the card": (
        LAYOUT.replace("w: -8mm, h: 10", "w: -80mm, h: 10", 1),
        "8:50",
        "box 'title': w '-80mm' leaves nothing",
    ),
    "not a length": (
        LAYOUT.replace("w: -8mm, h: 10", "w: wide, h: 10", 1),
        "8:50",
        "'wide' is not a length",
    ),
    "unknown box type": (
        LAYOUT.replace(
            'type: rect, full_bleed: true, fill: "#f0', 'type: blob, full_bleed: true, fill: "#f0'
        ),
        "7:34",
        "type must be one of 'rect', 'ellipse', 'line', 'text', 'icon', 'image', 'hexagon', "
        "'hexes', 'squares', 'spots', 'track' or 'legend' (got 'blob')",
    ),
    "unknown colour": (
        LAYOUT.replace('fill: "#f0e8d8"', "fill: mauve-ish"),
        "7:64",
        "unknown colour 'mauve-ish' (not in the layout's colors, not #rrggbb)",
    ),
    "colour that is not #rrggbb": (
        LAYOUT.replace('ink: "#222222"', 'ink: "rgb(1,2,3)"'),
        "1:15",
        "colour 'ink' must be #rrggbb",
    ),
    "cyclic extends": (
        LAYOUT.replace("  front:\n    boxes:", "  front:\n    extends: back\n    boxes:").replace(
            "  back:\n    boxes:", "  back:\n    extends: front\n    boxes:"
        ),
        "6:14",
        "layout 'front' extends itself (front -> back -> front)",
    ),
    "card size 1e6 mm": (
        LAYOUT.replace("  front:\n    boxes:", "  front:\n    size: 1000000x88\n    boxes:"),
        "6:11",
        "a card must be more than 0 and at most 600 mm each way",
    ),
    "unknown icon": (
        LAYOUT.replace(
            "      - {name: title,",
            '      - {name: mark, type: icon, icon: ":skull:"}\n      - {name: title,',
        ),
        "8:40",
        "unknown icon ':skull:'",
    ),
    "all-zero dash": (
        LAYOUT.replace('fill: "#f0e8d8"}', 'fill: "#f0e8d8", dash: [0, 0]}'),
        "7:81",
        "dash lengths must be between 0 and 600, not all zero",
    ),
}


@pytest.mark.parametrize("case", sorted(LAYOUT_CASES))
def test_bad_layout_is_one_located_line(tmp_path: Path, case: str) -> None:
    layout, position, message = LAYOUT_CASES[case]
    line = refused(project(tmp_path, layout), f"{LAYOUT_FILE}:{position}: ")
    assert message in line


def test_deep_extends_chain_is_refused_not_a_recursion_error(tmp_path: Path) -> None:
    chain = (
        "".join(f"  deep{n}:\n    extends: deep{n + 1}\n" for n in range(24))
        + "  deep24:\n    boxes: []\n"
    )
    layout = LAYOUT.replace("  front:\n    boxes:", "  front:\n    extends: deep0\n    boxes:")
    line = refused(project(tmp_path, layout + chain), LAYOUT_FILE + ":")
    assert "'extends' chain longer than 16 layouts (limit in pnp/limits.yaml)" in line


def test_thousands_of_boxes_are_refused_quickly(tmp_path: Path) -> None:
    boxes = "".join(f"      - {{name: b{n}, type: rect}}\n" for n in range(1200))
    layout = LAYOUT.replace("  back:\n    boxes:\n", "  back:\n    boxes:\n" + boxes)
    line = refused(project(tmp_path, layout), f"{LAYOUT_FILE}:12:7: ")
    assert "more than 1000 boxes" in line


def test_colour_from_a_card_field_is_located_at_its_box(tmp_path: Path) -> None:
    layout = LAYOUT.replace('fill: "#f0e8d8"', 'fill: "{tint}"')
    cards = CARDS.replace('fields: {text: "Draw a card."}', 'fields: {text: "Draw.", tint: lava}')
    line = refused(project(tmp_path, layout, cards), f"{LAYOUT_FILE}:7:9: ")
    assert "demo.card.king: box 'background': unknown colour 'lava'" in line


def test_too_many_cards_in_one_kit(tmp_path: Path) -> None:
    line = refused(project(tmp_path, aces=12001), "content/demo: ")
    assert "the kit would print 12004 cards (faces x copies), over the limit of 12000" in line


# --- images: inside the game's folder, within the limits, readable ----------------------


def image_project(base: Path, image: str) -> Path:
    return project(base, ART_LAYOUT.replace("ART", image))


def test_absolute_image_path(tmp_path: Path) -> None:
    line = refused(image_project(tmp_path, "/etc/hostname"), f"{LAYOUT_FILE}:9:70: ")
    assert "image '/etc/hostname' must be a path relative to content/demo/" in line


def test_image_path_escaping_with_dotdot(tmp_path: Path) -> None:
    (tmp_path / "secret.png").write_bytes(b"not for the kit")
    line = refused(image_project(tmp_path, "../../secret.png"), f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/../../secret.png leaves content/demo/" in line


def test_image_symlink_out_of_the_game_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside.png"
    Image.new("RGB", (4, 4)).save(outside)
    base = image_project(tmp_path, "art/link.png")
    (base / "content" / "demo" / "art").mkdir()
    (base / "content" / "demo" / "art" / "link.png").symlink_to(outside)
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/art/link.png leaves content/demo/" in line


def test_image_path_from_a_card_field_escaping(tmp_path: Path) -> None:
    layout = ART_LAYOUT.replace("ART", '"art/{art}"')
    cards = CARDS.replace(
        'fields: {text: "Gain 2 :coin:."}', 'fields: {text: "x", art: ../../../x}'
    )
    line = refused(project(tmp_path, layout, cards), f"{LAYOUT_FILE}:9:9: ")
    assert (
        "demo.card.ace: box 'art': image content/demo/art/../../../x leaves content/demo/" in line
    )


def test_broken_png(tmp_path: Path) -> None:
    base = image_project(tmp_path, "art/broken.png")
    (base / "content" / "demo" / "art").mkdir()
    good = base / "content" / "demo" / "art" / "good.png"
    Image.new("RGB", (64, 64), (200, 10, 10)).save(good)
    (base / "content" / "demo" / "art" / "broken.png").write_bytes(good.read_bytes()[:60])
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/art/broken.png cannot be read: Truncated File Read" in line


def test_text_file_named_png(tmp_path: Path) -> None:
    base = image_project(tmp_path, "art/notes.png")
    (base / "content" / "demo" / "art").mkdir()
    (base / "content" / "demo" / "art" / "notes.png").write_text("hello")
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/art/notes.png is not a PNG or JPEG file" in line


def test_pixel_bomb_png(tmp_path: Path) -> None:
    """A tiny file that would decode to 30 000 x 30 000 pixels (2.7 GB of RGB)."""
    base = image_project(tmp_path, "art/bomb.png")
    (base / "content" / "demo" / "art").mkdir()
    Image.new("1", (30000, 30000)).save(base / "content" / "demo" / "art" / "bomb.png")
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/art/bomb.png has over 25000000 pixels" in line


def test_image_over_the_pixel_limit(tmp_path: Path) -> None:
    base = image_project(tmp_path, "art/big.png")
    (base / "content" / "demo" / "art").mkdir()
    Image.new("1", (6000, 5000)).save(base / "content" / "demo" / "art" / "big.png")
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "has 6000 x 5000 pixels, over the limit of 25000000 (pnp/limits.yaml)" in line


def test_image_over_the_byte_limit(tmp_path: Path) -> None:
    base = image_project(tmp_path, "art/fat.png")
    (base / "content" / "demo" / "art").mkdir()
    with (base / "content" / "demo" / "art" / "fat.png").open("wb") as file:
        file.truncate(33 * 1024 * 1024)
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "image content/demo/art/fat.png has 34603008 bytes, over the limit" in line


def test_gif_is_not_an_allowed_format(tmp_path: Path) -> None:
    base = image_project(tmp_path, "art/anim.gif")
    (base / "content" / "demo" / "art").mkdir()
    Image.new("P", (8, 8)).save(base / "content" / "demo" / "art" / "anim.gif")
    line = refused(base, f"{LAYOUT_FILE}:9:70: ")
    assert "must be PNG or JPEG (got GIF)" in line


# --- options ---------------------------------------------------------------------------

OPTION_CASES = {
    "back offset nan,inf": (("--back-offset", "nan,inf"), "--back-offset X must be between"),
    "back offset 1e308": (("--back-offset", "1e308,0"), "--back-offset X must be between -20"),
    "back offset y too far": (("--back-offset", "0,-21"), "--back-offset Y must be between"),
    "back offset not numbers": (("--back-offset", "left"), "--back-offset must be X,Y in mm"),
    "negative bleed": (("--bleed", "-3"), "--bleed must be between 0 and 6 mm (got -3"),
    "bleed 1e9": (("--bleed", "1e9"), "--bleed must be between 0 and 6 mm (got 1e+09"),
    "bleed nan": (("--bleed", "nan"), "--bleed must be between 0 and 6 mm (got nan"),
    "only an unknown card": (("--only", "queen"), "content/demo: --only: demo has no card 'queen'"),
    "only a terminal escape": (
        ("--only", "\x1b[2Jace"),
        "content/demo: --only: demo has no card '\\x1b[2Jace'",
    ),
    "only another game's card": (
        ("--only", "afternova.card.hired-paw-01"),
        "content/demo: --only: demo has no card 'afternova.card.hired-paw-01'",
    ),
    "tts url without tts": (("--tts-url", "https://example.org/d/"), "--tts-url goes with --tts"),
    "tts url javascript": (
        ("--tts", "--tts-url", "javascript:alert(1)"),
        "--tts-url must be an http(s) address of a folder",
    ),
    "tts url file": (("--tts", "--tts-url", "file:///etc/"), "--tts-url must be an http(s)"),
    "tts url no host": (("--tts", "--tts-url", "https:///decks/"), "--tts-url must be an http"),
    "tts url with query": (
        ("--tts", "--tts-url", "https://example.org/d/?x=1"),
        "--tts-url must be an http(s)",
    ),
    "tts url with a space": (
        ("--tts", "--tts-url", "https://example.org/my decks/"),
        "--tts-url must be an http(s)",
    ),
    "tts url control character": (
        ("--tts", "--tts-url", "https://example.org/\x1b[2J/"),
        "--tts-url must be an http(s)",
    ),
    "no jobs": (("--jobs", "0"), "--jobs must be at least 1 (got 0)"),
    "unknown shop": (
        ("--shop", "kinkos"),
        "--shop: no print shop 'kinkos' (shops: the-game-crafter",
    ),
    "shop as a path": (("--shop", "../../etc"), "--shop: no print shop '../../etc'"),
    "shop with a terminal escape": (
        ("--shop", "\x1b[2Jtgc"),
        "--shop: no print shop '\\x1b[2Jtgc'",
    ),
    "shop name of 100 kB": (("--shop", "s" * 100_000), "--shop: no print shop 'sssss"),
    "shop and fold": (("--shop", "pdf-cmyk", "--fold"), "--fold does not go with --shop"),
    "shop and paper": (("--shop", "pdf-cmyk", "--paper", "a4"), "--paper does not go with --shop"),
    "shop and printer": (
        ("--shop", "pdf-cmyk", "--printer", "x"),
        "--printer does not go with --shop",
    ),
    "shop and png": (("--shop", "the-game-crafter", "--png"), "--png does not go with --shop"),
    "unknown printer": (
        ("--printer", "nope"),
        "--printer: no printer profile 'nope' in printers.yaml",
    ),
    "printer as a path": (("--printer", "../x"), "--printer: printer name '../x' must be a letter"),
    "printer with a space": (("--printer", "a b"), "--printer: printer name 'a b' must be"),
    "printer name of 100 kB": (("--printer", "p" * 100_000), "--printer: printer name 'ppp"),
    "cut and fold": (("--cut", "svg", "--fold"), "--cut makes sheets for a cutting machine"),
}


@pytest.mark.parametrize("case", sorted(OPTION_CASES))
def test_bad_option_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    options, message = OPTION_CASES[case]
    line = refused(project(tmp_path), message, *options)
    assert line.startswith(f"error: {message}")
    assert len(line) < 1000 and "\x1b" not in line


def test_only_needs_one_game(tmp_path: Path) -> None:
    run = run_measured("pnp", "all", "--only", "ace", cwd=project(tmp_path))
    assert_refused(run, "error: --only picks cards of one game: name it, not 'all'")
    assert written(tmp_path) == []


def test_bad_option_for_calibrate_too(tmp_path: Path) -> None:
    run = run_measured("pnp", "calibrate", "--bleed", "inf", cwd=project(tmp_path))
    assert_refused(run, "error: --bleed must be between 0 and 6 mm (got inf")
    assert written(tmp_path) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--shop", "pdf-cmyk"), "error: --shop makes files of a game, not of 'calibrate'"),
        (("--cut", "svg"), "error: --cut makes files of a game, not of 'calibrate'"),
    ],
)
def test_calibrate_makes_no_shop_or_cut_files(
    tmp_path: Path, options: tuple[str, ...], message: str
) -> None:
    run = run_measured("pnp", "calibrate", *options, cwd=project(tmp_path))
    assert_refused(run, message)
    assert written(tmp_path) == []


# --- printer profiles: the file, the name, the values ----------------------------------------

PROFILE_CASES = {
    "YAML syntax": ("printers:\n  x: [1, 2\n", "printers.yaml:3:1: YAML syntax"),
    "unknown field": (
        "printers:\n  x:\n    colour: red\n",
        "printers.yaml:3:5: unknown field 'colour'",
    ),
    "not a paper": ("printers:\n  x:\n    paper: a0\n", "printers.yaml:3:12: 'a0' is not a paper"),
    "paper too large": (
        "printers:\n  x:\n    paper: 9000x9000mm\n",
        "printers.yaml:3:12: 9000x9000mm: each side of the paper must be between 70 and 1500 mm",
    ),
    "offset out of reach": (
        "printers:\n  x:\n    back_offset: [30, 0]\n",
        "printers.yaml:3:18: back_offset X must be between -20 and 20 mm (got 30)",
    ),
    "offset of three numbers": (
        "printers:\n  x:\n    back_offset: [1, 2, 3]\n",
        "printers.yaml:3:",
    ),
    "scale nan": ("printers:\n  x:\n    scale: [.nan, 100]\n", "printers.yaml:3:13: "),
    "scale doubled": (
        "printers:\n  x:\n    scale: [200, 100]\n",
        "printers.yaml:3:12: scale X must be between 90 and 110 % (got 200)",
    ),
    "flip sideways": (
        "printers:\n  x:\n    duplex: sideways\n",
        "printers.yaml:3:13: duplex must be",
    ),
    "alias bomb": (
        "printers:\n  x: &a\n    scale: [101, 101]\n  y: *a\n",
        "printers.yaml:2:6: YAML anchors (&name) are not allowed",
    ),
    "name as a path": (
        "printers:\n  ../../x:\n    scale: [101, 101]\n",
        "printers.yaml:2:3: printer name '../../x' must be a letter or digit",
    ),
    "a list, not a mapping": ("- x\n- y\n", "printers.yaml:1:1: "),
    "not UTF-8": (b"printers:\n  x: \xff\n".decode("latin-1"), "printers.yaml:2:6: not UTF-8 text"),
    "huge": ("# " + "x" * 5_000_000 + "\n", "printers.yaml:1:1: file too large"),
}


def profile_project(base: Path, text: str) -> Path:
    found = project(base)
    (found / "printers.yaml").write_bytes(text.encode("latin-1" if "\xff" in text else "utf-8"))
    return found


@pytest.mark.parametrize("case", sorted(PROFILE_CASES))
def test_bad_profile_file_is_one_located_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    """Read by `pnp --printer`, and by `printer save` before it writes: refused the same,
    the file left as it was, nothing built."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    text, where = PROFILE_CASES[case]
    base = profile_project(tmp_path, text)
    before = (base / "printers.yaml").read_bytes()
    line = refused(base, where, "--printer", "x")
    assert line.startswith(f"error: {where}")
    run = run_measured("printer", "save", "x", "--scale", "100.5", cwd=base)
    assert assert_refused(run, where).startswith(f"error: {where}")
    assert (base / "printers.yaml").read_bytes() == before
    assert not (tmp_path / "user-config").exists()


def test_profile_file_that_is_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    base = project(tmp_path)
    (base / "printers.yaml").mkdir()
    refused(base, "error: printers.yaml: not a file", "--printer", "x")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("../x", "--scale", "100"), "error: printer name '../x' must be a letter or digit"),
        (("", "--scale", "100"), "error: printer name '' must be a letter or digit"),
        (("x" * 41,), "error: printer name 'xxxx"),
        (("x", "--scale", "abc"), "error: --scale must be X,Y in % (e.g. 100.4 or 100.4,99.8)"),
        (("x", "--scale", "1e308"), "error: --scale X must be between 90 and 110 %"),
        (("x", "--scale", "100,nan"), "error: --scale Y must be between 90 and 110 %"),
        (("x", "--back-offset", "inf,0"), "error: --back-offset X must be between -20 and 20 mm"),
        (("x", "--back-offset", "1,2,3"), "error: --back-offset must be X,Y in mm"),
        (("x", "--paper", "a0"), "error: starpress printer save: Invalid value for '--paper'"),
        (("x", "--duplex", "twice"), "error: starpress printer save: Invalid value for '--duplex'"),
    ],
)
def test_bad_printer_save_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...], message: str
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    base = project(tmp_path)
    run = run_measured("printer", "save", *options, "--user", cwd=base)
    assert assert_refused(run, message).startswith(message)
    assert not (base / "printers.yaml").exists()
    assert not (tmp_path / "user-config").exists()


def test_user_config_folder_that_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "config-file").write_text("in the way")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-file"))
    base = project(tmp_path)
    run = run_measured("printer", "save", "x", "--scale", "100.5", "--user", cwd=base)
    line = assert_refused(run, "error: $XDG_CONFIG_HOME/starpress/printers.yaml: cannot write")
    assert str(tmp_path) not in line
    assert (tmp_path / "config-file").read_text() == "in the way"


def test_out_is_a_file(tmp_path: Path) -> None:
    base = project(tmp_path)
    (base / "kit.pdf").write_text("in the way")
    run = run_measured("pnp", "demo", "--out", "kit.pdf/sub", cwd=base)
    assert_refused(run, "error: kit.pdf/sub: --out: cannot create or write this folder")
    assert (base / "kit.pdf").read_text() == "in the way"


def test_out_cannot_be_created(tmp_path: Path) -> None:
    run = run_measured("pnp", "demo", "--out", "/sys/starpress-kits", cwd=project(tmp_path))
    line = assert_refused(run, "--out: cannot create or write this folder")
    assert "/sys" not in line


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_out_is_read_only(tmp_path: Path) -> None:
    base = project(tmp_path)
    (base / "locked").mkdir(mode=0o555)
    run = run_measured("pnp", "demo", "--out", "locked", cwd=base)
    assert_refused(run, "error: locked: --out: cannot create or write this folder")
    assert list((base / "locked").iterdir()) == []


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--bleed", "lots"), "Invalid value for '--bleed': "),
        (("--paper", "a0"), "Invalid value for '--paper': "),
        (("--paper", "\x1b[2Ja4"), "Invalid value for '--paper': "),
        (("--marks", "a" * 100_000), "Invalid value for '--marks': "),
        (("--paper", "0x0mm"), "Invalid value for '--paper': 0x0mm: each side of the paper"),
        (("--paper", "1e308x1e308mm"), "Invalid value for '--paper': '1e308x1e308mm' is not"),
        (("--paper", "99999x99999mm"), "Invalid value for '--paper': 99999x99999mm: each side"),
        (("--paper", "-210x297mm"), "Invalid value for '--paper': '-210x297mm' is not a paper"),
        (("--paper", "9" * 100_000 + "x1mm"), "Invalid value for '--paper': '9999"),
        (("--paper", "../a4"), "Invalid value for '--paper': '../a4' is not a paper"),
        (("--cut", "dxf"), "Invalid value for '--cut': "),
    ],
)
def test_typer_usage_error_keeps_exit_2(
    tmp_path: Path, options: tuple[str, ...], message: str
) -> None:
    """Values typer checks (numbers, the choices) are one line naming the command and the
    option: exit 2, quickly."""
    run = run_measured("pnp", "demo", *options, cwd=project(tmp_path))
    assert run.code == 2
    assert "Traceback" not in run.stderr
    [line] = run.stderr.splitlines()
    assert line.startswith(f"error: starpress pnp: {message}"), line
    assert line.endswith("(see 'starpress pnp --help')"), line
    assert "\x1b" not in run.stderr  # a value is shown as its repr, never raw
    assert run.cpu_seconds < CPU_LIMIT
    assert written(tmp_path) == []


# --- nothing half-written ----------------------------------------------------------------


def test_sigterm_mid_build_leaves_no_partial_file(tmp_path: Path) -> None:
    """A kit whose TTS sheets take seconds, terminated once the first sheets are written."""
    base = project(tmp_path, aces=1500)
    out = base / "build" / "pnp"
    child = subprocess.Popen(
        [sys.executable, "-m", "starpress", "pnp", "demo", "--tts"],
        cwd=base,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    deadline = time.monotonic() + LAST_RESORT
    while len(list(out.glob("tts/*/*.png"))) < 2 and time.monotonic() < deadline:
        assert child.poll() is None, child.communicate()
        time.sleep(0.01)
    child.send_signal(signal.SIGTERM)
    _stdout, stderr = child.communicate(timeout=LAST_RESORT)
    assert child.returncode == 128 + signal.SIGTERM, stderr  # stopped mid-build
    assert stderr.strip() == "interrupted: nothing half-written is left"
    files = [path for path in out.rglob("*") if path.is_file()]
    assert [path for path in files if path.name.endswith(".part")] == []
    assert not list(out.glob("tts/*/*.json"))  # the deck's JSON comes last: never reached
    for path in out.glob("tts/*/*.png"):  # whatever was written is whole
        with Image.open(path) as image:
            image.verify()


def test_sigterm_while_a_temporary_file_is_open_removes_it(tmp_path: Path) -> None:
    target = tmp_path / "kit.pdf"
    with (
        pytest.raises(atomic.Terminated),
        atomic.terminate_as_exception(),
        atomic.atomic_path(target) as temporary,
    ):
        temporary.write_bytes(b"%PDF-1.4 half")
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the signal arrives first
    assert list(tmp_path.iterdir()) == []
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL


def test_stale_part_file_of_a_killed_build_is_removed(tmp_path: Path) -> None:
    base = project(tmp_path)
    out = base / "build" / "pnp"
    out.mkdir(parents=True)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = out / f".demo-en-a4.pdf.{dead.pid}.part"
    stale.write_bytes(b"%PDF-1.4 half a kit")
    alive = out / f".demo-en-a4.pdf.{os.getpid()}.part"  # another build still writing
    alive.write_bytes(b"%PDF-1.4 still being written")
    mine = out / "notes.part"  # not one of ours
    mine.write_text("keep")
    run = run_measured("pnp", "demo", cwd=base)
    assert run.code == 0, run.stderr
    assert not stale.exists()
    assert alive.exists() and mine.exists()
    assert sorted(path.name for path in out.iterdir() if path.suffix == ".pdf") == [
        "demo-en-a4.pdf"
    ]


def test_sigint_mid_build_leaves_no_partial_file(tmp_path: Path) -> None:
    base = project(tmp_path, aces=1500)
    out = base / "build" / "pnp"
    child = subprocess.Popen(
        [sys.executable, "-m", "starpress", "pnp", "demo", "--tts"],
        cwd=base,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    deadline = time.monotonic() + LAST_RESORT
    while len(list(out.glob("tts/*/*.png"))) < 2 and time.monotonic() < deadline:
        assert child.poll() is None, child.communicate()
        time.sleep(0.01)
    child.send_signal(signal.SIGINT)
    _stdout, stderr = child.communicate(timeout=LAST_RESORT)
    assert child.returncode == 130, stderr  # 128 + SIGINT, after "Aborted!"
    assert "Traceback" not in stderr
    assert not [path for path in out.rglob("*") if path.name.endswith(".part")]
    assert not list(out.glob("tts/*/*.json"))
