"""The turns of a game of Ascending Empires: yours (reported at the table, or the modelled
player's action when simulated) and each automaton's card. A layer of `EmpiresGame`."""

from __future__ import annotations

from starpress.automa.engine.answers import OneOf
from starpress.automa.engine.state import Ask, Chance, Say
from starpress.automa.games.ascending_empires.actions import Actions
from starpress.automa.games.ascending_empires.board import PLAYER, Steps, automaton
from starpress.automa.games.ascending_empires.rules import (
    ACTIONS,
    RULE_CARD,
    RULE_FIRST,
    RULE_TABLE,
    RULE_TRIGGER,
    RULE_TURN,
)


class Turns(Actions):
    """Your turns and the automata's."""

    def your_turn(self) -> Steps:
        yield Say("your_turn", (RULE_TURN,), {"round": self.round})
        if not self.table:
            legal = tuple(a for a in ACTIONS if self.can(self.you, a))
            if not legal:
                return
            action = yield Ask(PLAYER, "action", "ask_action", {}, OneOf.actions(legal), legal)
            yield Say("your_action", (), {"action": action})
            yield from self.act(self.you, action)
            return
        count, others = yield self.ask("report", "ask_report", {}, self.reports())
        if count:
            self.take(self.you, count)
            yield Say("pile", (RULE_TRIGGER,), {"pile": self.pile})
            yield from self.pile_emptied()
        for choice in others:
            if choice == "ship":
                who = yield from self.which_automaton("ship_of")
                empire = self.empires[who]
                if empire.ships:
                    empire.ships.pop()
                    empire.supply_ships += 1
                yield Say("ship_lost", (RULE_TABLE,), {"who": who, "ships": len(empire.ships)})
            elif choice == "planet":
                who = yield from self.which_automaton("planet_of")
                if not self.empires[who].planets:
                    yield Say("no_planets", (RULE_TABLE,), {"who": who})
                    continue
                number = yield self.ask(
                    "lost_planet", "ask_lost_planet", {"who": who}, self.own_planets(who)
                )
                self.clear(self.planets[number])
                yield Say("planet_lost", (RULE_TABLE,), {"who": who, "planet": number})
            else:
                tech = yield self.ask("tech", "ask_tech", {}, self.techs())
                self.firsts.add(tech)
                yield Say("first_taken", (RULE_FIRST,), {"colour": tech[0], "tier": tech[1]})

    def which_automaton(self, prompt: str) -> Steps:
        if len(self.order) == 2:
            return automaton(1)
        count = len(self.order) - 1
        index = yield self.ask("automaton", "ask_" + prompt, {}, self.number(1, count))
        return automaton(index)

    def bot_turn(self, who: str) -> Steps:
        card = yield from self.flip(who)
        self.blockades = {}  # your ships may have moved since its last turn: asked again
        actions = (*self.p.cards[card], *(() if "recruit" in self.p.cards[card] else ("recruit",)))
        yield Say("card", (RULE_CARD,), {"who": who, "card": card, "actions": list(actions)})
        for action in actions:
            if self.can(who, action) and (yield from self.act(who, action)):
                return
        yield Say("idle", (RULE_CARD,), {"who": who})

    def flip(self, who: str) -> Steps:
        """The card of this turn: flipped by you (table) or from the shuffled deck."""
        if self.table:
            card = self.number(1, len(self.p.cards))
            number: int = yield self.ask("card", "ask_card", {"who": who}, card)
            return number
        if not self.deck:
            order = yield Chance("deck", self.shuffle_deck)
            self.deck = list(order)
            yield Say("reshuffle", (RULE_CARD,), {})
        return self.deck.pop()
