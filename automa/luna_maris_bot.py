"""Luna Maris's solo automaton, registered with the engine (kind `luna-maris-automaton`).

Its data model is `automa.luna_maris_data.LunaMarisAutoma`, its verbs `automa.luna_maris`,
its game script `automa.luna_maris_game`; this module says how they make games (the
`level` parameter, whose values are the levels of the data) and how the printed round
cards and the game's names are read out in the session's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from automa.driver import Policy
from automa.engine import HUMAN, Ask, Program, State
from automa.luna_maris_data import LunaMarisAutoma
from automa.luna_maris_game import OPPONENT, OPPONENTS, LunaMarisGame, Prepared, Speech
from automa.registry import BotDefinition, Parameter, Start
from automa.session import Speaker
from automa.voice import Voice, card_book, spoken
from starpress.model import Game


@dataclass(frozen=True)
class Session:
    prepared: Prepared
    speech: Speech


def prepare(game: Game) -> Session:
    return Session(Prepared.from_game(game), speech(game))


def speech(game: Game) -> Speech:
    """The game's ids read out in its (localised) language."""
    titles = game.ids()
    voice = Voice(game)
    cards = {card.id: card for card in game.cards}
    card_names = {card.id: card.name for card in game.cards if card.name}

    def module(key: str) -> str:
        return str(titles.get(f"{game.id}.rules.modules.{key}", key))

    def name(key: str) -> str:
        if key in card_names:
            return f"«{card_names[key]}»"
        return str(game.icon_names.get(key, key))

    def icon_words(icon: str) -> str:
        """Its short form if the bot has one (`short_<icon>`: "2 VP"), else its name."""
        short = voice(f"short_{icon}")
        return short if short != f"short_{icon}" else name(icon).lower()

    def step_text(letter: str, index: int) -> str:
        """A round card's printed step (translated), read out: the module icon dropped
        (the message names the module), every other icon said in words."""
        card = cards.get(f"{game.id}.card.ai-card-{letter.lower()}")
        steps = card.fields.get("steps") if card else None
        if not isinstance(steps, list) or index > len(steps):
            return ""
        return spoken(steps[index - 1].tokens, icon_words)

    return Speech(module, step_text, name, card_book(game))


def new_program(prepared: Any, start: Start, voice: Speaker) -> Program:
    assert isinstance(prepared, Session)
    level = start.params.get("level", "basic")
    opponent = start.params.get("opponent", "simple")
    return LunaMarisGame(
        prepared.prepared, start.mode, level, start.seed, voice, prepared.speech, opponent
    )


def press_enter(state: State, ask: Ask) -> Any:
    """The modelled person of a simulated game: presses Enter when the automaton's turn comes."""
    return ask.parse("")


def greedy(state: State, ask: Ask) -> str:
    """The greedy modelled human's turn (`--opponent greedy`; README)."""
    program = getattr(state, "program", None)
    assert isinstance(program, LunaMarisGame)
    return program.model.greedy_choice(ask.values.get("next") or None)


def policies(start: Start) -> Mapping[str, Policy]:
    return {HUMAN: press_enter, OPPONENT: greedy}


def check(start: Start) -> str | None:
    if start.params.get("opponent") == "greedy" and start.mode != "simulated":
        return "--opponent greedy needs --mode simulated (the program plays the human)"
    return None


def levels(game: Game) -> tuple[str, ...]:
    automa = game.automa
    return tuple(automa.levels) if isinstance(automa, LunaMarisAutoma) else ()


BOT = BotDefinition(
    kind="luna-maris-automaton",
    data=LunaMarisAutoma,
    prepare=prepare,
    new_program=new_program,
    policies=policies,
    parameters=(
        Parameter("level", "The automaton's level.", levels, simulate_default="all"),
        Parameter(
            "opponent",
            "The modelled human of a simulated game: simple (random) or greedy.",
            lambda game: OPPONENTS,
        ),
    ),
    check=check,
)
