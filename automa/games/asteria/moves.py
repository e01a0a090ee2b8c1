"""The steps both sides' turns share in a game of Asteria: income, planets revealed and taken,
Achievements. A layer of `AsteriaGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.state import Chance, Say
from starpress.automa.games.asteria.asks import Questions
from starpress.automa.games.asteria.board import RULE_REVEAL, Steps
from starpress.automa.games.asteria.rules import (
    BOT,
    MAX_OPEN,
    RULE_ACHIEVE,
    RULE_ACTIONS,
    RULE_MAINTENANCE,
    RULE_SETUP,
    UNSEEN,
    WIN_POINTS,
    YOU,
    Effect,
    Pair,
    Planet,
    exploration_ready,
    richer_half,
    technology_ready,
    track,
)


class Moves(Questions):
    """Income, reveals, takes and Achievements, for either side."""

    def income(self, who: str) -> Pair:
        """Stage 1 (asteria.rules.turn.income): every Extract card of its on a planet, and
        (for you, simulated) the continuous Expand effects on planets and in your area."""
        energy = ore = 0
        for planet in self.open:
            for number, action in planet.cards[who]:
                if action == "exploit":
                    gain = self.p.actions[number].side("exploit").gain
                    energy, ore = energy + gain[0], ore + gain[1]
        if who == YOU:
            for effect in self.expand_effects(YOU):
                energy, ore = energy + effect.income[0], ore + effect.income[1]
                if len(self.sides[YOU].planets) >= 2:
                    energy += effect.income_if_planets[0]
                    ore += effect.income_if_planets[1]
        return energy, ore

    def expand_effects(self, who: str) -> list[Effect]:
        side = self.sides[who]
        numbers = side.area + [n for p in self.open for n, a in p.cards[who] if a == "expand"]
        return [self.p.actions[n].side("expand") for n in numbers]

    def continuous(self, who: str, name: str) -> int:
        return sum(getattr(effect, name) for effect in self.expand_effects(who))

    def exploit_yield(self, planet: Planet, who: str) -> Pair:
        """asteria.rules.turn.actions.exploit: every Extract card of its on this planet."""
        energy = ore = 0
        for number, action in planet.cards[who]:
            if action == "exploit":
                gain = self.p.actions[number].side("exploit").gain
                energy, ore = energy + gain[0], ore + gain[1]
        return energy, ore

    def reveal(self, by: str | None) -> Steps:
        """A new open planet (asteria.rules.concepts.planet-cards): turned at random (setup,
        maintenance), toward the automaton's richer half (it explored), or as you chose."""
        if len(self.open) >= MAX_OPEN:
            return
        bottom_to_bot: bool | None = None
        if self.table:
            prompt = "ask_planet_yours" if by == YOU else "ask_planet"
            number = yield self.ask("planet", prompt, {}, self.cards("planet"),
                                    self.check_new_planet)  # fmt: skip
            if by == YOU:
                half = yield self.ask("half", "ask_half", {}, self.halves(number))
                bottom_to_bot = half == 1
        else:
            dealt = self.deal_planets(1)
            if not dealt:
                return
            number = dealt[0]
        card = self.p.planets[number]
        if by == BOT:
            bottom_to_bot = richer_half(card)
        elif by == YOU and bottom_to_bot is None:
            bottom_to_bot = not richer_half(card)
        elif bottom_to_bot is None:
            bottom_to_bot = yield Chance(
                "orientation", lambda: self.streams["orientation"].below(2) == 0
            )
        self.open.append(Planet(number, track(card, bool(bottom_to_bot))))
        half = "bottom" if bottom_to_bot else "top"
        shown: dict[str, Any] = {"planet": number, "half": half}
        if by == YOU:
            yield Say("revealed_yours", (RULE_REVEAL,), shown)
        else:
            rule = (
                RULE_ACTIONS
                if by == BOT
                else RULE_SETUP
                if len(self.open) < 3 and self.round == 0
                else RULE_MAINTENANCE
            )
            yield Say("revealed", (rule,), shown)

    def take(self, who: str) -> Steps:
        """A Planet card into the hand (the automaton's reserve, face down: at the table
        nobody looks at it until a conflict needs it)."""
        side = self.sides[who]
        if self.table:
            side.planets.append(UNSEEN)
        else:
            side.planets += self.deal_planets(1)
        yield Say("takes", (RULE_ACTIONS,), {"count": len(side.planets)})

    def achievements(self, active: str) -> Steps:
        """asteria.rules.objective: checked for the player whose turn it is first, who wins
        if both would (asteria.rules.objective.priority)."""
        other = BOT if active == YOU else YOU
        for who in (active, other):
            if who == YOU and self.table:
                continue  # you report your own achievements
            side = self.sides[who]
            if exploration_ready(side, len(self.open)):
                yield from self.achieve(who, "exploration")
            if self.winner is None and technology_ready(side, who, self.open):
                yield from self.achieve(who, "technology")
            if self.winner is not None:
                return

    def achieve(self, who: str, name: str) -> Steps:
        side = self.sides[who]
        side.achieved.append(name)
        yield Say(
            "achieved_" + ("you" if who == YOU else "bot"),
            (RULE_ACHIEVE,),
            {"achievement": name, "points": side.points},
        )
        if side.points >= WIN_POINTS and self.winner is None:
            self.winner = who
