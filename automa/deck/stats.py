"""`starpress automa GAME stats` for a deck automaton: how often it does what, by level and
by round, over many games of the deck alone.

Each game is the deck played with nobody at the table: every card drawn from its level's
shuffled deck, every answer a person would give drawn from the question's stated
`frequency` (uniformly when it states none), so the numbers say what the deck does, not what
a good player makes it do. Game i of a level has seed `seed + i`; the same settings give the
same numbers. Standard library and the engine only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from starpress.automa.deck.program import DeckData, DeckError, DeckGame
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import Chance, ScriptState, Start

MOST_STEPS = 5000


def level_stats(
    data: DeckData, voice: Speaker, level: str, games: int, seed: int
) -> dict[str, Any]:
    """One level's numbers: per game, how often each action happens (`actions`), the same
    per round (`per_round`: round -> action -> times per game), the mean score by category,
    the rounds a game lasts."""
    actions: Counter[str] = Counter()
    by_round: dict[int, Counter[str]] = {}
    scores: Counter[str] = Counter()
    rounds: Counter[int] = Counter()
    for number in range(games):
        start = Start("simulated", seed + number, {"level": level})
        game = _played(data, voice, start)
        for round_number, label in game.done:
            actions[label] += 1
            by_round.setdefault(round_number, Counter())[label] += 1
        scores.update(game.env["score"])
        rounds[game.env["round"]] += 1
    return {
        "level": level,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "rounds": {str(n): count for n, count in sorted(rounds.items())},
        "actions": _per_game(actions, games),
        "per_round": {str(n): _per_game(counts, games) for n, counts in sorted(by_round.items())},
        "scores": {category: round(scores[category] / games, 2) for category in sorted(scores)},
    }


def stats(data: DeckData, voice: Speaker, games: int, seed: int,
          levels: list[str] | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """Every level's numbers (or those of `levels`), in the data's order."""
    chosen = levels or list(data.levels)
    return [level_stats(data, voice, level, games, seed) for level in chosen]


def _per_game(counts: Mapping[str, int], games: int) -> dict[str, float]:
    return {label: round(count / games, 3) for label, count in sorted(counts.items())}


def _played(data: DeckData, voice: Speaker, start: Start) -> DeckGame:
    """A whole game of the deck alone (its program, to read what it did)."""
    games: list[DeckGame] = []

    def new() -> DeckGame:
        games.append(DeckGame(data, start, voice))
        return games[-1]

    state = ScriptState(new)
    for _ in range(MOST_STEPS):
        decision = state.decision()
        if decision is None:
            return games[-1]
        if not isinstance(decision, Chance):
            raise DeckError(f"seed {start.seed}: the deck alone asked '{decision.key}'")
        state.apply_action(decision.draw())
    raise DeckError(f"seed {start.seed}: no end after {MOST_STEPS} decisions")


def action_table(summaries: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The numbers as rows to print: one row per action, one column per level."""
    labels = sorted({label for summary in summaries for label in summary["actions"]})
    header = ["action", *(summary["level"] for summary in summaries)]
    rows = [[label, *(f"{s['actions'].get(label, 0):g}" for s in summaries)] for label in labels]
    return header, rows


def round_table(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """One level's numbers per round: one row per action, one column per round."""
    per_round = summary["per_round"]
    labels = sorted({label for counts in per_round.values() for label in counts})
    header = ["action", *per_round]
    rows = [[label, *(f"{per_round[n].get(label, 0):g}" for n in per_round)] for label in labels]
    return header, rows
