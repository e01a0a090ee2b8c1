"""The registry of bots: which bot reads a game's `automa:` data, found by its `kind`.

A bot is an object with a `kind` and the pydantic model of its data (`data`, an `Automa`);
the automa package gives it everything else (its game script, parameters, players). The
loader asks this registry for the model of each `automa:` record it reads, so a bot's data
model ships with the bot, and `starpress.core.model` knows only the `Automa` base.

A bot is found, in this order, among:

1. bots registered in this process with `register` (tests, notebooks, plug-ins);
2. the `starpress.core.bots` entry points of installed packages (name = kind, value = the bot);
3. the bots that ship with starpress (`BUILTIN`, also declared as entry points in
   pyproject.toml; listed here too so a source checkout finds them without reinstalling).

Modules are imported only when a kind is looked up, so `starpress --help` stays fast.
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import Protocol

from starpress.core.model import Automa

ENTRY_POINTS = "starpress.bots"
BUILTIN = {
    "afternova-bot": "starpress.automa.games.afternova.bot:BOT",
    "aristeia-automaton": "starpress.automa.games.aristeia.bot:BOT",
    "ascending-empires-automaton": "starpress.automa.games.ascending_empires.bot:BOT",
    "asteria-automaton": "starpress.automa.games.asteria.bot:BOT",
    "deck-automaton": "starpress.automa.deck.bot:BOT",
    "luna-maris-automaton": "starpress.automa.games.luna_maris.bot:BOT",
}


class BotEntry(Protocol):
    """What the loader needs of a bot: the kind it answers to and its data model."""

    @property
    def kind(self) -> str: ...

    @property
    def data(self) -> type[Automa]: ...


_registered: dict[str, BotEntry] = {}


def register(bot: BotEntry) -> None:
    """Make `bot` the reader of every `automa:` record of its kind (last one wins)."""
    _registered[bot.kind] = bot


def find(kind: str) -> BotEntry | None:
    """The bot of a kind, or None when no registered, installed or built-in bot has it."""
    if kind in _registered:
        return _registered[kind]
    for entry in metadata.entry_points(group=ENTRY_POINTS):
        if entry.name == kind:
            bot: BotEntry = entry.load()
            register(bot)
            return bot
    if kind in BUILTIN:
        module, _, name = BUILTIN[kind].partition(":")
        bot = getattr(importlib.import_module(module), name)
        register(bot)
        return bot
    return None


def known_kinds() -> list[str]:
    """Every kind a bot can be found for (for messages)."""
    installed = {entry.name for entry in metadata.entry_points(group=ENTRY_POINTS)}
    return sorted(set(_registered) | installed | set(BUILTIN))
