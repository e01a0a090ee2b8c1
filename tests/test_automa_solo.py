"""Afternova solo (afternova.rules.solo.*): golden games per level, whole modelled games, its
levels as data, the person's score at the table. (Replay, resume and the terminal, for every
bot and every variant: `test_automa_bots.py`.)"""

from __future__ import annotations

import functools
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.state import Say, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.afternova.bot import BOT, levels
from starpress.automa.games.afternova.data import AfternovaAutoma, AfternovaSolo
from starpress.automa.games.afternova.game import AfternovaGame
from starpress.automa.games.afternova.rules import COLOURS
from starpress.core.load import load_games
from starpress.core.model import Game
from tests.conftest import ROOT, run_cli, without_save
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden"
LEVELS = ("easier", "standard", "harder")
"""The solo levels, each with a golden game (the data's: `test_levels_come_from_the_data`)."""


@functools.cache
def content() -> Game:
    """Afternova, loaded when a test first needs it (not when the tests are collected)."""
    return load_games(ROOT, ["afternova"])["afternova"]


def solo_data() -> AfternovaSolo:
    automa = content().automa
    assert isinstance(automa, AfternovaAutoma) and automa.solo is not None
    return automa.solo


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
    "20 4 3",  # the person's score pad: VP printed on their Blueprints, Fragments, objective
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
    return without_save(out.getvalue(), save)


# -- sessions: golden logs per level, replay, resume ----------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_gives_its_golden_log_and_transcript(level: str, tmp_path: Path) -> None:
    transcript = play(level, ANSWERS, tmp_path / "game.jsonl")
    golden = GOLDEN / f"afternova-solo-{level}-seed5"
    assert transcript == golden.with_suffix(".txt").read_text("utf-8")
    assert unstamped(tmp_path / "game.jsonl") == golden.with_suffix(".jsonl").read_text()


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
    answers = ["3", "1", "2", "3", "f", "nero bianco", "mille", "0", "0 0 0", "0", "0"]
    transcript = play("standard", answers, tmp_path / "t.jsonl", mode="table")
    printed = "PV stampati sui Progetti completati"
    assert f"'mille' non va bene per «{printed}»: scrivi un numero intero da 0 a 40." in transcript
    assert "'0 0 0' non va bene per «Frammenti rimasti»" not in transcript
    assert "'0 0 0': servono 3 numeri, uno per riga" in transcript  # two lines were left
    assert "Punteggio del Bot: Progetti 0 + obiettivo 0 + Frammenti 0 + vantaggio 0 = 0 PV." in (
        transcript
    )
    # a tie goes to the person, who plays after the Bot (afternova.rules.bot.tie-break)
    assert "Punteggi finali: il Bot (0), tu (0)." in transcript
    assert "Vincitore: tu (a parità di punti vince chi gioca più tardi nel turno" in transcript


def test_the_rules_table_of_levels_says_what_the_data_says() -> None:
    sections = [inner for outer in content().rules for inner in outer.walk()]
    section = next(s for s in sections if s.id == "afternova.rules.solo.levels")
    rows = {str(row[0]).lower(): [str(cell) for cell in row[1:]] for row in section.tables[0].rows}
    words = {"easier": "facile", "standard": "normale", "harder": "difficile"}
    assert set(rows) == {words[name] for name in LEVELS}
    for name, level in solo_data().levels.items():
        expected = [
            str(level.row_size),
            str(level.max_completed),
            str(level.objective_vp_per_icon),
            str(level.head_start_vp),
            str(level.icons_per_fragment),
        ]
        assert rows[words[name]][:5] == expected, name
        assert rows[words[name]][5].startswith(f"{level.bot_turn_every} gir"), name


def test_levels_come_from_the_data_easier_to_harder() -> None:
    assert levels(content()) == ("easier", "standard", "harder")  # never alphabetical
    assert BOT.parameters[2].default_for(content()) == "standard"  # the data's default
    assert set(solo_data().levels) == set(LEVELS)  # the levels the golden games play
    result = run_cli("automa", "afternova", "play", "--level", "nightmare", cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr.startswith(
        "error: --level must be one of easier, standard, harder (got 'nightmare')"
    )
    help_text = run_cli("automa", "afternova", "play", "--help", cwd=ROOT).stdout
    assert "provenance: prototype" in " ".join(help_text.split())


# -- whole modelled solo games -------------------------------------------------------------


@functools.cache
def prepared() -> Any:
    return BOT.prepare(content())


def solo_game(seed: int, level: str) -> tuple[ScriptState, Start]:
    start = Start("simulated", seed, {"seats": "baseline", "variant": "solo", "level": level})
    return ScriptState(lambda: BOT.new_program(prepared(), start, Voice(content()))), start


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
    assert len(game.bot.completed) <= solo_data().levels[level].max_completed
    assert len(game.humans[0].completed) <= 6  # a person always plays to six (base rules)
    # the Bot plays in the first of every `bot_turn_every` rounds (afternova.rules.solo.turn)
    every = solo_data().levels[level].bot_turn_every
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
    assert [s["params"]["level"] for s in summaries] == list(levels(content()))
    for summary in summaries:
        assert set(summary["scores"]) == {"bot", "seat-2"}
        said = summary["said_per_game"]
        assert said.get("winner", 0) + said.get("winner_tie", 0) == 1
        assert said["solo_start"] == 1 and "round_limit" not in said


# -- the questions at the table --------------------------------------------------------------


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
