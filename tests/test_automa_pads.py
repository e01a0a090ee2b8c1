"""Score pads bounded by the rules (issue 29): each line a person writes at the end takes at
most what the game's rules and pieces allow, worked out here again from the content; a
number over it is refused naming the line. Lines whose bound the content cannot give (Luna
Maris's track, CO2, resources and trash) keep a stated generous bound."""

from __future__ import annotations

import re

import pytest

from starpress.automa.engine.answers import Line, Refused
from starpress.automa.engine.pad import pad_spec
from starpress.core.load import load_games
from starpress.core.model import Game
from tests.conftest import ROOT

MOST_BLUEPRINTS = 6  # afternova.rules.end.trigger: nobody completes a seventh
PLAYERS = 4  # Ascending Empires: the pieces are shared among at most 4 empires


def game(game_id: str) -> Game:
    return load_games(ROOT, [game_id])[game_id]


def highs(found: Game) -> dict[str, int]:
    return {key: high for key, _low, high in pad_spec(found.automa)}


def count(found: Game, component: str) -> int:
    return next(c.count for c in found.components if c.id == component)


def test_afternova_s_pad_takes_at_most_six_blueprints_worth() -> None:
    found = game("afternova")
    blueprints = [c for c in found.cards if c.component == "afternova.component.blueprint"]
    vp = sorted((int(str(c.fields["vp"])) for c in blueprints), reverse=True)
    icons = sorted((len(re.findall(r":fragment-\w+:", str(c.fields["cost"]))) for c in blueprints),
                   reverse=True)  # fmt: skip
    hold_upgrades = sum(
        "Stiva :hold: contiene 1" in str(c.fields.get("upgrade")) for c in blueprints
    )
    holds = [int(str(c.fields["hold"])) for c in found.cards
             if c.component == "afternova.component.starship"]  # fmt: skip
    assert highs(found) == {
        "blueprints": sum(vp[:MOST_BLUEPRINTS]),
        "fragments": max(holds) + min(hold_upgrades, MOST_BLUEPRINTS),
        "objective": sum(icons[:MOST_BLUEPRINTS]),
    }


def test_luna_maris_s_steps_take_at_most_what_the_final_scoring_gives() -> None:
    found = game("luna-maris")
    bounds = highs(found)
    scientists = count(found, "luna-maris.component.scientist-l2")
    assert bounds["scientists"] == 2 * scientists  # step 2: +2 each
    assert (bounds["stress"], bounds["variety"], bounds["nutrition"], bounds["demands"]) == (
        5, 8, 8, 8,
    )  # fmt: skip  # steps 1, 3, 4 and 6: their best


def test_ascending_empires_s_pad_takes_at_most_its_pieces() -> None:
    found = game("ascending-empires")
    bounds = highs(found)
    occupied = count(found, "ascending-empires.component.planet") + count(
        found, "ascending-empires.component.asteroid"
    )
    assert bounds["planets"] == occupied
    assert bounds["colonies"] == count(found, "ascending-empires.component.colony") // PLAYERS
    assert bounds["cities"] == 2 * count(found, "ascending-empires.component.city") // PLAYERS
    assert bounds["quadrants"] == 6  # cities in the 4 quadrants
    assert bounds["tokens"] == 40 * 1 + 10 * 5  # every token of the game (our printable split)


@pytest.mark.parametrize("game_id", ["afternova", "luna-maris", "ascending-empires"])
def test_a_number_over_a_line_s_bound_is_refused_naming_the_line(game_id: str) -> None:
    for key, low, high in pad_spec(game(game_id).automa):
        line = Line(key, f"«{key}»", low, high)
        assert line.parse(str(high)) == high
        with pytest.raises(Refused) as refused:
            line.parse(str(high + 1))
        assert refused.value.values["line"] == f"«{key}»"
