"""Which games' kits a `pnp --if-changed` request must build: each game's kits are a step
keyed by the hash of what they read (`starpress.core.freshness`). Known before anything that
draws is imported, so a `make` with nothing changed starts no more than this."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from pathlib import Path

from starpress.core.freshness import Stamps, code_folder, inputs_key
from starpress.core.project import Project
from starpress.pnp.request import Request

IF_CHANGED_CONFLICTS: tuple[tuple[str, Callable[[Request], object]], ...] = (
    ("'calibrate'", lambda request: request.target == "calibrate"),
    ("--shop", lambda request: request.shop),
    ("--cut", lambda request: request.cut),
    ("--png", lambda request: request.png),
    ("--tts", lambda request: request.tts),
)
"""What `--if-changed` does not key: files other than the kits."""


def kit_keys(root: Path, games: Iterable[str], request: Request) -> dict[str, tuple[str, str]]:
    """Each game's step (its kits as asked) and the key of what they read: the game's
    content, the layouts and catalogs, the printer profiles, the drawing code with its data
    and fonts. How many kits are built at once is not part of it (same bytes)."""
    project = Project(root)
    shared = [
        project.templates,
        project.translation_settings,
        project.printer_profiles,
        *(code_folder(name) for name in ("core", "pdf", "pnp")),
    ]
    keys = {}
    for game in games:
        asked = dataclasses.replace(
            request, target=game, jobs=None, if_changed=False, out=request.out.resolve()
        )
        step = f"pnp {asked!r}"
        keys[game] = (step, inputs_key([project.game_folder(game), *shared], step))
    return keys


def up_to_date(root: Path, games: Iterable[str], request: Request) -> bool:
    """Whether every game's kits, as asked, were built from the inputs there are now."""
    stamps = Stamps(root)
    return all(stamps.fresh(*key) for key in kit_keys(root, games, request).values())
