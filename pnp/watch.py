"""`starpress pnp GAME --watch`: rebuild a game's kits whenever its data, layout or catalogs
change, drawing again only the faces whose key changed (see `pnp.facecache`).

Bad content or layouts are reported and the watch goes on; the next save is built again.
Ctrl-C (or SIGTERM) ends it with one line of ours, `stopped watching`, and exit 0.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from starpress.core import atomic, counts
from starpress.core.errors import InputError
from starpress.core.load import ContentError, UnknownGame, game_ids
from starpress.core.project import Project
from starpress.pnp.assemble import CachedReport, FaceBook, build_cached_kit
from starpress.pnp.build import plan
from starpress.pnp.command import kit_options
from starpress.pnp.facecache import FaceCache
from starpress.pnp.faces import DrawError
from starpress.pnp.request import Request

CACHE_FOLDER = Path("build") / "cache" / "faces"
DEBOUNCE_MS = 150


@dataclass
class Rebuild:
    """One build of the watched kits: what was written and how many faces were drawn."""

    reports: list[CachedReport]
    seconds: float

    @property
    def drawn(self) -> int:
        return sum(report.drawn for report in self.reports)

    @property
    def reused(self) -> int:
        return sum(report.reused for report in self.reports)


def rebuild(
    root: Path, request: Request, cache: FaceCache, book: FaceBook | None = None
) -> Rebuild:
    """Build the requested kits from cached faces (raises ContentError, DrawError, …)."""
    start = time.perf_counter()
    options = kit_options(root, request)
    games = None if request.target == "all" else [request.target]
    reports = []
    for job in plan(root, games, request.lang, options):
        game = job.localized()  # with the catalog `plan` read and checked
        folder = Project(root).game_folder(game.id)
        reports.append(
            build_cached_kit(
                game, job.templates, folder, job.options, request.out, cache, book, job.stamp
            )
        )
    return Rebuild(reports, time.perf_counter() - start)


def watched_paths(root: Path, target: str) -> list[Path]:
    """The game's content folder (data, sheets, icons, catalogs) and the card layouts."""
    games = game_ids(root) if target == "all" else [target]
    project = Project(root)
    folders = [project.game_folder(game) for game in games]
    layouts = dict.fromkeys(project.card_layouts(game).parent for game in games)
    return folders + [folder for folder in layouts if folder.is_dir()]


def relevant(_change: object, path: str) -> bool:
    """Skip temporary and lock files (ours end in .part; spreadsheet programs' start ~$ or .)."""
    name = Path(path).name
    return not name.startswith((".", "~$")) and not name.endswith((".part", "~", ".mo"))


def run(
    root: Path,
    request: Request,
    console: Console,
    errors: Console,
    max_rebuilds: int | None = None,
) -> int:
    """Build, then build again after every change until Ctrl-C (or `max_rebuilds` rebuilds
    after the first build: a hook for tests and scripts)."""
    import watchfiles

    cache = FaceCache(root / CACHE_FOLDER)
    book = FaceBook()
    try:
        kit_options(root, request)  # no edit makes a bad option good: refused before watching
        paths = watched_paths(root, request.target)
        _once(root, request, cache, book, console, errors)
    except (InputError, UnknownGame) as error:
        errors.print(f"[red]error:[/red] {error}", highlight=False, soft_wrap=True)
        return 2
    shown = ", ".join(str(path.relative_to(root)) for path in paths)
    console.print(f"watching {shown} (Ctrl-C to stop)", highlight=False, soft_wrap=True)
    console.file.flush()
    try:  # Ctrl-C or SIGTERM, watching or mid-build (kits are written whole or not at all)
        with atomic.terminate_as_exception():
            changes = watchfiles.watch(
                *paths, watch_filter=relevant, debounce=DEBOUNCE_MS, step=50, raise_interrupt=True
            )
            for rebuilds, _changed in enumerate(changes, 1):
                _once(root, request, cache, book, console, errors)
                if max_rebuilds is not None and rebuilds >= max_rebuilds:
                    break
    except (KeyboardInterrupt, atomic.Terminated):
        console.print("stopped watching", highlight=False)
    return 0


def _once(
    root: Path,
    request: Request,
    cache: FaceCache,
    book: FaceBook,
    console: Console,
    errors: Console,
) -> None:
    """One build; problems are printed, never raised, so the watch goes on."""
    try:
        done = rebuild(root, request, cache, book)
    except ContentError as error:
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        found = counts.count(len(error.problems), "problem", "problems")
        errors.print(f"[red]error:[/red] {found}; waiting for a fix")
    except (DrawError, InputError) as error:
        errors.print(f"[red]error:[/red] {error}; waiting for a fix", highlight=False)
    else:
        for report in done.reports:
            kit = report.kit
            console.print(
                f"wrote {kit.path} ({counts.count(kit.pages, 'page', 'pages')}, "
                f"{counts.count(kit.faces, 'card', 'cards')}); "
                f"redrew {counts.count(report.drawn, 'face', 'faces')}, reused {report.reused}",
                highlight=False,
                soft_wrap=True,
            )
            for line in kit.overflow:
                errors.print(f"  text does not fit: {line}", markup=False, highlight=False)
        console.print(f"built in {done.seconds:.2f} s", highlight=False)
    console.file.flush()
    errors.file.flush()
