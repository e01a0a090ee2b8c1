"""Luna Maris's solo automaton: verbs and their priorities, golden games, cards named at the
table, the printed steps read aloud, its levels, its rules over random games. What every bot
must do (replay, resume, undo, forged saves, the terminal) is `test_automa_bots.py`."""

from __future__ import annotations

import functools
import io
import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.engine.state import ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.luna_maris.bot import speech
from starpress.automa.games.luna_maris.data import LunaMarisAutoma
from starpress.automa.games.luna_maris.rules import (
    Automaton,
    Board,
    Demand,
    Food,
    Scientist,
    Settings,
    Verbs,
)
from starpress.automa.sim.simulate import simulate
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.core.text import Span
from tests.conftest import ROOT, without_save
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden"
VERBS = Verbs(Settings())


def play(level: str, save: Path, seed: int = 3, answers: list[str] | None = None) -> str:
    feed = iter(answers) if answers is not None else None
    out = io.StringIO()
    runner.play(
        ROOT,
        "luna-maris",
        "simulated",
        seed,
        save,
        "pt-BR",
        True,
        False,
        {"level": level},
        read=(lambda prompt: next(feed)) if feed else (lambda prompt: ""),
        out=out,
    )
    return without_save(out.getvalue(), save)


# -- verbs, priorities and tie-breakers (luna-maris.rules.solo.automaton.verbs) ---------------


def test_probes_leave_top_first_with_their_rewards_then_it_cannot() -> None:
    bot = Automaton()
    rewards = [VERBS.do(bot, Board(), "probe", 0).values["reward"] for _ in range(3)]
    assert rewards == [{"iron": 1, "vp": 1}, {"water": 1}, {"helium": 1, "trash": 1}]
    assert (bot.placed, bot.iron, bot.water, bot.helium, bot.trash) == (3, 1, 3, 1, 2)
    outcome = VERBS.do(bot, Board(), "probe", 0)
    assert outcome.what == "impossible" and bot.vp == 1 + 1  # probe 1 and the impossible step


def test_mine_needs_a_probe_and_plus_one_adds_titanium() -> None:
    bot = Automaton()
    assert VERBS.do(bot, Board(), "mine", 1).what == "impossible"
    bot.placed = 2
    assert VERBS.do(bot, Board(), "mine", 1).values == {"iron": 2, "titanium": 1}


def test_refine_with_and_without_water() -> None:
    bot = Automaton(iron=2, water=1, trash=0)
    assert VERBS.do(bot, Board(), "refine", 0).values["gained"] == ["helium", "vp"]
    assert VERBS.do(bot, Board(), "refine", 0).values["gained"] == ["water", "vp"]
    assert (bot.iron, bot.water, bot.helium, bot.trash, bot.vp) == (0, 1, 1, 2, 2)
    assert VERBS.do(bot, Board(), "refine", 0).what == "impossible"


def test_recycle_up_to_n_and_generate() -> None:
    bot = Automaton(trash=1)
    assert VERBS.do(bot, Board(), "recycle", 2).values == {"count": 1}
    assert VERBS.do(bot, Board(), "generate", 0).what == "generate" and bot.vp == 2


def test_harvest_takes_highest_value_first_ties_nearest_the_deck() -> None:
    board = Board(food=[Food("a", 2), Food("b", 3), Food("c", 3), Food("d", 1)])
    bot = Automaton()
    assert VERBS.do(bot, board, "harvest", 2).values == {"foods": ["b", "c"]}
    assert [f.card for f in board.food] == ["a", "d"]


def test_hire_takes_the_cheapest_it_can_pay_ties_nearest_the_deck() -> None:
    board = Board(scientists=[Scientist("x", 3), Scientist("y", 2), Scientist("z", 2)])
    bot = Automaton(iron=2)
    assert VERBS.do(bot, board, "hire", 0).values == {"card": "y", "cost": 2}
    assert bot.iron == 0 and VERBS.do(bot, board, "hire", 0).what == "impossible"


def test_ship_falls_back_to_lower_tiers_then_points_then_deck() -> None:
    board = Board(
        demands=[
            Demand("t3", 3, ("titanium", "titanium"), 9),
            Demand("t2a", 2, ("iron",), 4),
            Demand("t2b", 2, ("iron",), 5),
            Demand("t2c", 2, ("water",), 5),
            Demand("t1", 1, ("iron",), 2),
        ]
    )
    bot = Automaton(iron=1, water=1)
    outcome = VERBS.do(bot, board, "ship", 3)  # cannot pay the III: falls back to II
    assert outcome.values == {"card": "t2b", "tier": 2, "vp": 5}  # 5 VP beats 4; t2b is nearer
    assert (bot.iron, bot.vp) == (0, 5)
    assert VERBS.do(bot, board, "ship", 2).values["card"] == "t2c"


def test_build_leftmost_tile_for_two_titanium_highest_free_value() -> None:
    board = Board(module_tiles=["left", "right"])
    bot = Automaton(titanium=5)
    assert VERBS.do(bot, board, "build", 0).values == {"card": "left", "vp": 4}
    assert VERBS.do(bot, board, "build", 0).values == {"card": "right", "vp": 3}
    assert VERBS.do(bot, board, "build", 0).what == "impossible"  # no tile left


def test_end_shift_and_final_score() -> None:
    bot = Automaton(
        vp=10,
        iron=3,
        water=2,
        trash=7,
        food=[Food("food-kale", 2), Food("food-kale", 2), Food("food-bean", 4)],
        scientists=[Scientist("s", 1)],
    )
    VERBS.end_shift(bot, {"vp": 2, "co2": -1, "trash": -1})
    assert (bot.vp, bot.co2, bot.trash) == (12, -1, 6)
    score = VERBS.final_score(bot, human_variety=3, human_nutrition=7)
    assert score == {
        "play": 12,
        "scientists": 2,
        "variety": 5,
        "nutrition": 8,
        "stock": 2,
        "trash": -1,
        "total": 28,
    }


# -- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["basic", "intermediate", "advanced"])
def test_golden_game_per_level(level: str, tmp_path: Path) -> None:
    transcript = play(level, tmp_path / "game.jsonl")
    assert transcript == (GOLDEN / f"luna-maris-{level}-seed3.txt").read_text("utf-8")
    assert (
        unstamped(tmp_path / "game.jsonl")
        == (GOLDEN / f"luna-maris-{level}-seed3.jsonl").read_text()
    )


def table(answers: list[str], save: Path, seed: int = 5, level: str = "basic") -> str:
    """A game at the table in English, with `answers` typed in order."""
    feed = iter(answers)
    out = io.StringIO()
    runner.play(
        ROOT, "luna-maris", "table", seed, save, "en", True, False, {"level": level},
        read=lambda prompt: next(feed), out=out,
    )  # fmt: skip
    return out.getvalue()


def test_at_the_table_cards_are_named_by_their_printed_marks_or_names(tmp_path: Path) -> None:
    refused: list[str] = []

    pantry = ["", "4"]  # refused: two numbers are wanted, and the refusal says which

    def answer(prompt: str) -> str:
        if prompt.startswith("Leftmost") and not refused:
            refused.append(prompt)
            return "adv"  # the start of all 8 tiles' names: asked again
        if prompt.startswith("To compare") and pantry:
            return pantry.pop(0)
        for start, typed in (
            ("Which module", "industrial"),
            ("Face-up food", "F 8, radi, f14"),  # Spinach, Radish, Pea (3 nutrition)
            ("Face-up level 2", "S 6, lia"),  # Raul costs 2 iron, Lia 1
            ("Face-up demand", "D1 D11"),
            ("Leftmost", "M 3/8"),
            ("To compare", "3 6"),
            ("Your final score", "20 0 0 0 0 0 0"),  # the pad, but the food lines
            ("Tied on points", "1"),
        ):
            if prompt.startswith(start):
                return typed
        return ""

    out = io.StringIO()
    runner.play(
        ROOT, "luna-maris", "table", 11, tmp_path / "t.jsonl", "en", True, False,
        {"level": "advanced"}, read=answer, out=out,
    )  # fmt: skip
    said = out.getvalue()
    assert "It harvests «Pea» (F 14/18)" in said
    assert "It hires scientist «Dr. Lia Mercator» (S 5/16), paying 1 iron." in said
    assert "'adv' could be M 1/8 Advanced Communication, M 2/8 Advanced Expedition" in said
    assert "(M 1/8 … M 8/8, «Advanced Communication»)" in refused[0]  # what to type
    assert "The automaton ends its shift: +3 VP." in said
    wanted = "how many different foods (0–9), then how much nutritional value (0–9), e.g. 4 9."
    assert f"'' is not valid: {wanted}" in said and f"'4' is not valid: {wanted}" in said
    assert re.search(r"final score: \d+ VP \(in play \d+, scientists 2, variety", said)
    found = re.search(r"Final scores: .*you \((\d+)\)", said)
    assert found and 20 <= int(found[1]) <= 20 + 2 * 8  # the food placings: worked out
    assert re.search(r"\nWinner: (you|the automaton)\.  \[[^]]+\]\n$", said)  # the last line
    logged = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    typed = {event.get("raw") for event in logged if event.get("key") in ("food", "scientists")}
    assert "F 8/18, F 10/18, F 14/18" in typed  # the log keeps the marks, not the names
    assert "S 6/16, S 5/16" in typed


@pytest.mark.parametrize("lang", ["pt-BR", "es", "it", "en"])
def test_printed_steps_read_aloud_name_each_icon_once(lang: str) -> None:
    game = localize(ROOT, load_games(ROOT, ["luna-maris"])["luna-maris"], lang)
    read = speech(game).step_text
    steps = [read(letter, n) for letter in "ABCDEFGHIJKL" for n in range(1, 5)]
    for step in filter(None, steps):
        assert ":" not in step.split(" — ", 1)[1].replace("; ", " "), step  # no icon markup
        words = step.lower().split()
        assert all(a != b for a, b in pairwise(words)), step  # "ficha ficha de demanda"
    short = {"en": "VP"}.get(lang, "PV")
    assert read("D", 3).endswith(f"2 {short}")  # "gains 2 VP", not "2 victory point"


def test_advanced_scores_measurably_more_than_basic() -> None:
    game = load_games(ROOT, ["luna-maris"])["luna-maris"]
    basic = simulate(game, 300, 1, {"level": "basic"})["scores"]["automaton"]
    advanced = simulate(game, 300, 1, {"level": "advanced"})["scores"]["automaton"]
    assert advanced["mean"] - basic["mean"] > 3 * max(basic["stdev"], advanced["stdev"]) / 300**0.5


# -- the printed cards are the program's -----------------------------------------------------


def test_printed_round_cards_say_what_the_program_does() -> None:
    """The kit's AI cards (cards-solo.yaml) and the program's cards (automa.yaml) agree."""

    game = load_games(ROOT, ["luna-maris"])["luna-maris"]
    verbs = {
        "Sondar": "probe",
        "Minerar": "mine",
        "Refinar": "refine",
        "Reciclar": "recycle",
        "Gerar": "generate",
        "Colher": "harvest",
        "Contratar": "hire",
        "Expedir": "ship",
        "Construir": "build",
    }
    roman = {"I": 1, "II": 2, "III": 3, "IIII": 4}
    assert isinstance(game.automa, LunaMarisAutoma)
    program = game.automa.cards
    for card in game.cards:
        if card.component != "luna-maris.component.ai-card":
            continue
        letter = str(card.fields["letter"])
        printed = []
        for step in card.fields["steps"]:  # type: ignore[union-attr]
            bold = next(t.text for t in step.tokens if isinstance(t, Span) and t.bold)
            verb, _, arg = bold.partition(" ")
            arg = arg.lstrip("+")
            amount = roman.get(arg or "", int(arg) if arg and arg.isdigit() else 0)
            printed.append([verbs[verb], amount])
        assert printed == [list(step) for step in program[letter].steps], letter
    assert sorted(program) == list("ABCDEFGHIJKL")


# -- every game ends, the automaton's invariants hold every turn (Hypothesis) ------------------


@functools.cache
def luna() -> Game:
    """Luna Maris, loaded when a test first needs it (not when the tests are collected)."""
    return load_games(ROOT, ["luna-maris"])["luna-maris"]


@functools.cache
def luna_bot() -> BotDefinition:
    found = bot_of(luna())
    assert found is not None
    return found


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**63),
    st.sampled_from(["basic", "intermediate", "advanced"]),
)
def test_every_simulated_game_ends_and_keeps_the_automaton_consistent(
    seed: int, level: str
) -> None:
    assert luna_bot() is not None
    start = Start("simulated", seed, {"level": level})
    state = ScriptState(
        lambda: luna_bot().new_program(luna_bot().prepare(luna()), start, Voice(luna()))
    )
    turns = 0

    def each_turn(state: State) -> None:
        nonlocal turns
        if not state.is_chance_node():  # the person's turn: check the automaton
            turns += 1
            state.program.check()  # type: ignore[attr-defined]

    returns = Driver(state, None, None, luna_bot().policies(start), on_action=each_turn).run()
    cards = luna().automa.cards if isinstance(luna().automa, LunaMarisAutoma) else {}
    drawn = state.history()[0][2]
    assert len(drawn) == 5 and set(drawn) <= set(luna().automa.levels[level])  # type: ignore[union-attr]
    assert turns == sum(len(cards[letter].steps) + 1 for letter in drawn) + 1  # + the end
    assert set(returns) == {"automaton"} and state.is_terminal()
    assert state.clone().returns() == returns  # the history alone replays the game
