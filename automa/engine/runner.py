"""Sessions of any bot game: new, resumed, replayed, undone; the log checked; errors located.

The log's start event says which game, mode, seed, language and parameters; the game's bot
(`automa.engine.registry`) makes its state; `automa.engine.driver` runs it. Nothing here
knows a game: saving on quit, undo as replay-then-continue, quiet replay before going live
and one-line errors for bad logs are the same for every bot.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from starpress.automa.engine.answers import folded
from starpress.automa.engine.driver import RECAP, Driver, Policy, Table, located
from starpress.automa.engine.prng import fresh_seed
from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.engine.session import (
    LOG_VERSION,
    EventLog,
    Output,
    Quit,
    SaveFileError,
    Undo,
    check_start,
)
from starpress.automa.engine.state import HUMAN, Say, ScriptState, Start
from starpress.automa.engine.voice import Voice
from starpress.core.catalogs import CatalogReader
from starpress.core.edition import stamp
from starpress.core.i18n import localize
from starpress.core.load import game_ids, load_games
from starpress.core.model import LANGUAGES, Game
from starpress.core.project import Project

MODES = ("table", "simulated")


def autosave_path(root: Path, game_id: str, seed: int) -> Path:
    return Project(root).save_file(game_id, seed)


def play(
    root: Path,
    game_id: str,
    mode: str,
    seed: int | None,
    save: Path | None,
    lang: str | None,
    auto: bool,
    as_json: bool,
    params: Mapping[str, str] | None = None,
    read: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    on_say: Callable[[Say], None] | None = None,
    loaded: Game | None = None,
    catalogs: CatalogReader | None = None,
) -> int:
    """A new game (`params`: the bot's parameters, defaults filled in); the exit code.
    `on_say` is told every step the game says (the table benchmark counts rounds by it).
    `loaded`: the game's content when the caller has read it already (else read here);
    `catalogs`: the caller's catalog reader, for one that plays many games."""
    chosen = seed if seed is not None else fresh_seed()
    game = _loaded(root, game_id, loaded)
    bot = _bot(game)
    path = save or autosave_path(root, game_id, chosen)
    if path.exists():
        path.unlink()
    log = EventLog(path)
    given = dict(params or {})
    values = {p.name: given.get(p.name) or p.default_for(game) for p in bot.parameters}
    log.append(
        {
            "t": "start",
            "game": game_id,
            "mode": mode,
            "seed": chosen,
            "lang": lang or game.info.source_language,
            "params": values,
            "v": LOG_VERSION,
            "content": content_hash(game),
            "stamp": stamp(Project(root), game_id).record(),
        }
    )
    return _drive(
        root,
        log,
        game,
        auto,
        as_json,
        read or input,
        out or sys.stdout,
        False,
        read is None,
        on_say,
        catalogs,
    )


def resume(
    root: Path,
    path: Path,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str] | None = None,
    out: TextIO | None = None,
    game: str | None = None,
    loaded: Game | None = None,
    catalogs: CatalogReader | None = None,
) -> int:
    """Continue a saved game (of `game`, when the command names one): the board recapped
    first; a finished game says so and asks nothing. `loaded`, `catalogs`: as for `play`."""
    log, loaded = _load_log(root, path, game, loaded)
    return _drive(
        root,
        log,
        loaded,
        auto,
        as_json,
        read or input,
        out or sys.stdout,
        True,
        read is None,
        catalogs=catalogs,
    )


def replay(
    root: Path,
    path: Path,
    as_json: bool,
    out: TextIO | None = None,
    game: str | None = None,
    lang: str | None = None,
    loaded: Game | None = None,
    catalogs: CatalogReader | None = None,
) -> int:
    """The transcript of a saved game again, from its log alone (no PRNG draws), in the
    log's language or in `lang`. `loaded`, `catalogs`: as for `play`."""
    log, loaded = _load_log(root, path, game, loaded)
    session = _session(root, log, loaded, lang, catalogs)
    driver = Driver(
        session.state(),
        log,
        Table(session.voice, _output(session.voice, out or sys.stdout, as_json), read=None),
        session.policies(),
        live=False,
        redraw=False,
    )
    with contextlib.suppress(Quit), located(log, driver):  # a log that ends mid-game
        driver.run()
    return 0


def _output(voice: Voice, out: TextIO, as_json: bool) -> Output:
    """The transcript, citing each rule by its title in the session's language."""
    return Output(out, as_json, cite=voice.words.cite)


def content_hash(game: Game) -> str:
    """What a save file must have been played with: the bot's data (not its wording) and
    the ids of the cards, hashed. A log of other content would replay into nonsense."""
    automa = game.automa.model_dump(exclude={"messages"}) if game.automa else {}
    data = {"automa": automa, "cards": sorted(card.id for card in game.cards)}
    encoded = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


class _Session:
    """A logged game's bot, localised content and start settings."""

    def __init__(self, bot: BotDefinition, game: Game, start: Start, lang: str) -> None:
        self.bot = bot
        self.game = game
        self.start = start
        self.voice = Voice(game, lang)
        self.prepared = bot.prepare(game)

    def state(self) -> ScriptState:
        return ScriptState(lambda: self.bot.new_program(self.prepared, self.start, self.voice))

    def policies(self, auto: bool = False) -> Mapping[str, Policy]:
        """The modelled players of the seats nobody sits at (e.g. Afternova's
        `--seats baseline`); the person at the table is asked, never modelled, except in a
        simulated game played `--auto`, which plays through like `simulate` does."""
        modelled = auto and self.start.mode == "simulated"
        return {
            seat: policy
            for seat, policy in self.bot.policies(self.start).items()
            if seat != HUMAN or modelled
        }


def _bot(game: Game) -> BotDefinition:
    bot = bot_of(game)
    if bot is None:
        raise ValueError(f"{game.id} has no bot")
    return bot


def _session(
    root: Path,
    log: EventLog,
    game: Game,
    lang: str | None = None,
    catalogs: CatalogReader | None = None,
) -> _Session:
    """The session of `log`, a game of `game` (loaded once by the command)."""
    start = log.events[0]
    line = log.line_of(0)
    bot = bot_of(game)
    if bot is None:
        raise SaveFileError(log.path, f"not a log of a game with a bot ({game.id!r})", line)
    declared = {parameter.name: parameter.values(game) for parameter in bot.parameters}
    settings = check_start(log, MODES, LANGUAGES, declared, content_hash(game), game.id)
    problem = bot.check(settings)
    if problem is not None:
        raise SaveFileError(log.path, f"start event: {problem}", line)
    shown = lang or start["lang"]
    return _Session(bot, localize(root, game, shown, catalogs), settings, shown)


def _drive(
    root: Path,
    log: EventLog,
    game: Game,
    auto: bool,
    as_json: bool,
    read: Callable[[str], str],
    out: TextIO,
    resuming: bool,
    terminal: bool = False,
    on_say: Callable[[Say], None] | None = None,
    catalogs: CatalogReader | None = None,
) -> int:
    session = _session(root, log, game, catalogs=catalogs)
    voice = session.voice
    table = Table(voice, _output(voice, out, as_json), read, pause=not auto and not as_json)
    table.save = str(log.path) if log.path is not None else ""
    if terminal:
        table.complete = _completion()
    quiet_until_live, recap = resuming, RECAP if resuming else 0
    while True:
        driver = Driver(
            session.state(),
            log,
            table,
            session.policies(auto),
            quiet_replay=quiet_until_live,
            recap=recap,
            on_say=on_say,
        )
        try:
            with located(log, driver):
                driver.run()
            return 0
        except Undo:  # replay what is left of the log, then continue
            out.write(voice("undone" if log.drop_last_answer() else "nothing_to_undo") + "\n")
            quiet_until_live, recap = True, 0
        except (Quit, EOFError) as stop:
            if isinstance(stop, EOFError):
                out.write("\n")  # the prompt is still open on its line
            if log.path is not None:
                out.write(voice("saved", path=str(log.path)) + "\n")
            return 0


def _completion() -> Callable[[tuple[str, ...]], None] | None:
    """Tab completion of the words of each question (card marks and names) when a person
    answers in a terminal; None elsewhere (pipes, tests, no readline)."""
    if not sys.stdin.isatty():
        return None
    try:
        import readline
    except ImportError:  # no readline on this platform: answers are typed in full
        return None
    words: list[str] = []

    def complete(text: str, state: int) -> str | None:
        found = [word for word in words if folded(word).startswith(folded(text))]
        return found[state] if state < len(found) else None

    readline.set_completer(complete)
    readline.set_completer_delims(",;\t\n")  # names have spaces: complete whole names
    readline.parse_and_bind("tab: complete")

    def choose(new: tuple[str, ...]) -> None:
        words[:] = new

    return choose


def _loaded(root: Path, game_id: str, loaded: Game | None) -> Game:
    """The game `game_id`: `loaded` when that is it, else read from the project."""
    if loaded is not None and loaded.id == game_id:
        return loaded
    return load_games(root, [game_id])[game_id]


def _load_log(
    root: Path, path: Path, game: str | None, loaded: Game | None = None
) -> tuple[EventLog, Game]:
    """A checked save file of a game with a bot (of `game`, when a command names one), and
    that game's content (`loaded`, when it is that game's)."""
    log = EventLog.load(path)
    logged = log.events[0]["game"]
    line = log.line_of(0)
    loaded = _loaded(root, logged, loaded) if logged in game_ids(root) else None
    if loaded is None or bot_of(loaded) is None:
        raise SaveFileError(path, f"not a log of a game with a bot ({logged!r})", line)
    if game is not None and logged != game:
        raise SaveFileError(path, f"a log of {logged}, not of {game}", line)
    return log, loaded
