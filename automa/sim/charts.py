"""The charts of a simulation summary (`automa.sim.simulate`): which ones it has, their
numbers, and their SVG for `simulate --svg` (drawn by `starpress.core.charts`).

A summary has a histogram of each player's scores, of the margins (when the bot has
opponents' scores) and of the game lengths, and a bar chart of how often each rule fired
per game. `chart_data` gives them as numbers, with what each shows and whose it is, so a
page can draw them in its own language (the site's bot pages); `chart_files` draws them
for the command line, labelled with the players' and rules' ids, in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starpress.core.atomic import write_atomic
from starpress.core.charts import bar_chart_svg, histogram_svg

__all__ = ["Chart", "ChartData", "bar_chart_svg", "chart_data", "chart_files", "histogram_svg"]


@dataclass(frozen=True)
class ChartData:
    """One chart of a summary as numbers: its file name, what it shows (`score`, `margin`,
    `length`, `rules`), and for a score chart whose (`player`), as a `role` (`bot`: one of
    the bot's own players; `opponent`: a modelled player), the `number`th of the `of`
    players of that role. `values`: games per value (histograms), or how often each rule
    fired per game (`rules`, by rule id)."""

    name: str
    kind: str
    values: dict[str, float]
    player: str = ""
    role: str = ""
    number: int = 0
    of: int = 0
    table: dict[str, dict[str, float]] = field(default_factory=dict)
    """A table's rows by column (`rounds`: round -> action -> times per game)."""


@dataclass(frozen=True)
class Chart:
    """One chart of a summary drawn for the command line: its file name, what it shows
    (`score` of `player`, `margin`, `length`, `rules`) and its SVG text."""

    name: str
    kind: str
    player: str
    svg: str


def chart_data(summary: Mapping[str, Any]) -> list[ChartData]:
    """Every chart of one summary as numbers: `<setting>-score-<player>.svg`,
    `<setting>-margin.svg` (when the bot has opponents' scores), `<setting>-length.svg`,
    `<setting>-rules.svg`; `<setting>` is the parameter values (`greedy`, `basic-simple`)."""
    setting = chart_setting(summary["params"])
    bots = list(summary.get("bots") or [])
    players = list(summary["score_counts"])
    opponents = [player for player in players if player not in bots]
    charts = []
    for player, counts in summary["score_counts"].items():
        same = bots if player in bots else opponents
        charts.append(
            ChartData(
                f"{setting}-score-{_slug(player)}.svg",
                "score",
                dict(counts),
                player,
                "bot" if player in bots else "opponent",
                same.index(player) + 1,
                len(same),
            )
        )
    if summary.get("margin_counts"):
        charts.append(ChartData(f"{setting}-margin.svg", "margin", dict(summary["margin_counts"])))
    charts.append(ChartData(f"{setting}-length.svg", "length", dict(summary["length_counts"])))
    charts.append(ChartData(f"{setting}-rules.svg", "rules", dict(summary["rules_per_game"])))
    return charts


def chart_files(summary: Mapping[str, Any]) -> list[Chart]:
    """Every chart of one summary drawn for the command line (ids as labels, English)."""
    games = summary["games"]
    titles = {
        "margin": f"margin, {games} games",
        "length": f"decisions per game, {games} games",
        "rules": f"rules fired per game, {games} games",
    }
    drawn = []
    for chart in chart_data(summary):
        if chart.kind == "rules":
            svg = bar_chart_svg(chart.values, titles["rules"])
        else:
            title = titles.get(chart.kind, f"{chart.player}: score, {games} games")
            svg = histogram_svg({key: int(n) for key, n in chart.values.items()}, title)
        drawn.append(Chart(chart.name, chart.kind, chart.player, svg))
    return drawn


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
