"""`starpress site serve`: one language served with live reload, rebuilt in this process.

MkDocs' own live-reload server (`mkdocs.livereload.LiveReloadServer`, as `mkdocs serve` runs
it) serves the language from a temporary folder and watches everything a page is made from:
the content, the site templates, the card layouts, the catalogs and the site's own
configuration. After a change its builder (`LiveSite.rebuild`) reads the pages' inputs
afresh and checks them first: with a problem, it is reported and the site being served stays
as it is until the next save. Otherwise the card pictures of the games whose content or
layouts changed are drawn again, and the language is built again into a fresh folder that
replaces the served one once it is whole; the open pages then reload themselves.

SIGTERM, SIGINT (Ctrl-C) or SIGHUP stop it: a build under way is abandoned, the server's
port is closed and the temporary folder removed. There is no child process to wait for.
"""

from __future__ import annotations

import shutil
import signal
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from rich.console import Console

from starpress.core.errors import InputError
from starpress.core.load import ContentError, game_ids
from starpress.core.progress import Progress
from starpress.site.build import check_downloads
from starpress.site.config import SiteSettings
from starpress.site.inputs import SiteInputs
from starpress.site.language_build import build_language

WATCHED = ("content", "templates", "site", "docs")
"""Everything a page is made from: data, catalogs, layouts, templates, MkDocs config, and
the designer's guide (docs/own-game.md, on the English site)."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)

Report = Callable[[str], None]


class Stop(BaseException):
    """A stop signal arrived. Not an `Exception`: it unwinds through the server's build
    loop, which carries on after any `Exception` of a builder."""


@contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Inside, the first of STOP_SIGNALS raises `Stop` in the main thread (where the
    server's build loop runs); later ones are ignored while everything shuts down."""
    stopping = False

    def on_signal(number: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            raise Stop(number)

    previous = {number: signal.signal(number, on_signal) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def relevant(path: Path) -> bool:
    """Skip editors' temporary, backup and lock files, and compiled catalogs."""
    name = path.name
    return not name.startswith((".", "~$", "#")) and not name.endswith(("~", ".part", ".mo"))


class Snapshot:
    """The version (modification time, size) of every watched file, to tell which files a
    change touched: the server says only that something changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.versions = self._scan()

    def changed(self) -> set[Path]:
        """The files added, changed or removed since the last call (or since made)."""
        versions = self._scan()
        changed = {
            path
            for path in versions.keys() | self.versions.keys()
            if versions.get(path) != self.versions.get(path)
        }
        self.versions = versions
        return changed

    def _scan(self) -> dict[Path, tuple[int, int]]:
        versions = {}
        for name in WATCHED:
            for path in (self.root / name).rglob("*"):
                if relevant(path) and path.is_file():
                    found = path.stat()
                    versions[path] = (found.st_mtime_ns, found.st_size)
        return versions


def affected_games(root: Path, changed: Iterable[Path]) -> set[str]:
    """The games whose card pictures a change can alter: their content or their layouts."""
    games = set()
    known = set(game_ids(root))
    for path in changed:
        parts = path.resolve().relative_to(root.resolve()).parts
        if len(parts) > 2 and parts[0] == "content":
            games.add(parts[1])
        elif len(parts) > 2 and parts[:2] == ("templates", "cards"):
            games.add(Path(parts[2]).stem)
    return games & known


def checked_inputs(
    root: Path, lang: str, settings: SiteSettings, check: Callable[[], object] = lambda: None
) -> SiteInputs:
    """The inputs of `lang`'s pages, read afresh, with what `check` finds in the pages'
    other inputs (the cli's: the card layouts) and the downloads' PDFs checked as `site
    build` checks them: raises ContentError or InputError."""
    inputs = SiteInputs.read(root, settings, [lang])
    check()
    check_downloads(root, [lang])
    return inputs


def problems(error: ContentError | InputError) -> list[str]:
    """What keeps the site from building, one located line each."""
    if isinstance(error, ContentError):
        return [str(problem) for problem in error.problems]
    return [str(error)]


class LiveSite:
    """The language being served at `url`: built into `<folder>/site`, and again after each
    change (`rebuild`, the server's builder)."""

    def __init__(
        self,
        root: Path,
        lang: str,
        settings: SiteSettings,
        folder: Path,
        url: str,
        report: Report,
        draw: Callable[[str], object],
        check: Callable[[], object] = lambda: None,
        shown: Console | None = None,
    ) -> None:
        self.root = root
        self.shown = shown
        """Where each build's progress is shown (`starpress.core.progress`; None: nowhere)."""
        self.lang = lang
        self.settings = settings
        self.served = folder / "site"
        self.report = report
        self.draw = draw
        self.check = check
        self.snapshot = Snapshot(root)
        self.pending: set[Path] = set()
        """Files changed since the last build, kept through saves that do not build."""
        self.url = url

    @property
    def watched(self) -> list[Path]:
        return [self.root / name for name in WATCHED if (self.root / name).is_dir()]

    def read(self) -> SiteInputs | None:
        """The pages' inputs, checked; None, with the problems reported, when something
        keeps the site from building."""
        try:
            return checked_inputs(self.root, self.lang, self.settings, self.check)
        except (ContentError, InputError) as error:
            for line in problems(error):
                self.report(line)
            return None

    def build(self, inputs: SiteInputs, progress: Progress) -> bool:
        """Build the language into a fresh folder, which replaces the served one once it is
        whole; what MkDocs said is reported when it fails (the served one stays)."""
        fresh = self.served.with_name("next")
        shutil.rmtree(fresh, ignore_errors=True)
        with progress.task("site: pages (each rendered, then written)") as pages:
            result = build_language(inputs, self.lang, fresh, self.url, pages.update)
        if not result.ok:
            shutil.rmtree(fresh, ignore_errors=True)
            self.report(result.output.strip())
            return False
        old = self.served.with_name("old")
        if self.served.is_dir():
            self.served.rename(old)
        fresh.rename(self.served)
        shutil.rmtree(old, ignore_errors=True)
        return True

    def first_build(self) -> bool:
        """Check, draw every game's pictures (what `site build` writes first) and build;
        False when the content has problems (reported)."""
        inputs = self.read()
        if inputs is None:
            return False
        with Progress(self.shown) as progress:
            self.draw_pictures(game_ids(self.root), progress)
            built = self.build(inputs, progress)
        if not built:
            self.served.mkdir(parents=True, exist_ok=True)  # served empty until a fix
            self.report("the site was not built; waiting for a fix")
        return True

    def draw_pictures(self, games: Iterable[str], progress: Progress) -> None:
        """Each game's card pictures (a problem is reported, not raised)."""
        games = list(games)
        with progress.task("site: card pictures", len(games), "games") as pictures:
            for game in games:
                draw_pictures(game, self.draw, self.report)
                pictures.advance()

    def rebuild(self) -> None:
        """After a change: check, draw the affected games' pictures, build again. The
        server calls it from its build loop, and holds requests until it returns."""
        self.pending |= self.snapshot.changed()
        if not self.pending:
            return  # an editor's temporary file: nothing a page reads
        inputs = self.read()
        if inputs is None:
            self.report("the site was not rebuilt; waiting for a fix")
            return
        with Progress(self.shown) as progress:
            self.draw_pictures(sorted(affected_games(self.root, self.pending)), progress)
            self.pending.clear()
            self.report("rebuilding the site")
            built = self.build(inputs, progress)
        if built:
            self.report("rebuilt: the open pages reload")
        else:
            self.report("the site was not rebuilt; waiting for a fix")


def serve(
    root: Path,
    lang: str,
    address: str,
    settings: SiteSettings,
    report: Report,
    draw: Callable[[str], object],
    check: Callable[[], object] = lambda: None,
    shown: Console | None = None,
) -> int:
    """Serve `lang` on `address` (host:port) until a stop signal, rebuilding after every
    change (see the module's docstring); `draw(game)` writes what the pages read of a game
    in the language (its card pictures), `check()` raises what is wrong with the other
    inputs (ContentError); each build's progress is shown on `shown`. 2 when the content
    has problems at the start or the address cannot be listened on."""
    from mkdocs.livereload import LiveReloadServer

    host, _, port = address.rpartition(":")
    host = host.strip("[]")  # an IPv6 address, as [::1]:8000
    if not host or not port.isdigit():
        report(f"--address must be host:port, e.g. 127.0.0.1:8000 (got {address!r})")
        return 2
    url = f"http://{address}/"
    try:
        with stopped_by_signals(), tempfile.TemporaryDirectory(prefix="starpress-serve-") as tmp:
            site = LiveSite(root, lang, settings, Path(tmp), url, report, draw, check, shown)
            server = LiveReloadServer(site.rebuild, host, int(port), str(site.served))
            try:
                if not site.first_build():
                    return 2
                for path in site.watched:
                    server.watch(str(path))
                watched = ", ".join(f"{path.name}/" for path in site.watched)
                report(f"serving {url} ({lang}); watching {watched} (Ctrl-C to stop)")
                try:
                    # serves in a thread; builds in this one, until Stop (not annotated)
                    server.serve()  # type: ignore[no-untyped-call]
                except OSError as error:  # the address: taken, or not this machine's
                    report(f"cannot listen on {address}: {error.strerror or error}")
                    return 2
            finally:
                server.shutdown()  # the port closed, the watching stopped
    except Stop:
        pass
    return 0


def draw_pictures(game: str, draw: Callable[[str], object], report: Report) -> None:
    """Draw a game's card pictures; a card that cannot be drawn is reported, not raised."""
    try:
        draw(game)
    except (InputError, ContentError) as error:
        report(f"{game}: card pictures not drawn: {error}")
