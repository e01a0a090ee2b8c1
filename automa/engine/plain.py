"""A bot's prepared data as JSON, and back: how a Play page gets what a session prepares.

`encode` turns what a bot's `prepare` made from the content (dataclasses, the content's
records, tuples, dicts with number keys, texts) into JSON-ready values; `decode` builds them
again with the standard library only, so the browser needs neither pydantic nor YAML:

    {"$t": [...]}                      a tuple
    {"$m": [ [key, value], ... ]}      a dict whose keys are not all strings (or start "$")
    {"$d": "module:Class", "v": {...}} a dataclass of `automa` (its attributes)
    {"$r": "Class", "v": {...}}        a content record (pydantic): a `Record` of its fields
    {"$x": [text, id, source, fallback, where]}   a `starpress.core.text.Text`

Only dataclasses of the modules in ALLOWED are built again, so a page's data names no other
code. Objects are copied, never shared: prepared data is read, not changed, by a game.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from typing import Any

from starpress.core.text import Text

ALLOWED = ("starpress.automa.", "starpress.core.text")
"""The modules whose dataclasses a page's data may name."""


class Record:
    """A content record (a pydantic model at build time) in the browser: its fields as
    read-only attributes, compared by value."""

    _kind: str
    _fields: dict[str, Any]

    def __init__(self, kind: str, fields: Mapping[str, Any]) -> None:
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_fields", dict(fields))
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{self._kind} is read-only")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and (self._kind, self._fields) == (
            other._kind,
            other._fields,
        )

    def __hash__(self) -> int:
        return hash(self._kind)

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={value!r}" for name, value in self._fields.items())
        return f"{self._kind}({inner})"

    def model_dump(self) -> dict[str, Any]:
        return dict(self._fields)


def encode(value: Any, where: str = "prepared") -> Any:
    """`value` as JSON-ready data (TypeError naming `where` for what cannot be)."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, Text):
        return {"$x": [str(value), value.id, value.source, value.fallback, value.where]}
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return [encode(item, f"{where}[{n}]") for n, item in enumerate(value)]
    if isinstance(value, tuple):
        return {"$t": [encode(item, f"{where}[{n}]") for n, item in enumerate(value)]}
    if isinstance(value, dict):
        if all(isinstance(key, str) and not key.startswith("$") for key in value):
            return {key: encode(item, f"{where}.{key}") for key, item in value.items()}
        return {"$m": [_pair(key, item, where) for key, item in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        fields = vars(value) if hasattr(value, "__dict__") else {
            f.name: getattr(value, f.name) for f in dataclasses.fields(value)
        }  # fmt: skip
        data = {name: encode(item, f"{where}.{name}") for name, item in fields.items()}
        return {"$d": f"{kind.__module__}:{kind.__qualname__}", "v": data}
    model_fields = getattr(type(value), "model_fields", None)
    if isinstance(model_fields, dict):  # a content record (pydantic), read as its fields
        data = {name: encode(getattr(value, name), f"{where}.{name}") for name in model_fields}
        return {"$r": type(value).__name__, "v": data}
    raise TypeError(f"{where}: a {type(value).__name__} cannot go to a page")


def _pair(key: Any, value: Any, where: str) -> list[Any]:
    return [encode(key, where), encode(value, f"{where}[{key!r}]")]


def decode(data: Any) -> Any:
    """The values `encode` made, built again (ValueError for data it never makes)."""
    if isinstance(data, list):
        return [decode(item) for item in data]
    if not isinstance(data, dict):
        return data
    if "$t" in data:
        return tuple(decode(item) for item in data["$t"])
    if "$m" in data:
        return {decode(k): decode(v) for k, v in data["$m"]}
    if "$x" in data:
        text, text_id, source, fallback, where = data["$x"]
        return Text(text, text_id, source, fallback, tuple(where) if where else None)
    if "$r" in data:
        return Record(str(data["$r"]), {k: decode(v) for k, v in data["v"].items()})
    if "$d" in data:
        return _dataclass(str(data["$d"]), {k: decode(v) for k, v in data["v"].items()})
    return {key: decode(item) for key, item in data.items()}


def _dataclass(name: str, fields: dict[str, Any]) -> Any:
    module, _, qualname = name.partition(":")
    if not module.startswith(ALLOWED) or not qualname.isidentifier():
        raise ValueError(f"data names code outside the bots: {name!r}")
    kind = getattr(importlib.import_module(module), qualname, None)
    if not isinstance(kind, type) or not dataclasses.is_dataclass(kind):
        raise ValueError(f"not a dataclass of the bots: {name!r}")
    made = object.__new__(kind)
    for field_name, value in fields.items():
        object.__setattr__(made, field_name, value)
    return made
