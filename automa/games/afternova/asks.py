"""The questions a game of Afternova asks the person at the table, as typed answers
(`automa.engine.answers`): commands, Fragment colours, payments, Blueprints. A layer of
`AfternovaGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.answers import (
    AnyOf,
    Choice,
    Number,
    OneOf,
    Parts,
    Refusal,
    Refused,
    Several,
)
from starpress.automa.engine.choices import Cards
from starpress.automa.engine.state import HUMAN, Ask
from starpress.automa.games.afternova.rules import COLOURS, Blueprint, Bot
from starpress.automa.games.afternova.speech import Speech


class Questions(Speech):
    """Each question's answer kind and check."""

    def commands(self) -> OneOf:
        """What the person does next at the table: the Bot's turn, help in an Extract, the
        end (b, a, f; the words `bot`, `help`, `end` too)."""
        return OneOf.of(
            (
                Choice("b", self.text("command_bot"), "bot", names=("bot",)),
                Choice("a", self.text("command_help"), "help", names=("h", "help")),
                Choice("f", self.text("command_end"), "end", names=("e", "end")),
            ),
            Refusal("bad_command"),
        )

    def colour_answer(self) -> OneOf:
        """A Fragment colour, named in any language the content knows; the log keeps its key."""
        return OneOf.of(
            (
                Choice(colour, self.colour_word[colour], colour,
                       names=(self.colour_word[colour], *self.catalogue.names.get(colour, ())))
                for colour in COLOURS
            ),
            Refusal("bad_colour", {"colours": self.choices()}),
            by_name=True,
        )  # fmt: skip

    def check_payment(self, allowed: list[str], payment: list[str]) -> list[str]:
        """A payment the Bot takes (afternova.rules.bot.help), from the Fragments offered."""
        try:
            self.rules.help(self._trial(), payment, lambda unseen: None)
        except ValueError as error:
            raise Refused("bad_payment", reason=str(error)) from None
        remaining = list(allowed)
        for colour in payment:
            if colour not in remaining:
                raise Refused("bad_payment", reason=self.colour_word[colour])
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

    def ask_blueprint(self, key: str, prompt: str, values: dict[str, Any]) -> Ask:
        """A Blueprint: its mark or name, or (a card the content lacks) its colours and VP."""
        options = self.card_label.options(
            {b.card: [b.card, list(b.cost), b.vp] for b in self.catalogue.blueprints.values()}
        )
        refused = Refusal("bad_blueprint", {"marks": options.examples()})
        described = Parts((Several(self.colour_answer(), 1), Number(0, 999, refused)), refused)
        answer = AnyOf((Cards(options, refused=refused), described))
        return Ask(HUMAN, key, prompt, values, answer, check=self.blueprint)

    def blueprint(self, answer: list[Any] | tuple[list[str], int]) -> list[Any]:
        """The action of a Blueprint named at the table: a card of the content as it is, or one
        described by its cost and VP (a card the content lacks) with an id of its own."""
        if isinstance(answer, tuple):
            cost, vp = answer
            return [f"blueprint-{'-'.join(cost)}-{vp}", list(cost), vp]
        return answer

    def received(self, action: list[Any]) -> Blueprint:
        """The Blueprint a person named (`blueprint`); one the content lacks is kept with
        its cost and VP, by which it is named from then on."""
        card, cost, vp = action
        if card not in self.known_blueprints:
            self.described[card] = (tuple(cost), vp)
        return Blueprint(card, tuple(cost), vp)
