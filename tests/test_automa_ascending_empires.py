"""Ascending Empires' solo automata: their decisions, printed = program cards, golden games,
their rules over random games (1 to 3 automata), the levels' measured order, a game at the
table and the answers it refuses, hostile data. What every bot must do (replay, resume,
undo, forged saves, the terminal) is `test_automa_bots.py`."""

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

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import BotDefinition
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
from starpress.core.model import Game
from starpress.core.text import Span
from tests.conftest import ROOT, project_bot, project_game, without_save
from tests.patience import LAST_RESORT
from tests.pdfread import open_pdf, placements, text_lines
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden"


def content() -> Game:
    return project_game("ascending-empires")


def bot_def() -> BotDefinition:
    return project_bot("ascending-empires")


@functools.cache
def prepared() -> Prepared:
    return Prepared.from_game(content())


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
    automa = content().automa
    assert isinstance(automa, EmpireAutoma)
    printed = {}
    for card in content().cards:
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
    kit = next(
        c for c in content().components if c.id == "ascending-empires.component.automaton-card"
    )
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
    return without_save(out.getvalue(), save)


@pytest.mark.parametrize("level", LEVELS)
def test_golden_game_per_level(level: str, tmp_path: Path) -> None:
    transcript = play_simulated(level, tmp_path / "game.jsonl")
    name = f"ascending-empires-{level}-seed3"
    assert transcript == (GOLDEN / f"{name}.txt").read_text("utf-8")
    assert unstamped(tmp_path / "game.jsonl") == (GOLDEN / f"{name}.jsonl").read_text()


class TablePerson:
    """A person at the table (Spanish, the source language) who answers every question
    validly and empties the VP pile on the fourth turn, recording what they typed."""

    def __init__(self) -> None:
        self.typed: list[str] = []
        self.asked: list[str] = []
        self.card = 0
        self.reach = 0
        # each turn's report: the VP tokens taken, then 1 a ship, 2 a planet, 3 a technology
        self.reports = ["", "0 1", "0 3", "3", "40"]

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
            "¿Qué tecnología?": lambda: "1 1",
            "Su color y su cuadrante": lambda: "3 2",  # brown, in Beta
            "¿hay alguna nave tuya": lambda: "2",
            "Ataques de": lambda: "1 0",  # one of your ships, none of your pieces
            # the score pad but the VP tokens (known): planets, colonies, cities, quadrants
            "Tu puntuación final": lambda: "8 3 6 3",
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
    assert "Ganador: tú.  [Ganador y desempates]" in said  # each step cites its rule by title
    assert "ascending-empires.rules" not in said
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    keys = {e["key"] for e in events if e["t"] == "answer"}
    assert keys >= {"card", "reach", "landed", "report", "hits", "tech"}
    reports = [e["raw"] for e in events if e["t"] == "answer" and e["key"] == "report"]
    assert reports[:5] == ["", "0 1", "0 3", "3", "40"]  # one answer a turn, Enter: nothing
    assert not any(e["t"] == "chance" and e["key"] == "galaxy" for e in events)


def test_bad_answers_are_refused_and_asked_again(tmp_path: Path) -> None:
    person = TablePerson()
    wrong = {
        "Turno: ": ["11", "uno"],
        "¿Qué hizo tu turno": ["0 4", "41", "-1"],
        "¿Qué tecnología?": ["5 1", "1"],
        "Su color y su cuadrante": ["6 1", "3"],
        "Ataques de": ["1 9", "1 7"],
    }

    def read(prompt: str) -> str:
        for start, answers in wrong.items():
            if start in prompt and answers:
                return answers.pop(0)
        return person(prompt)

    said = table(read, tmp_path / "bad.jsonl")
    assert "«11» no vale: 1–10." in said and "«uno» no vale: 1–10." in said
    # an answer of two parts is refused naming both, with their ranges
    report = (
        "las fichas de PV que cogiste (0–40) y, detrás, el número de cada cosa más que pasó (1–3)"
    )
    tech = "el color (1–4) y, detrás, el nivel (1–4)"
    landing = "el color (1–5) y, detrás, el cuadrante (1–4)"
    hits = "tus naves destruidas (0–8) y, detrás, las piezas de tu planeta (0–6)"
    assert f"«0 4» no vale: {report}." in said and f"«41» no vale: {report}." in said
    assert f"«-1» no vale: {report}." in said and f"«5 1» no vale: {tech}." in said
    assert f"«6 1» no vale: {landing}." in said and f"«3» no vale: {landing}." in said
    assert f"«9» no vale: {hits}." in said and f"«1 7» no vale: {hits}." in said
    assert f"«1» no vale: {tech}." in said
    assert "Ganador: " in said
    assert not any(answers for answers in wrong.values())


def test_two_automata_each_flip_their_own_deck_at_the_table(tmp_path: Path) -> None:
    person = TablePerson()
    person.reports = ["", "0 1", "3 2", "40"]
    said = table(person, tmp_path / "two.jsonl", automata="2")
    asked = "\n".join(person.asked)
    assert "Turno: Autómata 2." in asked and "¿De qué autómata? (1–2)" in asked
    assert "Autómata 2, carta" in said


def test_the_levels_order_and_the_standard_level_gives_a_real_chance() -> None:
    """Measured over 400 games: the competent player wins less often the harder the level,
    and at the standard level between 30 and 60 % (README: win rates); the greedy player,
    the worse one, wins less than the competent one."""
    rates = {
        level: simulate(content(), 400, 1, {"level": level, "automata": "1"})["win_rate"]
        for level in LEVELS
    }
    yours = [rates[level]["loss"] for level in LEVELS]  # the automaton's losses: your wins
    assert yours[0] > yours[1] > yours[2]
    assert 0.3 <= yours[1] <= 0.6
    greedy = simulate(content(), 400, 1, {"level": "standard", "opponent": "greedy"})["win_rate"]
    assert greedy["loss"] < yours[1] - 0.1


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
    assert bot_def() is not None
    start = Start("simulated", seed, {"level": level, "automata": automata, "opponent": opponent})
    state = ScriptState(lambda: bot_def().new_program(prepared(), start, Voice(content())))

    def each_step(state: State) -> None:
        state.program.check()  # type: ignore[attr-defined]  # pieces, limits, VP tokens

    returns = Driver(state, None, None, bot_def().policies(start), on_action=each_step).run()
    program = state.program  # type: ignore[attr-defined]
    assert isinstance(program, EmpiresGame) and state.is_terminal()
    assert program.round <= prepared().round_limit
    assert program.pile == 0 or program.round == prepared().round_limit
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
