"""One conformance suite over every registered bot (OpenSpiel runs one over every game): the
bots that ship with starpress, any installed as a `starpress.bots` entry point, and the
tests' toy dice bot. A new bot gets these tests for free; `test_automa_<game>.py` keeps only
what is specific to one bot's rules (its priorities, tie-breaks, golden games).

For each bot, at the table (every parameter value that makes a game there) a person who
answers from the typed options of each question (`tests.bot_cases.TypedPerson`), with status,
help and undo on the way; simulated, the settings `simulate` plays. Each game must replay
from its save file byte for byte, resume and undo to the same save file as a game played
straight through, keep its invariants, simulate the same for the same seed, speak without
internal ids in every language, refuse forged save files with one located line, and offer
questions whose options parse back to their values and are exactly a page's buttons.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

import pexpect
import pytest

from starpress.automa.engine import runner
from starpress.automa.engine.answers import same
from starpress.automa.engine.registry import ENGINE_MESSAGES
from starpress.automa.engine.state import Ask
from starpress.automa.sim.simulate import play_games, simulate
from starpress.automa.web.data import program_of
from starpress.automa.web.page import Page
from starpress.cli.app import main
from starpress.core.model import LANGUAGES
from tests.bot_cases import (
    CATALOGS,
    Case,
    TypedPerson,
    bot_kinds,
    case_of,
    options,
    raw_answers,
    sample,
)
from tests.bot_cases import typed as typing
from tests.hostile import chained
from tests.patience import LAST_RESORT
from tests.web_games import data_text

SEED = 11
RULE_CITED = re.compile(r"  \[[^\]]+\]$")
"""The rule ids a ruled step cites at the end of its line (on purpose: `[asteria.rules…]`)."""


@dataclasses.dataclass(frozen=True)
class Played:
    """A game at the table, played by a `TypedPerson` (with status, help and undos)."""

    params: dict[str, str]
    person: TypedPerson
    save: Path
    log: str
    said: str


@pytest.fixture(scope="session", params=bot_kinds())
def case(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Case:
    return case_of(request.param, tmp_path_factory.getbasetemp() / "toy-project")


@pytest.fixture(scope="session")
def played(case: Case, tmp_path_factory: pytest.TempPathFactory) -> list[Played]:
    """A game at the table for each of the bot's table settings."""
    games = []
    for number, params in enumerate(case.table_settings()):
        save = tmp_path_factory.mktemp(f"{case.kind}-table") / "game.jsonl"
        out = io.StringIO()
        person = TypedPerson(number + 1, commands=True, undo=0.05, out=out)
        runner.play(case.root, case.game_id, "table", SEED, save, "en", True, False, params,
                    read=person, out=out, loaded=case.game, catalogs=CATALOGS)  # fmt: skip
        games.append(Played(params, person, save, save.read_text("utf-8"), out.getvalue()))
    return games


def replayed(case: Case, save: Path, lang: str | None = None, as_json: bool = False) -> str:
    out = io.StringIO()
    runner.replay(case.root, save, as_json, out, lang=lang, loaded=case.game, catalogs=CATALOGS)
    return out.getvalue()


def cli(case: Case, *args: str) -> tuple[int, str, str]:
    """The real `starpress automa GAME …` command (its entry point, as the console script
    runs it), in this process where the toy bot is known: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["starpress", "--root", str(case.root), "automa", case.game_id, *args]
    with mock.patch.object(sys, "argv", argv), redirect_stdout(out), redirect_stderr(err):
        try:
            main()
        except SystemExit as done:
            return int(done.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_a_table_game_replays_byte_for_byte_and_undo_and_resume_change_nothing(
    case: Case, played: list[Played], tmp_path: Path
) -> None:
    for game in played:
        answers = raw_answers(game.log)
        assert answers, game.params
        straight = tmp_path / "straight.jsonl"
        said = case.table(game.params, SEED, straight, typing(answers))
        assert straight.read_text("utf-8") == game.log  # undone answers leave no trace
        # the save file alone says it all again (but where it is: said at the table)
        assert replayed(case, game.save) == case.steps_only(said)
        for stop in sorted({0, len(answers) // 2, len(answers) - 1}):
            part = tmp_path / f"part-{stop}.jsonl"
            case.table(game.params, SEED, part, typing([*answers[:stop], "q"]))
            runner.resume(case.root, part, True, False, read=typing(answers[stop:]),
                          out=io.StringIO(), loaded=case.game, catalogs=CATALOGS)  # fmt: skip
            assert part.read_text("utf-8") == game.log, (game.params, stop)
        finished = io.StringIO()
        runner.resume(case.root, game.save, True, False, read=typing([]), out=finished,
                      loaded=case.game, catalogs=CATALOGS)  # fmt: skip
        assert finished.getvalue().startswith(case.voice("finished"))  # and asks nothing


def test_status_and_help_work_at_every_kind_of_question(case: Case, played: list[Played]) -> None:
    voice = case.voice
    starts = [str(voice.words.messages[say.key]).split("{")[0] for say in case.status_says()]
    for game in played:
        assert game.person.kinds, game.params
        for kind in game.person.kinds:
            status = game.said[game.person.shown[(kind, "s")] :]
            assert status.startswith(starts[0]), (kind, status[:200])
            helped = game.said[game.person.shown[(kind, "?")] :]
            assert helped.startswith(voice("help")), (kind, helped[:200])


def test_every_question_s_options_parse_back_and_are_the_page_s_buttons(
    case: Case, played: list[Played]
) -> None:
    asked = {id(ask): ask for game in played for ask in game.person.asked}.values()
    kinds = set()
    for ask in asked:
        answer = ask.answer
        kinds.add(type(answer).__name__)
        listed = options(answer)
        for part, value in listed:  # each option's canonical words give it back
            assert same(part.parse(part.canonical(value)), value), (ask.key, value)
        rng = TypedPerson(len(listed)).rng
        for _ in range(5):  # and so do the words of any answer, of any kind
            value = sample(answer, rng)
            assert same(answer.parse(answer.canonical(value)), value), (ask.key, value)
        buttons = answer.buttons()  # exactly the options, in their order
        assert len(buttons) == len(listed), ask.key
        for button, (part, value) in zip(buttons, listed, strict=True):
            assert same(part.parse(button.answer), value) and button.label, (ask.key, button)
    assert kinds, "no question was asked"
    if program_of(case.game) is None:
        return  # a bot from elsewhere: its page would need its code
    for game in played:
        page = Page(data_text(case.game_id, "en", case.root))
        view = page.start(SEED, game.params)
        for answer in raw_answers(game.log):
            question = view["question"]
            decision = page.state.decision() if page.state is not None else None
            assert question is not None and isinstance(decision, Ask)
            listed = options(decision.answer)
            assert len(question["buttons"]) == len(listed), decision.key
            for button, (part, value) in zip(question["buttons"], listed, strict=True):
                assert same(part.parse(button["answer"]), value), (decision.key, button)
            assert question["compose"] == decision.answer.compose
            view = page.answer(answer)
        assert view["over"] and page.save() == game.log  # the page keeps the CLI's save file


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_a_bot_says_and_asks_names_no_internal_id_in_any_language(
    case: Case, played: list[Played], lang: str, tmp_path: Path
) -> None:
    internal = re.compile(rf"\b{re.escape(case.game_id)}\.[a-z][\w-]*\.[\w.-]+")
    keys = [key for key in case.game_messages(lang) if "_" in key]
    placeholder = re.compile(r"\{\w*\}")
    person = TypedPerson(SEED, commands=True)
    said = case.table(played[0].params, SEED, tmp_path / "t.jsonl", person, lang)
    simulated = case.simulated(case.simulated_settings()[0], SEED, tmp_path / "s.jsonl", lang)
    for line in [*said.splitlines(), *simulated.splitlines(), *person.prompts]:
        shown = RULE_CITED.sub("", line)
        assert not internal.search(shown), f"{lang}: {line}"
        assert not placeholder.search(shown), f"{lang}: {line}"
        assert not any(re.search(rf"\b{key}\b", shown) for key in keys), f"{lang}: {line}"

    def steps(shown: str | None) -> list[str]:
        said = replayed(case, played[0].save, shown, as_json=True)
        return [json.loads(line)["step"] for line in said.splitlines()]

    assert steps(lang) == steps(None)  # a replay in another language says the same steps


def test_it_words_what_the_engine_says_in_every_language(case: Case) -> None:
    for lang in LANGUAGES:
        assert set(ENGINE_MESSAGES) <= set(case.game_messages(lang)), lang


def test_a_simulated_game_ends_keeps_its_rules_and_replays_byte_for_byte(
    case: Case, tmp_path: Path
) -> None:
    for number, params in enumerate(case.simulated_settings()):
        save = tmp_path / f"sim-{number}.jsonl"
        said = case.simulated(params, SEED, save)
        assert replayed(case, save) == case.steps_only(said)
        again = tmp_path / f"again-{number}.jsonl"
        case.simulated(params, SEED, again)
        assert again.read_text("utf-8") == save.read_text("utf-8")  # the seed decides it all
        tally = play_games(case.game, 100, 8, params, check=True)  # its invariants, every turn
        assert tally.games == 8 and all(sum(c.values()) == 8 for c in tally.scores.values())


def test_a_simulation_is_the_same_for_the_same_seed(case: Case) -> None:
    params = case.simulated_settings()[0]
    first = simulate(case.game, 12, 3, params)
    assert first == simulate(case.game, 12, 3, params) and first["games"] == 12
    done = cli(case, "simulate", "--games", "6", "--seed", "2", "--json")
    assert done[0] == 0 and json.loads(done[1]), done
    assert cli(case, "simulate", "--games", "6", "--seed", "2", "--json") == done


def test_forged_save_files_are_refused_with_one_located_line(
    case: Case, played: list[Played], tmp_path: Path
) -> None:
    events = [json.loads(line) for line in played[0].log.splitlines()]
    for event in events:
        del event["h"]
    at = next(i for i, e in enumerate(events) if e["t"] == "answer" and "raw" in e)
    forgeries = {
        "not what was typed": {**events[at], "value": "forged"},
        "typed is not valid here": {**events[at], "raw": "☃ no such answer"},
    }
    simulated = tmp_path / "sim.jsonl"
    case.simulated(case.simulated_settings()[0], SEED, simulated)
    modelled = [json.loads(line) for line in simulated.read_text("utf-8").splitlines()]
    for event in modelled:
        del event["h"]
    chosen = next(
        (i for i, e in enumerate(modelled) if e["t"] == "answer" and "raw" not in e), None
    )
    cases = [(events, at, change, message) for message, change in forgeries.items()]
    if chosen is not None:  # a modelled player's answer: one of its legal actions
        cases.append((modelled, chosen, {**modelled[chosen], "value": "☃"}, "not a legal action"))
    for number, (original, index, change, message) in enumerate(cases):
        save = tmp_path / f"forged-{number}.jsonl"
        save.write_text(chained([*original[:index], change, *original[index + 1 :]]), "utf-8")
        code, _out, err = cli(case, "replay", str(save))
        assert code == 2 and err.count("\n") == 1, err  # one line, no traceback
        assert err.startswith(f"error: {save.name}:{index + 1}: ") and message in err, err
    lines = played[0].log.splitlines()
    lines[at] = json.dumps({**json.loads(lines[at]), "value": "forged"})  # its hash kept
    save = tmp_path / "edited.jsonl"
    save.write_text("\n".join(lines) + "\n", "utf-8")
    code, _out, err = cli(case, "replay", str(save))
    assert code == 2 and err.startswith(f"error: {save.name}:{at + 1}: this line was edited"), err


def test_a_person_plays_a_whole_game_at_a_real_terminal(
    case: Case, played: list[Played], tmp_path: Path
) -> None:
    """The real command in a terminal, with its pauses: the same save file as the game the
    typed person played (with undos) in this process."""
    if program_of(case.game) is None:
        pytest.skip("a bot registered in this process only: a child process cannot find it")
    game = played[0]
    save = tmp_path / "terminal.jsonl"
    options_given = [f"--{name}={value}" for name, value in game.params.items()]
    child = pexpect.spawn(
        sys.executable,
        ["-m", "starpress", "automa", case.game_id, "play", "--seed", str(SEED), "--lang", "en",
         "--save", str(save), *options_given],
        cwd=str(case.root), encoding="utf-8", timeout=LAST_RESORT,
    )  # fmt: skip
    answers = iter(raw_answers(game.log))
    pause = re.escape(case.voice("continue"))
    while (index := child.expect([r"\n> ", pause, pexpect.EOF])) != 2:
        child.sendline(next(answers) if index == 0 else "")
    assert next(answers, None) is None
    assert save.read_text("utf-8") == game.log
