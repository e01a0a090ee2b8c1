"""Fitted texts kept across runs: what fitting every text of a kit to its box found, read
back by the next build of the same game in the same language instead of fitted again.

One file per game and language in `build/cache/fitted/<game>/<lang>/`, named by the hash
of what a fit depends on besides its own key: the code that measures and fits, the bundled
fonts, the game's id and the titles its cross-references show. Each entry's key is the text,
font, boldness, box and sizes (`pnp.faces._fit`). A build writes the texts it fitted, whole
or not at all, and removes the files of other titles or code. A file that is damaged, of
another version or written by hand with values a fit never gives is ignored whole: the
texts are fitted again. The folder can be deleted at any time.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

from starpress.core.atomic import write_atomic
from starpress.core.text import Text
from starpress.pdf.fonts import FAMILIES, FONT_DIR, face
from starpress.pnp.textfit import Fitted, Line, Piece

CACHE_VERSION = "1"
_CODE = ("starpress.pnp.textfit", "starpress.core.text", "starpress.pdf.fonts", __name__)
"""The modules that measure and fit a text: a change to any of them fits every text again."""

FitKey = tuple[str, str, bool, float, float, float, float, float]
"""Text, font family, bold, box width and height, largest and smallest size, leading."""


def cache_path(folder: Path, game_id: str, lang: str, titles: dict[str, Text]) -> Path:
    """The file of a game's fitted texts in one language, for these titles and this code."""
    digest = hashlib.sha256()
    digest.update(f"{CACHE_VERSION}\n{_code_digest()}\n{game_id}\n".encode())
    digest.update(json.dumps({key: str(value) for key, value in titles.items()}).encode())
    return folder / _safe(game_id) / _safe(lang) / f"{digest.hexdigest()}.json"


def load(path: Path, icons: set[str]) -> dict[FitKey, Fitted]:
    """The fitted texts of the file, or none when it is missing, damaged or not ours."""
    try:
        data = json.loads(path.read_bytes(), parse_constant=_refuse)
        return dict(_entry(entry, icons) for entry in _list(data, "entries"))
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return {}


def save(path: Path, fitted: dict[FitKey, Fitted]) -> None:
    """Write the texts a build fitted (whole or not at all) and drop other files of the
    game and language (other titles or code)."""
    entries = [[list(key), _encode(value)] for key, value in fitted.items()]
    data = json.dumps({"version": CACHE_VERSION, "entries": entries}, ensure_ascii=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data.encode())
        for other in path.parent.glob("*.json"):
            if other.name != path.name:
                other.unlink(missing_ok=True)
    except OSError:
        pass  # a cache that cannot be written is a slower next build, not a failed one


def _encode(fitted: Fitted) -> list[Any]:
    lines = [
        [
            [[[p.width, p.text, p.font, p.icon] for p in word] for word in line.words]
            + [line.space, line.width]
            for line in paragraph
        ]
        for paragraph in fitted.lines
    ]
    return [lines, fitted.size, fitted.leading, fitted.overflow, fitted.ascent, fitted.family]


def _entry(entry: object, icons: set[str]) -> tuple[FitKey, Fitted]:
    raw_key, raw = _list(entry, "entry", 2)
    text, family, bold, *numbers = _list(raw_key, "key", 8)
    width, height, max_size, min_size, key_leading = (_number(value) for value in numbers)
    key: FitKey = (
        _str(text),
        _family(family),
        _bool(bold),
        width,
        height,
        max_size,
        min_size,
        key_leading,
    )
    lines, size, leading, overflow, ascent, fitted_family = _list(raw, "fitted", 6)
    size = _number(size)
    if not min(min_size, max_size) - 1e-9 <= size <= max_size + 1e-9:
        raise ValueError("a size outside the key's sizes")
    fitted = Fitted(
        tuple(tuple(_line(line, icons) for line in _list(p, "paragraph")) for p in _list(lines)),
        size,
        _number(leading),
        _bool(overflow),
        _number(ascent),
        _family(fitted_family),
    )
    if fitted.family != key[1]:
        raise ValueError("a fit in another font")
    return key, fitted


def _line(raw: object, icons: set[str]) -> Line:
    *words, space, width = _list(raw, "line")
    return Line(tuple(_word(word, icons) for word in words), _number(space), _number(width))


def _word(raw: object, icons: set[str]) -> tuple[Piece, ...]:
    """One word's pieces, each checked: a width, and a text in a bundled font or an icon
    the game has (the hot loop of reading a cache: kept to plain comparisons)."""
    pieces = []
    for piece in _list(raw, "word"):
        width, text, font, icon = _list(piece, "piece", 4)
        if type(width) not in (float, int) or not 0 <= width <= 1e6:
            raise ValueError("not a width")
        if icon is None:
            if type(text) is not str:
                raise ValueError("not a text")
            pieces.append(Piece(width, text=text, font=_font(font)))  # KeyError: not ours
        elif icon in icons and type(icon) is str:
            pieces.append(Piece(width, icon=icon))
        else:
            raise ValueError("an icon the game does not have")
    return tuple(pieces)


_STYLES = {
    font: (family, "bold" in style, "italic" in style)
    for family, styles in FAMILIES.items()
    for style, font in styles.items()
}
"""Each bundled font's name: its family, boldness and slant."""


@cache
def _font(name: str) -> str:
    """A bundled font by its name, registered with reportlab (as measuring it would): only
    the fonts a cache names are parsed, not every bundled one; KeyError for any other name."""
    family, bold, italic = _STYLES[name]
    return face(family, bold=bold, italic=italic)


def _list(value: object, what: str = "list", length: int | None = None) -> list[Any]:
    if isinstance(value, dict):
        value = value.get(what) if value.get("version") == CACHE_VERSION else None
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"not a {what}")
    return value


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError("not a string")
    return value


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("not true or false")
    return value


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("not a number")
    number = float(value)
    if not math.isfinite(number) or not 0 <= number <= 1e6:
        raise ValueError("a number out of range")
    return number


def _family(value: object) -> str:
    if value not in FAMILIES:
        raise ValueError("not a bundled font family")
    return str(value)


def _refuse(constant: str) -> None:
    raise ValueError(f"{constant} is no number")


def _safe(name: str) -> str:
    """A game id or language as a folder name (they are checked ids; any other text is
    hashed, so that it cannot name a folder outside the cache)."""
    if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}", name):
        return name
    return hashlib.sha256(name.encode()).hexdigest()[:16]


@cache
def _code_digest() -> str:
    digest = hashlib.sha256()
    code = [Path(importlib.import_module(name).__file__ or name) for name in _CODE]
    for path in [*sorted(FONT_DIR.glob("*.ttf")), *code]:
        digest.update(f"{path.name} {hashlib.sha256(path.read_bytes()).hexdigest()}\n".encode())
    return digest.hexdigest()
