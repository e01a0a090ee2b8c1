"""SVG charts of counted numbers, with the words the caller gives: same input, same bytes.

A histogram draws how many games had each value (every integer from the lowest to the
highest, empty ones too); a bar chart draws one labelled bar per key; a table draws a
deck automaton's actions round by round, each cell shaded by how often. The only words are
the title (the picture's accessible name and tooltip), the bars' labels and the numbers,
written by `number` (the caller's language's way: `1,5` in Italian). No timestamp, no
random id. The bots' simulations (`automa.sim`) and the site's bot pages draw with these.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from xml.sax.saxutils import escape, quoteattr

WIDTH, HEIGHT = 480, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 30
BAR = "#4c72b0"
INK = "#333333"
FONT_SIZE = 11
FONT = f'font-family="sans-serif" font-size="{FONT_SIZE}"'
CHAR_WIDTH = 0.56 * FONT_SIZE
"""A generous average width of one character of the sans-serif face, to fit the labels."""
CELL_W, CELL_H, LABEL_W, HEAD_H = 34, 18, 150, 36
"""The round-by-round table's cells, its label column and its head (px)."""
LABEL_WIDTH = (120, 420)
"""The bar chart's label column: at least, at most (px); a longer label is cut with '…'."""

Number = Callable[[float], str]


def plain_number(value: float) -> str:
    return f"{value:g}"


def histogram_svg(counts: Mapping[str, int], title: str, number: Number = plain_number) -> str:
    """Games per value (`{"31": 12, …}`, integer keys as text) as an SVG histogram."""
    values = {int(key): n for key, n in counts.items()}
    if not values:
        raise ValueError("a histogram needs at least one value")
    low, high = min(values), max(values)
    tallest = max(values.values())
    span = high - low + 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / span
    parts = [_open(WIDTH, HEIGHT, title)]
    for offset in range(span):
        n = values.get(low + offset, 0)
        if n:
            h = plot_h * n / tallest
            x, y = LEFT + offset * step, TOP + plot_h - h
            parts.append(
                f'<rect x="{x:.2f}" y="{y:.2f}" width="{max(step - 1, 0.5):.2f}"'
                f' height="{h:.2f}" fill="{BAR}"/>'
            )
    base = TOP + plot_h
    parts.append(_line(LEFT, base, WIDTH - RIGHT, base))
    parts.append(_line(LEFT, TOP, LEFT, base))
    parts.append(_text(LEFT + step / 2, base + 16, number(low), "middle"))
    if high != low:
        parts.append(_text(LEFT + plot_w - step / 2, base + 16, number(high), "middle"))
    parts.append(_text(LEFT - 6, TOP + 10, number(tallest), "end"))
    parts.append(_text(LEFT - 6, base, number(0), "end"))
    parts.append("</svg>\n")
    return "\n".join(parts)


def bar_chart_svg(bars: Mapping[str, float], title: str, number: Number = plain_number) -> str:
    """One horizontal bar per label (in the order given), its value written after it; the
    label column is as wide as the longest label needs (within LABEL_WIDTH)."""
    if not bars:
        raise ValueError("a bar chart needs at least one bar")
    row = 18
    longest = max(len(label) for label in bars)
    label_w = min(max(math.ceil(longest * CHAR_WIDTH) + 12, LABEL_WIDTH[0]), LABEL_WIDTH[1])
    most = int((label_w - 12) / CHAR_WIDTH)  # characters that fit: every one of the longest
    height = TOP + BOTTOM // 2 + row * len(bars)
    width = label_w + 220
    largest = max(bars.values()) or 1.0
    parts = [_open(width, height, title)]
    for index, (label, value) in enumerate(bars.items()):
        y = TOP + index * row
        w = 150 * value / largest
        shown = label if len(label) <= most else label[: most - 1].rstrip() + "…"
        parts.append(_text(label_w - 6, y + 12, shown, "end", label if shown != label else ""))
        parts.append(
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.2f}" height="{row - 6}" fill="{BAR}"/>'
        )
        parts.append(_text(label_w + w + 4, y + 12, number(value), "start"))
    parts.append("</svg>\n")
    return "\n".join(parts)


def rounds_svg(
    per_round: Mapping[str, Mapping[str, float]], title: str, number: Number = plain_number
) -> str:
    """A table: one row per action, one column per round (`per_round`: round -> action ->
    times per game), each cell its times per game, shaded by how often."""
    rounds = list(per_round)
    labels = sorted({label for counts in per_round.values() for label in counts})
    width = LABEL_W + CELL_W * max(1, len(rounds)) + 8
    height = HEAD_H + CELL_H * max(1, len(labels)) + 8
    top = max((v for counts in per_round.values() for v in counts.values()), default=1.0) or 1.0
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f"<title>{escape(title)}</title>",
        f'<text x="4" y="14" {FONT} fill="{INK}">{escape(title)}</text>',
    ]
    for column, name in enumerate(rounds):
        x = LABEL_W + CELL_W * column + CELL_W / 2
        out.append(f'<text x="{x:g}" y="{HEAD_H - 6}" {FONT} text-anchor="middle" '
                   f'fill="{INK}">{escape(name)}</text>')  # fmt: skip
    for row, label in enumerate(labels):
        y = HEAD_H + CELL_H * row
        out.append(f'<text x="{LABEL_W - 6}" y="{y + 13}" {FONT} text-anchor="end" '
                   f'fill="{INK}">{escape(label)}</text>')  # fmt: skip
        for column, name in enumerate(rounds):
            value = per_round[name].get(label, 0.0)
            shade = round(0.08 + 0.85 * value / top, 2) if value else 0.0
            x = LABEL_W + CELL_W * column
            out.append(f'<rect x="{x}" y="{y}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                       f'fill="{BAR}" fill-opacity={quoteattr(f"{shade:g}")}/>')  # fmt: skip
            if value:
                ink = "#ffffff" if shade > 0.5 else "#333333"
                out.append(f'<text x="{x + (CELL_W - 2) / 2:g}" y="{y + 12}" font-family='
                           f'"sans-serif" font-size="9" text-anchor="middle" fill="{ink}">'
                           f"{escape(number(float(f'{value:.2g}')))}</text>")  # fmt: skip
    out.append("</svg>\n")
    return "\n".join(out)


def _open(width: int, height: int, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(title)}>\n'
        f"<title>{escape(title)}</title>"
    )


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="{INK}"/>'


def _text(x: float, y: float, words: str, anchor: str, whole: str = "") -> str:
    """Words at a place; `whole`: the full text of words cut short, as their tooltip."""
    tooltip = f"<title>{escape(whole)}</title>" if whole else ""
    return (
        f'<text x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}" fill="{INK}" {FONT}>'
        f"{tooltip}{escape(words)}</text>"
    )
