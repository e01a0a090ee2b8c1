"""Rulebooks: every game in every language on A4 and Letter, read back with PyMuPDF."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES, Game, Section
from starpress.core.text import CrossRef, Span, Text, plain_text
from starpress.rulebook.booklet import booklet_order
from starpress.rulebook.build import Job, book_path, build_book, run, setup_pictures
from tests.books import FULLY_CHECKED, built_books
from tests.conftest import ROOT, make_project, run_cli
from tests.pdfread import fonts_not_embedded, viewer_preferences

MM = 72 / 25.4
GAMES = ("afternova", "aristeia", "ascending-empires", "asteria", "luna-maris")
PAGES = {  # plausible page counts of the A4 books (all languages)
    "afternova": (18, 40),
    "aristeia": (32, 65),
    "ascending-empires": (14, 35),
    "asteria": (14, 35),
    "luna-maris": (22, 50),
}


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return dict(load_games(ROOT, None))


@pytest.fixture(scope="module")
def books() -> Path:
    """Every game × language on A4, and on Letter in the fully checked languages (built
    once per test run, with the quick references: `tests/books.py`)."""
    return built_books()


def localized(games: dict[str, Game], game_id: str, lang: str) -> Game:
    return localize(ROOT, games[game_id], lang)


def open_book(books: Path, game: str, lang: str, paper: str = "a4") -> pymupdf.Document:
    return pymupdf.open(str(book_path(books, game, lang, paper)))


def plain(game: Game, text: Text) -> str:
    names = {icon: str(name) for icon, name in game.icon_names.items()}
    return plain_text(text.tokens, None, names)


def section_outline(game: Game) -> list[tuple[int, str, str]]:
    """(outline level, title, id) of every rules section in reading order."""
    found: list[tuple[int, str, str]] = []

    def walk(section: Section, depth: int) -> None:
        found.append((depth + 1, plain(game, section.title), section.id))
        for child in section.sections:
            walk(child, depth + 1)

    for section in game.rules:
        walk(section, 0)
    return found


CASES = [(game, lang) for game in GAMES for lang in LANGUAGES]
PAPER_CASES = [
    (game, lang, paper)
    for game in GAMES
    for lang in LANGUAGES
    for paper in ("a4", "letter")
    if paper == "a4" or lang in FULLY_CHECKED
]


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_every_rules_section_is_a_bookmark_on_its_page(
    books: Path, games: dict[str, Game], game_id: str, lang: str
) -> None:
    game = localized(games, game_id, lang)
    doc = open_book(books, game_id, lang)
    toc = doc.get_toc()
    position = 0
    for level, title, section_id in section_outline(game):
        while position < len(toc) and (toc[position][0], toc[position][1]) != (level, title):
            position += 1
        assert position < len(toc), f"{section_id} ({title!r}) is not in the outline in order"
        page = doc[toc[position][2] - 1].get_text()
        first_word = title.split()[0]
        assert first_word in page, f"{section_id}: bookmark page does not show {title!r}"
        position += 1


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_every_cross_reference_is_a_working_internal_link(
    books: Path, games: dict[str, Game], game_id: str, lang: str
) -> None:
    game = localized(games, game_id, lang)
    doc = open_book(books, game_id, lang)
    internal = 0
    for page in doc:
        for link in page.get_links():
            if link["kind"] == pymupdf.LINK_URI:
                assert link["uri"].startswith(("http://", "https://")), link["uri"]
                continue
            assert link["kind"] in (pymupdf.LINK_GOTO, pymupdf.LINK_NAMED), link
            assert 0 <= link["page"] < doc.page_count, link
            internal += 1
    printed: list[Text] = []
    for section in game.sections():
        printed += [section.body, section.after, *section.items] + [
            cell for table in section.tables for row in table.rows for cell in row
        ]
    for entry in game.glossary:
        printed += [entry.short, entry.body, entry.after, *entry.items]
    for item in game.clarifications:
        printed += [item.source_says, item.resolution]
    refs = sum(
        1 for text in printed if text is not None for t in text.tokens if isinstance(t, CrossRef)
    )
    related = sum(len(entry.related) for entry in game.glossary)
    # a link broken over two lines is two rectangles: at least one per reference
    assert internal >= refs + related > 0


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_page_count_is_plausible(books: Path, game_id: str, lang: str) -> None:
    low, high = PAGES[game_id]
    assert low <= open_book(books, game_id, lang).page_count <= high


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_text_is_in_the_book_language(
    books: Path, games: dict[str, Game], game_id: str, lang: str
) -> None:
    game = localized(games, game_id, lang)
    doc = open_book(books, game_id, lang)
    text = " ".join(page.get_text() for page in doc)
    text = re.sub(r"\s+", " ", text)
    titles = [plain(game, section.title) for section in game.rules]
    for title in titles:
        assert title in text
    contents = {"en": "Contents", "es": "Índice", "it": "Indice", "pt-BR": "Sumário"}[lang]
    assert contents in doc[1].get_text()
    assert doc.xref_get_key(doc.pdf_catalog(), "Lang") == ("string", lang)
    assert doc.metadata["title"].startswith(game.info.titles.get(lang, game.info.title))
    source = games[game_id]
    if lang == source.info.source_language:
        return
    stale = [
        plain(source, original.title)
        for original, shown in zip(source.sections(), game.sections(), strict=True)
        if plain(source, original.title) != plain(game, shown.title)
        and len(plain(source, original.title)) > 10
    ]
    assert stale, "no translated section title to check"
    assert [title for title in stale if title in text] == []


@pytest.mark.parametrize(("game_id", "lang", "paper"), PAPER_CASES)
def test_text_stays_inside_the_page(books: Path, game_id: str, lang: str, paper: str) -> None:
    doc = open_book(books, game_id, lang, paper)
    width, height = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    inside = pymupdf.Rect(5 * MM, 5 * MM, (width - 5) * MM, (height - 5) * MM)
    for page in doc:
        assert page.rect.width == pytest.approx(width * MM, abs=0.5)
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    box = pymupdf.Rect(span["bbox"])
                    if span["text"].strip():
                        assert inside.contains(box), (page.number + 1, span["text"], box)


def test_icons_are_vector_forms_drawn_inline(books: Path, games: dict[str, Game]) -> None:
    doc = open_book(books, "afternova", "en")
    drawn: set[str] = set()
    for page in doc:
        assert page.get_images() == []  # the placeholder boxes are never drawn as images
        stream = b"".join(doc.xref_stream(xref) for xref in page.get_contents())
        drawn |= {name.decode() for name in re.findall(rb"/FormXob\.icon-(\S+) Do", stream)}
    assert drawn == {icon.id for icon in games["afternova"].icons}


def test_rebuild_is_byte_identical_and_serial_equals_pool(
    books: Path, games: dict[str, Game], tmp_path: Path
) -> None:
    game = localized(games, "luna-maris", "es")
    again = tmp_path / "again.pdf"
    pictures = setup_pictures(ROOT, "luna-maris", "es")  # what `run` shows, when drawn
    build_book(game, "es", "letter", ROOT / "content" / "luna-maris", again, pictures=pictures)
    assert again.read_bytes() == book_path(books, "luna-maris", "es", "letter").read_bytes()


@pytest.mark.parametrize(("game_id", "lang", "paper"), PAPER_CASES)
def test_a_book_carries_its_fonts_and_opens_showing_its_title(
    books: Path, game_id: str, lang: str, paper: str
) -> None:
    with open_book(books, game_id, lang, paper) as doc:
        assert fonts_not_embedded(doc) == set()
        assert viewer_preferences(doc)["DisplayDocTitle"] == "true"
        assert doc.metadata["title"]  # what the viewer shows (its words: tested above)


def test_booklet_order() -> None:
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    assert booklet_order(5) == [(None, 1), (2, None), (None, 3), (4, 5)]
    assert booklet_order(4) == [(4, 1), (2, 3)]


@pytest.mark.parametrize(("paper", "sheet"), [("a4", (297, 210)), ("letter", (279.4, 215.9))])
def test_booklet_is_imposed_two_up_in_booklet_order(
    games: dict[str, Game], tmp_path: Path, paper: str, sheet: tuple[float, float]
) -> None:
    (report,) = run(ROOT, [Job(games["asteria"], "en", paper, True)], tmp_path, workers=1)
    assert report.booklet is not None
    doc = pymupdf.open(str(report.booklet))
    padded = -(-report.half_pages // 4) * 4
    assert doc.page_count == padded // 2 == report.sides
    for page in doc:
        assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx(sheet, abs=0.5)
    first = doc[0]
    middle = first.rect.width / 2
    right = first.get_text(clip=pymupdf.Rect(middle, 0, first.rect.width, first.rect.height))
    left = first.get_text(clip=pymupdf.Rect(0, 0, middle, first.rect.height))
    assert "Asteria" in right  # the title page is the front's right half
    last = f"Page {padded}"
    assert (last in left) == (padded == report.half_pages)
    assert doc.xref_get_key(doc.pdf_catalog(), "Lang") == ("string", "en")
    again = tmp_path / "again"
    (second,) = run(ROOT, [Job(games["asteria"], "en", paper, True)], again, workers=1)
    assert second.booklet is not None
    assert second.booklet.read_bytes() == report.booklet.read_bytes()


HOSTILE = '<font size=1000>x</font> & <a href="javascript:alert(1)">y</a>'


def test_markup_in_content_prints_as_text(tmp_path: Path) -> None:
    rules = f"""\
rules:
  - id: demo.rules.setup
    title: "Setup <b>now</b>"
    body: '{HOSTILE} then :coin: and [[demo.glossary.coin]].'
"""
    project = make_project(tmp_path, {"rules.yaml": rules})
    (game,) = load_games(project, ["demo"]).values()
    path = tmp_path / "demo.pdf"
    pages = build_book(game, "en", "a4", project / "content" / "demo", path)
    doc = pymupdf.open(str(path))
    assert doc.page_count == pages
    text = re.sub(r"\s+", " ", " ".join(page.get_text() for page in doc))
    assert HOSTILE in text
    assert "Setup <b>now</b>" in text
    for page in doc:
        for link in page.get_links():
            assert "javascript" not in str(link.get("uri", "")), link
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                assert all(span["size"] < 40 for span in line["spans"])
    kinds = [link["kind"] for page in doc for link in page.get_links()]
    assert pymupdf.LINK_URI not in kinds and kinds  # the cross-reference, nothing else


def test_cli_writes_books_and_rejects_bad_options(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    done = run_cli("rulebook", "demo", "--lang", "all", "--out", "out", "--jobs", "1", cwd=project)
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in (project / "out").iterdir()) == [
        f"demo-{lang}-a4.pdf" for lang in sorted(LANGUAGES)
    ]
    bad = run_cli("rulebook", "demo", "--paper", "a3", cwd=project)
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "error: starpress rulebook: Invalid value for '--paper': 'a3' is not one of 'a4', "
        "'letter', 'all'. (see 'starpress rulebook --help')"
    ]
    both = run_cli("rulebook", "demo", "--quick", "--booklet", cwd=project)
    assert both.returncode == 2
    assert both.stderr.strip() == "error: --quick and --booklet cannot be combined"
    unknown = run_cli("rulebook", "nope", cwd=project)
    assert unknown.returncode == 2


def test_the_paper_choices_are_the_papers_of_the_style() -> None:
    """A paper added to style.yaml (with its booklet half page) needs its enum member too."""
    from starpress.rulebook.choices import Paper
    from starpress.rulebook.style import papers

    assert [paper.value for paper in Paper] == [*papers(), "all"]


def test_every_rulebook_option_reaches_the_request(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each option lands in its own field (the request is built by keyword)."""
    from typer.testing import CliRunner

    from starpress.cli import app
    from starpress.rulebook import command
    from starpress.rulebook.choices import Paper

    project = make_project(tmp_path)
    seen: list[command.BookRequest] = []
    monkeypatch.setattr(command, "build_command", lambda _r, request, *_: seen.append(request) or 0)
    options = ["--lang", "es", "--paper", "letter", "--booklet", "--out", "books", "--jobs", "2"]
    done = CliRunner().invoke(app, ["--root", str(project), "rulebook", "all", *options])
    assert done.exit_code == 0, done.output
    assert seen == [
        command.BookRequest(
            target="all", lang="es", paper=Paper.LETTER, booklet=True, out=Path("books"), jobs=2
        )
    ]
    done = CliRunner().invoke(app, ["--root", str(project), "rulebook", "demo", "--quick"])
    assert done.exit_code == 0, done.output
    assert seen[-1] == command.BookRequest(target="demo", quick=True)


@pytest.mark.parametrize(("game_id", "lang", "paper"), PAPER_CASES)
def test_contents_page_numbers_are_the_pages_of_the_headings(
    books: Path, games: dict[str, Game], game_id: str, lang: str, paper: str
) -> None:
    doc = open_book(books, game_id, lang, paper)
    toc = doc.get_toc()
    first, after = toc[1][2], toc[2][2]  # the contents' bookmark and the next one
    numbers = 0
    for page in doc.pages(first - 1, after - 1):
        for link in page.get_links():
            box = pymupdf.Rect(link["from"])
            if box.x0 < page.rect.width * 0.75 or link["kind"] != pymupdf.LINK_GOTO:
                continue
            shown = page.get_text(clip=box).strip()
            assert shown == str(link["page"] + 1), (page.number + 1, shown, link)
            numbers += 1
    assert numbers >= len(games[game_id].rules)


# -- quick references -----------------------------------------------------------------------

QUICK_LANG_NAMES = {"en": "Quick reference", "es": "Referencia rápida", "it": "Riferimento rapido"}
QUICK_LANG_NAMES["pt-BR"] = "Referência rápida"


@pytest.fixture(scope="module")
def quick() -> Path:
    """Every game × language × A4/Letter quick reference (`tests/books.py`)."""
    return built_books()


def longest_span(text: Text) -> str:
    """The longest run of plain words in a text (icons are drawn, not printed as text)."""
    spans = [token.text.strip() for token in text.tokens if isinstance(token, Span)]
    return max(spans, key=len, default="")


QUICK_CASES = [
    (game, lang, paper) for game in GAMES for lang in LANGUAGES for paper in ("a4", "letter")
]


@pytest.mark.parametrize(("game_id", "lang", "paper"), QUICK_CASES)
def test_quick_reference_fits_its_pages_in_its_language(
    quick: Path, games: dict[str, Game], game_id: str, lang: str, paper: str
) -> None:
    game = localized(games, game_id, lang)
    doc = pymupdf.open(str(book_path(quick, game_id, lang, paper, quick=True)))
    assert 1 <= doc.page_count <= 2
    width, height = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    inside = pymupdf.Rect(8 * MM, 8 * MM, (width - 8) * MM, (height - 8) * MM)
    for page in doc:
        assert page.rect.width == pytest.approx(width * MM, abs=0.5)
        assert page.get_images() == []  # icons are vector forms, not the placeholders
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        box = pymupdf.Rect(span["bbox"])
                        assert inside.contains(box), (page.number + 1, span["text"], box)
    text = re.sub(r"\s+", " ", " ".join(page.get_text() for page in doc))
    title = game.info.titles.get(lang, game.info.title)
    assert doc.metadata["title"] == f"{title} – {QUICK_LANG_NAMES[lang]}"
    assert doc.xref_get_key(doc.pdf_catalog(), "Lang") == ("string", lang)
    # every glossary term with its short definition, every component, in this language
    for entry in game.glossary:
        assert plain(game, entry.term) in text, entry.id
        assert longest_span(entry.short)[:30] in text, entry.id
    for component in game.components:
        assert plain(game, component.name) in text, component.id
    stream = b"".join(doc.xref_stream(xref) for page in doc for xref in page.get_contents())
    drawn = {name.decode() for name in re.findall(rb"/FormXob\.icon-(\S+) Do", stream)}
    assert drawn == {icon.id for icon in game.icons}
    source = games[game_id]
    if lang != source.info.source_language:
        stale = [
            longest_span(original.short)
            for original, shown in zip(source.glossary, game.glossary, strict=True)
            if longest_span(original.short) != longest_span(shown.short)
            and len(longest_span(original.short)) > 20
        ]
        assert stale, "no translated short definition to check"
        assert [short for short in stale if short in text] == []


@pytest.mark.parametrize(("game_id", "lang", "paper"), QUICK_CASES)
def test_quick_reference_carries_its_fonts_title_and_bookmarks(
    quick: Path, game_id: str, lang: str, paper: str
) -> None:
    with pymupdf.open(str(book_path(quick, game_id, lang, paper, quick=True))) as doc:
        assert fonts_not_embedded(doc) == set()
        assert viewer_preferences(doc)["DisplayDocTitle"] == "true"
        bookmarks = doc.get_toc()
        assert len(bookmarks) >= 4  # components, setup, gameplay, glossary (and icons)
        for _level, title, page in bookmarks:
            assert 1 <= page <= doc.page_count
            assert title.split()[0] in doc[page - 1].get_text(), title


def test_quick_reference_outlines_setup_and_gameplay(quick: Path, games: dict[str, Game]) -> None:
    game = localized(games, "luna-maris", "en")
    doc = pymupdf.open(str(book_path(quick, "luna-maris", "en", "a4", quick=True)))
    text = re.sub(r"\s+", " ", " ".join(page.get_text() for page in doc))
    (setup,) = [s for s in game.rules if s.id == "luna-maris.rules.setup"]
    (play,) = [s for s in game.rules if s.id == "luna-maris.rules.round-structure"]
    for section in (setup, play):
        for number, child in enumerate(section.sections, 1):
            assert f"{number}. {plain(game, child.title)}" in text
    assert [entry[1] for entry in doc.get_toc()][:3] == ["Component list", "Setup", "Gameplay"]


def test_quick_reference_rebuild_is_byte_identical(
    quick: Path, games: dict[str, Game], tmp_path: Path
) -> None:
    (report,) = run(ROOT, [Job(games["aristeia"], "it", "letter", False, True)], tmp_path, 1)
    assert (
        report.path.read_bytes()
        == book_path(quick, "aristeia", "it", "letter", quick=True).read_bytes()
    )


def test_quick_reference_prints_markup_as_text(tmp_path: Path) -> None:
    glossary = f"""\
glossary:
  - id: demo.glossary.coin
    term: "Coin <b>x</b>"
    short: '{HOSTILE} and :coin:.'
"""
    project = make_project(tmp_path, {"glossary.yaml": glossary})
    done = run_cli("rulebook", "demo", "--quick", "--out", "out", "--jobs", "1", cwd=project)
    assert done.returncode == 0, done.stderr
    doc = pymupdf.open(str(project / "out" / "demo-en-a4-quick.pdf"))
    assert doc.page_count == 1
    text = re.sub(r"\s+", " ", doc[0].get_text())
    assert f"Coin <b>x</b>: {HOSTILE} and" in text
    for block in doc[0].get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            assert all(span["size"] < 20 for span in line["spans"])
    assert all("javascript" not in str(link.get("uri", "")) for link in doc[0].get_links())
    both = run_cli("rulebook", "demo", "--quick", "--booklet", cwd=project)
    assert both.returncode == 2
    assert "--quick and --booklet cannot be combined" in both.stderr
