"""The save file (an event log of every action), step-through output, undo and quit.

The event log is the save file: one JSON object per line, appended as the game goes. Its first line
says which game, mode, seed and parameters; every later line is one action of the game state
(`automa.engine.state`): an answer of a player or a chance outcome (a fragment drawn, a
card revealed). `automa.engine.driver` takes them from the log while there are logged
events (replay, resume, undo), and from the players or the PRNG after. Replaying therefore never
needs the PRNG, and a replay prints the same transcript.

Save-file format, version `LOG_VERSION` (6): one JSON object per line, keys sorted.
start: {"t": "start", "v": 6, "game", "mode", "seed", "lang", "params", "content", ["stamp"],
"h"} answer: {"t": "answer", "key", "value", ["raw"], "h"} chance: {"t": "chance", "key",
"value", "h"} `raw` is the answer in words every language parses (a card's printed mark, a
colour's key, a number; what was typed when the question has no such words), parsed again on
replay, so a log replays in any language (`replay --lang`). `params` are the bot's parameters
(`{"level": "basic"}`, `{"seats": "table"}`), every one written out and checked against the
values the bot declares; `content` is the hash of the bot data and card ids the game was
played with (see `automa.engine.runner.content_hash`); `stamp` says, for people, what the
game was started with: `{"starpress": its version, "content": the game's content version,
"date": its date}` (`starpress.core.edition`; never checked, absent from older logs); `h`
chains every line to the one before it (the first 16 hex digits of sha256(previous h + the
line without h)), so an edited line is found by its line number. The chain catches edits and
damage, not forgery: anyone can recompute it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Protocol, TextIO

from starpress.automa.engine.state import Start
from starpress.core.errors import InputError
from starpress.core.limits import Limits, limits

LOG_VERSION = 6
"""Version of the save-file format written and read (version 1 had no `v`, no chain;
version 2 had a `level` instead of the bot's `params`; version 3 no `raw` answers; version 4
kept `raw` as typed, in the session's language, and asked no end-of-game scores; version 5
asked a person's final score as one number, not on the game's score pad, and asked some
bots' table facts one question at a time)."""
_JSON_VALUE = (str, int, float, bool, list, dict, type(None))
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "start": {"v": (int,), "game": (str,), "mode": (str,), "seed": (int,), "lang": (str,),
              "params": (dict,), "content": (str,)},
    "answer": {"key": (str,), "value": _JSON_VALUE},
    "chance": {"key": (str,), "value": _JSON_VALUE},
}  # fmt: skip
"""Every event kind with its required fields and their types (plus `t` and `h`)."""
_OPTIONAL: dict[str, dict[str, tuple[type, ...]]] = {
    "start": {"stamp": (dict,)},
    "answer": {"raw": (str,)},
}
"""`stamp`: which starpress and which content started the game (for people, never
checked); `raw`: a person's answer in canonical words, parsed again on replay (a modelled
player's answer has none)."""


class SaveFileError(InputError):
    """A save file that cannot be played on: named by its path and line."""


class Undo(Exception):
    """The person asked to take back their last answer."""


class Quit(Exception):
    """The person asked to stop; the game is saved and can be resumed."""


class LogMismatch(Exception):
    """A log that does not fit the game it is replayed into, at event `index`."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


@dataclass
class EventLog:
    """The append-only JSONL log of a game; written line by line when it has a path.

    `events` hold the events without their chain hash; `lines[i]` is the file line of
    event i (for messages).
    """

    path: Path | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> EventLog:
        """Read and check a save file (see `read`), written on as the game goes."""
        with path.open("rb") as handle:
            return cls.read(path, handle, limits(), keep=True)

    @classmethod
    def read(
        cls, path: Path | None, handle: BinaryIO, limit: Limits, keep: bool = False
    ) -> EventLog:
        """Read and check a save file (`path` names it in errors, else only lines are; kept
        as the log's file when `keep`): every line bounded, UTF-8 JSON of a known event
        kind with its fields, the chain of hashes unbroken, the format version ours."""
        events: list[dict[str, Any]] = []
        lines: list[int] = []
        hashes: list[str] = []
        number = 0
        while True:
            raw = handle.readline(limit.save_line_bytes + 1)  # never a whole huge line
            if not raw:
                break
            number += 1
            if len(raw) > limit.save_line_bytes:
                raise SaveFileError(
                    path, f"line too long (over {limit.save_line_bytes} bytes)", number
                )
            if not raw.strip():
                continue
            if len(events) >= limit.save_events:
                raise SaveFileError(path, f"too many events (over {limit.save_events})", number)
            event = _parse_line(path, number, raw)
            if not events:
                _check_version(path, number, event)
            hashes.append(_check_event(path, number, event, hashes, first=not events))
            events.append(event)
            lines.append(number)
        if not events:
            raise SaveFileError(
                path, "empty save file: a game log starts with its 'start' event", 1
            )
        return cls(path if keep else None, events, lines, hashes)

    def line_of(self, index: int) -> int:
        """The file line of event `index` (the line after the last for a missing event)."""
        if index < len(self.lines):
            return self.lines[index]
        return (self.lines[-1] + 1) if self.lines else 1

    def append(self, event: dict[str, Any]) -> None:
        """Append one event and its chain hash.

        Append + flush + fsync rather than temp + rename: the log only grows, one write per
        line, so a crash can at worst leave the last line unfinished (refused on load by its
        chain), never lose or reorder earlier lines; rewriting the whole file per answer
        would cost more for nothing. Undo, which shortens the file, does temp + rename.
        """
        self.lines.append(self.line_of(len(self.events)))
        self.events.append(event)
        self.hashes.append(_link(self.hashes[-1] if self.hashes else "", event))
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(_canonical({**event, "h": self.hashes[-1]}) + "\n")
                handle.flush()
                os.fsync(handle.fileno())

    def drop_last_answer(self) -> bool:
        """Remove the last answer and what followed it (undo); False if there is none."""
        for index in range(len(self.events) - 1, 0, -1):
            if self.events[index].get("t") == "answer":
                del self.events[index:], self.hashes[index:], self.lines[index:]
                self._rewrite()
                return True
        return False

    def text(self) -> str:
        """The save file's text: one line per event, each with its chain hash."""
        pairs = zip(self.events, self.hashes, strict=True)
        return "".join(_canonical({**event, "h": h}) + "\n" for event, h in pairs)

    def _rewrite(self) -> None:
        if self.path is not None:
            temporary = self.path.with_name(f".{self.path.name}.part")
            with temporary.open("w", encoding="utf-8") as handle:
                handle.write(self.text())
                handle.flush()
                os.fsync(handle.fileno())
            temporary.replace(self.path)
            self.lines = list(range(1, len(self.events) + 1))


def _canonical(event: dict[str, Any]) -> str:
    return json.dumps(event, ensure_ascii=False, sort_keys=True)


def _link(previous: str, event: dict[str, Any]) -> str:
    """The chain hash of an event (without its own `h`) after the line hashed `previous`."""
    return hashlib.sha256((previous + _canonical(event)).encode("utf-8")).hexdigest()[:16]


def _parse_line(path: Path | None, number: int, raw: bytes) -> dict[str, Any]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(path, "not UTF-8 text (a binary file?)", number) from None
    try:
        event = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(path, f"not a log line ({error.msg})", number) from None
    except ValueError:  # json's other refusal: an integer over Python's digit limit
        digits = sys.get_int_max_str_digits()
        message = f"not a log line (a number of more than {digits} digits)"
        raise SaveFileError(path, message, number) from None
    except RecursionError:
        raise SaveFileError(path, "not a log line (nested too deep)", number) from None
    if not isinstance(event, dict):
        raise SaveFileError(path, "not a log line (not a JSON object)", number)
    if "\\u" in text:  # JSON lets "\ud800" stand alone; the chain hashes UTF-8, which cannot
        try:
            _canonical(event).encode("utf-8")
        except UnicodeEncodeError as error:
            half = f"\\u{ord(error.object[error.start]):04x}"
            message = f"not a log line ({half} is half of a character, not text)"
            raise SaveFileError(path, message, number) from None
    return event


def _check_version(path: Path | None, number: int, event: dict[str, Any]) -> None:
    if event.get("t") != "start":
        raise SaveFileError(path, "a game log starts with its 'start' event", number)
    version = event.get("v", 1)
    if version == LOG_VERSION:
        return
    if isinstance(version, int) and version < LOG_VERSION:
        raise SaveFileError(
            path, f"made by an older format (version {version}); start a new game", number
        )
    raise SaveFileError(
        path, f"format version {version!r}; this starpress reads version {LOG_VERSION}", number
    )


def _check_event(
    path: Path | None, number: int, event: dict[str, Any], hashes: list[str], first: bool
) -> str:
    """Check an event's kind, fields and chain hash; return the hash (and drop `h`)."""
    kind = event.get("t")
    if kind not in _FIELDS or (kind == "start") != first:
        where = "first" if first else "a later"
        raise SaveFileError(
            path, f"unknown or misplaced event kind {kind!r} ({where} line)", number
        )
    fields = {**_FIELDS[kind], **_OPTIONAL.get(kind, {})}
    for name, types in fields.items():
        if name not in event and name not in _OPTIONAL.get(kind, {}):
            raise SaveFileError(path, f"{kind} event without '{name}'", number)
        value = event.get(name)
        if name in event and (
            not isinstance(value, types) or (isinstance(value, bool) and bool not in types)
        ):
            raise SaveFileError(path, f"{kind} event: '{name}' has the wrong type", number)
    unknown = set(event) - set(fields) - {"t", "h"}
    if unknown:
        raise SaveFileError(path, f"{kind} event with unknown field '{sorted(unknown)[0]}'", number)
    given = event.pop("h", None)
    expected = _link(hashes[-1] if hashes else "", event)
    if given != expected:
        raise SaveFileError(
            path, "this line was edited or damaged (its hash does not match)", number
        )
    return expected


class Speaker(Protocol):
    """Turns a message key and its values into text in the session's language."""

    def __call__(self, key: str, **values: Any) -> str: ...


@dataclass
class Output:
    """Where the transcript goes: text (citing rules by title) or JSON lines (by id)."""

    stream: TextIO
    as_json: bool = False
    quiet: bool = False
    cite: Callable[[str], str] = str
    """A rule's name as the text transcript cites it (its title in the session's language)."""

    def step(self, key: str, text: str, rules: tuple[str, ...], values: dict[str, Any]) -> None:
        """One step said: its text, then the rules it follows (text: `  [a; b]` by their
        titles; JSON: a list of rule ids)."""
        if self.quiet:
            return
        if self.as_json:
            line = {"step": key, "rule": list(rules), "text": text, "values": values}
            self.stream.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
        else:
            cited = "; ".join(self.cite(rule) for rule in rules)
            self.stream.write(f"{text}  [{cited}]\n" if rules else f"{text}\n")
            if isinstance(values.get("table"), dict):
                self.stream.write("".join(f"{row}\n" for row in table_lines(values["table"])))
        self.stream.flush()


def table_lines(table: Mapping[str, Any]) -> list[str]:
    """A score table (`automa.engine.state.score_table`, in words) as lines of text: a
    column per player, a row per line of the pad, then the totals; nothing where a player
    scores nothing on a line."""
    players = [str(player) for player in table["players"]]
    rows = [(str(label), cells) for label, cells in table["rows"]]
    rows.append((str(table.get("total_label", "")), table["total"]))
    first = max(len(label) for label, _ in rows)
    widths = [max(len(player), 4) for player in players]
    lines = [
        "  " + " " * first + "".join(f"  {p:>{w}}" for p, w in zip(players, widths, strict=True))
    ]
    for label, cells in rows:
        shown = ("" if cell is None else str(cell) for cell in cells)
        lines.append(
            f"  {label:<{first}}"
            + "".join(f"  {c:>{w}}" for c, w in zip(shown, widths, strict=True))
        )
    return lines


def check_start(
    log: EventLog,
    modes: tuple[str, ...],
    languages: tuple[str, ...],
    declared: Mapping[str, tuple[str, ...]],
    content: str,
    game: str,
) -> Start:
    """The start settings of a log (its first event), checked against what the game plays:
    its modes and languages, its bot's parameters (`declared`: name -> values) and the hash
    of the content it was played with (`content`)."""
    start = log.events[0]
    line = log.line_of(0)
    for name, allowed in (("mode", modes), ("lang", languages)):
        if start.get(name) not in allowed:
            raise SaveFileError(log.path, f"start event: unknown {name} {start.get(name)!r}", line)
    params = start["params"]
    for name, value in params.items():
        if name not in declared:
            raise SaveFileError(log.path, f"start event: unknown parameter {name!r}", line)
        if value not in declared[name]:
            raise SaveFileError(log.path, f"start event: unknown {name} {value!r}", line)
    missing = sorted(set(declared) - set(params))
    if missing:
        raise SaveFileError(log.path, f"start event without parameter '{missing[0]}'", line)
    if not 0 <= start["seed"] < 2**64:
        raise SaveFileError(log.path, f"start event: seed out of range ({start['seed']})", line)
    if start["content"] != content:
        raise SaveFileError(
            log.path, f"played with other {game} content (its bot or cards changed)", line
        )
    return Start(start["mode"], start["seed"], params)
