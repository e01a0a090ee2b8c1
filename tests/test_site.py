"""The built site: strict builds in every language, and no broken internal link or image."""

from __future__ import annotations

import html as entities
import html.parser
import json
import posixpath
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from starpress.core.model import LANGUAGES
from tests.conftest import ROOT
from tests.site_fixture import built_site, language_site


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        for name in ("href", "src"):
            value = values.get(name)
            if value and not (tag == "link" and values.get("rel") in ("alternate",)):
                self.links.append(value)


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text("utf-8", errors="replace"))
    return parser


def _target(site: Path, page: Path, link: str) -> tuple[Path, str] | None:
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
        return None
    if not parts.path:
        return page, unquote(parts.fragment)
    base = site if parts.path.startswith("/") else page.parent
    if parts.path.startswith("/"):
        parts = parts._replace(path=parts.path.lstrip("/"))
        link = parts.path
    resolved = Path(posixpath.normpath(str(base / unquote(parts.path))))
    if link.endswith("/") or resolved.is_dir():
        resolved = resolved / "index.html"
    return resolved, unquote(parts.fragment)


def test_every_language_builds_strictly() -> None:
    site = built_site()
    for lang in LANGUAGES:
        assert (site / lang / "index.html").is_file()
        for game in ("asteria", "aristeia", "afternova", "ascending-empires", "luna-maris"):
            assert (site / lang / game / "glossary" / "index.html").is_file()
    assert (site / "index.html").is_file()


def test_a_language_built_in_a_spawned_process_is_the_same_bytes(tmp_path: Path) -> None:
    """Where the platform cannot fork, a language's process is spawned: it starts with no
    module state of ours and gets the build's inputs pickled, and builds the same site."""
    import multiprocessing

    from starpress.site import build as sitebuild
    from starpress.site import config as siteconfig
    from starpress.site.inputs import SiteInputs

    forked = built_site() / "en"
    inputs = SiteInputs.read(ROOT, siteconfig.resolve(ROOT), ["en"])
    spawn = multiprocessing.get_context("spawn")
    said: list[tuple[str, int, int]] = []  # the progress the process reports as it goes
    (result,) = sitebuild.build(
        inputs, ["en"], context=spawn, site_dir=tmp_path, pages_done=lambda *x: said.append(x)
    )
    assert result.ok, result.output
    pages = len(list((tmp_path / "en").rglob("index.html")))
    assert said == [("en", done, 2 * pages) for done in range(2 * pages + 1)]

    def files(folder: Path) -> dict[str, bytes]:
        return {
            path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }

    spawned, expected = files(tmp_path / "en"), files(forked)
    assert sorted(spawned) == sorted(expected)
    assert [name for name in expected if spawned[name] != expected[name]] == []
    assert len(expected) > 300


def test_no_broken_internal_link_or_image() -> None:
    site = built_site()
    parsed: dict[Path, _Links] = {}

    def links_of(path: Path) -> _Links:
        if path not in parsed:
            parsed[path] = _parse(path)
        return parsed[path]

    broken: list[str] = []
    checked = 0
    for page in sorted(site.rglob("*.html")):
        links = links_of(page)
        for link in links.links:
            target = _target(site, page, link)
            if target is None:
                continue
            path, fragment = target
            checked += 1
            if not path.is_file():
                broken.append(f"{page.relative_to(site)}: {link} (no file)")
            elif fragment and path.suffix == ".html":
                ids = links_of(path).ids
                if fragment not in ids:
                    broken.append(f"{page.relative_to(site)}: {link} (no anchor)")
    assert checked > 10_000
    assert broken == [], broken[:20]


NOTES = {
    "pt-BR": "Ainda não traduzido",
    "es": "Aún sin traducir",
    "it": "Non ancora tradotto",
    "en": "Not yet translated",
}


PAGE_TEXTS = {
    "afternova/glossary": "afternova.glossary.",
    "aristeia/rules/round": "aristeia.rules.round",
    "luna-maris": "luna-maris.game.summary",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_complete_translations_show_no_note(lang: str) -> None:
    """A page shows the note exactly when a text on it has no current translation (the
    step labels' translations come with the catalogs of commit 4f648d0 on main)."""
    from starpress.core.i18n import fallbacks, localize
    from starpress.core.load import load_games

    games = load_games(ROOT)
    site = built_site() / lang
    for page, prefix in PAGE_TEXTS.items():
        game = games[page.split("/", 1)[0]]
        missing = [i for i in fallbacks(localize(ROOT, game, lang)) if i.startswith(prefix)]
        shown = NOTES[lang] in (site / page / "index.html").read_text("utf-8")
        assert shown == bool(missing), (page, missing)


def test_untranslated_text_is_shown_in_a_visible_note(tmp_path: Path) -> None:
    """Remove one translation in a copy of the project: that text appears, in a note."""
    import shutil

    from starpress.core import catalogs
    from starpress.site import markdown as sitetext

    for folder in ("content", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    path = catalogs.game_catalog_path(tmp_path, "afternova", "en")
    catalog = catalogs.read_catalog(path, "en")
    for message in catalog:
        if message.context == "afternova.glossary.blueprint.short":
            source, message.string = str(message.id), ""
    catalogs.write_catalog(path, catalog)
    site = language_site(tmp_path, "en")
    glossary = next(page.text for page in site.pages if page.path == "afternova/glossary.md")
    assert '!!! note "Not yet translated: original text in Italian"' in glossary
    note = glossary.split('!!! note "Not yet translated: original text in Italian"', 1)[1]
    # the Italian text, inside the note, escaped for Markdown (`Migliorie\\.`)
    assert sitetext.escape(source.strip()) in note.split("###", 1)[0]
    assert glossary.count("!!! note") == 1


def test_icons_are_inline_svg_with_alt_text_in_the_page_language() -> None:
    site = built_site()
    legend = (site / "es" / "asteria" / "icons" / "index.html").read_text("utf-8")
    assert legend.count('<svg class="sp-icon" role="img"') == 18
    # Asteria's source is pt-BR; the Spanish page uses the icons' names as given
    assert 'aria-label="Energia"' in legend or 'aria-label="Energía"' in legend
    english = (site / "en" / "asteria" / "icons" / "index.html").read_text("utf-8")
    assert 'aria-label="Energy"' in english


def test_glossary_related_topics_link_both_ways() -> None:
    page = (built_site() / "es" / "aristeia" / "glossary" / "index.html").read_text("utf-8")
    assert 'id="aristeia.glossary.destrabar"' in page
    assert "Temas relacionados" in page and "Citado en" in page


def _bot_commands(page: Path) -> list[str]:
    """The command lines shown in a bot page's "Command-line bot" box."""
    box = re.search(
        r'<div class="admonition tip">(.*?)</div>\s*</div>', page.read_text("utf-8"), re.S
    )
    assert box, f"no command-line box on {page}"
    code = re.search(r"<code>(.*?)</code>", box.group(1), re.S)
    assert code
    return entities.unescape(re.sub(r"<[^>]+>", "", code.group(1))).split("\n")[:-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bot_pages_show_commands_that_run(lang: str, tmp_path: Path) -> None:
    """Each bot's page gives the commands in the page's language, and they work as shown."""
    for game, page in (
        ("afternova", "bot"),
        ("luna-maris", "solo"),
        ("aristeia", "solo"),
        ("ascending-empires", "solo"),
    ):
        play, simulate = _bot_commands(built_site() / lang / game / page / "index.html")
        assert play.startswith(f"starpress automa {game} play") and play.endswith(f"--lang {lang}")
        assert simulate == f"starpress automa {game} simulate --games 1000"
        # the table game as shown, with no one at the keyboard: it starts, then saves and stops
        save = tmp_path / f"{game}.jsonl"
        run = subprocess.run(
            [sys.executable, "-m", *shlex.split(play), "--save", str(save)],
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 0 and not run.stderr, run.stderr
        start = json.loads(save.read_text("utf-8").splitlines()[0])
        assert (start["t"], start["game"], start["lang"]) == ("start", game, lang)
        assert f'"lang": "{lang}"' in save.read_text("utf-8").splitlines()[0]


def _step_labels(steps: list[Any]) -> list[Any]:
    labels = []
    for step in steps:
        if step.label is not None:
            labels.append(step.label)
        labels.extend(_step_labels(step.steps))
    return labels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_step_labels_come_from_the_localised_model(lang: str) -> None:
    """A step label on a page of another language is its translation; one with no
    translation yet is shown only inside the "not yet translated" note, never bare."""
    from starpress.core.i18n import localize
    from starpress.core.load import load_games

    site = built_site() / lang
    for game_id, game in load_games(ROOT).items():
        if game.info.source_language == lang:
            continue
        local = localize(ROOT, game, lang)
        for section in local.sections():
            labels = _step_labels(section.steps)
            if not labels:
                continue
            page = _page_of(site, game_id, section.id)
            if page is None:
                continue
            shown = page.read_text("utf-8")
            for label in labels:
                if label.fallback:
                    assert NOTES[lang] in shown, (section.id, str(label))
                elif label.source != str(label):
                    assert f"<strong>{label.source}.</strong>" not in shown, (section.id, label)
                    assert f"<strong>{entities.escape(str(label), quote=False)}.</strong>" in shown


def _page_of(site: Path, game_id: str, section_id: str) -> Path | None:
    """The built page of a rules section (its top-level section's page), if it has one."""
    top = section_id.split(".rules.", 1)[1].split(".", 1)[0]
    path = site / game_id / "rules" / top / "index.html"
    return path if path.is_file() else None


def test_aristeia_setup_has_no_spanish_label_bare() -> None:
    for lang in ("en", "pt-BR", "it"):
        page = (built_site() / lang / "aristeia" / "rules" / "setup" / "index.html").read_text()
        if "Mano inicial" in page:  # only while its translation is missing: inside the note
            before = page.split("<strong>Mano inicial.</strong>", 1)[0]
            assert NOTES[lang] in before


SETUP_PAGES = {
    "ascending-empires.setup.four-players": "ascending-empires/rules/setup",
    "aristeia.setup.example": "aristeia/rules/setup",
    "luna-maris.setup.general": "luna-maris/rules/setup",
}
"""Each setup picture and the page of the rules section it illustrates."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_setup_pictures_are_on_their_rules_pages_with_their_titles(lang: str) -> None:
    """Each game with a board shows its setup picture (drawn from the board's layouts) in the
    setup section, the picture copied into the site, its title in the page's language below."""
    from starpress.core.i18n import localize
    from starpress.core.load import load_games

    site = built_site()
    games = load_games(ROOT, [setup.split(".")[0] for setup in SETUP_PAGES])
    shown = {
        setup.id: str(setup.title)
        for game in games.values()
        for setup in localize(ROOT, game, lang).setups
    }
    assert set(shown) == set(SETUP_PAGES)
    for setup_id, page in SETUP_PAGES.items():
        html_page = site / lang / page / "index.html"
        text = html_page.read_text("utf-8")
        found = re.findall(r'<img[^>]+src="([^"]+/setup/[^"]+\.png)"', text)
        assert len(found) == 1, setup_id
        assert (html_page.parent / unquote(found[0])).resolve().is_file()
        assert entities.escape(shown[setup_id], quote=False) in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_downloads_offer_each_built_rulebook_and_name_the_missing(lang: str) -> None:
    """A rulebook that is built is linked (and copied) on its game's downloads page; one
    that is not is listed with the command that builds it."""
    from starpress.core.load import game_ids
    from starpress.core.project import Project
    from starpress.site.files import PAPERS

    rulebook_file = Project(ROOT).rulebook_file

    site = built_site() / lang
    for game_id in game_ids(ROOT):
        page = (site / game_id / "downloads" / "index.html").read_text("utf-8")
        for paper, quick in ((paper, quick) for paper in PAPERS for quick in (False, True)):
            book = rulebook_file(game_id, lang, paper, quick)
            name = f"rulebook-{book.name}"
            if book.is_file():
                assert f'href="../{name}"' in page or f'href="{name}"' in page, (game_id, paper)
                assert (site / game_id / "downloads" / name).read_bytes() == book.read_bytes()
            else:
                command = f"starpress rulebook {game_id} --lang {lang} --paper {paper}"
                assert command + (" --quick" if quick else "") in page
    assert rulebook_file("asteria", lang, "a4").is_file()
    assert rulebook_file("asteria", lang, "a4", quick=True).is_file()


def test_the_own_game_walkthrough_is_on_the_english_site() -> None:
    page = (built_site() / "en" / "own-game" / "index.html").read_text("utf-8")
    assert "Your own game in ten minutes" in page and "starpress new" in page
    assert not (built_site() / "es" / "own-game").exists()


BOT_CHART_ALT = {
    "en": "Scores of the bot (games per score)",
    "it": "Punteggi del bot (partite per punteggio)",
    "es": "Puntuaciones del bot (partidas por puntuación)",
    "pt-BR": "Pontuações do bot (partidas por pontuação)",
}
RULE_BAR = {
    "en": "Where a Fragment of the Bot goes",
    "it": "Dove va un Frammento del Bot",
    "es": "Adónde va un Fragmento del Bot",
    "pt-BR": "Para onde vai um Fragmento do Bot",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bot_pages_show_the_simulation_charts(lang: str) -> None:
    """Each bot page shows every chart `automa.sim.site_charts` simulated (one per chart of
    each setting), drawn by the site in the page's language: alt text and caption, the
    SVG's own title, rules by their titles, no player key, headings without options."""
    from xml.etree import ElementTree

    from starpress.core.project import Project

    for game, page, charts in (
        ("afternova", "bot", 18),  # 3 seat models x (3 scores, margin, length, rules)
        ("afternova", "solo", 15),  # automa.pages: 3 levels x (2 scores, margin, length, rules)
        ("luna-maris", "solo", 18),
        ("aristeia", "solo", 15),  # 3 levels x (2 scores, margin, length, rules)
        ("ascending-empires", "solo", 15),  # 3 levels x (2 scores, margin, length, rules)
    ):
        folder = built_site() / lang / game / page
        text = (folder / "index.html").read_text("utf-8")
        images = [
            (re.search(r'alt="([^"]*)"', tag).group(1), re.search(r'src="([^"]*)"', tag).group(1))  # type: ignore[union-attr]
            for tag in re.findall(r"<img [^>]*simulations/[^>]*>", text)
        ]
        manifest = json.loads(Project(ROOT).charts_manifest(game).read_text("utf-8"))
        manifest = [entry for entry in manifest if entry["page"] == f"{game}.variant.{page}"]
        assert len(images) == len(manifest) == charts, (game, page, len(images))
        if page == "solo" and game == "afternova":  # the command box of the bot's other page
            words = re.sub(r"<[^>]+>", "", text)
            assert "simulate --variant solo --level all --seats competent" in words
        headings = re.findall(r"<h3[^>]*>(.*?)</h3>", text, re.S)
        assert headings and not [h for h in headings if "--" in h or "<code>" in h], headings
        for alt, src in images:
            svg = ElementTree.parse(folder / src).getroot()
            title = svg.findtext("{http://www.w3.org/2000/svg}title") or ""
            assert alt and f"<figcaption>{alt}</figcaption>" in text
            assert title.startswith(entities.unescape(alt)), (title, alt)
            assert "seat-" not in title and "automaton-" not in title
            if src.endswith("-rules.svg") and game == "afternova":
                labels = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
                assert RULE_BAR[lang] in labels, labels
                assert not [label for label in labels if label and "afternova." in label]
        if game == "afternova":
            assert entities.escape(BOT_CHART_ALT[lang], quote=True) in {a for a, _ in images}


def test_a_bot_page_says_when_its_charts_are_not_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpress.core.project import Project

    monkeypatch.setattr(Project, "charts_folder", lambda _self, game_id: tmp_path / game_id)
    site = language_site(ROOT, "es")
    page = next(p.text for p in site.pages if p.path == "afternova/bot.md")
    assert "Los gráficos de las simulaciones aún no se han generado" in page
    assert "<code>starpress site build</code>" in page and ".svg" not in page
    assert not [p for p in site.pages if "/simulations/" in p.path]


SITE_TITLES = {
    "pt-BR": "Jogos de Tabuleiro Espaciais",
    "es": "Juegos de Mesa Espaciales",
    "it": "Giochi da Tavolo Spaziali",
    "en": "Space Board Games",
}
_HEADER_TITLE = re.compile(
    r'<div class="md-header__topic">\s*<span class="md-ellipsis">\s*([^<]*?)\s*<'
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_names_the_project_s_site_in_its_language(lang: str) -> None:
    """The header of every page, the browser tab and the home's heading carry the title
    site/site.yaml gives, translated by the UI catalogs; never the tool's name."""
    site = built_site() / lang
    pages = sorted(site.rglob("index.html"))
    assert len(pages) > 40
    for page in pages:
        text = page.read_text("utf-8")
        assert _HEADER_TITLE.findall(text) == [SITE_TITLES[lang]], page
        assert (
            re.search(r"<title>[^<]*</title>", text)
            .group(0)
            .endswith(  # type: ignore[union-attr]
                f"{SITE_TITLES[lang]}</title>"
            )
        ), page
    home = (site / "index.html").read_text("utf-8")
    assert re.search(r"<h1[^>]*>([^<]*)", home).group(1) == SITE_TITLES[lang]  # type: ignore[union-attr]


def test_the_site_title_is_the_project_s_own(tmp_path: Path) -> None:
    """Another title in site/site.yaml is what the pages say (a language with no
    translation of it shows it as written), and `i18n update` offers it to translators."""
    import shutil

    from starpress.site import messages as site_messages

    for folder in ("content", "templates", "site"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    settings = tmp_path / "site" / "site.yaml"
    settings.write_text(
        settings.read_text("utf-8").replace("title: Space Board Games", "title: Orbit & <Co>"),
        "utf-8",
    )
    site = language_site(tmp_path, "es")
    assert site.title == "Orbit & <Co>"
    home = next(p.text for p in site.pages if p.path == "index.md")
    assert home.startswith("---") and "# Orbit &amp; &lt;Co&gt;" in home
    assert "Orbit & <Co>" in [message.id for message in site_messages.ui_template(tmp_path)]


def _cells(page: Path) -> list[list[str]]:
    """The body rows of a page's first table, as plain text per cell."""
    table = re.search(r"<tbody>(.*?)</tbody>", page.read_text("utf-8"), re.S)
    assert table, page
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)
    return [
        [
            entities.unescape(
                re.sub(r"<[^>]+>", "", re.sub(r"<svg.*?</svg>", "", cell, flags=re.S))
            ).strip()
            for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        for row in rows
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_icons_page_says_what_each_icon_means_in_the_page_language(lang: str) -> None:
    """One row per icon: its name and its meaning, translated (no icon of any game lacks
    a meaning or its translation); the authors' markup is on the designers' page only."""
    from starpress.core.i18n import localize
    from starpress.core.load import load_games

    site = built_site() / lang
    for game_id, game in load_games(ROOT).items():
        local = localize(ROOT, game, lang)
        rows = _cells(site / game_id / "icons" / "index.html")
        assert len(rows) == len(local.icons)
        for row, icon in zip(rows, local.icons, strict=True):
            assert icon.meaning is not None and not icon.meaning.fallback, (game_id, icon.id)
            assert row[1:] == [str(local.icon_names[icon.id]), str(icon.meaning)]
        designers = _cells(site / game_id / "designers" / "index.html")
        assert [row[2] for row in designers] == [f":{icon.id}:" for icon in local.icons]
        assert ":" + local.icons[0].id + ":" not in (
            site / game_id / "icons" / "index.html"
        ).read_text("utf-8")


PRINT_ADVICE = {
    "/DuplexFlipLongEdge": "Print double-sided, flipping on the long edge.",
    "/DuplexFlipShortEdge": "Print double-sided, flipping on the short edge.",
    "/Simplex": "Print single-sided.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_downloads_give_pages_paper_size_and_how_to_print_each_file(lang: str) -> None:
    """Each offered PDF's row agrees with the file itself: its page count, its paper, its
    size, and (English) the print advice its /ViewerPreferences ask for."""
    import pymupdf

    from starpress.core.load import game_ids

    site = built_site() / lang
    checked = 0
    for game_id in game_ids(ROOT):
        page = site / game_id / "downloads" / "index.html"
        text = page.read_text("utf-8")
        items = re.findall(
            r'<li><a href="([^"]+\.pdf)">([^<]*)</a> · ([^·]*) · ([^·]*) · ([^<]*)<br>([^<]*)</li>',
            text,
        )
        assert len(items) == len(re.findall(r'href="[^"]+\.pdf"', text)) >= 2, game_id
        for link, name, pages, paper, size, advice in items:
            advice = entities.unescape(advice)
            pdf = (page.parent / link).resolve()
            assert name == pdf.name
            with pymupdf.open(pdf) as document:
                count = document.page_count
                width = document[0].rect.width * 25.4 / 72
                flip = document.xref_get_key(document.pdf_catalog(), "ViewerPreferences/Duplex")
            assert re.fullmatch(rf"{count} \S+", pages), (pdf.name, pages)
            assert paper == {210: "A4", 216: "Letter"}[round(width)], pdf.name
            shown = float(re.sub(r"[^0-9,.]", "", size).replace(",", "."))
            unit = 1_000_000 if "M" in size else 1000
            assert abs(shown * unit - pdf.stat().st_size) <= unit * 0.05 + 500, (pdf.name, size)
            if lang == "en":
                expected = "Print single-sided." if count == 1 else PRINT_ADVICE[flip[1]]
                assert advice.startswith(expected), (pdf.name, advice)
                kit = pdf.name.startswith(game_id)
                assert ("At actual size (100 %)" in advice) == kit, pdf.name
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_folder_above_a_page_is_a_page(lang: str) -> None:
    """Cutting a page's URL back to any of its folders (`/<lang>/<game>/rules/`) lands on
    a page; a game's rules page lists every rules page of that game."""
    site = built_site() / lang
    pages = sorted(site.rglob("index.html"))
    folders = {folder for page in pages for folder in page.parents if site in folder.parents}
    assert (
        sorted(str(f.relative_to(site)) for f in folders if not (f / "index.html").is_file()) == []
    )
    from starpress.core.load import game_ids

    for game_id in game_ids(ROOT):
        rules = site / game_id / "rules"
        index = _parse(rules / "index.html")
        linked = {
            (rules / link).resolve()
            for link in index.links
            if not link.startswith(("#", "http")) and "/" in link and "#" not in link
        }
        for page in rules.glob("*/index.html"):
            assert page.parent.resolve() in linked, (game_id, page.parent.name)
