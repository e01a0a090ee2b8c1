"""What the solo automata of Asteria and Aristeia! share: their `level` option (the levels
of automa.yaml, easy to hard), their `opponent` option (the modelled player of your
seat in a simulated game) and the check that a greedy opponent is only simulated."""

from __future__ import annotations

from starpress.automa.engine.registry import Parameter
from starpress.automa.engine.state import Start
from starpress.core.model import Automa, Game

OPPONENTS = ("competent", "greedy")


def level_parameter(data: type[Automa]) -> Parameter:
    """`--level`: the levels of a bot whose data (`data`) has `levels` (easy to hard, as the
    data lists them) and `default_level`."""

    def levels(game: Game) -> tuple[str, ...]:
        automa = game.automa
        if not isinstance(automa, data):
            return ("standard",)
        return tuple(getattr(automa, "levels", {})) or ("standard",)

    def default(game: Game) -> str | None:
        return getattr(game.automa, "default_level", None)

    return Parameter(
        "level", "How hard the automaton is (our prototype levels):", levels,
        simulate_default="all", default_of=default,
    )  # fmt: skip


OPPONENT = Parameter(
    "opponent",
    "Who plays your side in a simulated game: competent or greedy (modelled players).",
    lambda game: OPPONENTS,
    charted=False,
)


def check(start: Start) -> str | None:
    """At the table you play your own side: a greedy opponent needs a simulated game."""
    if start.mode == "simulated" or start.params.get("opponent") in (None, "competent"):
        return None
    return "--opponent greedy needs --mode simulated (at the table you play your own side)"
