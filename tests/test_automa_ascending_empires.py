"""Ascending Empires' solo automata: their decisions, printed = program cards, golden games,
replay, resume and undo, invariants over random games (1 to 3 automata), the levels'
measured order, hostile answers and data, and a whole game at the table through the real
command line in two languages."""

from __future__ import annotations

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
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import bot_of
from starpress.automa.engine.state import ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.ascending_empires.board import PLAYER
from starpress.automa.games.ascending_empires.data import EmpireAutoma
from starpress.automa.games.ascending_empires.game import EmpiresGame
from starpress.automa.games.ascending_empires.prepared import Prepared
from starpress.automa.games.ascending_empires.rules import (
    Empire,
    Holding,
    Planet,
    build_choice,
    develop_choice,
    expand_target,
    final_score,
    mine_yield,
    recruit_places,
    toward,
)
from starpress.automa.sim.simulate import simulate
from starpress.core.errors import InputError
from starpress.core.load import ContentError, load_games
from starpress.core.text import Span
from tests.conftest import ROOT
from tests.hostile import assert_refused, first, forged, run_measured
from tests.patience import LAST_RESORT
from tests.pdfread import open_pdf, placements, text_lines

GOLDEN = ROOT / "tests" / "golden"
GAME = load_games(ROOT, ["ascending-empires"])["ascending-empires"]
BOT_DEF = bot_of(GAME)
PREPARED = Prepared.from_game(GAME)
LEVELS = ("easy", "standard", "hard")
ME = "automaton-1"


# -- the automaton's decisions (ascending-empires.rules.solo.*) ------------------------------


def world(*spec: tuple[float, float, str]) -> list[Planet]:
    return [Planet(n, (x, y), colour, "alpha") for n, (x, y, colour) in enumerate(spec)]


def own(empire: Empire, planet: Planet, **pieces: int) -> None:
    planet.owner = empire.id
    planet.holding = Holding(**pieces)
    empire.planets.append(planet.number)


def test_the_ship_moves_a_fixed_distance_or_reaches_the_orbit() -> None:
    assert toward((0.0, 0.0), (3.0, 4.0), 1.0) == pytest.approx((0.6, 0.8))
    assert toward((0.0, 0.0), (0.6, 0.8), 1.0) == (0.6, 0.8)  # within reach: in orbit


def test_expand_targets_the_nearest_free_planet_preferring_the_colour_it_climbs() -> None:
    empire = Empire(ME, (0.0, 0.0), ships=[(0.0, 0.0)])
    planets = world((1.0, 0.0, "grey"), (1.3, 0.0, "orange"), (0.5, 0.0, "purple"))
    planets[2].owner = "human"
    assert expand_target(empire, planets) is planets[1]  # orange: 1.3 - 0.5 beats grey's 1.0
    planets[1].owner = "human"
    assert expand_target(empire, planets) is planets[0]
    planets[0].owner = "human"
    assert expand_target(empire, planets) is None


def test_recruits_fill_the_planet_with_most_troops_then_the_homeworld() -> None:
    empire = Empire(ME, (0.0, 0.0))
    planets = world((1, 1, "grey"), (2, 2, "brown"))
    own(empire, planets[0], troops=1)
    own(empire, planets[1], troops=2)
    assert recruit_places(empire, planets, set(), 2) == [1, 0]  # 2 → 3, then the next
    assert recruit_places(empire, planets, {1}, 3) == [0, 0, None]  # blockaded: skipped
    empire.supply_troops = 1
    assert recruit_places(empire, planets, set(), 2) == [1]  # only what its supply holds


def test_build_develop_mine_and_scoring_follow_the_rules() -> None:
    empire = Empire(ME, (0.0, 0.0))
    planets = world((1, 1, "orange"), (2, 2, "orange"), (4, 4, "asteroid"))
    own(empire, planets[0], troops=2)
    own(empire, planets[1], troops=1, colonies=1)
    own(empire, planets[2], troops=2)
    assert build_choice(planets[0], empire, planets) == "facility"  # orange: the colour it climbs
    assert build_choice(planets[1], empire, planets) == "city"  # on its colony
    assert build_choice(planets[2], empire, planets) == "colony"  # never a facility on an asteroid
    assert develop_choice(empire, planets, set()) is None
    planets[0].holding.facilities = 1
    assert develop_choice(empire, planets, set()) == "orange"
    assert develop_choice(empire, planets, {0}) is None  # its facility blockaded
    assert [mine_yield(t) for t in (1, 2, 3)] == [0, 1, 2]
    planets[1].holding.cities, planets[1].holding.colonies = 1, 0
    empire.tokens = 5
    assert final_score(empire, planets) == 5 + 3 + 2  # tokens, 3 planets, a city


def test_cities_in_three_and_four_quadrants_score_their_bonus() -> None:
    empire = Empire(ME, (0.0, 0.0))
    planets = [Planet(n, (0, 0), "grey", q) for n, q in enumerate(("alpha", "beta", "gamma"))]
    for planet in planets:
        own(empire, planet, cities=1)
    assert final_score(empire, planets) == 3 + 3 * 2 + 3
    planets.append(Planet(3, (0, 0), "grey", "delta"))
    own(empire, planets[3], cities=1)
    assert final_score(empire, planets) == 4 + 4 * 2 + 6


# -- the printed cards are the program's ------------------------------------------------------

ICONS = {"recruit": "recruit", "move": "expand", "attack": "attack", "mine": "mine",
         "build": "build", "develop": "develop"}  # fmt: skip


def test_printed_automaton_cards_say_what_the_program_does() -> None:
    automa = GAME.automa
    assert isinstance(automa, EmpireAutoma)
    printed = {}
    for card in GAME.cards:
        if card.component != "ascending-empires.component.automaton-card":
            continue
        fields = card.fields
        actions = [ICONS[re.match(r":([\w-]+):", str(fields[key])).group(1)]  # type: ignore[union-attr]
                   for key in ("first", "then")]  # fmt: skip
        for key in ("first", "then"):
            assert any(isinstance(t, Span) and t.bold for t in fields[key].tokens)  # type: ignore[union-attr]
        printed[int(fields["number"])] = actions  # type: ignore[arg-type]
        assert card.count == 3  # one deck for each of up to three automata
    assert printed == {n: list(card.actions) for n, card in automa.cards.items()}
    kit = next(c for c in GAME.components if c.id == "ascending-empires.component.automaton-card")
    assert kit.count == 3 * len(automa.cards) == 30


# -- whole games --------------------------------------------------------------------------------


def play_simulated(
    level: str, save: Path, seed: int = 3, lang: str = "es", automata: str = "1"
) -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "ascending-empires", "simulated", seed, save, lang, True, False,
        {"level": level, "automata": automata}, read=lambda prompt: "", out=out,
    )  # fmt: skip
    return out.getvalue()


@pytest.mark.parametrize("level", LEVELS)
def test_golden_game_per_level(level: str, tmp_path: Path) -> None:
    transcript = play_simulated(level, tmp_path / "game.jsonl")
    name = f"ascending-empires-{level}-seed3"
    assert transcript == (GOLDEN / f"{name}.txt").read_text("utf-8")
    assert (tmp_path / "game.jsonl").read_text() == (GOLDEN / f"{name}.jsonl").read_text()


def test_replay_prints_the_same_transcript_byte_for_byte(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    transcript = play_simulated("standard", save, automata="3")
    out = io.StringIO()
    runner.replay(ROOT, save, False, out)
    assert out.getvalue() == transcript


class TablePerson:
    """A person at the table (Spanish, the source language) who answers every question
    validly and empties the VP pile on the fourth turn, recording what they typed."""

    def __init__(self) -> None:
        self.typed: list[str] = []
        self.asked: list[str] = []
        self.card = 0
        self.reach = 0
        self.reports = ["", "2", "", "4", "", "1", "", "1", ""]
        self.tokens = iter(["3", "40"])

    def __call__(self, prompt: str) -> str:
        assert len(self.typed) < 3000, f"asked again and again: {prompt}"
        answer = self.answer(prompt)
        self.typed.append(answer)
        self.asked.append(prompt)
        return answer

    def answer(self, prompt: str) -> str:
        if prompt.startswith("¿Qué hizo tu turno"):
            return self.reports.pop(0) if self.reports else ""
        if prompt.startswith("Turno: "):
            self.card = self.card % 10 + 1
            return str(self.card)
        if "1 llega a su órbita" in prompt:
            self.reach += 1
            return "1" if self.reach % 3 else "2"
        answers = {
            "¿Cuántas fichas de PV": lambda: next(self.tokens),
            "¿Qué tecnología?": lambda: "1 1",
            "¿De qué color es?": lambda: "3",
            "¿En qué cuadrante": lambda: "2",
            "¿hay alguna nave tuya": lambda: "2",
            "Ataques de": lambda: "1",
            "¿Cuántas piezas tuyas": lambda: "0",
            "Tu puntuación final": lambda: "20",
            "¿De qué autómata?": lambda: "2",
            "¿Qué planeta?": lambda: "1",
        }
        for start, answer in answers.items():
            if start in prompt:
                return answer()
        return ""


def table(read: Callable[[str], str], save: Path, automata: str = "1") -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "ascending-empires", "table", 5, save, "es", True, False,
        {"level": "standard", "automata": automata}, read=read, out=out,
    )  # fmt: skip
    return out.getvalue()


def test_a_table_game_asks_only_what_it_cannot_see_and_names_the_winner(tmp_path: Path) -> None:
    person = TablePerson()
    said = table(person, tmp_path / "t.jsonl")
    assert "Autómata 1 pone su nave en órbita del objetivo." in said
    assert "Autómata 1 aterriza en el planeta marrón de Beta" in said
    assert "Autómata 1 destruye 1 nave tuya." in said
    assert "¡La reserva de PV se ha vaciado!" in said
    assert "Quedan 0 fichas de PV en la reserva." in said
    assert re.search(r"Puntuación final de Autómata 1: \d+ PV\.", said)
    assert "Puntuaciones finales: " in said and "Ganador: " in said
    assert "ascending-empires.rules.solo" in said  # each step says its rule
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    keys = {e["key"] for e in events if e["t"] == "answer"}
    assert keys >= {"card", "reach", "colour", "quadrant", "report", "tokens", "ships_hit"}
    assert not any(e["t"] == "chance" and e["key"] == "galaxy" for e in events)


def test_resume_continues_exactly_like_an_uninterrupted_game(tmp_path: Path) -> None:
    person = TablePerson()
    whole = tmp_path / "whole.jsonl"
    table(person, whole)
    answers = person.typed
    part = tmp_path / "part.jsonl"
    feed = iter([*answers[:12], "q"])
    table(lambda prompt: next(feed), part)
    rest = iter(answers[12:])
    runner.resume(ROOT, part, True, False, read=lambda prompt: next(rest), out=io.StringIO())
    assert part.read_text() == whole.read_text()


def test_undo_takes_back_the_last_answer(tmp_path: Path) -> None:
    person = TablePerson()
    plain = tmp_path / "plain.jsonl"
    table(person, plain)
    answers = person.typed
    index = next(i for i, asked in enumerate(person.asked) if asked.startswith("Turno: "))
    feed = iter([*answers[:index], "7", "u", *answers[index:]])
    said = table(lambda prompt: next(feed), tmp_path / "undone.jsonl")
    assert "Última respuesta deshecha." in said
    assert (tmp_path / "undone.jsonl").read_text() == plain.read_text()


def test_bad_answers_are_refused_and_asked_again(tmp_path: Path) -> None:
    person = TablePerson()
    wrong = {
        "Turno: ": ["11", "uno"],
        "¿Qué hizo tu turno": ["5"],
        "¿Cuántas fichas de PV": ["-1", "41"],
        "¿Qué tecnología?": ["5 1", "1"],
        "¿De qué color es?": ["6"],
    }

    def read(prompt: str) -> str:
        for start, answers in wrong.items():
            if start in prompt and answers:
                return answers.pop(0)
        return person(prompt)

    said = table(read, tmp_path / "bad.jsonl")
    assert "«11» no vale: 1–10." in said and "«uno» no vale: 1–10." in said
    assert "«41» no vale: 0–40." in said and "«5 1» no vale: 1–4 1–4." in said
    assert "«6» no vale: 1–5." in said and "«1» no vale: 1–4 1–4." in said
    assert "Ganador: " in said
    assert not any(answers for answers in wrong.values())


def test_two_automata_each_flip_their_own_deck_at_the_table(tmp_path: Path) -> None:
    person = TablePerson()
    person.reports = ["", "2", "", "3", "1", "", "1", ""]
    said = table(person, tmp_path / "two.jsonl", automata="2")
    asked = "\n".join(person.asked)
    assert "Turno: Autómata 2." in asked and "¿De qué autómata? (1–2)" in asked
    assert "Autómata 2, carta" in said


def test_the_levels_order_and_the_standard_level_gives_a_real_chance() -> None:
    """Measured over 400 games: the competent player wins less often the harder the level,
    and at the standard level between 30 and 60 % (README: win rates); the greedy player,
    the worse one, wins less than the competent one."""
    rates = {
        level: simulate(GAME, 400, 1, {"level": level, "automata": "1"})["win_rate"]
        for level in LEVELS
    }
    yours = [rates[level]["loss"] for level in LEVELS]  # the automaton's losses: your wins
    assert yours[0] > yours[1] > yours[2]
    assert 0.3 <= yours[1] <= 0.6
    greedy = simulate(GAME, 400, 1, {"level": "standard", "opponent": "greedy"})["win_rate"]
    assert greedy["loss"] < yours[1] - 0.1


def test_simulate_json_is_deterministic_through_the_cli() -> None:
    def run() -> bytes:
        return subprocess.run(
            [sys.executable, "-m", "starpress", "automa", "ascending-empires", "simulate",
             "--games", "1000", "--seed", "1", "--level", "standard", "--json"],
            cwd=ROOT, capture_output=True, check=True, timeout=LAST_RESORT,
        ).stdout  # fmt: skip

    first = run()
    assert first == run()
    summary = json.loads(first)
    assert summary[0]["games"] == 1000 and summary[0]["win_rate"] is not None


# -- every game ends; the model's invariants hold every step (Hypothesis) ----------------------


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**63),
    st.sampled_from(LEVELS),
    st.sampled_from(("1", "2", "3")),
    st.sampled_from(("competent", "greedy")),
)
def test_every_simulated_game_ends_and_keeps_the_rules(
    seed: int, level: str, automata: str, opponent: str
) -> None:
    assert BOT_DEF is not None
    start = Start("simulated", seed, {"level": level, "automata": automata, "opponent": opponent})
    state = ScriptState(lambda: BOT_DEF.new_program(PREPARED, start, Voice(GAME)))

    def each_step(state: State) -> None:
        state.program.check()  # type: ignore[attr-defined]  # pieces, limits, VP tokens

    returns = Driver(state, None, None, BOT_DEF.policies(start), on_action=each_step).run()
    program = state.program  # type: ignore[attr-defined]
    assert isinstance(program, EmpiresGame) and state.is_terminal()
    assert program.round <= PREPARED.round_limit
    assert program.pile == 0 or program.round == PREPARED.round_limit
    assert set(returns) == {PLAYER, *(f"automaton-{i}" for i in range(1, int(automata) + 1))}
    for who, empire in program.empires.items():
        assert returns[who] == final_score(empire, program.planets) >= empire.tokens
    assert state.clone().returns() == returns  # the history alone replays the game


# -- hostile data -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("1: {actions: [expand, recruit]}", "1: {actions: [teleport]}", "'teleport'"),
        ("    10: {actions", "    11: {actions", "numbered 1, 2, 3"),
        ("standard: {reach: 1.5", "standard: {reach: 9.0", "reach"),
        ("default_level: standard", "default_level: nightmare", "nightmare"),
    ],
)
def test_a_broken_automaton_record_is_a_located_error(
    old: str, new: str, message: str, tmp_path: Path
) -> None:
    folder = tmp_path / "content" / "ascending-empires"
    shutil.copytree(ROOT / "content" / "ascending-empires", folder)
    path = folder / "automa.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises((ContentError, InputError)) as error:  # over a limit: InputError
        load_games(tmp_path, ["ascending-empires"])
    [problem] = getattr(error.value, "problems", [error.value])
    assert "automa.yaml:" in str(problem) and message in str(problem), str(problem)


# -- a whole game at the table, through the real command line -----------------------------------

PROMPTS = {
    "es": [
        r"\(Enter para seguir\)",  # 0
        r"¿Qué hizo tu turno",  # 1
        r"¿Cuántas fichas de PV",  # 2
        r"Turno: Autómata 1\.",  # 3
        r"1 llega a su órbita",  # 4
        r"¿De qué color es\?",  # 5
        r"¿En qué cuadrante",  # 6
        r"¿hay alguna nave tuya",  # 7
        r"Ataques de",  # 8
        r"¿Cuántas piezas tuyas",  # 9
        r"Tu puntuación final",  # 10
        r"Ganador: ([^\n.]+)\.",  # 11
        r"«42» no vale",  # 12
        r"PV cogidos durante la partida|Tecnologías desarrolladas",  # 13
    ],
    "en": [
        r"\(press Enter to continue\)",
        r"What did your turn do",
        r"How many VP tokens",
        r"Turn: Automaton 1\.",
        r"1 it reaches its orbit",
        r"What colour is it\?",
        r"Which quadrant",
        r"any ship of yours",
        r"Attacks by",
        r"How many of your pieces",
        r"Your final score",
        r"Winner: ([^\n.]+)\.",
        r"'42' is not valid",
        r"VP taken during the game by|Technologies developed by",
    ],
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_person_plays_a_whole_game_at_the_table(lang: str, tmp_path: Path) -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "starpress", "automa", "ascending-empires", "play", "--seed", "5", "--lang",
         lang, "--save", str(tmp_path / "game.jsonl")],
        cwd=str(ROOT), encoding="utf-8", timeout=LAST_RESORT,
    )  # fmt: skip
    reports = iter(["", "", "1", "", "1", ""])
    tokens = iter(["4", "40"])
    cards = iter(["42", *[str(n % 10 + 1) for n in range(40)]])
    told_wrong = 0
    winner = None
    while winner is None:
        index = child.expect(PROMPTS[lang])
        answer = {
            0: "", 4: "1", 5: "4", 6: "3", 7: "2", 8: "0", 9: "0", 10: "15", 13: "1",
        }.get(index)  # fmt: skip
        if index == 1:
            answer = next(reports, "")
        elif index == 2:
            answer = next(tokens)
        elif index == 3:
            answer = next(cards)
        elif index == 11:
            winner = child.match.group(1)
        elif index == 12:
            told_wrong += 1
        if answer is not None:
            child.sendline(answer)
    child.expect(PROMPTS[lang][0])  # the winner's line is a ruled step too
    child.sendline("")
    child.expect(pexpect.EOF)
    assert told_wrong == 1 and winner


# -- the printed automaton cards, read back from a real kit -----------------------------------


def test_the_kit_prints_three_decks_of_poker_cards_with_their_numbers(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "starpress", "pnp", "ascending-empires", "--lang", "en",
         "--strict", "--out", str(tmp_path)],
        cwd=ROOT, check=True, capture_output=True, timeout=LAST_RESORT,
    )  # fmt: skip
    doc = open_pdf(next(tmp_path.glob("*.pdf")))
    fronts: dict[str, int] = {}
    backs = 0
    texts: list[str] = []
    for number in range(doc.page_count):
        for placed in placements(doc, number):
            if placed.form == "back-ascending-empires.component.automaton-card":
                backs += 1
            elif placed.card.startswith("ascending-empires.card.automaton-"):
                fronts[placed.card] = fronts.get(placed.card, 0) + 1
                width, height = placed.trim(3.0)[2:]
                assert sorted((width, height)) == pytest.approx([63.5, 88.9], abs=0.05)
        texts += [line.text for line in text_lines(doc, number)]
    assert len(fronts) == 10 and set(fronts.values()) == {3} and backs == 30
    for words in ("Settlers", "Raid", "Move to attack", "Develop", "If neither can"):
        assert any(words in text for text in texts), words
    assert {str(n) for n in range(1, 11)} <= set(texts)  # the numbers the program asks for


def test_counts_are_said_with_their_plural_forms(tmp_path: Path) -> None:
    one = play_simulated("easy", tmp_path / "one.jsonl", lang="en")
    three = play_simulated("easy", tmp_path / "three.jsonl", lang="en", automata="3")
    assert one.startswith("Ascending Empires against 1 automaton (our prototype).")
    assert three.startswith("Ascending Empires against 3 automata (our prototype).")
    assert re.search(r"\b(2|[3-9]|\d\d) VP tokens are left in the pile\.", one)
    assert "(s)" not in one + three and "automa.messages" not in one + three
    pt = play_simulated("easy", tmp_path / "pt.jsonl", lang="pt-BR", automata="2")
    assert pt.startswith("Ascending Empires contra 2 autômatos (protótipo nosso).")


# -- hostile saves ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda events: first(events, "card").update(value=11), "not what was typed"),
        (lambda events: first(events, "card").update(raw="11", value=11), "not valid here"),
        (lambda events: first(events, "reach").update(raw="4", value="none"), "not valid here"),
    ],
)
def test_forged_table_saves_are_refused(
    change: Callable[[list[dict[str, object]]], None], message: str, tmp_path: Path
) -> None:
    save = tmp_path / "save.jsonl"
    table(TablePerson(), save)
    forged(save, change)
    run = run_measured("automa", "ascending-empires", "replay", str(save), cwd=ROOT)
    assert message in assert_refused(run, "save.jsonl:")


def test_a_forged_simulated_action_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "save.jsonl"
    play_simulated("standard", save)
    forged(save, lambda events: first(events, "action").update(value="teleport"))
    run = run_measured("automa", "ascending-empires", "replay", str(save), cwd=ROOT)
    assert "not a legal action" in assert_refused(run, "save.jsonl:")
