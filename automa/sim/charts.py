"""The SVG charts of a simulation summary (`automa.sim.simulate`): same numbers, same bytes.

A histogram draws how many games had each value (every integer from the lowest to the
highest, empty ones too); a bar chart draws one labelled bar per key (how often each rule
fired per game). The only words are the numbers and the labels given (rule ids), escaped,
so the charts are language-neutral: a page says in its own language what each one shows.
No timestamp, no random id: the same statistics give the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from starpress.core.atomic import write_atomic

WIDTH, HEIGHT = 480, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 12, 30
BAR = "#4c72b0"
INK = "#333333"
FONT = 'font-family="sans-serif" font-size="11"'


@dataclass(frozen=True)
class Chart:
    """One chart of a summary: its file name, what it shows (`score` of `player`, `margin`,
    `length`, `rules`) and its SVG text."""

    name: str
    kind: str
    player: str
    svg: str


def chart_files(summary: Mapping[str, Any]) -> list[Chart]:
    """Every chart of one summary: `<setting>-score-<player>.svg`, `<setting>-margin.svg`
    (when the bot has opponents' scores), `<setting>-length.svg`, `<setting>-rules.svg`;
    `<setting>` is the parameter values (`greedy`, `basic-simple`)."""
    setting = chart_setting(summary["params"])
    games = summary["games"]
    charts = [
        Chart(
            f"{setting}-score-{_slug(player)}.svg",
            "score",
            player,
            histogram_svg(counts, f"{player}: score, {games} games"),
        )
        for player, counts in summary["score_counts"].items()
    ]
    if summary.get("margin_counts"):
        margin = histogram_svg(summary["margin_counts"], f"margin, {games} games")
        charts.append(Chart(f"{setting}-margin.svg", "margin", "", margin))
    length = histogram_svg(summary["length_counts"], f"decisions per game, {games} games")
    charts.append(Chart(f"{setting}-length.svg", "length", "", length))
    rules = bar_chart_svg(summary["rules_per_game"], f"rules fired per game, {games} games")
    charts.append(Chart(f"{setting}-rules.svg", "rules", "", rules))
    return charts


def chart_setting(params: Mapping[str, str]) -> str:
    return "-".join(_slug(value) for value in params.values()) or "default"


def write_charts(summaries: list[dict[str, Any]], folder: Path) -> list[Path]:
    """Write every summary's charts into `folder`; the files written."""
    written: list[Path] = []
    folder.mkdir(parents=True, exist_ok=True)
    for summary in summaries:
        for chart in chart_files(summary):
            path = folder / chart.name
            write_atomic(path, chart.svg.encode("utf-8"))
            written.append(path)
    return written


def _slug(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-") or "x"


def histogram_svg(counts: Mapping[str, int], title: str) -> str:
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
    parts.append(_text(LEFT + step / 2, base + 16, str(low), "middle"))
    if high != low:
        parts.append(_text(LEFT + plot_w - step / 2, base + 16, str(high), "middle"))
    parts.append(_text(LEFT - 6, TOP + 10, str(tallest), "end"))
    parts.append(_text(LEFT - 6, base, "0", "end"))
    parts.append("</svg>\n")
    return "\n".join(parts)


def bar_chart_svg(bars: Mapping[str, float], title: str) -> str:
    """One horizontal bar per label (in the order given), its value written after it."""
    if not bars:
        raise ValueError("a bar chart needs at least one bar")
    row, label_w = 18, 300
    height = TOP + BOTTOM // 2 + row * len(bars)
    width = label_w + 220
    largest = max(bars.values()) or 1.0
    parts = [_open(width, height, title)]
    for index, (label, value) in enumerate(bars.items()):
        y = TOP + index * row
        w = 150 * value / largest
        parts.append(_text(label_w - 6, y + 12, label, "end"))
        parts.append(
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.2f}" height="{row - 6}" fill="{BAR}"/>'
        )
        parts.append(_text(label_w + w + 4, y + 12, f"{value:g}", "start"))
    parts.append("</svg>\n")
    return "\n".join(parts)


def _open(width: int, height: int, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(title)}>\n'
        f"<title>{escape(title)}</title>"
    )


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1:.2f}" y1="{y1:.2f}" x2="{x2:.2f}" y2="{y2:.2f}" stroke="{INK}"/>'


def _text(x: float, y: float, words: str, anchor: str) -> str:
    return (
        f'<text x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}" fill="{INK}" {FONT}>'
        f"{escape(words)}</text>"
    )
