"""What the bots say, in every language: plural forms through Babel; every card mark a bot
asks for is printed on that card's face in the kit; no message key in a golden transcript.
(No internal id in what any bot says or asks: `test_automa_bots.py`.)"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from starpress.automa.engine import runner
from starpress.automa.engine.voice import Voice
from starpress.automa.engine.words import Grammar, Words
from starpress.core.grammar import grammar
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES, Plural
from tests.conftest import ROOT, project_catalogs, project_game, run_cli
from tests.pdfread import open_pdf
from tests.test_automa_table import SETTINGS, play

RULE_CITED = re.compile(r"  \[[^\]]+\]$")
"""The rules a ruled step cites at the end of its line, by their titles: `[Bot turn; …]`."""
SIMULATED = {
    "afternova": {"seats": "baseline"},
    "afternova-solo": {"variant": "solo", "seats": "greedy"},
    "luna-maris": {"level": "intermediate"},
}


def simulated(name: str, lang: str, save: Path) -> str:
    """A whole simulated game played through (`--mode simulated --auto`), its transcript."""

    def nobody(prompt: str) -> str:
        raise AssertionError(f"a game played through asked {prompt!r}")

    out = io.StringIO()
    runner.play(ROOT, SETTINGS[name].game, "simulated", 8, save, lang, True, False,
                SIMULATED[name], read=nobody, out=out, loaded=project_game(SETTINGS[name].game),
                catalogs=project_catalogs())  # fmt: skip
    return out.getvalue()


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], str]:
    """A simulated game and a game at the table (status shown at every kind of question) of
    the bots with plural messages, in every language."""
    folder = tmp_path_factory.mktemp("transcripts")
    found = {}
    for name in SIMULATED:
        for lang in LANGUAGES:
            save = folder / f"{name}-{lang}"
            said = simulated(name, lang, save.with_suffix(".sim.jsonl"))
            _person, table = play(ROOT, SETTINGS[name], save.with_suffix(".jsonl"), ["s"], lang)
            found[(name, lang)] = said + table
    return found


def plural_messages() -> Iterator[tuple[str, str, str, Plural, Voice]]:
    for game_id in ("afternova", "luna-maris"):
        game = load_games(ROOT, [game_id])[game_id]
        for lang in LANGUAGES:
            local = localize(ROOT, game, lang)
            assert local.automa is not None
            for key, message in local.automa.messages.items():
                if isinstance(message, Plural):
                    yield game_id, lang, key, message, Voice(local, lang)


def test_plural_messages_take_babel_s_form_for_the_number() -> None:
    found = list(plural_messages())
    assert {(g, lang) for g, lang, *_ in found} >= {("afternova", lang) for lang in LANGUAGES}
    for _game, lang, key, message, voice in found:
        assert message.one != message.other and not message.one.fallback, (lang, key)
        values = {name: "x" for name in re.findall(r"\{(\w+)\}", str(message.other))}
        one = voice(key, **{**values, message.count: 1})
        two = voice(key, **{**values, message.count: 2})
        assert one == str(message.one).format(**{**values, message.count: 1}), (lang, key)
        assert two == str(message.other).format(**{**values, message.count: 2}), (lang, key)
    voice = Voice(localize(ROOT, load_games(ROOT, ["afternova"])["afternova"], "pt-BR"), "pt-BR")
    assert voice("n_skill_icons", n=0) == "0 ícone de habilidade"  # CLDR: pt-BR says 0 as one


def test_no_transcript_says_one_with_a_plural_form(
    transcripts: dict[tuple[str, str], str],
) -> None:
    """'1 skill icons' must not exist: the plural form of every plural message, filled with
    1, is found in no transcript of its language."""
    for game_id, lang, key, message, _voice in plural_messages():
        text = re.escape(str(message.other))
        text = text.replace(re.escape("{" + message.count + "}"), "1")
        wrong = re.compile(re.sub(r"\\\{\w+\\\}", ".+?", text))
        if "1" not in wrong.pattern:
            continue  # a form that does not show the number
        for (name, said_lang), said in transcripts.items():
            if said_lang == lang and name.startswith(game_id):
                assert not wrong.search(said), (lang, key, wrong.pattern)
    afternova = transcripts[("afternova", "en")]
    assert re.search(r"provides 1 skill icon and", afternova) or "provides 2 skill" in afternova


@pytest.fixture(scope="module")
def kit_text(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The text of every page of each bot game's kit, as printed."""
    out = tmp_path_factory.mktemp("kits")
    text = {}
    for game_id in ("afternova", "luna-maris"):
        built = run_cli("pnp", game_id, "--out", str(out), cwd=ROOT)
        assert built.returncode == 0, built.stderr
        [pdf] = out.glob(f"{game_id}-*.pdf")
        text[game_id] = "\n".join(page.get_text() for page in open_pdf(pdf))
    return text


def test_each_asked_card_mark_is_printed_on_its_face(
    tmp_path: Path, kit_text: dict[str, str]
) -> None:
    """Every mark a question offers (the completions of each asked card question) is on a
    face of the kit, next to that card's name."""
    for name in ("afternova", "luna-maris"):
        setting = SETTINGS[name]
        person, _ = play(ROOT, setting, tmp_path / f"{name}.jsonl", ["?"])
        listed = [shown for (_kind, command), shown in person.shown.items() if command == "?"]
        marks = {m for shown in listed for m in re.findall(r"\b[A-Z] \d+/\d+\b", shown)}
        assert len(marks) >= (50 if name == "afternova" else 60), name
        printed = set(re.findall(r"\b[A-Z] \d+/\d+\b", kit_text[setting.game]))
        assert marks <= printed, sorted(marks - printed)
    game = load_games(ROOT, ["afternova"])["afternova"]
    marks = game.card_marks()
    pages = kit_text["afternova"]
    for card in game.cards:  # each mark on the page of its card's name
        if card.id in marks and card.name:
            assert re.search(re.escape(str(card.name)) + r"[\s\S]{0,400}?" + marks[card.id],
                             pages), card.id  # fmt: skip


@pytest.mark.parametrize(
    "golden", sorted((ROOT / "tests" / "golden").glob("*.txt")), ids=lambda path: path.name
)
def test_no_golden_transcript_shows_a_message_key(golden: Path) -> None:
    """A value worded through a message key that does not exist comes out as the key itself
    (`level_1` for a technology level): no snake_case word belongs in what a person reads."""
    said = [RULE_CITED.sub("", line) for line in golden.read_text("utf-8").splitlines()]
    leaked = {word for line in said for word in re.findall(r"\b[a-z]+_[a-z0-9_]+\b", line)}
    assert not leaked, sorted(leaked)


# -- grammar where a message puts a word in (starpress/core/grammar.yaml) ----------------


def _words(lang: str, template: str) -> Words:
    return Words({"m": template}, grammar=Grammar(**grammar(lang)))


@pytest.mark.parametrize(
    ("lang", "template", "values", "said"),
    [
        ("it", "atterra {planet:su}", {"planet": "il pianeta viola"}, "atterra sul pianeta viola"),
        ("it", "torna {who:a}", {"who": "l'automa"}, "torna all'automa"),
        ("it", "atterra {planet:su}", {"planet": "Automa 1"}, "atterra su Automa 1"),
        ("it", "un'icona {colour:feminine}", {"colour": "bianco"}, "un'icona bianca"),
        ("it", "{n} × il righello", {"n": 1.5}, "1,5 × il righello"),
        ("es", "quita 2 Daño {target:a}", {"target": "el Apoyo"}, "quita 2 Daño al Apoyo"),
        ("es", "quita 2 Daño {target:a}", {"target": "tu Cazador"}, "quita 2 Daño a tu Cazador"),
        ("pt-BR", "tira Dano {target:de}", {"target": "o seu Caçador"}, "tira Dano do seu Caçador"),
        ("pt-BR", "{n} vezes", {"n": 1.5}, "1,5 vezes"),
        ("en", "lands {planet:on}", {"planet": "the purple planet"}, "lands on the purple planet"),
        ("en", "{n} ×", {"n": 1.5}, "1.5 ×"),
    ],
)
def test_a_name_put_into_a_message_follows_the_language_s_grammar(
    lang: str, template: str, values: dict[str, object], said: str
) -> None:
    assert _words(lang, template)("m", **values) == said


def test_a_grammar_spec_is_the_same_placeholder_to_the_catalog_check() -> None:
    from starpress.core.catalogs import _markup

    assert _markup("torna {who:a}; l'icona {colour:feminine}") == _markup("vuelve {who}; {colour}")
    assert _markup("torna {whom:a}") != _markup("vuelve {who}")
