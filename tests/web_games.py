"""A whole table game of every bot, played once through the CLI by the tests' people: the
answers its save file keeps (in words every language parses), for the Play page tests to
type again on a page, in the browser and out of it."""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from starpress.automa.engine import runner
from starpress.automa.web.data import page_data
from starpress.core.edition import stamp
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.project import Project
from tests import test_automa_table as table
from tests.conftest import ROOT, project_catalogs, project_game

SEED = 21


@dataclass(frozen=True)
class Recorded:
    """One table game through the CLI: its settings, its save file, what was typed."""

    name: str
    game: str
    params: dict[str, str]
    lang: str
    log: str
    answers: tuple[str, ...]
    """The canonical words of each answer (the save file's `raw`), in order."""


def _person(name: str, lang: str, save: Path) -> Callable[[str], str]:
    if name in table.SETTINGS:
        setting = table.SETTINGS[name]
        return table.Person(setting, save, io.StringIO(), [], table.prefixes(ROOT, setting, lang))
    from tests import test_automa_aristeia, test_automa_ascending_empires, test_automa_asteria

    people: dict[str, Callable[[], Callable[[str], str]]] = {
        "asteria": test_automa_asteria.TablePerson,
        "aristeia": test_automa_aristeia.TablePerson,
        "ascending-empires": test_automa_ascending_empires.TablePerson,
    }
    return people[name]()


GAMES: dict[str, tuple[str, dict[str, str], str]] = {
    "asteria": ("asteria", {"level": "standard"}, "en"),
    "aristeia": ("aristeia", {"level": "standard"}, "es"),
    "ascending-empires": ("ascending-empires", {"level": "standard", "automata": "1"}, "es"),
    "afternova": ("afternova", {}, "en"),
    "afternova-solo": ("afternova", {"variant": "solo"}, "en"),
    "luna-maris": ("luna-maris", {"level": "advanced"}, "en"),
}
"""Each bot's game: its content, its parameters, the language its test person reads."""
OTHER_LANGUAGE = {"en": "pt-BR", "es": "it"}
"""The second language each game is played in on a page."""


@functools.cache
def recorded(name: str, folder: Path) -> Recorded:
    """The game `name` played through the CLI (its save file written in `folder`)."""
    game, params, lang = GAMES[name]
    save = folder / f"{name}-cli.jsonl"
    runner.play(ROOT, game, "table", SEED, save, lang, True, False, params,
                read=_person(name, lang, save), out=io.StringIO(), loaded=project_game(game),
                catalogs=project_catalogs())  # fmt: skip
    text = save.read_text("utf-8")
    events = [json.loads(line) for line in text.splitlines()]
    answers = tuple(event["raw"] for event in events if event["t"] == "answer")
    return Recorded(name, game, params, lang, text, answers)


@functools.cache
def data_text(game_id: str, lang: str, root: Path = ROOT) -> str:
    """A Play page's data (as the site writes it, without links to the rules)."""
    source = load_games(root, [game_id])[game_id]
    made_with = stamp(Project(root), game_id).record()  # as the CLI's save files carry it
    data = page_data(source, localize(root, source, lang), lang, stamp=made_with)
    return json.dumps(data, ensure_ascii=False)
