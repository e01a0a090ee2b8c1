"""Build the requested rulebooks (games × languages × paper, and booklets) in a process
pool: each book is independent, so the pool gives the same bytes as a serial build."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from starpress.core.edition import Stamp, stamp
from starpress.core.games_settings import games_settings
from starpress.core.i18n import fallbacks, localize
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES, Game, all_texts
from starpress.core.project import Project
from starpress.core.version import tool_version

if TYPE_CHECKING:
    from reportlab.platypus import Flowable

    from starpress.rulebook.style import Page


@dataclass(frozen=True)
class Job:
    """One book to write: a game in a language on a paper, and its booklet when asked."""

    game: Game
    lang: str
    paper: str
    booklet: bool
    quick: bool = False
    """The game's quick reference instead of its book."""
    stamp: Stamp | None = None
    """What the book is made with (starpress's version, the game's content version), asked
    once by `plan`: on the title page, and in the PDF's keywords."""


@dataclass(frozen=True)
class BookReport:
    path: Path
    pages: int
    fallbacks: int
    booklet: Path | None = None
    sides: int = 0
    half_pages: int = 0
    """Pages of the half-size book the booklet was imposed from."""


def book_path(
    out_dir: Path, game_id: str, lang: str, paper: str, booklet: bool = False, quick: bool = False
) -> Path:
    suffix = "-booklet" if booklet else "-quick" if quick else ""
    return out_dir / f"{game_id}-{lang}-{paper}{suffix}.pdf"


def languages(game: Game, lang: str) -> list[str]:
    """'source' is the game's own language, 'all' every published one, else that one."""
    if lang == "source":
        return [game.info.source_language]
    return list(LANGUAGES) if lang == "all" else [lang]


def plan(
    root: Path,
    games: Iterable[str] | None,
    lang: str,
    paper: str,
    booklet: bool,
    quick: bool = False,
) -> list[Job]:
    """Every book (or quick reference) of a request, the content loaded and checked first."""
    from starpress.rulebook.style import papers

    loaded = load_games(root, games)
    tool = tool_version()
    stamps = {game_id: stamp(Project(root), game_id, tool) for game_id in loaded}
    return [
        Job(game, code, name, booklet, quick, stamps[game.id])
        for game in loaded.values()
        for code in languages(game, lang)
        for name in (papers() if paper == "all" else (paper,))
    ]


def run(
    root: Path,
    jobs: list[Job],
    out_dir: Path,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[BookReport]:
    """Write every job's book (and booklet); reports in the jobs' order. `progress` counts
    books, as each game's books in one language are done.

    The jobs of one game in one language (its papers, its quick references) go to one
    worker together: the game is localised once and each paragraph parsed once for them.
    """
    groups: dict[tuple[str, str], list[int]] = {}
    for number, job in enumerate(jobs):
        groups.setdefault((job.game.id, job.lang), []).append(number)
    tasks = [(root, [jobs[n] for n in group], out_dir) for group in groups.values()]
    workers = max(1, min(workers or os.cpu_count() or 1, len(tasks)))
    # the biggest groups first, so no worker is left with a long one at the end
    order = sorted(
        range(len(tasks)), key=lambda n: -len(all_texts(tasks[n][1][0].game)) * len(tasks[n][1])
    )
    done: dict[int, list[BookReport]] = {}
    if workers == 1:
        for n in order:
            done[n] = _build_group(tasks[n])
            if progress is not None:
                progress(len(done[n]))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(_build_group, tasks[n]): n for n in order}
            try:
                for future in as_completed(futures):
                    done[futures[future]] = future.result()
                    if progress is not None:
                        progress(len(done[futures[future]]))
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the running books finish (atomically)
                raise
    reports: list[BookReport | None] = [None] * len(jobs)
    for task, group_reports in done.items():
        for number, report in zip(list(groups.values())[task], group_reports, strict=True):
            reports[number] = report
    return [report for report in reports if report is not None]


def _build_group(task: tuple[Path, list[Job], Path]) -> list[BookReport]:
    """The jobs of one game in one language, sharing the localised game and the parses."""
    from starpress.rulebook.paragraphs import reusing_parses

    root, jobs, out_dir = task
    game = localize(root, jobs[0].game, jobs[0].lang)
    folder = Project(root).game_folder(game.id)
    with _icon_placeholders(game) as placeholders, reusing_parses():
        return [_build(root, job, game, folder, out_dir, placeholders) for job in jobs]


def _build(
    root: Path, job: Job, game: Game, folder: Path, out_dir: Path, placeholders: dict[str, str]
) -> BookReport:
    if job.quick:
        path = book_path(out_dir, game.id, job.lang, job.paper, quick=True)
        gameplay_id = gameplay(root, game.id)
        pages = build_quick(
            game, job.lang, job.paper, folder, path, gameplay_id, placeholders, job.stamp
        )
        return BookReport(path, pages, len(fallbacks(game)))
    path = book_path(out_dir, game.id, job.lang, job.paper)
    pictures = setup_pictures(root, game.id, job.lang)
    pages = build_book(game, job.lang, job.paper, folder, path, placeholders, job.stamp, pictures)
    if not job.booklet:
        return BookReport(path, pages, len(fallbacks(game)))
    booklet = book_path(out_dir, game.id, job.lang, job.paper, booklet=True)
    sides, half_pages = build_booklet(
        game, job.lang, job.paper, folder, booklet, placeholders, job.stamp, pictures
    )
    return BookReport(path, pages, len(fallbacks(game)), booklet, sides, half_pages)


@contextmanager
def _icon_placeholders(game: Game) -> Iterator[dict[str, str]]:
    """Icon id -> a placeholder image file of its own, for as long as the block runs."""
    with tempfile.TemporaryDirectory(prefix="starpress-icons-") as scratch:
        yield _placeholders(Path(scratch), [icon.id for icon in game.icons])


def setup_pictures(root: Path, game_id: str, lang: str) -> dict[str, Path]:
    """The setup pictures the cli drew for a game's books in a language (setup id ->
    file), from their manifest in the build tree; none when not drawn."""
    import json

    manifest = Project(root).setup_manifest(game_id, lang)
    if not manifest.is_file():
        return {}
    names: dict[str, str] = json.loads(manifest.read_text("utf-8"))
    found = {setup: manifest.parent / Path(name).name for setup, name in names.items()}
    return {setup: path for setup, path in found.items() if path.is_file()}


def build_book(
    game: Game,
    lang: str,
    page_name: str,
    folder: Path,
    path: Path,
    placeholders: dict[str, str] | None = None,
    stamp: Stamp | None = None,
    pictures: dict[str, Path] | None = None,
) -> int:
    """Write one book of a localised game at a page size, `stamp` on its title page; its
    number of pages. `pictures`: each setup's picture (`setup_pictures`), shown in its rules
    section."""
    from starpress.rulebook.document import write_pdf
    from starpress.rulebook.story import Book, book_title
    from starpress.rulebook.style import labels, look

    if placeholders is None:
        with _icon_placeholders(game) as made:
            return build_book(game, lang, page_name, folder, path, made, stamp, pictures)
    words = labels(lang)
    icon_files = {icon.id: folder / icon.file for icon in game.icons}
    story = Book(game, lang, look(page_name), placeholders, stamp, pictures).story()
    title = book_title(game, lang)
    credit = game.info.credits[0].names if game.info.credits else ["starpress"]
    meta = {
        "title": f"{title} – {words['rulebook']}",
        "author": ", ".join(credit),
        "subject": str(game.info.tagline),
        "lang": lang,
        "keywords": stamp.line if stamp else "",
    }
    by_file = {file: icon for icon, file in placeholders.items()}
    page = look(page_name).page
    return write_pdf(path, story, page, words, title, icon_files, folder, by_file, meta)


def gameplay(root: Path, game_id: str) -> str | None:
    """The section the site shows as a game's round or turn structure (its games.yaml)."""
    return games_settings(Project(root)).gameplay.get(game_id)


def build_quick(
    game: Game,
    lang: str,
    paper: str,
    folder: Path,
    path: Path,
    gameplay: str | None,
    placeholders: dict[str, str] | None = None,
    stamp: Stamp | None = None,
) -> int:
    """Write the quick reference of a localised game on a paper, `stamp` in its PDF's
    keywords; its number of pages."""
    from starpress.rulebook.quick_document import write_quick_pdf
    from starpress.rulebook.quick_story import QuickReference
    from starpress.rulebook.story import book_title
    from starpress.rulebook.style import labels, page_look, quick_page

    if placeholders is None:
        with _icon_placeholders(game) as made:
            return build_quick(game, lang, paper, folder, path, gameplay, made, stamp)
    words = labels(lang)
    icon_files = {icon.id: folder / icon.file for icon in game.icons}

    def story_at(page: Page) -> list[Flowable]:
        return QuickReference(game, lang, page_look(page), placeholders, gameplay).story()

    title = book_title(game, lang)
    credit = game.info.credits[0].names if game.info.credits else ["starpress"]
    meta = {
        "title": f"{title} – {words['quick_reference']}",
        "author": ", ".join(credit),
        "subject": str(game.info.tagline),
        "lang": lang,
        "keywords": stamp.line if stamp else "",
    }
    by_file = {file: icon for icon, file in placeholders.items()}
    pages, _size = write_quick_pdf(
        path,
        story_at,
        partial(quick_page, paper),
        f"{title} – {words['quick_reference']}",
        words,
        icon_files,
        folder,
        by_file,
        meta,
    )
    return pages


def build_booklet(
    game: Game,
    lang: str,
    paper: str,
    folder: Path,
    path: Path,
    placeholders: dict[str, str] | None = None,
    stamp: Stamp | None = None,
    pictures: dict[str, Path] | None = None,
) -> tuple[int, int]:
    """The book on half-size pages, imposed two per landscape sheet: the printed sides and
    the half-size pages."""
    from starpress.rulebook.booklet import impose
    from starpress.rulebook.style import booklet_page, page

    sheet = page(paper)
    with tempfile.TemporaryDirectory(prefix="starpress-booklet-") as scratch:
        half = Path(scratch) / path.name
        pages = build_book(
            game, lang, booklet_page(paper), folder, half, placeholders, stamp, pictures
        )
        return impose(half, path, (sheet.height, sheet.width), lang), pages


_PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
    "0000000d49444154789c6360606060000000050001a5f645400000000049454e44ae426082"
)
"""A 1×1 transparent PNG: the box an inline icon takes in a paragraph's line layout."""


def _placeholders(folder: Path, icons: list[str]) -> dict[str, str]:
    """Icon id -> a placeholder image file of its own (the canvas draws the icon there)."""
    found = {}
    for icon in icons:
        path = folder / f"{icon}.png"
        path.write_bytes(_PIXEL)
        found[icon] = str(path)
    return found
