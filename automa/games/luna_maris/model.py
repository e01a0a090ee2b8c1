"""The shared board of a simulated game of Luna Maris: the face-up rows, refilled from decks
shuffled by the program, and the modelled human who takes from them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.prng import Streams
from starpress.automa.games.luna_maris.rules import Board, Demand, Food, Scientist
from starpress.core.text import icon_ids

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.core.model import Game


MODULES = (
    "decompression-room",
    "communication-room",
    "expedition-room",
    "laboratory",
    "industrial-complex",
    "recycling-plant",
    "mining-module",
    "power-plant",
    "greenhouse",
    "dormitory",
)
_RESOURCE_ICON = {"iron": "iron", "titanium": "titanium", "helium-3": "helium", "water": "water"}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iiii": 4}


@dataclass(frozen=True)
class Decks:
    """The shared cards from the content: food (no 4-player copies), scientists, demands."""

    food: tuple[Food, ...]
    scientists: tuple[Scientist, ...]
    demands: tuple[Demand, ...]
    module_tiles: tuple[str, ...]

    @classmethod
    def from_game(cls, game: Game) -> Decks:
        food, scientists, demands, tiles = [], [], [], []
        for card in game.cards:
            fields = card.fields
            if card.component == "luna-maris.component.food-card" and not fields.get("player_mark"):
                food += [Food(card.id, int(fields.get("nutrition", 1)))] * card.count  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.scientist-l2":
                scientists.append(Scientist(card.id, int(fields.get("cost", 1))))  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.demand-tile":
                icons = icon_ids(card.field_tokens("deliver"))
                cost = tuple(_RESOURCE_ICON[i] for i in icons if i in _RESOURCE_ICON)
                tier = _ROMAN.get(str(fields.get("tier", "I")).lower(), 1)
                demands.append(Demand(card.id, tier, cost, int(fields.get("points", 0))))  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.advanced-module-tile":
                tiles.append(card.id)
        return cls(tuple(food), tuple(scientists), tuple(demands), tuple(tiles))


@dataclass
class SharedModel:
    """The simulated shared board: face-up rows refilled from shuffled decks, and a human.

    Face up: 3 food cards, 3 level-2 scientists, 3 demand tiles of each tier (2 players + 1),
    5 module tiles. The simple human (`opponent simple`, a chance node), on each of their
    turns, stands in a random module and, one time in two, takes one random face-up food
    card, scientist or demand tile; the greedy one (`opponent greedy`, a player answering
    from `choices`) decides by `greedy_choice`.
    """

    decks: Decks
    streams: Streams
    board: Board = field(default_factory=Board)
    food_deck: list[Food] = field(default_factory=list)
    scientist_deck: list[Scientist] = field(default_factory=list)
    demand_decks: dict[int, list[Demand]] = field(default_factory=dict)
    human_food: list[Food] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.food_deck = list(self.decks.food)
        self.streams["food"].shuffle(self.food_deck)
        self.scientist_deck = list(self.decks.scientists)
        self.streams["scientists"].shuffle(self.scientist_deck)
        for tier in (1, 2, 3, 4):
            deck = [d for d in self.decks.demands if d.tier == tier]
            self.streams[f"demands-{tier}"].shuffle(deck)
            self.demand_decks[tier] = deck
        tiles = list(self.decks.module_tiles)
        self.streams["module-tiles"].shuffle(tiles)
        self.board.module_tiles = tiles[:5]
        self.refill()

    def refill(self) -> None:
        while len(self.board.food) < 3 and self.food_deck:
            self.board.food.append(self.food_deck.pop())
        while len(self.board.scientists) < 3 and self.scientist_deck:
            self.board.scientists.append(self.scientist_deck.pop())
        for tier, deck in self.demand_decks.items():
            while sum(1 for d in self.board.demands if d.tier == tier) < 3 and deck:
                self.board.demands.append(deck.pop())

    def human_choice(self) -> dict[str, str]:
        """The human's turn in the model: a module to stand in, perhaps a card to take.

        Only decides (it is the logged chance outcome); `apply` makes it happen, so a
        replay without the PRNG rebuilds the same board from the log.
        """
        rng = self.streams["human"]
        choice = {"module": MODULES[rng.below(len(MODULES))], "take": ""}
        if rng.below(2) == 0:
            kind = rng.below(3)
            rows: list[list[Any]] = [self.board.food, self.board.scientists, self.board.demands]
            row = rows[kind]
            if row:
                choice["take"] = row[rng.below(len(row))].card
        return choice

    def choices(self) -> tuple[str, ...]:
        """Every turn the modelled human may take (`opponent greedy`): `module/card`, the
        card a face-up food card, scientist or demand tile, or none (`module/`)."""
        cards = [item.card for row in self.rows() for item in row]
        return tuple(f"{module}/{card}" for module in MODULES for card in ("", *cards))

    def rows(self) -> tuple[list[Any], ...]:
        return (self.board.food, self.board.scientists, self.board.demands)

    def greedy_choice(self, next_module: str | None) -> str:
        """The greedy human (README): stands in the module the automaton's next step uses
        (its round card is face up: 1 VP when it goes there), and takes the face-up card of
        best immediate VP: the demand tile worth most, else the most nutritious food card
        (ties: the first in the row)."""
        module = next_module or MODULES[0]
        demands = sorted(self.board.demands, key=lambda d: -d.vp)
        food = sorted(self.board.food, key=lambda f: -f.value)
        best = demands[0].card if demands else (food[0].card if food else "")
        return f"{module}/{best}"

    def apply(self, choice: dict[str, str]) -> None:
        taken = choice.get("take")
        if taken:
            rows: tuple[list[Any], ...] = (
                self.board.food,
                self.board.scientists,
                self.board.demands,
            )
            for row in rows:
                for index, item in enumerate(row):
                    if item.card == taken:
                        item = row.pop(index)
                        if isinstance(item, Food):
                            self.human_food.append(item)
                        self.refill()
                        return
