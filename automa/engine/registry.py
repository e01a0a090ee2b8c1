"""What a bot is to the engine, and how to find the bot of a game.

A bot module defines one `BotDefinition` (conventionally `BOT`) and is found by the kind of its data
(`starpress.core.bots`: registered, an installed `starpress.core.bots` entry point, or one of the
bots that ship with starpress). Adding a bot is a new module and a content file whose `automa:`
record names its kind; the driver, the runner and the CLI stay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from starpress.automa.engine.driver import Policy
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import Program, Start
from starpress.core import bots
from starpress.core.model import Automa, Game


@dataclass(frozen=True)
class Parameter:
    """An option of the bot's games (`--level`, `--seats`): its values come from the bot's
    data (`choices(game)`), in their own order (levels easy to hard, never alphabetical), the
    first being the default unless `default` (or `default_of(game)`, the data's) says
    otherwise."""

    name: str
    help: str
    choices: Callable[[Game], tuple[str, ...]]
    default: str | None = None
    default_of: Callable[[Game], str | None] | None = None
    simulate_default: str | None = None
    """The value `simulate` uses when none is given (`all`: every value in turn)."""
    simulated: tuple[str, ...] | None = None
    """The values a simulation can play, so what `all` means (default: every value);
    Afternova's `table` seats need people, so its `all` is `baseline` and `greedy`."""
    charted: bool = True
    """Whether the site's charts show every value (else only the default): Afternova's
    `variant` and solo `level` have their own page and would multiply the bot page's charts."""

    def values(self, game: Game) -> tuple[str, ...]:
        return self.choices(game)

    def simulated_values(self, game: Game) -> tuple[str, ...]:
        return self.simulated if self.simulated is not None else self.values(game)

    def default_for(self, game: Game) -> str:
        if self.default is not None:
            return self.default
        found = self.default_of(game) if self.default_of is not None else None
        return found if found in self.values(game) else self.values(game)[0]


@dataclass(frozen=True)
class BotDefinition:
    """Everything the engine needs of one bot.

    `prepare` turns the (localised) content into the plain data its games need, once per
    session or simulation; `new_program` makes one game from it; `policies` are the
    modelled players of a simulated game (by player id), `ENGINE_MESSAGES` the message keys
    its data must word (the engine says them too).
    """

    kind: str
    data: type[Automa]
    prepare: Callable[[Game], Any]
    new_program: Callable[[Any, Start, Speaker], Program]
    policies: Callable[[Start], Mapping[str, Policy]]
    parameters: tuple[Parameter, ...] = ()
    check: Callable[[Start], str | None] = lambda start: None
    """A reason these start settings make no game (`--seats baseline` at the table), or None."""
    charts: Callable[[Game, Mapping[str, str], int, int], Sequence[Any]] | None = None
    """More charts of one simulated setting (game, parameters, games, first seed), drawn with
    the bot's others on its page (`automa.sim.charts.ChartData`: a deck automaton's actions)."""


ENGINE_MESSAGES = (
    "continue", "undone", "nothing_to_undo", "saved", "help", "ignored", "recap", "finished",
    "bad_choice", "ambiguous_choice", "ask_score", "ask_your_score", "bad_count", "final_scores",
    "winner", "winner_tie", "shared_win", "key_enter", "save_file", "pad_total", "bad_pad",
    "bad_pad_line",
)  # fmt: skip
"""What the engine itself says, so every bot's messages must word it (and `player_<id>` for
each player its games name at the end, `tie_<key>` and `ask_<key>` for each tie-break,
`pad_<key>` for each line of its score pad); `key_enter` names the Enter key where a
question lists it among its choices."""


def register(bot: BotDefinition) -> None:
    """Make `bot` the bot of every game whose `automa:` record has its kind."""
    bots.register(bot)


def bot_of(game: Game) -> BotDefinition | None:
    """The bot that plays `game` (None: the game has no bot)."""
    if game.automa is None:
        return None
    found = bots.find(game.automa.kind)
    return found if isinstance(found, BotDefinition) else None
