"""`starpress sheet export|pull`: move a deck's cards to a spreadsheet, or fetch a published one.

`export` writes the cards of one component, as the loaded model has them, to a CSV or XLSX
file in the table format `starpress.core.sheets` reads. `pull` downloads a published CSV (a
Google Sheets "publish to the web" link needs no credentials) into the deck's CSV file.
"""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from pathlib import Path

from starpress.core import sheets
from starpress.core.errors import InputError
from starpress.core.load import game_ids, load_game
from starpress.core.model import RECORD_ID_RE, Game
from starpress.core.project import Project

TIMEOUT_SECONDS = 20.0


def deck_game(root: Path, deck: str) -> tuple[Game, str]:
    """The loaded game a deck (a component id such as `demo.component.card`) belongs to."""
    match = RECORD_ID_RE.match(deck)
    if match is None or match.group(2) != "component":
        raise InputError(
            None, f"a deck is a component id like 'demo.component.card' (got {deck!r})"
        )
    game_id = match.group(1)
    if game_id not in game_ids(root):
        raise InputError(None, f"unknown game '{game_id}' (games: {', '.join(game_ids(root))})")
    game = load_game(root, game_id)
    decks = sorted({card.component for card in game.cards})
    if deck not in decks:
        raise InputError(None, f"'{deck}' has no cards (decks: {', '.join(decks) or 'none'})")
    return game, deck


def export(root: Path, deck: str, to: Path, force: bool = False) -> tuple[Path, int]:
    """Write a deck's cards to `to` (.csv or .xlsx); returns the path and the number of cards.

    Only inside the project, unless `force` (which also replaces a file that is there)."""
    if to.suffix not in sheets.SUFFIXES:
        raise InputError(to, "the file must end in .csv or .xlsx")
    if not force and not to.resolve().is_relative_to(root.resolve()):
        message = f"--to {to}: is outside the project (--force writes there)"
        raise InputError(None, message)
    if not to.parent.is_dir():
        raise InputError(to.parent, "no such folder")
    if to.exists() and not force:
        raise InputError(to, "already exists (use --force to replace it)")
    game, deck = deck_game(root, deck)
    cards = [card.model_dump(mode="json", exclude_defaults=True) for card in game.cards_of(deck)]
    rows = sheets.table(cards)
    data = sheets.write_xlsx(rows) if to.suffix == ".xlsx" else sheets.write_csv(rows)
    try:
        write_atomic(to, data)
    except OSError as error:  # a read-only folder, a folder in the file's place
        raise InputError(to, f"cannot be written ({error.strerror})") from None
    return to, len(cards)


def default_csv(root: Path, deck: str) -> Path:
    """Where a deck's pulled CSV goes: the project's `content/<game>/cards-<name>.csv` (a
    built-in game's folder is read only)."""
    game_id, _kind, name = deck.split(".", 2)
    project = Project(root)
    if game_id in project.builtin_game_ids() and game_id not in project.own_game_ids():
        raise InputError(
            project.game_folder(game_id),
            f"{game_id} is a built-in game, read only: give --to, or make it the project's "
            f"own (copy its folder into content/ and its layouts into templates/cards/)",
        )
    return Project(root, library=None).game_folder(game_id) / f"cards-{name}.csv"


def pull(root: Path, deck: str, url: str, to: Path | None = None) -> tuple[Path, int]:
    """Download a published CSV export into the deck's CSV file; returns it and its size.

    The download is read up to `sheets.MAX_BYTES`, checked to be a table with an `id` column,
    and written to a temporary file that is then renamed over the old one.
    """
    match = RECORD_ID_RE.match(deck)
    if match is None or match.group(2) != "component":
        raise InputError(
            None, f"a deck is a component id like 'demo.component.card' (got {deck!r})"
        )
    if not url.startswith(("https://", "http://")):
        raise InputError(None, f"--url must be an http(s) address (got {url!r})")
    target = to or default_csv(root, deck)
    if not target.parent.is_dir():
        raise InputError(target.parent, "no such folder")
    request = urllib.request.Request(url, headers={"User-Agent": "starpress"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            data = response.read(sheets.MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        raise InputError(
            None, f"could not download {url}: HTTP {error.code} {error.reason}"
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        raise InputError(None, f"could not download {url}: {reason}") from None
    if len(data) > sheets.MAX_BYTES:
        raise InputError(None, f"{url} is larger than {sheets.MAX_BYTES} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(None, f"{url} is not UTF-8 text (publish the sheet as CSV)") from None
    header = text.split("\n", 1)[0].lower()
    if "id" not in [cell.strip().strip('"') for cell in header.replace(";", ",").split(",")]:
        raise InputError(None, f"{url} is not a card table: its first row has no 'id' column")
    write_atomic(target, data)
    return target, len(data)


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it: never a half-written file."""
    temporary = path.with_name(f".{path.name}.part")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
