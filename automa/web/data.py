"""The data of a bot's Play page, made at build time from the content (`automa.web.page`
reads it in the browser): the bot's prepared data and words in the page's language, its parameters,
the content hash save files are checked against, the stamp they carry, and the site's links to the
rules its steps follow.
JSON only: the browser needs no pydantic and no YAML.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from starpress.automa.engine import plain
from starpress.automa.engine.registry import bot_of
from starpress.automa.engine.runner import content_hash
from starpress.automa.engine.state import Start
from starpress.automa.engine.voice import words_of
from starpress.automa.web.page import DATA_VERSION, MODE
from starpress.core.limits import limits
from starpress.core.model import LANGUAGES, Game


def program_of(game: Game) -> str | None:
    """The module of the program a Play page runs for `game`: a bot that ships with
    starpress (`automa.*`, checked to load on the standard library alone); None for a game
    without one, or whose bot is installed from elsewhere (its page would need its code)."""
    bot = bot_of(game)
    module = bot.new_program.__module__ if bot is not None else ""
    return module if module.startswith("starpress.automa.") else None


def page_data(
    source: Game,
    game: Game,
    lang: str,
    rules: Mapping[str, str] | None = None,
    stamp: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The Play page data of `game` (localised to `lang`; `source`: the same game as read,
    whose content hash save files carry), with `rules` (rule id -> link from the page) and
    the `stamp` a save file started on the page carries (`Stamp.record`)."""
    bot = bot_of(game)
    if bot is None:
        raise ValueError(f"{game.id} has no bot")
    program = bot.new_program
    words = words_of(game, lang)
    parameters = []
    for parameter in bot.parameters:
        played = (Start(MODE, 0, {parameter.name: value}) for value in parameter.values(game))
        values = [start.params[parameter.name] for start in played if bot.check(start) is None]
        default = parameter.default_for(game)
        keys = {value: f"{parameter.name}_{value}" for value in values}  # level_easy: fácil
        named = {v: words(key) if key in words.messages else v for v, key in keys.items()}
        parameters.append({"name": parameter.name, "values": values, "default": default,
                           "labels": named})  # fmt: skip
    return {
        "v": DATA_VERSION,
        "game": game.id,
        "lang": lang,
        "languages": list(LANGUAGES),
        "content": content_hash(source),
        "program": f"{program.__module__}:{program.__qualname__}",
        "parameters": parameters,
        "prepared": plain.encode(bot.prepare(game)),
        "words": plain.encode(words),
        "rules": dict(rules or {}),
        "limits": dataclasses.asdict(limits()),
        **({"stamp": dict(stamp)} if stamp is not None else {}),
    }
