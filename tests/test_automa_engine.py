"""The engine: a new bot is a module and a content file; the CLI, runner and driver serve it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from starpress.automa.engine import registry
from starpress.automa.engine.state import HUMAN
from starpress.cli.app import app
from starpress.core import bots
from starpress.core.load import ContentError, load_games
from tests import toy_dice_bot
from tests.conftest import make_project


@pytest.fixture
def dice_project(tmp_path: Path) -> Iterator[Path]:
    """The demo project with a dice-race bot, registered for this test only."""
    registry.register(toy_dice_bot.BOT)
    project = make_project(tmp_path, {"automa.yaml": toy_dice_bot.AUTOMA_YAML})
    yield project
    bots._registered.pop("dice-race", None)


def cli(project: Path, *args: str, answers: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, ["--root", str(project), "automa", *args], input=answers)
    return result.exit_code, result.output


def test_a_registered_toy_bot_plays_through_the_cli(dice_project: Path) -> None:
    save = dice_project / "race.jsonl"
    code, out = cli(
        dice_project, "demo", "play", "--race", "short", "--seed", "4", "--save", str(save),
        "--auto", answers="9\n6\n",
    )  # fmt: skip
    assert code == 0, out
    assert "A race to square 6." in out
    assert "'9' is not a roll of a 6-sided die." in out
    assert "You rolled 6: now on square 6.  [dice-race.rules.move]" in out
    assert "Final squares: you (6), the bot (0).  [dice-race.rules.goal]" in out
    assert "Winner: you.  [dice-race.rules.goal]" in out
    events = [json.loads(line) for line in save.read_text().splitlines()]
    assert events[0]["params"] == {"race": "short"} and events[0]["game"] == "demo"
    assert [(e["t"], e["key"], e["value"]) for e in events[1:]] == [("answer", "human_roll", 6)]
    code, replayed = cli(dice_project, "demo", "replay", str(save))
    assert code == 0  # the same transcript, from the log alone (no prompts, no PRNG)
    assert replayed == (
        "A race to square 6.\n"
        "You rolled 6: now on square 6.  [dice-race.rules.move]\n"
        "Final squares: you (6), the bot (0).  [dice-race.rules.goal]\n"
        "Winner: you.  [dice-race.rules.goal]\n"
    )


def test_the_toy_bot_s_parameters_come_from_its_data(dice_project: Path) -> None:
    code, out = cli(dice_project, "demo", "play", "--race", "marathon")
    assert code == 2
    assert "--race must be one of short, long (got 'marathon')" in out
    code, out = cli(dice_project, "demo", "simulate", "--games", "20", "--race", "all", "--json")
    assert code == 0, out
    summaries = json.loads(out)
    assert [s["params"] for s in summaries] == [{"race": "short"}, {"race": "long"}]
    assert all(set(s["scores"]) == {HUMAN, "bot"} for s in summaries)
    assert summaries[1]["said_per_game"]["moved"] > summaries[0]["said_per_game"]["moved"]


def typed(*answers: str) -> Callable[[str], str]:
    feed = iter(answers)
    return lambda prompt: next(feed)


class _Sink:
    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def test_a_bot_s_data_errors_are_located_and_unknown_kinds_refused(tmp_path: Path) -> None:
    registry.register(toy_dice_bot.BOT)
    bad = toy_dice_bot.AUTOMA_YAML.replace(
        "races: {short: 6, long: 12}", "races: {short: 6, long: 12}\n  sides: 1"
    )
    project = make_project(tmp_path / "a", {"automa.yaml": bad})
    with pytest.raises(ContentError) as error:
        load_games(project, ["demo"])
    assert [str(p).split("content/")[-1] for p in error.value.problems] == [
        "demo/automa.yaml:5:10: sides must be ≥ 2 (got 1)"
    ]
    other = toy_dice_bot.AUTOMA_YAML.replace("kind: dice-race", "kind: tiddlywinks")
    project = make_project(tmp_path / "b", {"automa.yaml": other})
    with pytest.raises(ContentError) as error:
        load_games(project, ["demo"])
    [problem] = error.value.problems
    assert (problem.line, problem.col) == (2, 9)
    assert problem.message.startswith("unknown bot kind 'tiddlywinks' (bots: afternova-bot, ")


def ended(scores: dict[str, int]) -> list[tuple[str, tuple[str, ...]]]:
    """What a game's end says (each step's key and the rules it cites), every score known."""
    from starpress.automa.engine.state import LATER, Ending, Say, ending_script

    ending = Ending("g.rules.scoring", ("bot", HUMAN), scores, last=LATER,
                    tie_rule="g.rules.ties")  # fmt: skip
    return [(step.key, step.rules) for step in ending_script(ending) if isinstance(step, Say)]


def test_the_tie_break_rule_is_cited_only_when_a_tie_was_broken() -> None:
    assert ended({"bot": 12, HUMAN: 9}) == [
        ("final_scores", ("g.rules.scoring",)),
        ("winner", ("g.rules.scoring",)),
    ]
    assert ended({"bot": 12, HUMAN: 12}) == [
        ("final_scores", ("g.rules.scoring",)),
        ("winner_tie", ("g.rules.ties",)),  # the later player in turn order
    ]
