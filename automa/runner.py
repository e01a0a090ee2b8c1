"""Run a bot game: new, resumed, replayed; with undo, autosave and the chosen language."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from automa.afternova import COLOURS
from automa.afternova_game import AfternovaTable, Mode
from automa.prng import fresh_seed
from automa.session import Channel, EventLog, LogMismatch, Output, Quit, Undo
from starpress.i18n import Texts, texts_for
from starpress.load import load_games
from starpress.model import Game


@dataclass
class Voice:
    """The Bot's messages (content/<game>/automa.yaml) in one language."""

    game: Game
    texts: Texts

    def __call__(self, key: str, **values: Any) -> str:
        messages: dict[str, str] = (self.game.automa or {}).get("messages", {})
        template = messages.get(key, key)
        text = self.texts(f"{self.game.id}.automa.messages.{key}", template)
        shown = {
            name: ", ".join(map(str, value)) if isinstance(value, list) else value
            for name, value in values.items()
        }
        try:
            return text.format(**shown)
        except (KeyError, IndexError):
            return template.format(**shown)


def autosave_path(root: Path, seed: int) -> Path:
    return root / "build" / "automa" / f"afternova-{seed}.jsonl"


def play(
    root: Path,
    mode: Mode,
    seed: int | None,
    save: Path | None,
    lang: str | None,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
) -> int:
    """A new game; returns the exit code."""
    chosen = seed if seed is not None else fresh_seed()
    game = load_games(root, ["afternova"])["afternova"]
    path = save or autosave_path(root, chosen)
    if path.exists():
        path.unlink()
    log = EventLog(path)
    log.append(
        {
            "t": "start",
            "game": "afternova",
            "mode": mode,
            "seed": chosen,
            "lang": lang or game.info.source_language,
        }
    )
    return _drive(root, game, log, auto, as_json, read or input, out, quiet_until_live=False)


def resume(
    root: Path,
    path: Path,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
) -> int:
    game = load_games(root, ["afternova"])["afternova"]
    log = _load_log(path)
    if log is None:
        return 2
    return _drive(root, game, log, auto, as_json, read or input, out, quiet_until_live=True)


def replay(root: Path, path: Path, as_json: bool, out: TextIO = sys.stdout) -> int:
    """The transcript of a saved game again, from its log alone (no PRNG draws)."""
    game = load_games(root, ["afternova"])["afternova"]
    log = _load_log(path)
    if log is None:
        return 2
    start = log.events[0]
    voice = Voice(game, texts_for(root, game, start.get("lang", game.info.source_language)))
    channel = Channel(log, voice, Output(out, as_json), read=None, redraw=False)
    table = AfternovaTable(
        game, channel, start["mode"], start["seed"], _colour_words(voice), _card_label(game, voice)
    )
    with contextlib.suppress(Quit):  # a log that ends mid-game: the transcript so far
        table.run()
    return 0


def _drive(
    root: Path,
    game: Game,
    log: EventLog,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str],
    out: TextIO,
    quiet_until_live: bool,
) -> int:
    start = log.events[0]
    voice = Voice(game, texts_for(root, game, start.get("lang", game.info.source_language)))
    output = Output(out, as_json)
    while True:
        channel = Channel(
            log,
            voice,
            output,
            read=read,
            pause=not auto and not as_json,
            quiet_replay=quiet_until_live,
        )
        table = AfternovaTable(
            game,
            channel,
            start["mode"],
            start["seed"],
            _colour_words(voice),
            _card_label(game, voice),
        )
        try:
            table.run()
            return 0
        except Undo:
            if log.drop_last_answer():
                out.write(voice("undone") + "\n")
            else:
                out.write(voice("nothing_to_undo") + "\n")
            quiet_until_live = True
        except (Quit, EOFError):
            if log.path is not None:
                out.write(voice("saved", path=str(log.path)) + "\n")
            return 0
        except LogMismatch as error:
            sys.stderr.write(f"error: {error}\n")
            return 2


def _load_log(path: Path) -> EventLog | None:
    try:
        return EventLog.load(path)
    except LogMismatch as error:
        sys.stderr.write(f"error: {error}\n")
        return None


def _card_label(game: Game, voice: Voice) -> Callable[[str], str]:
    """A card as people see it: its name in the session's language and its number."""
    names = {card.id: card.name for card in game.cards if card.name}

    def label(card_id: str) -> str:
        if card_id not in names:
            return card_id
        name = voice.texts(f"{card_id}.name", names[card_id])
        return f"«{name}» #{int(card_id.rsplit('-', 1)[-1])}"

    return label


def _colour_words(voice: Voice) -> dict[str, str]:
    return {colour: voice(f"colour_{colour}") for colour in COLOURS}
