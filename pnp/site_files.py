"""The print-and-play files the rules site offers, built before the site reads them.

`starpress site build` calls `prepare` first: each game's default kits (A4 and Letter) in
each language when missing, and the card gallery pictures with a `gallery.json` naming each
card's picture, and the game's cover (`pnp.cover`), in `build/site-cache/<lang>/<game>/`,
and each bot's simulation charts (`automa.site_charts`), where `starpress.sitefiles` reads
them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from pnp.build import plan, run
from pnp.cover import draw_cover
from pnp.export import Source, export_gallery
from pnp.kit import KitOptions
from pnp.layout import load_templates
from starpress.atomic import write_atomic
from starpress.i18n import localize
from starpress.load import load_games
from starpress.sitefiles import GALLERY_MANIFEST, PAPERS, gallery_folder, kit_file

GALLERY_DPI = 110


def prepare(root: Path, langs: Iterable[str], games: Iterable[str] | None = None) -> list[Path]:
    """Build the missing kits, draw every gallery and every bot's charts; the files written."""
    from automa.site_charts import draw_site_charts

    written: list[Path] = []
    loaded = load_games(root, games)
    written.extend(draw_site_charts(root, list(loaded)))
    for lang in langs:
        for game in loaded.values():
            for paper in PAPERS:
                if not kit_file(root, game.id, lang, paper).is_file():
                    options = KitOptions(lang=lang, paper=paper)
                    result = run(root, plan(root, [game.id], lang, options), root / "build" / "pnp")
                    written.extend(report.path for report in result.reports)
            written.append(draw_gallery(root, game.id, lang))
    return written


def draw_gallery(root: Path, game_id: str, lang: str) -> Path:
    """The front of every card of a game in one language as PNGs, their manifest, and the
    game's cover drawn from them (`pnp.cover`)."""
    game = load_games(root, [game_id])[game_id]
    folder = gallery_folder(root, game_id, lang)
    source = Source(
        localize(root, game, lang), load_templates(root, game), root / "content" / game_id
    )
    pictures = export_gallery(source, folder, GALLERY_DPI)
    manifest = folder / GALLERY_MANIFEST
    names = {card_id: path.name for card_id, path in pictures.items()}
    draw_cover(folder, [pictures[card_id] for card_id in sorted(pictures)])
    write_atomic(manifest, json.dumps(names, indent=1, sort_keys=True).encode("utf-8"))
    return manifest
