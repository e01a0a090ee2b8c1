"""Aristeia!'s automaton at the table, in the automaton language (`deck:` of
content/aristeia/automa.yaml): for the same answers it says the same lines and asks the same
questions, in the same words, as the Python script it re-expresses (`automa.games.aristeia`,
which stays for simulated games), in every language, at every level, refusals included; and
both say the golden dialogue of tests/golden/aristeia-table-standard-seed33.txt.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from starpress.automa.deck.program import DeckGame
from starpress.automa.deck.program import new_program as deck_program
from starpress.automa.engine import runner
from starpress.automa.engine.driver import Driver, Table
from starpress.automa.engine.session import Output
from starpress.automa.engine.state import Program, ScriptState, Start
from starpress.automa.engine.voice import Voice
from starpress.automa.games.aristeia.game import new_program, script_program
from starpress.automa.games.aristeia.prepared import Prepared
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES
from tests.bot_cases import TypedPerson
from tests.conftest import ROOT, without_save
from tests.stamps import unstamped

GOLDEN = ROOT / "tests" / "golden" / "aristeia-table-standard-seed33"
LEVELS = ("easy", "standard", "hard")


def dialogue(make: Callable[[], Program], voice: Voice, read: Callable[[str], str]) -> str:
    """A game at the table as a person sees it: each line said, each question asked with
    what was typed after it (`> …`), each refusal."""
    out = io.StringIO()

    def asked(prompt: str) -> str:
        answer = read(prompt)
        out.write(f"{prompt}{answer}\n")
        return answer

    output = Output(out, cite=voice.words.cite)  # rules by title, as the runner cites them
    Driver(ScriptState(make), None, Table(voice, output, asked)).run()
    return out.getvalue()


class Played:
    """Aristeia! at the table in one language: the script and the deck, started alike."""

    def __init__(self, lang: str) -> None:
        game = localize(ROOT, load_games(ROOT, ["aristeia"])["aristeia"], lang)
        self.voice = Voice(game, lang)
        self.prepared = Prepared.from_game(game)
        assert self.prepared.deck is not None

    def both(self, seed: int, level: str, person: TypedPerson) -> tuple[str, str]:
        """The script's dialogue with `person`, and the deck's with what they typed."""
        start = Start("table", seed, {"level": level, "opponent": "competent"})
        typed: list[str] = []

        def read(prompt: str) -> str:
            typed.append(person(prompt))
            return typed[-1]

        script = dialogue(
            lambda: script_program(self.prepared, start, self.voice), self.voice, read
        )
        answers = iter(typed)
        deck = self.prepared.deck
        assert deck is not None
        played = dialogue(
            lambda: deck_program(deck, start, self.voice), self.voice, lambda _: next(answers)
        )
        assert next(answers, None) is None  # the deck asked every question the script did
        return script, played


@pytest.fixture(scope="module", params=LANGUAGES)
def played(request: pytest.FixtureRequest) -> Played:
    return Played(request.param)


@pytest.mark.parametrize("level", LEVELS)
def test_the_deck_says_what_the_script_says_for_the_same_answers(
    played: Played, level: str
) -> None:
    for seed in range(12):
        script, deck = played.both(seed, level, TypedPerson(seed, commands=False))
        assert deck == script, (seed, level)
        assert "> " in script and script.count("\n") > 40


def test_the_deck_is_what_aristeia_plays_at_the_table_and_the_script_simulates() -> None:
    played = Played("es")
    table = Start("table", 1, {"level": "standard", "opponent": "competent"})
    simulated = Start("simulated", 1, {"level": "standard", "opponent": "competent"})
    assert isinstance(new_program(played.prepared, table, played.voice), DeckGame)
    assert not isinstance(new_program(played.prepared, simulated, played.voice), DeckGame)


def without_questions(dialogue_text: str, refusals: bool = True) -> list[str]:
    """The lines a dialogue says: without its questions and what was typed after them (and
    without the refusals, which only a live game says, when not `refusals`)."""
    lines = dialogue_text.splitlines()
    typed = {n for n, line in enumerate(lines) if line.startswith("> ")}
    refused = {  # the question asked again right after the answer
        n for n in range(2, len(lines) - 1) if n - 1 in typed and lines[n + 1] == lines[n - 2]
    }
    return [
        line
        for n, line in enumerate(lines)
        if n not in typed and n + 1 not in typed and (refusals or n not in refused)
    ]


def test_both_say_the_golden_dialogue_and_its_save_file_replays_it(tmp_path: Path) -> None:
    played = Played("es")
    script, deck = played.both(33, "standard", TypedPerson(33, commands=False))
    golden = GOLDEN.with_suffix(".txt").read_text("utf-8")
    assert script == golden
    assert deck == golden
    answers = [line[2:] for line in golden.splitlines() if line.startswith("> ")]
    save = tmp_path / "game.jsonl"
    out = io.StringIO()
    feed = iter(answers)
    runner.play(ROOT, "aristeia", "table", 33, save, "es", True, False,
                {"level": "standard", "opponent": "competent"},
                read=lambda prompt: next(feed), out=out)  # fmt: skip
    assert without_save(out.getvalue(), save).splitlines() == without_questions(golden)
    assert unstamped(save) == GOLDEN.with_suffix(".jsonl").read_text("utf-8")
    replayed = io.StringIO()
    runner.replay(ROOT, GOLDEN.with_suffix(".jsonl"), False, replayed)
    assert replayed.getvalue().splitlines() == without_questions(golden, refusals=False)


def test_the_deck_holds_the_cards_the_script_reads() -> None:
    """One automaton, written twice: the deck's cards are the script's data (and so the
    printed cards, which tests/test_automa_aristeia.py compares with that data)."""
    automa = load_games(ROOT, ["aristeia"])["aristeia"].automa
    deck = getattr(automa, "deck", None)
    assert deck is not None and automa is not None
    roles = getattr(automa, "roles", {})
    assert {role: card.actions for role, card in deck.decks["roles"].cards.items()} == roles
    initiative = getattr(automa, "initiative", {})
    assert {n: c.data["order"] for n, c in deck.decks["initiative"].cards.items()} == initiative
    tactics = {n: {"focus": t.focus, "bonus": t.bonus} for n, t in automa.tactics.items()}
    assert {n: c.data for n, c in deck.decks["tactics"].cards.items()} == tactics
    levels = {name: {"extra_hit": level.extra_hit} for name, level in automa.levels.items()}
    assert {name: level.bonus for name, level in deck.levels.items()} == levels
