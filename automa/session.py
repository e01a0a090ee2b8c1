"""Sessions: answers and chance outcomes as logged events, step-through output, undo.

The event log is the save file: one JSON object per line, appended as the game goes.
Its first line says which game, mode and seed; every later line is one answer of the
person at the table or one chance outcome (a fragment drawn, a card revealed). A game
script asks its `Channel` for each of these; the channel takes them from the log while
there are logged events (replay, resume, undo), and from the person or the PRNG after.
Replaying therefore never needs the PRNG, and a replay prints the same transcript.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

Parse = Callable[[str], Any]


class Undo(Exception):
    """The person asked to take back their last answer."""


class Quit(Exception):
    """The person asked to stop; the game is saved and can be resumed."""


class LogMismatch(Exception):
    """A log that does not fit the game it is replayed into."""


@dataclass
class EventLog:
    """The append-only JSONL log of a game; written line by line when it has a path."""

    path: Path | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> EventLog:
        events = []
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if line.strip():
                try:
                    events.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise LogMismatch(f"{path}:{number}: not a log line ({error.msg})") from None
        if not events or events[0].get("t") != "start":
            raise LogMismatch(f"{path}:1: a game log starts with its 'start' event")
        return cls(path, events)

    def append(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(event, ensure_ascii=False, sort_keys=True) + "\n")

    def drop_last_answer(self) -> bool:
        """Remove the last answer and what followed it (undo); False if there is none."""
        for index in range(len(self.events) - 1, 0, -1):
            if self.events[index].get("t") == "answer":
                del self.events[index:]
                self._rewrite()
                return True
        return False

    def _rewrite(self) -> None:
        if self.path is not None:
            lines = [json.dumps(e, ensure_ascii=False, sort_keys=True) for e in self.events]
            temporary = self.path.with_name(f".{self.path.name}.part")
            temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            temporary.replace(self.path)


class Speaker(Protocol):
    """Turns a message key and its values into text in the session's language."""

    def __call__(self, key: str, **values: Any) -> str: ...


@dataclass
class Output:
    """Where the transcript goes: text (with rule ids) or JSON lines."""

    stream: TextIO
    as_json: bool = False
    quiet: bool = False

    def step(self, key: str, text: str, rule: str | None, values: dict[str, Any]) -> None:
        if self.quiet:
            return
        if self.as_json:
            line = {"step": key, "rule": rule, "text": text, "values": values}
            self.stream.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
        else:
            self.stream.write(f"{text}  [{rule}]\n" if rule else f"{text}\n")
        self.stream.flush()


class Channel:
    """The only way a game script gets answers and chance outcomes, or speaks."""

    def __init__(
        self,
        log: EventLog,
        say: Speaker,
        output: Output,
        read: Callable[[str], str] | None,
        pause: bool = False,
        on_status: Callable[[], None] | None = None,
        quiet_replay: bool = False,
        redraw: bool = True,
    ) -> None:
        self.log = log
        self.quiet_replay = quiet_replay  # resume/undo: say nothing until the game is live
        # resume/undo draw again while replaying, so the bag and the PRNG are where the
        # game left them (and the log is checked against them); `replay` does not draw
        self.redraw = redraw
        self.say_text = say
        self.output = output
        self.read = read
        self.pause = pause
        self.on_status = on_status
        self.cursor = 1  # event 0 is the start event

    @property
    def replaying(self) -> bool:
        return self.cursor < len(self.log.events)

    def _logged(self, kind: str, key: str) -> Any:
        event = self.log.events[self.cursor]
        if event.get("t") != kind or event.get("key") != key:
            raise LogMismatch(
                f"event {self.cursor + 1} is {event.get('t')} '{event.get('key')}',"
                f" the game expected {kind} '{key}'"
            )
        self.cursor += 1
        return event["value"]

    def answer(self, key: str, prompt: str, parse: Parse) -> Any:
        """A validated answer: logged, or asked until it parses (undo/status/quit allowed)."""
        if self.replaying:
            return self._logged("answer", key)
        if self.read is None:
            raise Quit("no more answers in the log")
        while True:
            raw = self.read(f"{prompt}\n> ").strip()
            command = raw.lower()
            if command in ("u", "undo"):
                raise Undo
            if command in ("q", "quit"):
                raise Quit
            if command in ("s", "status") and key != "command" and self.on_status:
                self.on_status()
                continue
            try:
                value = parse(raw)
            except ValueError as error:
                self.output.stream.write(f"{error}\n")
                continue
            self.log.append({"t": "answer", "key": key, "value": value})
            self.cursor += 1
            return value

    def chance(self, key: str, draw: Callable[[], Any]) -> Any:
        """A chance outcome: logged, or drawn now (from the program's own PRNG) and logged."""
        if self.replaying:
            logged = self._logged("chance", key)
            if self.redraw and draw() != logged:
                raise LogMismatch(f"event {self.cursor} ('{key}') is not what this seed draws")
            return logged
        value = draw()
        self.log.append({"t": "chance", "key": key, "value": value})
        self.cursor += 1
        return value

    def say(self, key: str, rule: str | None = None, **values: Any) -> None:
        if self.quiet_replay and self.replaying:
            return
        self.output.step(key, self.say_text(key, **values), rule, values)
        if self.pause and not self.replaying and self.read is not None and rule:
            self.read(self.say_text("continue"))
