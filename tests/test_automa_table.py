"""What a person meets at the table with Afternova's Bot and Luna Maris' automaton: text
typed at a pause, a replay in another language, what is said before the next question, an
automaton that cannot act, a finished game resumed. (Status, help, undo, quit and resume at
every kind of question of every bot: `test_automa_bots.py`.)

Each game is answered by a script that is a function of the question and of the number of
events in the save file (`Person`), also used by the Play page tests (`web_games.py`).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from starpress.automa.engine import runner
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import Plural
from tests.conftest import ROOT, project_catalogs, project_game, run_cli

COLOURS = ("purple", "green", "black", "white", "orange")
Answer = Callable[[int], str]
"""An answer as a function of the number of events already in the save file."""


def _events(path: Path) -> int:
    return len(path.read_text("utf-8").splitlines()) if path.exists() else 0


AFTERNOVA = (
    ("ask_starship", lambda n: "S 4"),
    ("ask_blueprint", lambda n: f"B {n % 40 + 1}"),
    ("ask_blind", lambda n: f"B {n % 40 + 1}/40"),
    ("ask_command", lambda n: "f" if n > 70 else "a" if n % 9 == 4 else "b"),
    ("ask_drawn", lambda n: COLOURS[n % 5]),  # colour keys: every language reads them
    ("ask_planet", lambda n: " ".join(COLOURS)),
    ("ask_payment", lambda n: ""),
    ("ask_payment_solo", lambda n: ""),
    ("ask_objective", lambda n: "black white"),
    ("ask_score", lambda n: "14 3 3"),  # the score pad: Blueprints, Fragments, objective
    ("ask_your_score", lambda n: "14 3 3"),
)
LUNA_MARIS = (
    ("ask_command", lambda n: ""),
    ("ask_human_module", lambda n: str(n % 10 + 1)),
    ("ask_food", lambda n: "F 1, F 3, F 14"),
    ("ask_scientists", lambda n: "S 2, S 7"),
    ("ask_demand", lambda n: "D 1, D 12"),
    ("ask_module_tile", lambda n: "M 1"),
    ("ask_human_food", lambda n: "3 6"),
    ("ask_your_score", lambda n: "21 1 4 -2 3 3 0"),  # the pad's lines not known
    ("ask_demands", lambda n: "1"),
)


@dataclass(frozen=True)
class Setting:
    """A bot's game at the table: its answers by question (message key)."""

    game: str
    params: dict[str, str]
    answers: tuple[tuple[str, Answer], ...]


SETTINGS = {
    "afternova": Setting("afternova", {}, AFTERNOVA),
    "afternova-solo": Setting("afternova", {"variant": "solo"}, AFTERNOVA),
    "luna-maris": Setting("luna-maris", {"level": "advanced"}, LUNA_MARIS),
}
HELP = "At every question and every pause"


def prefixes(root: Path, setting: Setting, lang: str) -> list[tuple[str, str]]:
    """Each question's message key and how its prompt starts in `lang` (longest first)."""
    game = localize(root, load_games(root, [setting.game])[setting.game], lang)
    messages = game.automa.messages if game.automa else {}
    found = []
    for key, _answer in setting.answers:
        text = messages.get(key)
        if text is not None:
            found.append((key, str(text.one if isinstance(text, Plural) else text).split("{")[0]))
    return sorted(found, key=lambda pair: -len(pair[1]))


class Person:
    """Answers a bot's questions from a setting's script; `extra` commands are typed first
    at the first question of each kind. Records what each command showed."""

    def __init__(
        self, setting: Setting, save: Path, out: io.StringIO, extra: list[str],
        starts: list[tuple[str, str]],
    ) -> None:  # fmt: skip
        self.setting, self.save, self.out, self.extra = setting, save, out, extra
        self.starts = starts
        self.answers = dict(setting.answers)
        self.kinds: list[str] = []
        self.pending: list[str] = []
        self.shown: dict[tuple[str, str], str] = {}  # (kind, command) -> what followed
        self.since = 0
        self.last: tuple[str, str] | None = None
        self.asked = 0

    def __call__(self, prompt: str) -> str:
        self.asked += 1
        assert self.asked < 3000, "the game does not end"
        if self.last is not None:
            self.shown[self.last] = self.out.getvalue()[self.since :]
            self.last = None
        kind = next(key for key, start in self.starts if prompt.startswith(start))
        answer = self.answers[kind]
        if kind not in self.kinds:
            self.kinds.append(kind)
            self.pending = list(self.extra)
        if self.pending:
            command = self.pending.pop(0)
            self.last, self.since = (kind, command), len(self.out.getvalue())
            return command
        return answer(_events(self.save))


def play(
    root: Path, setting: Setting, save: Path, extra: list[str], lang: str = "en"
) -> tuple[Person, str]:
    out = io.StringIO()
    person = Person(setting, save, out, extra, prefixes(root, setting, lang))
    runner.play(root, setting.game, "table", 21, save, lang, True, False, setting.params,
                read=person, out=out, loaded=project_game(setting.game) if root == ROOT else None,
                catalogs=project_catalogs())  # fmt: skip
    return person, out.getvalue()


def test_text_typed_at_a_pause_is_a_command_or_said_ignored(tmp_path: Path) -> None:
    """A game pauses only where the person acts on the table before the game goes on by
    itself: here, the program draws for the Bot (simulated), so each setup step waits."""
    typed = iter(["hello", "s", "?", "", "", "q"])
    out = io.StringIO()
    runner.play(ROOT, "afternova", "simulated", 3, tmp_path / "p.jsonl", "en", False, False,
                read=lambda prompt: next(typed), out=out)  # fmt: skip
    said = out.getvalue()
    assert "'hello' was not used: here only Enter is needed (or s, u, q or ?)." in said
    after = said.split("'hello' was not used")[1]
    assert "Bot: row —; Hold 0/4; completed 0/6." in after and HELP in after
    assert "Game saved in" in said


def test_replay_in_another_language_and_a_simulated_game_played_through(tmp_path: Path) -> None:
    save = tmp_path / "auto.jsonl"
    played = run_cli("automa", "afternova", "play", "--mode", "simulated", "--auto", "--seed",
                     "4", "--save", str(save), "--lang", "en", cwd=ROOT)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "> " not in played.stdout  # nothing asked: every seat is played by the program
    assert "Final scores: " in played.stdout and "Winner: " in played.stdout
    table = tmp_path / "table.jsonl"
    answers = ["S 4", "B 1", "B 2", "B 3", "b", "verde", "f", "nero bianco", "9 2 1", "25 3 2"]
    feed = iter(answers)
    runner.play(ROOT, "afternova", "table", 3, table, "it", True, False,
                read=lambda prompt: next(feed), out=io.StringIO())  # fmt: skip
    for lang, winner in (("es", "Ganador: quien se sienta en el 3.º puesto."),
                         ("pt-BR", "Vencedor: quem senta no 3º lugar.")):  # fmt: skip
        replayed = run_cli("automa", "afternova", "replay", str(table), "--lang", lang, cwd=ROOT)
        assert replayed.returncode == 0, replayed.stderr
        assert winner in replayed.stdout
    bad = run_cli("automa", "afternova", "replay", str(table), "--lang", "xx", cwd=ROOT)
    assert bad.returncode == 2 and "--lang must be one of" in bad.stdout + bad.stderr


def test_the_bot_says_what_happened_before_it_asks_the_next_question(tmp_path: Path) -> None:
    """Afternova: a completed Blueprint is said before the question about its replacement."""
    typed = iter(["S 4", "B 1", "B 2", "B 3", "b", "purple", "b", "green", "B 4", "q"])
    out = io.StringIO()
    before: dict[str, list[str]] = {}

    def read(prompt: str) -> str:
        before.setdefault(prompt.split(":")[0], []).append(out.getvalue())
        return next(typed)

    runner.play(ROOT, "afternova", "table", 3, tmp_path / "e.jsonl", "en", True, False,
                read=read, out=out)  # fmt: skip
    _setup, replacement = before["Face-up Blueprint in position 3"]
    said = replacement.splitlines()
    assert said[-1].startswith("Blueprint «") and "is covered" in said[-1]  # B 1: purple, green


def test_an_automaton_that_cannot_act_says_why(
    tmp_path: Path,
) -> None:
    _person, said = play(ROOT, SETTINGS["luna-maris"], tmp_path / "why.jsonl", [])
    cannot = [line for line in said.splitlines() if line.startswith("It cannot ")]
    assert cannot  # the advanced level's first round has steps it cannot do
    for line in cannot:
        assert re.match(r"It cannot .+?: .+\. The disc goes to the module anyway", line), line


def test_a_finished_game_resumed_with_json_says_so_in_json_lines(tmp_path: Path) -> None:
    save = tmp_path / "done.jsonl"
    play(ROOT, SETTINGS["afternova-solo"], save, [])
    out = io.StringIO()
    runner.resume(ROOT, save, True, True, read=lambda prompt: "q", out=out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["step"] == "finished" and lines[-1]["step"] in ("winner", "winner_tie")
