"""What a game of Ascending Empires against the automata holds: the empires, the galaxy's
planets, the VP pile, the automata's deck, and the model's invariants. The lowest layer of
`EmpiresGame` (`automa.games.ascending_empires.game`)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame
from starpress.automa.engine.state import HUMAN, Say
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.games.ascending_empires.prepared import Prepared
from starpress.automa.games.ascending_empires.rules import (
    ASTEROID,
    BOARD,
    COLONIES,
    COLOURS,
    HOMES,
    MAX_STRUCTURES,
    MAX_TROOPS,
    QUADRANTS,
    RULE_TRIGGER,
    SHIPS,
    START_SHIPS,
    TROOPS,
    VP_PILE,
    Empire,
    Planet,
    distance,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.ascending_empires.data import EmpireLevel


PLAYER = "player"
"""The modelled player of a simulated game (the person at the table is `HUMAN`)."""
Steps = Generator[Pending | Say, Any, Any]
REPORTS = ("ship", "planet", "tech")
"""What you report after your turn at the table besides the VP tokens you took, by number
(ascending-empires.rules.solo.table)."""
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


def automaton(index: int) -> str:
    return f"automaton-{index}"


class Board(SoloGame[Prepared]):
    """One game's pieces, pile and deck, without its turns."""

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
        self.blockades: dict[int, bool] = {}
        """What you said of its planets' blockades this automaton turn (asked once each)."""
        self.pile = VP_PILE[len(ids)]
        self.start_pile = self.pile
        self.overflow = 0  # tokens taken from the box once the pile is empty
        self.firsts: set[tuple[str, int]] = set()
        self.deck: list[int] = []
        self.round = 0
        self.turns_left: int | None = None  # after the pile empties: one turn for each other

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

    def shuffle_deck(self) -> list[int]:
        order = sorted(self.p.cards)
        self.streams["deck"].shuffle(order)
        return order

    def clear(self, planet: Planet) -> None:
        """Every piece of a destroyed planet back to its owner; the planet is free."""
        if planet.owner is None:
            return
        owner = self.empires[planet.owner]
        owner.supply_troops += planet.holding.troops
        owner.planets.remove(planet.number)
        planet.holding = type(planet.holding)()
        planet.owner = None

    def take_vp(self, who: str, count: int) -> Steps:
        if not count:
            return
        self.take(who, count)
        yield Say("pile", (RULE_TRIGGER,), {"pile": self.pile})
        yield from self.pile_emptied()

    def pile_emptied(self) -> Steps:
        """rules.end-game.trigger: once the pile is empty, each other player has one turn."""
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

    def launch_site(self, empire: Empire) -> int | bool | None:
        """Where a new ship is launched: None its homeworld, a planet number, False nowhere."""
        if empire.supply_ships == 0:
            return False
        if empire.home_troops:
            return None
        able = [n for n in empire.planets if self.planets[n].holding.troops]
        return min(able) if able else False

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
