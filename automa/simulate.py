"""Many whole simulated games of any bot, summarised: scores, margins, wins, rules fired.

Game i has seed (seed + i); the bot's modelled players (`BotDefinition.policies`) take every
decision and the PRNG every chance outcome, through the same driver and the same game
script as a game at the table (nothing is shown or logged). A parameter given as `all`
runs every one of its values in turn.

The bot's players are those with a score and no policy (Afternova's `bot`, Luna Maris's
`automaton`); the others are the modelled opponents. A game's margin is the bot's score
minus the best opponent's, its length the decisions the players took (answers, not
chance), and a rule fired once for each message said under it (a message citing a rule
and a ruling counts for both). A bot whose model tracks no opponent score (Luna Maris) has
no margins and no win rate: `null`.
"""

from __future__ import annotations

import functools
import itertools
import statistics
from collections import Counter
from collections.abc import Mapping
from typing import Any

from automa.driver import Driver
from automa.engine import Say, ScriptState, State
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
        options.append(parameter.simulated_values(game) if value == "all" else (value,))
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
    rules: Counter[str] = Counter()
    rule_games: Counter[str] = Counter()
    margins: list[int] = []
    lengths: list[int] = []
    verify = _check if check else None
    for number in range(games):
        start = Start("simulated", seed + number, dict(params))
        state = ScriptState(functools.partial(bot.new_program, prepared, start, voice))
        policies = bot.policies(start)
        fired: Counter[str] = Counter()
        count = functools.partial(_count, said, fired)
        driver = Driver(state, None, None, policies, on_say=count, on_action=verify)
        returns = driver.run()
        for player, score in returns.items():
            scores.setdefault(player, []).append(score)
        rules.update(fired)
        rule_games.update(fired.keys())
        lengths.append(sum(1 for kind, _key, _value in state.history() if kind == "answer"))
        ours = [score for player, score in returns.items() if player not in policies]
        theirs = [score for player, score in returns.items() if player in policies]
        if ours and theirs:
            margins.append(max(ours) - max(theirs))
    return {
        "game": game.id,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "params": dict(params),
        "scores": {player: describe(values) for player, values in scores.items()},
        "score_counts": {player: counts(values) for player, values in scores.items()},
        "margin": describe(margins) if margins else None,
        "margin_counts": counts(margins) if margins else None,
        "win_rate": win_rate(margins) if margins else None,
        "length": describe(lengths),
        "length_counts": counts(lengths),
        "said_per_game": {key: round(count / games, 2) for key, count in sorted(said.items())},
        "rules_per_game": {rule: round(n / games, 2) for rule, n in sorted(rules.items())},
        "rules_share_of_games": {
            rule: round(n / games, 3) for rule, n in sorted(rule_games.items())
        },
    }


def _count(said: Counter[str], fired: Counter[str], say: Say) -> None:
    said[say.key] += 1
    for rule in (say.rule or "").split("; "):
        if rule:
            fired[rule] += 1


def counts(values: list[int]) -> dict[str, int]:
    """How many games had each value (keys are the values as text, in numeric order)."""
    return {str(value): n for value, n in sorted(Counter(values).items())}


def win_rate(margins: list[int]) -> dict[str, float]:
    """The bot's share of wins, ties and losses against the best opponent."""
    games = len(margins)
    return {
        "win": round(sum(1 for m in margins if m > 0) / games, 3),
        "tie": round(sum(1 for m in margins if m == 0) / games, 3),
        "loss": round(sum(1 for m in margins if m < 0) / games, 3),
    }


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
