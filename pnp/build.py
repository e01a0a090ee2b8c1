"""Build the requested kits: games × languages, each a PDF, checking layouts first."""

from __future__ import annotations

import functools
import multiprocessing
import os
import shutil
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from starpress.core.edition import Stamp, stamp
from starpress.core.errors import InputError
from starpress.core.load import ContentError, load_games
from starpress.core.model import LANGUAGES, Game
from starpress.core.problems import Problem
from starpress.core.progress import advance_by_share
from starpress.core.project import Project
from starpress.core.version import tool_version
from starpress.pnp.kit import KitOptions, KitReport, kit_faces, printed_faces
from starpress.pnp.kitbuilder import build_kit
from starpress.pnp.layout import Templates, load_templates
from starpress.pnp.limits import LIMITS

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

    from starpress.pnp.export import Done
    from starpress.pnp.shopfiles import ShopReport


@dataclass
class BuildResult:
    reports: list[KitReport] = field(default_factory=list)
    exports: list[Path] = field(default_factory=list)
    shops: list[ShopReport] = field(default_factory=list)
    fallbacks: dict[str, int] = field(default_factory=dict)  # kit file name -> texts

    @property
    def overflow(self) -> list[str]:
        return [
            f"{report.path.name}: {line}" for report in self.reports for line in report.overflow
        ]


@dataclass(frozen=True)
class Job:
    game: Game  # in its own language: put in the kit's where the kit is drawn (`localized`)
    templates: Templates
    options: KitOptions
    catalog: Catalog | None = None
    """The game's catalog for the kit's language, read (strictly) by `plan`: a pool worker
    gets it with the job, and parses nothing again."""
    stamp: Stamp | None = None
    """What the kit is made with (starpress's version, the game's content version), asked
    once by `plan`; printed at the foot of every sheet."""

    def localized(self) -> Game:
        """The game in the kit's language (`starpress.core.i18n.in_language`)."""
        if self.options.lang == self.game.info.source_language:
            return self.game  # the catalogs' machinery (babel) not even imported
        from starpress.core.i18n import in_language

        return in_language(self.game, self.options.lang, self.catalog)

    @property
    def faces(self) -> int:
        return len(kit_faces(self.game, self.templates, self.options))


def languages(game: Game, lang: str) -> list[str]:
    """'source' is the game's own language, 'all' every published one, else that one."""
    if lang == "source":
        return [game.info.source_language]
    return list(LANGUAGES) if lang == "all" else [lang]


def plan(root: Path, games: Iterable[str] | None, lang: str, options: KitOptions) -> list[Job]:
    """Load and check everything first, so a bad layout stops the build before any PDF."""
    loaded = load_games(root, games)
    jobs: list[Job] = []
    problems = []
    tool = tool_version()
    for game in loaded.values():
        try:
            templates = load_templates(root, game)
        except ContentError as error:
            problems.extend(error.problems)
            continue
        if game.setups:  # a setup off its board, refused too
            from starpress.pnp.setups import setup_problems

            problems.extend(setup_problems(game, templates))
        _check_size(root, game, templates, options)
        chosen = replace(options, only=chosen_cards(root, game, options.only))
        made_with = stamp(Project(root), game.id, tool)
        for code in languages(game, lang):
            catalog = None
            if code != game.info.source_language:  # a bad one: refused before any kit
                from starpress.core.i18n import read_game_catalog

                catalog = read_game_catalog(root, game.id, code)
            jobs.append(Job(game, templates, replace(chosen, lang=code), catalog, made_with))
    if problems:
        raise ContentError(problems)
    return jobs


def board_problems(root: Path, game: Game) -> list[Problem]:
    """What `starpress check` finds wrong in a game's boards: its card layouts as the kit
    reads them (a board box's map, terrains, cells, track), and each setup piece's place
    on its board. A game without maps or setups has none to find."""
    if not (game.maps or game.setups):
        return []
    try:
        templates = load_templates(root, game)
    except ContentError as error:
        return list(error.problems)
    from starpress.pnp.setups import setup_problems  # a game with setups: only then

    return setup_problems(game, templates)


def chosen_cards(root: Path, game: Game, names: tuple[str, ...]) -> tuple[str, ...]:
    """The card ids `--only` names: a full id (`afternova.card.hired-paw-01`) or its last
    part (`hired-paw-01`); any other name is refused, naming where the cards are."""
    ids = {card.id for card in game.cards}
    short = {card.id.rsplit(".", 1)[-1]: card.id for card in game.cards}
    chosen = []
    for name in names:
        card = name if name in ids else short.get(name)
        if card is None:
            example = next(iter(sorted(short)), "")
            raise InputError(
                Project(root).game_folder(game.id),
                f"--only: {game.id} has no card {name[:100]!r} (a card id, e.g. {example})",
            )
        chosen.append(card)
    return tuple(chosen)


def _check_size(root: Path, game: Game, templates: Templates, options: KitOptions) -> None:
    """Refuse a kit with more cards (faces x copies) than `pnp/limits.yaml` allows."""
    faces = len(printed_faces(game, templates, options.proof))
    if faces > LIMITS.kit.faces:
        raise InputError(
            Project(root).game_folder(game.id),
            f"the kit would print {faces} cards (faces x copies), over the limit of "
            f"{LIMITS.kit.faces} (pnp/limits.yaml)",
        )


def run(
    root: Path,
    jobs: list[Job],
    out_dir: Path,
    *,
    progress: Callable[[int], None] | None = None,
    png: bool = False,
    tts: bool = False,
    tts_url: str | None = None,
    workers: int | None = None,
    shop: str | None = None,
    manifest: bool = False,
) -> BuildResult:
    """Build each job's kit PDF, and its print-shop PNGs, TTS decks and cut files when asked;
    or, with `shop` (a name of `pnp/shops.yaml`), that print shop's upload instead of the kit.

    Several jobs (games × languages) go to a process pool of `workers` (default: one per
    CPU), the biggest first; each kit is the same bytes as from a serial build, and the
    reports come back in the jobs' order. `progress` counts `work`: per face drawn and per
    share of each export when serial, per finished job from the pool. Each job carries the
    catalog `plan` read for it. With `manifest`, each kit's manifest is written beside it
    (`pnp.manifest`)."""
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    task = functools.partial(
        _build_job,
        root,
        out_dir,
        png=png,
        tts=tts,
        tts_url=tts_url,
        shop=shop,
        manifest=manifest,
    )
    built: dict[int, _Built] = {}
    if workers == 1:
        built = {n: task(job, progress) for n, job in enumerate(jobs)}
    else:
        order = sorted(range(len(jobs)), key=lambda n: -jobs[n].faces)
        forked = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=forked) as pool:
            futures = {pool.submit(task, jobs[n]): n for n in order}
            try:
                for future in as_completed(futures):
                    built[futures[future]] = future.result()
                    if progress is not None:
                        progress(work([jobs[futures[future]]], png=png, tts=tts))
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the running kits finish (atomically)
                raise
    result = BuildResult()
    for done in (built[n] for n in range(len(jobs))):
        result.exports.extend(done.exports)
        if done.shop is not None:
            result.shops.append(done.shop)
        if done.report is None:
            continue
        result.reports.append(done.report)
        if done.report.fallbacks:
            result.fallbacks[done.report.path.name] = len(done.report.fallbacks)
    return result


def work(jobs: Iterable[Job], *, png: bool = False, tts: bool = False) -> int:
    """The units `run`'s progress counts for `jobs`: each job's faces, once for its kit
    (or its print shop's upload) and once more for each export asked for."""
    return sum(job.faces for job in jobs) * (1 + png + tts)


@dataclass(frozen=True)
class _Built:
    """What one job wrote: its kit (none for a print shop's upload), exports, shop files."""

    report: KitReport | None
    exports: list[Path]
    shop: ShopReport | None = None


def _build_job(
    root: Path,
    out_dir: Path,
    job: Job,
    progress: Callable[[int], None] | None = None,
    *,
    png: bool,
    tts: bool,
    tts_url: str | None,
    shop: str | None = None,
    manifest: bool = False,
) -> _Built:
    """One kit, and its exports and manifest when asked; or a print shop's upload (in a pool
    worker or in this process)."""
    game = job.localized()
    folder = Project(root).game_folder(game.id)
    if shop is not None:
        return _shop_job(game, job, folder, out_dir, shop, progress)
    fitted = Project(root).cache("fitted")
    report = build_kit(
        game, job.templates, folder, job.options, out_dir, progress, job.stamp, fit_cache=fitted
    )
    if manifest:
        from starpress.pnp.manifest import write_manifest

        report.manifest = write_manifest(game, job.templates, job.options, report)
    exports: list[Path] = []
    if job.options.cut:
        from starpress.pnp.cut import write_cut_files

        target = _fresh(out_dir / "cut" / report.path.stem)
        exports.extend(write_cut_files(report.cut_sheets, target, report.path.name))
    if png or tts:  # PyMuPDF and Pillow (about a second to import) only when asked for
        from starpress.pnp.export import Source, export_pngs, export_tts

        source = Source(game, job.templates, folder, job.options.lang)
        name = f"{game.id}-{job.options.lang}"
        if png:
            done = _share(progress, job)
            exports.extend(export_pngs(source, _fresh(out_dir / "png" / name), done))
        if tts:
            folder = _fresh(out_dir / "tts" / name)
            exports.extend(
                export_tts(source, folder, job.options.lang, tts_url, _share(progress, job))
            )
    return _Built(report, exports)


def _shop_job(
    game: Game,
    job: Job,
    folder: Path,
    out_dir: Path,
    shop: str,
    progress: Callable[[int], None] | None,
) -> _Built:
    """A print shop's upload of one game in one language, in `<out>/shop/<shop>/<game>-<lang>/`."""
    from starpress.pnp.export import Source
    from starpress.pnp.shopfiles import write_shop_files
    from starpress.pnp.shops import load_shops

    lang = job.options.lang
    faces = kit_faces(game, job.templates, job.options)
    target = _fresh(out_dir / "shop" / shop / f"{game.id}-{lang}")
    source = Source(game, job.templates, folder, job.options.lang)
    report = write_shop_files(source, shop, load_shops()[shop], faces, target, lang)
    if progress is not None:
        progress(len(faces))
    return _Built(None, report.files, report)


def _share(progress: Callable[[int], None] | None, job: Job) -> Done | None:
    """An export's (done, of) as its share of `work`: the job's faces."""
    return advance_by_share(progress, job.faces) if progress is not None else None


def _fresh(folder: Path) -> Path:
    """An export folder emptied of an earlier run's files, so nothing stale remains."""
    if folder.is_dir():
        shutil.rmtree(folder)
    return folder
