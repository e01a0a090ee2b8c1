"""A game's cover for the site: a fan of three of its own card faces, from the gallery.

Drawn with Pillow from the gallery PNGs (`starpress.cli.site_inputs.draw_gallery`), at
the path the caller gives (the project's `cover_file`); the same pictures always give the
same bytes (no metadata, no timestamp).
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

from PIL import Image, ImageDraw

from starpress.core.atomic import write_atomic

CARD_HEIGHT = 260  # px, each face in the fan
ANGLES = (-14.0, 0.0, 14.0)  # degrees, left to right
PADDING = 12
MAX_AREA = 400 * 600  # px at the gallery's 110 dpi: bigger faces are boards and aids


def pick_faces(sizes: dict[Path, tuple[int, int]]) -> list[Path]:
    """Three faces of one size (one shape makes a tidy fan), spread over the game's cards:
    the first, the middle and the last in card order. The size is the largest that at least
    three faces share, short of a board's (cards rather than tokens), then the commonest."""
    if not sizes:
        return []
    counts = Counter(sizes.values())
    shared = [size for size, n in counts.items() if n >= 3 and size[0] * size[1] <= MAX_AREA]
    if shared:
        common = max(shared, key=lambda size: (size[0] * size[1], counts[size], size))
    else:
        common = counts.most_common(1)[0][0]
    same = [path for path in sizes if sizes[path] == common]
    if len(same) < 3:
        same = list(sizes)
    if len(same) <= 3:
        return same
    return [same[0], same[len(same) // 2], same[-1]]


def fan(faces: list[Path]) -> bytes:
    """The faces scaled to one height and fanned out from a point below them, as PNG."""
    rotated = []
    angles = ANGLES if len(faces) == len(ANGLES) else (0.0,) * len(faces)
    for path, angle in zip(faces, angles, strict=True):
        with Image.open(path) as opened:
            face = _cut_out(opened.convert("RGBA"))
        width = max(1, round(face.width * CARD_HEIGHT / face.height))
        face = face.resize((width, CARD_HEIGHT), Image.Resampling.LANCZOS)
        rotated.append(face.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True))
    spread = max(face.width for face in rotated) * 0.55
    centre = [round(i * spread) for i in range(len(rotated))]
    width = centre[-1] + max(face.width for face in rotated) + 2 * PADDING
    height = max(face.height for face in rotated) + 2 * PADDING
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for face, x in zip(rotated, centre, strict=True):
        top = PADDING + (height - 2 * PADDING - face.height) // 2
        canvas.alpha_composite(face, (PADDING + x, top))
    buffer = io.BytesIO()
    canvas.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def _cut_out(face: Image.Image) -> Image.Image:
    """A round or shaped face drawn on a white page: the white around it made transparent,
    so the faces behind it show. A face that is white to its edges is left as it is."""
    white = (255, 255, 255, 255)
    corners = [(0, 0), (face.width - 1, 0), (0, face.height - 1), (face.width - 1, face.height - 1)]
    if face.getpixel((face.width // 2, 0)) == white:
        return face
    for corner in corners:
        if face.getpixel(corner) == white:
            ImageDraw.floodfill(face, corner, (255, 255, 255, 0), thresh=0)
    return face


def draw_cover(path: Path, pictures: list[Path]) -> Path | None:
    """The cover at `path` (a PNG) from the game's gallery pictures (in card order); None
    when the game has no card to show."""
    sizes = {}
    for picture in pictures:
        with Image.open(picture) as opened:
            sizes[picture] = opened.size
    faces = pick_faces(sizes)
    if not faces:
        path.unlink(missing_ok=True)
        return None
    write_atomic(path, fan(faces))
    return path
