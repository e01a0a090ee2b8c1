"""What the rulebooks read from the build tree, drawn first by the renderer that makes it.

The books never import the kits' code: before `starpress rulebook` builds them, the cli
draws each game's setup pictures (`pnp.setups`, through `cli/site_inputs.draw_setups`) in
every language asked for, where `Project.setup_manifest` says; a book shows each picture in
the rules section its setup names.
"""

from __future__ import annotations

from pathlib import Path

from starpress.core.load import load_games
from starpress.core.model import LANGUAGES


def prepare_books(root: Path, target: str, lang: str) -> list[Path]:
    """Draw the setup pictures of the games (`target`: a game id or 'all') in the languages
    (`lang`: one, 'source' or 'all') the books are asked for; the manifests written."""
    from starpress.cli.site_inputs import draw_setups
    from starpress.pnp.layout import load_templates

    games = load_games(root, None if target == "all" else [target])
    written: list[Path] = []
    for game in games.values():
        if not game.setups:
            continue
        templates = load_templates(root, game)
        codes: list[str] = [game.info.source_language] if lang == "source" else [lang]
        if lang == "all":
            codes = list(LANGUAGES)
        for code in codes:
            written.extend(draw_setups(root, game, code, templates))
    return written
