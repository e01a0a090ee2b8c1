"""Afternova's 2-player Bot, registered with the engine (kind `afternova-bot`).

Its data model is `automa.games.afternova.data.AfternovaAutoma`, its rules
`automa.games.afternova.rules`, its game script `automa.games.afternova.game`;
this module says how they make games: the `seats` parameter (`table`, or `baseline` / `greedy` for a
whole modelled table), the `variant` (`bot`: the 2-player variant of the rulebook; `solo`: our
prototype, one person against the Bot), the solo `level` (its values are the levels of automa.yaml)
and the policies of the modelled humans.
"""

from __future__ import annotations

from collections.abc import Mapping

from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition, Parameter
from starpress.automa.engine.state import Ask, Start, State
from starpress.automa.engine.voice import card_book
from starpress.automa.games.afternova.board import MODELLED
from starpress.automa.games.afternova.catalogue import Catalogue, Prepared
from starpress.automa.games.afternova.competent import competent_market, competent_turn
from starpress.automa.games.afternova.data import AfternovaAutoma
from starpress.automa.games.afternova.game import AfternovaGame, new_program
from starpress.automa.games.afternova.greedy import greedy_turn
from starpress.core.model import Game

SEATS = ("table", *MODELLED)
VARIANTS = ("bot", "solo")


def levels(game: Game) -> tuple[str, ...]:
    """The solo levels of automa.yaml, easier to harder."""
    automa = game.automa
    if not isinstance(automa, AfternovaAutoma) or automa.solo is None:
        return ("standard",)
    return tuple(automa.solo.levels)


def default_level(game: Game) -> str | None:
    automa = game.automa
    solo = automa.solo if isinstance(automa, AfternovaAutoma) else None
    return solo.default_level if solo is not None else None


def prepare(game: Game) -> Prepared:
    return Prepared(Catalogue.from_game(game), card_book(game))


def baseline(state: State, ask: Ask) -> str:
    """A baseline human's turn (README: the baseline player)."""
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame)
    return program.baseline_turn(ask.player)


def greedy(state: State, ask: Ask) -> str:
    """A greedy human's turn (README: the greedy player): one turn ahead, best result."""
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame) and ask.legal is not None
    return greedy_turn(program, ask.player, tuple(str(action) for action in ask.legal))


def competent(state: State, ask: Ask) -> str:
    """A competent human's turn or Market pick (README: the competent player)."""
    program = getattr(state, "program", None)
    assert isinstance(program, AfternovaGame) and ask.legal is not None
    legal = tuple(str(action) for action in ask.legal)
    if ask.key == "market":
        return competent_market(program, ask.player, legal)
    return competent_turn(program, ask.player, legal)


def policies(start: Start) -> Mapping[str, Policy]:
    seats = start.params.get("seats")
    policy = {"greedy": greedy, "competent": competent}.get(str(seats), baseline)
    return {f"seat-{seat}": policy for seat in range(2, 6)}


def check(start: Start) -> str | None:
    seats = start.params.get("seats")
    if seats in MODELLED and start.mode != "simulated":
        return f"--seats {seats} needs --mode simulated (the program plays the whole table)"
    return None


BOT = BotDefinition(
    kind="afternova-bot",
    data=AfternovaAutoma,
    prepare=prepare,
    new_program=new_program,
    policies=policies,
    parameters=(
        Parameter(
            "seats",
            "table (people play their own turns), baseline, greedy or competent (modelled "
            "humans; simulated).",
            lambda game: SEATS,
            simulate_default="baseline",
            simulated=MODELLED,
        ),
        Parameter(
            "variant",
            "bot (2 people and the Bot, from the rulebook) or solo (one person against the "
            "Bot: our prototype variant, provenance: prototype).",
            lambda game: VARIANTS,
            charted=False,
        ),
        Parameter(
            "level",
            "How hard the Bot is in the solo variant (ignored by --variant bot):",
            levels,
            charted=False,
            default_of=default_level,
        ),
    ),
    check=check,
)
