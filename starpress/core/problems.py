"""Content problems located at `path:line:col`: one `Problem`, the `ContentError` listing them,
and pydantic's validation errors worded as problems people can act on."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from starpress.core import sheets
from starpress.core.errors import InputError
from starpress.core.model import LANGUAGES, PathKey
from starpress.core.yamlpos import Located

_LANGUAGE_FIELDS = {"languages", "source_language"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, pointing at the exact place.

    `unreadable`: the file could not be read at all (YAML syntax, a sheet's cells, not a
    mapping), so nothing in it is known and what other files say about its records may be
    a knock-on of this problem: such problems are listed first.
    """

    path: str
    line: int
    col: int
    message: str
    unreadable: bool = False

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"

    @property
    def where(self) -> str:
        """`path:line:col` (a sheet's cell as the sheet names it)."""
        return sheets.shown_position(self.path, self.line, self.col)


class ContentError(Exception):
    """The content has problems; `problems` lists every one of them: first the files that
    could not be read, then every other problem by file, line and column."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(
            problems,
            key=lambda problem: (not problem.unreadable, problem.path, problem.line, problem.col),
        )
        super().__init__("\n".join(str(problem) for problem in self.problems))

    def __reduce__(self) -> tuple[type[ContentError], tuple[list[Problem]]]:
        """Pickled with its problems (as a process pool hands a worker's error back), not
        with the message its constructor made from them."""
        return (type(self), (self.problems,))

    def summary(self) -> str:
        """How many problems in how many files, and how many of them are knock-ons."""
        from starpress.core.counts import count

        files = len({problem.path for problem in self.problems})
        said = (
            f"{count(len(self.problems), 'problem', 'problems')} in {count(files, 'file', 'files')}"
        )
        knock_ons = sum(1 for problem in self.problems if KNOCK_ON in problem.message)
        return (
            f"{said}, {knock_ons} of them {'a knock-on' if knock_ons == 1 else 'knock-ons'}"
            if knock_ons
            else said
        )


KNOCK_ON = "(knock-on of "
"""How a problem that may only follow from a file that could not be read says so:
`unknown id 'x' (knock-on of content/g/glossary.yaml:4:10, which could not be read)`."""


def display_path(path: Path) -> str:
    """A path as shown in messages: relative to the working directory when under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def validation_problems(path: Path, located: Located, error: ValidationError) -> list[Problem]:
    """One problem per pydantic error, pointing at the YAML key or value it is about."""
    return [validation_problem(path, located, detail) for detail in error.errors()]


def validation_problem(path: Path, located: Located, detail: ErrorDetails) -> Problem:
    """One pydantic error as a problem at the YAML key or value it is about."""
    loc = data_path(located.data, detail["loc"])
    fields = [part for part in detail["loc"] if isinstance(part, str) and part[:1].islower()]
    name = fields[-1] if fields else "value"
    kind = detail["type"]
    given = detail.get("input")
    ctx = detail.get("ctx") or {}
    position = located.value_pos(loc)
    if kind == "extra_forbidden":
        message = f"unknown field '{name}'"
        position = located.key_pos(loc)
    elif kind == "missing":
        message = f"missing field '{name}'"
    elif detail["loc"] and detail["loc"][-1] == "[key]":
        message = _language_message(given) if name != "[key]" else f"bad key {given!r}"
        position = located.key_pos(loc)
    elif kind == "literal_error" and name in _LANGUAGE_FIELDS:
        message = _language_message(given)
    elif kind == "literal_error":
        message = f"{name} must be one of {ctx['expected']} (got {given!r})"
    elif kind in ("greater_than_equal", "greater_than"):
        sign = "≥" if kind == "greater_than_equal" else ">"
        bound = ctx.get("ge", ctx.get("gt"))
        message = f"{name} must be {sign} {bound} (got {given!r})"
    elif kind == "less_than_equal":
        message = f"{name} must be ≤ {ctx.get('le')} (got {given!r})"
    elif kind == "string_pattern_mismatch":
        message = f"{name} {given!r} must be lowercase words joined by '-'"
    elif kind == "too_short":
        message = f"{name} must not be empty"
    elif kind == "value_error":
        message = str(ctx.get("error", detail["msg"]))
    elif kind.endswith("_type") or kind.endswith("_parsing"):
        wanted = detail["msg"].removeprefix("Input should be ").split(",")[0]
        message = f"{name} must be {wanted} (got {_describe(given)})"
    else:
        message = f"{name}: {detail['msg']}"
    return Problem(display_path(path), *position, message)


def refuse_over_limit(path: Path, located: Located, errors: list[ErrorDetails]) -> None:
    """A value over `limits.yaml` (a count of 10⁹ copies) is hostile input, not a typo to
    list with the others: it stops the load at once with one located line."""
    for detail in errors:
        if detail["type"] == "less_than_equal":
            problem = validation_problem(path, located, detail)
            raise InputError(problem.path, problem.message, problem.line, problem.col)


def data_path(data: Any, loc: tuple[int | str, ...]) -> PathKey:
    """The path into the YAML data of a pydantic error location.

    Union and validator tags in the location are skipped; a field that is missing ends the
    path, so its position falls back to the mapping that should hold it.
    """
    path: list[str | int] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and part < len(node)
        if in_dict or in_list:
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part[:1].islower():
            path.append(part)
            break
        else:
            continue
        path.append(part)
    return tuple(path)


def _language_message(given: Any) -> str:
    return f"unknown language {given!r} (languages: {', '.join(LANGUAGES)})"


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)
