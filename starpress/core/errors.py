"""The one error type for bad input, and how it is shown: `path[:line[:col]]: message`.

Every boundary (YAML, layouts, catalogs, images, save files, options) raises `InputError`
with a project-relative path; `starpress.cli.main` prints it as one line and exits 2.
Anything else that escapes is a bug in starpress: the CLI prints a one-line summary first,
then the traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

EXIT_INPUT = 2
"""Exit code for bad input of any kind (content, layouts, catalogs, save files, options)."""


class InputError(Exception):
    """Input that starpress refuses, located as precisely as it is known."""

    def __init__(
        self, path: str | Path | None, message: str, line: int | None = None, col: int | None = None
    ) -> None:
        self.path = shown_path(path) if path is not None else None
        self.line = line
        self.col = col
        self.message = message
        super().__init__(str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields, whatever its subclass's arguments: a worker process of a
        build raises one, and the parent says it (Exception's default pickles `str(self)`
        as the only argument, which no subclass takes)."""
        return (_unpickled, (type(self), self.__dict__))

    def __str__(self) -> str:
        if self.path is None:
            return f"line {self.line}: {self.message}" if self.line is not None else self.message
        where = self.path
        if self.line is not None:
            where += f":{self.line}"
            if self.col is not None:
                where += f":{self.col}"
        return f"{where}: {self.message}"


def _unpickled(kind: type[InputError], fields: dict[str, Any]) -> InputError:
    error = kind.__new__(kind)
    error.__dict__.update(fields)
    error.args = (str(error),)
    return error


def shown_path(path: str | Path) -> str:
    """A path as messages show it: relative to the working directory when under it, else as
    given when it is already relative, else only its last parts (never a machine's layout)."""
    candidate = Path(path)
    if not candidate.is_absolute():
        return str(candidate)
    try:
        return str(candidate.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    parts = candidate.parts
    for anchor in ("content", "templates", "build", "site"):
        if anchor in parts:
            return str(Path(*parts[len(parts) - 1 - parts[::-1].index(anchor) :]))
    return candidate.name
