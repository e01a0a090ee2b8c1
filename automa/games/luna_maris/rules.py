"""Luna Maris's solo automaton (our prototype): its state and its verbs, as plain functions.

The design is `luna-maris.rules.solo.automaton` and the cards are data in
content/luna-maris/automa.yaml. Nothing here asks or draws: the shared board (food cards,
level-2 scientists, demand tiles, module tiles) is passed in, filled by the table (the
person reports what is face up) or by the simulation's own model.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # read at build time only
    from starpress.automa.games.luna_maris.data import LunaMarisScoring


RULE_TURN = "luna-maris.rules.solo.automaton.turn"
RULE_VERBS = "luna-maris.rules.solo.automaton.verbs"
RULE_SCORING = "luna-maris.rules.solo.automaton.scoring"
RULE_TIE_BREAK = "luna-maris.rules.final-scoring.tie-breaks"
RULE_FINAL_SCORING = "luna-maris.rules.final-scoring"
RULE_CARDS = "luna-maris.rules.solo.automaton.cards"
RULE_LEVELS = "luna-maris.rules.solo.automaton.levels"

RESOURCES = ("iron", "titanium", "helium", "water")


@dataclass(frozen=True)
class Food:
    card: str
    value: int


@dataclass(frozen=True)
class Scientist:
    card: str
    cost: int


@dataclass(frozen=True)
class Demand:
    card: str
    tier: int
    cost: tuple[str, ...]  # resources: iron, titanium, helium, water
    vp: int


@dataclass
class Board:
    """What the automaton can take from the shared board, index 0 nearest the deck."""

    food: list[Food] = field(default_factory=list)
    scientists: list[Scientist] = field(default_factory=list)
    demands: list[Demand] = field(default_factory=list)
    module_tiles: list[str] = field(default_factory=list)


@dataclass
class Automaton:
    vp: int = 0
    probes: int = 3  # still on its board
    placed: int = 0  # in the mining area
    iron: int = 0
    titanium: int = 0
    helium: int = 0
    water: int = 2
    trash: int = 1
    co2: int = 0
    food: list[Food] = field(default_factory=list)
    scientists: list[Scientist] = field(default_factory=list)
    demands: list[Demand] = field(default_factory=list)
    built: int = 0
    module: str | None = None
    human_vp: int = 0  # VP the human earned from the automaton (shared modules)

    def stock(self) -> Counter[str]:
        return Counter({name: getattr(self, name) for name in RESOURCES})


@dataclass(frozen=True)
class Outcome:
    """What a verb did: a message id, its values, and the rule."""

    what: str
    values: dict[str, Any]
    rule: str = RULE_VERBS


@dataclass(frozen=True)
class Settings:
    impossible_step_vp: int = 1
    human_uses_its_module_vp: int = 1
    scientist_vp: int = 2
    food_first_vp: int = 8
    food_second_vp: int = 5
    building_vp: tuple[int, ...] = (4, 3, 2, 1)
    stock_per_vp: int = 2
    trash_penalty_from: int = 6
    trash_capacity: int = 8

    @classmethod
    def from_content(cls, scoring: LunaMarisScoring) -> Settings:
        values = scoring.model_dump()
        return cls(**{**values, "building_vp": tuple(values["building_vp"])})


PROBE_REWARDS = ({"iron": 1, "vp": 1}, {"water": 1}, {"helium": 1, "trash": 1})
"""What the 1st, 2nd and 3rd probes leaving its board give (rules.solo.automaton.verbs)."""


class Verbs:
    """The automaton's verbs; each returns its outcome, or None when it cannot act."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def do(self, bot: Automaton, board: Board, verb: str, arg: int) -> Outcome:
        outcome: Outcome | None = getattr(self, verb)(bot, board, arg)
        if outcome is None:  # luna-maris.rules.solo.automaton.turn, step 3
            bot.vp += self.settings.impossible_step_vp
            values = {"verb": verb, "why": self.why(bot, board, verb)}
            return Outcome("impossible", {**values, "iron": bot.iron, "titanium": bot.titanium},
                           RULE_TURN)  # fmt: skip
        return outcome

    def why(self, bot: Automaton, board: Board, verb: str) -> str:
        """Why a verb could not act (the message key that says so)."""
        if verb == "build":
            if bot.built >= len(self.settings.building_vp):
                return "why_build_track"
            return "why_build_tile" if not board.module_tiles else "why_build_titanium"
        return f"why_{verb}"

    def probe(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        if bot.probes == 0:
            return None
        reward = PROBE_REWARDS[3 - bot.probes]
        bot.probes -= 1
        bot.placed += 1
        for name, amount in reward.items():
            if name == "trash":
                self.add_trash(bot, amount)
            else:
                setattr(bot, name, getattr(bot, name) + amount)
        return Outcome("probe", {"placed": bot.placed, "reward": dict(reward)})

    def mine(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        if bot.placed == 0:
            return None
        bot.iron += bot.placed
        bot.titanium += arg  # Minerar +1
        return Outcome("mine", {"iron": bot.placed, "titanium": arg})

    def refine(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        if bot.iron == 0:
            return None
        bot.iron -= 1
        self.add_trash(bot, 1)
        bot.vp += 1
        if bot.water:
            bot.water -= 1
            bot.helium += 1
            return Outcome("refine", {"paid": ["iron", "water"], "gained": ["helium", "vp"]})
        bot.water += 1
        return Outcome("refine", {"paid": ["iron"], "gained": ["water", "vp"]})

    def recycle(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        count = min(arg, bot.trash)
        if count == 0:
            return None
        bot.trash -= count
        bot.iron += count
        return Outcome("recycle", {"count": count})

    def generate(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        if bot.iron == 0:
            return None
        bot.iron -= 1
        bot.vp += 2
        return Outcome("generate", {})

    def harvest(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        """Highest value first; among equals, the one nearest the deck."""
        if not board.food:
            return None
        taken = []
        for _ in range(arg):
            if not board.food:
                break
            best = max(range(len(board.food)), key=lambda i: (board.food[i].value, -i))
            taken.append(board.food.pop(best))
        bot.food += taken
        return Outcome("harvest", {"foods": [food.card for food in taken]})

    def hire(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        """The cheapest it can pay in iron; among equals, the one nearest the deck."""
        affordable = [i for i, s in enumerate(board.scientists) if s.cost <= bot.iron]
        if not affordable:
            return None
        chosen = min(affordable, key=lambda i: (board.scientists[i].cost, i))
        scientist = board.scientists.pop(chosen)
        bot.iron -= scientist.cost
        bot.scientists.append(scientist)
        return Outcome("hire", {"card": scientist.card, "cost": scientist.cost})

    def ship(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        """Tier `arg` if it can pay one, else the tier below, down to I; then points, deck."""
        stock = bot.stock()
        for tier in range(arg, 0, -1):
            payable = [
                i
                for i, d in enumerate(board.demands)
                if d.tier == tier and not Counter(d.cost) - stock
            ]
            if payable:
                chosen = max(payable, key=lambda i: (board.demands[i].vp, -i))
                demand = board.demands.pop(chosen)
                for resource in demand.cost:
                    setattr(bot, resource, getattr(bot, resource) - 1)
                bot.vp += demand.vp
                bot.demands.append(demand)
                return Outcome("ship", {"card": demand.card, "tier": demand.tier, "vp": demand.vp})
        return None

    def build(self, bot: Automaton, board: Board, arg: int) -> Outcome | None:
        """The leftmost module tile, for 2 titanium; the highest free construction value."""
        track = self.settings.building_vp
        if not board.module_tiles or bot.titanium < 2 or bot.built >= len(track):
            return None
        tile = board.module_tiles.pop(0)
        bot.titanium -= 2
        vp = track[bot.built]
        bot.built += 1
        bot.vp += vp
        return Outcome("build", {"card": tile, "vp": vp})

    def add_trash(self, bot: Automaton, amount: int) -> None:
        bot.trash = min(self.settings.trash_capacity, bot.trash + amount)

    def end_shift(self, bot: Automaton, bonus: dict[str, int]) -> Outcome:
        bot.vp += bonus.get("vp", 0)
        bot.co2 += bonus.get("co2", 0)
        bot.trash = max(0, bot.trash + bonus.get("trash", 0))
        return Outcome("end_shift", {"bonus": dict(bonus)}, RULE_TURN)

    def final_score(
        self, bot: Automaton, human_variety: int, human_nutrition: int
    ) -> dict[str, int]:
        """The automaton's end-of-game points by part (luna-maris.rules.solo.automaton.scoring)."""
        s = self.settings

        def placing(mine: int, theirs: int) -> int:
            return s.food_first_vp if mine >= theirs else s.food_second_vp

        variety, nutrition = pantry(bot)
        parts = {
            "play": bot.vp,
            "scientists": s.scientist_vp * len(bot.scientists),
            "variety": placing(variety, human_variety) if bot.food else 0,
            "nutrition": placing(nutrition, human_nutrition) if bot.food else 0,
            "stock": sum(bot.stock().values()) // s.stock_per_vp,
            "trash": -max(0, bot.trash - (s.trash_penalty_from - 1)),
        }
        parts["total"] = sum(parts.values())
        return parts


def pantry(bot: Automaton) -> tuple[int, int]:
    """The automaton's food variety (different names: a 4-player copy is the same food) and
    nutrition (luna-maris.rules.final-scoring, steps 3 and 4)."""
    variety = len({food.card.rsplit("-4p", 1)[0] for food in bot.food})
    return variety, sum(food.value for food in bot.food)
