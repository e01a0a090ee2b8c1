"""Scores are never guessed (issue 29): a value the program cannot know is asked, and the
final sum holds what was answered. Afternova's Bot, when its Hold overflows, slides the top
Blueprint of the deck under its Starship unseen (afternova.rules.bot.place); at the table
nobody looks at it until the end, when its printed mark is asked and its VP counted, in the
2-player Bot variant and in the solo variant alike. (The person's own score, for every bot,
is asked on the game's score pad and summed: `test_the_person_s_pad_is_summed`.)"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from starpress.automa.engine import runner
from starpress.automa.games.afternova.catalogue import Catalogue
from starpress.core.load import load_games
from tests.conftest import ROOT

BLIND = "B 12"  # the Blueprint the person finds under the Bot's Starship at the end


def answer(prompt: str, events: int) -> str:
    """Afternova at the table, English: only orange Fragments come out of the bag and no
    Blueprint of the Bot's row costs orange, so its Hold fills and overflows."""
    if prompt.startswith("Bot's Starship"):
        return "S 4"  # a Hold of 4
    if prompt.startswith("Face-up Blueprint"):
        return "B 3"  # black white: never orange
    if prompt.startswith("Blueprint 1 taken blind"):
        return BLIND
    if prompt.startswith("Blueprint "):  # any other taken blind
        return "B 2"
    if prompt.startswith("Color of the Fragment drawn"):
        return "orange"
    if prompt.startswith("The Bot's secret objective"):
        return "black white"
    if prompt.startswith("["):  # the command of a turn: the Bot's turns, then the end
        return "f" if events > 40 else "b"
    if prompt.startswith(("Your final score", "Final score of")):
        return "7 2 1"  # a person's pad: Blueprints, Fragments, objective
    raise AssertionError(f"unexpected question: {prompt!r}")


@pytest.mark.parametrize("variant", ["bot", "solo"])
def test_a_blind_blueprint_is_asked_at_the_end_and_counted(tmp_path: Path, variant: str) -> None:
    save, out, asked = tmp_path / f"{variant}.jsonl", io.StringIO(), []

    def read(prompt: str) -> str:
        asked.append(prompt)
        events = len(save.read_text("utf-8").splitlines()) if save.exists() else 0
        return answer(prompt, events)

    runner.play(ROOT, "afternova", "table", 5, save, "en", True, True, {"variant": variant},
                read=read, out=out)  # fmt: skip
    steps = [json.loads(line) for line in out.getvalue().splitlines()]
    said = [step["step"] for step in steps]
    assert "hold_full" in said and "blind_blueprint" in said
    assert any(prompt.startswith("Blueprint 1 taken blind") for prompt in asked)
    catalogue = Catalogue.from_game(load_games(ROOT, ["afternova"])["afternova"])
    vp = {b.card: b.vp for b in catalogue.blueprints.values()}
    blind = catalogue.blueprints[int(BLIND.split()[1])].vp
    assert blind > 0  # a Blueprint worth something: counting it as 0 would show
    completed = [vp[step["values"]["card"]] for step in steps if step["step"] == "completed"]
    blinds = said.count("blind_blueprint")
    score = next(step for step in steps if step["step"] in ("score", "score_solo"))["values"]
    others = blinds - 1  # every other blind Blueprint was answered B 2
    assert score["blueprints"] == sum(completed) + blind + others * catalogue.blueprints[2].vp
    finals = next(step for step in steps if step["step"] == "final_scores")["values"]
    assert finals["table"]["total"][0] == score["total"]  # the Bot's column: seated first
    assert finals["table"]["total"][1:] == [10] * (2 if variant == "bot" else 1)


def test_the_person_s_pad_is_summed(tmp_path: Path) -> None:
    """Luna Maris: the person writes the pad's lines the program cannot know; the food lines
    it works out from the pantries compared; the total is the column's sum, never a guess."""
    from tests.test_automa_table import SETTINGS, Person, prefixes

    out = io.StringIO()
    setting, save = SETTINGS["luna-maris"], tmp_path / "luna.jsonl"
    person = Person(setting, save, out, [], prefixes(ROOT, setting, "en"))
    runner.play(ROOT, "luna-maris", "table", 21, save, "en", True, True, setting.params,
                read=person, out=out)  # fmt: skip
    steps = [json.loads(line) for line in out.getvalue().splitlines()]
    table = next(step for step in steps if step["step"] == "final_scores")["values"]["table"]
    yours = [cells[1] for _label, cells in table["rows"]]
    typed = [21, 1, 4, -2, 3, 3, 0]  # the script's pad (test_automa_table.LUNA_MARIS)
    assert [cell for cell in yours if cell is not None][:2] == typed[:2]
    assert None not in yours and len(yours) == len(typed) + 2  # + variety and nutrition
    assert table["total"][1] == sum(yours)
    automaton = [cell or 0 for cells in (row[1] for row in table["rows"]) for cell in cells[:1]]
    score = next(step for step in steps if step["step"] == "score")["values"]
    assert table["total"][0] == sum(automaton) == score["total"]
