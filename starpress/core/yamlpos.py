"""YAML with positions: plain Python data plus the line and column of every key and value.

libyaml's C parser gives the events, each with its start mark; one pass over them builds
plain dicts, lists and scalars and records where each value and key starts, so that every
value can be found again by its path (`("rules", 3, "title")`) when a message has to point
at it. No node graph is made (composing one first took twice as long on a big deck).

Hostile files are refused before they cost anything: the file is read up to its size limit,
and each event is checked as it comes (no anchors or aliases, so no "billion laughs";
nesting, string length and node count within `starpress/limits.yaml`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from starpress.core.errors import InputError
from starpress.core.limits import limits, read_capped

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's fast parser when it is there; the pure-Python one otherwise."""

PathKey = tuple[str | int, ...]
_STR = "tag:yaml.org,2002:str"
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
"""What YAML does not allow in a file (its reader's own set): control characters but tab
and line breaks, and the non-characters U+FFFE and U+FFFF."""


def unprintable(text: str) -> str | None:
    """What is wrong with a text holding a character YAML refuses (typically a control
    character copied out of a PDF), or None: the same message for YAML, CSV and XLSX."""
    found = _NOT_PRINTABLE.search(text)
    if found is None:
        return None
    return f"control character U+{ord(found.group()):04X} (copied from a PDF?); delete it"


class YamlRefused(InputError):
    """A file refused whole before its data is built (an alias bomb, over a limit, not
    UTF-8, empty or not a mapping): one located line, and no further checks of the game."""


class _Refusal(Exception):
    def __init__(self, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.line, self.col, self.message = line, col, message


class YamlSyntaxError(InputError):
    """A file that is not valid (or not acceptable) YAML, with the 1-based position."""

    def __init__(self, line: int, col: int, message: str, path: Path | None = None) -> None:
        super().__init__(path, message, line, col)
        self.line: int = line
        self.col: int = col


@dataclass
class Located:
    """A parsed YAML document with the 1-based (line, col) of each value and mapping key."""

    data: Any
    text: str
    values: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    keys: dict[PathKey, tuple[int, int]] = field(default_factory=dict)

    def value_pos(self, path: PathKey) -> tuple[int, int]:
        """Position of the value at `path`, or of the nearest enclosing value that exists."""
        while path not in self.values and path:
            path = path[:-1]
        return self.values.get(path, (1, 1))

    def key_pos(self, path: PathKey) -> tuple[int, int]:
        """Position of the mapping key that holds the value at `path`."""
        return self.keys.get(path) or self.value_pos(path)

    def text_pos(self, path: PathKey, needle: str, offset_hint: int = 0) -> tuple[int, int]:
        """Position of `needle` inside the scalar at `path` (falls back to the scalar's start)."""
        line, col = self.value_pos(path)
        lines = self.text.splitlines(keepends=True)
        start = sum(len(text) for text in lines[: line - 1]) + col - 1
        found = self.text.find(needle, start)
        if found < 0:
            return line, col
        before = self.text[:found]
        found_line = before.count("\n") + 1
        return found_line, found - (before.rfind("\n") + 1) + 1


def load_located(path: Path) -> Located:
    """Parse one YAML file holding a mapping.

    Raises YamlSyntaxError for bad syntax or duplicate keys (the loader collects these with
    the game's other problems), and YamlRefused for anchors, aliases, merge keys, a file
    over the limits, bytes that are not UTF-8, or a file that is empty or not a mapping.
    """
    try:
        text = _read_text(path)
        located = Located(data=None, text=text)
        located.data = _Builder(located).build(text)
        return located
    except YamlSyntaxError as error:
        raise YamlSyntaxError(error.line, error.col, error.message, path) from None
    except _Refusal as refusal:
        raise YamlRefused(path, refusal.message, refusal.line, refusal.col) from None


def _read_text(path: Path) -> str:
    """The file as text, read no further than the size limit; located error on bad UTF-8."""
    limit = limits().yaml_file_bytes
    data = read_capped(path, limit)
    if data is None:
        raise _Refusal(1, 1, f"file too large (over {limit} bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        col = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise _Refusal(line, col, "not UTF-8 text") from None


def _syntax_error(error: yaml.MarkedYAMLError) -> YamlSyntaxError:
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = error.problem or error.context or "invalid YAML"
    return YamlSyntaxError(line, col, f"YAML syntax: {problem}")


def _unprintable_error(text: str) -> YamlSyntaxError:
    found = _NOT_PRINTABLE.search(text)
    if found is None:  # the reader refused something else: no position to give
        return YamlSyntaxError(1, 1, "YAML syntax: a character YAML does not allow")
    before = text[: found.start()]
    line, col = before.count("\n") + 1, found.start() - (before.rfind("\n") + 1) + 1
    return YamlSyntaxError(line, col, str(unprintable(found.group())))


def _mark(event: yaml.Event) -> tuple[int, int]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark else (1, 1)


class _Builder:
    """Plain data and positions from libyaml's event stream, in one pass.

    No node graph is made. Every event is checked against the limits first (an anchor or
    alias, nesting, a long string, the node count), so an alias bomb stops at its first
    anchor. A problem with the document (a second one, a list or value instead of a mapping)
    and then a problem with what is built (a duplicate or non-plain key, a merge key, a value
    no constructor takes) are kept and said at the end, unless the stream is refused first:
    the same problem, at the same place, that PyYAML's composer and constructor would meet.
    """

    def __init__(self, out: Located) -> None:
        self.out = out
        self.limit = limits()
        self.constructor = yaml.constructor.SafeConstructor()
        self.document: YamlSyntaxError | None = None  # a second one
        self.not_a_mapping: _Refusal | None = None
        self.problem: YamlSyntaxError | _Refusal | None = None  # the first one building
        self.open: list[tuple[PathKey, dict[str, Any] | list[Any]]] = []
        self.keys: list[str | None] = []  # per open mapping: the key awaiting its value
        self.root: list[Any] = []

    def build(self, text: str) -> Any:
        try:
            self._events(yaml.parse(text, Loader=_Loader))
        except yaml.MarkedYAMLError as error:
            raise _syntax_error(error) from None
        except yaml.reader.ReaderError:  # a character YAML refuses: said where it is
            raise _unprintable_error(text) from None
        for problem in (self.document, self.not_a_mapping, self.problem):
            if problem is not None:
                raise problem
        if not self.root:
            raise _Refusal(1, 1, "empty file: expected a mapping of keys to values")
        return self.root[0]

    def _events(self, events: Iterator[yaml.Event]) -> None:
        limit = self.limit
        depth = nodes = documents = 0
        for event in events:
            if isinstance(event, yaml.AliasEvent):
                raise _Refusal(*_mark(event), "YAML aliases (*name) are not allowed")
            if isinstance(event, yaml.NodeEvent):
                if event.anchor is not None:
                    raise _Refusal(*_mark(event), "YAML anchors (&name) are not allowed")
                nodes += 1
                if nodes > limit.yaml_nodes:
                    raise _Refusal(*_mark(event), f"too many values (over {limit.yaml_nodes})")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > limit.yaml_depth:
                    message = f"nested too deep (over {limit.yaml_depth} levels)"
                    raise _Refusal(*_mark(event), message)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent):
                if len(event.value) > limit.yaml_string_chars:
                    message = f"text too long (over {limit.yaml_string_chars} characters)"
                    raise _Refusal(*_mark(event), message)
                unwritten = unprintable(event.value)  # written as an escape ("\a")
                if unwritten is not None and self.problem is None:
                    self.problem = YamlSyntaxError(*_mark(event), unwritten)
            elif isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents == 2 and self.document is None:
                    message = "YAML syntax: but found another document"
                    self.document = YamlSyntaxError(*_mark(event), message)
            if not (self.document or self.not_a_mapping or self.problem):
                self._take(event)

    def _take(self, event: yaml.Event) -> None:
        """One event's value, key or end, added to what is being built."""
        if isinstance(event, yaml.CollectionEndEvent):
            _path, container = self.open.pop()
            if isinstance(container, dict):
                self.keys.pop()
            return
        if not isinstance(event, yaml.NodeEvent):
            return
        if not self.open and not isinstance(event, yaml.MappingStartEvent):
            message = "the file must be a mapping of keys to values, not a list or value"
            self.not_a_mapping = _Refusal(*_mark(event), message)
            return
        if self.open and isinstance(self.open[-1][1], dict) and self.keys[-1] is None:
            self._key(event)
            return
        path = self._path()
        self.out.values[path] = _mark(event)
        value: Any
        if isinstance(event, yaml.MappingStartEvent):
            value = {}
        elif isinstance(event, yaml.SequenceStartEvent):
            value = []
        elif isinstance(event, yaml.ScalarEvent):
            value = self.scalar(event)
            if value is _FAILED:
                return
        else:
            return
        self._attach(value)
        if isinstance(value, dict):
            self.keys.append(None)
        if isinstance(event, yaml.CollectionStartEvent):
            self.open.append((path, value))

    def _attach(self, value: Any) -> None:
        if not self.open:
            self.root.append(value)
            return
        container = self.open[-1][1]
        if isinstance(container, list):
            container.append(value)
        else:
            container[str(self.keys[-1])] = value
            self.keys[-1] = None

    def _path(self) -> PathKey:
        if not self.open:
            return ()
        path, container = self.open[-1]
        if isinstance(container, list):
            return (*path, len(container))
        return (*path, str(self.keys[-1]))

    def _key(self, event: yaml.NodeEvent) -> None:
        tag = _resolved(event) if isinstance(event, yaml.ScalarEvent) else _tag(event)
        if tag == "tag:yaml.org,2002:merge":
            self.problem = _Refusal(*_mark(event), "YAML merge keys (<<) are not allowed")
            return
        if not isinstance(event, yaml.ScalarEvent):
            self.problem = YamlSyntaxError(*_mark(event), "YAML: expected a plain value here")
            return
        key = self.scalar(event)
        if key is _FAILED:
            return
        if not isinstance(key, str | int | float | bool):
            message = "YAML: mapping keys must be plain values"
            self.problem = YamlSyntaxError(*_mark(event), message)
            return
        key = str(key)
        path, mapping = self.open[-1]
        if key in mapping:
            self.problem = YamlSyntaxError(*_mark(event), f"duplicate key '{key}'")
            return
        self.out.keys[(*path, key)] = _mark(event)
        self.keys[-1] = key

    def scalar(self, event: yaml.ScalarEvent) -> Any:
        """The scalar's value as PyYAML's safe loader makes it; `_FAILED` once a problem is
        kept."""
        tag = _resolved(event)
        if tag == _STR:  # most values: the text as written, nothing to construct
            return event.value
        start: Any = event.start_mark  # libyaml's marks: PyYAML's own, duck-typed
        node = yaml.ScalarNode(tag, event.value, start, start, event.style)
        try:
            return self.constructor.construct_object(node)
        except yaml.constructor.ConstructorError as error:
            self.problem = YamlSyntaxError(*_mark(event), f"YAML: {error.problem}")
        except (ValueError, IndexError):  # `!!int x`, `!!float ''`: PyYAML's own errors
            kind = tag.rsplit(":", 1)[-1]
            message = f"YAML: {event.value[:40]!r} cannot be read as {kind}"
            self.problem = YamlSyntaxError(*_mark(event), message)
        return _FAILED


_FAILED = object()
_RESOLVER: Any = yaml.resolver.Resolver()
_IMPLICIT_FIRST = frozenset(yaml.resolver.Resolver.yaml_implicit_resolvers)
"""The first characters of a plain scalar that may make it other than a string."""


def _tag(event: yaml.NodeEvent) -> str | None:
    tag = getattr(event, "tag", None)  # a collection's own tag, if it was given one
    return str(tag) if tag is not None else None


def _resolved(event: yaml.ScalarEvent) -> str:
    """The scalar's tag: its own, else what the safe loader's resolver makes of it."""
    if event.tag is not None and event.tag != "!":
        return str(event.tag)
    plain_text = event.value and event.value[0] not in _IMPLICIT_FIRST
    if (not event.implicit[0] or plain_text) and None not in _IMPLICIT_FIRST:
        return _STR
    return str(_RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit))
