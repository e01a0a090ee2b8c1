"""Fit rich text into a box: wrap words and inline icons into lines, shrinking the size to fit.

The text is the model's markup, already parsed by `starpress.core.text` into spans and icons.
Widths are measured once at 1 pt and scaled, so trying many sizes stays cheap. Icons are
one em wide and sit on the baseline like a capital letter with a small descent.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property

from reportlab.pdfbase.pdfmetrics import getAscent, getDescent, stringWidth

from starpress.core.text import Code, CrossRef, IconRef, Span, Token, parse_inline, plain_text
from starpress.pdf.fonts import face

ICON_EM = 1.05
"""Width and height of an inline icon, in ems."""
ICON_DROP = 0.16
"""How far an inline icon reaches below the baseline, in ems."""
ICON_GAP = 0.06
"""Space kept on each side of an inline icon, in ems."""
SIZE_STEP = 0.25
"""Sizes tried between the largest and the smallest, in points."""
GLUED = 2
"""Weak words (icons, punctuation) kept with the word before them: enough for `+1 ⚡ .`;
a longer run of icons (a list of dice faces) wraps between them as usual."""
PARAGRAPH_GAP = 0.35
"""Extra space between paragraphs, in lines."""


@dataclass(frozen=True)
class Piece:
    """A run of text in one font, or one icon; `width` is at 1 pt."""

    width: float
    text: str = ""
    font: str = ""
    icon: str | None = None


Word = tuple[Piece, ...]
"""Pieces with no break opportunity between them."""


@dataclass(frozen=True)
class Line:
    words: tuple[Word, ...]
    space: float  # width of one space at 1 pt
    width: float  # at 1 pt


@dataclass(frozen=True)
class Fitted:
    """Lines at the size that fits, or at the smallest size with `overflow` set."""

    lines: tuple[tuple[Line, ...], ...]  # paragraphs
    size: float
    leading: float
    overflow: bool
    ascent: float  # of the regular font at `size`
    family: str

    @cached_property
    def height(self) -> float:
        return _height(self.lines, self.size, self.leading, self.family)


def measure(
    text: str, family: str, bold: bool, game_id: str | None, titles: Mapping[str, str]
) -> list[list[Word]]:
    """Paragraphs of words of a markup text (a line starting `- ` becomes a bullet)."""
    paragraphs: list[list[Word]] = []
    for raw_line in text.strip().split("\n"):
        line = raw_line.strip()
        if not line:
            continue
        if line.startswith("- "):
            line = "• " + line[2:]
        tokens = parse_inline(line, game_id)
        paragraphs.append(list(_words(tokens, family, bold, titles)))
    return paragraphs


def fit(
    paragraphs: list[list[Word]],
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    leading: float,
    family: str,
) -> Fitted:
    """The largest size, in SIZE_STEP steps from max_size down to min_size, that fits the box.

    A smaller size never fits worse, so the sizes too large for the box's area are skipped
    without wrapping and the others are searched by bisection.
    """
    steps = max(0, round((max_size - min_size) / SIZE_STEP))
    sizes = [max_size - step * SIZE_STEP for step in range(steps + 1)]
    tried: dict[int, list[tuple[Line, ...]] | None] = {}
    # sizes whose text cannot fit by area alone are never wrapped
    widths = [sum(piece.width for word in words for piece in word) for words in paragraphs]
    first = 0
    while first < len(sizes) and _too_tall_by_area(
        widths, width, height, sizes[first], leading, family
    ):
        first += 1

    def fits(index: int) -> bool:
        if index not in tried:
            size = sizes[index]
            lines = _wrap(paragraphs, width / size, family)
            too_tall = lines is not None and _height(lines, size, leading, family) > height + 0.01
            tried[index] = None if too_tall else lines
        return tried[index] is not None

    low, high = first, len(sizes)  # the first size that fits is in sizes[low:high], or none
    if low < high:  # most boxes fit at the largest size their area allows: try it first
        low, high = (low, low) if fits(low) else (low + 1, high)
    while low < high:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle + 1
    overflow = low == len(sizes)
    size = sizes[-1] if overflow else sizes[low]
    lines = _wrap(paragraphs, width / size, family, force=True) if overflow else tried[low]
    assert lines is not None
    ascent = getAscent(face(family), size)
    return Fitted(tuple(lines), size, leading, overflow, ascent, family)


def draw_lines(
    fitted: Fitted,
    left: float,
    top: float,
    width: float,
    align: str,
    draw_text: Callable[[str, str, float, float, float], None],
    draw_icon: Callable[[str, float, float, float], None],
) -> None:
    """Draw fitted lines; the first baseline is one ascent below `top` (PDF coordinates)."""
    size = fitted.size
    baseline = top - fitted.ascent
    for paragraph in fitted.lines:
        for line in paragraph:
            x = left + _offset(align, width, line.width * size)
            for kind, value, font, at in _runs(line, x, size):
                if kind == "icon":
                    gap = ICON_GAP * size
                    draw_icon(value, at + gap, baseline - ICON_DROP * size, ICON_EM * size)
                else:
                    draw_text(value, font, size, at, baseline)
            baseline -= size * fitted.leading
        baseline -= size * fitted.leading * PARAGRAPH_GAP


def _runs(line: Line, x: float, size: float) -> Iterator[tuple[str, str, str, float]]:
    """A line as (kind, text or icon id, font, x): consecutive words in one font form one run."""
    run: list[str] = []
    run_font, run_x = "", x
    for number, word in enumerate(line.words):
        if number:
            if run:
                run.append(" ")
            x += line.space * size
        for piece in word:
            if piece.icon is not None or piece.font != run_font:
                if run:
                    yield "text", "".join(run).rstrip(), run_font, run_x
                run, run_font, run_x = [], piece.font, x
            if piece.icon is not None:
                yield "icon", piece.icon, "", x
                run_font = ""
            else:
                run.append(piece.text)
            x += piece.width * size
    if run:
        yield "text", "".join(run), run_font, run_x


def _words(
    tokens: list[Token], family: str, bold: bool, titles: Mapping[str, str]
) -> Iterator[Word]:
    """Split tokens into words at spaces; icons and text touching each other stay one word."""
    current: list[Piece] = []
    for token in tokens:
        if isinstance(token, IconRef):
            current.append(Piece(ICON_EM + 2 * ICON_GAP, icon=token.icon))
            continue
        if isinstance(token, CrossRef | Code):
            token = Span(plain_text([token], titles), token.bold, token.italic)
        assert isinstance(token, Span)
        font = face(family, bold or token.bold, token.italic)
        parts = token.text.split(" ")
        for index, part in enumerate(parts):
            if index and current:
                yield tuple(current)
                current = []
            if part:
                current.append(Piece(_width(part, font), text=part, font=font))
    if current:
        yield tuple(current)


@cache
def _width(text: str, font: str) -> float:
    return float(stringWidth(text, font, 1.0))


def _weak(word: Word) -> bool:
    """A word that must not begin a line: only icons and punctuation (`+1 ⚡.` must not
    leave `.` or `⚡` alone on the next line)."""
    return all(
        piece.icon is not None or all(unicodedata.category(char)[0] in "PS" for char in piece.text)
        for piece in word
    )


def _units(words: list[Word], width: float, space: float, force: bool) -> Iterator[list[Word]]:
    """Words that break together: each word with the (at most GLUED) weak words after it.
    Such a group is one word to the wrapping (a smaller size is tried when it is wider
    than the box), unless `force`: then a group wider than the line breaks apart."""
    unit: list[Word] = []
    for word in [*words, ()]:
        if word and 0 < len(unit) <= GLUED and _weak(word) and not _weak(unit[0]):
            unit.append(word)
            continue
        if unit:
            glued = sum(piece.width for part in unit for piece in part)
            if force and glued + space * (len(unit) - 1) > width + 1e-9:
                yield from ([part] for part in unit)
            else:
                yield unit
        unit = [word]


def _wrap(
    paragraphs: list[list[Word]], width: float, family: str, force: bool = False
) -> list[tuple[Line, ...]] | None:
    """Greedy line breaking at 1 pt; None when a single word is wider than the box."""
    space = _width(" ", face(family))
    result: list[tuple[Line, ...]] = []
    for words in paragraphs:
        lines: list[Line] = []
        current: list[Word] = []
        current_width = 0.0
        for unit in _units(words, width, space, force):
            unit_width = sum(piece.width for word in unit for piece in word)
            unit_width += space * (len(unit) - 1)
            if unit_width > width + 1e-9 and not force:
                return None
            added = unit_width + (space if current else 0.0)
            if current and current_width + added > width + 1e-9:
                lines.append(Line(tuple(current), space, current_width))
                current, current_width = list(unit), unit_width
            else:
                current.extend(unit)
                current_width += added
        if current:
            lines.append(Line(tuple(current), space, current_width))
        result.append(tuple(lines))
    return result


def _too_tall_by_area(
    widths: list[float], width: float, height: float, size: float, leading: float, family: str
) -> bool:
    """True when paragraphs whose words add up to `widths` (at 1 pt) cannot fit the box at
    `size` however they wrap: a paragraph needs at least its width over the line's width in
    lines. Never true for a size at which `_wrap` fits, so the search gives the same size."""
    line = width / size + 1e-9  # as wide as `_wrap` lets a line be
    counts = [math.ceil(total / line - 1e-9) for total in widths if total > 0]
    return _stack_height(sum(counts), len(counts), size, leading, family) > height + 0.01


def _height(
    lines: tuple[tuple[Line, ...], ...] | list[tuple[Line, ...]],
    size: float,
    leading: float,
    family: str,
) -> float:
    """From the top of the first line to the bottom of the last one's descenders."""
    count = sum(len(paragraph) for paragraph in lines)
    paragraphs = sum(1 for paragraph in lines if paragraph)
    return _stack_height(count, paragraphs, size, leading, family)


def _stack_height(count: int, paragraphs: int, size: float, leading: float, family: str) -> float:
    """The height of `count` lines in `paragraphs` paragraphs (see `_height`)."""
    if count == 0:
        return 0.0
    gaps = max(0, paragraphs - 1)
    ascent, descent = _metrics(family)
    below = max(descent, ICON_DROP) * size
    return (
        ascent * size + (count - 1) * size * leading + gaps * size * leading * PARAGRAPH_GAP + below
    )


@cache
def _metrics(family: str) -> tuple[float, float]:
    """Ascent and descent (positive) of a family's regular font at 1 pt: taken from the
    family in use, so a kit parses only the fonts it prints with."""
    name = face(family)
    return float(getAscent(name, 1.0)), float(-getDescent(name, 1.0))


def _offset(align: str, width: float, line_width: float) -> float:
    if align == "center":
        return (width - line_width) / 2
    if align == "right":
        return width - line_width
    return 0.0
