"""Impose a book for saddle-stitch printing: two half-size pages side by side on each
landscape sheet side, in booklet order, padded with blank pages to a multiple of four."""

from __future__ import annotations

import os
from pathlib import Path

import pymupdf


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page numbers (1-based; None for a blank pad) of each printed side.

    With n pages padded to a multiple of 4, sheet k (from 0) has on its front
    [n - 2k, 2k + 1] and on its back [2k + 2, n - 2k - 1]: fold the stack in the middle
    and the pages read in order.
    """
    padded = -(-pages // 4) * 4

    def real(number: int) -> int | None:
        return number if number <= pages else None

    sides: list[tuple[int | None, int | None]] = []
    for sheet in range(padded // 4):
        sides.append((real(padded - 2 * sheet), real(2 * sheet + 1)))
        sides.append((real(2 * sheet + 2), real(padded - 2 * sheet - 1)))
    return sides


def impose(book: Path, out: Path, sheet: tuple[float, float], lang: str) -> int:
    """Write the booklet of `book` to `out` on sheets of `sheet` (width, height in points,
    landscape); the number of printed sides. Same input, same bytes."""
    source = pymupdf.open(str(book))
    width, height = sheet
    imposed = pymupdf.open()
    for left, right in booklet_order(source.page_count):
        side = imposed.new_page(width=width, height=height)
        for slot, number in enumerate((left, right)):
            if number is not None:
                box = pymupdf.Rect(slot * width / 2, 0, (slot + 1) * width / 2, height)
                side.show_pdf_page(box, source, number - 1)
    metadata = source.metadata or {}
    imposed.set_metadata(
        {
            "title": f"{metadata.get('title', '')} (booklet)",
            "author": metadata.get("author", ""),
            "subject": metadata.get("subject", ""),
            "creator": "starpress",
            "producer": "starpress",
            "creationDate": "",
            "modDate": "",
        }
    )
    imposed.xref_set_key(imposed.pdf_catalog(), "Lang", pymupdf.get_pdf_str(lang))
    temporary = out.with_name(f".{out.name}.part")
    try:
        imposed.save(str(temporary), garbage=4, deflate=True, no_new_id=True)
        os.replace(temporary, out)
    finally:
        temporary.unlink(missing_ok=True)
    sides = imposed.page_count
    imposed.close()
    source.close()
    return int(sides)
