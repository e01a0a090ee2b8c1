"""Aristeia!'s solo automaton: the kit's dice read, its decisions, printed = program cards,
golden games, replay, resume and undo, invariants over random games, hostile answers, saves
and content, and a whole game at the table through the real command line."""

from __future__ import annotations

import functools
import io
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.answers import Number, Refused
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import bot_of
from starpress.automa.engine.state import Ask, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.aristeia.data import ROLES, AristeiaAutoma
from starpress.automa.games.aristeia.game import AristeiaGame
from starpress.automa.games.aristeia.prepared import Prepared
from starpress.automa.games.aristeia.rules import (
    BOT,
    YOU,
    Fighter,
    after,
    applies,
    choose_target,
    damage,
    first_to_act,
    needed,
    next_underdog,
    read_face,
    zone_points,
)
from starpress.automa.sim.simulate import simulate
from starpress.core.errors import InputError
from starpress.core.load import ContentError, load_games
from starpress.core.text import Span
from tests.conftest import ROOT
from tests.hostile import assert_refused, first, forged, run_measured
from tests.patience import LAST_RESORT

GOLDEN = ROOT / "tests" / "golden"
GAME = load_games(ROOT, ["aristeia"])["aristeia"]
BOT_DEF = bot_of(GAME)
PREPARED = Prepared.from_game(GAME)
LEVELS = ("easy", "standard", "hard")


# -- the kit's dice and the model's rolls ----------------------------------------------------


def test_the_dice_are_read_from_the_kit() -> None:
    """Faces as printed (aristeia.component.die-*): hits, blocks (a crit-block counts as one
    when unused) and crits."""
    assert read_face(":hit: :hit: :special: (2× Éxito + Especial)") == (2, 0, 0)
    assert read_face(":crit-block: (Bloqueo Crítico)") == (0, 1, 0)
    assert PREPARED.dice["red"][0] == (0, 0, 1)  # face 1: a crit
    assert set(PREPARED.dice) == {"red", "green", "orange", "blue", "yellow", "black"}
    assert all(len(faces) == 6 for faces in PREPARED.dice.values())


def test_blocks_cancel_hits_but_not_crits() -> None:
    assert damage((3, 0, 0), (0, 1, 0)) == 2
    assert damage((1, 0, 2), (0, 5, 0)) == 2  # crits go through
    assert damage((1, 0, 0), (0, 0, 0), extra_hits=2, extra_blocks=1) == 2
    assert damage((0, 0, 0), (0, 3, 0)) == 0


# -- the automaton's decisions (aristeia.rules.solo.*) ---------------------------------------


def decide(steps: list[str], facts: dict[str, bool]) -> tuple[list[str], list[str]]:
    """Run a role card over fixed facts: the steps done and the facts asked, in order."""
    known: dict[str, bool] = {}
    done, asked = [], []
    for step in steps:
        while (need := needed(step, known)) is not None:
            asked.append(need)
            known[need] = facts[need]
        if applies(step, known):
            done.append(step)
            known = after(step, known)
    return done, asked


def test_the_holder_enters_the_zone_then_attacks_and_asks_only_what_it_needs() -> None:
    facts = {"in_zone": False, "reach_zone": True, "target": True, "trigger": False}
    done, asked = decide(["zone", "attack", "special", "advance"], facts)
    assert done == ["zone", "attack"]
    assert asked == ["in_zone", "reach_zone", "target", "trigger"]  # inside now: no more
    inside = {"in_zone": True, "target": False, "trigger": True}
    assert decide(["zone", "attack", "special", "advance"], inside) == (
        ["special"], ["in_zone", "target", "trigger"],
    )  # fmt: skip


def test_the_hunter_closes_in_only_when_nobody_is_in_range() -> None:
    far = {"target": False, "reach_target": True, "trigger": False}
    done, asked = decide(["attack", "hunt", "attack", "special"], far)
    assert done == ["hunt", "attack"]  # the move puts a target in sight
    near = {"target": True, "reach_target": True, "trigger": False}
    done, asked = decide(["attack", "hunt", "attack", "special"], near)
    assert done == ["attack", "attack"] and "reach_target" not in asked


def fighter(role: str, side: str = YOU, dist: int = 0, damage: int = 0) -> Fighter:
    return Fighter(side, role, PREPARED.stats[role], dist, damage)


def test_the_focus_picks_the_target_and_ties_go_to_the_nearest() -> None:
    me = fighter("hunter", BOT, dist=2)
    near = fighter("support", dist=1)
    hurt = fighter("holder", dist=3, damage=8)  # 1 wound left
    inside = fighter("controller", dist=0)
    enemies = [near, hurt, inside]
    assert choose_target("nearest", me, enemies) is inside  # 2 hexes, the others 3 and 5
    assert choose_target("weakest", me, enemies) is hurt
    assert choose_target("zone", me, [near, hurt]) is near
    assert choose_target("threat", me, enemies) in (hurt, inside)  # 2 attack dice each
    assert choose_target("threat", me, enemies) is inside  # then the nearest
    assert choose_target("nearest", me, []) is None


def test_initiative_underdog_and_the_model_scenario() -> None:
    assert first_to_act(7, 5, BOT) == YOU and first_to_act(4, 6, YOU) == BOT
    assert first_to_act(5, 5, BOT) == BOT  # the Underdog breaks the tie
    assert next_underdog({YOU: 3, BOT: 5}, BOT) == YOU
    assert next_underdog({YOU: 4, BOT: 4}, YOU) == BOT  # a tie changes hands
    assert zone_points({YOU: 2, BOT: 1}) == {YOU: 2, BOT: 0}
    assert zone_points({YOU: 1, BOT: 1}) == {YOU: 1, BOT: 1}
    assert zone_points({YOU: 0, BOT: 0}) == {YOU: 0, BOT: 0}


# -- the printed cards are the program's -----------------------------------------------------

STEP_WORDS = {"Zona": "zone", "Atacar": "attack", "Cazar": "hunt", "Especial": "special",
              "Avanzar": "advance"}  # fmt: skip
ROLE_WORDS = {"Guardián de zona": "holder", "Cazador": "hunter", "Apoyo": "support",
              "Controlador": "controller"}  # fmt: skip
FOCUS_WORDS = {
    "dentro de la Zona": "zone",
    "más cercano": "nearest",
    "menos Heridas": "weakest",
    "más dados": "threat",
}  # fmt: skip  (the zone's card names the nearest as fallback)
BONUS_WORDS = {":hit:": "hit", "Mover": "move", "ninguna": "none"}


def bold(item: object) -> list[str]:
    return [t.text for t in item.tokens if isinstance(t, Span) and t.bold]  # type: ignore[attr-defined]


def printed(component: str) -> dict[int, list[object]]:
    cards = [c for c in GAME.cards if c.component == f"aristeia.component.automaton-{component}"]
    kit = next(c for c in GAME.components if c.id == f"aristeia.component.automaton-{component}")
    assert kit.count == len(cards)
    return {int(c.fields["number"]): list(c.fields["lines"]) for c in cards}  # type: ignore[arg-type, call-overload]


def test_printed_cards_say_what_the_program_does() -> None:
    automa = GAME.automa
    assert isinstance(automa, AristeiaAutoma)
    roles = printed("role-card")
    assert sorted(roles) == [1, 2, 3, 4]
    for number, lines in roles.items():
        steps = [STEP_WORDS[bold(line)[0]] for line in lines]
        assert steps == automa.roles[ROLES[number - 1]], number  # the number the program asks
    initiative = printed("initiative-card")
    assert {
        n: [ROLE_WORDS[bold(line)[0]] for line in lines] for n, lines in initiative.items()
    } == {n: list(order) for n, order in automa.initiative.items()}
    tactics = printed("tactic-card")
    assert sorted(tactics) == sorted(automa.tactics)
    for number, (focus, bonus) in tactics.items():
        tactic = automa.tactics[number]
        assert next(v for k, v in FOCUS_WORDS.items() if k in str(focus)) == tactic.focus, number
        assert [v for k, v in BONUS_WORDS.items() if k in str(bonus)] == [tactic.bonus], number


# -- whole games -----------------------------------------------------------------------------


def play_simulated(level: str, save: Path, seed: int = 3, lang: str = "es") -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "aristeia", "simulated", seed, save, lang, True, False, {"level": level},
        read=lambda prompt: "", out=out,
    )  # fmt: skip
    return out.getvalue()


@pytest.mark.parametrize("level", LEVELS)
def test_golden_game_per_level(level: str, tmp_path: Path) -> None:
    transcript = play_simulated(level, tmp_path / "game.jsonl")
    assert transcript == (GOLDEN / f"aristeia-{level}-seed3.txt").read_text("utf-8")
    log = (tmp_path / "game.jsonl").read_text()
    assert log == (GOLDEN / f"aristeia-{level}-seed3.jsonl").read_text()


def test_replay_prints_the_same_transcript_byte_for_byte(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    transcript = play_simulated("standard", save)
    out = io.StringIO()
    runner.replay(ROOT, save, False, out)
    assert out.getvalue() == transcript


TABLE_ANSWERS = {  # prompt starts, in Spanish and English
    ("Iniciativa impresa", "Printed Initiative"): lambda n: "3 6 4 5",
    ("Suma de la Iniciativa", "Your four characters'"): lambda n: "16",
    ("Puntos de Victoria de esta Ronda", "This round's Victory Points"): lambda n: "1 2",
    ("Iniciativa de este Turno", "This turn's Initiative"): lambda n: str(n % 9),
}


class TablePerson:
    """A person at the table who answers every question validly (flipping its decks in
    order, a yes or no that changes with the question) and records what they typed."""

    def __init__(self) -> None:
        self.typed: list[str] = []
        self.asked: list[str] = []
        self.flips = {"initiative": 0, "tactics": 0}
        self.knocked = 0

    def __call__(self, prompt: str) -> str:
        answer = self.answer(prompt)
        self.typed.append(answer)
        self.asked.append(prompt)
        return answer

    def answer(self, prompt: str) -> str:
        count = len(self.asked)
        if prompt.startswith(("¿Ha ido a la Enfermería", "Has any of its characters")):
            self.knocked += 1
            return "2" if self.knocked == 2 else ""  # its hunter, once
        for starts, answer in TABLE_ANSWERS.items():
            if prompt.startswith(starts):
                return answer(count)
        if match := re.search(r"(Iniciativa|Initiative deck|Tácticas|tactics deck)", prompt):
            deck = "initiative" if "nici" in match.group(1) else "tactics"
            size = 6 if deck == "initiative" else 10
            self.flips[deck] = self.flips[deck] % size + 1
            return str(self.flips[deck])
        if "1 " in prompt and " 0 " in prompt:  # a yes or no question
            return str(count % 2)
        return ""


def table(read: Callable[[str], str], save: Path, lang: str = "es") -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "aristeia", "table", 5, save, lang, True, False, {"level": "standard"},
        read=read, out=out,
    )  # fmt: skip
    return out.getvalue()


def test_a_table_game_asks_only_what_it_cannot_see_and_names_the_winner(tmp_path: Path) -> None:
    person = TablePerson()
    said = table(person, tmp_path / "t.jsonl")
    assert "Underdog: tú (Iniciativas: tú 16, el autómata 18)." in said
    assert (
        "Carta de Iniciativa del autómata 1: su Escaleta, de izquierda a derecha, es Cazador"
        in said
    )
    assert "Su Cazador va a la Enfermería: ganas un Frag." in said
    assert "El Cazador vuelve del Banquillo: colócalo en la casilla libre" in said
    assert "Puntos de Victoria finales: el autómata (8), tú (4)." in said  # 8 ends it
    assert "Gana: el autómata." in said
    assert "aristeia.rules.solo.roles" in said  # each step says its rule
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    asked = {e["key"] for e in events if e["t"] == "answer"}
    assert asked <= {"roles", "your_sum", "initiative_card", "initiative", "tactics_card",
                     "knocked", "in_zone", "reach_zone", "target", "reach_target", "trigger",
                     "knocked_yours", "points"}  # fmt: skip
    assert {"in_zone", "target", "trigger", "knocked_yours"} <= asked


def test_resume_continues_exactly_like_an_uninterrupted_game(tmp_path: Path) -> None:
    person = TablePerson()
    whole = tmp_path / "whole.jsonl"
    table(person, whole)
    answers = person.typed
    part = tmp_path / "part.jsonl"
    feed = iter([*answers[:23], "q"])
    table(lambda prompt: next(feed), part)
    rest = iter(answers[23:])
    out = io.StringIO()
    runner.resume(ROOT, part, True, False, read=lambda prompt: next(rest), out=out)
    assert part.read_text() == whole.read_text()


def test_undo_takes_back_the_last_answer(tmp_path: Path) -> None:
    person = TablePerson()
    plain = tmp_path / "plain.jsonl"
    table(person, plain)
    answers = person.typed
    undone = tmp_path / "undone.jsonl"
    index = next(i for i, asked in enumerate(person.asked) if "mazo de Tácticas" in asked)
    feed = iter([*answers[:index], "9", "u", *answers[index:]])
    said = table(lambda prompt: next(feed), undone)
    assert "Última respuesta deshecha." in said
    assert undone.read_text() == plain.read_text()


def test_bad_answers_are_refused_and_asked_again(tmp_path: Path) -> None:
    person = TablePerson()
    wrong = {
        "Iniciativa impresa": ["3 6 4", "3 6 4 50"],
        "Voltea la carta de arriba de su mazo de Tácticas": ["11", "uno"],
        "¿Ha ido a la Enfermería": ["5", "1 1"],
        "¿Está su": ["sí"],
        "Puntos de Victoria de esta Ronda": ["3"],
    }

    def read(prompt: str) -> str:
        for start, answers in wrong.items():
            if prompt.startswith(start) and answers:
                return answers.pop(0)
        return person(prompt)

    said = table(read, tmp_path / "bad.jsonl")
    assert "'3 6 4' no sirve: 4 números de 0 a 12." in said
    assert "'11' no sirve: 1 número de 1 a 10." in said
    assert "'1 1' no sirve: números de 1 a 4 sin repetir" in said
    assert "'sí' no sirve: 1 o 0." in said
    assert "Gana:" in said
    assert not any(answers for answers in wrong.values())


def test_table_answers_are_checked_against_what_the_program_knows() -> None:
    game = AristeiaGame(PREPARED, "table", "standard", 1, Voice(GAME))
    game.decks["tactics"].remove(4)  # card 4 is face up already
    card = game.ask("tactics_card", "ask_tactics_card", {}, Number(1, 10),
                    functools.partial(game.check_card, "tactics"))  # fmt: skip
    assert (
        refused(game, card, "4")
        == "'4' no sirve: la carta 4 ya está boca arriba; baraja cuando se acabe el mazo."
    )
    assert card.take("5") == (5, "5")
    game.team[BOT]["hunter"].where = "infirmary"
    knocked = game.ask("knocked", "ask_knocked", {}, game.roles(), game.check_knocked)
    assert "sin repetir" in refused(game, knocked, "2")  # already in the Infirmary
    assert knocked.take("1 4") == (["holder", "controller"], "1 4")
    assert knocked.take("") == ([], "")
    initiative = game.ask("initiative", "ask_initiative", {}, game.numbers(1, 2, 0, 12))
    assert initiative.take("5")[0] == [5] and initiative.take("5 3")[0] == [5, 3]
    assert "'5 3 1' no sirve" in refused(game, initiative, "5 3 1")


def refused(game: AristeiaGame, ask: Ask, raw: str) -> str:
    """The message a question refuses `raw` with, in the game's language."""
    with pytest.raises(Refused) as error:
        ask.take(raw)
    return game.voice(error.value.key, **error.value.values)


def test_the_levels_order_and_the_standard_level_gives_a_real_chance() -> None:
    """Measured: the competent player wins more often the easier the level; at the standard
    level it wins between 35 and 65 % of 400 games (README: about half)."""
    rates = {
        level: simulate(GAME, 400, 1, {"level": level, "opponent": "competent"})["win_rate"]
        for level in LEVELS
    }
    losses = [rates[level]["loss"] for level in LEVELS]  # the automaton's losses: your wins
    assert losses[0] > losses[1] > losses[2]
    assert 0.35 <= losses[1] <= 0.65
    greedy = simulate(GAME, 400, 1, {"level": "standard", "opponent": "greedy"})["win_rate"]
    assert greedy["loss"] < losses[1] - 0.2  # the competent player is the better one


def test_simulate_json_is_deterministic_through_the_cli() -> None:
    def run() -> bytes:
        return subprocess.run(
            [sys.executable, "-m", "starpress", "automa", "aristeia", "simulate", "--games",
             "1000", "--seed", "1", "--json"],
            cwd=ROOT, capture_output=True, check=True, timeout=LAST_RESORT,
        ).stdout  # fmt: skip

    first = run()
    assert first == run()
    summary = json.loads(first)
    assert [s["params"]["level"] for s in summary] == ["standard", "easy", "hard"]
    assert all(s["games"] == 1000 and s["win_rate"] is not None for s in summary)


# -- every game ends; the model's invariants hold every activation (Hypothesis) ---------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**63),
    st.sampled_from(LEVELS),
    st.sampled_from(("competent", "greedy")),
)
def test_every_simulated_game_ends_and_keeps_the_rules(
    seed: int, level: str, opponent: str
) -> None:
    assert BOT_DEF is not None
    start = Start("simulated", seed, {"level": level, "opponent": opponent})
    state = ScriptState(lambda: BOT_DEF.new_program(PREPARED, start, Voice(GAME)))

    def each_step(state: State) -> None:
        if not state.is_chance_node():
            state.program.check()  # type: ignore[attr-defined]

    returns = Driver(state, None, None, BOT_DEF.policies(start), on_action=each_step).run()
    program = state.program  # type: ignore[attr-defined]
    assert isinstance(program, AristeiaGame) and state.is_terminal()
    assert program.round <= PREPARED.rounds
    assert returns == program.points
    if program.round < PREPARED.rounds:  # it ended early: someone reached the points
        assert max(returns.values()) >= PREPARED.win_points
    # every point is the zone's or a Frag's: at most 2 per round plus the Frags
    for side in (YOU, BOT):
        assert returns[side] <= 2 * program.round + program.frags[side]
    assert state.clone().returns() == returns  # the history alone replays the game


# -- hostile saves ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda events: first(events, "tactics_card").update(value=3), "not what was typed"),
        (lambda events: first(events, "tactics_card").update(raw="11", value=11), "not valid here"),
        (lambda events: first(events, "roles").update(raw="1 2", value=[1, 2]), "not valid here"),
    ],
)
def test_forged_table_saves_are_refused(
    change: Callable[[list[dict[str, object]]], None], message: str, tmp_path: Path
) -> None:
    save = tmp_path / "save.jsonl"
    table(TablePerson(), save)
    forged(save, change)
    run = run_measured("automa", "aristeia", "replay", str(save), cwd=ROOT)
    line = assert_refused(run, "save.jsonl:")
    assert message in line


def test_a_forged_simulated_plan_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "save.jsonl"
    play_simulated("standard", save)
    forged(save, lambda events: first(events, "plan").update(value="hunter:everyone"))
    run = run_measured("automa", "aristeia", "replay", str(save), cwd=ROOT)
    assert "not a legal action" in assert_refused(run, "save.jsonl:")


# -- hostile content ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("holder: [zone, attack", "holder: [teleport, attack", ":20:", "'teleport'"),
        ("    10: {focus", "    11: {focus", "automa.yaml:", "numbered 1, 2, 3"),
        (
            "5: [holder, controller, hunter, support]",
            "5: [holder, holder, hunter, support]",
            "automa.yaml:",
            "each role once",
        ),
        ("default_level: standard", "default_level: nightmare", "automa.yaml:", "nightmare"),
        ("extra_hit: 2}", "extra_hit: 9}", ":16:", "extra_hit"),
    ],
)
def test_a_broken_automaton_record_is_a_located_error(
    old: str, new: str, where: str, message: str, tmp_path: Path
) -> None:
    shutil.copytree(ROOT / "content" / "aristeia", tmp_path / "content" / "aristeia")
    path = tmp_path / "content" / "aristeia" / "automa.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises((ContentError, InputError)) as error:
        load_games(tmp_path, ["aristeia"])
    [problem] = getattr(error.value, "problems", [error.value])
    assert where in str(problem) and message in str(problem), str(problem)


# -- a whole game at the table, through the real command line ---------------------------------

PROMPTS = {
    "es": [
        r"\(Enter para seguir\)",  # 0
        r"Iniciativa impresa de sus Personajes",  # 1
        r"Suma de la Iniciativa de tus",  # 2
        r"Voltea la carta de arriba de su mazo de Iniciativa",  # 3
        r"Voltea la carta de arriba de su mazo de Tácticas",  # 4
        r"Iniciativa de este Turno",  # 5
        r"¿Ha ido a la Enfermería",  # 6
        r"\(1 sí · 0 no\)",  # 7
        r"Puntos de Victoria de esta Ronda",  # 8
        r"Gana: (el autómata|tú)\.",  # 9
        r"'42' no sirve",  # 10
    ],
    "en": [
        r"\(press Enter to continue\)",
        r"Printed Initiative of its Characters",
        r"Your four Characters' Initiative",
        r"Flip the top card of its Initiative deck",
        r"Flip the top card of its Tactics deck",
        r"This Turn's Initiative",
        r"Has any of its Characters gone",
        r"\(1 yes · 0 no\)",
        r"This round's Victory Points",
        r"Winner: (the automaton|you)\.",
        r"'42' is not valid",
    ],
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_person_plays_a_whole_solo_game_at_the_table(lang: str, tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "starpress", "automa", "aristeia", "play", "--seed", "5", "--lang", lang,
         "--save", str(tmp_path / "solo.jsonl")],
        cwd=str(ROOT), encoding="utf-8", timeout=LAST_RESORT,
    )  # fmt: skip
    initiative = iter(["42", *[str(n % 6 + 1) for n in range(12)]])
    tactics = iter([str(n % 10 + 1) for n in range(40)])
    yes_no = iter(["1", "0"] * 100)
    knocked = iter(["", "2", ""])
    told_wrong = 0
    winner = None
    while winner is None:
        index = child.expect(PROMPTS[lang])
        answer = {
            0: "", 1: "3 6 4 5", 2: "16", 5: "5", 8: "1 2",
        }.get(index)  # fmt: skip
        if index == 3:
            answer = next(initiative)
        elif index == 4:
            answer = next(tactics)
        elif index == 6:
            answer = next(knocked, "")
        elif index == 7:
            answer = next(yes_no)
        elif index == 9:
            winner = child.match.group(1)
        elif index == 10:
            told_wrong += 1
        if answer is not None:
            child.sendline(answer)
    child.expect(PROMPTS[lang][0])  # the winner's line is a ruled step too
    child.sendline("")
    child.expect(pexpect.EOF)
    assert told_wrong == 1 and winner in ("el autómata", "the automaton")  # 1 VP to 2 a round
