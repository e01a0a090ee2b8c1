"""`starpress site serve`: one language served with live reload, rebuilt on every change.

The pages come from the content, the site templates, the card layouts, the catalogs and the
site's own configuration, so all of them are watched (with `watchfiles`). After a change the
content is checked first: with a problem, it is reported and the site being served stays as
it is until the next save. Otherwise the card pictures of the games whose content or layouts
changed are drawn again, and MkDocs' server (a child process) is started afresh: a new
process reads everything again, and the open pages reload themselves when it is up.

SIGTERM, SIGINT (Ctrl-C) or SIGHUP stop the watch and the server: the child is asked to stop
(SIGINT, so it removes its temporary folder) and killed if it has not within a few seconds,
so no server is left holding the port.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from types import FrameType

from starpress.core.errors import InputError
from starpress.core.load import ContentError, game_ids, load_games
from starpress.site.config import SiteSettings

WATCHED = ("content", "templates", "site", "docs")
"""Everything a page is made from: data, catalogs, layouts, templates, MkDocs config, and
the designer's guide (docs/own-game.md, on the English site)."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
STOP_TIMEOUT = 10.0
DEBOUNCE_MS = 300

Report = Callable[[str], None]


def relevant(_change: object, path: str) -> bool:
    """Skip editors' temporary, backup and lock files, and compiled catalogs."""
    name = Path(path).name
    return not name.startswith((".", "~$", "#")) and not name.endswith(("~", ".part", ".mo"))


def affected_games(root: Path, changed: Iterable[str]) -> set[str]:
    """The games whose card pictures a change can alter: their content or their layouts."""
    games = set()
    known = set(game_ids(root))
    for path in changed:
        parts = Path(path).resolve().relative_to(root.resolve()).parts
        if len(parts) > 2 and parts[0] == "content":
            games.add(parts[1])
        elif len(parts) > 2 and parts[:2] == ("templates", "cards"):
            games.add(Path(parts[2]).stem)
    return games & known


def problems(root: Path, lang: str, check: Callable[[], object] = lambda: None) -> list[str]:
    """What keeps the site from building: located content and catalog problems, and what
    `check` finds in the other inputs of the pages (the cli's: the card layouts)."""
    from starpress.site.build import check_catalogs, check_downloads

    try:
        load_games(root)
        check()
        check_catalogs(root, [lang])
        check_downloads(root, [lang])
    except ContentError as error:
        return [str(problem) for problem in error.problems]
    except InputError as error:
        return [str(error)]
    return []


class Server:
    """MkDocs' live-reloading server for one language, as a child process of its own."""

    def __init__(self, root: Path, lang: str, address: str, settings: SiteSettings) -> None:
        from starpress.site.build import config_path

        self.command = [
            sys.executable,
            "-m",
            "mkdocs",
            "serve",
            "-f",
            str(config_path(root, lang)),
            "-a",
            address,
        ]
        self.root = root
        self.environment = {**os.environ, "NO_MKDOCS_2_WARNING": "1", **settings.environment()}
        self.child: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        # a session of its own: a Ctrl-C at the terminal reaches us, and we stop the child
        self.child = subprocess.Popen(
            self.command, cwd=self.root, env=self.environment, start_new_session=True
        )

    def stop(self) -> int:
        """Stop the child (SIGINT, then SIGKILL after STOP_TIMEOUT); its exit code."""
        child, self.child = self.child, None
        if child is None:
            return 0
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        return child.returncode or 0

    def restart(self) -> None:
        self.stop()
        self.start()


def serve(
    root: Path,
    lang: str,
    address: str,
    settings: SiteSettings,
    report: Report,
    draw: Callable[[str], object],
    check: Callable[[], object] = lambda: None,
) -> int:
    """Serve `lang` until a stop signal, rebuilding after every change (see the module's
    docstring); `draw(game)` writes what the pages read of a game in the language (its card
    pictures), `check()` raises what is wrong with the other inputs (ContentError)."""
    import watchfiles

    stop = threading.Event()

    def on_signal(_number: int, _frame: FrameType | None) -> None:
        stop.set()

    previous = {number: signal.signal(number, on_signal) for number in STOP_SIGNALS}
    server = Server(root, lang, address, settings)
    try:
        found = problems(root, lang, check)
        for line in found:
            report(line)
        if found:
            return 2
        for game in game_ids(root):  # what `site build` would have written first
            draw_pictures(game, draw, report)
        server.start()
        paths = [root / name for name in WATCHED if (root / name).is_dir()]
        report("watching " + ", ".join(f"{path.name}/" for path in paths) + " (Ctrl-C to stop)")
        for changes in watchfiles.watch(
            *paths,
            watch_filter=relevant,
            debounce=DEBOUNCE_MS,
            stop_event=stop,
            raise_interrupt=False,
        ):
            rebuild(root, lang, server, {path for _, path in changes}, report, draw, check)
    finally:
        server.stop()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return 0


def rebuild(
    root: Path,
    lang: str,
    server: Server,
    changed: set[str],
    report: Report,
    draw: Callable[[str], object],
    check: Callable[[], object] = lambda: None,
) -> None:
    """After a change: check, draw the affected games' pictures, restart the server."""
    found = problems(root, lang, check)
    if found:
        for line in found:
            report(line)
        report("the site was not rebuilt; waiting for a fix")
        return
    for game in sorted(affected_games(root, changed)):
        draw_pictures(game, draw, report)
    report("rebuilding the site")
    server.restart()


def draw_pictures(game: str, draw: Callable[[str], object], report: Report) -> None:
    """Draw a game's card pictures; a card that cannot be drawn is reported, not raised."""
    try:
        draw(game)
    except (InputError, ContentError) as error:
        report(f"{game}: card pictures not drawn: {error}")
