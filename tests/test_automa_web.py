"""The Play pages' Python (`automa.web.page`) outside the browser: the same game as the
CLI, on the standard library alone, with undo, loading, status and located errors."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from starpress.automa.engine import runner
from starpress.automa.engine.answers import Refused
from starpress.automa.engine.driver import Table
from starpress.automa.engine.session import Output
from starpress.automa.engine.state import Ask
from starpress.automa.web.bundle import code_files, code_zip
from starpress.automa.web.data import program_of
from starpress.automa.web.page import Page
from starpress.core.load import load_games
from tests.conftest import ROOT
from tests.patience import LAST_RESORT
from tests.web_games import GAMES, OTHER_LANGUAGE, SEED, Recorded, data_text, recorded


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("web")


def started(game: Recorded, answered: int = 0, lang: str = "en") -> Page:
    """A page that started `game` (its seed and settings) and was given its first answers."""
    page = Page(data_text(game.game, lang))
    page.start(SEED, game.params)
    for answer in game.answers[:answered]:
        page.answer(answer)
    return page


def played(page: Page, game: Recorded) -> list[str]:
    """The game typed on a page, answer after answer: the texts of every step shown."""
    view = page.start(SEED, game.params)
    shown = [step["text"] for step in view["steps"]]
    for answer in game.answers:
        assert view["question"] is not None, "the page asks no more, the CLI did"
        view = page.answer(answer)
        assert not view["reset"] and "error" not in view
        shown += [step["text"] for step in view["steps"]]
    assert view["over"] and view["question"] is None
    return shown


def replayed_texts(path: Path, lang: str | None = None) -> list[str]:
    """What `starpress automa replay --json` shows of a save file: its steps' texts."""
    out = io.StringIO()
    runner.replay(ROOT, path, True, out, lang=lang)
    return [json.loads(line)["text"] for line in out.getvalue().splitlines()]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_page_plays_the_same_game_as_the_cli_in_two_languages(
    name: str, folder: Path, tmp_path: Path
) -> None:
    game = recorded(name, folder)
    for lang in (game.lang, OTHER_LANGUAGE[game.lang]):
        page = Page(data_text(game.game, lang))
        shown = played(page, game)
        saved = tmp_path / f"{lang}.jsonl"
        saved.write_text(page.save(), "utf-8")
        assert replayed_texts(saved) == shown  # the CLI reads the page's log, step for step
        if lang == game.lang:
            assert page.save() == game.log  # the same save file, byte for byte
        else:
            cli = [json.loads(line) for line in game.log.splitlines()]
            ours = [json.loads(line) for line in page.save().splitlines()]
            assert ours[0] == {**cli[0], "lang": lang, "h": ours[0]["h"]}
            assert [{**e, "h": ""} for e in ours[1:]] == [{**e, "h": ""} for e in cli[1:]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_page_asks_in_its_own_words_and_takes_a_score_pad_whole(name: str, folder: Path) -> None:
    game = recorded(name, folder)
    for lang in (game.lang, OTHER_LANGUAGE[game.lang]):
        page = Page(data_text(game.game, lang))
        view = page.start(SEED, game.params)
        pads = 0
        for answer in game.answers:
            question = view["question"]
            assert not re.search(r"\[[^\]\s]{1,8}\]", question["prompt"]), question["prompt"]
            if question["pad"]:  # a line left blank: refused whole, naming the lines
                pads += 1
                refused = page.answer(" ".join(answer.split()[:-1]))
                assert refused["answers"] == view["answers"] and len(refused["notes"]) == 1
                assert all(line["label"] in refused["notes"][0] for line in question["pad"])
            view = page.answer(answer)
        assert pads or name in ("aristeia", "asteria")  # scored from answers given in play: no pad
        assert view["over"]


def test_undo_takes_back_one_answer_and_the_game_goes_on_the_same(folder: Path) -> None:
    game = recorded("asteria", folder)
    page = started(game, 5)
    before = page.save()
    page.answer(game.answers[5])
    view = page.answer("u")  # typed, as at the terminal
    assert view["reset"] and view["notes"][0] == page.words("undone")
    assert page.save() == before
    for answer in game.answers[5:]:
        view = page.answer(answer)
    assert view["over"] and page.save() == game.log


def test_a_saved_game_loads_where_it_stopped_and_the_cli_resumes_the_page_log(
    folder: Path, tmp_path: Path
) -> None:
    game = recorded("luna-maris", folder)
    half = len(game.answers) // 2
    page = started(game, half)
    asked = page.question()
    again = Page(data_text("luna-maris", "it"))  # a closed tab, opened in another language
    view = again.load(page.save())
    assert view["reset"] and view["question"] is not None
    assert view["question"]["key"] == (asked or {}).get("key")
    for answer in game.answers[half:]:
        view = again.answer(answer)
    assert view["over"]
    saved = tmp_path / "page.jsonl"
    saved.write_text(again.save(), "utf-8")
    assert replayed_texts(saved, "en")[-1] == replayed_texts(folder / "luna-maris-cli.jsonl")[-1]


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ("", "line 1: empty save file"),
        ("not json\n", "line 1: not a log line"),
        ('{"t": "start"}\n', "line 1: made by an older format"),
        ("x" * 70_000, "line 1: line too long"),
    ],
)
def test_a_bad_log_is_one_located_line_and_the_game_on_the_page_stays(
    log: str, message: str, folder: Path
) -> None:
    page = started(recorded("asteria", folder), 1)
    before = page.save()
    view = page.load(log)
    assert view["error"].startswith(message), view["error"]
    assert page.save() == before and page.question() is not None


def test_a_log_of_another_game_or_edited_is_refused(folder: Path) -> None:
    page = Page(data_text("asteria", "en"))
    other = recorded("luna-maris", folder).log
    assert "a game of 'luna-maris'" in page.load(other)["error"]
    lines = recorded("asteria", folder).log.splitlines()
    edited = lines[2].replace('"raw": "', '"raw": "9')
    assert edited != lines[2]
    view = page.load("\n".join([*lines[:2], edited, *lines[3:]]) + "\n")
    assert view["error"] == "line 3: this line was edited or damaged (its hash does not match)"


def test_a_simulated_log_or_unknown_settings_are_refused(folder: Path) -> None:
    page = Page(data_text("asteria", "en"))
    simulated = (ROOT / "tests" / "golden" / "asteria-easy-seed3.jsonl").read_text()
    assert page.load(simulated)["error"] == "line 1: start event: unknown mode 'simulated'"
    assert page.start(1, {"level": "impossible"})["error"] == "unknown level 'impossible'"
    assert "out of range" in page.start(-1, {})["error"]


def test_status_and_help_are_notes_not_steps(folder: Path) -> None:
    page = started(recorded("afternova-solo", folder), 6)
    status = page.answer("s")
    assert status["steps"] == [] and status["notes"][0].startswith("Bot: row ")
    helped = page.answer("?")
    assert helped["steps"] == [] and helped["notes"][0] == page.words("page_help")
    refused = page.answer("no such card")
    assert refused["steps"] == [] and refused["notes"] and refused["question"] is not None


ON_A_PAGE = """
import json, sys
sys.path.insert(0, sys.argv[1])  # the zip the site ships, and nothing else but the stdlib
from starpress.automa.web.page import Page
assert not any(name in sys.modules for name in ("pydantic", "yaml", "babel"))
for game in json.load(sys.stdin):
    page = Page(game["data"])
    view = page.start(21, game["params"])
    for answer in game["answers"]:
        view = page.answer(answer)
    print(json.dumps({"over": view["over"], "log": page.save()}))
"""


def test_the_pages_run_from_the_site_s_zip_on_the_standard_library_alone(
    folder: Path, tmp_path: Path
) -> None:
    """The browser has no pydantic, YAML or Babel: every bot plays to its end from the
    zip the site ships (`starpress.site.play`), in a Python that sees no installed package
    (`-I -S`), and saves the CLI's file."""
    games = [recorded(name, folder) for name in sorted(GAMES)]
    programs = sorted({program_of(load_games(ROOT, [g.game])[g.game]) or "" for g in games})
    code = tmp_path / "starpress.zip"
    code.write_bytes(code_zip(code_files(programs)))
    given = [
        {"data": data_text(g.game, g.lang), "params": g.params, "answers": g.answers} for g in games
    ]
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", ON_A_PAGE, str(code)], input=json.dumps(given),
        capture_output=True, text=True, cwd=tmp_path, check=False, timeout=LAST_RESORT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["over"] for r in results] == [True] * len(games)
    assert [r["log"] for r in results] == [g.log for g in games]


def test_a_site_with_bots_says_it_needs_pyodide_before_building_a_page(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "starpress", "site", "build", "--lang", "en"],
        cwd=ROOT, capture_output=True, text=True, timeout=LAST_RESORT, check=False,
        env={**os.environ, "STARPRESS_PYODIDE": str(tmp_path / "nowhere")},
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: ") and "nowhere: Pyodide is not installed" in done.stderr
    assert "run `make` (or `npm ci --prefix site/play`)" in done.stderr  # in a clone
    assert "`npm install --prefix site/play pyodide@" in done.stderr  # elsewhere


TERMINAL_KEYS = re.compile(
    r"\[[^\]\s]{1,8}\]"  # a key in brackets, as a terminal prompt lists it: [q], [Enter]
    r"|(?<![\w'])[a-z](?:, [a-z])+(?![\w'])"  # letters to type, listed: b, a, f, s, u
    r"|\b(?:or|o|ou|oppure) \?"  # ? as a key: "… q or ?"
    r"|\bTab\b"
)
"""What a terminal names and a page has not: keys to type."""
WRONG = ("zzz", "F 2", "999", "-1", "0", ",", "1 2 3 4 5 6 7 8 9 10 11 12 13 14", "x y")
"""Answers typed wrong at every question: unknown words, numbers out of range, too many."""


def page_keys(page: Page) -> re.Pattern[str]:
    """TERMINAL_KEYS, and the Enter key by its name in the page's language."""
    enter = re.escape(page.words("key_enter"))
    return re.compile(rf"{TERMINAL_KEYS.pattern}|\b{enter}\b")


def near_misses(page: Page) -> list[str]:
    """Answers that parse but a bot's check may refuse (a card already in play, a choice it
    does not allow here): every button's answer and the first words the question completes."""
    decision = page.state.decision() if page.state is not None else None
    assert isinstance(decision, Ask)
    buttons = [button.answer for button in decision.answer.buttons()]
    return [*buttons, *decision.answer.words()[:12]]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "es", "it", "pt-BR"])
def test_every_refusal_on_a_page_says_why_without_naming_a_key(
    name: str, lang: str, folder: Path
) -> None:
    """At every question of every bot's game, in every language, wrong answers typed on the
    page (and answers its checks refuse) are refused in the page's words: the reason, and
    the page's buttons, never a key to press (issue 29)."""
    game = recorded(name, folder)
    page = Page(data_text(game.game, lang))
    keys = page_keys(page)
    view = page.start(SEED, game.params)
    refusals = 0
    for answer in game.answers:
        asked = view["question"]
        assert asked is not None
        for typed in WRONG:
            refused = page.answer(typed)
            if refused["answers"] != view["answers"]:  # it was an answer here after all
                view = page.undo()
                continue
            [note] = refused["notes"]
            words = typed.replace(",", " ").split()  # what was refused: it, or its part
            assert not words or any(word in note for word in words), note
            assert not keys.search(note), (asked["prompt"], typed, note)
            refusals += 1
        decision = page.state.decision() if page.state is not None else None
        assert isinstance(decision, Ask)
        for typed in near_misses(page):
            try:
                decision.take(typed)
            except Refused as error:
                note = page.refusal(decision, error)
                assert not keys.search(note), (asked["prompt"], typed, note)
                refusals += 1
        view = page.answer(answer)
    assert view["over"] and refusals >= len(game.answers)


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "es", "it", "pt-BR"])
def test_help_on_a_page_names_its_buttons_not_keys(name: str, lang: str, folder: Path) -> None:
    """`?` typed on a page gives the page's help (`page_help`): what to tap, what the buttons
    below the game do; not the terminal's keys, which the terminal's help lists."""
    game = recorded(name, folder)
    page = Page(data_text(game.game, lang))
    page.start(SEED, game.params)
    helped = page.answer("?")["notes"][0]
    assert helped == page.words("page_help")
    assert not page_keys(page).search(helped), helped
    assert page_keys(page).search(page.words("help"))  # the terminal's help does name them


def asked_for(page: Page, game: Recorded, key: str) -> dict[str, Any]:
    """The page's view at the first question `key` of `game`, answered until then."""
    view = page.start(SEED, game.params)
    for answer in game.answers:
        if view["question"]["key"] == key:
            return view
        view = page.answer(answer)
    raise AssertionError(f"{game.name} never asks {key!r}")


@pytest.mark.parametrize(
    ("name", "page_says", "terminal_says"),
    [
        (
            "afternova-solo",
            "'zzz' is not one of the choices: tap a button (Bot's turn · help in an Extract"
            " · finish).",
            "'zzz' is not a command: b, a, f, s, u, q or ?.",
        ),
        (
            "luna-maris",
            "'zzz' is not valid: when you are ready, tap the «automaton's turn» button.",
            "'zzz' is not valid: [Enter] automaton's turn (or s, u, q or ?).",
        ),
    ],
)
def test_a_command_refused_on_a_page_names_its_buttons_and_at_a_terminal_its_keys(
    name: str, page_says: str, terminal_says: str, folder: Path
) -> None:
    game = recorded(name, folder)
    page = Page(data_text(game.game, "en"))
    view = asked_for(page, game, "command")
    assert page.answer("zzz")["notes"] == [page_says]
    decision = page.state.decision() if page.state is not None else None
    assert isinstance(decision, Ask) and view["question"]["key"] == "command"
    with pytest.raises(Refused) as refused:
        decision.take("zzz")
    terminal = Table(page.words, Output(io.StringIO()), None)
    assert terminal.refusal(decision, refused.value) == terminal_says
