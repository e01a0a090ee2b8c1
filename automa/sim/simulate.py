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
from dataclasses import dataclass, field
from typing import Any

from starpress.automa.engine.driver import Driver
from starpress.automa.engine.registry import BotDefinition, bot_of
from starpress.automa.engine.state import Say, ScriptState, Start, State
from starpress.automa.engine.voice import Voice
from starpress.core.model import Game


def settings_to_run(
    game: Game, bot: BotDefinition, given: Mapping[str, str | list[str] | None]
) -> list[dict[str, str]]:
    """Every combination of parameter values to simulate (`all` expands to every value, a
    list — `--sweep` — to each of its values)."""
    options = []
    for parameter in bot.parameters:
        value = (
            given.get(parameter.name) or parameter.simulate_default or parameter.default_for(game)
        )
        values: list[str] = []
        for one in [value] if isinstance(value, str) else value:
            values += parameter.simulated_values(game) if one == "all" else (one,)
        options.append(tuple(dict.fromkeys(values)))
    names = [parameter.name for parameter in bot.parameters]
    return [dict(zip(names, values, strict=True)) for values in itertools.product(*options)]


def simulate(
    game: Game, games: int, seed: int, params: Mapping[str, str], check: bool = False
) -> dict[str, Any]:
    """Play `games` whole games with these parameters; their summary."""
    return summarise(game.id, params, play_games(game, seed, games, params, check))


@dataclass
class Tally:
    """What a run of consecutive seeds gave, before summarising: counts only, so runs of
    any size merge (`+`) into exactly what one run over all their seeds gives."""

    first: int
    games: int = 0
    scores: dict[str, Counter[int]] = field(default_factory=dict)
    margins: Counter[int] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    said: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    rule_games: Counter[str] = field(default_factory=Counter)
    bots: tuple[str, ...] = ()
    """The bot's own players (those with a score and no modelled policy)."""

    def __add__(self, other: Tally) -> Tally:
        """This run followed by the next one (its seeds must come right after)."""
        if other.first != self.first + self.games:
            raise ValueError(f"seeds {other.first}… do not follow {self.first}+{self.games}")
        scores = {player: Counter(counts) for player, counts in self.scores.items()}
        for player, counts in other.scores.items():
            scores.setdefault(player, Counter()).update(counts)
        return Tally(
            self.first,
            self.games + other.games,
            scores,
            self.margins + other.margins,
            self.lengths + other.lengths,
            self.said + other.said,
            self.rules + other.rules,
            self.rule_games + other.rule_games,
            self.bots or other.bots,
        )

    def to_json(self) -> dict[str, Any]:
        def plain(counts: Counter[Any]) -> list[list[Any]]:
            return [[key, n] for key, n in counts.items()]

        return {
            "first": self.first,
            "games": self.games,
            "scores": {player: plain(counts) for player, counts in self.scores.items()},
            **{name: plain(getattr(self, name)) for name in COUNTERS},
            "bots": list(self.bots),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """A tally written by `to_json` (a ValueError if it is not one)."""
        try:
            return cls(
                int(data["first"]),
                int(data["games"]),
                {str(p): _counter(c, int) for p, c in dict(data["scores"]).items()},
                **{
                    name: _counter(data[name], str if name in TEXT_COUNTERS else int)
                    for name in COUNTERS
                },
                bots=tuple(str(player) for player in data["bots"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a tally of simulated games ({error})") from None


COUNTERS = ("margins", "lengths", "said", "rules", "rule_games")
TEXT_COUNTERS = ("said", "rules", "rule_games")


def _counter(pairs: Any, kind: type) -> Counter[Any]:
    return Counter({kind(key): int(n) for key, n in pairs})


def play_games(
    game: Game, first: int, games: int, params: Mapping[str, str], check: bool = False
) -> Tally:
    """Play the games of seeds `first` … `first + games - 1`; what they gave."""
    bot = bot_of(game)
    if bot is None:
        raise ValueError(f"{game.id} has no bot")
    prepared = bot.prepare(game)
    voice = Voice(game)
    tally = Tally(first, games)
    verify = _check if check else None
    for number in range(games):
        start = Start("simulated", first + number, dict(params))
        state = ScriptState(functools.partial(bot.new_program, prepared, start, voice))
        policies = bot.policies(start)
        fired: Counter[str] = Counter()
        count = functools.partial(_count, tally.said, fired)
        driver = Driver(state, None, None, policies, on_say=count, on_action=verify)
        returns = driver.run()
        for player, score in returns.items():
            tally.scores.setdefault(player, Counter())[score] += 1
        tally.rules.update(fired)
        tally.rule_games.update(fired.keys())
        tally.lengths[sum(1 for kind, _key, _value in state.history() if kind == "answer")] += 1
        tally.bots = tally.bots or tuple(player for player in returns if player not in policies)
        ours = [score for player, score in returns.items() if player not in policies]
        theirs = [score for player, score in returns.items() if player in policies]
        if ours and theirs:
            tally.margins[max(ours) - max(theirs)] += 1
    return tally


def summarise(game_id: str, params: Mapping[str, str], tally: Tally) -> dict[str, Any]:
    """The summary `simulate` reports for a tally."""
    games = tally.games
    scores = {player: sorted(counts.elements()) for player, counts in tally.scores.items()}
    margins, lengths = sorted(tally.margins.elements()), sorted(tally.lengths.elements())
    said, rules, rule_games = tally.said, tally.rules, tally.rule_games
    return {
        "game": game_id,
        "games": games,
        "seeds": [tally.first, tally.first + games - 1],
        "params": dict(params),
        "bots": list(tally.bots),
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
    for rule in say.rules:
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
