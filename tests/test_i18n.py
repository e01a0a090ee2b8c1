"""The translation cycle: extraction, stale detection, markup checks, plural forms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from starpress.core import catalogs
from starpress.core.i18n import fallbacks, localize
from starpress.core.load import load_games
from starpress.core.messages import game_messages
from starpress.site import messages as site_messages
from starpress.site.uitext import language_name
from tests.conftest import DEMO_FILES, ROOT, make_project, run_cli

TRANSLATIONS = {
    "pt-BR": {
        "Setup": "Preparação",
        "Deal": "Distribuição",
        "Money.": "Dinheiro.",
        "Coin": "Moeda",
        "Card": "Carta",
        "A tiny game": "Um jogo mínimo",
        "A game made for tests.": "Um jogo feito para testes.",
        "Shuffle the cards.": "Embaralhe as cartas.",
        "Deal five to each player.": "Dê cinco a cada jogador.",
        "Take a :coin: and read [[demo.glossary.coin]].": (
            "Pegue uma :coin: e leia [[demo.glossary.coin]]."
        ),
    },
}
TRANSLATIONS["es"] = {key: f"ES {value}" for key, value in TRANSLATIONS["pt-BR"].items()}


@pytest.fixture
def translated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The demo project with complete pt-BR and es catalogs."""
    monkeypatch.chdir(tmp_path)
    project = make_project(tmp_path)
    assert run_cli("i18n", "update", cwd=project).returncode == 0
    for lang, strings in TRANSLATIONS.items():
        path = catalogs.game_catalog_path(project, "demo", lang)
        catalog = catalogs.read_catalog(path, lang)
        for message in catalog:
            if message.id:
                message.string = strings[str(message.id)]
        catalogs.write_catalog(path, catalog)
    return project


def rows(project: Path) -> dict[tuple[str, str], catalogs.Counts]:
    games = load_games(project).values()
    result: dict[tuple[str, str], catalogs.Counts] = {}
    for row in catalogs.report(project, games, site_messages.ui_template(project)):
        if row.game == "demo":
            counts = result.setdefault((row.lang, "all"), catalogs.Counts())
            counts.translated += row.counts.translated
            counts.stale += row.counts.stale
            counts.missing += row.counts.missing
            counts.stale_ids += row.counts.stale_ids
    return result


def test_every_text_gets_a_stable_id_and_kind() -> None:
    game = load_games(ROOT, ["afternova"])["afternova"]
    messages = {m.id: m for m in game_messages(game)}
    assert messages["afternova.rules.bot.placement.title"].kind == "rules"
    assert messages["afternova.glossary.blueprint.term"].kind == "glossary"
    assert messages["afternova.card.blueprint-03.fields.upgrade"].kind == "cards"
    # icon-only and numeric values have nothing to translate
    assert "afternova.card.hired-paw-01.fields.skills.0" not in messages


def test_complete_catalogs_report_100_percent(translated: Path) -> None:
    counts = rows(translated)
    for lang in ("pt-BR", "es"):
        assert (counts[(lang, "all")].missing, counts[(lang, "all")].stale) == (0, 0)
    assert counts[("it", "all")].missing == 11  # no Italian catalog: everything missing


def test_a_changed_source_text_is_stale_in_every_other_language(translated: Path) -> None:
    glossary = translated / "content" / "demo" / "glossary.yaml"
    glossary.write_text(glossary.read_text().replace("short: Money.", "short: Hard cash."))
    counts = rows(translated)
    for lang in ("pt-BR", "es"):
        assert counts[(lang, "all")].stale_ids == ["demo.glossary.coin.short"]
    # update keeps the old translation, flags it fuzzy and keeps the previous msgid
    assert run_cli("i18n", "update", cwd=translated).returncode == 0
    catalog = catalogs.read_catalog(catalogs.game_catalog_path(translated, "demo", "es"), "es")
    (entry,) = [m for m in catalog if m.context == "demo.glossary.coin.short"]
    assert (entry.id, entry.string, entry.fuzzy) == ("Hard cash.", "ES Dinheiro.", True)
    assert entry.previous_id == ["Money."]
    assert rows(translated)[("es", "all")].stale_ids == ["demo.glossary.coin.short"]


def test_translations_are_used_and_untranslated_texts_fall_back(translated: Path) -> None:
    rules = translated / "content" / "demo" / "rules.yaml"
    rules.write_text(rules.read_text().replace("Take a :coin:", "Now take a :coin:"))
    game = localize(translated, load_games(translated)["demo"], "pt-BR")
    setup = game.rules[0]
    assert (setup.title, setup.title.id, setup.title.fallback) == (
        "Preparação",
        "demo.rules.setup.title",
        False,
    )
    assert setup.body is not None and setup.body.fallback  # changed source: stale
    assert setup.body == setup.body.source == "Now take a :coin: and read [[demo.glossary.coin]]."
    assert fallbacks(game) == ["demo.rules.setup.body"]
    assert game.icon_names["coin"] == "Moeda"


def test_report_check_fails_on_a_required_incomplete_language(translated: Path) -> None:
    (translated / "content" / "i18n.yaml").write_text("required: [pt-BR, es, it]\n")
    failing = run_cli("i18n", "report", "--check", cwd=translated)
    assert failing.returncode == 1 and "demo it rules" in failing.stdout
    (translated / "content" / "i18n.yaml").write_text("required: [pt-BR, es]\n")
    assert run_cli("i18n", "report", "--check", cwd=translated).returncode == 0


def test_compile_rejects_a_translation_that_loses_markup(translated: Path) -> None:
    path = catalogs.game_catalog_path(translated, "demo", "es")
    catalog = catalogs.read_catalog(path, "es")
    for message in catalog:
        if message.context == "demo.rules.setup.body":
            message.string = "Toma una moneda y lee [[demo.glossary.coin]]."
    catalogs.write_catalog(path, catalog)
    lines = path.read_text("utf-8").splitlines()
    context = lines.index('msgctxt "demo.rules.setup.body"')
    msgstr = next(n for n in range(context, len(lines)) if lines[n].startswith("msgstr")) + 1
    result = run_cli("i18n", "compile", cwd=translated)
    assert result.returncode == 2
    assert result.stderr == (
        f"error: content/demo/locale/es.po:{msgstr}: demo.rules.setup.body: "
        "markup differs (missing [':coin:'], extra [])\n"
    )


def test_pybabel_extract_uses_our_extractor(tmp_path: Path) -> None:
    pot = tmp_path / "asteria.pot"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-o",
            str(pot),
            str(ROOT / "content" / "asteria"),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    text = pot.read_text("utf-8")
    assert 'msgctxt "asteria.rules.setup.title"' in text
    asteria = load_games(ROOT, ["asteria"])["asteria"]
    assert text.count("msgctxt") == len(game_messages(asteria))


def test_plural_forms_and_language_names_come_from_babel() -> None:
    """Every catalog, UI and game, declares the plural rules of the locked Babel."""
    found = [(catalogs.ui_catalog_path(ROOT, lang), lang) for lang in ("pt-BR", "es", "it")]
    found += [(path, path.stem) for path in sorted((ROOT / "content").glob("*/locale/*.po"))]
    assert len(found) == 3 + 5 * 3
    for path, lang in found:
        catalog = catalogs.read_catalog(path, lang)
        expected = get_plural(lang.replace("-", "_"))
        assert (path, catalog.num_plurals, catalog.plural_expr) == (
            path,
            expected.num_plurals,
            expected.plural_expr,
        )
        for entry in catalog:
            if isinstance(entry.string, tuple) and any(entry.string):
                assert len(entry.string) == expected.num_plurals, (path, entry.id)
                assert all(entry.string), (path, entry.id)
    cldr = Locale.parse("pt_BR").get_display_name("pt_BR")
    assert language_name("pt-BR") == cldr[:1].upper() + cldr[1:] == "Português (Brasil)"


def test_every_real_translation_keeps_its_icons_and_references() -> None:
    problems = []
    for path in sorted((ROOT / "content").glob("*/locale/*.po")):
        catalog = catalogs.read_catalog(path, path.stem)
        problems += catalogs.markup_problems(catalog, str(path.relative_to(ROOT)))
    assert problems == [], problems[:10]


def test_demo_files_are_unchanged() -> None:
    assert "Money." in DEMO_FILES["glossary.yaml"]


def test_ci_gate_every_required_language_is_complete() -> None:
    """The CI gate: content/i18n.yaml requires all four languages, none missing or stale."""
    assert catalogs.required_languages(ROOT) == ["pt-BR", "es", "it", "en"]
    result = run_cli("i18n", "report", "--check", cwd=ROOT)
    assert result.returncode == 0, result.stdout[-2000:]


def test_long_previous_msgids_round_trip(tmp_path: Path) -> None:
    """Babel writes previous msgids as broken comments; ours are valid and read back whole."""
    from babel.messages.catalog import Catalog

    old = "A long line of source text that wraps. " * 6 + 'with "quotes"\nand a second line\n'
    catalog = Catalog(locale="es")
    catalog.add("new", "viejo", context="x.y", flags={"fuzzy"}, previous_id=[old])
    path = tmp_path / "es.po"
    catalogs.write_catalog(path, catalog)
    assert '#| msgid ""\n#| "A long line' in path.read_text("utf-8")
    (entry,) = [m for m in catalogs.read_catalog(path, "es") if m.id]
    assert entry.previous_id == [old]


def test_a_catalog_reader_parses_the_same_bytes_once_and_a_changed_file_again(
    translated: Path,
) -> None:
    path = catalogs.game_catalog_path(translated, "demo", "es")
    assert catalogs.read_catalog(path, "es") is not catalogs.read_catalog(path, "es")
    reader = catalogs.CatalogReader()
    first = reader.read(path, "es")
    assert reader.read(path, "es") is first
    assert reader.read(path, "pt-BR") is not first  # another language
    assert catalogs.CatalogReader().read(path, "es") is not first  # another build's reader
    text = path.read_text("utf-8")
    path.write_text(text.replace('msgstr "ES Dinheiro."', 'msgstr "ES Plata."'), "utf-8")
    changed = reader.read(path, "es")  # other bytes: read again
    assert changed is not first
    assert {m.string for m in changed if m.id == "Money."} == {"ES Plata."}
    path.write_text(text.replace('msgstr "ES Dinheiro."', 'msgstr "{bad}"'), "utf-8")
    with pytest.raises(catalogs.CatalogError):  # as strict as `read_catalog`
        reader.read(path, "es")


def test_plural_forms_move_to_a_new_rule_by_the_numbers_they_serve() -> None:
    """CLDR 46 gave es, it and pt-BR a third form (`many`, for whole millions) in the
    middle: each translated form goes where the same numbers now look for it."""
    es_old, es_new = "(n != 1)", "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)"
    assert catalogs.refit_plural_forms(("página", "páginas"), es_old, es_new, 3) == (
        "página",
        "páginas",
        "páginas",
    )
    pt_old = "(n > 1)"
    pt_new = "(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2"
    assert catalogs.refit_plural_forms(("um", "muitos"), pt_old, pt_new, 3) == (
        "um",
        "muitos",
        "muitos",
    )
    # back to two forms: `other` is taken from where 0 and 2 looked
    assert catalogs.refit_plural_forms(("uno", "de muchos", "muchos"), es_new, es_old, 2) == (
        "uno",
        "muchos",
    )
    assert catalogs.refit_plural_forms(("a", "b"), es_old, es_old, 2) == ("a", "b")


def test_the_command_line_counts_with_english_plural_forms() -> None:
    from starpress.core.counts import count

    assert count(1, "page", "pages") == "1 page"
    assert [count(n, "problem", "problems") for n in (0, 2, 1000)] == [
        "0 problems",
        "2 problems",
        "1000 problems",
    ]


@pytest.mark.parametrize(
    ("lang", "low", "high", "shown"),
    [
        ("pt-BR", 1, 1, "1 jogador"),
        ("es", 1, 1, "1 jugador"),
        ("it", 1, 1, "1 giocatore"),
        ("en", 1, 1, "1 player"),
        ("it", 1, 4, "1–4 giocatori"),
        ("pt-BR", 3, 6, "3–6 jogadores"),
    ],
)
def test_a_book_says_its_players_in_the_language_s_plural_form(
    lang: str, low: int, high: int, shown: str
) -> None:
    from starpress.rulebook.style import counted

    assert counted(lang, "players", high, players=f"{low}–{high}" if low != high else low) == shown
