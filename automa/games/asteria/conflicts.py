"""Stage 3 of a turn in a game of Asteria: conflicts, their totals and outcome, and the hand
refilled (asteria.rules.turn.conflict-maintenance). A layer of `AsteriaGame`."""

from __future__ import annotations

import functools
from collections.abc import Generator
from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.asteria.board import Steps
from starpress.automa.games.asteria.moves import Moves
from starpress.automa.games.asteria.rules import (
    AREA_EXPAND,
    BOT,
    HAND,
    RULE_CONFLICT,
    RULE_MAINTENANCE,
    RULE_OUTCOME,
    UNSEEN,
    YOU,
    Planet,
    reinforcement,
)


class Conflicts(Moves):
    """Stage 3, for either side."""

    def stage3(self, who: str) -> Steps:
        """Stage 3 (asteria.rules.turn.conflict-maintenance): conflicts, left to right; then
        the hand back to 3 Action cards; then a planet if none is open."""
        index = 0
        while index < len(self.open) and self.winner is None:
            if self.open[index].initiator is not None:
                taken = yield from self.conflict(index, self.open[index].initiator or who)
                if taken:
                    continue
            index += 1
        if self.winner is not None:
            return
        side = self.sides[who]
        missing = HAND - len(side.hand)
        if missing > 0:
            if who == BOT and self.table:
                drawn = yield self.ask(
                    "draw", "ask_draw", {"count": missing}, self.cards("action", many=True),
                    functools.partial(self.check_actions, missing),
                )  # fmt: skip
            else:
                drawn = self.deal_actions(missing)
            side.hand += drawn
            if who == BOT:
                yield Say("draw", (RULE_MAINTENANCE,), {"cards": list(drawn)})
        if not self.open:
            yield from self.reveal(None)
        for planet in self.open:
            planet.initiator = None

    def conflict(self, index: int, initiator: str) -> Generator[Any, Any, bool]:
        """asteria.rules.solo.conflict: the automaton's total, your total, the outcome."""
        planet = self.open[index]
        bot = self.sides[BOT]
        strength = (
            sum(self.p.actions[n].power(a) for n, a in planet.cards[BOT])
            + self.level.conflict_bonus
        )
        if self.level.reinforce and UNSEEN in bot.planets:  # its face-down reserve, turned up
            count = len(bot.planets)
            seen = yield self.ask("reserve", "ask_reserve", {"count": count},
                                  self.cards("planet", many=True),
                                  functools.partial(self.check_reserve, count))  # fmt: skip
            bot.planets = list(seen)  # a copy: the logged answer must stay as it was typed
        reserve = reinforcement(bot.planets, self.p.planets) if self.level.reinforce else None
        extra = self.p.planets[reserve].strength if reserve is not None else 0
        if reserve is not None:
            bot.planets.remove(reserve)
            self.planet_discard.append(reserve)
        total = strength + extra
        yield Say(
            "conflict",
            (RULE_CONFLICT,),
            {
                "planet": planet.card,
                "initiator": initiator,
                "strength": strength - self.level.conflict_bonus,
                "bonus": self.level.conflict_bonus,
                "reserve": reserve or 0,
                "total": total,
            },
        )
        if self.table:
            yours = yield self.ask(
                "strength",
                "ask_strength",
                {"planet": planet.card, "total": total},
                self.number(0, 99),
            )
            tie_you = initiator == YOU
        else:
            yours, total, tie_you = self.your_strength(planet, initiator, strength, extra)
        winner = YOU if yours > total or (yours == total and tie_you) else BOT
        yield Say(
            "conflict_" + ("you" if winner == YOU else "bot"),
            (RULE_OUTCOME,),
            {"planet": planet.card, "you": yours, "bot": total},
        )
        self.settle(planet, winner)
        if len(self.sides[winner].dominated) >= 3 and "military" not in self.sides[winner].achieved:
            yield from self.achieve(winner, "military")
        return True

    def your_strength(
        self, planet: Planet, initiator: str, bot_cards: int, bot_planet: int
    ) -> tuple[int, int, bool]:
        """The modelled player's total (their printed conflict effects, a Planet card when
        the fight is close) and the automaton's after those effects; whether you win ties."""
        you = self.sides[YOU]
        mine = planet.cards[YOU]
        effects = [self.p.actions[n].side(a) for n, a in mine]
        area = [self.p.actions[n].side("expand") for n in you.area]
        yours = sum(self.p.actions[n].power(a) for n, a in mine)
        exterminators = sum(1 for _n, a in mine if a == "exterminate")
        minus = 0
        blocks = tie = False
        for effect in effects + area:
            yours += effect.every_conflict
        for effect in effects:
            yours += effect.strength + effect.per_exterminate * exterminators
            yours += effect.if_initiator if initiator == YOU else 0
            minus += effect.opp_minus
            blocks = blocks or effect.blocks_reinforce
            tie = tie or effect.tie_win
        bot_total = max(0, bot_cards - minus + (0 if blocks else bot_planet))
        if you.planets and yours <= bot_total + 2:
            best = max(you.planets, key=lambda n: (self.p.planets[n].strength, -n))
            you.planets.remove(best)
            self.planet_discard.append(best)
            yours += self.p.planets[best].strength
        return yours, bot_total, tie or initiator == YOU

    def settle(self, planet: Planet, winner: str) -> None:
        """asteria.rules.conflict.outcome: the winner takes the planet, both keep their Expand
        cards (3 in the area at most), the rest is discarded, the markers go home."""
        you = self.sides[YOU]
        effects = [self.p.actions[n].side(a) for n, a in planet.cards[YOU]]
        effects += [self.p.actions[n].side("expand") for n in you.area]
        self.open.remove(planet)
        self.sides[winner].dominated.append(planet.card)
        for who in (YOU, BOT):
            side = self.sides[who]
            for number, action in planet.cards[who]:
                if action == "expand":
                    side.area.append(number)
                else:
                    self.action_discard.append(number)
            while len(side.area) > AREA_EXPAND:
                weakest = min(side.area, key=lambda n: (self.p.actions[n].power("expand"), -n))
                side.area.remove(weakest)
                self.action_discard.append(weakest)
        if not self.table:  # your printed effects that pay off when you win or lose
            for effect in effects:
                if winner == YOU:
                    you.gain(*effect.win_gain)
                    you.planets += self.deal_planets(effect.win_take)
                else:
                    you.hand += self.deal_actions(effect.lose_draw)
