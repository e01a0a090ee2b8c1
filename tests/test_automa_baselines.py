"""The modelled opponents of simulated games: Afternova's baseline and greedy seats, Luna
Maris's simple and greedy human, and the statistics `simulate` reports over them."""

from __future__ import annotations

import functools
import itertools
import json
import subprocess
import sys
from pathlib import Path

from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import bot_of
from starpress.automa.engine.state import Ask, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.afternova.competent import competent_market, hold_value
from starpress.automa.games.afternova.game import AfternovaGame
from starpress.automa.games.afternova.greedy import worth
from starpress.automa.games.afternova.humans import Human, load_hold
from starpress.automa.games.afternova.rules import Blueprint
from starpress.automa.games.luna_maris.board import OPPONENT
from starpress.automa.games.luna_maris.game import LunaMarisGame
from starpress.automa.games.luna_maris.model import MODULES
from starpress.automa.sim.simulate import simulate
from starpress.core.load import load_games
from starpress.core.model import Game
from tests.conftest import ROOT, run_cli
from tests.patience import LAST_RESORT


@functools.cache
def contents() -> dict[str, Game]:
    """Afternova and Luna Maris, loaded when a test first needs them."""
    return load_games(ROOT, ["afternova", "luna-maris"])


AFTERNOVA, LUNA_MARIS = contents()["afternova"], contents()["luna-maris"]


def whole_game(game_id: str, seed: int, params: dict[str, str]) -> tuple[State, list[Ask]]:
    """One simulated game through the driver; the state and every modelled answer's Ask."""
    game = contents()[game_id]
    bot = bot_of(game)
    assert bot is not None
    start = Start("simulated", seed, params)
    state = ScriptState(functools.partial(bot.new_program, bot.prepare(game), start, Voice(game)))
    asked: list[Ask] = []
    answered: list[object] = []

    def logged(policy, state: State, ask: Ask):  # type: ignore[no-untyped-def]
        action = policy(state, ask)
        asked.append(ask)
        answered.append(action)
        return action

    policies = {p: functools.partial(logged, f) for p, f in bot.policies(start).items()}
    Driver(state, None, None, policies).run()
    for ask, action in zip(asked, answered, strict=True):
        assert ask.legal is None or action in ask.legal, (ask.key, action)
    return state, asked


# -- Afternova: the greedy seat looks one turn ahead ---------------------------------------


def test_the_greedy_estimate_counts_completed_blueprints_then_progress() -> None:
    human = Human("seat-2", 4, ("purple",), hand=[Blueprint("b", ("purple", "green"), 3)])
    # a wanted green first, then what fits: the Hold holds 4, the last black is left
    hold = ["purple"]
    assert load_hold(human.hand, hold, 4, ["black", "black", "green", "black"]) == ["black"]
    assert hold == ["purple", "green", "black", "black"]
    # purple + green pay for the Blueprint: 3 VP + 1 for its objective icon, nothing left
    assert worth(human, ["purple", "green"], 6) == (4, 0, 0)
    assert worth(human, ["purple", "black"], 6) == (0, 1, 2)
    assert worth(human, ["purple", "green"], 0) == (0, 2, 2)  # the game is already over


def test_a_full_hold_swaps_a_useless_fragment_for_a_wanted_one() -> None:
    human = Human("seat-2", 2, (), hand=[Blueprint("b", ("white",), 2)])
    hold = ["black", "orange"]
    assert load_hold(human.hand, hold, 2, ["white"]) == ["black"]
    assert sorted(hold) == ["orange", "white"]


def test_greedy_seats_score_more_than_baseline_seats_against_the_same_bot() -> None:
    baseline = simulate(AFTERNOVA, 200, 11, {"seats": "baseline"})
    greedy = simulate(AFTERNOVA, 200, 11, {"seats": "greedy"})
    for seat in ("seat-2", "seat-3"):
        assert greedy["scores"][seat]["mean"] > baseline["scores"][seat]["mean"] + 1
    assert greedy["margin"]["mean"] < baseline["margin"]["mean"]
    assert greedy["win_rate"]["win"] <= baseline["win_rate"]["win"]


def test_greedy_seats_answer_with_legal_actions_and_replay() -> None:
    state, asked = whole_game("afternova", 4, {"seats": "greedy"})
    assert {ask.player for ask in asked} == {"seat-2", "seat-3"} and len(asked) > 10
    clone = state.clone()
    assert clone.history() == state.history() and clone.returns() == state.returns()
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame) and program.seats == "greedy"


def test_the_competent_value_counts_points_first_then_wanted_fragments() -> None:
    human = Human("seat-2", 4, ("purple",), hand=[Blueprint("b", ("purple", "green"), 3)])
    # 3 VP + 1 objective icon, at 4 each; the black left over is kept (0.25)
    assert hold_value(human, ["purple", "green", "black"], 6) == 16.25
    # nothing completes: one wanted purple (1.5) and two kept Fragments (0.5)
    assert hold_value(human, ["purple", "black"], 6) == 2.0


def test_the_competent_market_picks_what_fits_its_hold_and_the_planets() -> None:
    state, asked = whole_game("afternova", 8, {"seats": "competent", "variant": "solo"})
    markets = [ask for ask in asked if ask.key == "market"]
    assert markets and all(ask.legal for ask in markets)
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame)
    human = program.humans[0]
    assert len(human.paws) + len(human.hand) <= program.baseline().hand_limit
    # the pick is a legal action even when the hand has room for fewer than 3 cards
    human.paws = [("piloting",)] * 7
    room = program.baseline().hand_limit - len(human.paws) - len(human.hand)
    cards = [f"p{i}" for i in range(1, 5)] + [f"b{i}" for i in range(1, 5)]
    legal = tuple(" ".join(p) for p in itertools.combinations(cards, max(0, min(3, room))))
    assert competent_market(program, human.seat, legal) in legal


def test_competent_seats_beat_greedy_ones_and_make_the_bot_fallible() -> None:
    greedy = simulate(AFTERNOVA, 200, 11, {"seats": "greedy", "variant": "solo"})
    competent = simulate(AFTERNOVA, 200, 11, {"seats": "competent", "variant": "solo"})
    assert competent["scores"]["seat-2"]["mean"] > greedy["scores"]["seat-2"]["mean"] + 4
    # the standard level is calibrated on this player: it wins a real share of games
    assert 0.3 <= competent["win_rate"]["loss"] <= 0.7


def test_competent_seats_answer_with_legal_actions_and_replay() -> None:
    state, asked = whole_game("afternova", 5, {"seats": "competent"})
    assert {ask.key for ask in asked} == {"turn", "market"}
    clone = state.clone()
    assert clone.history() == state.history() and clone.returns() == state.returns()


# -- Luna Maris: the greedy human ----------------------------------------------------------


def test_the_greedy_human_stands_where_the_automaton_goes_and_takes_the_best_tile() -> None:
    state, asked = whole_game("luna-maris", 3, {"level": "basic", "opponent": "greedy"})
    turns = [ask for ask in asked if ask.player == OPPONENT]
    assert len(turns) > 5 and all(ask.key == "human_turn" for ask in turns)
    answers = [value for kind, key, value in state.history() if key == "human_turn"]
    for ask, answer in zip(turns, answers, strict=True):
        assert ask.legal is not None and answer in ask.legal
        module, _, card = answer.partition("/")
        assert module == (ask.values["next"] or MODULES[0])
        assert card  # a face-up card is always there to take in these games
    program = getattr(state, "program", None)
    assert isinstance(program, LunaMarisGame) and program.bot.human_vp == sum(
        1 for ask in turns if ask.values["next"]
    )
    clone = state.clone()
    assert clone.history() == state.history() and clone.returns() == state.returns()


def test_the_simple_human_is_still_a_chance_node() -> None:
    state, asked = whole_game("luna-maris", 3, {"level": "basic", "opponent": "simple"})
    assert {ask.player for ask in asked} == {"human"}
    assert any(kind == "chance" and key == "human" for kind, key, _ in state.history())


# -- the statistics ------------------------------------------------------------------------


def test_statistics_are_the_same_for_the_same_seed_and_add_up() -> None:
    first = simulate(AFTERNOVA, 60, 5, {"seats": "greedy"})
    assert first == simulate(AFTERNOVA, 60, 5, {"seats": "greedy"})
    assert first != simulate(AFTERNOVA, 60, 6, {"seats": "greedy"})
    rates = first["win_rate"]
    assert abs(rates["win"] + rates["tie"] + rates["loss"] - 1) < 0.01
    for table in ("margin_counts", "length_counts"):
        assert sum(first[table].values()) == 60
    assert sum(first["score_counts"]["bot"].values()) == 60
    assert first["rules_per_game"]["afternova.rules.bot.scoring"] == 1.0
    assert first["rules_share_of_games"]["afternova.rules.bot.setup"] == 1.0
    lowest = min(int(k) for k in first["margin_counts"])
    assert first["margin"]["min"] == lowest


def test_a_model_without_a_human_score_has_no_margin_or_win_rate() -> None:
    summary = simulate(LUNA_MARIS, 20, 1, {"level": "basic", "opponent": "greedy"})
    assert summary["margin"] is None and summary["win_rate"] is None
    assert set(summary["scores"]) == {"automaton"}
    assert summary["length"]["min"] == summary["length"]["max"]  # always 5 rounds


def test_simulate_json_has_the_statistics() -> None:
    result = run_cli(
        "automa", "afternova", "simulate", "--games", "20", "--seats", "all", "--json", cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    summaries = json.loads(result.stdout)  # `all`: the seats a simulation can play
    assert [s["params"]["seats"] for s in summaries] == ["baseline", "greedy", "competent"]
    assert all(s["params"]["variant"] == "bot" for s in summaries)
    for summary in summaries:
        assert {"margin", "win_rate", "length", "rules_per_game", "score_counts"} <= set(summary)
        assert summary["win_rate"]["win"] > 0.5


def test_greedy_opponents_need_a_simulated_game() -> None:
    for game, option in (("afternova", "--seats"), ("luna-maris", "--opponent")):
        result = run_cli("automa", game, "play", option, "greedy", cwd=ROOT)
        assert result.returncode == 2
        assert result.stderr == f"error: {option} greedy needs --mode simulated" + (
            " (the program plays the whole table)\n"
            if game == "afternova"
            else " (the program plays the human)\n"
        )


def test_a_greedy_luna_maris_game_replays_from_its_log(tmp_path: Path) -> None:
    """The greedy human's answers are logged without typed text (checked against its legal
    turns on replay), and the replay says every ruled step the game said."""
    save = tmp_path / "game.jsonl"
    args = ("automa", "luna-maris", "play", "--mode", "simulated", "--opponent", "greedy")
    played = subprocess.run(
        [sys.executable, "-m", "starpress", *args, "--auto", "--seed", "3", "--save", str(save)],
        cwd=ROOT,
        input="\n" * 200,  # the person presses Enter at each of the automaton's turns
        capture_output=True,
        text=True,
        timeout=LAST_RESORT,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert "[Pontuação do autômato]" in played.stdout  # played to the end
    replayed = run_cli("automa", "luna-maris", "replay", str(save), cwd=ROOT)
    assert replayed.returncode == 0, replayed.stderr
    said = [line.removeprefix("> ") for line in played.stdout.splitlines() if line.endswith("]")]
    assert said == [line for line in replayed.stdout.splitlines() if line.endswith("]")]
    lines = save.read_text("utf-8").splitlines()
    turns = [n for n, line in enumerate(lines) if '"human_turn"' in line]
    assert turns and all('"raw"' not in lines[n] for n in turns)
