"""Asteria's solo automaton, registered with the engine (kind `asteria-automaton`).

Its data model is `automa.asteria_data.AsteriaAutoma`, its rules and decisions
`automa.asteria`, its game script `automa.asteria_game`, the modelled players of your seat
`automa.asteria_players`; this module says how they make games: the `level` (the levels
of automa.yaml, the default first) and, simulated, the `opponent` (greedy or competent).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automa import solo
from automa.asteria_data import AsteriaAutoma
from automa.asteria_game import PLAYER, AsteriaGame, Prepared, new_program
from automa.asteria_players import COMPETENT, GREEDY, best_play
from automa.driver import Policy
from automa.engine import Ask, Start, State
from automa.registry import BotDefinition


def _policy(state: State, ask: Ask, weights: Any) -> str:
    program = getattr(state, "program", None)
    assert isinstance(program, AsteriaGame) and ask.legal is not None
    return best_play(program, tuple(str(action) for action in ask.legal), weights)


def greedy(state: State, ask: Ask) -> str:
    """The greedy modelled player (`automa.asteria_players`)."""
    return _policy(state, ask, GREEDY)


def competent(state: State, ask: Ask) -> str:
    """The competent modelled player (`automa.asteria_players`)."""
    return _policy(state, ask, COMPETENT)


def policies(start: Start) -> Mapping[str, Policy]:
    return {PLAYER: greedy if start.params.get("opponent") == "greedy" else competent}


BOT = BotDefinition(
    kind="asteria-automaton",
    data=AsteriaAutoma,
    prepare=Prepared.from_game,
    new_program=new_program,
    policies=policies,
    parameters=(solo.level_parameter(AsteriaAutoma), solo.OPPONENT),
    check=solo.check,
)
