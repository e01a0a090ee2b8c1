"""Every registered bot as a test case, and a person who plays any of them from the data of
its questions (`automa.engine.answers`), for the conformance suite (`test_automa_bots.py`)
and the Play page tests (`web_games.py`).

A bot is a `Case`: its kind, the project and game it is played with (the toy dice bot of the
tests in a demo project of its own), its bot definition; games are loaded when first asked
for, once. A `TypedPerson` answers each question with a value it draws (seeded) from the
question's typed options and types its canonical words, as the save file keeps them; it
types status and help at the first question of each kind, sometimes takes an answer back,
and undoes when every answer it tries is refused (a question it cannot answer from there).
"""

from __future__ import annotations

import functools
import io
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starpress.automa.engine import registry, runner
from starpress.automa.engine.answers import (
    MOST_NUMBERS,
    Answer,
    AnyOf,
    Number,
    OneOf,
    Pad,
    Parts,
    Several,
)
from starpress.automa.engine.choices import Cards
from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.engine.state import Ask, Say, Start
from starpress.automa.engine.voice import Voice
from starpress.automa.sim.simulate import settings_to_run
from starpress.core import bots
from starpress.core.i18n import localize
from starpress.core.load import game_ids, load_games
from starpress.core.model import Game
from tests import toy_dice_bot
from tests.conftest import ROOT, make_project, project_catalogs

TOY = toy_dice_bot.BOT.kind
"""The tests' own bot, registered in this process only (no content of the project has it)."""
CATALOGS = project_catalogs()
"""The tests' catalog reader: each catalog parsed once however many games are played."""
DECK = "deck-automaton"
"""The automaton language: played with the deck `starpress new --automa` writes."""


def bot_kinds() -> list[str]:
    """Every bot the registry knows (installed, shipped, registered) and the toy bot."""
    return sorted({*bots.known_kinds(), TOY})


@dataclass(frozen=True)
class Case:
    """A bot, and the project and game it is played with."""

    kind: str
    root: Path
    game_id: str

    @property
    def game(self) -> Game:
        return _loaded(self.root, self.game_id)

    @property
    def bot(self) -> BotDefinition:
        if self.kind == TOY:
            registry.register(toy_dice_bot.BOT)  # again: a test may have taken it away
        found = bot_of(self.game)
        assert found is not None and found.kind == self.kind, self.kind
        return found

    @property
    def voice(self) -> Voice:
        """Its words in English."""
        return _voice(self.root, self.game_id, "en")

    def game_messages(self, lang: str) -> dict[str, Any]:
        """Its bot's messages in `lang`."""
        return dict(_voice(self.root, self.game_id, lang).words.messages)

    def status_says(self) -> list[Say]:
        """What its status (`s`) says at the start of a game at the table."""
        bot = self.bot
        params = {p.name: p.default_for(self.game) for p in bot.parameters}
        program = bot.new_program(bot.prepare(self.game), Start("table", 0, params), self.voice)
        return program.status()

    def steps_only(self, said: str) -> str:
        """A transcript at the table without its save file's path (said when the game
        begins and before its winner), as a replay prints it."""
        said_save = self.voice("save_file", path="\0").split("\0")[0]
        return "".join(line for line in said.splitlines(True) if not line.startswith(said_save))

    def table_settings(self) -> list[dict[str, str]]:
        """The parameters of its games at the table: the defaults, then each other value of
        each parameter (the rest left at their defaults) that makes a game at the table."""
        game, bot = self.game, self.bot
        defaults = {p.name: p.default_for(game) for p in bot.parameters}
        found = [defaults]
        for parameter in bot.parameters:
            for value in parameter.values(game):
                params = {**defaults, parameter.name: value}
                if params not in found and bot.check(Start("table", 0, params)) is None:
                    found.append(params)
        return found

    def simulated_settings(self) -> list[dict[str, str]]:
        """The parameters `simulate` plays by default (`all` expanded)."""
        return settings_to_run(self.game, self.bot, {})

    def table(self, params: Mapping[str, str], seed: int, save: Path, read: Any,
              lang: str = "en") -> str:  # fmt: skip
        """A game at the table through the runner, answered by `read`: its transcript."""
        out = io.StringIO()
        runner.play(self.root, self.game_id, "table", seed, save, lang, True, False, params,
                    read=read, out=out, loaded=self.game, catalogs=CATALOGS)  # fmt: skip
        return out.getvalue()

    def simulated(self, params: Mapping[str, str], seed: int, save: Path, lang: str = "en") -> str:
        """A simulated game played through (`--auto`): its transcript."""

        def nobody(prompt: str) -> str:
            raise AssertionError(f"a game played through asked {prompt!r}")

        out = io.StringIO()
        runner.play(self.root, self.game_id, "simulated", seed, save, lang, True, False, params,
                    read=nobody, out=out, loaded=self.game, catalogs=CATALOGS)  # fmt: skip
        return out.getvalue()


@functools.cache
def _loaded(root: Path, game_id: str) -> Game:
    return load_games(root, [game_id])[game_id]


@functools.cache
def _voice(root: Path, game_id: str, lang: str) -> Voice:
    return Voice(localize(root, _loaded(root, game_id), lang), lang)


@functools.cache
def _games_by_kind() -> dict[str, str]:
    found = {}
    for game_id in game_ids(ROOT):
        automa = _loaded(ROOT, game_id).automa
        if automa is not None:
            found.setdefault(automa.kind, game_id)
    return found


def case_of(kind: str, toy_root: Path) -> Case:
    """The case of a bot kind: the project's game of that kind, or the toy's demo game."""
    if kind == TOY:
        registry.register(toy_dice_bot.BOT)
        if not (toy_root / "content").exists():
            make_project(toy_root, {"automa.yaml": toy_dice_bot.AUTOMA_YAML})
        return Case(kind, toy_root, "demo")
    if kind == DECK and kind not in _games_by_kind():
        root = toy_root.parent / "deck-project"
        if not (root / "content").exists():
            from starpress.cli import scaffold

            scaffold.create(root, "solo-demo", "en", "Solo Demo", automa=True)
        return Case(kind, root, "solo-demo")
    game_id = _games_by_kind().get(kind)
    assert game_id is not None, f"the bot {kind!r} has no game in the project to be played with"
    return Case(kind, ROOT, game_id)


# -- a person who answers from the question's data -------------------------------------


def sample(answer: Answer, rng: random.Random) -> Any:
    """A value the answer stands for, drawn from its options (any kind of the engine)."""
    if isinstance(answer, OneOf):
        return rng.choice(answer.choices).value
    if isinstance(answer, Number):
        return rng.randint(answer.low, answer.high)
    if isinstance(answer, Cards):
        values = [option.value for option in answer.options.options]
        if answer.blank and rng.random() < 0.25:
            return [] if answer.many else ""
        if answer.many:
            return rng.sample(values, rng.randint(1, min(3, len(values))))
        return rng.choice(values)
    if isinstance(answer, Several):
        if answer.blank is not None and rng.random() < 0.5:
            return list(answer.blank)
        most = answer.least + 2 if answer.most is None else answer.most
        count = rng.randint(answer.least, most)
        if answer.distinct and isinstance(answer.part, OneOf):  # none may repeat
            choices = answer.part.choices
            return [c.value for c in rng.sample(choices, min(count, len(choices)))]
        return [sample(answer.part, rng) for _ in range(count)]
    if isinstance(answer, Parts):
        return tuple(sample(part, rng) for part in answer.parts)
    if isinstance(answer, AnyOf):
        return sample(answer.ways[0], rng)
    if isinstance(answer, Pad):
        return [rng.randint(line.low, min(line.high, line.low + 20)) for line in answer.lines]
    raise AssertionError(f"an answer kind the tests cannot play: {type(answer).__name__}")


def options(answer: Answer) -> list[tuple[Answer, Any]]:
    """Every value of an answer that has a short list of them (what a page may offer as
    buttons: a choice's, a small range's, a listed card's), with the answer it is typed in:
    an answer of several parts lists its parts' values."""
    if isinstance(answer, OneOf):
        return [(answer, choice.value) for choice in answer.choices]
    if isinstance(answer, Number):
        count = answer.high - answer.low + 1
        numbers = range(answer.low, answer.high + 1)
        return [(answer, n) for n in numbers] if count <= MOST_NUMBERS else []
    if isinstance(answer, Cards):
        return (
            [(answer, option.value) for option in answer.options.options] if answer.listed else []
        )
    if isinstance(answer, Several):  # the empty answer, when named, is an option too
        empty = [(answer, list(answer.blank or ()))] if answer.empty else []
        return [*options(answer.part), *empty]
    if isinstance(answer, Parts):
        empty = [(answer, tuple(answer.blank or ()))] if answer.empty else []
        return [*(pair for part in answer.parts for pair in options(part)), *empty]
    return []


@dataclass
class TypedPerson:
    """Answers every question from its typed options (seeded); `commands`: status and help
    at the first question of each kind; `undo`: the chance of taking an answer back."""

    seed: int
    commands: bool = True
    undo: float = 0.0
    asked: list[Ask] = field(default_factory=list)
    prompts: list[str] = field(default_factory=list)
    shown: dict[tuple[str, str], int] = field(default_factory=dict)
    """(question's message key, command) -> the position in `out` where what it showed begins."""
    out: io.StringIO | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.kinds: set[str] = set()
        self.pending: list[str] = []
        self.refused = 0
        self.answered = 0

    def __call__(self, prompt: str) -> str:
        ask = getattr(prompt, "ask", None)
        assert isinstance(ask, Ask), f"asked without a question: {prompt!r}"
        assert len(self.asked) < 4000, "the game does not end"
        again = bool(self.asked) and ask is self.asked[-1]
        self.asked.append(ask)
        self.prompts.append(str(prompt))
        if self.commands and ask.prompt not in self.kinds:
            self.kinds.add(ask.prompt)
            self.pending = ["s", "?"]
        if self.pending:
            command = self.pending.pop(0)
            if self.out is not None:
                self.shown[(ask.prompt, command)] = len(self.out.getvalue())
            return command
        self.refused = self.refused + 1 if again else 0
        if self.refused > 30 or (self.answered and self.rng.random() < self.undo):
            self.refused = 0
            return "u"  # nothing it types fits: take the last answer back
        self.answered += 1
        return ask.answer.canonical(sample(ask.answer, self.rng))


def typed(answers: list[str]) -> Any:
    """A person who types `answers` in order (and must not be asked more)."""
    feed: Iterator[str] = iter(answers)
    return lambda prompt: next(feed)


def raw_answers(log: str) -> list[str]:
    """What a person typed, in the words the save file keeps (each answer's `raw`)."""
    events = [json.loads(line) for line in log.splitlines()]
    return [event["raw"] for event in events if event["t"] == "answer" and "raw" in event]
