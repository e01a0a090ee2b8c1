"""Afternova's Bot: its rules, its golden game, its table-mode answers, its invariants over
whole modelled tables, the PRNG it draws with. What every bot must do (replay, resume, undo,
forged saves, the terminal) is `test_automa_bots.py`."""

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
from starpress.automa.engine.prng import Pcg32, Streams
from starpress.automa.engine.state import CHANCE, Ask, Chance, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.afternova.bot import BOT
from starpress.automa.games.afternova.game import AfternovaGame
from starpress.automa.games.afternova.rules import COLOURS, Blueprint, Bot, BotRules, Completed
from starpress.core.load import load_games
from starpress.core.model import Game
from tests.conftest import ROOT, run_cli, without_save
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden"
ANSWERS = [
    "b",
    "b",
    "b",
    "a",
    "viola nero arancione",
    "viola",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "b",
    "f",
    # the scores of the people in seats 2 and 3 on the score pad (the engine asks them at the
    # end): seat 2 ties with the Bot and wins the tie (afternova.rules.bot.tie-break)
    "12 3 3",
    "8",  # seat 3 writes one line at a time
    "2",
    "2",
]
RULES = BotRules.default()


def play(answers: list[str], save: Path, mode: str = "simulated", seed: int = 7) -> str:
    feed = iter(answers)
    out = io.StringIO()
    runner.play(
        ROOT,
        "afternova",
        mode,
        seed,
        save,
        "it",
        True,
        False,
        read=lambda prompt: next(feed),
        out=out,
    )
    return without_save(out.getvalue(), save)


def no_draw(unseen: bool) -> Blueprint | None:
    return None


# -- PRNG ---------------------------------------------------------------------------------


def test_pcg32_matches_the_reference_output() -> None:
    generator = Pcg32(42, 54)  # pcg32-demo's seed: the published first outputs
    assert [generator.next_u32() for _ in range(6)] == [
        0xA15C02B7,
        0x7B47F409,
        0xBA1D3330,
        0x83D2F293,
        0xBFA4784B,
        0xCBED606E,
    ]


def test_named_streams_are_independent() -> None:
    alone = Streams(99)
    expected = [alone["bag"].below(40) for _ in range(5)]
    mixed = Streams(99)
    mixed["blueprints"].shuffle(list(range(40)))  # drawing elsewhere first…
    assert [mixed["bag"].below(40) for _ in range(5)] == expected  # …does not shift the bag


# -- the Bot's rules ------------------------------------------------------------------------


def bot_with(*costs: tuple[str, ...], capacity: int = 4) -> Bot:
    bot = Bot(capacity=capacity, objective=("black", "white"))
    bot.row = [Blueprint(f"b{n}", cost, vp=n + 2) for n, cost in enumerate(costs, 1)]
    return bot


def test_leftmost_blueprint_with_a_free_icon_takes_the_fragment() -> None:
    bot = bot_with(("green",), ("orange", "green"), ("orange",))
    steps = RULES.place(bot, "orange", no_draw)
    assert [(s.what, s.values["position"]) for s in steps] == [("to_blueprint", 2)]
    assert steps[0].rule == "afternova.rules.bot.placement"


def test_no_free_icon_sends_the_fragment_to_the_hold() -> None:
    bot = bot_with(("green",), ("green",), ("green",))
    steps = RULES.place(bot, "black", no_draw)
    assert [s.what for s in steps] == ["to_hold"] and bot.hold == ["black"]


def test_a_full_hold_is_emptied_and_a_blueprint_goes_under_the_starship_unseen() -> None:
    bot = bot_with(("green",), ("green",), ("green",), capacity=2)
    bot.hold = ["black"]
    blind = Blueprint("deck-top", ("white", "white"), vp=5)
    steps = RULES.place(bot, "black", lambda unseen: blind if unseen else None)
    assert [s.what for s in steps] == ["to_hold", "hold_full", "blind_blueprint"]
    assert all(s.rule == "afternova.rules.bot.hold-overflow" for s in steps[1:])
    assert bot.hold == [] and bot.discarded == ["black", "black"]
    assert bot.completed[0].card == "deck-top" and bot.completed[0].unseen


def test_completion_then_the_hold_fills_the_new_blueprint() -> None:
    bot = bot_with(("green",), ("white",), ("white",))
    bot.hold = ["orange", "purple", "black"]
    new = Blueprint("new", ("orange", "black", "green"), vp=4)
    steps = RULES.place(bot, "green", lambda unseen: new)
    assert [s.what for s in steps] == [
        "to_blueprint",
        "completed",
        "new_blueprint",
        "hold_to_blueprint",
    ]
    assert [b.card for b in bot.row] == ["b2", "b3", "new"]  # the rest keep their order
    assert new.covered == ["orange", "black"] and bot.hold == ["purple"]


def test_a_new_blueprint_covered_by_the_hold_completes_at_once() -> None:
    bot = bot_with(("green",), ("white",), ("white",))
    bot.hold = ["orange"]
    deck = [Blueprint("second", ("purple",), 2), Blueprint("first", ("orange",), 3)]
    steps = RULES.place(bot, "green", lambda unseen: deck.pop())
    assert [s.what for s in steps].count("completed") == 2
    assert [c.card for c in bot.completed] == ["b1", "first"]


def test_help_payment_must_match_uncovered_icons_and_is_placed_leftmost() -> None:
    bot = bot_with(("white", "orange"), ("orange",), ("purple",))
    assert RULES.acceptable(bot, ["orange", "orange", "orange", "black"]) == [
        ("orange", 1),
        ("orange", 2),
    ]
    with pytest.raises(ValueError, match="cannot take black"):
        RULES.help(bot, ["black"], no_draw)
    with pytest.raises(ValueError, match="cannot take orange"):
        RULES.help(bot, ["orange", "orange", "orange"], no_draw)
    steps = RULES.help(bot, ["orange", "white"], no_draw)
    assert steps[0].what == "helps" and steps[0].values["icons"] == 2
    assert bot.row[0].card == "b2"  # b1 (white, orange) was covered and completed


def test_the_bot_never_completes_more_than_six() -> None:
    bot = bot_with(("green",), ("green",), ("green",))
    bot.completed = [Completed(f"c{n}", (), 1, unseen=False) for n in range(6)]
    steps = RULES.place(bot, "green", no_draw)
    assert [s.what for s in steps] == ["to_blueprint"] and len(bot.completed) == 6
    assert bot.row[0].covered == ["green"]  # stays as a fragment worth 1 VP


def test_score_parts() -> None:
    bot = bot_with(("green", "black"))
    bot.hold = ["white"]
    bot.row[0].covered = ["green"]
    bot.completed = [Completed("done", ("black", "white", "orange"), 5, unseen=False)]
    assert RULES.score(bot) == {"blueprints": 5, "objective": 2, "fragments": 2, "total": 9}


# -- sessions: golden logs, replay, resume, undo --------------------------------------------


def test_fixed_seed_gives_the_golden_log_and_transcript(tmp_path: Path) -> None:
    transcript = play(ANSWERS, tmp_path / "game.jsonl")
    assert transcript == (GOLDEN / "afternova-simulated-seed7.txt").read_text("utf-8")
    assert (
        unstamped(tmp_path / "game.jsonl")
        == (GOLDEN / "afternova-simulated-seed7.jsonl").read_text()
    )


def test_table_mode_validates_every_answer(tmp_path: Path) -> None:
    answers = ["12", "s 3", "B1", "2", "three", "propul", "b", "rosa", "verde", "zz", "f",
               "nero bianco", "x", "10 0 0", "12", "0", "0"]  # fmt: skip
    transcript = play(answers, tmp_path / "t.jsonl", mode="table")
    assert (
        "'12' non è una delle carte possibili: scrivi il segno stampato (S 1/10 … S 10/10"
        in transcript
    )
    assert "'three' non va bene: il segno stampato (B 1/40 … B 40/40" in transcript
    assert "Progetto «Propulsori Ionici» (B 11/40) scoperto in posizione 3" in transcript
    assert (
        "'x' non va bene per «PV stampati sui Progetti completati»: scrivi un numero intero"
        in transcript
    )
    assert "'rosa' non è un colore" in transcript
    assert "'zz' non è un comando" in transcript
    assert "Punteggio del Bot:" in transcript


def test_json_transcript_cites_rule_ids(tmp_path: Path) -> None:
    feed = iter(["b", "f", "9 0 0", "9 0 0"])
    out = io.StringIO()
    runner.play(
        ROOT,
        "afternova",
        "simulated",
        7,
        tmp_path / "j.jsonl",
        "en",
        True,
        True,
        read=lambda prompt: next(feed),
        out=out,
    )
    lines = [json.loads(line) for line in out.getvalue().splitlines() if line.startswith("{")]
    placement = next(line for line in lines if line["step"] == "to_blueprint")
    assert placement["rule"] == ["afternova.rules.bot.placement"]  # rule ids, as a list
    assert placement["text"].startswith("The green Fragment goes on the Blueprint in position 1")


def test_replay_of_a_foreign_log_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"t": "answer", "key": "x", "value": 1}\n')
    result = run_cli("automa", "afternova", "replay", str(bad), cwd=ROOT)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr


# -- whole simulated games ------------------------------------------------------------------


@functools.cache
def content() -> Game:
    """Afternova, loaded when a test first needs it (not when the tests are collected)."""
    return load_games(ROOT, ["afternova"])["afternova"]


@functools.cache
def prepared() -> Any:
    return BOT.prepare(content())


BASELINE = {"seats": "baseline"}


def whole_table(seed: int) -> ScriptState:
    """A whole simulated table (the Bot and the baseline humans) as a State."""
    start = Start("simulated", seed, BASELINE)
    return ScriptState(lambda: BOT.new_program(prepared(), start, Voice(content())))


def game_of(state: State) -> AfternovaGame:
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame)
    return program


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_all_40_fragments_are_always_somewhere_and_no_rule_breaks(seed: int) -> None:
    state = whole_table(seed)
    actions = 0

    def after_each(state: State) -> None:
        nonlocal actions
        actions += 1
        if not state.is_chance_node():  # between turns: a player decides, or the game is over
            game_of(state).check()

    returns = Driver(state, None, None, BOT.policies(state_start(seed)), on_action=after_each).run()
    game = game_of(state)
    assert state.is_terminal() and state.current_player() == "terminal"
    assert game.fragments() == Counter({colour: 8 for colour in COLOURS})
    assert len(game.bot.completed) <= 6 and 1 <= game.rounds <= 60
    assert set(returns) == {"bot", "seat-2", "seat-3"} and actions == len(state.history())
    game.check()


def state_start(seed: int) -> Start:
    return Start("simulated", seed, BASELINE)


def test_the_state_names_its_players_and_their_legal_actions() -> None:
    state = whole_table(5)
    seen: set[str] = set()
    while not state.is_terminal():
        decision = state.decision()
        assert decision is not None
        seen.add(state.current_player())
        if state.is_chance_node():
            assert isinstance(decision, Chance) and decision.player == CHANCE
            state.apply_action(decision.draw())
        else:
            assert isinstance(decision, Ask)
            legal = state.legal_actions()
            assert legal is not None and legal[0] == "market"
            assert all(action == "market" or action.startswith("planet-") for action in legal)
            state.apply_action(legal[-1])  # not the baseline's choice: any legal action works
    assert seen == {CHANCE, "seat-2", "seat-3"}
    clone = state.clone()  # replays the history into a fresh game
    assert clone.history() == state.history() and clone.returns() == state.returns()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(COLOURS), min_size=1, max_size=60))
def test_any_sequence_of_draws_keeps_the_bot_consistent(draws: list[str]) -> None:
    deck = [Blueprint(f"d{n}", tuple(COLOURS[(n + k) % 5] for k in range(3)), 3) for n in range(40)]
    bot = bot_with(("green", "white"), ("orange",), ("purple", "black", "black"))
    for received, colour in enumerate(draws, 1):
        RULES.place(bot, colour, lambda unseen: deck.pop() if deck else None)
        assert len(bot.hold) < bot.capacity
        assert len(bot.fragments()) + len(bot.discarded) == received
        for blueprint in bot.row:
            assert not Counter(blueprint.covered) - Counter(blueprint.cost)


def test_simulate_command_json(tmp_path: Path) -> None:
    result = run_cli(
        "automa", "afternova", "simulate", "--games", "30", "--seed", "9", "--json", "--check",
        cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    [summary] = json.loads(result.stdout)
    assert summary["games"] == 30
    assert summary["params"] == {**BASELINE, "variant": "bot", "level": "standard"}
    assert "round_limit" not in summary["said_per_game"]  # every game ended by the rules
    assert summary["said_per_game"]["to_blueprint"] > 0
    assert set(summary["scores"]) == {"bot", "seat-2", "seat-3"}


def test_unknown_parameter_values_are_one_line_errors() -> None:
    for args, message in (
        (
            ["play", "--seats", "crowd"],
            "error: --seats must be one of table, baseline, greedy, competent (got 'crowd')",
        ),
        (["play", "--seats", "baseline"], "error: --seats baseline needs --mode simulated"),
        (
            ["simulate", "--seats", "x"],
            "error: --seats must be one of table, baseline, greedy, competent, all",
        ),
        (["play", "--mode", "god"], "error: --mode must be table or simulated (got 'god')"),
    ):
        result = run_cli("automa", "afternova", *args, cwd=ROOT)
        assert result.returncode == 2
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


def test_the_documented_api_example_runs() -> None:
    import doctest

    import starpress.automa.games.afternova.rules

    assert doctest.testmod(starpress.automa.games.afternova.rules).failed == 0
