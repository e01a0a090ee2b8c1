"""Ascending Empires' solo automaton, registered with the engine (kind
`ascending-empires-automaton`).

Its data model is `automa.games.ascending_empires.data.EmpireAutoma`, its rules and
decisions `automa.games.ascending_empires.rules`, its game script
`automa.games.ascending_empires.game`; this module says how they make games: the `level`
(the levels of automa.yaml, the default first), how many `automata` sit at the table (1 to 3, so one
person plays a 2-, 3- or 4-player game) and, simulated, the modelled player of your seat
(`opponent`: competent or greedy).
"""

from __future__ import annotations

from collections.abc import Mapping

from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition, Parameter
from starpress.automa.engine.state import Ask, Start, State
from starpress.automa.games.ascending_empires.board import PLAYER
from starpress.automa.games.ascending_empires.data import EmpireAutoma
from starpress.automa.games.ascending_empires.game import EmpiresGame, new_program
from starpress.automa.games.ascending_empires.players import best_action
from starpress.automa.games.ascending_empires.prepared import Prepared
from starpress.core.model import Game

AUTOMATA = ("1", "2", "3")
OPPONENTS = ("competent", "greedy")


def levels(game: Game) -> tuple[str, ...]:
    """The levels of automa.yaml, easy to hard."""
    automa = game.automa
    if not isinstance(automa, EmpireAutoma):
        return ("standard",)
    return tuple(automa.levels)


def default_level(game: Game) -> str | None:
    automa = game.automa
    return automa.default_level if isinstance(automa, EmpireAutoma) else None


def _policy(state: State, ask: Ask, competent: bool) -> str:
    program = getattr(state, "program", None)
    assert isinstance(program, EmpiresGame) and ask.legal is not None
    return best_action(program, [str(action) for action in ask.legal], competent)


def greedy(state: State, ask: Ask) -> str:
    """The greedy modelled player (`automa.games.ascending_empires.players`)."""
    return _policy(state, ask, competent=False)


def competent(state: State, ask: Ask) -> str:
    """The competent modelled player (`automa.games.ascending_empires.players`)."""
    return _policy(state, ask, competent=True)


def policies(start: Start) -> Mapping[str, Policy]:
    return {PLAYER: greedy if start.params.get("opponent") == "greedy" else competent}


def check(start: Start) -> str | None:
    if start.mode == "simulated" or start.params.get("opponent") in (None, "competent"):
        return None
    return "--opponent greedy needs --mode simulated (at the table you play your own turns)"


BOT = BotDefinition(
    kind="ascending-empires-automaton",
    data=EmpireAutoma,
    prepare=Prepared.from_game,
    new_program=new_program,
    policies=policies,
    parameters=(
        Parameter(
            "level",
            "How hard the automata are (our prototype levels, provenance: prototype):",
            levels,
            simulate_default="all",
            default_of=default_level,
        ),
        Parameter(
            "automata",
            "How many automated empires play against you: 1, 2 or 3 (a 2-, 3- or 4-player game).",
            lambda game: AUTOMATA,
            charted=False,
        ),
        Parameter(
            "opponent",
            "Who plays your seat in a simulated game: competent or greedy (modelled players).",
            lambda game: OPPONENTS,
            charted=False,
        ),
    ),
    check=check,
)
