"""A toy bot for the engine's tests: a dice race against the bot, in one module.

Everything a bot brings is here: its data model (kind `dice-race`), its game script, its
parameter (`--race`, whose values are the races of its data) and its modelled players
(none: in a simulated race every roll is chance). Nothing of the driver, runner or CLI
knows it; `automa.engine.registry.register(BOT)` makes the loader and the CLI find it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field

from starpress.automa.engine.answers import Number, Refusal
from starpress.automa.engine.driver import Policy
from starpress.automa.engine.prng import Pcg32, Streams
from starpress.automa.engine.registry import BotDefinition, Parameter
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import HUMAN, Ask, Chance, Ending, Program, Say, Script, Start
from starpress.core.model import Automa, Game


class DiceRaceAutoma(Automa):
    kind: Literal["dice-race"]
    races: dict[str, int] = Field(min_length=1)
    """Race name -> the square to reach."""
    sides: int = Field(default=6, ge=2, le=20)


class DiceRace:
    """The person and the bot roll in turn; the first to reach the goal wins."""

    def __init__(self, data: DiceRaceAutoma, start: Start, voice: Speaker) -> None:
        self.goal = data.races[start.params["race"]]
        self.sides = data.sides
        self.mode = start.mode
        self.voice = voice
        self.rng = Streams(start.seed)["dice"]
        self.at = {HUMAN: 0, "bot": 0}

    def play(self) -> Script:
        yield Say("start", (), {"goal": self.goal})
        while True:
            for player in (HUMAN, "bot"):
                roll = yield self.roll(player)
                self.at[player] = min(self.goal, self.at[player] + roll)
                yield Say("moved", ("dice-race.rules.move",), {"who": player, "roll": roll,
                                                            "at": self.at[player]})  # fmt: skip
                if self.at[player] == self.goal:
                    return dict(self.at)

    def ending(self, scores: dict[str, int]) -> Ending:
        """The first to reach the goal wins (the engine names them): nothing is asked."""
        return Ending("dice-race.rules.goal", (HUMAN, "bot"), scores)

    def roll(self, player: str) -> Ask | Chance:
        if self.mode == "simulated" or player == "bot":
            return Chance(f"{player}_roll", functools.partial(_die, self.rng, self.sides))
        roll = Number(1, self.sides, Refusal("bad_roll", {"sides": self.sides}))
        return Ask(HUMAN, "human_roll", "ask_roll", {}, roll)

    def status(self) -> list[Say]:
        return [Say("status", (), {"you": self.at[HUMAN], "bot": self.at["bot"]})]

    def words(self, say: Say) -> dict[str, Any]:
        values = dict(say.values)
        if "who" in values:
            values["who"] = self.voice(f"who_{values['who']}")
        return values

    def check(self) -> None:
        assert all(0 <= at <= self.goal for at in self.at.values()), self.at


def _die(rng: Pcg32, sides: int) -> int:
    return rng.below(sides) + 1


def new_program(prepared: Any, start: Start, voice: Speaker) -> Program:
    return DiceRace(prepared, start, voice)


def races(game: Game) -> tuple[str, ...]:
    return tuple(game.automa.races) if isinstance(game.automa, DiceRaceAutoma) else ()


def policies(start: Start) -> Mapping[str, Policy]:
    return {}


BOT = BotDefinition(
    kind="dice-race",
    data=DiceRaceAutoma,
    prepare=lambda game: game.automa,
    new_program=new_program,
    policies=policies,
    parameters=(Parameter("race", "Which race.", races),),
)

AUTOMA_YAML = """\
automa:
  kind: dice-race
  variant: demo.rules.setup
  races: {short: 6, long: 12}
  messages:
    start: "A race to square {goal}."
    moved: "{who} rolled {roll}: now on square {at}."
    ask_roll: "Your roll ({options})"
    bad_roll: "'{answer}' is not a roll of a {sides}-sided die."
    who_human: "You"
    who_bot: "The bot"
    status: "You {you}, bot {bot}."
    continue: "(Enter)"
    key_enter: "Enter"
    undone: "Undone."
    nothing_to_undo: "Nothing to undo."
    saved: "Saved in {path}."
    help: "s status, u undo, q quit, ? help."
    ignored: "'{answer}' ignored: press Enter."
    recap: "Resumed. Last steps:"
    finished: "This race is over."
    bad_choice: "'{answer}': not one of {examples}."
    ambiguous_choice: "'{answer}' could be {names}."
    ask_score: "Score of {player}"
    ask_your_score: "Your score"
    bad_count: "'{answer}' is not a number from 0 to 999."
    final_scores: "Final squares: {scores}."
    winner: "Winner: {player}."
    winner_tie: "Winner: {player} ({why})."
    shared_win: "Tie: {players}."
    player_human: "you"
    player_bot: "the bot"
    save_file: "Save file: {path}"
    pad_total: "Total"
    bad_pad: "'{answer}': {count} numbers ({lines})."
    bad_pad_line: "'{answer}' is not for {line}: {low} to {high}."
"""
