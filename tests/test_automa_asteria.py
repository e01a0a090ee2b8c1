"""Asteria's solo automaton: the cards read, its decisions, golden games, printed = program
cards, its rules over random games, a game at the table and the answers it refuses, hostile
content. What every bot must do (replay, resume, undo, forged saves, the terminal) is
`test_automa_bots.py`."""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.automa.engine import runner
from starpress.automa.engine.answers import Refused
from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import BotDefinition
from starpress.automa.engine.state import Ask, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.automa.games.asteria.data import AsteriaAutoma
from starpress.automa.games.asteria.game import AsteriaGame
from starpress.automa.games.asteria.prepared import Prepared
from starpress.automa.games.asteria.rules import (
    BOT,
    CAP,
    MAX_OPEN,
    POINTS,
    UNSEEN,
    YOU,
    Planet,
    Side,
    choose_play,
    move_marker,
    pick_card,
    planet_order,
    read_effect,
    reinforcement,
)
from starpress.automa.sim.simulate import simulate
from starpress.core.errors import InputError
from starpress.core.load import ContentError, load_games
from starpress.core.model import Game
from starpress.core.text import Span
from tests.conftest import ROOT, project_bot, project_game, without_save
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden"


def content() -> Game:
    return project_game("asteria")


def bot_def() -> BotDefinition:
    return project_bot("asteria")


@functools.cache
def prepared() -> Prepared:
    return Prepared.from_game(content())


LEVELS = ("easy", "standard", "hard")


# -- the kit's cards as the model reads them -------------------------------------------------


def test_every_side_of_every_action_card_is_read() -> None:
    """Costs, strengths and Extract yields as printed; each effect modelled or listed."""
    assert len(prepared().actions) == 38 and len(prepared().planets) == 14
    unmodelled = sum(not e.modelled for card in prepared().actions.values() for e in card.effects)
    modelled = 38 * 4 - unmodelled
    assert modelled >= 120  # README: the simulation model plays 122 of the 152 sides
    card = prepared().actions[1]  # Sonda Batedora
    assert card.cost == (1, 0) and card.strength == (0, 0, 1, 1)
    assert card.side("exploit").gain == (0, 1) and card.side("explore").take == 1
    assert card.side("exterminate").lose_draw == 2
    aurora = prepared().planets[1]
    assert aurora.bottom == ((1, 0), (1, 0), (1, 1)) and aurora.half(1) == (1, 3)


def test_effects_are_read_from_the_printed_text() -> None:
    assert read_effect("explore", ":immediate: :take-planet: e :draw-action:").take == 1
    assert read_effect("explore", ":immediate: Troque 2 :energy: :exchange: 4 :ore:.").exchange == (
        2, 0, 0, 4,
    )  # fmt: skip
    assert read_effect(
        "exterminate", ":immediate: O :opponent: perde 1 :energy: e 1 :ore:."
    ).opp_loses == (1, 1)
    assert (
        read_effect(
            "exterminate", ":conflict: +2 :strength: se você iniciou o conflito."
        ).if_initiator
        == 2
    )
    assert read_effect("expand", ":continuous: Na Etapa 1, +1 :energy: e +1 :ore:.").income == (
        1,
        1,
    )
    assert not read_effect("explore", ":immediate: :rotate-any:").modelled
    with pytest.raises(ValueError, match="unknown"):
        read_effect("explore", ":immediate: Ganhe o jogo.")


# -- the automaton's decisions (asteria.rules.solo.turn.*) -----------------------------------


def planet(card: int, spaces: int = 5, **markers: int) -> Planet:
    track = tuple((1, 0) if i % 2 else (0, 1) for i in range(spaces))
    made = Planet(card, track)
    for who, where in markers.items():
        made.marker[YOU if who == "you" else BOT] = where
    return made


def test_planet_priorities_then_the_leftmost() -> None:
    planets = [planet(1), planet(2, you=0, bot=4), planet(3, you=2, bot=4)]
    assert planet_order(planets, ("contact", "rich")) == [2, 1, 0]  # gap 1 before gap 3
    planets[0].cards[BOT] = [(5, "exploit"), (6, "expand")]
    assert planet_order(planets, ("held", "new")) == [0, 2, 1]
    rich = [planet(1, 3), planet(2, 3)]
    rich[1].track = ((0, 0), (0, 0), (2, 1))  # its next space (its edge) yields 3
    assert planet_order(rich, ("rich",)) == [1, 0]
    assert planet_order([planet(1), planet(2)], ("contact",)) == [0, 1]  # nobody there: leftmost


def test_card_choice_strongest_payable_then_cheapest_then_lowest_number() -> None:
    cards = prepared().actions
    side = Side(energy=1, ore=0)
    row = [4, 1, 2]  # Fragata Rubra costs 2 ore: it cannot pay it
    assert pick_card(row, cards, "exterminate", side) == 1  # 1 strength, 1 energy
    assert pick_card(row, cards, "exploit", side) == 2  # +2 energy, the biggest yield
    assert choose_play([4], cards, ("exterminate", "expand"), side) == (4, "exploit")
    rich = Side(energy=12, ore=12)
    assert pick_card(row, cards, "exterminate", rich) == 4  # 2 strength
    assert choose_play([], cards, ("explore",), rich) is None


def test_reinforcement_is_the_strongest_reserve_card() -> None:
    assert reinforcement([1, 3, 2], prepared().planets) == 3  # Nyx: strength 3
    assert reinforcement([], prepared().planets) is None


def test_markers_meet_instead_of_passing_and_the_mover_starts_the_conflict() -> None:
    world = planet(1, 4, you=1)
    assert move_marker(world, BOT, YOU) == world.track[3] and world.marker[BOT] == 3
    assert move_marker(world, BOT, YOU) == world.track[2] and world.initiator is None
    assert move_marker(world, BOT, YOU) == (0, 0) and world.marker[BOT] == 2
    assert world.initiator == BOT


# -- the printed decision cards are the program's --------------------------------------------

PLANET_WORDS = {"Contato": "contact", "Rico": "rich", "Dele": "held", "Novo": "new"}


def test_printed_decision_cards_say_what_the_program_does() -> None:
    automa = content().automa
    assert isinstance(automa, AsteriaAutoma)
    printed = {}
    for card in content().cards:
        if card.component != "asteria.component.automaton-card":
            continue
        fields = card.fields
        planets = []
        for item in fields["planets"]:  # type: ignore[union-attr]
            bold = [t.text for t in item.tokens if isinstance(t, Span) and t.bold]
            planets += [PLANET_WORDS[word] for word in bold]
        actions = re.findall(r":(\w+):", str(fields["actions"]))
        printed[int(fields["number"])] = (planets, actions, int(fields["plays"]))  # type: ignore[arg-type]
    for number, program in automa.cards.items():
        tried = [*program.actions, *([] if "exploit" in program.actions else ["exploit"])]
        assert printed[number] == (program.planets, tried, program.plays), number
    assert sorted(printed) == list(range(1, 13))
    kit = next(c for c in content().components if c.id == "asteria.component.automaton-card")
    assert kit.count == len(automa.cards) == 12


# -- whole games -----------------------------------------------------------------------------


def play_simulated(level: str, save: Path, seed: int = 3, lang: str = "pt-BR") -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "asteria", "simulated", seed, save, lang, True, False, {"level": level},
        read=lambda prompt: "", out=out,
    )  # fmt: skip
    return without_save(out.getvalue(), save)


@pytest.mark.parametrize("level", LEVELS)
def test_golden_game_per_level(level: str, tmp_path: Path) -> None:
    transcript = play_simulated(level, tmp_path / "game.jsonl")
    assert transcript == (GOLDEN / f"asteria-{level}-seed3.txt").read_text("utf-8")
    log = unstamped(tmp_path / "game.jsonl")
    assert log == (GOLDEN / f"asteria-{level}-seed3.jsonl").read_text()


class TablePerson:
    """A person at the table (in English) who answers every question validly, ends the
    game by reporting two Achievements, and records what they typed."""

    def __init__(self, conflict: bool = True) -> None:
        self.typed: list[str] = []
        self.asked: list[str] = []
        self.action = 0
        self.planet = 0
        self.decision = 0
        self.reports = ["", "1", "", "5", "", "5"] if conflict else ["", "", "5", "5"]
        self.achievement = iter(["1", "2"])

    def next_action(self) -> str:
        self.action = self.action % 38 + 1
        return str(self.action)

    def __call__(self, prompt: str) -> str:
        answer = self.answer(prompt)
        self.typed.append(answer)
        self.asked.append(prompt)
        return answer

    def answer(self, prompt: str) -> str:
        if prompt.startswith("Reveal the top"):
            self.planet += 1
            return str(self.planet)
        if prompt.startswith("The automaton reinforces"):  # its face-down reserve, turned up
            count = int(re.search(r"exactly (\d+)", prompt).group(1))  # type: ignore[union-attr]
            return ", ".join(f"P {14 - n}" for n in range(count))  # never revealed: 1, 2…
        if prompt.startswith(("Draw Action cards", "Draw Action cards for its row")):
            count = int(re.search(r"exactly (\d+)", prompt).group(1))  # type: ignore[union-attr]
            return " ".join(self.next_action() for _ in range(count))
        if prompt.startswith("What did your turn do"):
            return self.reports.pop(0) if self.reports else ""
        if prompt.startswith("Your marker on each"):
            return " ".join("0" for _ in range(prompt.count("«")))
        if prompt.startswith("Flip the top card"):
            self.decision = self.decision % 12 + 1
            return str(self.decision)
        if prompt.startswith("At which open planet"):
            return "1"
        if prompt.startswith("Your total strength"):
            return "9"
        if prompt.startswith("Which Achievement"):
            return next(self.achievement)
        return ""


def table(read: Callable[[str], str], save: Path, lang: str = "en") -> str:
    out = io.StringIO()
    runner.play(
        ROOT, "asteria", "table", 5, save, lang, True, False, {"level": "standard"},
        read=read, out=out,
    )  # fmt: skip
    return out.getvalue()


def test_a_table_game_asks_only_what_it_cannot_see_and_names_the_winner(tmp_path: Path) -> None:
    person = TablePerson()
    said = table(person, tmp_path / "t.jsonl")
    assert "Reveal «Aurora» (P 1/14) with the half whose spaces are" in said
    assert "The automaton's row (its hand, face up): «" in said
    assert re.search(r"Conflict at «\w+» \(P \d+/14\), started by you\.", said)
    assert "You fulfil the Exploration Victory. Your points: 2." in said
    assert re.search(r"Final scores: you \(4\), the automaton \([0-3]\)\.", said)
    assert said.endswith("Winner: you.  [End of the solo game]\n")  # the last line
    assert "asteria.rules" not in said  # each step cites its rule by title
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    row = next(e for e in events if e.get("key") == "row")
    assert row["raw"] == "A 1/38, A 2/38, A 3/38"  # typed "1 2 3": the log keeps printed marks
    assert {e["key"] for e in events if e["t"] == "answer"} >= {
        "row",
        "reserve",
        "decision",
        "draw",
    }


def test_bad_answers_are_refused_and_asked_again(tmp_path: Path) -> None:
    person = TablePerson(conflict=False)
    wrong = {
        "Reveal the top": ["0", "Atlantis"],
        "Draw Action cards for the automaton": ["1 1 2", "1 2", "x y z"],
        "Flip the top card": ["42", "one"],
        "Your marker on each": ["0", "9 9"],
    }

    def read(prompt: str) -> str:
        for start, answers in wrong.items():
            if prompt.startswith(start) and answers:
                return answers.pop(0)
        return person(prompt)

    said = table(read, tmp_path / "bad.jsonl")
    assert (
        "'Atlantis' is not one of the options: type the printed mark (P 1/14 … P 14/14, «Aurora»)"
        " or the name." in said
    )
    assert "'1 1 2' is not valid: printed marks or card names, exactly 3." in said
    assert "'42' is not valid: 1–12." in said
    assert (
        "'0' is not valid: a number from 0 to 9 for each open planet, from left to right." in said
    )
    assert re.search(
        r"'9 9' is not valid: your marker at «Aurora» \(P 1/14\) cannot be there\.", said
    )
    assert "Winner: you." in said
    assert not any(answers for answers in wrong.values())


def test_the_reserve_stays_face_down_when_no_conflict_needs_it(tmp_path: Path) -> None:
    """No conflict in the game: its reserve Planet card is dealt face down and nobody is
    asked what it is, ever (asteria.rules.solo.setup, asteria.rules.solo.conflict)."""
    person = TablePerson(conflict=False)
    said = table(person, tmp_path / "t.jsonl")
    assert "Its reserve is 1 Planet card from the top of the deck, face down" in said
    assert "Conflict at" not in said
    assert not any("reserve" in prompt for prompt in person.asked)
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert "reserve" not in {e.get("key") for e in events}
    assert "Winner: you." in said


def test_a_conflict_turns_the_reserve_up_and_adds_its_strongest_card(tmp_path: Path) -> None:
    """A conflict you start: the reserve is asked then, all of it, and its strongest card
    reinforces the automaton (asteria.rules.solo.conflict)."""
    person = TablePerson()
    said = table(person, tmp_path / "t.jsonl")
    asked = [p for p in person.asked if p.startswith("The automaton reinforces")]
    assert len(asked) == 1 and "exactly 1" in asked[0]
    reserve = person.typed[person.asked.index(asked[0])]
    assert reserve == "P 14"
    strength = prepared().planets[14].strength
    conflict = re.search(r"reinforcement: «\w+» \(P 14/14\); its total: (\d+)\.", said)
    assert conflict is not None, said
    events = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    [turned] = [e for e in events if e.get("key") == "reserve"]
    assert turned["value"] == [14] and turned["raw"] == "P 14/14"
    assert int(conflict.group(1)) >= strength > 0


def conflict_game(reinforce: bool = True) -> AsteriaGame:
    """A table game at a conflict you started on an open planet where both have cards."""
    game = AsteriaGame(prepared(), "table", "standard", 1, Voice(content()))
    if not reinforce:
        game.level = game.level.model_copy(update={"reinforce": False})
    game.open = [planet(5, you=1, bot=2)]
    game.open[0].cards[BOT] = [(4, "exterminate")]
    return game


def test_a_card_of_its_destroyed_is_refused_at_once_when_it_has_none() -> None:
    """Reporting one of the automaton's cards destroyed or discarded, when it has none in
    its row or at a planet, is refused at the report, saying why (it was taken, and the
    next question refused every card: only an undo got out)."""
    game = conflict_game()
    assert game.check_report("removed") == "removed"  # a card of its at the open planet
    game.sides[BOT].hand.clear()
    game.open[0].cards[BOT] = []
    assert game.check_report("conflict") == "conflict"
    with pytest.raises(Refused) as refused:
        game.check_report("removed")
    assert refused.value.key == "bad_answer"
    assert refused.value.values["hint"] == (  # Voice(content()): the source language
        "o autômato não tem carta na fila nem baixada em um planeta"
    )


def test_the_reserve_is_asked_once_whole_then_known() -> None:
    """Two cards face down (one dealt at the setup, one taken by Explore): the first conflict
    asks both, the strongest goes, the other stays known; a later conflict asks nothing."""
    game = conflict_game()
    bot = game.sides[BOT]
    bot.planets = [UNSEEN, UNSEEN]
    steps = game.conflict(0, YOU)
    ask = next(steps)
    assert isinstance(ask, Ask) and ask.key == "reserve" and ask.values == {"count": 2}
    assert "exatamente 2" in refused(game, ask, "P 3")  # the whole reserve, both cards
    game.open.append(planet(7))
    assert "«" in refused(game, ask, "P 7, P 3")  # an open planet is in no reserve
    game.open.pop()
    cards, _raw = ask.take("P 1, P 3")
    say = steps.send(cards)
    assert say.key == "conflict" and say.values["reserve"] == 3  # Nyx: strength 3
    assert say.values["total"] == say.values["strength"] + 1 + prepared().planets[3].strength
    assert bot.planets == [1]
    again = conflict_game()
    again.sides[BOT].planets = [1]  # known since the last conflict: not asked again
    say = next(again.conflict(0, YOU))
    assert say.key == "conflict" and say.values["reserve"] == 1


def test_without_reinforcement_the_reserve_is_never_asked() -> None:
    game = conflict_game(reinforce=False)
    game.sides[BOT].planets = [UNSEEN]
    say = next(game.conflict(0, YOU))
    assert say.key == "conflict" and say.values["reserve"] == 0
    assert game.sides[BOT].planets == [UNSEEN]  # still face down


def test_the_levels_order_and_the_standard_level_gives_a_real_chance() -> None:
    """Measured: the competent player wins more often the easier the level; at the standard
    level it wins between 35 and 65 % of 400 games (README: about half)."""
    rates = {
        level: simulate(content(), 400, 1, {"level": level, "opponent": "competent"})["win_rate"]
        for level in LEVELS
    }
    losses = [rates[level]["loss"] for level in LEVELS]  # the automaton's losses: your wins
    assert losses[0] > losses[1] > losses[2]
    assert 0.35 <= losses[1] <= 0.65
    greedy = simulate(content(), 400, 1, {"level": "standard", "opponent": "greedy"})["win_rate"]
    assert greedy["loss"] < losses[1] - 0.2  # the competent player is the better one


# -- every game ends; the model's invariants hold every turn (Hypothesis) --------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**63),
    st.sampled_from(LEVELS),
    st.sampled_from(("competent", "greedy")),
)
def test_every_simulated_game_ends_and_keeps_the_rules(
    seed: int, level: str, opponent: str
) -> None:
    assert bot_def() is not None
    start = Start("simulated", seed, {"level": level, "opponent": opponent})
    state = ScriptState(lambda: bot_def().new_program(prepared(), start, Voice(content())))
    seen = {"turns": 0}

    def each_turn(state: State) -> None:
        if state.is_chance_node():  # a card being dealt is in nobody's hand yet
            return
        program = state.program  # type: ignore[attr-defined]
        program.check()  # resources within the cap, cards accounted for, markers apart…
        for side in program.sides.values():
            assert 0 <= side.energy <= CAP and 0 <= side.ore <= CAP
        assert len(program.open) <= MAX_OPEN
        seen["turns"] += 1

    returns = Driver(state, None, None, bot_def().policies(start), on_action=each_turn).run()
    program = state.program
    assert isinstance(program, AsteriaGame) and state.is_terminal()
    assert program.round <= prepared().round_limit
    for who, side in program.sides.items():
        assert returns[who] == side.points == sum(POINTS[name] for name in side.achieved)
        assert len(set(side.achieved)) == len(side.achieved)
    winner = program.winner
    assert winner in (YOU, BOT)
    if program.round < prepared().round_limit or max(returns.values()) >= 3:
        assert returns[winner] >= 3 and returns[YOU if winner == BOT else BOT] < 3
    assert state.clone().returns() == returns  # the history alone replays the game


# -- hostile content ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where", "message"),
    [
        ("actions: [exploit], plays: 1}", "actions: [teleport], plays: 1}", ":18:", "'teleport'"),
        ("    12: {planets", "    13: {planets", "automa.yaml:", "numbered 1, 2, 3"),
        ("plays: 3}", "plays: 9}", ":28:", "plays"),
        ("default_level: standard", "default_level: nightmare", "automa.yaml:", "nightmare"),
    ],
)
def test_a_broken_automaton_record_is_a_located_error(
    old: str, new: str, where: str, message: str, tmp_path: Path
) -> None:
    shutil.copytree(ROOT / "content" / "asteria", tmp_path / "content" / "asteria")
    path = tmp_path / "content" / "asteria" / "automa.yaml"
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), "utf-8")
    with pytest.raises((ContentError, InputError)) as error:  # over a limit: InputError
        load_games(tmp_path, ["asteria"])
    [problem] = getattr(error.value, "problems", [error.value])
    assert where in str(problem) and message in str(problem), str(problem)


def test_every_card_the_table_asks_about_has_a_set_mark() -> None:
    """The program names Action and Planet cards by the set mark on their fronts (the kit
    prints every mark: tests/test_kits.py)."""
    asked = [prepared().book.marks[card] for kind in ("action", "planet")
             for card in prepared().cards[kind].values()]  # fmt: skip
    assert asked[:2] == ["A 1/38", "A 2/38"] and asked[-1] == "P 14/14"
    assert len(asked) == len(set(asked)) == 38 + 14


def test_table_answers_are_checked_against_what_the_program_knows() -> None:
    game = AsteriaGame(prepared(), "table", "standard", 1, Voice(content()))
    game.open = [planet(1, you=0), planet(2, you=0, bot=4)]
    contested = game.ask("conflict_planet", "ask_which_planet", {}, game.open_planets(),
                         game.check_contested)  # fmt: skip
    assert "não tem marcador de expansão em «Aurora»" in refused(game, contested, "1")
    assert contested.take("2") == (1, "2")  # a conflict needs its marker there
    game.sides[BOT].hand = [7]
    row = game.ask("row", "ask_row", {}, game.cards("action", many=True),
                   functools.partial(game.check_actions, 1))  # fmt: skip
    assert "já está em jogo" in refused(game, row, "7")  # already in its row
    two = dataclasses.replace(row, check=functools.partial(game.check_actions, 2))
    assert two.take("sonda, 8") == ([1, 8], "A 1/38, A 8/38")  # a name's start, in its language
    assert two.take("A 2/38 a9") == ([2, 9], "A 2/38, A 9/38")  # the marks printed on the cards
    game.open.append(planet(3))
    new = game.ask("planet", "ask_planet", {}, game.cards("planet"), game.check_new_planet)
    assert "já há 3 planetas abertos" in refused(game, new, "4")
    game.sides[YOU].achieved = ["exploration"]
    claims = game.ask("achievement", "ask_achievement", {}, game.claims(), game.check_achievement)
    assert "já tem essa Conquista" in refused(game, claims, "1")
    markers = game.ask("markers", "ask_markers", {}, game.markers(), game.check_markers)
    each = "um número de 0 a 9 para cada planeta aberto, da esquerda para a direita"
    assert refused(game, markers, "1 2") == f"'1 2' não serve: {each}."  # one per planet
    assert markers.take("") == ([0, 0, 0], "0 0 0")  # Enter: on none


def refused(game: AsteriaGame, ask: Ask, raw: str) -> str:
    """The message a question refuses `raw` with, in the game's language."""
    with pytest.raises(Refused) as error:
        ask.take(raw)
    return game.voice(error.value.key, **error.value.values)
