"""The modelled humans' turns of a whole-table game of Afternova (seats `baseline`, `greedy`,
`competent`): their setup, each turn's Extract or Market, their completed Blueprints. A
layer of `AfternovaGame`."""

from __future__ import annotations

import functools
import itertools

from starpress.automa.engine.answers import OneOf
from starpress.automa.engine.state import Ask, Chance, Say
from starpress.automa.games.afternova.board import Extraction, Steps
from starpress.automa.games.afternova.bot_turn import BotTurns
from starpress.automa.games.afternova.draws import pick_from
from starpress.automa.games.afternova.humans import Human, load_hold, paws_for, pays, wanted_colours
from starpress.automa.games.afternova.rules import Blueprint


class Seats(BotTurns):
    """The rounds of a table the program plays whole."""

    def seat_setup(self) -> Steps:
        self.paw_deck = list(range(len(self.catalogue.paws)))
        self.streams["hired-paws"].shuffle(self.paw_deck)
        self.planet_deck = list(range(len(self.catalogue.planets)))
        self.streams["planets"].shuffle(self.planet_deck)
        baseline = self.baseline()
        taken = {self.bot.starship}
        hands = baseline.seats_hands
        if self.level is not None:  # afternova.rules.solo.setup: one person, after the Bot
            assert self.catalogue.solo is not None
            hands = [self.catalogue.solo.paws]
        for seat, dealt in enumerate(hands, 2):
            free = [
                n for n, ship in sorted(self.catalogue.starships.items()) if ship[0] not in taken
            ]
            number = yield Chance(
                "seat_starship", functools.partial(pick_from, free, self.rng("starships"))
            )
            card, capacity, objective = self.catalogue.starships[number]
            taken.add(card)
            human = Human(f"seat-{seat}", capacity, objective)
            for _ in range(dealt):
                paw = yield from self.draw_paw()
                if paw is not None:
                    human.paws.append(paw)
            drawn = yield from self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)
            self.humans.append(human)
        for _ in range(baseline.planets_face_up):
            yield from self.reveal_planet()
        if self.seats == "competent":
            yield from self.refill_market()

    def table_rounds(self) -> Steps:
        limit = self.baseline().max_rounds
        while self.rounds < limit and not self.over():
            self.rounds += 1
            # the Bot always plays first (afternova.rules.bot.turn-order); in solo, only in
            # the first of every `bot_turn_every` rounds (afternova.rules.solo.turn)
            every = self.level.bot_turn_every if self.level else 1
            if (self.rounds - 1) % every == 0:
                yield from self.bot_turn()
            for human in self.humans:
                yield from self.human_turn(human)
        if not self.over():
            yield Say("round_limit", (), {"rounds": limit})

    def human_turn(self, human: Human) -> Steps:
        options = self.offered = self.extractions(human)
        legal = ("market", *(f"planet-{index + 1}" for index in options))
        action = yield Ask(human.seat, "turn", "ask_turn", {}, OneOf.actions(legal), legal)
        if action == "market":
            yield from self.market(human)
        else:
            index = int(str(action).removeprefix("planet-")) - 1
            used, payment, _value = options[index]
            yield from self.extract(human, index, used, payment)
        yield from self.complete_blueprints(human)

    def extractions(self, human: Human) -> dict[int, Extraction]:
        """The Planets this human can take: Hired Paws played, payment, value to them."""
        wanted = wanted_colours(human.hand, human.hold)
        free = self.rules.free_icons(self.bot)
        per = self.rules.settings.icons_per_fragment
        found = {}
        for index, (needs, fragments) in enumerate(self.planets):
            used, missing = paws_for(needs, human.paws)
            paid = -(-missing // per)  # one Fragment for every `per` icons, rounded up
            offers = [colour for colour, _ in self.rules.taken(free, fragments)] if paid else []
            if paid > len(offers) or (self.rules.finished(self.bot) and missing):
                continue
            # pay the Bot with the Fragments this human wants least
            payment = sorted(offers, key=lambda colour: wanted.get(colour, 0) > 0)[:paid]
            kept = list(fragments)
            for colour in payment:
                kept.remove(colour)
            useful = sum(min(kept.count(c), n) for c, n in wanted.items())
            found[index] = (used, payment, (useful, len(kept)))
        return found

    def trial_hold(self, human: Human, index: int) -> list[str]:
        """The human's Hold if it extracted from the index-th Planet now (a look-ahead of
        the greedy and competent players; nothing changes)."""
        _used, payment, _value = self.offered[index]
        hold, taken = list(human.hold), list(self.planets[index][1])
        for colour in payment:
            taken.remove(colour)
        load_hold(human.hand, hold, human.capacity, taken)
        return hold

    def baseline_turn(self, seat: str) -> str:
        """The baseline policy for the seat to play: the Planet worth most to it (wanted
        Fragments, then any), else the market."""
        best, best_value = "market", (0, 0)
        for index, (_used, _payment, value) in self.offered.items():
            if value > best_value:
                best, best_value = f"planet-{index + 1}", value
        return best

    def extract(
        self, human: Human, index: int, used: list[tuple[str, ...]], payment: list[str]
    ) -> Steps:
        _needs, fragments = self.planets.pop(index)
        for paw in used:
            human.paws.remove(paw)
            self.paws_played.append(self.catalogue.paws.index(paw))
        if payment:  # afternova.rules.bot.help
            for colour in payment:
                fragments.remove(colour)
            yield from self.paid(payment)
        self.beside_bag += load_hold(human.hand, human.hold, human.capacity, fragments)
        yield from self.reveal_planet()

    def market(self, human: Human) -> Steps:
        if self.seats == "competent":
            yield from self.face_up_market(human)
            return
        baseline = self.baseline()
        for _ in range(baseline.market_draw):
            if self.paw_deck and len(human.paws) < baseline.hand_limit:
                paw = yield from self.draw_paw()
                if paw is not None:
                    human.paws.append(paw)
        if len(human.hand) < 2:
            drawn = yield from self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)

    def face_up_market(self, human: Human) -> Steps:
        """afternova.rules.actions.market: up to 3 of the 8 face-up cards (Hired Paws `p1`…
        and Blueprints `b1`…), within the hand limit; then both rows are refilled. The
        model never refreshes a row."""
        room = self.baseline().hand_limit - len(human.paws) - len(human.hand)
        cards = [f"p{i}" for i in range(1, len(self.market_paws) + 1)]
        cards += [f"b{i}" for i in range(1, len(self.market_blueprints) + 1)]
        legal = tuple(
            " ".join(pick) for pick in itertools.combinations(cards, max(0, min(3, room)))
        )
        pick = yield Ask(human.seat, "market", "ask_turn", {}, OneOf.actions(legal), legal)
        paws = [self.market_paws[int(c[1:]) - 1] for c in str(pick).split() if c[0] == "p"]
        drawn = [self.market_blueprints[int(c[1:]) - 1] for c in str(pick).split() if c[0] == "b"]
        for index in paws:
            self.market_paws.remove(index)
            human.paws.append(self.catalogue.paws[index])
        for number in drawn:
            self.market_blueprints.remove(number)
            original = self.catalogue.blueprints[number]
            human.hand.append(Blueprint(original.card, original.cost, original.vp))
        yield from self.refill_market()

    def refill_market(self) -> Steps:
        """afternova.rules.actions.market.refill: both face-up rows back to 4 cards."""
        while len(self.market_paws) < 4 and (self.paw_deck or self.paws_played):
            if not self.paw_deck:  # afternova.rules.supply: played Hired Paws reshuffled
                self.paw_deck, self.paws_played = sorted(self.paws_played), []
                self.streams["hired-paws"].shuffle(self.paw_deck)
            index = yield Chance("hired_paw", self.next_paw)
            self.paw_deck.remove(index)
            self.market_paws.append(index)
        while len(self.market_blueprints) < 4 and self.deck:
            number = yield Chance("blueprint", self.next_blueprint)
            self.deck.remove(number)
            self.market_blueprints.append(number)

    def complete_blueprints(self, human: Human) -> Steps:
        """Every Blueprint in hand the Hold pays for, each replaced from the deck."""
        for blueprint in list(human.hand):
            if len(human.completed) >= self.human_limit:
                return
            if pays(human.hold, blueprint.cost):
                for colour in blueprint.cost:
                    human.hold.remove(colour)
                    self.beside_bag.append(colour)
                human.hand.remove(blueprint)
                human.completed.append(blueprint)
                drawn = yield from self.draw_blueprint(False)
                if drawn:
                    human.hand.append(drawn)
