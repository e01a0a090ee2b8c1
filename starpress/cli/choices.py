"""Languages as the commands offer them, as enums: typer lists them in the help and refuses
any other value (exit 2). The four are `starpress.core.model.LANGUAGES` (tests/test_cli.py
keeps them the same), written out here because the model is too heavy for `--help`."""

from __future__ import annotations

import enum


class Language(enum.StrEnum):
    """A language every game is published in."""

    PT_BR = "pt-BR"
    ES = "es"
    IT = "it"
    EN = "en"


class LanguageSelection(enum.StrEnum):
    """Which languages to print: every one, each game's source language, or one."""

    ALL = "all"
    SOURCE = "source"
    PT_BR = "pt-BR"
    ES = "es"
    IT = "it"
    EN = "en"


class Board(enum.StrEnum):
    """What `starpress new --board` adds (`starpress.cli.scaffold.BOARDS` keeps the same)."""

    NONE = "none"
    HEX = "hex"
    SQUARE = "square"
