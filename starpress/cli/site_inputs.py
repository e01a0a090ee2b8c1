"""What the rules site reads, built first by the renderers that make it.

The site never imports the kits' or the bots' code: `starpress site build` (and `site
serve`) calls `prepare` first, which asks each renderer for its part and writes it into the
build tree, where the pages read it (`starpress.core.project` names every file):

- each game's default kits (A4 and Letter) in each language, when missing (`pnp`);
- the card gallery pictures, their manifest and the game's cover, in each language
  (`pnp.export`, `pnp.cover`), drawn again only when what draws them changed;
- where each card layout's boxes are, for the anatomy pictures (`pnp.anatomy`);
- each bot's simulation charts (`automa.sim.site_charts`);
- each bot's Play page data in each language, and the bots' code for the browser
  (`automa.web.data`, `automa.web.bundle`);
- each game's setup pictures in each language (`pnp.setups`), which the books read too
  (`cli/book_inputs.py`).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable
from pathlib import Path

from starpress.automa.web.bundle import code_files, code_zip
from starpress.automa.web.data import page_data, program_of
from starpress.core.atomic import write_atomic
from starpress.core.edition import stamp
from starpress.core.i18n import catalog_path, localize
from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.core.progress import Progress
from starpress.core.project import Project
from starpress.core.version import tool_version
from starpress.pnp.anatomy import anatomy_plan
from starpress.pnp.build import plan, run, work
from starpress.pnp.cover import draw_cover
from starpress.pnp.export import Source, export_gallery
from starpress.pnp.facecache import game_digest
from starpress.pnp.kit import KitOptions
from starpress.pnp.layout import Templates, load_templates
from starpress.site.files import PAPERS

GALLERY_DPI = 110
GALLERY_STAMP = ".drawn-from"
"""In a gallery folder: the hash of what drew it (`_gallery_stamp`); the same hash again
draws nothing."""

Palettes = dict[str, dict[str, str]]
"""Each game's card palette (`colors:` of its layouts): game id -> colour name -> #rrggbb."""


def check_pyodide(root: Path, loaded: dict[str, Game]) -> None:
    """When a game's bot gets a Play page, Pyodide must be there: a missing one is said
    (InputError, with how to get it) before anything is built."""
    from starpress.site.play import pyodide_folder

    if any(program_of(game) is not None for game in loaded.values()):
        pyodide_folder(root)


def prepare(
    root: Path,
    langs: Iterable[str],
    games: Iterable[str] | None = None,
    loaded: dict[str, Game] | None = None,
    progress: Progress | None = None,
) -> tuple[list[Path], Palettes]:
    """Write everything the site reads (see the module's docstring): the files written, and
    the games' card palettes (read for the gallery, handed on to the pages). `loaded`: the
    games, when the caller has read them already; `progress`: where each step's progress is
    shown (bot charts, missing kits, card pictures, Play pages' data)."""
    from starpress.automa.sim.site_charts import draw_site_charts

    project = Project(root)
    langs = list(langs)
    written: list[Path] = []
    loaded = loaded if loaded is not None else load_games(root, games)
    progress = progress or Progress(None)
    with progress.task("site: bot charts", None, "settings") as charts:
        written.extend(draw_site_charts(root, list(loaded), loaded=loaded, progress=charts.update))
    templates = {game.id: load_templates(root, game) for game in loaded.values()}
    for game in loaded.values():
        plans = anatomy_plan(templates[game.id], game)
        written.append(_write_json(project.anatomy_file(game.id), plans))
    missing = [
        (game, lang, paper)
        for lang in langs
        for game in loaded.values()
        for paper in PAPERS
        if not project.kit_file(game.id, lang, paper).is_file()
    ]
    if missing:
        jobs = [
            job
            for game, lang, paper in missing
            for job in plan(root, [game.id], lang, KitOptions(lang=lang, paper=paper))
        ]
        with progress.task("site: missing kits", work(jobs), "cards") as kits:
            result = run(root, jobs, project.kits, progress=kits.advance)
        written.extend(report.path for report in result.reports)
    with progress.task("site: card pictures", len(langs) * len(loaded), "games") as pictures:
        for lang in langs:
            for game in loaded.values():
                written.append(draw_gallery(root, game.id, lang, game, templates[game.id]))
                written.extend(draw_setups(root, game, lang, templates[game.id]))
                pictures.advance()
    with progress.task("site: Play pages' data", len(loaded) * len(langs), "games") as play:
        written.extend(write_play_inputs(root, loaded, langs, play.advance))
    return written, {game_id: dict(layouts.colors) for game_id, layouts in templates.items()}


def prepare_game(root: Path, game_id: str, lang: str) -> Path:
    """What `site serve` writes again when a game changes: its card pictures, its anatomy
    plans and its Play page data in the language being served."""
    game = load_games(root, [game_id])[game_id]
    templates = load_templates(root, game)
    _write_json(Project(root).anatomy_file(game_id), anatomy_plan(templates, game))
    write_play_inputs(root, {game_id: game}, [lang])
    draw_setups(root, game, lang, templates)
    return draw_gallery(root, game_id, lang, game, templates)


def check_layouts(root: Path) -> None:
    """Read every game's card layouts, as the pages' pictures will: ContentError when one
    has problems (for `site serve`, which checks before it rebuilds)."""
    for game in load_games(root).values():
        if Project(root).card_layouts(game.id).is_file():
            load_templates(root, game)


def write_play_inputs(
    root: Path,
    loaded: dict[str, Game],
    langs: Iterable[str],
    progress: Callable[[int], None] | None = None,
) -> list[Path]:
    """Each bot's Play page data per language, and the bots' code as one zip for Pyodide;
    a game whose bot does not ship with starpress has no Play page (its data is removed).
    `progress` counts games, once per language."""
    project = Project(root)
    written = []
    programs = set()
    tool = tool_version()
    for game in loaded.values():
        program = program_of(game)
        made_with = stamp(project, game.id, tool).record() if program is not None else None
        for lang in langs:
            path = project.play_data(game.id, lang)
            if program is None:
                path.unlink(missing_ok=True)
            else:
                data = page_data(game, localize(root, game, lang), lang, stamp=made_with)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(path, json.dumps(data, ensure_ascii=False).encode("utf-8"))
                written.append(path)
            if progress is not None:
                progress(1)
        if program is not None:
            programs.add(program)
    if programs:
        project.play_bundle.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(project.play_bundle, code_zip(code_files(sorted(programs))))
        written.append(project.play_bundle)
    return written


def draw_gallery(
    root: Path,
    game_id: str,
    lang: str,
    game: Game | None = None,
    templates: Templates | None = None,
) -> Path:
    """The front of every card of a game in one language as PNGs, their manifest, and the
    game's cover drawn from them (`pnp.cover`); the game and its layouts are read unless
    given (as loaded, not localised)."""
    project = Project(root)
    game = game or load_games(root, [game_id])[game_id]
    templates = templates or load_templates(root, game)
    folder = project.gallery_folder(game_id, lang)
    manifest = project.gallery_manifest(game_id, lang)
    stamp = _gallery_stamp(root, game, templates, lang)
    if manifest.is_file() and _read(folder / GALLERY_STAMP) == stamp:
        return manifest  # drawn from this very content, layouts, catalog and code
    source = Source(localize(root, game, lang), templates, project.game_folder(game_id), lang)
    pictures = export_gallery(source, folder, GALLERY_DPI, project.cache("gallery"), lang)
    names = {card_id: path.name for card_id, path in pictures.items()}
    draw_cover(
        project.cover_file(game_id, lang), [pictures[card_id] for card_id in sorted(pictures)]
    )
    write_atomic(manifest, json.dumps(names, indent=1, sort_keys=True).encode("utf-8"))
    write_atomic(folder / GALLERY_STAMP, stamp.encode("utf-8"))
    return manifest


def draw_setups(root: Path, game: Game, lang: str, templates: Templates) -> list[Path]:
    """A game's setup pictures in one language and their manifest (`pnp.setups`), read by
    the rules pages and the books; none for a game without setups. A setup whose pieces are
    not on its board is refused (ContentError) before anything is drawn."""
    from starpress.core.load import ContentError
    from starpress.pnp.setups import SetupFiles, setup_problems, write_setups

    project = Project(root)
    manifest = project.setup_manifest(game.id, lang)
    if not game.setups:
        manifest.unlink(missing_ok=True)
        return []
    problems = setup_problems(game, templates)
    if problems:
        raise ContentError(problems)
    files = SetupFiles(project.setup_folder(game.id, lang), manifest)
    folder = project.game_folder(game.id)
    return [write_setups(localize(root, game, lang), templates, folder, files, lang)]


def _gallery_stamp(root: Path, game: Game, templates: Templates, lang: str) -> str:
    """What a language's gallery is drawn from: the game as loaded, its catalog for `lang`,
    and what every face key shares (layouts, icons, pictures, fonts, drawing code)."""
    digest = game_digest(game, templates, Project(root).game_folder(game.id), lang)
    catalog = catalog_path(root, game.id, lang)
    parts = [
        game.model_dump_json(),
        hashlib.sha256(catalog.read_bytes()).hexdigest() if catalog.is_file() else "",
        json.dumps(dataclasses.asdict(digest), sort_keys=True),
        str(GALLERY_DPI),
    ]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def _write_json(path: Path, data: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True).encode("utf-8"))
    return path


def _read(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
