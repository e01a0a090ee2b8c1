"""Afternova with the Bot, step by step: the table around `automa.afternova`'s rules.

*Table* mode: the people report what was drawn or revealed and the Bot decides.
*Simulated* mode: the program owns the bag, the Starships and the Blueprint deck (from the
content's cards) and draws for the Bot itself. Either way every answer and every draw goes
through the `Channel`, so the log replays the game exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from automa.afternova import (
    COLOURS,
    RULE_END,
    RULE_HELP,
    RULE_SCORING,
    RULE_SETUP,
    RULE_TURN,
    RULING_OBJECTIVE,
    Blueprint,
    Bot,
    BotRules,
    Completed,
    Step,
    fragment_colours,
)
from automa.prng import Streams
from automa.session import Channel
from starpress.model import AfternovaAutoma, Game
from starpress.text import Token, icon_ids

Mode = Literal["table", "simulated"]


@dataclass(frozen=True)
class Catalogue:
    """The game's Blueprints and Starships, by their printed number."""

    blueprints: dict[int, Blueprint]
    starships: dict[int, tuple[str, int, tuple[str, ...]]]  # card, capacity, objective
    names: dict[str, list[str]]  # colour -> words a person may type

    @classmethod
    def from_game(cls, game: Game) -> Catalogue:
        blueprints: dict[int, Blueprint] = {}
        starships: dict[int, tuple[str, int, tuple[str, ...]]] = {}
        for card in game.cards:
            number = int(card.id.rsplit("-", 1)[-1]) if card.id[-1].isdigit() else 0
            if card.component == "afternova.component.blueprint":
                blueprints[number] = Blueprint(
                    card.id, _fragments(card.field_tokens("cost")), _int(card.fields.get("vp"))
                )
            elif card.component == "afternova.component.starship":
                objective = _fragments(card.field_tokens("objective", back=True))
                starships[number] = (card.id, _int(card.fields.get("hold")) or 4, objective)
        typed = game.automa.colour_names if isinstance(game.automa, AfternovaAutoma) else {}
        names = {colour: [word.lower() for word in words] for colour, words in typed.items()}
        return cls(blueprints, starships, names)


def _fragments(tokens: list[Token]) -> tuple[str, ...]:
    """The colours of the Fragment icons among some tokens (`:fragment-orange:` -> orange)."""
    return fragment_colours(icon_ids(tokens))


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) else 0


class AfternovaTable:
    """One game of Afternova with the Bot, driven through a channel."""

    def __init__(
        self,
        game: Game,
        channel: Channel,
        mode: Mode,
        seed: int,
        speak_colour: dict[str, str],
        card_label: Callable[[str], str] = str,
    ) -> None:
        self.game = game
        self.card_label = card_label
        self.ch = channel
        self.mode = mode
        self.seed = seed
        self.rules = BotRules.from_content(game.automa)
        self.catalogue = Catalogue.from_game(game)
        self.colour_word = speak_colour
        self.streams = Streams(seed)
        self.bot = Bot(capacity=4)
        self.bag: list[str] = [colour for colour in COLOURS for _ in range(8)]
        self.beside_bag: list[str] = []
        self.deck: list[int] = sorted(self.catalogue.blueprints)
        self.streams["blueprints"].shuffle(self.deck)
        self.finished = False
        channel.on_status = self.status

    # -- the game -----------------------------------------------------------------------

    def run(self) -> dict[str, int]:
        self.ch.say("start", None, seed=self.seed, mode=self.text(f"mode_{self.mode}"))
        self.setup()
        while not self.finished:
            command = self.ch.answer("command", self.text("ask_command"), self.parse_command)
            if command == "bot":
                self.bot_turn()
            elif command == "help":
                self.help()
            elif command == "status":
                self.status()
            else:
                break
        return self.final_score()

    def setup(self) -> None:  # afternova.rules.bot.setup
        if self.mode == "simulated":
            numbers = sorted(self.catalogue.starships)
            number = self.ch.chance(
                "starship", lambda: numbers[self.streams["starships"].below(len(numbers))]
            )
            card, capacity, objective = self.catalogue.starships[number]
        else:
            card, capacity, objective = self.ch.answer(
                "starship", self.text("ask_starship"), self.parse_starship
            )
        self.bot.starship, self.bot.capacity = card, capacity
        self.bot.objective = tuple(objective) or None
        self.ch.say("setup_starship", RULE_SETUP, card=self.card_label(card), capacity=capacity)
        for position in range(1, self.rules.settings.row_size + 1):
            blueprint = self.reveal(position)
            self.bot.row.append(blueprint)
            self.ch.say(
                "setup_blueprint",
                RULE_SETUP,
                card=self.card_label(blueprint.card),
                position=position,
                cost=self.colours(blueprint.cost),
                vp=blueprint.vp,
            )

    def bot_turn(self) -> None:  # afternova.rules.bot.turn
        self.ch.say("turn", RULE_TURN)
        if self.mode == "simulated":
            colour = self.ch.chance("fragment", self.draw_fragment)
        else:
            colour = self.ch.answer(
                "fragment", self.text("ask_drawn", colours=self.choices()), self.parse_colour
            )
        self.ch.say("drawn", RULE_TURN, colour=self.colour_word[colour])
        self.speak(self.rules.place(self.bot, colour, self.draw_blueprint))

    def help(self) -> None:  # afternova.rules.bot.help
        planet = self.ch.answer(
            "planet", self.text("ask_planet", colours=self.choices()), self.parse_colours
        )
        offers = self.rules.acceptable(self.bot, planet)
        if not offers:
            self.ch.say("accepts_none", RULE_HELP)
            return
        listed = ", ".join(f"{self.colour_word[c]} → {p}" for c, p in offers)
        self.ch.say("accepts", RULE_HELP, offers=listed)
        allowed = [colour for colour, _ in offers]
        payment = self.ch.answer(
            "payment", self.text("ask_payment"), lambda raw: self.parse_payment(raw, allowed)
        )
        if payment:
            self.speak(self.rules.help(self.bot, payment, self.draw_blueprint))

    def status(self) -> None:
        row = "; ".join(
            f"{i}. {b.card} [{self.colours(tuple(b.free().elements()))}]"
            for i, b in enumerate(self.bot.row, 1)
        )
        self.ch.say(
            "status",
            None,
            row=row,
            hold=len(self.bot.hold),
            capacity=self.bot.capacity,
            completed=len(self.bot.completed),
        )

    def final_score(self) -> dict[str, int]:  # afternova.rules.bot.scoring
        if self.bot.objective is None:
            self.bot.objective = tuple(
                self.ch.answer("objective", self.text("ask_objective"), self.parse_objective)
            )
        for number, done in enumerate(self.bot.completed, 1):
            if done.unseen and done.vp is None:
                card, cost, vp = self.ch.answer(
                    "blind", self.text("ask_blind", number=number), self.parse_blueprint
                )
                self.bot.completed[number - 1] = Completed(card, tuple(cost), vp, unseen=True)
        score = self.rules.score(self.bot)
        self.ch.say("score", f"{RULE_SCORING}; {RULING_OBJECTIVE}", **score)
        return score

    # -- chance -------------------------------------------------------------------------

    def draw_fragment(self) -> str:
        if not self.bag:  # afternova.rules.supply: the discards go back into the bag
            self.bag, self.beside_bag = sorted(self.beside_bag), []
        self.bag.sort()
        colour = self.bag.pop(self.streams["bag"].below(len(self.bag)))
        return colour

    def draw_blueprint(self, unseen: bool) -> Blueprint | None:
        if self.mode == "simulated":
            number = self.ch.chance("blueprint", lambda: self.deck.pop() if self.deck else 0)
            if not number:
                return None
            original = self.catalogue.blueprints[number]
            return Blueprint(original.card, original.cost, original.vp)
        if unseen:  # put under the Starship without looking: asked for at the end
            return Blueprint(f"unseen-{len(self.bot.completed) + 1}", (), 0)
        card, cost, vp = self.ch.answer(
            "blueprint",
            self.text("ask_blueprint", position=len(self.bot.row) + 1),
            self.parse_blueprint,
        )
        return Blueprint(card, tuple(cost), vp)

    def reveal(self, position: int) -> Blueprint:
        if self.mode == "simulated":
            drawn = self.draw_blueprint(unseen=False)
            assert drawn is not None
            return drawn
        card, cost, vp = self.ch.answer(
            "blueprint", self.text("ask_blueprint", position=position), self.parse_blueprint
        )
        return Blueprint(card, tuple(cost), vp)

    # -- speaking -----------------------------------------------------------------------

    def speak(self, steps: list[Step]) -> None:
        for step in steps:
            values = dict(step.values)
            for key in ("colour",):
                if key in values:
                    values[key] = self.colour_word[values[key]]
            for key in ("fragments", "payment", "cost"):
                if key in values:
                    values[key] = self.colours(tuple(values[key]))
            ruling = values.pop("ruling", None)
            if "card" in values:
                values["card"] = self.card_label(values["card"])
            # a ruling on an ambiguity of the rulebook is cited beside the rule it applies
            self.ch.say(step.what, f"{step.rule}; {ruling}" if ruling else step.rule, **values)
            if step.what in ("completed", "blind_blueprint") and self.rules.finished(self.bot):
                self.ch.say("end", RULE_END)
                self.finished = True

    def colours(self, colours: tuple[str, ...]) -> str:
        return " ".join(self.colour_word[colour] for colour in colours) or "—"

    def choices(self) -> str:
        return ", ".join(self.colour_word[colour] for colour in COLOURS)

    def text(self, key: str, **values: Any) -> str:
        return self.ch.say_text(key, **values)

    # -- answers ------------------------------------------------------------------------

    def parse_colour(self, raw: str) -> str:
        word = raw.strip().lower()
        for colour in COLOURS:
            if (
                word == colour
                or word in self.catalogue.names.get(colour, [])
                or word == self.colour_word[colour].lower()
            ):
                return colour
        raise ValueError(self.text("bad_colour", answer=raw, colours=self.choices()))

    def parse_colours(self, raw: str) -> list[str]:
        return [self.parse_colour(word) for word in raw.replace(",", " ").split()]

    def parse_payment(self, raw: str, allowed: list[str]) -> list[str]:
        payment = self.parse_colours(raw)
        try:
            self.rules.help(self._trial(), payment, lambda unseen: None)
        except ValueError as error:
            raise ValueError(self.text("bad_payment", reason=str(error))) from None
        remaining = list(allowed)
        for colour in payment:
            if colour not in remaining:
                raise ValueError(self.text("bad_payment", reason=self.colour_word[colour]))
            remaining.remove(colour)
        return payment

    def _trial(self) -> Bot:
        bot = self.bot
        return Bot(
            bot.capacity,
            bot.objective,
            bot.starship,
            [Blueprint(b.card, b.cost, b.vp, list(b.covered)) for b in bot.row],
            list(bot.hold),
            list(bot.completed),
        )

    def parse_objective(self, raw: str) -> list[str]:
        colours = self.parse_colours(raw)
        if len(colours) != 2:
            raise ValueError(self.text("bad_colour", answer=raw, colours=self.choices()))
        return colours

    def parse_starship(self, raw: str) -> list[Any]:
        try:
            number = int(raw)
        except ValueError:
            raise ValueError(self.text("bad_number", answer=raw, low=1, high=10)) from None
        if number in self.catalogue.starships:
            card, capacity, _hidden = self.catalogue.starships[number]
            return [card, capacity, []]  # the objective stays hidden until the end
        if 1 <= number <= 10:
            return [f"starship-hold-{number}", number, []]
        raise ValueError(self.text("bad_number", answer=raw, low=1, high=10))

    def parse_blueprint(self, raw: str) -> list[Any]:
        words = raw.replace(",", " ").split()
        if len(words) == 1 and words[0].isdigit():
            number = int(words[0])
            if number in self.catalogue.blueprints:
                found = self.catalogue.blueprints[number]
                return [found.card, list(found.cost), found.vp]
        elif len(words) >= 2 and words[-1].isdigit():
            try:
                cost = [self.parse_colour(word) for word in words[:-1]]
            except ValueError:
                cost = []
            if cost:
                return [f"blueprint-{'-'.join(cost)}-{words[-1]}", cost, int(words[-1])]
        raise ValueError(self.text("bad_blueprint", answer=raw))

    def parse_command(self, raw: str) -> str:
        commands = {
            "b": "bot",
            "bot": "bot",
            "a": "help",
            "h": "help",
            "help": "help",
            "s": "status",
            "status": "status",
            "f": "end",
            "e": "end",
            "end": "end",
        }
        if raw.strip().lower() in commands:
            return commands[raw.strip().lower()]
        raise ValueError(self.text("bad_command", answer=raw))
