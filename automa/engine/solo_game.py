"""What the solo games of Asteria, Aristeia! and Ascending Empires share at play time: how a
game starts (its prepared data, mode, level, seed, voice and PRNG streams), which level a
start asks for, and how a question to the person is put. Standard library only, like the
games (it runs on the Play pages too)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Protocol, TypeVar

from starpress.automa.engine.answers import Answer
from starpress.automa.engine.prng import Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import HUMAN, Ask, Say, Start


class Levelled(Protocol):
    """A bot's prepared data with its levels by name (the default first)."""

    @property
    def levels(self) -> Mapping[str, Any]: ...


Data = TypeVar("Data", bound=Levelled)


class SoloGame(Generic[Data]):
    """A game against one bot's automata: `p` its prepared data, `level` its level's numbers,
    `table` whether a person plays at the table (else a simulated game)."""

    level: Any

    def __init__(self, prepared: Data, mode: str, level: str, seed: int, voice: Speaker) -> None:
        self.p = prepared
        self.mode = mode
        self.table = mode != "simulated"
        self.level_name = level
        self.level = prepared.levels[level]
        self.seed = seed
        self.voice = voice
        self.streams = Streams(seed)

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values in words (each game's speech says how)."""
        raise NotImplementedError

    def ask(
        self,
        key: str,
        prompt: str,
        values: dict[str, Any],
        answer: Answer,
        check: Callable[[Any], Any] | None = None,
    ) -> Ask:
        """A question to the person at the table, its values already in words; `check`
        tests an answer against what the program knows of the table."""
        return Ask(HUMAN, key, prompt, self.words(Say(prompt, (), values)), answer, check=check)


def level_of(start: Start, levels: Mapping[str, object]) -> str:
    """The level a game is started with: the one asked for, else the default (the first)."""
    return start.params.get("level") or next(iter(levels))


def source_text(text: Any) -> str:
    """A content text in its source language (the words rules are read from)."""
    return str(getattr(text, "source", text))
