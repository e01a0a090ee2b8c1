"""The actions of a card in a game of Ascending Empires (the automata's, and your modelled
seat's): whether each can do anything, recruit, mine, build and develop, around blockaded
planets. A layer of `EmpiresGame`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.ascending_empires.board import Steps
from starpress.automa.games.ascending_empires.moves import Moves
from starpress.automa.games.ascending_empires.rules import (
    RULE_BLOCKADE,
    RULE_BUILD,
    RULE_CITY,
    RULE_DEVELOP,
    RULE_FIRST,
    RULE_LEVELS,
    RULE_MINE,
    RULE_RECRUIT,
    Planet,
    attack_target,
    build_choice,
    build_planet,
    develop_choice,
    expand_target,
    mine_planet,
    mine_yield,
    recruit_places,
)


class Actions(Moves):
    """Each action of a card, done or found impossible."""

    def can(self, who: str, action: str) -> bool:
        """Whether the action can do anything (the program knows every fact it needs)."""
        empire = self.empires[who]
        if action == "recruit":
            return empire.supply_troops > 0 and bool(recruit_places(empire, self.planets, set(), 1))
        if action in ("expand", "attack"):
            if not self.table:
                enemies = [e for other, e in self.empires.items() if other != who]
                target = (expand_target(empire, self.planets) if action == "expand"
                          else attack_target(empire, self.planets, enemies))  # fmt: skip
                if target is None:
                    return False
            return bool(empire.ships) or self.launch_site(empire) is not False
        if action == "mine":
            return mine_planet(empire, self.planets, set()) is not None
        if action == "build":
            return build_planet(empire, self.planets, set()) is not None
        return develop_choice(empire, self.planets, set()) is not None

    def act(self, who: str, action: str) -> Steps:
        """Do the action; False: it could not (a blockade, no target), so the next one."""
        if action in ("expand", "attack"):
            return (yield from self.move(who, action))
        return (yield from getattr(self, action)(who))

    def blockaded(self, who: str, number: int) -> Steps:
        """ascending-empires.rules.blockade.blockaded: a rival's ship in orbit of its planet.
        At the table, asked once a turn per planet: an action it could not do moved nothing,
        and one it did ends its turn."""
        planet = self.planets[number]
        if self.table:
            if number not in self.blockades:
                self.blockades[number] = yield self.ask(
                    "blockade", "ask_blockade", {"who": who, "planet": number}, self.yes_no()
                )
            return self.blockades[number]
        return any(
            ship == planet.at
            for other, e in self.empires.items()
            if other != who
            for ship in e.ships
        )

    def settle(self, who: str, choose: Callable[[set[int]], tuple[Any, list[int]]]) -> Steps:
        """A choice that avoids its blockaded planets: `choose(blocked)` gives the choice and
        the planets it uses; each used planet is checked once (asked at the table), and a
        blockaded one makes it choose again without it."""
        blocked: set[int] = set()
        clear: set[int] = set()
        while True:
            choice, used = choose(blocked)
            pending = [n for n in used if n not in clear and n not in blocked]
            if not pending:
                return choice
            if (yield from self.blockaded(who, pending[0])):
                blocked.add(pending[0])
            else:
                clear.add(pending[0])

    def recruit(self, who: str) -> Steps:
        empire = self.empires[who]
        count = self.level_for(who).recruit

        def choose(blocked: set[int]) -> tuple[list[int | None], list[int]]:
            places = recruit_places(empire, self.planets, blocked, count)
            return places, [p for p in places if p is not None]

        places = yield from self.settle(who, choose)
        if not places:
            return False
        for place in places:
            empire.supply_troops -= 1
            if place is None:
                empire.home_troops += 1
            else:
                self.planets[place].holding.troops += 1
        counts = [sum(1 for p in places if p == place) for place in dict.fromkeys(places)]
        where = [[place, count] for place, count in zip(dict.fromkeys(places), counts, strict=True)]
        yield Say("recruit", (RULE_RECRUIT,), {"who": who, "where": where})
        return True

    def mine(self, who: str) -> Steps:
        empire = self.empires[who]
        planet = yield from self.settle(who, functools.partial(self.one_planet, mine_planet, who))
        if planet is None:
            yield Say("blocked", (RULE_BLOCKADE,), {"who": who, "action": "mine"})
            return False
        troops = min(planet.holding.troops, 3)
        planet.holding.troops -= troops
        empire.supply_troops += troops
        gained = mine_yield(troops) + self.level_for(who).mine_bonus
        rule = (RULE_MINE, RULE_LEVELS) if self.level_for(who).mine_bonus else (RULE_MINE,)
        yield Say("mine", rule, {"who": who, "planet": planet.number, "troops": troops,
                                 "count": gained})  # fmt: skip
        yield from self.take_vp(who, gained)
        return True

    def one_planet(
        self, pick: Callable[..., Planet | None], who: str, blocked: set[int]
    ) -> tuple[Planet | None, list[int]]:
        planet = pick(self.empires[who], self.planets, blocked)
        return planet, [planet.number] if planet else []

    def build(self, who: str) -> Steps:
        empire = self.empires[who]
        planet = yield from self.settle(who, functools.partial(self.one_planet, build_planet, who))
        if planet is None:
            yield Say("blocked", (RULE_BLOCKADE,), {"who": who, "action": "build"})
            return False
        what = build_choice(planet, empire, self.planets)
        held = planet.holding
        if what == "facility":
            held.troops -= 2
            empire.supply_troops += 2
            held.facilities += 1
        elif what == "city":
            held.troops -= 1
            empire.supply_troops += 1
            held.colonies -= 1
            held.cities += 1
            if empire.box_troops:  # the city bonus: a troop from the box (our choice for it)
                empire.box_troops -= 1
                empire.supply_troops += 1
        else:
            held.troops -= 1
            empire.supply_troops += 1
            held.colonies += 1
        rule = (RULE_CITY,) if what == "city" else (RULE_BUILD,)
        yield Say("build", rule, {"who": who, "what": what, "planet": planet.number})
        return True

    def develop(self, who: str) -> Steps:
        empire = self.empires[who]

        def choose(blocked: set[int]) -> tuple[str | None, list[int]]:
            colour = develop_choice(empire, self.planets, blocked)
            used = [n for n in empire.planets if self.planets[n].colour == colour
                    and self.planets[n].holding.facilities]  # fmt: skip
            return colour, used

        colour = yield from self.settle(who, choose)
        if colour is None:
            yield Say("blocked", (RULE_BLOCKADE,), {"who": who, "action": "develop"})
            return False
        empire.tech[colour] += 1
        level = empire.tech[colour]
        yield Say("develop", (RULE_DEVELOP,), {"who": who, "colour": colour, "tier": level})
        if (colour, level) not in self.firsts:
            self.firsts.add((colour, level))
            yield Say("first", (RULE_FIRST,), {"who": who, "count": level})
            yield from self.take_vp(who, level)
        return True
