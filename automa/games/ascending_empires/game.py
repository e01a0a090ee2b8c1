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

The game is composed of layers, each a module of one part of it: `board` (the pieces),
`speech` (its words), `asks` (the questions at the table), `moves` (a ship's move and its
attacks), `actions` (a card's other actions) and `turns`; this module plays the rounds.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from starpress.automa.engine.pad import pad_lines
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import level_of
from starpress.automa.engine.state import (
    HUMAN,
    SHARED,
    Chance,
    Ending,
    Say,
    Script,
    Start,
    TieBreak,
)
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.games.ascending_empires.prepared import Prepared
from starpress.automa.games.ascending_empires.rules import (
    RULE_END,
    RULE_SCORING,
    RULE_SETUP,
    RULE_WINNER,
    Planet,
    final_score,
    quadrant_of,
    score_parts,
)
from starpress.automa.games.ascending_empires.turns import Turns


class EmpiresGame(Turns):
    """One game of Ascending Empires against the automata (a `Program` of
    `automa.engine.state`): the rounds, from the setup to the scores."""

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
        parts: dict[str, dict[str, int]] = {
            who: score_parts(e, self.planets) for who, e in known.items()
        }
        if HUMAN in self.empires:  # the VP tokens you reported taking during the game
            parts[HUMAN] = {"tokens": self.empires[HUMAN].tokens}
        return Ending(
            RULE_WINNER,
            tuple(self.order),
            scores,
            (
                TieBreak("tokens", {who: e.tokens for who, e in known.items()}, line="tokens"),
                TieBreak("techs", {who: e.techs for who, e in known.items()}),
            ),
            SHARED,
            pad=pad_lines(self.p.pad, self.voice),
            parts=parts,
        )


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> EmpiresGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data; one automaton unless told); runs in the browser too."""
    level = level_of(start, prepared.levels)
    automata = int(start.params.get("automata") or 1)
    return EmpiresGame(prepared, start.mode, level, automata, start.seed, voice)
