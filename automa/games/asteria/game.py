"""Asteria solo against the automaton, as one game script (`automa.engine.state`).

*Table*: you play your turns with the real cards; after each one the program asks what
touched the automaton (conflicts you started, planets you revealed, its cards or resources
you took, your achievements), and on its turns it asks only what it cannot see: your
markers, the decision card flipped, the cards dealt to it, the planets revealed, your
conflict totals. *Simulated*: the same script plays both sides on a full model of Asteria
(`automa.games.asteria.rules`): your turns are a modelled player's choices (`PLAYER`; greedy or
competent, `automa.games.asteria.players`), the decks are shuffled by the program.

The game is composed of layers, each a module of one part of it: `board` (the pieces and
decks), `speech` (its words), `asks` (the questions at the table), `moves` (what both turns
share), `conflicts` (stage 3), `your_turn` and `bot_turn`; this module plays the rounds.
"""

from __future__ import annotations

import functools

from starpress.automa.engine.answers import Line
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import level_of
from starpress.automa.engine.state import Chance, Ending, Say, Script, Start
from starpress.automa.games.asteria.board import Steps
from starpress.automa.games.asteria.bot_turn import BotTurn
from starpress.automa.games.asteria.prepared import Prepared
from starpress.automa.games.asteria.rules import (
    BOT,
    HAND,
    POINTS,
    RULE_END,
    RULE_SETUP,
    UNSEEN,
    YOU,
)
from starpress.automa.games.asteria.your_turn import YourTurn


class AsteriaGame(YourTurn, BotTurn):
    """One solo game of Asteria against the automaton (a `Program` of
    `automa.engine.state`): the rounds, from the setup to the winner."""

    def play(self) -> Script:
        yield Say("start", (), {"seed": self.seed, "level": self.level_name, "mode": self.mode})
        if not self.table:
            decks = yield Chance("decks", self.shuffle_decks)
            self.action_deck, self.planet_deck = list(decks[0]), list(decks[1])
            self.decision_deck = list(decks[2])
        self.first = yield Chance("first", lambda: (YOU, BOT)[self.streams["first"].below(2)])
        yield Say("first", (RULE_SETUP,), {"who": self.first})
        yield from self.setup()
        other = BOT if self.first == YOU else YOU
        while self.winner is None and self.round < self.p.round_limit:
            self.round += 1
            for who in (self.first, other):
                yield from (self.your_turn() if who == YOU else self.bot_turn())
                if self.winner is not None:
                    break
        if self.winner is None:  # asteria.rules.solo.end: the clock ran out
            you, bot = self.sides[YOU].points, self.sides[BOT].points
            self.winner = YOU if you > bot else BOT
            yield Say("clock", (RULE_END,), {"rounds": self.p.round_limit, "you": you, "bot": bot})
        return {BOT: self.sides[BOT].points, YOU: self.sides[YOU].points}

    def ending(self, scores: dict[str, int]) -> Ending:
        """The winner is whoever reached 3 points first, the player whose turn it is having
        priority, or with the clock run out the more points (asteria.rules.solo.end): the
        game decided it. The score pad is each side's Achievements (asteria.rules.objective),
        all known (you reported yours)."""
        lines = tuple(
            Line(name, self.voice(f"achievement_{name}"), 0, points)
            for name, points in POINTS.items()
        )
        parts = {
            who: {name: POINTS[name] for name in self.sides[who].achieved} for who in (YOU, BOT)
        }
        order = (self.first, BOT if self.first == YOU else YOU)
        return Ending(RULE_END, order, scores, pad=lines, parts=parts, winner=self.winner)

    def setup(self) -> Steps:
        """asteria.rules.setup and asteria.rules.solo.setup."""
        for _ in range(2):
            yield from self.reveal(None)
        bot = self.sides[BOT]
        if self.table:
            row = yield self.ask("row", "ask_row", {"count": HAND}, self.cards("action", many=True),
                                 functools.partial(self.check_actions, HAND))  # fmt: skip
            bot.hand = list(row)  # a copy: the logged answer must stay as it was typed
            bot.planets = [UNSEEN]  # face down: its mark is asked when a conflict needs it
        else:
            you = self.sides[YOU]
            you.hand, you.planets = self.deal_actions(HAND), self.deal_planets(1)
            bot.hand, bot.planets = self.deal_actions(HAND), self.deal_planets(1)
        yield Say("row", (RULE_SETUP,), {"cards": list(bot.hand)})


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> AsteriaGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data); the standard library only, so it runs in the browser too."""
    level = level_of(start, prepared.levels)
    return AsteriaGame(prepared, start.mode, level, start.seed, voice)
