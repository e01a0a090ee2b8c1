"""What a game of Asteria against the automaton holds: both sides, the open planets, the
decks (dealt and reshuffled when simulated), the round, and the model's invariants. The
lowest layer of `AsteriaGame` (`automa.games.asteria.game`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.engine.state import Say
from starpress.automa.games.asteria.prepared import Prepared
from starpress.automa.games.asteria.rules import (
    AREA_EXPAND,
    BOT,
    MAX_OPEN,
    POINTS,
    YOU,
    Planet,
    Side,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.asteria.data import AsteriaLevel


RULE_REVEAL = "asteria.rules.concepts.planet-cards"
PLAYER = "player"
"""The modelled player of a simulated game (the person at the table is `HUMAN`)."""
Steps = Generator[Pending | Say, Any, Any]
REPORTS = ("conflict", "planet", "removed", "lost", "achievement")
"""What you report after your turn at the table, by number (asteria.rules.solo.table)."""
CLAIMABLE = ("exploration", "technology", "economic")


class Board(SoloGame[Prepared]):
    """One game's pieces and decks (asteria.rules.setup), without its turns."""

    level: AsteriaLevel

    def __init__(
        self, prepared: Prepared, mode: str, level: str, seed: int, voice: Speaker
    ) -> None:
        super().__init__(prepared, mode, level, seed, voice)
        self.sides = {YOU: Side(), BOT: Side()}
        self.open: list[Planet] = []
        self.action_deck: list[int] = []
        self.action_discard: list[int] = []
        self.planet_deck: list[int] = []
        self.planet_discard: list[int] = []
        self.decision_deck: list[int] = []
        self.round = 0
        self.first = YOU
        self.played: set[int] = set()  # planets (by card) played on this turn
        self.winner: str | None = None

    def shuffle_decks(self) -> list[list[int]]:
        actions, planets = sorted(self.p.actions), sorted(self.p.planets)
        self.streams["actions"].shuffle(actions)
        self.streams["planets"].shuffle(planets)
        return [actions, planets, self.shuffle_decisions()]

    def shuffle_decisions(self) -> list[int]:
        order = sorted(self.p.decisions)
        self.streams["decisions"].shuffle(order)
        return order

    def deal_actions(self, count: int) -> list[int]:
        """Action cards from the deck; an empty deck is the discard pile shuffled
        (asteria.rules.turn.conflict-maintenance.maintenance). Simulated only; a reshuffle
        uses a PRNG stream of its own that no chance node draws from, so a replay (which
        draws no chance) shuffles the same way."""
        return self.deal(self.action_deck, self.action_discard, "reshuffle-actions", count)

    def deal_planets(self, count: int) -> list[int]:
        """Planet cards from the deck; an empty deck is its discard pile shuffled (our
        ruling, asteria.rules.solo.setup); with neither, nothing."""
        return self.deal(self.planet_deck, self.planet_discard, "reshuffle-planets", count)

    def deal(self, deck: list[int], discard: list[int], stream: str, count: int) -> list[int]:
        """Up to `count` cards from the top of `deck` (changed in place), its `discard`
        shuffled into it by `stream` whenever it runs out."""
        dealt = []
        for _ in range(count):
            if not deck and discard:
                deck[:], discard[:] = discard, []
                self.streams[stream].shuffle(deck)
            if deck:
                dealt.append(deck.pop())
        return dealt

    def remove_bot_card(self, number: int) -> None:
        """One of its cards destroyed on a planet or discarded from its row."""
        bot = self.sides[BOT]
        if number in bot.hand:
            bot.hand.remove(number)
        for planet in self.open:
            planet.cards[BOT] = [(n, a) for n, a in planet.cards[BOT] if n != number]
        self.action_discard.append(number)

    def in_play(self, number: int) -> bool:
        bot = self.sides[BOT]
        return number in bot.hand or any(number == n for p in self.open for n, _a in p.cards[BOT])

    def any_in_play(self) -> bool:
        """Whether the automaton has a card in its row or played at a planet."""
        return bool(self.sides[BOT].hand) or any(p.cards[BOT] for p in self.open)

    def check(self) -> None:
        """The model's invariants; an AssertionError names the one broken."""
        assert len(self.open) <= MAX_OPEN, self.open
        for who, side in self.sides.items():
            assert 0 <= side.energy <= 12 and 0 <= side.ore <= 12, (who, side)
            assert len(side.area) <= AREA_EXPAND, (who, side.area)
            assert len(set(side.achieved)) == len(side.achieved), side.achieved
            assert side.points == sum(POINTS[a] for a in side.achieved)
            assert sum(1 for p in self.open if p.marker[who] is not None) <= 3
        for planet in self.open:
            mine, yours = planet.marker[BOT], planet.marker[YOU]
            assert mine is None or yours is None or yours < mine, planet
        if not self.table:
            seen = [*self.action_deck, *self.action_discard]
            for side in self.sides.values():
                seen += side.hand + side.area
            seen += [n for p in self.open for who in (YOU, BOT) for n, _a in p.cards[who]]
            assert sorted(seen) == sorted(self.p.actions), "an Action card is lost or doubled"
            planets = [*self.planet_deck, *self.planet_discard, *(p.card for p in self.open)]
            for side in self.sides.values():
                planets += side.planets + side.dominated
            assert sorted(planets) == sorted(self.p.planets), "a Planet card is lost or doubled"
