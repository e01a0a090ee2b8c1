"""The automaton's turn in a game of Asteria: income, its decision card, its plays by the
card's priorities, stage 3 (asteria.rules.solo.turn). A layer of `AsteriaGame`."""

from __future__ import annotations

from starpress.automa.engine.state import Chance, Say
from starpress.automa.games.asteria.board import Steps
from starpress.automa.games.asteria.conflicts import Conflicts
from starpress.automa.games.asteria.rules import (
    BOT,
    MAX_OPEN,
    RULE_ACTIONS,
    RULE_CARD,
    RULE_INCOME,
    RULE_LEVELS,
    RULE_MARKER,
    RULE_PLANET,
    RULE_TURN,
    YOU,
    choose_play,
    economic_ready,
    move_marker,
    planet_order,
)


class BotTurn(Conflicts):
    """The automaton's turns."""

    def bot_turn(self) -> Steps:
        bot = self.sides[BOT]
        energy, ore = self.income(BOT)
        energy, ore = energy + self.level.income[0], ore + self.level.income[1]
        bot.gain(energy, ore)
        values = {"round": self.round, "energy": energy, "ore": ore, **self.resources_of(BOT)}
        rules = (RULE_TURN, RULE_INCOME, *((RULE_LEVELS,) if any(self.level.income) else ()))
        yield Say("bot_turn", rules, values)
        if economic_ready(bot):
            bot.gain(-8, -8)
            yield from self.achieve(BOT, "economic")
            if self.winner:
                return
        if self.table and self.open:
            positions = yield self.ask("markers", "ask_markers", self.open_values(),
                                       self.markers(), self.check_markers)  # fmt: skip
            for planet, position in zip(self.open, positions, strict=True):
                planet.marker[YOU] = None if position == 0 else position - 1
        card = yield from self.flip()
        plays = min(card.plays, self.level.max_plays, len(self.open))
        if self.round == 1 and self.first == BOT:
            plays = 1  # asteria.rules.setup.first-round
        yield Say(
            "decision",
            (RULE_TURN,),
            {
                "card": card.number,
                "plays": plays,
                "planets": list(card.planets),
                "actions": list(card.actions),
            },
        )
        for index in planet_order(self.open, card.planets)[:plays]:
            play = choose_play(bot.hand, self.p.actions, card.actions, bot)
            if play is None:
                yield Say("no_card", (RULE_CARD,), {})
                break
            yield from self.bot_play(index, *play)
            if self.winner:
                return
        yield from self.stage3(BOT)

    def flip(self) -> Steps:
        """The decision card of this turn: flipped by you (table) or from the shuffled deck."""
        if self.table:
            count = len(self.p.decisions)
            number = yield self.ask("decision", "ask_decision", {}, self.number(1, count))
            return self.p.decisions[number]
        if not self.decision_deck:
            order = yield Chance("decisions", self.shuffle_decisions)
            self.decision_deck = list(order)
            yield Say("reshuffle_decisions", (RULE_TURN,), {})
        return self.p.decisions[self.decision_deck.pop()]

    def bot_play(self, index: int, number: int, action: str) -> Steps:
        """asteria.rules.solo.turn.card and asteria.rules.solo.actions."""
        bot = self.sides[BOT]
        planet = self.open[index]
        card = self.p.actions[number]
        bot.hand.remove(number)
        before = planet.initiator
        space = move_marker(planet, BOT, YOU)
        bot.gain(*space)
        paid = card.cost if action != "exploit" else (0, 0)
        bot.gain(-paid[0], -paid[1])
        planet.cards[BOT].append((number, action))
        values = {"card": number, "action": action, "planet": planet.card}
        values.update(space_energy=space[0], space_ore=space[1])
        rules: tuple[str, ...] = (RULE_PLANET, RULE_CARD, RULE_MARKER)
        if action == "exploit":  # asteria.rules.solo.actions: no cost, every Extract card here
            gained = self.exploit_yield(planet, BOT)
            bot.gain(*gained)
            rules += (RULE_ACTIONS,)
            yield Say("play_free", rules, {**values, "energy": gained[0], "ore": gained[1]})
        else:
            yield Say("play", rules, {**values, "energy": paid[0], "ore": paid[1]})
        if planet.initiator == BOT and before is None:
            yield Say("meets", (RULE_MARKER,), {"planet": planet.card})
        if action == "explore":
            if len(self.open) < MAX_OPEN:
                yield from self.reveal(BOT)
            else:
                yield from self.take(BOT)
        yield from self.achievements(BOT)
