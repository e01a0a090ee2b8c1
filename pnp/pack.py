"""Pack cards of many sizes onto as few sheets as their areas allow.

Cards of one run (one size, one layout kind) are cut as blocks: grids of cards butted
together (shared bleed) or spaced by a gutter, the same grids a sheet of that card alone
would hold. A run fills whole sheets with its largest grid; what is left becomes at most
two smaller blocks (its full rows and its last, partial row). The blocks of every run are
then packed onto sheets by `rectpack`'s guillotine algorithms, so a sheet can always be
cut apart with straight cuts from edge to edge (a paper trimmer's cuts) before each block
is cut along its own marks. A block may be turned a quarter to fit beside others.

Pure geometry in points; deterministic (the same runs give the same sheets).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

from starpress.pnp.impose import Rect, grid_in

GRID = 100.0
"""Packing works in whole hundredths of a point, so no rounding can make blocks overlap."""


@dataclass(frozen=True)
class Run:
    """Cards cut from the same blocks: `count` cards of one trim size, spaced by `gutter`."""

    width: float
    height: float
    count: int
    gutter: float = 0.0


@dataclass(frozen=True)
class Slot:
    """Where card `index` of run `run` lies on its sheet; `block` numbers its block there."""

    run: int
    index: int
    rect: Rect  # the trim as it lies on the sheet (width and height swapped when turned)
    block: int


@dataclass(frozen=True)
class _Block:
    run: int
    first: int  # index of its first card in the run
    columns: int
    rows: int
    count: int  # cards in it (the last row may be short only in a one-row block)
    width: float  # trim area of the grid
    height: float
    turned: bool  # the cards lie turned a quarter in every sheet of this block's run


@dataclass(frozen=True)
class _Placed:
    """A block on a sheet: the bottom-left corner of its trim area, and whether the packer
    turned it a quarter."""

    block: _Block
    x: float
    y: float
    turned: bool


@cache
def pack(
    runs: tuple[Run, ...], page_width: float, page_height: float, margin: float, pad: float
) -> tuple[tuple[Slot, ...], ...]:
    """Sheets of slots: every card of every run, each trim at least `margin` inside the
    page and `2 × pad` away from the trims of any other block."""
    area = Rect(margin, margin, page_width - 2 * margin, page_height - 2 * margin)
    blocks: list[_Block] = []
    for number, run in enumerate(runs):
        blocks.extend(_blocks(number, run, area))
    whole = [block for block in blocks if block.count == capacity(runs[block.run], area)[0]]
    full = set(whole)  # a set: a list's `in` made this quadratic in a deck's sheets
    rest = [block for block in blocks if block not in full]
    sheets = [[_Placed(block, area.x, area.y, False)] for block in whole]
    sheets.extend(_pack(rest, area, pad))
    sheets.sort(key=lambda sheet: min((placed.block.run, placed.block.first) for placed in sheet))
    return tuple(_slots(sheet, runs, page_width, page_height) for sheet in sheets)


def capacity(run: Run, area: Rect) -> tuple[int, bool]:
    """How many cards of the run fit the area at most, and whether they lie turned for it."""
    upright = grid_in(area.width, area.height, run.width, run.height, 0.0, run.gutter, area)
    turned = grid_in(area.width, area.height, run.height, run.width, 0.0, run.gutter, area)
    return (
        (turned.capacity, True) if turned.capacity > upright.capacity else (upright.capacity, False)
    )


def _blocks(number: int, run: Run, area: Rect) -> list[_Block]:
    most, turned = capacity(run, area)
    if most == 0:
        raise ValueError(f"a {run.width:.1f} x {run.height:.1f} pt card does not fit the area")
    width, height = (run.height, run.width) if turned else (run.width, run.height)
    columns = grid_in(area.width, area.height, width, height, 0.0, run.gutter, area).columns
    blocks = []
    first = 0
    while first < run.count:
        left = run.count - first
        if left >= most:
            shape = (columns, most // columns)
        elif left >= columns:
            shape = (columns, left // columns)
        else:
            shape = (left, 1)
        count = shape[0] * shape[1]
        block_width = shape[0] * width + (shape[0] - 1) * run.gutter
        block_height = shape[1] * height + (shape[1] - 1) * run.gutter
        blocks.append(_Block(number, first, *shape, count, block_width, block_height, turned))
        first += count
    return blocks


def _pack(blocks: list[_Block], area: Rect, pad: float) -> list[list[_Placed]]:
    """The fewest sheets any of the guillotine packers finds; blocks are turned only when
    that saves a sheet, and the first packer wins a tie."""
    if not blocks:
        return []
    padded = [(_units(block.width + 2 * pad), _units(block.height + 2 * pad)) for block in blocks]
    # the bin is the area grown by the padding: a trim never comes nearer the edge than margin
    bin_size = (_units(area.width + 2 * pad, down=True), _units(area.height + 2 * pad, down=True))
    # no packing can use fewer sheets than the blocks' area fills: stop on reaching that
    least = math.ceil(sum(w * h for w, h in padded) / (bin_size[0] * bin_size[1]))
    best: list[list[_Placed]] | None = None
    import rectpack  # only kits with pieces of several sizes pack: imported then

    algorithms = (rectpack.GuillotineBssfSas, rectpack.GuillotineBafSas, rectpack.GuillotineBlsfSas)
    sorts = (rectpack.SORT_AREA, rectpack.SORT_LSIDE, rectpack.SORT_PERI, rectpack.SORT_SSIDE)
    bins = (rectpack.PackingBin.BBF, rectpack.PackingBin.BFF, rectpack.PackingBin.Global)
    tries = itertools.product((False, True), algorithms, sorts, bins)
    for rotation, algorithm, sort, bin_choice in tries:
        packer = rectpack.newPacker(
            bin_algo=bin_choice, pack_algo=algorithm, sort_algo=sort, rotation=rotation
        )
        packer.add_bin(*bin_size, count=float("inf"))
        for number, (width, height) in enumerate(padded):
            packer.add_rect(width, height, number)
        packer.pack()
        placed = packer.rect_list()
        if len(placed) != len(blocks):  # pragma: no cover - every block fits an empty sheet
            continue
        sheets: dict[int, list[_Placed]] = {}
        for sheet, x, y, width, _height, number in placed:
            turned = width != padded[number][0]
            at = (area.x + x / GRID, area.y + y / GRID)
            sheets.setdefault(sheet, []).append(_Placed(blocks[number], *at, turned))
        if best is None or len(sheets) < len(best):
            best = [sheets[number] for number in sorted(sheets)]
            if len(best) <= least:
                break
    assert best is not None
    return best


def _units(points: float, down: bool = False) -> int:
    """Points in packing units: rounded up for a block, down for the sheet."""
    scaled = points * GRID
    return int(scaled) if down else -int(-scaled // 1)


def _slots(
    sheet: list[_Placed], runs: tuple[Run, ...], page_width: float, page_height: float
) -> tuple[Slot, ...]:
    """The cards of a packed sheet, the whole layout centred on the page."""
    slots: list[Slot] = []
    in_reading_order = sorted(sheet, key=lambda placed: (-placed.y, placed.x))
    for number, placed in enumerate(in_reading_order):
        block, x, y = placed.block, placed.x, placed.y
        run = runs[block.run]
        width, height = (run.height, run.width) if block.turned else (run.width, run.height)
        for index in range(block.count):
            row, column = divmod(index, block.columns)
            # position in the block as it lies upright, from its top-left corner
            left = column * (width + run.gutter)
            top = row * (height + run.gutter)
            if placed.turned:  # the block turned a quarter anticlockwise: (u, v) -> (-v, u)
                rect = Rect(x + top, y + left, height, width, not block.turned)
            else:
                rect = Rect(x + left, y + block.height - top - height, width, height, block.turned)
            slots.append(Slot(block.run, block.first + index, rect, number))
    return _centred(slots, page_width, page_height)


def _centred(slots: list[Slot], page_width: float, page_height: float) -> tuple[Slot, ...]:
    left = min(slot.rect.x for slot in slots)
    bottom = min(slot.rect.y for slot in slots)
    right = max(slot.rect.right for slot in slots)
    top = max(slot.rect.top for slot in slots)
    dx = (page_width - right - left) / 2
    dy = (page_height - top - bottom) / 2
    return tuple(
        Slot(
            slot.run,
            slot.index,
            Rect(
                slot.rect.x + dx,
                slot.rect.y + dy,
                slot.rect.width,
                slot.rect.height,
                slot.rect.turned,
            ),
            slot.block,
        )
        for slot in slots
    )
