"""The charts of a deck automaton on its solo page: how often it does each action per game
(a bar chart), and round by round (a table of shaded cells), for each level, from its deck
alone (`automa.deck.stats`). Simulated with the bot's other charts
(`automa.sim.site_charts`, through `BotDefinition.charts`) as numbers; the site draws them
in each page's language (`starpress.core.charts.rounds_svg` for the table).
"""

from __future__ import annotations

from collections.abc import Mapping

from starpress.automa.sim.charts import ChartData, chart_setting
from starpress.core.model import Game


def deck_charts(game: Game, params: Mapping[str, str], games: int, seed: int) -> list[ChartData]:
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
    return [
        ChartData(f"{setting}-actions.svg", "actions", dict(summary["actions"])),
        ChartData(f"{setting}-rounds.svg", "rounds", {}, table=dict(summary["per_round"])),
    ]
