"""Ascending Empires against one to three automated empires, as one game script
(`automa.engine.state`).

*Table*: you play your turns with the real pieces and flick your own ships; after each turn
the program asks what touched the automata (VP tokens you took, their ships or planets you
destroyed, a technology you reached first). On an automaton's turn it asks only what it
cannot see: the card flipped, whether the ruler laid from its ship reaches the target, the
colour and quadrant of a planet it lands on, whether one of your ships blockades its planet,
and what its attacks destroy. It never flicks: its ship moves a fixed measured distance.
*Simulated*: the same script plays every seat on the galaxy model
(`automa.games.ascending_empires.rules`); your seat is the greedy modelled player (`PLAYER`), whose
flicks are chance draws (they fall short, or off the board).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.answers import Answer, Choice, Number, OneOf, Parts, Refusal
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame, level_of
from starpress.automa.engine.state import (
    HUMAN,
    SHARED,
    Ask,
    Chance,
    Ending,
    Say,
    Script,
    Start,
    TieBreak,
)
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.games.ascending_empires.rules import (
    ACTIONS,
    ASTEROID,
    BOARD,
    COLONIES,
    COLOURS,
    HOMES,
    MAX_STRUCTURES,
    MAX_TROOPS,
    QUADRANTS,
    RULE_ATTACK_PLANETS,
    RULE_ATTACK_SHIPS,
    RULE_BLOCKADE,
    RULE_BUILD,
    RULE_CARD,
    RULE_CITY,
    RULE_DEVELOP,
    RULE_END,
    RULE_FIRST,
    RULE_LAND,
    RULE_LAUNCH,
    RULE_LEVELS,
    RULE_MINE,
    RULE_MOVE,
    RULE_RECRUIT,
    RULE_SCORING,
    RULE_SETUP,
    RULE_TABLE,
    RULE_TARGETS,
    RULE_TRIGGER,
    RULE_TURN,
    RULE_WINNER,
    SHIPS,
    SHORT,
    START_SHIPS,
    TROOPS,
    VP_PILE,
    Empire,
    Planet,
    attack_target,
    build_choice,
    build_planet,
    develop_choice,
    distance,
    expand_target,
    final_score,
    mine_planet,
    mine_yield,
    nearest_ship,
    quadrant_of,
    recruit_places,
    toward,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.ascending_empires.data import EmpireLevel
    from starpress.core.model import Game

PLAYER = "player"
"""The modelled player of a simulated game (the person at the table is `HUMAN`)."""
Steps = Generator[Pending | Say, Any, Any]
REPORTS = ("tokens", "ship", "planet", "tech")
"""What you report after your turn at the table, by number (ascending-empires.rules.solo.table)."""
REACH = ("reached", "short", "none")
PLANETS_PER_QUADRANT = 6  # five coloured planets and one asteroid (our model of the setup)
FLICK_ERROR = 0.04  # the modelled player's flick off the board


@dataclass(frozen=True)
class SeatLevel:
    """The numbers of your modelled seat where an automaton's come from its level."""

    reach: float
    recruit: int
    mine_bonus: int = 0


YOUR_SEAT = SeatLevel(reach=1.0, recruit=2)
"""Your seat recruits 2 like the rules say and mines no bonus."""


@dataclass(frozen=True)
class Prepared:
    """The automaton's data, read once from the content."""

    cards: dict[int, tuple[str, ...]]
    levels: dict[str, EmpireLevel]
    round_limit: int

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.games.ascending_empires.data import EmpireAutoma

        automa = game.automa
        if not isinstance(automa, EmpireAutoma):
            raise ValueError(f"{game.id} has no Ascending Empires automaton data")
        cards = {n: tuple(str(a) for a in card.actions) for n, card in automa.cards.items()}
        return cls(cards, automa.levels, automa.round_limit)


def automaton(index: int) -> str:
    return f"automaton-{index}"


class EmpiresGame(SoloGame[Prepared]):
    """One game of Ascending Empires against the automata (a `Program` of
    `automa.engine.state`)."""

    level: EmpireLevel

    def __init__(
        self, prepared: Prepared, mode: str, level: str, automata: int, seed: int, voice: Speaker
    ) -> None:
        super().__init__(prepared, mode, level, seed, voice)
        self.you = HUMAN if self.table else PLAYER
        ids = [self.you, *(automaton(i) for i in range(1, automata + 1))]
        homes = HOMES if automata != 1 else (HOMES[0], HOMES[1])
        self.empires = {who: Empire(who, homes[i]) for i, who in enumerate(ids)}
        for empire in self.empires.values():
            empire.ships = [empire.home] * START_SHIPS
        self.order = ids
        self.planets: list[Planet] = []
        self.pile = VP_PILE[len(ids)]
        self.start_pile = self.pile
        self.overflow = 0  # tokens taken from the box once the pile is empty
        self.firsts: set[tuple[str, int]] = set()
        self.deck: list[int] = []
        self.round = 0
        self.turns_left: int | None = None  # after the pile empties: one turn for each other

    # -- the game -----------------------------------------------------------------------

    def play(self) -> Script:
        values = {"seed": self.seed, "level": self.level_name, "mode": self.mode}
        yield Say("start", (), {**values, "count": len(self.order) - 1})
        if not self.table:
            galaxy = yield Chance("galaxy", self.galaxy)
            self.planets = [
                Planet(n, (x, y), colour, quadrant_of((x, y)))
                for n, (x, y, colour) in enumerate(galaxy)
            ]
        first = yield Chance("first", lambda: self.streams["first"].below(len(self.order)))
        self.order = self.order[first:] + self.order[:first]
        yield Say("setup", (RULE_SETUP,), {"who": self.order[0], "pile": self.pile})
        while self.round < self.p.round_limit:
            self.round += 1
            for who in self.order:
                yield from self.your_turn() if who == self.you else self.bot_turn(who)
                if self.turns_left is not None:
                    if self.turns_left == 0:
                        scores: dict[str, int] = yield from self.finish()
                        return scores
                    self.turns_left -= 1
        yield Say("clock", (RULE_END,), {"rounds": self.p.round_limit})
        scores = yield from self.finish()
        return scores

    def finish(self) -> Generator[Pending | Say, Any, dict[str, int]]:
        scores = {
            who: final_score(e, self.planets) for who, e in self.empires.items() if who != HUMAN
        }
        for who in self.order:
            if who != HUMAN:
                yield Say("score", (RULE_SCORING,), {"who": who, "score": scores[who]})
        return scores

    def ending(self, scores: dict[str, int]) -> Ending:
        """ascending-empires.rules.end-game.winner: the most VP; ties, the VP taken during the
        game, then the technologies developed; a tie that remains is shared."""
        known = {who: e for who, e in self.empires.items() if who != HUMAN}
        return Ending(
            RULE_WINNER,
            tuple(self.order),
            scores,
            (
                TieBreak("tokens", {who: e.tokens for who, e in known.items()}),
                TieBreak("techs", {who: e.techs for who, e in known.items()}),
            ),
            SHARED,
        )

    def galaxy(self) -> list[list[Any]]:
        """The discs of a simulated game: in each quadrant five planets and an asteroid at
        random points at least 0.7 ruler lengths apart and 1.2 from every homeworld; the
        twenty planets are five of each colour, shuffled (our model of the setup)."""
        rng = self.streams["galaxy"]
        colours = [c for c in COLOURS for _ in range(5)]
        rng.shuffle(colours)
        placed: list[list[Any]] = []
        half = BOARD / 2
        for q in range(len(QUADRANTS)):
            left, top = half * (q % 2), half * (q // 2)
            for slot in range(PLANETS_PER_QUADRANT):
                while True:
                    x = round(left + 0.3 + rng.below(1000) / 1000 * (half - 0.6), 2)
                    y = round(top + 0.3 + rng.below(1000) / 1000 * (half - 0.6), 2)
                    if all(distance((x, y), (o[0], o[1])) >= 0.7 for o in placed) and all(
                        distance((x, y), home) >= 1.2 for home in HOMES
                    ):
                        break
                colour = ASTEROID if slot == PLANETS_PER_QUADRANT - 1 else colours.pop()
                placed.append([x, y, colour])
        return placed

    # -- your turn ----------------------------------------------------------------------

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
        while True:
            choice = yield self.ask("report", "ask_report", {}, self.reports())
            if choice == "":
                return
            if choice == "tokens":
                count = yield self.ask("tokens", "ask_tokens_taken", {}, self.number(0, 40))
                self.take(self.you, count)
                yield Say("pile", (RULE_TRIGGER,), {"pile": self.pile})
            elif choice == "ship":
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
            elif choice == "tech":
                tech = yield self.ask("tech", "ask_tech", {}, self.techs())
                self.firsts.add(tech)
                yield Say("first_taken", (RULE_FIRST,), {"colour": tech[0], "tier": tech[1]})
            if self.turns_left is None and self.pile == 0:
                self.turns_left = len(self.order) - 1
                yield Say("last_round", (RULE_TRIGGER,), {})

    def which_automaton(self, prompt: str) -> Steps:
        if len(self.order) == 2:
            return automaton(1)
        count = len(self.order) - 1
        index = yield self.ask("automaton", "ask_" + prompt, {}, self.number(1, count))
        return automaton(index)

    # -- the automaton's turn -----------------------------------------------------------

    def bot_turn(self, who: str) -> Steps:
        card = yield from self.flip(who)
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

    def shuffle_deck(self) -> list[int]:
        order = sorted(self.p.cards)
        self.streams["deck"].shuffle(order)
        return order

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

    # -- actions (the automata's, and your modelled seat's) -----------------------------

    def blockaded(self, who: str, number: int) -> Steps:
        """ascending-empires.rules.blockade.blockaded: a rival's ship in orbit of its planet."""
        planet = self.planets[number]
        if self.table:
            return (yield self.ask("blockade", "ask_blockade", {"who": who, "planet": number},
                                   self.yes_no()))  # fmt: skip
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

    def launch_site(self, empire: Empire) -> int | bool | None:
        """Where a new ship is launched: None its homeworld, a planet number, False nowhere."""
        if empire.supply_ships == 0:
            return False
        if empire.home_troops:
            return None
        able = [n for n in empire.planets if self.planets[n].holding.troops]
        return min(able) if able else False

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
            colour = yield self.ask("colour", "ask_colour", {"who": who}, self.kinds())
            quadrant = yield self.ask("quadrant", "ask_quadrant", {}, self.quadrants())
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
            ships = yield self.ask("ships_hit", "ask_ships_hit", {"who": who}, self.number(0, 8))
            pieces = yield self.ask("pieces_hit", "ask_pieces_hit", {"who": who},
                                    self.number(0, 2 * MAX_TROOPS))  # fmt: skip
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

    def clear(self, planet: Planet) -> None:
        """Every piece of a destroyed planet back to its owner; the planet is free."""
        if planet.owner is None:
            return
        owner = self.empires[planet.owner]
        owner.supply_troops += planet.holding.troops
        owner.planets.remove(planet.number)
        planet.holding = type(planet.holding)()
        planet.owner = None

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

    def take_vp(self, who: str, count: int) -> Steps:
        if not count:
            return
        self.take(who, count)
        yield Say("pile", (RULE_TRIGGER,), {"pile": self.pile})
        if self.turns_left is None and self.pile == 0:
            self.turns_left = len(self.order) - 1
            yield Say("last_round", (RULE_TRIGGER,), {})

    def take(self, who: str, count: int) -> None:
        """VP tokens from the pile; once it is empty, from the box (rules.end-game.trigger)."""
        from_pile = min(count, self.pile)
        self.pile -= from_pile
        self.overflow += count - from_pile
        self.empires[who].tokens += count

    def level_for(self, who: str) -> EmpireLevel | SeatLevel:
        """The level's numbers for an automaton; your modelled seat recruits 2 like the rules."""
        return self.level if who != self.you else YOUR_SEAT

    # -- invariants ---------------------------------------------------------------------

    def check(self) -> None:
        """The model's invariants; an AssertionError names the one broken."""
        assert 0 <= self.pile <= self.start_pile, self.pile
        taken = sum(e.tokens for e in self.empires.values() if e.id != HUMAN or not self.table)
        if not self.table:
            assert taken == self.start_pile - self.pile + self.overflow, "VP tokens lost"
        for who, empire in self.empires.items():
            if who == HUMAN:
                continue
            on_planets = sum(self.planets[n].holding.troops for n in empire.planets)
            troops = empire.supply_troops + empire.box_troops + empire.home_troops + on_planets
            assert troops == TROOPS, (who, "troops", troops)
            assert len(empire.ships) + empire.supply_ships + empire.box_ships == SHIPS, who
            assert empire.home_troops <= MAX_TROOPS
            colonies = sum(self.planets[n].holding.colonies for n in empire.planets)
            assert colonies <= COLONIES, (who, colonies)
            for number in empire.planets:
                planet = self.planets[number]
                assert planet.owner == who, (who, number)
                held = planet.holding
                assert 0 <= held.troops <= MAX_TROOPS and held.structures <= MAX_STRUCTURES
                assert planet.colour != ASTEROID or held.facilities == 0
        owned = [n for e in self.empires.values() for n in e.planets]
        assert len(owned) == len(set(owned)), "a planet held twice"
        assert all(p.owner is None or p.number in owned for p in self.planets)

    # -- asking (table) -----------------------------------------------------------------

    def ask(self, key: str, prompt: str, values: dict[str, Any], answer: Answer) -> Ask:
        """A question to the person at the table, its values already in words."""
        return Ask(HUMAN, key, prompt, self.words(Say(prompt, (), values)), answer)

    def refusal(self, hint: str) -> Refusal:
        return Refusal("bad_answer", {"hint": hint})

    def number(self, low: int, high: int) -> Number:
        return Number(low, high, self.refusal(f"{low}–{high}"))

    def numbered(self, labelled: list[tuple[str, Any]], refusal: Refusal | None = None) -> OneOf:
        """Choices (label, action) numbered from 1, refused with their range."""
        choices = [Choice(str(n), label, value) for n, (label, value) in enumerate(labelled, 1)]
        return OneOf.of(choices, refusal or self.refusal(f"1–{len(choices)}"))

    def reports(self) -> OneOf:
        """What your turn did to the automata (ascending-empires.rules.solo.table), by
        number; Enter: nothing more."""
        numbered = self.numbered([(self.voice(f"report_{name}"), name) for name in REPORTS])
        done = Choice("", self.voice("report_done"), "")
        return OneOf.of((*numbered.choices, done), numbered.refused)

    def yes_no(self) -> OneOf:
        return self.numbered([(self.voice("answer_yes"), True), (self.voice("answer_no"), False)])

    def reaches(self) -> OneOf:
        return self.numbered([(self.voice(f"reach_{reach}"), reach) for reach in REACH])

    def kinds(self) -> OneOf:
        """A planet's colour, or an asteroid."""
        return self.numbered(
            [(self.voice(f"colour_{kind}"), kind) for kind in (*COLOURS, ASTEROID)]
        )

    def quadrants(self) -> OneOf:
        return self.numbered([(self.voice(f"quadrant_{q}"), q) for q in QUADRANTS])

    def own_planets(self, who: str) -> OneOf:
        """The planets of an automaton, numbered in the order it took them."""
        return self.numbered([(self.planet_words(n), n) for n in self.empires[who].planets])

    def techs(self) -> Parts:
        """A technology: its colour (by number) and its level."""
        refusal = self.refusal("1–4 1–4")
        colours = self.numbered([(self.voice(f"colour_{c}"), c) for c in COLOURS], refusal)
        return Parts((colours, Number(1, 4, refusal)), refusal)

    # -- words --------------------------------------------------------------------------

    def planet_words(self, number: int) -> str:
        planet = self.planets[number]
        return self.voice("planet_label", kind=self.voice(f"kind_{planet.colour}"),
                          quadrant=self.voice(f"quadrant_{planet.quadrant}"))  # fmt: skip

    def status(self) -> list[Say]:
        says = [Say("status", (), {"round": self.round, "pile": self.pile})]
        for who in self.order:
            if who == HUMAN:
                continue
            e = self.empires[who]
            says.append(Say("status_empire", (), {
                "who": who, "ships": len(e.ships), "supply": e.supply_troops,
                "home": e.home_troops, "planets": list(e.planets), "tokens": e.tokens,
                "techs": e.techs,
            }))  # fmt: skip
        return says

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        voice = self.voice
        if "who" in shown:
            shown["who"] = voice("player_" + str(shown["who"]))
        if "planet" in shown:
            shown["planet"] = self.planet_words(shown["planet"])
        if "planets" in shown:
            shown["planets"] = (
                " · ".join(
                    f"{i}. {self.planet_words(n)}" for i, n in enumerate(shown["planets"], 1)
                )
                or "—"
            )
        if "where" in shown:
            shown["where"] = (
                ", ".join(
                    f"{count} → "
                    + (self.planet_words(place) if place is not None else voice("home"))
                    for place, count in shown["where"]
                )
                or "—"
            )
        if "from" in shown:
            place = shown["from"]
            shown["from"] = self.planet_words(place) if place is not None else voice("home")
        if "actions" in shown:
            shown["actions"] = " > ".join(voice(f"action_{a}") for a in shown["actions"])
        for key in ("action", "level", "mode", "what", "colour"):
            if key in shown:
                shown[key] = voice(f"{key}_{shown[key]}")
        return shown


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> EmpiresGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data; one automaton unless told); runs in the browser too."""
    level = level_of(start, prepared.levels)
    automata = int(start.params.get("automata") or 1)
    return EmpiresGame(prepared, start.mode, level, automata, start.seed, voice)
