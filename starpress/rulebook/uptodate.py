"""Which games' books a `rulebook --if-changed` request must build: each game's books are a
step keyed by the hash of what they read (`starpress.core.freshness`). Known before anything
that sets a page is imported, so a `make` with nothing changed starts no more than this."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from starpress.core.freshness import Stamps, code_folder, inputs_key
from starpress.core.project import Project
from starpress.rulebook.request import BookRequest


def book_keys(root: Path, games: Iterable[str], request: BookRequest) -> dict[str, tuple[str, str]]:
    """Each game's step (its books as asked) and the key of what they read: the game's
    content, the templates' settings, the code that sets the books with its fonts, and
    pnp's, which draws the setup pictures the books show."""
    project = Project(root)
    code = ("core", "pdf", "pnp", "rulebook")
    shared = [project.templates, *(code_folder(name) for name in code)]
    asked = (request.lang, request.paper.value, request.booklet, request.quick)
    keys = {}
    for game in games:
        step = f"rulebook {game} {asked!r} {request.out.resolve()}"
        keys[game] = (step, inputs_key([project.game_folder(game), *shared], step))
    return keys


def up_to_date(root: Path, games: Iterable[str], request: BookRequest) -> bool:
    """Whether every game's books, as asked, were built from the inputs there are now."""
    stamps = Stamps(root)
    return all(stamps.fresh(*key) for key in book_keys(root, games, request).values())
