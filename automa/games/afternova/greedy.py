"""Afternova's greedy modelled human (`--seats greedy`): the action whose result scores most.

It sees what a person at the table sees (the face-up Planets and their Fragments, its own
Hired Paws, Blueprints in hand and Hold) and looks one turn ahead: for each legal action
(`market`, `planet-N`) it works out its Hold after the turn, completes what that Hold pays
for, and scores the result as (points it would then have, Fragments toward the cheapest
Blueprint still in hand, Fragments held, fewest Hired Paws played). The market keeps the
Hold as it is. Ties go to a Planet (the first in `Ask.legal` order), then the market, so
the choice is deterministic.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from starpress.automa.games.afternova.rules import Blueprint

if TYPE_CHECKING:
    from starpress.automa.games.afternova.game import AfternovaGame
    from starpress.automa.games.afternova.humans import Human

Value = tuple[int, int, int]
Ranked = tuple[int, int, int, int]


def greedy_turn(game: AfternovaGame, seat: str, legal: tuple[str, ...]) -> str:
    """The legal action whose immediate result is worth most to the human in `seat`."""
    human = next(h for h in game.humans if h.seat == seat)
    best, best_value = "market", (-1, -1, -1, -99)
    for action in sorted(legal, key=lambda action: action == "market"):  # Planets first
        kept = 0
        if action == "market":
            hold = list(human.hold)
        else:
            index = int(action.removeprefix("planet-")) - 1
            hold = game.trial_hold(human, index)
            kept = -len(game.offered[index][0])
        value = (*worth(human, hold, game.rules.settings.max_completed), kept)
        if value > best_value:
            best, best_value = action, value
    return best


def worth(human: Human, hold: list[str], max_completed: int) -> Value:
    """(Blueprint points after completing what `hold` pays for, Fragments toward the
    cheapest Blueprint left in hand, Fragments held): the human's score-in-hand estimate."""
    left = Counter(hold)
    completed = list(human.completed)
    remaining: list[Blueprint] = []
    for blueprint in human.hand:
        cost = Counter(blueprint.cost)
        if len(completed) < max_completed and not cost - left:
            left -= cost
            completed.append(blueprint)
        else:
            remaining.append(blueprint)
    printed = sum(b.vp for b in completed)
    objective = sum(1 for b in completed for c in b.cost if c in human.objective)
    cheapest = min(remaining, key=lambda b: (len(b.cost), b.card), default=None)
    progress = sum((Counter(cheapest.cost) & left).values()) if cheapest else 0
    return printed + objective, progress, sum(left.values())
