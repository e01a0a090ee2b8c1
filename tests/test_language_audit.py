"""The language audit (`tests/language_audit.py`) over everything a reader meets, in every
language: every page and picture of the built site, every kit, rulebook and quick
reference (their PDF text, read with PyMuPDF) and a whole game of every bot.

Each test lists every finding (where, what, the text), so one run shows all that is left.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from starpress.core.load import load_games
from starpress.core.model import LANGUAGES
from tests import language_audit
from tests.books import built_books
from tests.conftest import ROOT, project_catalogs, project_game
from tests.language_audit import Finding, Segment, audit, check, page_segments, pdf_segments
from tests.site_fixture import built_site

KITS = ROOT / "build" / "pnp"
PAPER = "a4"
"""One paper is enough: a kit's or book's words do not depend on its paper."""


def _report(findings: Iterable[Finding]) -> str:
    found = list(findings)
    shown = "\n".join(str(finding) for finding in found[:80])
    more = f"\n… and {len(found) - 80} more" if len(found) > 80 else ""
    return f"{len(found)} findings:\n{shown}{more}"


def _once(segments: Iterable[Segment | str], seen: set[str]) -> list[Segment | str]:
    """Segments not met before (the nav and header repeat on every page)."""
    fresh = []
    for segment in segments:
        text = segment if isinstance(segment, str) else segment.text
        key = f"{text}\0{not isinstance(segment, str) and segment.heading_code}"
        if key not in seen:
            seen.add(key)
            fresh.append(segment)
    return fresh


# -- the checker itself: each kind of defect it must see ---------------------------------


@pytest.mark.parametrize(
    ("text", "lang", "found"),
    [
        ("luna-maris.card.main-board", "it", "an internal id"),
        ("Pontuações de player/automaton/seat-2", "pt-BR", "a player key"),
        ("Scores of seat-2 (games per score)", "en", "a player key"),
        ("chi siede: player_seat", "it", "a snake_case key"),
        ("Ver <http://wiki.aristeiathegame.com>.", "pt-BR", "an HTML tag shown as text"),
        ("Esta página precisa de JavaScript para rodar o bot\\.", "pt-BR", "a Markdown escape"),
        ("Calculadora de dados hecha por aficionados (community)", "it", "words of es"),
        (
            "Zé Regras – resumo de regras de Luna Maris (inclui a preparação)",
            "en",
            "words of pt-BR",
        ),
        ("Board Game Co UK – Afternova review (review)", "it", "the en word 'review'"),
        ("PROTOTYPE", "es", "the en word 'prototype'"),
        ("Afternova – Rulebook (1 pages)", "pt-BR", "the en word 'pages'"),
        ("Un **testo** con :energy:", "it", "starpress markup"),
        ("Punteggio di %(player)s", "it", "an unfilled placeholder"),
        ("Modo solo contra o autômato (protótipo) (1 jogadores)", "pt-BR", "one with a plural"),
        ("Automa 1 atterra su il pianeta viola in Gamma.", "it", "ungrammatical"),
        ("è il più a sinistra con un'icona bianco libera.", "it", "ungrammatical"),
        ("in linea retta: 1.5 × il righello di gittata.", "it", "another language's decimal"),
        ("Cura: o Apoio tira 2 de Dano de o seu Caçador.", "pt-BR", "ungrammatical"),
        ("Curación: el Apoyo quita 2 Daño a el Apoyo.", "es", "ungrammatical"),
        ("pode ser escolhida tenham o jogador os recursos", "pt-BR", "ungrammatical"),
    ],
)
def test_the_checker_sees_each_kind_of_defect(text: str, lang: str, found: str) -> None:
    assert any(problem.startswith(found) for problem in check(text, lang)), check(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Il Frammento bianco va sul Progetto più a sinistra con un'icona bianca libera.", "it"),
        (
            "Os nomes em inglês da Board Game Arena: **Exploit** não aparece.".replace("**", ""),
            "pt-BR",
        ),
        ("O manual italiano imprime «Andrew Merger»: é um erro.", "pt-BR"),
        ("Road to Infamy Games", "es"),
        ("Atterra sul pianeta arancione in Alfa: 1,5 × il righello.", "it"),
        ("Cada recurso tiene un límite de 12. Lo que lo supere se pierde.", "es"),
        ("Gira a faccia in su la tessera in cima; le pile da I a IIII.", "it"),
        ("La versione più recente è la 1.3.", "it"),
    ],
)
def test_the_checker_leaves_good_text_alone(text: str, lang: str) -> None:
    assert check(text, lang) == []


def test_code_is_read_only_when_it_stands_as_a_heading() -> None:
    page = (
        "<h3><code>--level standard --seats greedy</code></h3>"
        "<p>Run <code>starpress automa afternova play --lang it</code>.</p>"
    )
    segments = page_segments(page, "en")
    assert segments[0] == Segment("--level standard --seats greedy", heading_code=True)
    assert [problem for s in segments for problem in check(s.text, "en", s.heading_code)] == [
        "a command-line flag (--level)"
    ]


def test_a_heading_that_repeats_the_page_s_title_is_seen() -> None:
    page = (
        '<h1 id="x">2-player variant (Bot)</h1><p>…</p>'
        '<h2 id="afternova.rules.bot">2-player variant: the Bot</h2>'
        '<h2 id="bot-simulations">Simulated games</h2>'
    )
    assert language_audit.repeated_headings(page) == ["2-player variant: the Bot"]


def test_text_marked_as_another_language_or_a_title_is_left_out() -> None:
    page = (
        "<p>Fonte: <cite>Board Game Co UK – Afternova review</cite> (recensione)</p>"
        '<p><span lang="es">calculadora de dados hecha por aficionados</span></p>'
        '<img alt="Carta del Bot" src="x.png"><a title="Permanent link" href="#x">¶</a>'
    )
    texts = [segment.text for segment in page_segments(page, "it")]
    assert texts == ["Fonte: (recensione)", "Carta del Bot", "Permanent link", "¶"]


# -- what we publish ---------------------------------------------------------------------


def _site_findings(lang: str) -> Iterator[Finding]:
    site = built_site() / lang
    seen: set[str] = set()
    for path in sorted([*site.rglob("*.html"), *site.rglob("*.svg")]):
        if "assets" in path.relative_to(site).parts[:1]:
            continue  # the theme's own files (icons, fonts)
        markup = path.read_text("utf-8", errors="replace")
        where = str(path.relative_to(ROOT))
        yield from audit(where, _once(page_segments(markup, lang), seen), lang)
        for heading in language_audit.repeated_headings(markup):
            yield Finding(where, "a heading that repeats the page's title", heading)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_and_chart_of_the_site_is_in_its_language(lang: str) -> None:
    findings = list(_site_findings(lang))
    assert not findings, _report(findings)


def _pdf_findings(paths: Iterable[Path], lang: str) -> Iterator[Finding]:
    seen: set[str] = set()
    for path in paths:
        assert path.is_file(), f"{path} was not written"
        yield from audit(str(path.relative_to(ROOT)), _once(pdf_segments(path), seen), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kit_is_in_its_language(lang: str) -> None:
    built_site()  # writes every game's kits in every language (A4 and Letter) when missing
    paths = [KITS / f"{game}-{lang}-{PAPER}.pdf" for game in sorted(load_games(ROOT))]
    findings = list(_pdf_findings(paths, lang))
    assert not findings, _report(findings)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rulebook_and_quick_reference_is_in_its_language(lang: str) -> None:
    books = built_books()
    paths = [
        books / f"{game}-{lang}-{PAPER}{suffix}.pdf"
        for game in sorted(load_games(ROOT))
        for suffix in ("", "-quick")
    ]
    findings = list(_pdf_findings(paths, lang))
    assert not findings, _report(findings)


BOT_GAMES = {
    "afternova": {"seats": "baseline"},
    "afternova-solo": {"variant": "solo", "seats": "greedy"},
    "aristeia": {},
    "ascending-empires": {},
    "asteria": {},
    "luna-maris": {},
}
"""A whole simulated game of every bot (Afternova's Bot in both its variants)."""


def _transcript(name: str, lang: str, save: Path) -> str:
    from starpress.automa.engine import runner

    def nobody(prompt: str) -> str:
        raise AssertionError(f"a game played through asked {prompt!r}")

    out = io.StringIO()
    game = name.removesuffix("-solo")
    runner.play(ROOT, game, "simulated", 3, save, lang, True, False, BOT_GAMES[name],
                read=nobody, out=out, loaded=project_game(game),
                catalogs=project_catalogs())  # fmt: skip
    return out.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bot_speaks_the_language_of_its_game(lang: str, tmp_path: Path) -> None:
    findings = []
    for name in BOT_GAMES:
        said = _transcript(name, lang, tmp_path / f"{name}-{lang}.jsonl")
        seen: set[str] = set()
        findings += audit(f"{name} ({lang})", _once(said.splitlines(), seen), lang)
    assert not findings, _report(findings)


def test_the_audit_s_names_include_the_content_s_own() -> None:
    assert "MeepleBR" in language_audit.names()  # a publisher
    assert "Ricardo Amaral" in language_audit.names()  # a credited name


# -- a fact stated: where Luna Maris's research discs start (issue 30) -------------------

DISCS_START = {
    "pt-BR": ("um no nível 1 da trilha de", "começam o jogo no nível 1"),
    "en": ("one on level 1 of the", "start the game on level 1"),
    "es": ("otro en el nivel 1 de la pista de", "empiezan la partida en el nivel 1"),
    "it": ("uno sul livello 1 del tracciato della", "iniziano la partita al livello 1"),
}
"""Setup's step and the research tracks' section, as each language says them."""


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", text))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_luna_maris_says_where_each_research_disc_starts(lang: str) -> None:
    import pymupdf

    pages = [p for p in (built_site() / lang).rglob("*.html") if "luna-maris" in p.parts]
    site = " ".join(_plain(page.read_text("utf-8")) for page in pages)
    with pymupdf.open(str(built_books() / f"luna-maris-{lang}-{PAPER}.pdf")) as doc:
        book = _plain(" ".join(page.get_text() for page in doc).replace("\u00ad", ""))
    for said in DISCS_START[lang]:
        assert said in site, said
        assert said in book, said
