"""Fit rich text into a box: wrap words and inline icons into lines, shrinking the size to fit.

The text is the model's markup, already parsed by `starpress.text` into spans and icons.
Widths are measured once at 1 pt and scaled, so trying many sizes stays cheap. Icons are
one em wide and sit on the baseline like a capital letter with a small descent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from reportlab.pdfbase.pdfmetrics import getAscent, getDescent, stringWidth

from pnp.fonts import face
from starpress.text import CrossRef, IconRef, Span, Token, parse_inline, plain_text

ICON_EM = 1.05
"""Width and height of an inline icon, in ems."""
ICON_DROP = 0.16
"""How far an inline icon reaches below the baseline, in ems."""
ICON_GAP = 0.06
"""Space kept on each side of an inline icon, in ems."""
SIZE_STEP = 0.25
"""Sizes tried between the largest and the smallest, in points."""
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

    @property
    def height(self) -> float:
        return _height(self.lines, self.size, self.leading)


def measure(
    text: str, family: str, bold: bool, game_id: str | None, titles: dict[str, str]
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
    """The largest size from max_size down to min_size at which the text fits the box."""
    size = max_size
    while True:
        lines = _wrap(paragraphs, width / size, family)
        fits = lines is not None and _height(lines, size, leading) <= height + 0.01
        if fits or size - SIZE_STEP < min_size - 1e-9:
            break
        size -= SIZE_STEP
    if lines is None:
        lines = _wrap(paragraphs, width / size, family, force=True)
        assert lines is not None
    ascent = getAscent(face(family), size)
    return Fitted(tuple(lines), size, leading, not fits, ascent)


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
            for number, word in enumerate(line.words):
                if number:
                    x += line.space * size
                for piece in word:
                    if piece.icon is not None:
                        gap = ICON_GAP * size
                        draw_icon(piece.icon, x + gap, baseline - ICON_DROP * size, ICON_EM * size)
                    else:
                        draw_text(piece.text, piece.font, size, x, baseline)
                    x += piece.width * size
            baseline -= size * fitted.leading
        baseline -= size * fitted.leading * PARAGRAPH_GAP


def _words(tokens: list[Token], family: str, bold: bool, titles: dict[str, str]) -> Iterator[Word]:
    """Split tokens into words at spaces; icons and text touching each other stay one word."""
    current: list[Piece] = []
    for token in tokens:
        if isinstance(token, IconRef):
            current.append(Piece(ICON_EM + 2 * ICON_GAP, icon=token.icon))
            continue
        if isinstance(token, CrossRef):
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
        for word in words:
            word_width = sum(piece.width for piece in word)
            if word_width > width + 1e-9 and not force:
                return None
            added = word_width + (space if current else 0.0)
            if current and current_width + added > width + 1e-9:
                lines.append(Line(tuple(current), space, current_width))
                current, current_width = [word], word_width
            else:
                current.append(word)
                current_width += added
        if current:
            lines.append(Line(tuple(current), space, current_width))
        result.append(tuple(lines))
    return result


def _height(
    lines: tuple[tuple[Line, ...], ...] | list[tuple[Line, ...]], size: float, leading: float
) -> float:
    """From the top of the first line to the bottom of the last one's descenders."""
    count = sum(len(paragraph) for paragraph in lines)
    if count == 0:
        return 0.0
    gaps = max(0, sum(1 for paragraph in lines if paragraph) - 1)
    descent = max(-getDescent(face("DejaVuSans"), size), ICON_DROP * size)
    cap = getAscent(face("DejaVuSans"), size)
    return cap + (count - 1) * size * leading + gaps * size * leading * PARAGRAPH_GAP + descent


def _offset(align: str, width: float, line_width: float) -> float:
    if align == "center":
        return (width - line_width) / 2
    if align == "right":
        return width - line_width
    return 0.0
