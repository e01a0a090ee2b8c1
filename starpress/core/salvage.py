"""The texts of a content file that did not validate, so that their icons and
cross-references are checked in the same run as its schema errors.

The file's data is validated again with each invalid part stood in for (a bad string,
number or choice by a harmless value of the right kind) or left out (an unknown field, a
value with no stand-in, then the record that lacks it), round after round, until what is
left validates; its texts come back with their paths in the original file. Stand-ins hold
no markup, so they add no problem of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic_core import ErrorDetails

from starpress.core.model import ContentFile, PathKey, texts_with_paths
from starpress.core.problems import data_path
from starpress.core.text import Text

Validate = Callable[[Any], tuple[ContentFile | None, list[ErrorDetails]]]
"""A file's data -> its validated content, or None and the errors."""

_MAX_ROUNDS = 64
"""Each round stands in for or leaves out one more level of what failed; nesting is capped
far below this (`starpress/core/limits.yaml`), so it is reached only by a bug."""

_NO_STAND_IN = object()
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")


def salvaged_texts(data: Any, validate: Validate) -> list[tuple[Text, PathKey]]:
    """Every text of the part of `data` that validates, with its path in `data`."""
    left_out: set[PathKey] = set()
    stand_ins: dict[PathKey, Any] = {}
    for _round in range(_MAX_ROUNDS):
        kept = _Pruned(data, left_out, stand_ins)
        content, errors = validate(kept.data)
        if content is not None:
            return [
                (text, kept.original(path))
                for text, path in texts_with_paths(content)
                if kept.original(path) not in stand_ins
            ]
        progress = False
        for error in errors:
            path = data_path(kept.data, error["loc"])
            if error["type"] == "missing" or not _exists(kept.data, path):
                path = path[:-1]  # the record that lacks the field
            where = kept.original(path)
            value = _stand_in(error) if where not in stand_ins else _NO_STAND_IN
            if value is not _NO_STAND_IN and path and error["type"] != "missing":
                stand_ins[where] = value
                progress = True
            elif where and where not in left_out:
                left_out.add(where)
                progress = True
        if not progress:
            return []  # the whole file is wrong, or nothing more can be done
    return []


def _stand_in(error: ErrorDetails) -> Any:
    """A value of the kind the error asks for, or _NO_STAND_IN."""
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind == "string_type":
        return "x"
    if kind in ("int_type", "int_parsing", "int_from_float", "float_type", "float_parsing"):
        return 1
    if kind == "bool_type" or kind == "bool_parsing":
        return False
    if kind == "greater_than_equal" and isinstance(ctx.get("ge"), int | float):
        return ctx["ge"]
    if kind == "greater_than" and isinstance(ctx.get("gt"), int):
        return ctx["gt"] + 1
    if kind == "literal_error":
        first = _QUOTED.search(str(ctx.get("expected", "")))
        return first.group(1) if first else _NO_STAND_IN
    return _NO_STAND_IN


class _Pruned:
    """`data` without the parts at `left_out`, with the values at `stand_ins` replaced, and
    how its list positions map back."""

    def __init__(self, data: Any, left_out: set[PathKey], stand_ins: dict[PathKey, Any]) -> None:
        self.left_out = left_out
        self.stand_ins = stand_ins
        self.positions: dict[PathKey, list[int]] = {}
        self.data = self._copy(data, ())

    def _copy(self, node: Any, path: PathKey) -> Any:
        if path in self.stand_ins:
            return self.stand_ins[path]
        if isinstance(node, dict):
            return {
                key: self._copy(value, (*path, key))
                for key, value in node.items()
                if (*path, key) not in self.left_out
            }
        if isinstance(node, list):
            kept = [n for n in range(len(node)) if (*path, n) not in self.left_out]
            self.positions[path] = kept
            return [self._copy(node[n], (*path, n)) for n in kept]
        return node

    def original(self, path: PathKey) -> PathKey:
        """The path in the original data of a path in the pruned data."""
        found: list[str | int] = []
        for part in path:
            positions = self.positions.get(tuple(found))
            if positions is not None and isinstance(part, int) and part < len(positions):
                part = positions[part]
            found.append(part)
        return tuple(found)


def _exists(data: Any, path: PathKey) -> bool:
    for part in path:
        in_dict = isinstance(data, dict) and part in data
        in_list = isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        if not (in_dict or in_list):
            return False
        data = data[part]
    return True
