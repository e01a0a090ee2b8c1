"""What a game of Afternova with the Bot holds: the Bot, the bag, the decks, the modelled
humans and the face-up cards, and the game's invariants. The lowest layer of `AfternovaGame`
(`automa.games.afternova.game`)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.choices import NO_CARDS, CardBook
from starpress.automa.engine.prng import Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import Decision, Say
from starpress.automa.games.afternova.catalogue import Catalogue
from starpress.automa.games.afternova.humans import Human
from starpress.automa.games.afternova.rules import COLOURS, Bot, BotRules

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.afternova.data import AfternovaBaseline, AfternovaSoloLevel


Steps = Generator[Decision | Say, Any, Any]
"""A part of the game script (yields decisions and messages, returns its result)."""
MODELLED = ("baseline", "greedy", "competent")
"""The `seats` values where the program models the whole table (their policies differ)."""
Extraction = tuple[list[tuple[str, ...]], list[str], tuple[int, int]]
"""A Planet a human can take: Hired Paws played, payment to the Bot, value to them."""


class Board:
    """One game's pieces (afternova.rules.bot.setup), without its turns."""

    def __init__(
        self,
        catalogue: Catalogue,
        mode: str,
        seed: int,
        voice: Speaker,
        card_label: CardBook = NO_CARDS,
        seats: str = "table",
        variant: str = "bot",
        level: str = "",
    ) -> None:
        self.catalogue = catalogue
        self.rules = catalogue.rules
        # a person's sixth Blueprint ends the game whatever the solo level does to the Bot
        # (afternova.rules.solo.scoring)
        self.human_limit = catalogue.rules.settings.max_completed
        self.level: AfternovaSoloLevel | None = None
        self.level_name = ""
        if variant == "solo":  # afternova.rules.solo.levels: the level sets the Bot's numbers
            self.level = catalogue.solo_level(level)
            assert catalogue.solo is not None
            self.level_name = level or catalogue.solo.default_level
            self.rules = BotRules(
                dataclasses.replace(
                    self.rules.settings,
                    row_size=self.level.row_size,
                    max_completed=self.level.max_completed,
                    objective_vp_per_icon=self.level.objective_vp_per_icon,
                    icons_per_fragment=self.level.icons_per_fragment,
                )
            )
        self.mode = mode
        self.seed = seed
        self.seats = seats
        self.voice = voice
        self.card_label = card_label
        self.streams = Streams(seed)
        self.bot = Bot(capacity=4)
        self.bag: list[str] = [colour for colour in COLOURS for _ in range(8)]
        self.beside_bag: list[str] = []
        self.deck: list[int] = sorted(catalogue.blueprints)
        self.streams["blueprints"].shuffle(self.deck)
        self.finished = False
        self.bot_parts: dict[str, int] = {}  # the Bot's final score by line of the pad
        self.humans: list[Human] = []
        self.planets: list[tuple[dict[str, int], list[str]]] = []
        self.paw_deck: list[int] = []
        self.planet_deck: list[int] = []
        self.rounds = 0
        self.offered: dict[int, Extraction] = {}  # the seat to play: what it may extract
        # the face-up Market (seats `competent` only): Hired Paw indexes, Blueprint numbers
        self.market_paws: list[int] = []
        self.market_blueprints: list[int] = []
        self.paws_played: list[int] = []  # afternova.rules.supply: reshuffled when needed
        self.known_blueprints = {b.card for b in catalogue.blueprints.values()}
        self.described: dict[str, tuple[tuple[str, ...], int]] = {}
        """Blueprints the content lacks, described at the table: cost and VP, by card."""

    def over(self) -> bool:
        limit = self.human_limit
        return self.rules.finished(self.bot) or any(len(h.completed) >= limit for h in self.humans)

    def baseline(self) -> AfternovaBaseline:
        if self.catalogue.baseline is None:
            raise ValueError("this bot's data has no baseline players")
        return self.catalogue.baseline

    def fragments(self) -> Counter[str]:
        """Every fragment wherever it is: all 40 must always be somewhere."""
        places = (
            self.bag
            + self.beside_bag
            + self.bot.fragments()
            + self.bot.discarded
            + [c for _, fragments in self.planets for c in fragments]
            + [c for human in self.humans for c in human.hold]
        )
        return Counter(places)

    def check(self) -> None:
        """The game's invariants between turns; an AssertionError names the one broken."""
        if self.seats in MODELLED:
            assert self.fragments() == Counter({c: 8 for c in COLOURS}), self.fragments()
        assert len(self.bot.hold) < self.bot.capacity
        assert len(self.bot.completed) <= self.rules.settings.max_completed
        for blueprint in self.bot.row:
            assert not Counter(blueprint.covered) - Counter(blueprint.cost)
            assert not blueprint.complete or self.rules.finished(self.bot)
        for human in self.humans:
            assert len(human.hold) <= human.capacity
