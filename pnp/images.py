"""Raster images named by layouts: kept inside the game's folder and checked before use.

A path may not be absolute nor leave the game's content folder, symlinks included (it is
resolved first). The file must be a PNG or JPEG within the byte and pixel limits of
`pnp/limits.yaml`, and decode whole; only then does reportlab read it.
"""

from __future__ import annotations

import warnings
from functools import cache
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from starpress.core.errors import shown_path
from starpress.pnp.limits import LIMITS

_LIMITS = LIMITS.image
Image.MAX_IMAGE_PIXELS = _LIMITS.pixels


class ImageRefused(ValueError):
    """An image path or file that is not used; the message names it project-relative."""


def inside(folder: Path, relative: str) -> Path:
    """The file `relative` names under `folder`, resolved; refused if it would leave it."""
    shown = f"{shown_path(folder)}/{relative}"
    if not relative.strip() or "\x00" in relative:
        raise ImageRefused(f"image path {relative!r} is empty or not a path")
    if Path(relative).is_absolute() or relative.startswith("~"):
        raise ImageRefused(f"image {relative!r} must be a path relative to {shown_path(folder)}/")
    base = folder.resolve()
    try:
        resolved = (folder / relative).resolve()
    except (OSError, RuntimeError):
        raise ImageRefused(f"image {shown}: cannot be resolved (a symlink loop?)") from None
    if not resolved.is_relative_to(base):
        raise ImageRefused(f"image {shown} leaves {shown_path(folder)}/ (no ../ or symlinks out)")
    return resolved


def checked(path: Path) -> Path:
    """`path` if it is a PNG or JPEG within the limits that decodes whole; else refused."""
    try:
        stat = path.stat()
    except OSError:
        raise ImageRefused(f"image not found: {shown_path(path)}") from None
    return _checked(path, stat.st_mtime_ns, stat.st_size)


@cache
def _checked(path: Path, _mtime_ns: int, size: int) -> Path:
    """The checks of `checked`, once per file version (a kit shows one picture many times)."""
    shown = shown_path(path)
    if not path.is_file():
        raise ImageRefused(f"image {shown} is not a file")
    if size > _LIMITS.bytes:
        raise ImageRefused(
            f"image {shown} has {size} bytes, over the limit of {_LIMITS.bytes} (pnp/limits.yaml)"
        )
    try:
        with warnings.catch_warnings():
            # over the limit is refused just below, with a clearer message than Pillow's
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                kind, (width, height) = image.format, image.size
        if kind not in _LIMITS.formats:
            raise ImageRefused(f"image {shown} must be {' or '.join(_LIMITS.formats)} (got {kind})")
        if width * height > _LIMITS.pixels:
            raise ImageRefused(
                f"image {shown} has {width} x {height} pixels, over the limit of "
                f"{_LIMITS.pixels} (pnp/limits.yaml)"
            )
        with Image.open(path) as image:
            image.verify()
        with Image.open(path) as image:
            image.load()
    except ImageRefused:
        raise
    except Image.DecompressionBombError:
        raise ImageRefused(
            f"image {shown} has over {_LIMITS.pixels} pixels, the limit (pnp/limits.yaml)"
        ) from None
    except UnidentifiedImageError:
        raise ImageRefused(f"image {shown} is not a PNG or JPEG file") from None
    except Exception as error:  # Pillow raises many kinds for a broken file
        text = str(error).replace(str(path), shown)
        reason = text.splitlines()[0] if text else type(error).__name__
        raise ImageRefused(f"image {shown} cannot be read: {reason}") from None
    return path
