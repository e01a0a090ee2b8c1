"""Expand and attack in a game of Ascending Empires: a ship launched, moved a fixed distance
toward its target (a flick, for your modelled seat), landed, and the attacks after it
(ascending-empires.rules.solo.move). A layer of `EmpiresGame`."""

from __future__ import annotations

import functools

from starpress.automa.engine.state import Chance, Say
from starpress.automa.games.ascending_empires.asks import Questions
from starpress.automa.games.ascending_empires.board import FLICK_ERROR, PLAYER, Steps
from starpress.automa.games.ascending_empires.rules import (
    MAX_TROOPS,
    RULE_ATTACK_PLANETS,
    RULE_ATTACK_SHIPS,
    RULE_LAND,
    RULE_LAUNCH,
    RULE_LEVELS,
    RULE_MOVE,
    RULE_TARGETS,
    SHORT,
    Planet,
    attack_target,
    distance,
    expand_target,
    nearest_ship,
    toward,
)


class Moves(Questions):
    """A ship's move and what follows it."""

    def move(self, who: str, action: str) -> Steps:
        """ascending-empires.rules.solo.move: 2 movement points; launch if it has no ship,
        navigate a fixed distance toward the target, land if it reached a free planet."""
        empire = self.empires[who]
        enemies = [e for other, e in self.empires.items() if other != who]
        target = None
        if not self.table:
            target = (
                expand_target(empire, self.planets)
                if action == "expand"
                else attack_target(empire, self.planets, enemies)
            )
            assert target is not None  # `can` found one
        points = 2
        ship = nearest_ship(empire, target.at) if target else (0 if empire.ships else None)
        if ship is None:
            site = self.launch_site(empire)
            if site is False:
                return False
            if site is None:
                empire.home_troops -= 1
                at = empire.home
            else:
                self.planets[site].holding.troops -= 1
                at = self.planets[site].at
            empire.supply_troops += 1
            empire.supply_ships -= 1
            empire.ships.append(at)
            ship = len(empire.ships) - 1
            points -= 1
            yield Say("launch", (RULE_LAUNCH,), {"who": who, "from": site})
        reached = yield from self.navigate(who, action, ship, target)
        points -= 1
        if reached in ("none", "lost"):
            return reached == "lost"
        if reached == "reached" and action == "expand" and points and empire.supply_troops:
            yield from self.land(who, ship, target)
        yield from self.attacks(who)
        return True

    def navigate(self, who: str, action: str, ship: int, target: Planet | None) -> Steps:
        empire = self.empires[who]
        reach = self.level.reach
        values = {"who": who, "action": action, "reach": reach}
        rule = (RULE_MOVE, RULE_LEVELS)
        if self.table:
            reached = yield self.ask("reach", "ask_reach", values, self.reaches())
            if reached == "none":
                yield Say("no_target", (RULE_TARGETS,), {"who": who, "action": action})
            else:
                yield Say("navigate_" + reached, rule, values)
            return reached
        assert target is not None
        start = empire.ships[ship]
        if who == PLAYER:  # a flick: it may fall short, or off the board
            roll = yield Chance("flick", lambda: self.streams["flick"].below(1000))
            if roll < FLICK_ERROR * 1000:
                empire.ships.pop(ship)
                empire.supply_ships += 1
                yield Say("flick_lost", (), {})
                return "lost"
            reach = 0.8 + 1.6 * roll / 1000
        empire.ships[ship] = toward(start, target.at, reach)
        reached = "reached" if empire.ships[ship] == target.at else "short"
        if who != PLAYER:
            yield Say("navigate_" + reached, rule, values)
        return reached

    def land(self, who: str, ship: int, target: Planet | None) -> Steps:
        """ascending-empires.rules.actions.move.land: the ship back to the supply, a troop
        on the planet, the planet face up (at the table: you say its colour and quadrant)."""
        empire = self.empires[who]
        if self.table:
            colour, quadrant = yield self.ask("landed", "ask_landed", {"who": who}, self.landed())
            target = Planet(len(self.planets), (0.0, 0.0), colour, quadrant)
            self.planets.append(target)
        assert target is not None
        if target.owner is not None:
            return
        empire.ships.pop(ship)
        empire.supply_ships += 1
        empire.supply_troops -= 1
        target.owner = who
        target.holding.troops = 1
        empire.planets.append(target.number)
        yield Say("land", (RULE_LAND,), {"who": who, "planet": target.number})

    def attacks(self, who: str) -> Steps:
        """ascending-empires.rules.attacks after its move: at the table you count what falls."""
        empire = self.empires[who]
        if self.table:
            most = 2 * MAX_TROOPS
            check = functools.partial(self.check_hits, most)
            ships, pieces = yield self.ask("hits", "ask_hits", {"who": who}, self.hits(most), check)
            if ships:
                yield Say("hits_ships", (RULE_ATTACK_SHIPS,), {"who": who, "count": ships})
            if pieces:
                yield Say("hits_planet", (RULE_ATTACK_PLANETS,), {"who": who, "count": pieces})
            yield from self.take_vp(who, ships + pieces)
            return
        used: set[int] = set()
        gained = 0
        for planet in self.planets:
            if planet.owner in (None, who):
                continue
            mine = [i for i, s in enumerate(empire.ships) if s == planet.at]
            defended = any(s == planet.at for o, e in self.empires.items()
                           if o != who for s in e.ships)  # fmt: skip
            if len(mine) > planet.holding.defence and not defended:
                gained += planet.holding.pieces
                used.update(mine)
                self.clear(planet)
        for other, enemy in self.empires.items():
            if other == who:
                continue
            for index in reversed(range(len(enemy.ships))):
                near = [i for i, s in enumerate(empire.ships)
                        if i not in used and distance(s, enemy.ships[index]) <= SHORT]  # fmt: skip
                if len(near) >= 2:
                    used.update(near[:2])
                    enemy.ships.pop(index)
                    enemy.supply_ships += 1
                    gained += 1
        if gained:
            yield Say("hits", (RULE_ATTACK_SHIPS, RULE_ATTACK_PLANETS),
                      {"who": who, "count": gained})  # fmt: skip
        yield from self.take_vp(who, gained)
