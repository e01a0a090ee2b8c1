"""Asteria's solo automaton, registered with the engine (kind `asteria-automaton`).

Its data model is `automa.games.asteria.data.AsteriaAutoma`, its rules and decisions
`automa.games.asteria.rules`, its game script `automa.games.asteria.game`, the
modelled players of your seat `automa.games.asteria.players`; this module says how they
make games: the `level` (the levels of automa.yaml, the default first) and, simulated, the
`opponent` (greedy or competent).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starpress.automa.engine import solo
from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition
from starpress.automa.engine.state import Ask, Start, State
from starpress.automa.games.asteria.board import PLAYER
from starpress.automa.games.asteria.data import AsteriaAutoma
from starpress.automa.games.asteria.game import AsteriaGame, new_program
from starpress.automa.games.asteria.players import COMPETENT, GREEDY, best_play
from starpress.automa.games.asteria.prepared import Prepared


def _policy(state: State, ask: Ask, weights: Any) -> str:
    program = getattr(state, "program", None)
    assert isinstance(program, AsteriaGame) and ask.legal is not None
    return best_play(program, tuple(str(action) for action in ask.legal), weights)


def greedy(state: State, ask: Ask) -> str:
    """The greedy modelled player (`automa.games.asteria.players`)."""
    return _policy(state, ask, GREEDY)


def competent(state: State, ask: Ask) -> str:
    """The competent modelled player (`automa.games.asteria.players`)."""
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
