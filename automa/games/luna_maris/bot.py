"""Luna Maris's solo automaton, registered with the engine (kind `luna-maris-automaton`).

Its data model is `automa.games.luna_maris.data.LunaMarisAutoma`, its verbs
`automa.games.luna_maris.rules`, its game script `automa.games.luna_maris.game`;
this module says how they make games (the `level` parameter, whose values are the levels of the
data) and how the printed round cards and the game's names are read out in the session's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starpress.automa.engine.driver import Policy
from starpress.automa.engine.registry import BotDefinition, Parameter
from starpress.automa.engine.state import HUMAN, Ask, Start, State
from starpress.automa.engine.voice import Voice, card_book, spoken
from starpress.automa.games.luna_maris.board import OPPONENT, OPPONENTS
from starpress.automa.games.luna_maris.data import LunaMarisAutoma
from starpress.automa.games.luna_maris.game import LunaMarisGame, new_program
from starpress.automa.games.luna_maris.model import MODULES
from starpress.automa.games.luna_maris.prepared import Prepared, Session, Speech
from starpress.core.model import Game


def prepare(game: Game) -> Session:
    return Session(Prepared.from_game(game), speech(game))


def speech(game: Game) -> Speech:
    """The game's ids read out in its (localised) language, as data: the modules' names,
    each round card's printed steps (translated) read out with the module icon dropped (the
    message names the module) and every other icon said in words, the cards' and icons'
    names."""
    titles = game.ids()
    voice = Voice(game)
    names = {key: str(words) for key, words in game.icon_names.items()}
    names |= {card.id: f"«{card.name}»" for card in game.cards if card.name}

    def icon_words(icon: str) -> str:
        """Its short form if the bot has one (`short_<icon>`: "2 VP"), else its name."""
        short = voice(f"short_{icon}")
        return short if short != f"short_{icon}" else names.get(icon, icon).lower()

    steps: dict[str, tuple[str, ...]] = {}
    for card in game.cards_of(f"{game.id}.component.ai-card"):  # by the letter printed on it
        printed, letter = card.fields.get("steps"), card.fields.get("letter")
        if isinstance(printed, list) and letter is not None:
            steps[str(letter).lower()] = tuple(spoken(step.tokens, icon_words) for step in printed)
    modules = {key: str(titles.get(f"{game.id}.rules.modules.{key}", key)) for key in MODULES}
    return Speech(modules, steps, names, card_book(game))


def press_enter(state: State, ask: Ask) -> Any:
    """The modelled person of a simulated game: presses Enter when the automaton's turn comes."""
    action, _words = ask.take("")
    return action


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
