"""YAML with positions: plain Python data plus the line and column of every key and value.

PyYAML's C composer builds the node graph fast and each node carries its start mark; we
turn nodes into plain dicts, lists and scalars ourselves so that every value can be found
again by its path (`("rules", 3, "title")`) when a message has to point at it.

Hostile files are refused before any data is built: the file is read up to its size limit,
then its event stream is checked (no anchors or aliases, so no "billion laughs"; nesting,
string length and node count within `starpress/limits.yaml`), then it is composed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from starpress.errors import InputError
from starpress.limits import limits, read_capped

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's fast parser when it is there; the pure-Python one otherwise."""

PathKey = tuple[str | int, ...]
_STR = "tag:yaml.org,2002:str"


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
        _check_events(text)
        try:
            node = yaml.compose(text, Loader=_Loader)
        except yaml.MarkedYAMLError as error:
            raise _syntax_error(error) from None
        if node is None:
            raise _Refusal(1, 1, "empty file: expected a mapping of keys to values")
        if not isinstance(node, yaml.MappingNode):
            raise _Refusal(
                *_pos(node), "the file must be a mapping of keys to values, not a list or value"
            )
        located = Located(data=None, text=text)
        located.data = _Builder(located).build(node, ())
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


def _check_events(text: str) -> None:
    """Refuse anchors, aliases and too deep, too long or too many nodes from the event
    stream, before a node graph exists: an alias bomb stops at its first anchor."""
    limit = limits()
    depth = 0
    nodes = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent):
                raise _Refusal(*_mark(event), "YAML aliases (*name) are not allowed")
            if isinstance(event, yaml.NodeEvent) and event.anchor is not None:
                raise _Refusal(*_mark(event), "YAML anchors (&name) are not allowed")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > limit.yaml_depth:
                    raise _Refusal(
                        *_mark(event), f"nested too deep (over {limit.yaml_depth} levels)"
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent) and len(event.value) > limit.yaml_string_chars:
                raise _Refusal(
                    *_mark(event), f"text too long (over {limit.yaml_string_chars} characters)"
                )
            if isinstance(event, yaml.NodeEvent):
                nodes += 1
                if nodes > limit.yaml_nodes:
                    raise _Refusal(*_mark(event), f"too many values (over {limit.yaml_nodes})")
    except yaml.MarkedYAMLError as error:
        raise _syntax_error(error) from None


def _syntax_error(error: yaml.MarkedYAMLError) -> YamlSyntaxError:
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = error.problem or error.context or "invalid YAML"
    return YamlSyntaxError(line, col, f"YAML syntax: {problem}")


def _mark(event: yaml.Event) -> tuple[int, int]:
    mark = event.start_mark
    return (mark.line + 1, mark.column + 1) if mark else (1, 1)


class _Builder:
    """Turns a node graph into plain data, recording positions on the way."""

    def __init__(self, out: Located) -> None:
        self.out = out
        self.constructor = yaml.constructor.SafeConstructor()

    def build(self, node: yaml.Node, path: PathKey) -> Any:
        out = self.out
        out.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            mapping: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise _Refusal(*_pos(key_node), "YAML merge keys (<<) are not allowed")
                key = self.scalar(key_node)
                if not isinstance(key, str | int | float | bool):
                    raise YamlSyntaxError(
                        *_pos(key_node), "YAML: mapping keys must be plain values"
                    )
                key = str(key)
                if key in mapping:
                    raise YamlSyntaxError(*_pos(key_node), f"duplicate key '{key}'")
                out.keys[(*path, key)] = _pos(key_node)
                mapping[key] = self.build(value_node, (*path, key))
            return mapping
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, index)) for index, item in enumerate(node.value)]
        return self.scalar(node)

    def scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise YamlSyntaxError(*_pos(node), "YAML: expected a plain value here")
        if node.tag == _STR:  # most values: the text as written, nothing to construct
            return node.value
        try:
            return self.constructor.construct_object(node)
        except yaml.constructor.ConstructorError as error:
            raise YamlSyntaxError(*_pos(node), f"YAML: {error.problem}") from None


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1
