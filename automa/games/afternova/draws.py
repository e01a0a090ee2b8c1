"""Chance in a game of Afternova: Fragments from the bag, Blueprints, Hired Paws and Planets
from their decks, by the program's PRNG streams when simulated (asked at the table when
the program cannot see them). A layer of `AfternovaGame`."""

from __future__ import annotations

from starpress.automa.engine.prng import Pcg32
from starpress.automa.engine.state import Chance
from starpress.automa.games.afternova.asks import Questions
from starpress.automa.games.afternova.board import MODELLED, Steps
from starpress.automa.games.afternova.rules import Blueprint


class Draws(Questions):
    """Every draw, as a chance node of the game (or a question at the table)."""

    def rng(self, name: str) -> Pcg32:
        return self.streams[name]

    def draw_fragment(self) -> Steps:
        if not self.bag:  # afternova.rules.supply: the discards go back into the bag
            self.bag, self.beside_bag = sorted(self.beside_bag), []
        if not self.bag:
            return None
        self.bag.sort()
        colour = yield Chance("fragment", self.next_fragment)
        self.bag.remove(colour)
        return colour

    def next_fragment(self) -> str:
        return self.bag[self.streams["bag"].below(len(self.bag))]

    def discard_bots(self) -> None:
        """The Fragments the Bot discarded lie beside the bag (whole-table games)."""
        if self.seats in MODELLED:
            self.beside_bag += self.bot.discarded
            self.bot.discarded = []

    def draw_blueprint(self, unseen: bool) -> Steps:
        if self.mode == "simulated":
            number = yield Chance("blueprint", self.next_blueprint)
            if not number:
                return None
            self.deck.remove(number)
            original = self.catalogue.blueprints[number]
            return Blueprint(original.card, original.cost, original.vp)
        if unseen:  # put under the Starship without looking: asked for at the end
            return Blueprint(f"unseen-{len(self.bot.completed) + 1}", (), 0, seen=False)
        action = yield self.ask_blueprint(
            "blueprint", "ask_blueprint", {"position": len(self.bot.row) + 1}
        )
        return self.received(action)

    def next_blueprint(self) -> int:
        return self.deck[-1] if self.deck else 0

    def reveal(self, position: int) -> Steps:
        if self.mode == "simulated":
            drawn = yield from self.draw_blueprint(False)
            if drawn is None:
                raise ValueError("the Blueprint deck is empty at setup")
            return drawn
        action = yield self.ask_blueprint("blueprint", "ask_blueprint", {"position": position})
        return self.received(action)

    def draw_paw(self) -> Steps:
        if not self.paw_deck:
            return None
        index = yield Chance("hired_paw", self.next_paw)
        self.paw_deck.remove(index)
        return self.catalogue.paws[index]

    def next_paw(self) -> int:
        return self.paw_deck[-1]

    def reveal_planet(self) -> Steps:
        if not self.planet_deck:
            return
        index = yield Chance("planet", self.next_planet)
        self.planet_deck.remove(index)
        needs, spaces = self.catalogue.planets[index]
        fragments = []
        for _ in range(spaces):
            colour = yield from self.draw_fragment()
            if colour is not None:
                fragments.append(colour)
        self.planets.append((needs, fragments))

    def next_planet(self) -> int:
        return self.planet_deck[-1]


def pick_from(numbers: list[int], rng: Pcg32) -> int:
    """One of `numbers`, uniformly (a Starship dealt from those left)."""
    return numbers[rng.below(len(numbers))]
