"""Setup pictures: a board's front as the kit draws it, with the pieces setup puts on it
and a key naming each kind of piece, rasterised to PNG for the site and the rulebooks.

A piece stands `at` a box of the board's front layout (its middle), or at one cell of a
grid, spots or track box (`arena:0,-6`, `holes:home-a`, `score:5`), moved by `dx`, `dy` mm.
The pictures of a game in one language are written with a manifest naming each file
(`Project.setup_manifest`); the cli draws them before the site or the books are built.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor

from starpress.core.atomic import write_atomic
from starpress.core.model import Game, PieceKind, Setup, size_mm
from starpress.core.problems import Problem
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face as font_face
from starpress.pdf.units import MM
from starpress.pnp import boardbox
from starpress.pnp.anatomy import box_rect
from starpress.pnp.boardlayout import board_extent
from starpress.pnp.boxes import GRID_TYPES, Box
from starpress.pnp.faces import FaceSize, draw_face, face_context
from starpress.pnp.kit import fit_text_to_decks, printed_faces
from starpress.pnp.layout import ResolvedLayout, Templates

PICTURE_WIDTH_PX = 1600
"""How wide a setup picture is: sharp on a wide screen, and 240 dpi across a book's page."""
STAMP = ".drawn-from"


@dataclass(frozen=True)
class Board:
    """The card a setup is drawn on: its front layout and its size in mm."""

    layout: ResolvedLayout
    width: float
    height: float


def board_of(game: Game, templates: Templates, setup: Setup) -> Board:
    card = game.card(setup.board)
    component = game.component(card.component)
    layout = templates.front(component.id, card.layout)
    width, height = size_mm(layout.size or component.size or "poker")
    return Board(layout, width, height)


def place(board: Board, at: str, game: Game) -> tuple[float, float] | str:
    """Where `at` is on the board, mm from the trim's top-left corner; or why it is not."""
    name, _, cell = at.partition(":")
    box = next((box for box in board.layout.boxes if box.name == name), None)
    if box is None:
        return f"no box '{name}' on the front of the board (layout '{board.layout.name}')"
    if not cell:
        return _middle(box, board, game)
    if box.type in GRID_TYPES:
        found = boardbox.cell_centre(box, cell, board.width, board.height, game.maps)
        return found if found is not None else f"box '{name}' has no cell '{cell}'"
    if box.type == "track":
        number = int(cell) if cell.lstrip("-").isdigit() else None
        centre = (
            boardbox.space_centre(box, number, board.width, board.height)
            if number is not None
            else None
        )
        return centre if centre is not None else f"track '{name}' has no space '{cell}'"
    return f"box '{name}' is a {box.type}: only grids, spots and tracks have cells"


def _middle(box: Box, board: Board, game: Game) -> tuple[float, float]:
    extent = board_extent(box, game.maps, board.width, board.height)
    x, y, w, h = extent if extent is not None else box_rect(box, board.width, board.height)
    return x + w / 2, y + h / 2


def setup_problems(game: Game, templates: Templates) -> list[Problem]:
    """Each setup piece whose place is not on its board, located at the setup's title."""
    problems = []
    for setup in game.setups:
        path, line = setup.title.where or ("content", 1)
        board = board_of(game, templates, setup)
        for number, piece in enumerate(setup.pieces, 1):
            found = place(board, piece.at, game)
            if isinstance(found, str):
                message = f"setup '{setup.id}': piece {number} at '{piece.at}': {found}"
                problems.append(Problem(path, line, 1, message))
    return problems


# -- drawing ---------------------------------------------------------------------------------


def setup_pdf(game: Game, templates: Templates, folder: Path, setup: Setup) -> bytes:
    """One page: the board's front (no bleed), its pieces, and below it the key."""
    board = board_of(game, templates, setup)
    width, height = board.width * MM, board.height * MM
    font_size = max(9.0, board.width * 0.045)
    kinds = [kind for kind in setup.kinds if any(p.kind == kind.id for p in setup.pieces)]
    columns = max(1, min(len(kinds), int(width // (font_size * 16))))
    rows = math.ceil(len(kinds) / columns)
    row_height = font_size * 2.2
    key_height = rows * row_height + font_size
    buffer = io.BytesIO()
    canvas = KitCanvas(buffer, pagesize=(width, height + key_height), invariant=1)
    context = face_context(canvas, game, templates, folder)
    context.icons.define_all()
    fit_text_to_decks(context, printed_faces(game, templates, proof=True), 0.0)
    card = game.card(setup.board)
    canvas.saveState()
    canvas.translate(0, key_height)
    draw_face(context, board.layout, card, "front", FaceSize(width, height, 0.0))
    by_kind = {kind.id: kind for kind in setup.kinds}
    for piece in setup.pieces:
        found = place(board, piece.at, game)
        if isinstance(found, str):  # checked when the layouts are read: never here
            continue
        x, y = found[0] + piece.dx, found[1] + piece.dy
        _piece(
            canvas, context.icons.draw, by_kind[piece.kind], x * MM, height - y * MM, piece.label
        )
    canvas.restoreState()
    canvas.setFillColor(HexColor("#ffffff"))
    canvas.rect(0, 0, width, key_height, stroke=0, fill=1)
    titles = {record: str(title) for record, title in game.ids().items()}
    for index, kind in enumerate(kinds):
        row, column = divmod(index, columns)
        x = column * width / columns + font_size
        y = key_height - (row + 1) * row_height
        swatch = font_size * 1.6
        swatch_kind = PieceKind(**{**kind.model_dump(), "size": swatch / MM})
        _piece(canvas, context.icons.draw, swatch_kind, x + swatch / 2, y + row_height / 2, None)
        canvas.setFillColor(HexColor("#1b1b1b"))
        canvas.setFont(font_face("DejaVuSansCondensed"), font_size)
        name = str(kind.name) if kind.name is not None else titles.get(kind.title_of or "", "")
        canvas.drawString(x + swatch + font_size * 0.6, y + row_height / 2 - font_size / 3, name)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _piece(
    canvas: KitCanvas,
    draw_icon: Callable[[str, float, float, float], None],
    kind: PieceKind,
    x: float,
    y: float,
    label: str | None,
) -> None:
    """A piece centred on (x, y) points: its shape in its colour, its icon on a light core,
    its label; a dark outline so it stands out on any board."""
    size = kind.size * MM
    radius = size / 2
    canvas.saveState()
    canvas.setFillColor(HexColor(kind.color))
    canvas.setStrokeColor(HexColor("#111111"))
    canvas.setLineWidth(max(0.6, size * 0.05))
    if kind.shape == "disc":
        canvas.circle(x, y, radius, stroke=1, fill=1)
    elif kind.shape == "square":
        canvas.roundRect(x - radius, y - radius, size, size, size * 0.12, stroke=1, fill=1)
    elif kind.shape == "card":
        canvas.roundRect(
            x - radius * 0.7, y - radius, size * 0.7, size, size * 0.06, stroke=1, fill=1
        )
    else:
        path = canvas.beginPath()
        for side in range(6):
            angle = math.radians(30 + 60 * side)
            point = (x + radius * math.cos(angle), y + radius * math.sin(angle))
            if side == 0:
                path.moveTo(*point)
            else:
                path.lineTo(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=1)
    if kind.icon is not None:
        canvas.setFillColor(HexColor("#ffffff"))
        canvas.circle(x, y, radius * 0.62, stroke=0, fill=1)
        icon_side = size * 0.58
        draw_icon(kind.icon.strip(":"), x - icon_side / 2, y - icon_side / 2, icon_side)
    if label:
        light = _luminance(kind.color) < 0.45 and kind.icon is None
        canvas.setFillColor(HexColor("#ffffff" if light else "#111111"))
        font_size = size * (0.55 if kind.icon is None else 0.42)
        canvas.setFont(font_face("DejaVuSans", bold=True), font_size)
        canvas.drawCentredString(x, y - font_size * 0.35, label)
    canvas.restoreState()


def _luminance(color: str) -> float:
    red, green, blue = (int(color[index : index + 2], 16) / 255 for index in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def setup_png(game: Game, templates: Templates, folder: Path, setup: Setup) -> bytes:
    """The setup picture as PNG, PICTURE_WIDTH_PX wide."""
    import pymupdf

    document = pymupdf.open(stream=setup_pdf(game, templates, folder, setup), filetype="pdf")
    page = document[0]
    zoom = PICTURE_WIDTH_PX / page.rect.width
    return bytes(page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False).tobytes("png"))


@dataclass(frozen=True)
class SetupFiles:
    """Where a game's setup pictures in one language go (`starpress.core.project`)."""

    folder: Path
    manifest: Path


def write_setups(
    game: Game, templates: Templates, folder: Path, files: SetupFiles, lang: str
) -> Path:
    """Draw every setup of a game (already in `lang`) into `files.folder`, with the manifest
    (setup id -> file name); nothing is drawn again when what the pictures are drawn from
    (the game in this language, its layouts and what every face shares, this code) is what
    they were drawn from last time."""
    stamp = _stamp(game, templates, folder, lang)
    stamp_file = files.folder / STAMP
    if files.manifest.is_file() and _read(stamp_file) == stamp:
        return files.manifest
    files.folder.mkdir(parents=True, exist_ok=True)
    names = {}
    for setup in game.setups:
        name = f"{setup.id.rsplit('.', 1)[-1]}.png"
        write_atomic(files.folder / name, setup_png(game, templates, folder, setup))
        names[setup.id] = name
    write_atomic(files.manifest, json.dumps(names, indent=1, sort_keys=True).encode("utf-8"))
    write_atomic(stamp_file, stamp.encode("utf-8"))
    return files.manifest


def _stamp(game: Game, templates: Templates, folder: Path, lang: str) -> str:
    from starpress.pnp.facecache import game_digest

    digest = game_digest(game, templates, folder, lang)
    parts = [
        game.model_dump_json(),
        json.dumps(asdict(digest), sort_keys=True),
        str(PICTURE_WIDTH_PX),
        hashlib.sha256(Path(__file__).read_bytes()).hexdigest(),
    ]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()


def _read(path: Path) -> str | None:
    try:
        return path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
