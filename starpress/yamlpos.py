"""YAML with positions: plain Python data plus the line and column of every key and value.

PyYAML's C composer builds the node graph fast and each node carries its start mark; we
turn nodes into plain dicts, lists and scalars ourselves so that every value can be found
again by its path (`("rules", 3, "title")`) when a message has to point at it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's fast parser when it is there; the pure-Python one otherwise."""

PathKey = tuple[str | int, ...]


class YamlSyntaxError(Exception):
    """A file that is not valid YAML, with the 1-based position of the problem."""

    def __init__(self, line: int, col: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message


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
    """Parse one YAML file; raise YamlSyntaxError for bad syntax or duplicate keys."""
    text = path.read_text(encoding="utf-8")
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or error.context or "invalid YAML"
        raise YamlSyntaxError(line, col, f"YAML syntax: {problem}") from None
    located = Located(data=None, text=text)
    if node is not None:
        located.data = _Builder(located).build(node, ())
    return located


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
        try:
            return self.constructor.construct_object(node)
        except yaml.constructor.ConstructorError as error:
            raise YamlSyntaxError(*_pos(node), f"YAML: {error.problem}") from None


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1
