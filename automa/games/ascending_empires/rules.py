"""Ascending Empires as a model for the solo automaton: the galaxy, the empires, the rules
that touch the automaton, and its decisions as pure functions.

The real rules are `ascending-empires.rules.*` (content/ascending-empires/rules.yaml); the
automaton's design is `ascending-empires.rules.solo.*` (our prototype). The galaxy is a model of the
table (the published setup diagram is unknown, see the game's notes): planets as points in
range-ruler lengths on a 6 × 6 board of four quadrants, each with a colour (orange, grey, brown,
purple) or an asteroid; distances are straight lines. Nothing here asks or draws:
`automa.games.ascending_empires.game` runs the turns, at the table or simulated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

COLOURS = ("orange", "grey", "brown", "purple")
ASTEROID = "asteroid"
QUADRANTS = ("alpha", "beta", "delta", "gamma")
ACTIONS = ("recruit", "expand", "attack", "mine", "build", "develop")
TECH_LEVELS = 4  # ascending-empires.rules.actions.develop.tracks
MAX_TROOPS = 3  # ascending-empires.rules.limits
MAX_STRUCTURES = 3
SHIPS, TROOPS, CITIES, COLONIES, FACILITIES = 8, 14, 4, 4, 8  # per colour (components)
START_SHIPS, START_TROOPS = 2, 6  # ascending-empires.rules.setup
VP_PILE = {2: 32, 3: 36, 4: 40}  # ascending-empires.rules.setup (table)
BOARD = 6.0  # the galaxy, in range-ruler lengths (our model)
SHORT = 0.5  # short range, in ruler lengths (our model of the ruler's mark)
HOMES = ((0.4, 0.4), (5.6, 5.6), (5.6, 0.4), (0.4, 5.6))  # homeworlds by seat (our model)

RULE_SETUP = "ascending-empires.rules.solo.setup"
RULE_TURN = "ascending-empires.rules.solo.turn"
RULE_CARD = "ascending-empires.rules.solo.card"
RULE_MOVE = "ascending-empires.rules.solo.move"
RULE_TARGETS = "ascending-empires.rules.solo.targets"
RULE_TABLE = "ascending-empires.rules.solo.table"
RULE_END = "ascending-empires.rules.solo.end"
RULE_LEVELS = "ascending-empires.rules.solo.levels"
RULE_RECRUIT = "ascending-empires.rules.actions.recruit.place"
RULE_LAUNCH = "ascending-empires.rules.actions.move.launch"
RULE_LAND = "ascending-empires.rules.actions.move.land"
RULE_MINE = "ascending-empires.rules.actions.mine.yield"
RULE_BUILD = "ascending-empires.rules.actions.build"
RULE_CITY = "ascending-empires.rules.actions.build.city"
RULE_DEVELOP = "ascending-empires.rules.actions.develop.requirements"
RULE_FIRST = "ascending-empires.rules.actions.develop.first-bonus"
RULE_ATTACK_SHIPS = "ascending-empires.rules.attacks.ships"
RULE_ATTACK_PLANETS = "ascending-empires.rules.attacks.planets"
RULE_BLOCKADE = "ascending-empires.rules.blockade.blockaded"
RULE_TRIGGER = "ascending-empires.rules.end-game.trigger"
RULE_SCORING = "ascending-empires.rules.end-game.scoring"
RULE_WINNER = "ascending-empires.rules.end-game.winner"

Point = tuple[float, float]


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def toward(start: Point, end: Point, length: float) -> Point:
    """The point `length` ruler lengths from `start` on the straight line to `end`."""
    gap = distance(start, end)
    if gap <= length:
        return end
    share = length / gap
    return (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share)


def quadrant_of(point: Point) -> str:
    return QUADRANTS[(point[0] >= BOARD / 2) + 2 * (point[1] >= BOARD / 2)]


@dataclass(slots=True)
class Holding:
    """One planet someone occupies: its pieces (ascending-empires.rules.limits)."""

    troops: int = 0
    colonies: int = 0
    cities: int = 0
    facilities: int = 0

    @property
    def structures(self) -> int:
        return self.colonies + self.cities + self.facilities

    @property
    def defence(self) -> int:
        """ascending-empires.rules.attacks.planets.defense-value (facilities count 1)."""
        return self.troops + self.colonies + 2 * self.cities + self.facilities

    @property
    def pieces(self) -> int:
        return self.troops + self.structures


@dataclass(slots=True)
class Planet:
    """A disc of the galaxy: where it is, its colour (or asteroid), who holds it."""

    number: int
    at: Point  # at the table: unknown, (0, 0)
    colour: str
    quadrant: str
    owner: str | None = None
    holding: Holding = field(default_factory=Holding)


@dataclass(slots=True)
class Empire:
    """One player's things. Ships are points on the board (in orbit: the planet's point);
    `planets` are the numbers of the planets it occupies (their pieces are on the planet)."""

    id: str
    home: Point
    ships: list[Point] = field(default_factory=list)
    supply_ships: int = 0
    supply_troops: int = START_TROOPS
    box_ships: int = SHIPS - START_SHIPS
    box_troops: int = TROOPS - START_TROOPS
    home_troops: int = 0
    planets: list[int] = field(default_factory=list)
    tech: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COLOURS, 0))
    tokens: int = 0  # VP tokens taken during the game

    @property
    def techs(self) -> int:
        return sum(self.tech.values())


# -- the automaton's decisions (pure functions of what it sees) -----------------------------


def nearest_ship(empire: Empire, target: Point) -> int | None:
    """Index of its ship nearest the target (ties: the earliest placed), None: no ship."""
    if not empire.ships:
        return None
    return min(range(len(empire.ships)), key=lambda i: (distance(empire.ships[i], target), i))


def expand_target(empire: Empire, planets: list[Planet]) -> Planet | None:
    """ascending-empires.rules.solo.targets: the free planet nearest one of its ships (or its
    homeworld), preferring a colour whose track it is climbing; ties: the lower number."""
    free = [p for p in planets if p.owner is None]
    if not free:
        return None
    wanted = wanted_colour(empire, planets)
    origins = [*empire.ships, empire.home]

    def key(planet: Planet) -> tuple[float, int]:
        near = min(distance(o, planet.at) for o in origins)
        return (near - (0.5 if planet.colour == wanted else 0.0), planet.number)

    return min(free, key=key)


def attack_target(empire: Empire, planets: list[Planet], enemies: list[Empire]) -> Planet | None:
    """ascending-empires.rules.solo.targets: an enemy planet it could take, the lowest
    defence value first, then the nearest; None: no enemy planet."""
    theirs = [p for p in planets if p.owner is not None and p.owner != empire.id]
    if not theirs:
        return None
    origins = [*empire.ships, empire.home]
    return min(
        theirs,
        key=lambda p: (p.holding.defence, min(distance(o, p.at) for o in origins), p.number),
    )


def wanted_colour(empire: Empire, planets: list[Planet]) -> str:
    """The colour it climbs: the track with the most research facilities it holds, then the
    lowest level, then the printed order orange, grey, brown, purple."""
    facilities = dict.fromkeys(COLOURS, 0)
    for number in empire.planets:
        planet = planets[number]
        if planet.colour in facilities:
            facilities[planet.colour] += planet.holding.facilities
    return min(COLOURS, key=lambda c: (-facilities[c], empire.tech[c], COLOURS.index(c)))


def facilities_of(empire: Empire, planets: list[Planet], colour: str, blockaded: set[int]) -> int:
    return sum(
        planets[n].holding.facilities
        for n in empire.planets
        if planets[n].colour == colour and n not in blockaded
    )


def develop_choice(empire: Empire, planets: list[Planet], blockaded: set[int]) -> str | None:
    """ascending-empires.rules.solo.targets: the track it can raise (level N needs N
    facilities of that colour), the lowest next level first, then the printed order."""
    able = [
        colour
        for colour in COLOURS
        if empire.tech[colour] < TECH_LEVELS
        and facilities_of(empire, planets, colour, blockaded) >= empire.tech[colour] + 1
    ]
    return min(able, key=lambda c: (empire.tech[c], COLOURS.index(c))) if able else None


def build_choice(planet: Planet, empire: Empire, planets: list[Planet]) -> str | None:
    """What it builds on one of its planets (ascending-empires.rules.solo.targets): a
    research facility where the colour is the one it climbs and the limits allow, else a city
    on a colony, else a colony; None: nothing fits."""
    held = planet.holding
    if held.troops < 1 or held.structures >= MAX_STRUCTURES:
        return None
    doubles = any(planets[n].holding.facilities >= 2 for n in empire.planets if n != planet.number)
    limit = 1 if doubles else 2
    facilities_left = FACILITIES - sum(planets[n].holding.facilities for n in empire.planets)
    if (
        held.troops >= 2
        and planet.colour != ASTEROID
        and planet.colour == wanted_colour(empire, planets)
        and held.facilities < limit
        and facilities_left > 0
    ):
        return "facility"
    cities = sum(planets[n].holding.cities for n in empire.planets)
    if held.colonies and cities < CITIES:
        return "city"
    colonies = sum(planets[n].holding.colonies for n in empire.planets)
    if colonies < COLONIES:
        return "colony"
    return None


def build_planet(empire: Empire, planets: list[Planet], blockaded: set[int]) -> Planet | None:
    """Its planet with the most troops where something fits (ties: the lower number)."""
    fits = [
        planets[n]
        for n in empire.planets
        if n not in blockaded and build_choice(planets[n], empire, planets) is not None
    ]
    return min(fits, key=lambda p: (-p.holding.troops, p.number)) if fits else None


def mine_planet(empire: Empire, planets: list[Planet], blockaded: set[int]) -> Planet | None:
    """ascending-empires.rules.actions.mine: its planet with the most troops, at least 2."""
    able = [planets[n] for n in empire.planets if n not in blockaded]
    able = [p for p in able if p.holding.troops >= 2]
    return min(able, key=lambda p: (-p.holding.troops, p.number)) if able else None


def mine_yield(troops: int) -> int:
    """ascending-empires.rules.actions.mine.yield: 2 troops 1 VP, 3 troops 2 VP."""
    return {2: 1, 3: 2}.get(min(troops, 3), 0)


def recruit_places(
    empire: Empire, planets: list[Planet], blockaded: set[int], count: int
) -> list[int | None]:
    """Where its new troops go, one by one: its planet with the most troops that still has
    room (not blockaded, fewer than 3), so that it can mine 3; else its homeworld (None);
    ties: the lower number."""
    troops = {n: planets[n].holding.troops for n in empire.planets if n not in blockaded}
    home = empire.home_troops
    placed: list[int | None] = []
    for _ in range(min(count, empire.supply_troops)):
        open_ = [n for n, t in troops.items() if t < MAX_TROOPS]
        if open_:
            chosen = min(open_, key=lambda n: (-troops[n], n))
            troops[chosen] += 1
            placed.append(chosen)
        elif home < MAX_TROOPS:
            home += 1
            placed.append(None)
    return placed


def final_score(empire: Empire, planets: list[Planet]) -> int:
    """ascending-empires.rules.end-game.scoring, on top of the tokens."""
    return sum(score_parts(empire, planets).values())


def score_parts(empire: Empire, planets: list[Planet]) -> dict[str, int]:
    """The final score by line of the rulebook's summary (ascending-empires.rules.end-game.
    scoring): the tokens, 1 per planet held, 1 per colony, 2 per city, the quadrants."""
    held = [planets[n] for n in empire.planets]
    quadrants = len({p.quadrant for p in held if p.holding.cities})
    return {
        "tokens": empire.tokens,
        "planets": len(held),
        "colonies": sum(p.holding.colonies for p in held),
        "cities": sum(2 * p.holding.cities for p in held),
        "quadrants": 6 if quadrants == 4 else 3 if quadrants == 3 else 0,
    }
