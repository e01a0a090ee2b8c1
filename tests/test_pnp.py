"""Print-and-play kits, checked from the PDFs themselves (geometry in mm)."""

from __future__ import annotations

import itertools
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from starpress.core.project import Project
from starpress.pnp import impose, pack
from tests.conftest import LAST_RESORT, LAYOUT, POKER, build, run_cli
from tests.hostile import ctrl_c_as_at_a_terminal
from tests.pdfread import open_pdf, page_box, page_size, placements


def near(a: float, b: float, tolerance: float = 0.1) -> bool:
    return abs(a - b) <= tolerance


# -- imposition geometry -------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "size"), [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_nine_poker_cards_with_shared_bleed_fit_a4_and_letter(
    paper: str, size: tuple[float, float]
) -> None:
    mm = 72 / 25.4
    sheet = impose.grid(size[0] * mm, size[1] * mm, POKER[0] * mm, POKER[1] * mm, 5 * mm, 0.0)
    assert (sheet.columns, sheet.rows) == (3, 3)
    area = sheet.trim_area
    # centred, and the 3 mm outside bleed still lies on the page
    assert near(area.x / mm, (size[0] - 190.5) / 2) and near(area.width / mm, 190.5)
    assert area.y / mm - 3 > 0 and area.top / mm + 3 < size[1]


def test_duplex_long_edge_mirrors_columns_short_edge_mirrors_rows() -> None:
    sheet = impose.grid(210, 297, 60, 80, 5, 0)
    fronts = sheet.slots
    long_backs = impose.back_slots(sheet, "long")
    short_backs = impose.back_slots(sheet, "short")
    for front, back in zip(fronts, long_backs, strict=True):
        assert near(back.x, 210 - front.right) and near(back.y, front.y)
    for front, back in zip(fronts, short_backs, strict=True):
        assert near(back.x, front.x) and near(back.y, 297 - front.top)
    shifted = impose.back_slots(sheet, "long", (1.5, -2.0))
    assert near(shifted[0].x - long_backs[0].x, 1.5) and near(shifted[0].y - long_backs[0].y, -2.0)


def test_landscape_page_flips_the_other_way() -> None:
    sheet = impose.Sheet(297, 210, 1, 1, (impose.Rect(10, 20, 50, 60),))
    (back,) = impose.back_slots(sheet, "long")
    assert (back.x, back.y) == (10, 210 - 80)


def test_fold_puts_each_back_behind_its_front() -> None:
    sheet = impose.fold(210, 297, 63.5, 88.9, 5, 0, 6)
    assert sheet.fold is not None and sheet.capacity >= 3
    x1, y1, x2, _ = sheet.fold
    for front, back in zip(sheet.slots, sheet.back_slots, strict=True):
        if x1 == x2:  # vertical fold line: mirror across x = x1
            assert near(back.x - x1, x1 - front.right) and near(front.y, back.y)
        else:  # horizontal fold line: mirror across y = y1
            assert near(front.x, back.x) and near(front.y - y1, y1 - back.top)


def test_packing_mixes_sizes_without_overlap_inside_the_margins() -> None:
    mm = 72 / 25.4
    runs = (
        pack.Run(63.5 * mm, 88.9 * mm, 13),  # a poker deck: one whole sheet and 4 more
        pack.Run(88.9 * mm, 63.5 * mm, 5),  # landscape cards
        pack.Run(20 * mm, 20 * mm, 16),  # small tokens
        pack.Run(70 * mm, 120 * mm, 2, gutter=6 * mm),  # tarot with their own bleed
    )
    sheets = pack.pack(runs, 210 * mm, 297 * mm, 5 * mm, 5 * mm)
    assert len(sheets) == 4  # one size a sheet would take 5 (the areas need 3)
    assert pack.pack(runs, 210 * mm, 297 * mm, 5 * mm, 5 * mm) == sheets  # deterministic
    placed = sorted((slot.run, slot.index) for sheet in sheets for slot in sheet)
    assert placed == [(run, index) for run, spec in enumerate(runs) for index in range(spec.count)]
    for sheet in sheets:
        for slot in sheet:
            rect = slot.rect
            assert rect.x >= 5 * mm - 0.01 and rect.right <= 205 * mm + 0.01
            assert rect.y >= 5 * mm - 0.01 and rect.top <= 292 * mm + 0.01
            size = sorted((rect.width, rect.height))
            assert size == pytest.approx(sorted((runs[slot.run].width, runs[slot.run].height)))
        for a, b in itertools.combinations(sheet, 2):
            apart = 0.0 if a.block == b.block else 10 * mm - 0.01  # 2 × pad between blocks
            assert (
                a.rect.right + apart <= b.rect.x + 0.01
                or b.rect.right + apart <= a.rect.x + 0.01
                or a.rect.top + apart <= b.rect.y + 0.01
                or b.rect.top + apart <= a.rect.y + 0.01
            )


# -- real PDFs ----------------------------------------------------------------------------


def test_a4_kit_geometry_counts_and_boxes(kit_project: Path) -> None:
    path = build(kit_project, paper="a4")
    assert path.name == "demo-en-a4.pdf"
    doc = open_pdf(path)
    assert doc.page_count == 4  # 9 fronts, 9 backs, 1 front, 1 back
    assert all(near(a, b) for a, b in zip(page_size(doc, 0), (210, 297), strict=True))
    fronts = placements(doc, 0) + placements(doc, 2)
    assert Counter(p.card for p in fronts) == {"demo.card.ace": 7, "demo.card.king": 3}
    first = placements(doc, 0)[0]
    # the face's bleed area starts 3 mm left of and below the card's trim corner
    trim_x, trim_y = first.x + 3, first.y + 3
    assert near(trim_x, (210 - 190.5) / 2)
    assert near(trim_y, 297 - (297 - 266.7) / 2 - POKER[1])
    # cards are butted (shared bleed): the next column starts exactly 63.5 mm further
    second = placements(doc, 0)[1]
    assert near(second.x - first.x, 63.5)
    # outside-only bleed: the first card's clip has 3 mm of bleed left and top, none right
    cx, cy, cw, ch = first.clip
    assert near(cx, trim_x - 3) and near(cw, 63.5 + 3)
    assert near(cy, trim_y) and near(ch, 88.9 + 3)  # bleed above (outside), none below
    trim = page_box(doc, 0, "TrimBox")
    bleed = page_box(doc, 0, "BleedBox")
    assert near(trim[2] - trim[0], 190.5) and near(trim[3] - trim[1], 266.7)
    assert near(trim[0] - bleed[0], 3) and near(bleed[3] - trim[3], 3)


def test_a_kit_fits_each_text_once(kit_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck pass and the drawing pass fit the same texts: a kit measures and fits each
    text in each box once, and draws it at that size."""
    from starpress.pnp import textfit

    fits: list[str] = []
    measures: list[str] = []
    real_fit, real_measure = textfit.fit, textfit.measure

    def counting_fit(paragraphs, *args):  # type: ignore[no-untyped-def]
        fits.append(repr((paragraphs, args)))
        return real_fit(paragraphs, *args)

    def counting_measure(text, *args):  # type: ignore[no-untyped-def]
        measures.append(repr((text, args)))
        return real_measure(text, *args)

    monkeypatch.setattr(textfit, "fit", counting_fit)
    monkeypatch.setattr(textfit, "measure", counting_measure)
    doc = open_pdf(build(kit_project, paper="a4"))
    words = "".join(page.get_text() for page in doc)
    assert "Ace" in words and "King" in words and "Draw a card." in words
    # fronts: Ace and King titles and texts; backs: the King's own back text
    assert len(fits) == len(set(fits)) == 5
    assert len(measures) == len(set(measures)) == 5


def test_duplex_backs_mirror_for_each_flip(kit_project: Path) -> None:
    for flip in ("long", "short"):
        doc = open_pdf(build(kit_project, paper="a4", duplex=flip))
        fronts, backs = placements(doc, 0), placements(doc, 1)
        assert [b.side for b in backs] == ["back"] * 9
        for front, back in zip(fronts, backs, strict=True):
            width, height = 63.5 + 6, 88.9 + 6
            if flip == "long":
                assert near(back.x, 210 - front.x - width) and near(back.y, front.y)
            else:
                assert near(back.x, front.x) and near(back.y, 297 - front.y - height)


def test_per_card_back_and_shared_back(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project))
    backs = Counter(p.form for p in placements(doc, 1) + placements(doc, 3))
    assert backs == {"back-demo.component.card": 7, "back-demo.card.king": 3}


def test_back_offset_moves_only_back_pages(kit_project: Path) -> None:
    plain = open_pdf(build(kit_project))
    front_plain, back_plain = placements(plain, 0)[0], placements(plain, 1)[0]
    shifted = open_pdf(build(kit_project, back_offset=(1.0, -0.5)))
    front, back = placements(shifted, 0)[0], placements(shifted, 1)[0]
    assert (front.x, front.y) == (front_plain.x, front_plain.y)
    assert near(back.x - back_plain.x, 1.0) and near(back.y - back_plain.y, -0.5)


def test_letter_and_per_card_bleed(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, paper="letter", bleed_mode="card"))
    assert all(near(a, b) for a, b in zip(page_size(doc, 0), (215.9, 279.4), strict=True))
    first, second = placements(doc, 0)[:2]
    assert near(second.x - first.x, 63.5 + 6)  # gutter = 2 × bleed
    assert near(first.clip[2], 63.5 + 6)


def test_no_backs_without_duplex_and_fold_keeps_pairs_on_one_page(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, duplex="none"))
    assert doc.page_count == 2 and all(p.side == "front" for p in placements(doc, 0))
    fold = open_pdf(build(kit_project, fold=True))
    on_page = placements(fold, 0)
    assert Counter(p.side for p in on_page)["front"] == Counter(p.side for p in on_page)["back"]


def test_rebuild_is_byte_identical(kit_project: Path) -> None:
    first = build(kit_project).read_bytes()
    assert build(kit_project).read_bytes() == first


def test_metadata(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project))
    assert doc.metadata["title"] == "Demo – print-and-play (en, a4)"
    assert doc.metadata["author"] == "starpress"
    assert doc.xref_get_key(doc.pdf_catalog(), "Lang") == ("string", "en")


@pytest.mark.parametrize(
    ("options", "duplex"),
    [
        ({}, "/DuplexFlipLongEdge"),
        ({"duplex": "short"}, "/DuplexFlipShortEdge"),
        ({"duplex": "none"}, "/Simplex"),
        ({"fold": True}, "/Simplex"),
    ],
)
def test_kit_tells_the_print_dialog_how_to_print_it(
    kit_project: Path, options: dict[str, object], duplex: str
) -> None:
    """/ViewerPreferences: the flip its backs were mirrored for (one side for a gutterfold
    or no backs), and no scaling, so cards print at their size."""
    doc = open_pdf(build(kit_project, **options))
    catalog = doc.pdf_catalog()
    assert doc.xref_get_key(catalog, "ViewerPreferences/Duplex") == ("name", duplex)
    assert doc.xref_get_key(catalog, "ViewerPreferences/PrintScaling") == ("name", "/None")


def test_icons_and_faces_are_stored_once(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project))
    names = [name for page in doc for (_xref, name, *_rest) in page.get_xobjects()]
    forms = {name for name in names}
    assert "FormXob.front-demo.card.ace" in forms
    xrefs = {
        xref
        for page in doc
        for (xref, name, *_rest) in page.get_xobjects()
        if name == "FormXob.front-demo.card.ace"
    }
    assert len(xrefs) == 1  # seven aces, one drawing


def test_overflow_is_reported_and_strict_fails(kit_project: Path) -> None:
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(
        LAYOUT.replace(
            'h: 30, text: "{text}", size: 10', 'h: 1, text: "{text}", size: 10, min_size: 9'
        )
    )
    result = run_cli("pnp", "demo", "--strict", cwd=kit_project)
    assert result.returncode == 1
    assert "demo.card.ace: box 'text' (text needs more than 9 pt)" in result.stderr
    relaxed = run_cli("pnp", "demo", cwd=kit_project)
    assert relaxed.returncode == 0


def test_bad_layout_is_a_one_line_error_and_writes_nothing(kit_project: Path) -> None:
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(
        LAYOUT.replace('type: rect, full_bleed: true, fill: "#203040"', "type: rect, colour: red")
    )
    result = run_cli("pnp", "demo", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "error: templates/cards/demo.yaml:12:40: unknown field 'colour'"
    ]
    assert not (kit_project / "build").exists()


def test_bad_option_is_a_one_line_error(kit_project: Path) -> None:
    result = run_cli("pnp", "demo", "--back-offset", "left", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: --back-offset must be X,Y in mm (e.g. 0.5,-1), not 'left'"
    )


def test_an_unknown_paper_is_one_line_naming_the_papers(kit_project: Path) -> None:
    result = run_cli("pnp", "demo", "--paper", "a0", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "error: starpress pnp: Invalid value for '--paper': 'a0' is not a paper: use a name "
        "(a4, letter, a3, a5, legal, tabloid, half-letter; pnp/presets.yaml) or WIDTHxHEIGHT "
        "in mm or in (e.g. 200x300mm, 8.5x14in) (see 'starpress pnp --help')"
    ]
    assert not (kit_project / "build").exists()


@pytest.mark.parametrize(
    ("option", "value", "listed"),
    [
        ("--marks", "dots", "'crop', 'lines', 'none'"),
        ("--bleed-mode", "own", "'shared', 'card'"),
        ("--duplex", "sideways", "'long', 'short', 'none'"),
        ("--lang", "pt-br", "'all', 'source', 'pt-BR', 'es', 'it', 'en'"),
    ],
)
def test_a_value_not_among_the_choices_is_one_line_listing_them(
    kit_project: Path, option: str, value: str, listed: str
) -> None:
    result = run_cli("pnp", "demo", option, value, cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"error: starpress pnp: Invalid value for '{option}': {value!r} is not one of "
        f"{listed}. (see 'starpress pnp --help')"
    ]
    assert not (kit_project / "build").exists()


def test_the_choices_are_the_kinds_the_kit_draws() -> None:
    """The enums typer offers and the names the drawing code takes must stay one list each
    (papers are data: `pnp/presets.yaml`, parsed by `pnp.paper`)."""
    from typing import get_args

    from starpress.pnp import choices, command, marks

    tables = [
        (command._KIT_MARKS, choices.Marks, marks.Marks),
        (command._KIT_BLEED_MODES, choices.BleedMode, impose.BleedMode),
        (command._KIT_FLIPS, choices.Duplex, impose.Flip),
    ]
    for table, choice, kinds in tables:
        assert list(table) == list(choice)
        assert [table[member] for member in choice] == [member.value for member in choice]
        assert list(table.values()) == list(get_args(kinds))


def test_a_request_gives_the_kit_plain_names() -> None:
    """Kit file names and face-cache keys are built from KitOptions: they must see the
    same plain strings as before the options were enums."""
    from starpress.pnp.choices import BleedMode, Duplex, Marks
    from starpress.pnp.command import Request, parse_options
    from starpress.pnp.kit import KitOptions
    from starpress.pnp.paper import parse_paper

    request = Request(
        target="demo",
        paper=parse_paper("letter"),
        marks=Marks.LINES,
        bleed=2.0,
        bleed_mode=BleedMode.CARD,
        duplex=Duplex.SHORT,
        back_offset="0.5,-1",
        fold=True,
        only=("ace,king", " queen "),
    )
    options = parse_options(request)
    assert options == KitOptions(
        lang="",
        paper="letter",
        marks="lines",
        bleed=2.0,
        bleed_mode="card",
        duplex="short",
        back_offset=(0.5, -1.0),
        fold=True,
        only=("ace", "king", "queen"),
    )
    chosen = (options.paper, options.marks, options.bleed_mode, options.duplex)
    assert {type(value) for value in chosen} == {str}


def test_every_pnp_option_reaches_the_request(
    kit_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each option lands in its own field (the request is built by keyword)."""
    from typer.testing import CliRunner

    from starpress.cli import app
    from starpress.pnp import command
    from starpress.pnp.choices import BleedMode, Cut, Duplex, Marks
    from starpress.pnp.paper import parse_paper

    seen: list[command.Request] = []
    monkeypatch.setattr(command, "run", lambda _root, request, *_: seen.append(request) or 0)
    options = [
        *("--lang", "it", "--paper", "a3", "--out", "kits", "--marks", "none"),
        *("--bleed", "1.5", "--bleed-mode", "card", "--duplex", "short"),
        *("--back-offset", "1,-2", "--fold", "--proof", "--ink-saver", "--strict"),
        *("--printer", "office", "--shop", "pdf-cmyk", "--cut", "svg"),
        *("--png", "--tts", "--tts-url", "https://example.org/d/"),
        *("--only", "ace", "--only", "king,queen", "--jobs", "3", "--if-changed"),
    ]
    done = CliRunner().invoke(app, ["--root", str(kit_project), "pnp", "demo", *options])
    assert done.exit_code == 0, done.output
    assert seen == [
        command.Request(
            target="demo",
            lang="it",
            paper=parse_paper("a3"),
            out=Path("kits"),
            marks=Marks.NONE,
            bleed=1.5,
            bleed_mode=BleedMode.CARD,
            duplex=Duplex.SHORT,
            back_offset="1,-2",
            printer="office",
            shop="pdf-cmyk",
            cut=Cut.SVG,
            fold=True,
            proof=True,
            ink_saver=True,
            strict=True,
            png=True,
            tts=True,
            tts_url="https://example.org/d/",
            only=("ace", "king,queen"),
            jobs=3,
            if_changed=True,
        )
    ]


def test_a_bad_option_stops_watch_mode_at_once(kit_project: Path) -> None:
    """No edit of the content makes a bad option good: --watch refuses it before watching."""
    result = run_cli("pnp", "demo", "--watch", "--bleed", "9", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.strip().startswith("error: --bleed must be between 0 and 6 mm (got 9")
    assert "watching" not in result.stdout


def test_ctrl_c_stops_watch_mode_with_our_own_line(kit_project: Path) -> None:
    """Not the watcher library's "KeyboardInterrupt caught, stopping watch" log line."""
    child = subprocess.Popen(
        [sys.executable, "-m", "starpress", "pnp", "demo", "--watch"],
        cwd=kit_project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    try:
        assert child.stdout is not None
        deadline = time.monotonic() + LAST_RESORT
        while "watching" not in child.stdout.readline() and time.monotonic() < deadline:
            assert child.poll() is None, child.communicate()
        time.sleep(0.3)  # the watcher is listening
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=LAST_RESORT)
    finally:
        child.kill()
    assert (child.returncode, stdout, stderr) == (0, "stopped watching\n", "")


VARIANTS: list[dict[str, object]] = [
    {"marks": "lines"},
    {"marks": "none"},
    {"bleed": 2.0},
    {"bleed_mode": "card"},
    {"duplex": "short"},
    {"duplex": "none"},
    {"back_offset": (0.5, -1.0)},
    {"back_offset": (-0.5, 1.0)},
    {"duplex": "short", "back_offset": (0.5, -1.0)},
    {"fold": True},
    {"proof": True},
    {"ink_saver": True},
]


def test_every_option_that_changes_the_kit_is_in_its_name(kit_project: Path) -> None:
    """Only the canonical kit has the name the site publishes; no variant overwrites it."""
    canonical = build(kit_project)
    assert canonical.name == Project(kit_project).kit_file("demo", "en", "a4").name
    before = canonical.read_bytes()
    names = {canonical.name}
    for options in VARIANTS:
        path = build(kit_project, **options)
        assert path.read_bytes() != before, options
        names.add(path.name)
    assert len(names) == len(VARIANTS) + 1  # all different
    assert canonical.read_bytes() == before  # untouched
    # the same through the command line, into the folder the site reads
    assert run_cli("pnp", "demo", cwd=kit_project).returncode == 0
    published = Project(kit_project).kit_file("demo", "en", "a4")
    before = published.read_bytes()
    result = run_cli("pnp", "demo", "--duplex", "short", "--back-offset", "0.5,-1", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    assert "demo-en-a4-duplex-short-offset+0.5x-1mm.pdf" in result.stdout
    assert published.read_bytes() == before


def test_only_prints_the_chosen_cards_once_each(kit_project: Path) -> None:
    full = run_cli("pnp", "demo", cwd=kit_project)
    published = Project(kit_project).kit_file("demo", "en", "a4")
    before = published.read_bytes()
    result = run_cli(
        "pnp", "demo", "--only", "king", "--only", "demo.card.ace,king", cwd=kit_project
    )
    assert full.returncode == 0 and result.returncode == 0, result.stderr
    path = published.with_name("demo-en-a4-only-king+ace+king.pdf")
    assert f"wrote build/pnp/{path.name} (2 pages, 3 cards)" in result.stdout
    doc = open_pdf(path)
    assert Counter(p.card for p in placements(doc, 0)) == {"demo.card.king": 2, "demo.card.ace": 1}
    assert Counter(p.form for p in placements(doc, 1)) == {
        "back-demo.card.king": 2,
        "back-demo.component.card": 1,
    }
    assert published.read_bytes() == before


def test_interrupted_build_leaves_no_pdf(
    kit_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import starpress.pnp.kitbuilder

    def explode(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(starpress.pnp.kitbuilder, "draw_face", explode)
    with pytest.raises(KeyboardInterrupt):
        build(kit_project)
    assert list((kit_project / "out").iterdir()) == []


def test_missing_translation_falls_back_and_is_listed(kit_project: Path) -> None:
    result = run_cli("pnp", "demo", "--lang", "pt-BR", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    assert (
        "demo-pt-BR-a4.pdf: 6 text(s) not yet translated, printed in the source language"
        in result.stdout
    )


def test_list_items_by_index_and_one_per_line(kit_project: Path) -> None:
    from starpress.pnp.faces import Values, _substitute

    fields = {"steps": ["Roll", "Move", "Attack"], "empty": [""]}
    assert _substitute("{steps.1} then {steps.2}", fields) == "Move then Attack"
    assert _substitute("{steps}", fields, "\n") == "Roll\nMove\nAttack"
    assert _substitute("{steps.7}", fields) is None  # no such item: the box is skipped
    assert _substitute("{empty}", fields) is None
    assert Values({}, {}).shown == {}


def test_unknown_colour_is_a_one_line_error_located_in_the_layout(kit_project: Path) -> None:
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(LAYOUT.replace('fill: "#203040"', "fill: rojo"))
    result = run_cli("pnp", "demo", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: templates/cards/demo.yaml:12:64: unknown colour 'rojo' "
        "(not in the layout's colors, not #rrggbb)"
    )
    assert not list((kit_project / "build" / "pnp").glob("*.pdf"))


def _lines(doc: object, number: int) -> list[tuple[float, float, float, float]]:
    """Every straight line drawn on a page, as x1, y1, x2, y2 in mm from the bottom-left."""
    page = doc[number]  # type: ignore[index]
    height = page.rect.height
    found = []
    for drawing in page.get_drawings():
        for item in drawing["items"]:
            if item[0] == "l":
                start, end = item[1], item[2]
                found.append(
                    (start.x / MM, (height - start.y) / MM, end.x / MM, (height - end.y) / MM)
                )
    return found


MM = 72 / 25.4


def test_crop_marks_stand_outside_the_grid_in_line_with_every_trim_edge(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, marks="crop"))
    left = (210 - 190.5) / 2
    bottom = (297 - 266.7) / 2
    edges_x = [left + 63.5 * column for column in range(4)]
    edges_y = [bottom + 88.9 * row for row in range(4)]
    vertical = [line for line in _lines(doc, 0) if near(line[0], line[2], 0.01)]
    horizontal = [line for line in _lines(doc, 0) if near(line[1], line[3], 0.01)]
    for x in edges_x:  # a mark above and below the grid for each column edge
        marks = [line for line in vertical if near(line[0], x)]
        assert len(marks) == 2
        for mark in marks:
            low, high = sorted((mark[1], mark[3]))
            assert high <= bottom - 3 or low >= bottom + 266.7 + 3  # beyond the bleed
    for y in edges_y:
        assert len([line for line in horizontal if near(line[1], y)]) == 2
    assert not [line for line in _lines(doc, 1)]  # no marks on back pages


def test_cut_lines_run_the_full_page(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, marks="lines"))
    full = [
        line
        for line in _lines(doc, 0)
        if near(line[0], line[2], 0.01)
        and near(min(line[1], line[3]), 0)
        and near(max(line[1], line[3]), 297)
    ]
    left = (210 - 190.5) / 2
    assert sorted(round(line[0], 2) for line in full) == [
        round(left + 63.5 * column, 2) for column in range(4)
    ]


def test_proof_has_one_of_each_design(kit_project: Path) -> None:
    doc = open_pdf(build(kit_project, proof=True))
    fronts = Counter(p.card for n in range(doc.page_count) for p in placements(doc, n))
    assert fronts == {"demo.card.ace": 1, "demo.card.king": 1}
    assert "demo.card.king" in doc[0].get_text()  # ids printed under the cards


def test_calibration_scales_sit_behind_the_front_crosshairs(kit_project: Path) -> None:
    result = run_cli("pnp", "calibrate", "--paper", "letter", "--duplex", "long", cwd=kit_project)
    assert result.returncode == 0, result.stderr
    doc = open_pdf(kit_project / "build" / "pnp" / "calibrate-letter-long.pdf")
    assert doc.page_count == 2
    from starpress.pnp.calibrate import INSET_MM

    front_x = [line[0] for line in _lines(doc, 0) if near(line[0], line[2], 0.01)]
    # crosshair verticals at the inset, the centre and the far inset
    for expected in (INSET_MM, 215.9 / 2, 215.9 - INSET_MM):
        assert any(near(x, expected) for x in front_x)
    assert all(any(near(x, e) for e in (INSET_MM, 215.9 / 2, 215.9 - INSET_MM)) for x in front_x)
    # each back scale has its zero tick exactly behind a front crosshair
    back_x = [line[0] for line in _lines(doc, 1) if near(line[0], line[2], 0.01)]
    for expected in (INSET_MM, 215.9 / 2, 215.9 - INSET_MM):
        assert any(near(x, expected, 0.01) for x in back_x)


def test_image_box_draws_a_picture_stored_once(kit_project: Path) -> None:
    from PIL import Image

    art = kit_project / "content" / "demo" / "art"
    art.mkdir()
    Image.new("RGB", (60, 40), (200, 30, 30)).save(art / "ace.png")
    cards = kit_project / "content" / "demo" / "cards.yaml"
    cards.write_text(
        cards.read_text().replace(
            'fields: {text: "Gain 2 :coin:."}', 'fields: {text: "Gain 2 :coin:.", art: ace.png}'
        )
    )
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(
        LAYOUT.replace(
            "      - {name: text, type: text, x: 4, y: 20,",
            '      - {name: art, type: image, x: 4, y: 52, w: -8mm, h: 30, image: "art/{art}"}\n'
            "      - {name: text, type: text, x: 4, y: 20,",
            1,
        )
    )
    doc = open_pdf(build(kit_project))
    images = {
        xref for n in range(doc.page_count) for (xref, *_rest) in doc.get_page_images(n, full=True)
    }
    assert len(images) >= 1
    pictures = [
        xref
        for xref in range(1, doc.xref_length())
        if doc.xref_get_key(xref, "Subtype") == ("name", "/Image")
    ]
    assert len(pictures) == 1  # seven aces, one picture in the file
    (art / "ace.png").unlink()
    result = run_cli("pnp", "demo", cwd=kit_project)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "error: templates/cards/demo.yaml:9:9: demo.card.ace: box 'art': "
        "image not found: content/demo/art/ace.png"
    )


def test_kits_built_in_a_process_pool_are_the_bytes_of_a_serial_build(kit_project: Path) -> None:
    """`pnp --jobs N`: four kits (the demo game in each language) built by two workers are
    the same files as built one after another, reported in the same order; the progress
    counts every face once."""
    from starpress.pnp.build import plan, run
    from starpress.pnp.kit import KitOptions

    jobs = plan(kit_project, ["demo"], "all", KitOptions(lang=""))
    built = {}
    for workers in (1, 2):
        counted: list[int] = []
        result = run(
            kit_project, jobs, kit_project / str(workers), progress=counted.append, workers=workers
        )
        assert sum(counted) == sum(job.faces for job in jobs)
        built[workers] = [(report.path.name, report.path.read_bytes()) for report in result.reports]
    assert [name for name, _ in built[1]] == [
        f"demo-{lang}-a4.pdf" for lang in ("pt-BR", "es", "it", "en")
    ]
    assert built[1] == built[2]


def test_the_prototype_tag_is_printed_in_the_kit_s_language(kit_project: Path) -> None:
    """The demo's king is `provenance: prototype`: its face carries the tag in each kit's
    language (pnp/marks.yaml), never the English word on a pt-BR card."""
    for lang, tag in (("en", "PROTOTYPE"), ("pt-BR", "PROTÓTIPO")):
        result = run_cli("pnp", "demo", "--lang", lang, cwd=kit_project)
        assert result.returncode == 0, result.stderr
        with open_pdf(kit_project / "build" / "pnp" / f"demo-{lang}-a4.pdf") as doc:
            words = " ".join(page.get_text() for page in doc).split()
        assert tag in words, lang
        assert lang == "en" or "PROTOTYPE" not in words
