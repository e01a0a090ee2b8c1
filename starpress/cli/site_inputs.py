"""The print-and-play files the rules site offers, built before the site reads them.

`starpress site build` calls `prepare` first: each game's default kits (A4 and Letter) in each
language when missing, and the card gallery pictures with a `gallery.json` naming each card's
picture, and the game's cover (`pnp.cover`), in `build/site-cache/<lang>/<game>/`, and
each bot's simulation charts (`automa.sim.site_charts`), where `starpress.site.files`
reads them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from starpress.core.atomic import write_atomic
from starpress.core.i18n import catalog_path, localize
from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.pnp.build import plan, run
from starpress.pnp.cover import draw_cover
from starpress.pnp.export import Source, export_gallery
from starpress.pnp.facecache import game_digest
from starpress.pnp.kit import KitOptions
from starpress.pnp.layout import Templates, load_templates
from starpress.site.files import GALLERY_MANIFEST, PAPERS, gallery_folder, kit_file

GALLERY_DPI = 110
GALLERY_STAMP = ".drawn-from"
"""In a gallery folder: the hash of what drew it (`_gallery_stamp`); the same hash again
draws nothing."""
GALLERY_STORE = Path("build") / "cache" / "gallery"
"""Gallery pictures by face key (`pnp.export.export_gallery`): deleting it only costs
time."""


def prepare(
    root: Path,
    langs: Iterable[str],
    games: Iterable[str] | None = None,
    loaded: dict[str, Game] | None = None,
) -> tuple[list[Path], dict[str, Templates]]:
    """Build the missing kits, draw every gallery and every bot's charts: the files written,
    and the games' card layouts (read for the gallery, handed on to the pages). `loaded`:
    the games, when the caller has read them already."""
    from starpress.automa.sim.site_charts import draw_site_charts

    written: list[Path] = []
    loaded = loaded if loaded is not None else load_games(root, games)
    written.extend(draw_site_charts(root, list(loaded), loaded=loaded))
    templates = {game.id: load_templates(root, game) for game in loaded.values()}
    for lang in langs:
        for game in loaded.values():
            for paper in PAPERS:
                if not kit_file(root, game.id, lang, paper).is_file():
                    options = KitOptions(lang=lang, paper=paper)
                    result = run(root, plan(root, [game.id], lang, options), root / "build" / "pnp")
                    written.extend(report.path for report in result.reports)
            written.append(draw_gallery(root, game.id, lang, game, templates[game.id]))
    return written, templates


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
    game = game or load_games(root, [game_id])[game_id]
    templates = templates or load_templates(root, game)
    folder = gallery_folder(root, game_id, lang)
    manifest = folder / GALLERY_MANIFEST
    stamp = _gallery_stamp(root, game, templates, lang)
    if manifest.is_file() and _read(folder / GALLERY_STAMP) == stamp:
        return manifest  # drawn from this very content, layouts, catalog and code
    source = Source(localize(root, game, lang), templates, root / "content" / game_id)
    pictures = export_gallery(source, folder, GALLERY_DPI, root / GALLERY_STORE, lang)
    names = {card_id: path.name for card_id, path in pictures.items()}
    draw_cover(folder, [pictures[card_id] for card_id in sorted(pictures)])
    write_atomic(manifest, json.dumps(names, indent=1, sort_keys=True).encode("utf-8"))
    write_atomic(folder / GALLERY_STAMP, stamp.encode("utf-8"))
    return manifest


def _gallery_stamp(root: Path, game: Game, templates: Templates, lang: str) -> str:
    """What a language's gallery is drawn from: the game as loaded, its catalog for `lang`,
    and what every face key shares (layouts, icons, pictures, fonts, drawing code)."""
    digest = game_digest(game, templates, root / "content" / game.id, lang)
    catalog = catalog_path(root, game.id, lang)
    parts = [
        game.model_dump_json(),
        hashlib.sha256(catalog.read_bytes()).hexdigest() if catalog.is_file() else "",
        json.dumps(dataclasses.asdict(digest), sort_keys=True),
        str(GALLERY_DPI),
    ]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def _read(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
