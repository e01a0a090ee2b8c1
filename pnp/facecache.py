"""Drawn faces cached on disk: each face a one-page PDF, named by the hash of what draws it.

The key of a face covers everything that changes its drawing: the card as localised (its
texts, numbers, count, provenance), the side, the resolved layout, the layout's colours and
defaults, the titles its `{component}` and cross-references show, the size and bleed, the
ink-saver option, the language, the bytes of every icon and picture of the game, of the
bundled fonts and of the drawing code. Same key, same drawing: a cached face is valid across
runs, and `build/cache/faces/` can be deleted at any time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import io
import json
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from starpress.core.model import Game
from starpress.core.text import CrossRef, Text
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import FONT_DIR
from starpress.pnp.faces import MARKS, DeckSizes, FaceSize, draw_face, face_context
from starpress.pnp.kit import Face, Side
from starpress.pnp.layout import Templates

CACHE_VERSION = "1"
_CODE = (
    "starpress.pnp.faces",
    "starpress.pnp.boardbox",
    "starpress.pnp.boardlayout",
    "starpress.pnp.grids",
    "starpress.core.cells",
    "starpress.pnp.textfit",
    "starpress.pdf.icons",
    "starpress.pdf.fonts",
    "starpress.pdf.canvas",
    "starpress.pdf.units",
    "starpress.pnp.facecache",
)
"""The modules that draw a face: a change to any of them draws every face again."""
_PICTURES = (".png", ".jpg", ".jpeg")


@dataclass(frozen=True)
class CachedFace:
    """A drawn face: its one-page PDF and what drawing it reported."""

    key: str
    pdf: bytes
    overflow: tuple[str, ...] = ()
    fallbacks: tuple[str, ...] = ()


@dataclass
class FaceCache:
    """Faces by key: in memory for a watching process, on disk across runs."""

    folder: Path
    memory: dict[str, CachedFace] = field(default_factory=dict)
    drawn: int = 0
    reused: int = 0

    def get(self, key: str) -> CachedFace | None:
        found = self.memory.get(key)
        if found is not None:
            return found
        pdf = self._path(key, ".pdf")
        meta = self._path(key, ".json")
        if not (pdf.is_file() and meta.is_file()):
            return None
        try:
            notes = json.loads(meta.read_text(encoding="utf-8"))
            found = CachedFace(
                key, pdf.read_bytes(), tuple(notes["overflow"]), tuple(notes["fallbacks"])
            )
        except (OSError, ValueError, KeyError):
            return None  # a damaged entry is drawn again
        self.memory[key] = found
        return found

    def put(self, face: CachedFace) -> None:
        self.memory[face.key] = face
        notes = {"overflow": list(face.overflow), "fallbacks": list(face.fallbacks)}
        _write_atomic(self._path(face.key, ".json"), json.dumps(notes).encode())
        _write_atomic(self._path(face.key, ".pdf"), face.pdf)

    def _path(self, key: str, suffix: str) -> Path:
        return self.folder / key[:2] / f"{key}{suffix}"


@dataclass(frozen=True)
class GameDigest:
    """What every face of a game shares in its key, hashed once per build."""

    game_id: str
    lang: str
    files: str  # icons, pictures, fonts and drawing code
    templates: str  # colours and defaults of the layout file
    layouts: dict[str, str]  # each resolved layout's hash, by name
    marks: dict[str, str] = dataclasses.field(default_factory=dict)  # set marks, by card


def game_digest(game: Game, templates: Templates, folder: Path, lang: str) -> GameDigest:
    files = hashlib.sha256()
    for icon in sorted(game.icons, key=lambda icon: icon.id):
        files.update(f"icon {icon.id} {_file_hash(folder / icon.file)}\n".encode())
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() in _PICTURES and path.is_file():
            files.update(f"picture {path.relative_to(folder)} {_file_hash(path)}\n".encode())
    files.update(_tool_digest().encode())
    shared: dict[str, object] = {
        "colors": templates.colors,
        "defaults": templates.defaults.model_dump(),
    }
    if game.maps:  # what board boxes draw: the maps in this language, their terrains' titles
        titles = game.ids()
        shared["maps"] = [board_map.model_dump(mode="json") for board_map in game.maps]
        shared["terrain_titles"] = {
            terrain.title_of: str(titles.get(terrain.title_of, ""))
            for board_map in game.maps
            for terrain in board_map.terrains
            if terrain.title_of
        }
    layouts = {
        name: _hash(dataclasses.asdict(layout)) for name, layout in templates.layouts.items()
    }
    return GameDigest(game.id, lang, files.hexdigest(), _hash(shared), layouts, game.card_marks())


def face_key(
    digest: GameDigest,
    titles: dict[str, Text],
    face: Face,
    side: Side,
    bleed: float,
    ink_saver: bool,
    deck_sizes: DeckSizes,
) -> str:
    """The hash of everything that draws this side of this face (with the text sizes its
    deck settled on, which other cards' texts decide)."""
    card = face.card
    layout = face.front if side == "front" else face.back
    assert layout is not None
    values = card.back if side == "back" else card.fields
    targets = sorted(
        {
            token.target
            for text in [card.name, *_texts(values)]
            if text is not None
            for token in getattr(text, "tokens", ())
            if isinstance(token, CrossRef)
        }
    )
    texts = [card.name, *_texts(card.fields), *_texts(card.back)]
    return _hash(
        {
            "version": CACHE_VERSION,
            "game": digest.game_id,
            "lang": digest.lang,
            "files": digest.files,
            "templates": digest.templates,
            "card": _drawn_part(card.model_dump(mode="json"), side),
            "fallbacks": sorted(
                t.id for t in texts if t is not None and getattr(t, "fallback", False)
            ),
            "side": side,
            "mark": digest.marks.get(card.id) if side == "front" else None,
            "layout": digest.layouts[layout.name],
            "titles": {
                target: str(titles.get(target, "")) for target in [card.component, *targets]
            },
            "size": [round(face.width, 4), round(face.height, 4)],
            "bleed": round(bleed, 4),
            "ink_saver": ink_saver,
            "text_sizes": deck_sizes.get((card.component, layout.name), {}),
        }
    )


def draw_one(
    key: str,
    game: Game,
    templates: Templates,
    folder: Path,
    face: Face,
    side: Side,
    bleed: float,
    ink_saver: bool,
    deck_sizes: DeckSizes,
    lang: str = "en",
) -> CachedFace:
    """Draw one face on a page of its own (face plus bleed), as the kit would draw it."""
    layout = face.front if side == "front" else face.back
    assert layout is not None
    size = FaceSize(face.width, face.height, bleed)
    buffer = io.BytesIO()
    canvas = KitCanvas(
        buffer, pagesize=(size.outer_width, size.outer_height), invariant=1, pageCompression=1
    )
    context = face_context(canvas, game, templates, folder, ink_saver, lang)
    context.icons.define_all()
    context.deck_sizes = deck_sizes
    draw_face(context, layout, face.card, side, size)
    canvas.showPage()
    canvas.save()
    return CachedFace(
        key,
        buffer.getvalue(),
        tuple(sorted(set(context.overflow))),
        tuple(sorted(context.fallbacks)),
    )


def _drawn_part(card: dict[str, Any], side: Side) -> dict[str, Any]:
    """What of a card one side can show: a front never reads the back's fields, a back
    never the front's, and a shared back (drawn once per component) only the fields every
    face has (`{name}`, `{id}`, `{count}`), not the first card's texts."""
    if side == "front":
        return {key: value for key, value in card.items() if key != "back"}
    if card.get("back") is None:
        return {key: card[key] for key in ("id", "name", "count", "component")}
    return {key: value for key, value in card.items() if key != "fields"}


def _texts(values: dict[str, Any] | None) -> list[Any]:
    found: list[Any] = []
    for value in (values or {}).values():
        found.extend(value if isinstance(value, list) else [value])
    return [value for value in found if isinstance(value, str)]


def _hash(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _file_hash(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "missing"


@cache
def _tool_digest() -> str:
    """The bundled fonts, the drawing code and the words a kit prints of its own
    (`marks.yaml`): a new starpress draws every face again."""
    digest = hashlib.sha256()
    code = [Path(importlib.import_module(name).__file__ or name) for name in _CODE]
    for path in [*sorted(FONT_DIR.glob("*.ttf")), *code, MARKS]:
        digest.update(f"{path.name} {_file_hash(path)}\n".encode())
    return digest.hexdigest()


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
