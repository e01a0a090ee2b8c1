"""The charts of a deck automaton on its solo page: how often it does each action per game
(a bar chart), and round by round (a table of shaded cells), for each level, from its deck
alone (`automa.deck.stats`). Drawn with the bot's other simulation charts
(`automa.sim.site_charts`, through `BotDefinition.charts`); the only words are the actions'
names and numbers, so one set serves every language. Same numbers, same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from starpress.automa.sim.charts import Chart, bar_chart_svg, chart_setting
from starpress.core.model import Game

CELL_W, CELL_H, LABEL_W, HEAD_H = 34, 18, 150, 36
FONT = 'font-family="sans-serif" font-size="11"'


def deck_charts(game: Game, params: Mapping[str, str], games: int, seed: int) -> list[Chart]:
    """The deck's charts for one setting (its `level`); none for another kind of bot."""
    automa = game.automa
    if automa is None or automa.kind != "deck-automaton" or "level" not in params:
        return []
    from starpress.automa.deck.data import DeckAutomaton
    from starpress.automa.deck.prepared import prepare
    from starpress.automa.deck.stats import level_stats
    from starpress.automa.engine.voice import Voice

    if not isinstance(automa, DeckAutomaton):
        return []
    data = prepare(automa, game)
    summary = level_stats(data, Voice(game), params["level"], games, seed)
    setting = chart_setting(params)
    title = f"actions per game, {games} games of the deck alone"
    return [
        Chart(f"{setting}-actions.svg", "actions", "", bar_chart_svg(summary["actions"], title)),
        Chart(f"{setting}-rounds.svg", "rounds", "", rounds_svg(summary, games)),
    ]


def rounds_svg(summary: Mapping[str, Any], games: int) -> str:
    """A table: one row per action, one column per round, each cell its times per game,
    shaded by how often."""
    per_round: Mapping[str, Mapping[str, float]] = summary["per_round"]
    rounds = list(per_round)
    labels = sorted({label for counts in per_round.values() for label in counts})
    width = LABEL_W + CELL_W * max(1, len(rounds)) + 8
    height = HEAD_H + CELL_H * max(1, len(labels)) + 8
    top = max((v for counts in per_round.values() for v in counts.values()), default=1.0) or 1.0
    title = f"actions per game, round by round, {games} games of the deck alone"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">',
        f"<title>{escape(title)}</title>",
        f'<text x="4" y="14" {FONT} fill="#333333">{escape(title)}</text>',
    ]
    for column, number in enumerate(rounds):
        x = LABEL_W + CELL_W * column + CELL_W / 2
        out.append(f'<text x="{x:g}" y="{HEAD_H - 6}" {FONT} text-anchor="middle" '
                   f'fill="#333333">{escape(number)}</text>')  # fmt: skip
    for row, label in enumerate(labels):
        y = HEAD_H + CELL_H * row
        out.append(f'<text x="{LABEL_W - 6}" y="{y + 13}" {FONT} text-anchor="end" '
                   f'fill="#333333">{escape(label)}</text>')  # fmt: skip
        for column, number in enumerate(rounds):
            value = per_round[number].get(label, 0.0)
            shade = round(0.08 + 0.85 * value / top, 2) if value else 0.0
            x = LABEL_W + CELL_W * column
            out.append(f'<rect x="{x}" y="{y}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                       f'fill="#4c72b0" fill-opacity={quoteattr(f"{shade:g}")}/>')  # fmt: skip
            if value:
                ink = "#ffffff" if shade > 0.5 else "#333333"
                out.append(f'<text x="{x + (CELL_W - 2) / 2:g}" y="{y + 12}" font-family='
                           f'"sans-serif" font-size="9" text-anchor="middle" fill="{ink}">'
                           f"{value:.2g}</text>")  # fmt: skip
    out.append("</svg>\n")
    return "\n".join(out)
