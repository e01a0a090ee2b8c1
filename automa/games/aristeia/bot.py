"""Aristeia!'s solo automaton, registered with the engine (kind `aristeia-automaton`).

Its data model is `automa.games.aristeia.data.AristeiaAutoma`, its rules and decisions
`automa.games.aristeia.rules`, its game script `automa.games.aristeia.game`;
this module says how games are made: the `level` (the levels of automa.yaml, the default first) and,
simulated, the `opponent` (the modelled players below, greedy or competent).
"""

from __future__ import annotations

from collections.abc import Mapping

from starpress.automa.engine import solo
from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition
from starpress.automa.engine.state import Ask, Start, State
from starpress.automa.games.aristeia.board import PLAYER
from starpress.automa.games.aristeia.data import AristeiaAutoma
from starpress.automa.games.aristeia.game import AristeiaGame, new_program
from starpress.automa.games.aristeia.prepared import Prepared
from starpress.automa.games.aristeia.rules import BOT as ITS
from starpress.automa.games.aristeia.rules import YOU, in_reach


def _program(state: State, ask: Ask) -> AristeiaGame:
    program = getattr(state, "program", None)
    assert isinstance(program, AristeiaGame) and program.acting is not None
    return program


def greedy(state: State, ask: Ask) -> str:
    """The greedy modelled player: shoot the nearest enemy it can reach, else run for the
    zone (the hunter's or the holder's steps)."""
    game = _program(state, ask)
    me = game.acting
    assert me is not None
    if any(in_reach(me, e, me.stats.speed) for e in game.enemies(me)):
        return "hunter:nearest"
    return "holder:nearest"


def competent(state: State, ask: Ask) -> str:
    """The competent modelled player: keep at least as many characters in the zone as the
    automaton, shoot enemies inside it first, finish off the wounded, use its own card."""
    game = _program(state, ask)
    me = game.acting
    assert me is not None
    inside = {s: sum(f.on_board and f.dist == 0 for f in game.team[s].values()) for s in (YOU, ITS)}
    if me.dist > 0 and inside[YOU] <= inside[ITS] and me.dist <= me.stats.speed:
        return "holder:zone"
    if me.dist == 0 and inside[ITS]:
        return "holder:zone"
    if any(in_reach(me, e, me.stats.speed) for e in game.enemies(me)):
        return "hunter:weakest"
    return f"{me.role}:zone"


def policies(start: Start) -> Mapping[str, Policy]:
    return {PLAYER: greedy if start.params.get("opponent") == "greedy" else competent}


BOT = BotDefinition(
    kind="aristeia-automaton",
    data=AristeiaAutoma,
    prepare=Prepared.from_game,
    new_program=new_program,
    policies=policies,
    parameters=(solo.level_parameter(AristeiaAutoma), solo.OPPONENT),
    check=solo.check,
)
