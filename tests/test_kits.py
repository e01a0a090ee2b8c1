"""The five games' real kits, built and read back from the PDFs."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import register_fonts
from starpress.pdf.units import MM
from starpress.pnp import faces
from starpress.pnp.build import plan, run
from starpress.pnp.faces import face_context
from starpress.pnp.kit import KitOptions, fit_text_to_decks, printed_faces
from starpress.pnp.kitbuilder import build_kit
from starpress.pnp.layout import load_templates
from tests.conftest import ROOT
from tests.pdfread import (
    counted_fronts,
    fonts_not_embedded,
    forms,
    icons_drawn,
    open_pdf,
    page_box,
    page_size,
    placements,
    text_lines,
)

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@cache
def kits(paper: str, out: Path) -> dict[str, Path]:
    result = run(ROOT, plan(ROOT, None, "source", KitOptions(lang="", paper=paper)), out)
    assert result.overflow == [], result.overflow[:10]
    return {_game(report.path): report.path for report in result.reports}


def _game(path: Path) -> str:
    return next(game for game in GAMES if path.name.startswith(f"{game}-"))


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kits")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_kit_builds_without_overflow_on_the_page_size(paper: str, out: Path) -> None:
    built = kits(paper, out)
    assert sorted(built) == GAMES
    for path in built.values():
        doc = open_pdf(path)
        for number in range(doc.page_count):
            width, height = page_size(doc, number)
            assert {round(width, 1), round(height, 1)} == {round(v, 1) for v in PAPERS[paper]}
            trim = page_box(doc, number, "TrimBox")
            bleed = page_box(doc, number, "BleedBox")
            assert bleed[0] <= trim[0] and bleed[2] >= trim[2]


@pytest.mark.parametrize("game", GAMES)
def test_fronts_per_component_equal_the_box_counts(game: str, out: Path) -> None:
    model = load_games(ROOT, [game])[game]
    doc = open_pdf(kits("a4", out)[game])
    # a card tiled over several sheets counts on the sheet showing its top-left corner; a
    # board in pieces counts each piece, on the sheet showing the piece's top-left corner
    pieces = {
        card.id: (card.pieces.columns, card.pieces.rows) for card in model.cards if card.pieces
    }
    fronts = Counter(counted_fronts(doc, pieces))
    by_component: Counter[str] = Counter()
    for card in model.cards:
        by_component[card.component] += fronts[card.id]
    printed = {card.component for card in model.cards}
    assert by_component == {c.id: c.count for c in model.components if c.id in printed}


@pytest.mark.parametrize("game", ["afternova", "asteria", "luna-maris"])  # decks with a `mark`
def test_every_set_mark_is_printed_on_its_cards_front(game: str, out: Path) -> None:
    """The bots name cards by the set mark printed on their fronts (`A 5/38`): every mark is
    printed, and only on a page that holds that card's front."""
    marks = load_games(ROOT, [game])[game].card_marks()
    card_of = {mark: card for card, mark in marks.items()}
    doc = open_pdf(kits("a4", out)[game])
    seen = set()
    for number in range(doc.page_count):
        printed = set(re.findall(r"\b[A-Z]{1,3} \d+/\d+\b", doc[number].get_text())) & set(card_of)
        fronts = {p.card for p in placements(doc, number) if p.side == "front"}
        assert {card_of[mark] for mark in printed} <= fronts, number
        seen |= printed
    assert marks and seen == set(marks.values())


@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_board_larger_than_the_paper_is_tiled_with_overlaps(paper: str, out: Path) -> None:
    """Luna Maris's main board (400 x 280 mm) on sheets that overlap by 12 mm, whose windows
    cover the whole board, bleed only where they meet the board's edge."""
    doc = open_pdf(kits(paper, out)["luna-maris"])
    tiles = [
        placement
        for number in range(doc.page_count)
        for placement in placements(doc, number)
        if placement.card == "luna-maris.card.main-board"
    ]
    assert len(tiles) >= 2
    windows = []
    for tile in tiles:
        x, y, w, h = tile.trim(3.0)
        assert (round(w), round(h)) == (400, 280)
        cx, cy, cw, ch = tile.clip
        # the window in the board's own millimetres, bleed trimmed off the outer edges
        left, bottom = max(cx - x, 0.0), max(cy - y, 0.0)
        right, top = min(cx + cw - x, 400.0), min(cy + ch - y, 280.0)
        # where a window meets the board's edge, 3 mm of bleed show beyond it
        assert left > 0 or cx - x == pytest.approx(-3.0, abs=0.01)
        assert bottom > 0 or cy - y == pytest.approx(-3.0, abs=0.01)
        assert right < 400 or cx + cw - x == pytest.approx(403.0, abs=0.01)
        assert top < 280 or cy + ch - y == pytest.approx(283.0, abs=0.01)
        windows.append((left, bottom, right, top))
    xs = sorted({(round(a, 2), round(c, 2)) for a, _b, c, _d in windows})
    ys = sorted({(round(b, 2), round(d, 2)) for _a, b, _c, d in windows})
    for spans, length in ((xs, 400.0), (ys, 280.0)):
        assert spans[0][0] == 0 and spans[-1][1] == length
        for (_, end), (start, _) in itertools.pairwise(spans):
            assert end - start == pytest.approx(12.0, abs=0.01)  # the overlap


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_font_of_every_kit_is_embedded(paper: str, out: Path) -> None:
    """No font a viewer or a print shop must substitute: not reportlab's starting
    Helvetica, and not in the names of a tiled board's sheets (A1, B2) either."""
    built = kits(paper, out)
    for game, path in built.items():
        with open_pdf(path) as doc:
            assert fonts_not_embedded(doc) == set(), game
    with open_pdf(built["luna-maris"]) as doc:
        sheet_names = {
            span["font"]
            for page in doc
            for block in page.get_text("dict")["blocks"]
            for line in block.get("lines", [])
            for span in line["spans"]
            if span["text"] in ("A1", "A2", "B1")
        }
    assert sheet_names == {"DejaVuSans-Bold"}


def test_every_text_the_kits_print_is_in_the_catalogs(tmp_path: Path) -> None:
    """Kits in every language ask only for text ids the translation catalogs hold."""
    from starpress.core.model import LANGUAGES

    for job in plan(ROOT, None, "all", KitOptions(lang="")):
        game = job.game
        if job.options.lang == game.info.source_language:
            continue
        folder = ROOT / "content" / game.id
        report = build_kit(game, job.templates, folder, job.options, tmp_path)
        assert report.fallbacks == [], (game.id, job.options.lang, report.fallbacks[:5])
    assert len(LANGUAGES) == 4


PAGES_BEFORE_PACKING = {
    "afternova": 31,
    "aristeia": 12,
    "ascending-empires": 15,
    "asteria": 34,  # 30 measured, + 4: the automaton's 12 poker cards on 2 sheets of 9 with backs
    "luna-maris": 38,
}
"""A4 pages of each source-language kit when every size had sheets of its own (issue 13)."""
PAGES_AT_MOST = {
    "afternova": 26,
    # 13 before its HexaDome (8 sheets and an assembly page), control panels and 68 write-in
    # cards with their backs joined the kit (issue 32); 9 before the automaton's cards
    "aristeia": 40,
    # 18 before its board (9 pieces and an assembly page) and the ship, battleship and
    # technology marker faces joined (issue 32); 12 before the automata's decks (issue 18)
    "ascending-empires": 28,
    "asteria": 22,  # 18 before the automaton's decision cards joined the kit (issue 14)
    "luna-maris": 35,  # its main board: 3 sheets and an assembly page
}
"""A4 pages of each kit now that sizes share sheets (`pnp.pack`); README lists both."""


@pytest.mark.parametrize("game", GAMES)
def test_packing_keeps_each_kit_within_its_page_bound(game: str, out: Path) -> None:
    pages = open_pdf(kits("a4", out)[game]).page_count
    assert pages <= PAGES_AT_MOST[game]
    if game == "asteria":  # issue 13: at least a third fewer pages than before
        assert pages <= PAGES_BEFORE_PACKING[game] * 2 / 3


def _components(game: str) -> dict[str, str]:
    return {card.id: card.component for card in load_games(ROOT, [game])[game].cards}


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("game", ["asteria", "afternova", "luna-maris"])
def test_every_back_lies_exactly_behind_its_front_after_packing(
    game: str, flip: str, tmp_path: Path
) -> None:
    options = KitOptions(lang="", paper="a4", duplex=flip)  # type: ignore[arg-type]
    (report,) = run(ROOT, plan(ROOT, [game], "source", options), tmp_path).reports
    doc = open_pdf(report.path)
    width, height = page_size(doc, 0)
    component = _components(game)
    backs_seen = turned_seen = 0
    for number in range(1, doc.page_count):
        backs = placements(doc, number)
        if not backs or any(placement.side != "back" for placement in backs):
            continue
        fronts = placements(doc, number - 1)
        assert fronts and all(placement.side == "front" for placement in fronts)
        unmatched = list(fronts)
        for back in backs:
            x, y, w, h = back.trim(3.0)
            # where this back's front must be: mirrored across the page for the flip
            expected = (width - x - w, y) if flip == "long" else (x, height - y - h)
            front = next(
                front
                for front in unmatched
                if abs(front.trim(3.0)[0] - expected[0]) < 0.05
                and abs(front.trim(3.0)[1] - expected[1]) < 0.05
            )
            unmatched.remove(front)
            assert front.trim(3.0)[2:] == pytest.approx((w, h), abs=0.05)
            assert back.card in (front.card, component[front.card])  # its own or its deck's
            assert back.turn == -front.turn  # a turned front has its back turned the other way
            backs_seen += 1
            turned_seen += front.turn != 0
    assert backs_seen > 20
    if game == "afternova":
        assert turned_seen > 0  # landscape Starships and Blueprints lie turned: 9 a sheet, not 8


@cache
def english_kits(out: Path) -> dict[str, Path]:
    result = run(ROOT, plan(ROOT, None, "en", KitOptions(lang="", paper="a4")), out / "en")
    return {_game(report.path): report.path for report in result.reports}


def _punctuation_only(text: str) -> bool:
    return bool(text) and all(unicodedata.category(char)[0] in "PSZ" for char in text)


@pytest.mark.parametrize("game", GAMES)
def test_no_line_holds_only_punctuation_in_any_kit(game: str, out: Path) -> None:
    """Read back from the PDFs, in the source language and in English: no wrapped line of a
    text starts with punctuation left alone (`+1 ⚡` then `.` on the next line).

    Lines of only `·` are the separators between icons in a list of dice faces: those lines
    hold icons too (icons are drawn, so the PDF's text does not show them)."""
    for path in (kits("a4", out)[game], english_kits(out)[game]):
        doc = open_pdf(path)
        for number in range(doc.page_count):
            lines = text_lines(doc, number)
            for line in lines:
                if not _punctuation_only(line.text) or set(line.text) <= {"·"}:
                    continue
                above = [other.text for other in lines if line.follows(other)]
                assert not above, (path.name, number + 1, line.text, above)


def test_a_text_box_keeps_one_size_across_its_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asteria's action cards: each edge's effect at one size on all 38 cards."""
    register_fonts()
    game = localize(ROOT, load_games(ROOT, ["asteria"])["asteria"], "en")
    templates = load_templates(ROOT, game)
    canvas = KitCanvas(str(tmp_path / "scratch.pdf"))
    context = face_context(canvas, game, templates, ROOT / "content" / "asteria")
    actions = [
        face for face in printed_faces(game, templates, proof=True) if face.front.name == "action"
    ]
    assert len(actions) == 38
    fit_text_to_decks(context, actions, 3 * MM)
    drawn: dict[str, set[float]] = {}
    fit = faces._fit

    def recording(ctx, box, *rest):  # type: ignore[no-untyped-def]
        fitted = fit(ctx, box, *rest)
        drawn.setdefault(box.name, set()).add(fitted.size)
        return fitted

    monkeypatch.setattr(faces, "_fit", recording)
    for face in actions:
        faces.draw_face(
            context, face.front, face.card, "front", faces.FaceSize(face.width, face.height, 0)
        )
    edges = {"exploit-text", "expand-text", "explore-text", "exterminate-text", "title", "cost"}
    assert edges <= set(drawn)
    assert all(len(drawn[box]) == 1 for box in edges), drawn
    # and the size is the deck's: the largest at which the longest of these texts fits
    sizes = context.deck_sizes[("asteria.component.action-card", "action")]
    assert all(drawn[box] == {sizes[box]} for box in edges)


def test_cards_with_coloured_edges_keep_their_own_bleed(out: Path) -> None:
    """Asteria's action cards (`bleed: own`): 3 mm of their own bleed on every side, and no
    other card's bleed or trim within it, so a cut off the line shows the card's colour."""
    doc = open_pdf(kits("a4", out)["asteria"])
    seen = 0
    for number in range(doc.page_count):
        placed = placements(doc, number)
        for card in placed:
            if not card.card.startswith("asteria.card.action-") and card.form != (
                "back-asteria.component.action-card"
            ):
                continue
            seen += 1
            x, y, w, h = card.clip
            tx, ty, tw, th = card.trim(3.0)
            assert (x, y, w, h) == pytest.approx((tx - 3, ty - 3, tw + 6, th + 6), abs=0.01)
            for other in placed:
                if other is card:
                    continue
                ox, oy, ow, oh = other.clip
                apart = ox >= x + w - 0.01 or ox + ow <= x + 0.01 or oy >= y + h - 0.01
                assert apart or oy + oh <= y + 0.01, (number + 1, card.card, other.card)
    assert seen == 2 * 38  # fronts and backs


def test_each_deck_has_its_own_back(out: Path) -> None:
    """Afternova's decks are told apart face down: each back its own drawing and emblem,
    and the bag (which belongs to no deck) on none of them."""
    drawn = forms(open_pdf(kits("a4", out)["afternova"]))
    backs = {
        deck: drawn[f"back-afternova.component.{deck}"]
        for deck in ("hired-paw", "planet", "blueprint")
    }
    assert len(set(backs.values())) == 3
    for deck, stream in backs.items():
        assert icons_drawn(stream) == {deck}


@pytest.mark.parametrize(
    ("game", "component", "prefix", "kinds"),
    [
        ("luna-maris", "luna-maris.component.food-card", "food-", 10),
        ("afternova", "afternova.component.hired-paw", "paw-", 16),
    ],
)
def test_each_kind_of_card_has_its_own_picture(
    game: str, component: str, prefix: str, kinds: int, out: Path
) -> None:
    """Each food its own pictogram, each kind of Hired Paw its own portrait (same kind,
    same picture; read from the cards' fronts in the kit)."""
    model = load_games(ROOT, [game])[game]
    drawn = forms(open_pdf(kits("a4", out)[game]))
    picture: dict[str, str] = {}
    for card in model.cards_of(component):
        (icon,) = {
            name for name in icons_drawn(drawn[f"front-{card.id}"]) if name.startswith(prefix)
        }
        kind = str(card.name) if game == "luna-maris" else str(card.name).split()[0]
        assert picture.setdefault(kind, icon) == icon, (card.id, kind)
    assert len(set(picture.values())) == kinds
    if game == "luna-maris":  # one food, one picture: no two foods share one
        assert len(picture) == kinds
