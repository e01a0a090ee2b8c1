"""Many whole simulated games of any bot, summarised: each player's score and what was said.

Game i has seed (seed + i); the bot's modelled players (`BotDefinition.policies`) take every
decision and the PRNG every chance outcome, through the same driver and the same game
script as a game at the table (nothing is shown or logged). A parameter given as `all`
runs every one of its values in turn.
"""

from __future__ import annotations

import functools
import itertools
import statistics
from collections import Counter
from collections.abc import Mapping
from typing import Any

from automa.driver import Driver
from automa.engine import ScriptState, State
from automa.registry import BotDefinition, Start, bot_of
from automa.voice import Voice
from starpress.model import Game


def settings_to_run(
    game: Game, bot: BotDefinition, given: Mapping[str, str | None]
) -> list[dict[str, str]]:
    """Every combination of parameter values to simulate (`all` expands to every value)."""
    options = []
    for parameter in bot.parameters:
        value = (
            given.get(parameter.name) or parameter.simulate_default or parameter.default_for(game)
        )
        options.append(parameter.values(game) if value == "all" else (value,))
    names = [parameter.name for parameter in bot.parameters]
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*options)]


def simulate(
    game: Game, games: int, seed: int, params: Mapping[str, str], check: bool = False
) -> dict[str, Any]:
    """Play `games` whole games with these parameters; their summary."""
    bot = bot_of(game)
    if bot is None:
        raise ValueError(f"{game.id} has no bot")
    prepared = bot.prepare(game)
    voice = Voice(game)
    scores: dict[str, list[int]] = {}
    said: Counter[str] = Counter()
    verify = _check if check else None
    for number in range(games):
        start = Start("simulated", seed + number, dict(params))
        state = ScriptState(functools.partial(bot.new_program, prepared, start, voice))
        driver = Driver(
            state, None, None, bot.policies(start), on_say=lambda say: _count(said, say.key),
            on_action=verify,
        )  # fmt: skip
        for player, score in driver.run().items():
            scores.setdefault(player, []).append(score)
    return {
        "game": game.id,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "params": dict(params),
        "scores": {player: describe(values) for player, values in scores.items()},
        "said_per_game": {key: round(count / games, 2) for key, count in sorted(said.items())},
    }


def _count(said: Counter[str], key: str) -> None:
    said[key] += 1


def _check(state: State) -> None:
    """The game's invariants (`--check`) between turns: whenever a player is to decide,
    and at the end (in the middle of a turn a drawn card is still in someone's hand)."""
    check = getattr(getattr(state, "program", None), "check", None)
    if check is not None and not state.is_chance_node():
        check()


def describe(values: list[int]) -> dict[str, float]:
    return {
        "mean": round(statistics.fmean(values), 2),
        "median": float(statistics.median(values)),
        "stdev": round(statistics.pstdev(values), 2),
        "min": float(min(values)),
        "max": float(max(values)),
    }
