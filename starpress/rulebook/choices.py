"""The values of `starpress rulebook`'s choice options, as enums: typer lists them in the help
and refuses any other value (exit 2). Light to import, so `starpress --help` can read them."""

from __future__ import annotations

import enum


class Paper(enum.StrEnum):
    """A paper a book is printed on (the papers of `style.yaml` that have a booklet half
    page: tests/test_rulebook.py keeps the two the same), or every one of them."""

    A4 = "a4"
    LETTER = "letter"
    ALL = "all"
