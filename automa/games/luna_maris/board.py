"""What a game of Luna Maris against the automaton holds: the automaton, the shared model,
the round cards drawn, and the automaton's invariants. The lowest layer of `LunaMarisGame`
(`automa.games.luna_maris.game`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from starpress.automa.engine.prng import Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import Decision, Say
from starpress.automa.games.luna_maris.model import SharedModel
from starpress.automa.games.luna_maris.prepared import Prepared, Speech
from starpress.automa.games.luna_maris.rules import Automaton, Verbs

OPPONENTS = ("simple", "greedy")
"""The modelled human of a simulated game (`opponent`): random (a Chance), or greedy."""
OPPONENT = "opponent"
"""The player id of the greedy modelled human (the person pressing Enter is `HUMAN`)."""
Steps = Generator[Decision | Say, Any, Any]
"""A part of the game script (yields decisions and messages, returns its result)."""


class Pieces:
    """One game's automaton and shared board, without its rounds."""

    def __init__(
        self,
        prepared: Prepared,
        mode: str,
        level: str,
        seed: int,
        voice: Speaker,
        speech: Speech | None = None,
        opponent: str = "simple",
    ) -> None:
        self.mode = mode
        self.opponent = opponent
        self.level = level
        self.seed = seed
        self.voice = voice
        self.cards = prepared.cards
        self.module_of = prepared.module_of
        self.levels = prepared.levels
        self.verbs = Verbs(prepared.settings)
        self.streams = Streams(seed)
        start = prepared.start
        self.bot = Automaton(
            probes=start.get("probes", 3), water=start.get("water", 2), trash=start.get("trash", 1)
        )
        self.model = SharedModel(prepared.decks, self.streams)
        self.pad = prepared.pad
        self.final_parts: dict[str, int] = {}  # the automaton's final score by part
        self.human_food = ((0, 0), (0, 0))  # (yours, its) food variety, then nutrition
        speech = speech or Speech()
        self.module_name = speech.module_name
        self.step_text = (
            speech.step_text
        )  # the round card's printed step, in the session's language
        self.name = speech.name
        self.card_book = speech.cards

    def draw_cards(self, pool: list[str]) -> list[str]:
        """5 round cards from the level's pool (luna-maris.rules.solo.automaton.levels)."""
        cards = sorted(pool)
        self.streams["ai-cards"].shuffle(cards)
        return cards[:5]

    def status(self) -> list[Say]:
        bot = self.bot
        values = {
            "vp": bot.vp,
            "iron": bot.iron,
            "titanium": bot.titanium,
            "helium": bot.helium,
            "water": bot.water,
            "trash": bot.trash,
            "probes": bot.probes,
            "food": len(bot.food),
            "scientists": len(bot.scientists),
            "demands": len(bot.demands),
        }
        return [Say("status", (), values)]

    def check(self) -> None:
        """The automaton's invariants; an AssertionError names the one broken."""
        bot = self.bot
        assert bot.probes + bot.placed == 3, (bot.probes, bot.placed)
        assert min(bot.iron, bot.titanium, bot.helium, bot.water) >= 0, bot.stock()
        assert 0 <= bot.trash <= self.verbs.settings.trash_capacity, bot.trash
        assert bot.built <= len(self.verbs.settings.building_vp)
