"""The Bot's part of a game of Afternova: its setup, its turns, its help in an Extract and its
final score (afternova.rules.bot.*), each procedure of `automa.games.afternova.rules` said
step by step. A layer of `AfternovaGame`."""

from __future__ import annotations

import functools

from starpress.automa.engine.answers import Several
from starpress.automa.engine.choices import Cards
from starpress.automa.engine.state import HUMAN, Ask, Chance, Say
from starpress.automa.games.afternova.board import Steps
from starpress.automa.games.afternova.draws import Draws, pick_from
from starpress.automa.games.afternova.rules import (
    RULE_END,
    RULE_HELP,
    RULE_SCORING,
    RULE_SETUP,
    RULE_SOLO_SCORING,
    RULE_TURN,
    RULING_OBJECTIVE,
    Completed,
    Drawing,
    Step,
)


class BotTurns(Draws):
    """What the Bot does, and what it says it did."""

    def setup(self) -> Steps:  # afternova.rules.bot.setup
        if self.mode == "simulated":
            numbers = sorted(self.catalogue.starships)
            number = yield Chance(
                "starship", functools.partial(pick_from, numbers, self.rng("starships"))
            )
            card, capacity, objective = self.catalogue.starships[number]
        else:
            ships = self.card_label.options(
                {
                    card: [card, capacity, []]
                    for card, capacity, _ in self.catalogue.starships.values()
                }
            )  # the objective stays hidden until the end
            card, capacity, objective = yield Ask(
                HUMAN, "starship", "ask_starship", {}, Cards(ships)
            )
        self.bot.starship, self.bot.capacity = card, capacity
        self.bot.objective = tuple(objective) or None
        yield Say("setup_starship", (RULE_SETUP,), {"card": card, "capacity": capacity})
        for position in range(1, self.rules.settings.row_size + 1):
            blueprint = yield from self.reveal(position)
            self.bot.row.append(blueprint)
            yield Say(
                "setup_blueprint",
                (RULE_SETUP,),
                {
                    "card": blueprint.card,
                    "position": position,
                    "cost": blueprint.cost,
                    "vp": blueprint.vp,
                },
            )

    def bot_turn(self) -> Steps:  # afternova.rules.bot.turn
        yield Say("turn", (RULE_TURN,))
        if self.mode == "simulated":
            colour = yield from self.draw_fragment()
            if colour is None:  # every Fragment is in someone's Hold or on a Planet
                return
        else:
            colour = yield Ask(HUMAN, "fragment", "ask_drawn", {}, self.colour_answer())
        yield Say("drawn", (RULE_TURN,), {"colour": colour})
        steps: list[Step] = []
        yield from self.drawing(self.rules.placing(self.bot, colour, steps), steps)
        self.discard_bots()

    def help(self) -> Steps:  # afternova.rules.bot.help
        planet = yield Ask(HUMAN, "planet", "ask_planet", {}, Several(self.colour_answer()))
        offers = self.rules.acceptable(self.bot, planet)
        if not offers:
            yield Say("accepts_none", (RULE_HELP,))
            return
        yield Say("accepts", (RULE_HELP,), {"offers": offers})
        allowed = [colour for colour, _ in offers]
        # in solo a paid Fragment may buy more than one icon (afternova.rules.solo.negotiation)
        prompt = "ask_payment_solo" if self.level else "ask_payment"
        icons = {"icons": self.rules.settings.icons_per_fragment}
        payment = yield Ask(HUMAN, "payment", prompt, icons, Several(self.colour_answer()),
                            check=functools.partial(self.check_payment, allowed))  # fmt: skip
        if payment:
            yield from self.paid(payment)

    def paid(self, payment: list[str]) -> Steps:
        self.rules.check_payment(self.bot, payment)
        steps: list[Step] = []
        yield from self.drawing(self.rules.helping(self.bot, payment, steps), steps)
        self.discard_bots()

    def drawing(self, procedure: Drawing, steps: list[Step]) -> Steps:
        """Run one of the Bot's procedures, each Blueprint it draws a decision; what it did
        so far (`steps`, as the procedure keeps them) is said before each draw."""
        spoken = 0
        try:
            unseen = next(procedure)
            while True:
                yield from self.speak(steps[spoken:])
                spoken = len(steps)
                blueprint = yield from self.draw_blueprint(unseen)
                unseen = procedure.send(blueprint)
        except StopIteration:
            pass
        yield from self.speak(steps[spoken:])

    def speak(self, steps: list[Step]) -> Steps:
        for step in steps:
            values = dict(step.values)
            # a ruling on an ambiguity of the rulebook is cited beside the rule it applies
            ruling = values.pop("ruling", None)
            yield Say(step.what, (step.rule, ruling) if ruling else (step.rule,), values)
            if step.what in ("completed", "blind_blueprint") and self.rules.finished(self.bot):
                yield Say("end", (RULE_END,))
                self.finished = True

    def final_score(self) -> Steps:  # afternova.rules.bot.scoring
        if self.bot.objective is None:
            objective = yield Ask(HUMAN, "objective", "ask_objective", {},
                                  Several(self.colour_answer(), 2, 2))  # fmt: skip
            self.bot.objective = tuple(objective)
        for number, done in enumerate(self.bot.completed, 1):
            if done.unseen and done.vp is None:
                action = yield self.ask_blueprint("blind", "ask_blind", {"number": number})
                named = self.received(action)
                self.bot.completed[number - 1] = Completed(
                    named.card, named.cost, named.vp, unseen=True
                )
        score = self.rules.score(self.bot)
        if self.level is None:
            yield Say("score", (RULE_SCORING, RULING_OBJECTIVE), score)
            return score
        score["head_start"] = self.level.head_start_vp  # afternova.rules.solo.scoring
        score["total"] += score["head_start"]
        yield Say("score_solo", (RULE_SOLO_SCORING, RULE_SCORING), score)
        return score
