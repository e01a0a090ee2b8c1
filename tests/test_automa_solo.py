"""Afternova solo (afternova.rules.solo.*): golden games per level, replay, resume, whole
modelled games, its levels as data, and a whole game at the table in a pseudo-terminal."""

from __future__ import annotations

import dataclasses
import io
import json
import sys
from collections import Counter
from pathlib import Path

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.state import Say, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.afternova.bot import BOT, levels
from starpress.automa.games.afternova.catalogue import Catalogue
from starpress.automa.games.afternova.data import AfternovaAutoma
from starpress.automa.games.afternova.game import AfternovaGame
from starpress.automa.games.afternova.rules import COLOURS, BotRules
from starpress.core.load import load_games
from tests.conftest import ROOT, run_cli
from tests.patience import LAST_RESORT
from tests.test_automa_terminal import PROMPTS, WORDS, Mirror

GOLDEN = ROOT / "tests" / "golden"
GAME = load_games(ROOT, ["afternova"])["afternova"]
assert isinstance(GAME.automa, AfternovaAutoma) and GAME.automa.solo is not None
SOLO = GAME.automa.solo
LEVELS = tuple(SOLO.levels)
# two Bot turns, a help paid with two Fragments, more turns, the end, a score (the status,
# a view and not an action, is shown by tests/test_automa_table.py)
ANSWERS = [
    "b",
    "b",
    "a",
    "viola verde nero bianco arancione viola verde nero bianco arancione",
    "arancione nero",
    "b",
    "b",
    "b",
    "f",
    "27",
]


def play(level: str, answers: list[str], save: Path, mode: str = "simulated") -> str:
    feed = iter(answers)
    out = io.StringIO()
    runner.play(
        ROOT,
        "afternova",
        mode,
        5,
        save,
        "it",
        True,
        False,
        {"variant": "solo", "level": level},
        read=lambda prompt: next(feed),
        out=out,
    )
    return out.getvalue()


# -- sessions: golden logs per level, replay, resume ----------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_gives_its_golden_log_and_transcript(level: str, tmp_path: Path) -> None:
    transcript = play(level, ANSWERS, tmp_path / "game.jsonl")
    golden = GOLDEN / f"afternova-solo-{level}-seed5"
    assert transcript == golden.with_suffix(".txt").read_text("utf-8")
    assert (tmp_path / "game.jsonl").read_text() == golden.with_suffix(".jsonl").read_text()


@pytest.mark.parametrize("level", LEVELS)
def test_a_solo_replay_prints_the_same_transcript_byte_for_byte(level: str, tmp_path: Path) -> None:
    transcript = play(level, ANSWERS, tmp_path / "game.jsonl")
    out = io.StringIO()
    runner.replay(ROOT, tmp_path / "game.jsonl", False, out)
    assert out.getvalue() == transcript


@pytest.mark.parametrize("level", LEVELS)
def test_a_resumed_solo_game_equals_an_uninterrupted_one(level: str, tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    play(level, ANSWERS, whole)
    part = tmp_path / "part.jsonl"
    play(level, [*ANSWERS[:5], "q"], part)
    feed = iter(ANSWERS[5:])
    out = io.StringIO()
    runner.resume(ROOT, part, True, False, read=lambda prompt: next(feed), out=out)
    assert part.read_text() == whole.read_text()
    said = out.getvalue()  # the recap first: the last steps, then the status
    assert said.startswith("Si riprende la partita. Gli ultimi passi:\n")
    recap = said.split("\n[b] turno")[0] if "\n[b] turno" in said else said
    assert "\nBot: fila 1. «" in recap
    assert "Punteggi finali: tu (27), il Bot (" in said and "Vincitore: tu." in said


def test_the_level_changes_the_bot_as_the_yaml_says(tmp_path: Path) -> None:
    easier = play("easier", ANSWERS, tmp_path / "e.jsonl")
    harder = play("harder", ANSWERS, tmp_path / "h.jsonl")
    # easier: a paid Fragment buys 2 icons, the objective scores nothing, the Bot plays
    # every 3rd round; harder: the 2-player Bot as it is
    assert "Il Bot fornisce 4 icone abilità e riceve arancione nero." in easier
    assert "Il Bot fornisce 2 icone abilità e riceve arancione nero." in harder
    assert "+ obiettivo 0 + " in easier
    assert "ogni 3 giri" in easier and "ogni 3 giri" not in harder


def test_at_the_table_the_person_gives_their_score_and_hears_who_won(tmp_path: Path) -> None:
    answers = ["3", "1", "2", "3", "f", "nero bianco", "mille", "0"]
    transcript = play("standard", answers, tmp_path / "t.jsonl", mode="table")
    assert "'mille' non va bene: scrivi un numero intero da 0 a 999." in transcript
    assert "Punteggio del Bot: Progetti 0 + obiettivo 0 + Frammenti 0 + vantaggio 0 = 0 PV." in (
        transcript
    )
    # a tie goes to the person, who plays after the Bot (afternova.rules.bot.tie-break)
    assert "Punteggi finali: il Bot (0), tu (0)." in transcript
    assert "Vincitore: tu (a parità di punti vince chi gioca più tardi nel turno" in transcript


def test_the_rules_table_of_levels_says_what_the_data_says() -> None:
    sections = [inner for outer in GAME.rules for inner in outer.walk()]
    section = next(s for s in sections if s.id == "afternova.rules.solo.levels")
    rows = {str(row[0]).lower(): [str(cell) for cell in row[1:]] for row in section.tables[0].rows}
    words = {"easier": "facile", "standard": "normale", "harder": "difficile"}
    assert set(rows) == {words[name] for name in LEVELS}
    for name, level in SOLO.levels.items():
        expected = [
            str(level.row_size),
            str(level.max_completed),
            str(level.objective_vp_per_icon),
            str(level.head_start_vp),
            str(level.icons_per_fragment),
        ]
        assert rows[words[name]][:5] == expected, name
        assert rows[words[name]][5].startswith(f"{level.bot_turn_every} gir"), name


def test_levels_come_from_the_data_default_first() -> None:
    assert levels(GAME) == ("standard", "easier", "harder")
    result = run_cli("automa", "afternova", "play", "--level", "nightmare", cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr.startswith(
        "error: --level must be one of standard, easier, harder (got 'nightmare')"
    )
    help_text = run_cli("automa", "afternova", "play", "--help", cwd=ROOT).stdout
    assert "provenance: prototype" in " ".join(help_text.split())


# -- whole modelled solo games -------------------------------------------------------------

PREPARED = BOT.prepare(GAME)


def solo_game(seed: int, level: str) -> tuple[ScriptState, Start]:
    start = Start("simulated", seed, {"seats": "baseline", "variant": "solo", "level": level})
    return ScriptState(lambda: BOT.new_program(PREPARED, start, Voice(GAME))), start


def game_of(state: State) -> AfternovaGame:
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame)
    return program


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(LEVELS))
def test_every_solo_game_ends_and_all_40_fragments_are_always_somewhere(
    seed: int, level: str
) -> None:
    state, start = solo_game(seed, level)
    said: Counter[str] = Counter()
    winners: list[str] = []

    def after_each(state: State) -> None:
        if not state.is_chance_node():
            game = game_of(state)
            game.check()
            assert game.fragments() == Counter({colour: 8 for colour in COLOURS})

    def heard(say: Say) -> None:
        said.update([say.key])
        if say.key in ("winner", "winner_tie"):
            winners.append(say.values["player"])

    returns = Driver(
        state, None, None, BOT.policies(start), on_say=heard, on_action=after_each
    ).run()
    game = game_of(state)
    assert state.is_terminal() and game.over() and said["round_limit"] == 0
    assert game.fragments() == Counter({colour: 8 for colour in COLOURS})
    assert set(returns) == {"bot", "seat-2"} and len(game.humans) == 1
    assert len(game.bot.completed) <= SOLO.levels[level].max_completed
    assert len(game.humans[0].completed) <= 6  # a person always plays to six (base rules)
    # the Bot plays in the first of every `bot_turn_every` rounds (afternova.rules.solo.turn)
    every = SOLO.levels[level].bot_turn_every
    assert said["turn"] <= -(-game.rounds // every)
    assert said["winner"] + said["winner_tie"] == 1 and said["final_scores"] == 1
    # a tie goes to the person, who plays after the Bot (afternova.rules.bot.tie-break)
    assert winners == ["seat-2" if returns["seat-2"] >= returns["bot"] else "bot"]


def test_simulate_solo_reports_every_level(tmp_path: Path) -> None:
    result = run_cli(
        "automa", "afternova", "simulate", "--variant", "solo", "--level", "all",
        "--games", "20", "--seed", "3", "--json", "--check", cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summaries = json.loads(result.stdout)
    assert [s["params"]["level"] for s in summaries] == list(levels(GAME))
    for summary in summaries:
        assert set(summary["scores"]) == {"bot", "seat-2"}
        said = summary["said_per_game"]
        assert said.get("winner", 0) + said.get("winner_tie", 0) == 1
        assert said["solo_start"] == 1 and "round_limit" not in said


# -- a whole solo game at the table, through the real command line ---------------------------

YOU = {"it": "tu", "en": "you"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_person_plays_a_whole_solo_game_at_the_table(lang: str, tmp_path: Path) -> None:
    catalogue = Catalogue.from_game(GAME)
    level = SOLO.levels["harder"]
    rules = BotRules(
        dataclasses.replace(
            BotRules.from_content(GAME.automa).settings,
            row_size=level.row_size,
            objective_vp_per_icon=level.objective_vp_per_icon,
            max_completed=level.max_completed,
        )
    )
    table = Mirror(catalogue, level.row_size)
    mirror, draw, to_reveal = table.bot, table.draw, table.to_reveal
    child = pexpect.spawn(
        sys.executable,
        [
            "-m", "starpress", "automa", "afternova", "play", "--variant", "solo",
            "--level", "harder", "--mode", "table", "--seed", "11",
            "--save", str(tmp_path / "game.jsonl"), "--lang", lang,
        ],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=LAST_RESORT,
    )  # fmt: skip
    result: tuple[str, ...] = ()
    asked: list[str] = []
    while not result:
        index = child.expect(PROMPTS[lang])
        if index == 0:
            child.sendline("")
        elif index == 1:
            child.sendline("4")
        elif index == 2:
            child.sendline(f"B {to_reveal.popleft()}")
        elif index == 3:
            child.sendline("b")
        elif index == 4:
            colour = next(iter(mirror.row[0].free()))
            rules.place(mirror, colour, draw)
            child.sendline(WORDS[lang][colour])
        elif index == 5:
            child.sendline(f"{WORDS[lang]['black']} {WORDS[lang]['white']}")
        elif index == 8:
            asked.append(child.match.group(1))
            child.sendline(str(rules.score(mirror)["total"] + level.head_start_vp))
        elif index == 9:
            result = child.match.groups()
    child.expect(PROMPTS[lang][0])
    child.sendline("")
    child.expect(pexpect.EOF)
    assert len(mirror.completed) == level.max_completed
    # the person typed exactly the Bot's total: a tie goes to them (afternova.rules.solo.scoring)
    assert asked == [None]  # asked once, as the person's own ("Your final score")
    assert result[1].startswith(f"{YOU[lang]} (")


def test_the_payment_question_says_what_a_fragment_buys_at_this_level(tmp_path: Path) -> None:
    asked: list[str] = []
    feed = iter(ANSWERS)

    def read(prompt: str) -> str:
        asked.append(prompt)
        return next(feed)

    runner.play(
        ROOT, "afternova", "simulated", 5, tmp_path / "g.jsonl", "it", True, False,
        {"variant": "solo", "level": "easier"}, read=read, out=io.StringIO(),
    )  # fmt: skip
    assert any("ognuno vale 2 icone abilità" in prompt for prompt in asked), asked
