"""Run a bot game: new, resumed, replayed; with undo, autosave and the chosen language.

The first event of a log says which game it is; `TABLES` builds that game's table for a
channel. Everything else (the undo loop, quiet replay before going live, saving on quit,
one-line errors for bad logs) is shared by every bot.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from automa.afternova import COLOURS
from automa.afternova_game import AfternovaTable
from automa.luna_maris_game import LunaMarisTable
from automa.prng import fresh_seed
from automa.session import (
    LOG_VERSION,
    Channel,
    EventLog,
    LogMismatch,
    Output,
    Quit,
    SaveFileError,
    Undo,
)
from starpress.i18n import localize
from starpress.load import load_games
from starpress.model import LANGUAGES, Game
from starpress.text import IconRef, Token, plain_text


@dataclass
class Voice:
    """A bot's messages (content/<game>/automa.yaml), in the language of its localised game."""

    game: Game

    def __call__(self, key: str, **values: Any) -> str:
        messages = self.game.automa.messages if self.game.automa else {}
        template = messages.get(key)
        if template is None:
            return key
        shown = {
            name: ", ".join(map(str, value)) if isinstance(value, list) else value
            for name, value in values.items()
        }
        try:
            return str(template).format(**shown)
        except (KeyError, IndexError):
            return template.source.format(**shown)


class Table(Protocol):
    def run(self) -> dict[str, int]: ...


def _afternova(game: Game, channel: Channel, start: dict[str, Any], voice: Voice) -> Table:
    colours = {colour: voice(f"colour_{colour}") for colour in COLOURS}
    return AfternovaTable(
        game, channel, start["mode"], start["seed"], colours, _card_label(game, voice)
    )


def _luna_maris(game: Game, channel: Channel, start: dict[str, Any], voice: Voice) -> Table:
    titles = game.ids()

    def module(key: str) -> str:
        return str(titles.get(f"{game.id}.rules.modules.{key}", key))

    return LunaMarisTable(
        game,
        channel,
        start["mode"],
        start["level"],
        start["seed"],
        module,
        _step_text(game, voice),
        _names(game, voice),
    )


# what the engine itself says, so every bot's messages must word it
ENGINE_MESSAGES = ("continue", "undone", "nothing_to_undo", "saved")

TABLES: dict[str, Callable[[Game, Channel, dict[str, Any], Voice], Table]] = {
    "afternova": _afternova,
    "luna-maris": _luna_maris,
}


def autosave_path(root: Path, game_id: str, seed: int) -> Path:
    return root / "build" / "automa" / f"{game_id}-{seed}.jsonl"


def play(
    root: Path,
    game_id: str,
    mode: str,
    seed: int | None,
    save: Path | None,
    lang: str | None,
    auto: bool,
    as_json: bool,
    level: str | None = None,
    read: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
) -> int:
    """A new game; returns the exit code."""
    chosen = seed if seed is not None else fresh_seed()
    game = load_games(root, [game_id])[game_id]
    path = save or autosave_path(root, game_id, chosen)
    if path.exists():
        path.unlink()
    log = EventLog(path)
    start: dict[str, Any] = {
        "t": "start",
        "game": game_id,
        "mode": mode,
        "seed": chosen,
        "lang": lang or game.info.source_language,
        "v": LOG_VERSION,
        "content": content_hash(game),
    }
    if level is not None:
        start["level"] = level
    log.append(start)
    return _drive(root, log, auto, as_json, read or input, out, quiet_until_live=False)


def resume(
    root: Path,
    path: Path,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str] | None = None,
    out: TextIO = sys.stdout,
    game: str | None = None,
) -> int:
    """Continue a saved game (of `game`, when the command names one)."""
    log = _load_log(path, game)
    return _drive(root, log, auto, as_json, read or input, out, quiet_until_live=True)


def replay(
    root: Path, path: Path, as_json: bool, out: TextIO = sys.stdout, game: str | None = None
) -> int:
    """The transcript of a saved game again, from its log alone (no PRNG draws)."""
    log = _load_log(path, game)
    loaded, voice, start = _session(root, log)
    channel = Channel(log, voice, Output(out, as_json), read=None, redraw=False)
    table = TABLES[loaded.id](loaded, channel, start, voice)
    with contextlib.suppress(Quit), _located(log, channel):  # a log that ends mid-game
        table.run()
    return 0


def content_hash(game: Game) -> str:
    """What a save file must have been played with: the bot's data (not its wording) and
    the ids of the cards, hashed. A log of other content would replay into nonsense."""
    automa = game.automa.model_dump(exclude={"messages"}) if game.automa else {}
    data = {"automa": automa, "cards": sorted(card.id for card in game.cards)}
    encoded = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


@contextlib.contextmanager
def _located(log: EventLog, channel: Channel) -> Iterator[None]:
    """Replaying a log: a mismatch, or a value the game cannot use (a crash while replaying
    logged events), is a SaveFileError at the line of the event being replayed."""
    logged = len(log.events)
    try:
        yield
    except LogMismatch as error:
        index = channel.cursor if error.index is None else error.index
        raise SaveFileError(log.path, str(error), log.line_of(index)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        if channel.cursor > logged:  # a live game's own bug, not its save file
            raise
        line = log.line_of(max(channel.cursor - 1, 1))
        raise SaveFileError(
            log.path, f"a value this game cannot use ({type(error).__name__}: {error})", line
        ) from None


def _session(root: Path, log: EventLog) -> tuple[Game, Voice, dict[str, Any]]:
    start = log.events[0]
    line = log.line_of(0)
    game_id = start.get("game", "")
    if game_id not in TABLES:
        raise SaveFileError(log.path, f"not a log of a game with a bot ({game_id!r})", line)
    game = load_games(root, [game_id])[game_id]
    for name, allowed in (
        ("mode", ("table", "simulated")),
        ("lang", LANGUAGES),
        ("level", ("basic", "intermediate", "advanced") if game_id == "luna-maris" else ()),
    ):
        if (name in start or allowed) and start.get(name) not in allowed:
            raise SaveFileError(log.path, f"start event: unknown {name} {start.get(name)!r}", line)
    if not 0 <= start["seed"] < 2**64:
        raise SaveFileError(log.path, f"start event: seed out of range ({start['seed']})", line)
    if start["content"] != content_hash(game):
        raise SaveFileError(
            log.path, f"played with other {game_id} content (its bot or cards changed)", line
        )
    game = localize(root, game, start["lang"])
    return game, Voice(game), start


def _drive(
    root: Path,
    log: EventLog,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str],
    out: TextIO,
    quiet_until_live: bool,
) -> int:
    game, voice, start = _session(root, log)
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
        table = TABLES[game.id](game, channel, start, voice)
        try:
            with _located(log, channel):
                table.run()
            return 0
        except Undo:
            out.write(voice("undone" if log.drop_last_answer() else "nothing_to_undo") + "\n")
            quiet_until_live = True
        except (Quit, EOFError) as stop:
            if isinstance(stop, EOFError):
                out.write("\n")  # the prompt is still open on its line
            if log.path is not None:
                out.write(voice("saved", path=str(log.path)) + "\n")
            return 0


def _load_log(path: Path, game: str | None) -> EventLog:
    """A checked save file of a game with a bot (of `game`, when a command names one)."""
    log = EventLog.load(path)
    logged = log.events[0]["game"]
    if logged not in TABLES:
        raise SaveFileError(path, f"not a log of a game with a bot ({logged!r})", log.line_of(0))
    if game is not None and logged != game:
        raise SaveFileError(path, f"a log of {logged}, not of {game}", log.line_of(0))
    return log


def _card_label(game: Game, voice: Voice) -> Callable[[str], str]:
    """A card as people see it: its name in the session's language and its number."""
    names = {card.id: card.name for card in game.cards if card.name}

    def label(card_id: str) -> str:
        if card_id not in names:
            return card_id
        return f"«{names[card_id]}» #{int(card_id.rsplit('-', 1)[-1])}"

    return label


def _names(game: Game, voice: Voice) -> Callable[[str], str]:
    """A card id or an icon id as people read it, in the session's language."""
    cards = {card.id: card.name for card in game.cards if card.name}

    def name(key: str) -> str:
        if key in cards:
            return f"«{cards[key]}»"
        return str(game.icon_names.get(key, key))

    return name


def _step_text(game: Game, voice: Voice) -> Callable[[str, int], str]:
    """A round card's printed step (translated), read out: the module icon dropped (the
    message names the module), every other icon said in words."""
    cards = {card.id: card for card in game.cards}
    names = _names(game, voice)

    def text(letter: str, index: int) -> str:
        card = cards.get(f"{game.id}.card.ai-card-{letter.lower()}")
        steps = card.fields.get("steps") if card else None
        if not isinstance(steps, list) or index > len(steps):
            return ""
        return spoken(steps[index - 1].tokens, icon_words)

    def icon_words(icon: str) -> str:
        """Its short form if the bot has one (`short_<icon>`: "2 VP"), else its name."""
        short = voice(f"short_{icon}")
        return short if short != f"short_{icon}" else names(icon).lower()

    return text


def spoken(tokens: Iterable[Token], icon_words: Callable[[str], str]) -> str:
    """Tokens read out as plain words: module icons dropped, other icons by `icon_words`.

    An icon's words swallow a neighbouring noun they already contain: "ficha :demand:" is
    read "ficha de demanda", not "ficha ficha de demanda".
    """
    parts: list[str | IconRef] = []
    for token in tokens:
        if isinstance(token, IconRef):
            if not token.icon.startswith("module-"):
                parts.append(token)
        elif parts and isinstance(parts[-1], str):
            parts[-1] += plain_text([token])
        else:
            parts.append(plain_text([token]))
    out: list[str] = []
    for position, part in enumerate(parts):
        if isinstance(part, str):
            out.append(part)
            continue
        words = icon_words(part.icon)
        said = {word for word in words.lower().split() if len(word) > 3}  # not "de", "of"…
        before = re.search(r"(\w+) $", out[-1]) if out else None
        if before is not None and before.group(1).lower() in said:
            out[-1] = out[-1][: before.start()]
        following = parts[position + 1] if position + 1 < len(parts) else None
        if isinstance(following, str):
            after = re.match(r" (\w+)", following)
            if after is not None and after.group(1).lower() in said:
                parts[position + 1] = following[after.end() :]
        out.append(f" {words} ")
    return re.sub(r"\s+", " ", "".join(out)).strip()
