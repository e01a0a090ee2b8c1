"""Aristeia! solo against the automaton, as one game script (`automa.engine.state`).

*Table*: you play your team with the real cards; the automaton's four characters (your
own character cards, each given a role card) follow its decks: each round its initiative card lays
out its Escaleta, each activation flips a tactics card, and the role card's steps ask a fact only
when a step needs it (where it stands: inside the zone, one Move away or farther, in one question;
is an enemy in sight and range…). You roll its dice; you report which of its characters you sent to
the Infirmary, once for your Activations in a row (before its next Activation or the round's
points), and the round's Victory Points. *Simulated*: the same script plays both teams on the
abstract HexaDome of `automa.games.aristeia.rules`, with model characters (prototype); your
activations are a modelled player's plans (`PLAYER`: greedy or competent).

The game is composed of layers, each a module of one part of it: `board` (the teams and
decks), `speech` (its words), `asks` (the questions at the table), `combat`, `activation`
and `rounds`; this module plays the match.
"""

from __future__ import annotations

from starpress.automa.deck.program import DeckGame
from starpress.automa.deck.program import new_program as deck_program
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import level_of
from starpress.automa.engine.state import Ending, Say, Script, Start, TieBreak, rounds_pad
from starpress.automa.games.aristeia.prepared import Prepared
from starpress.automa.games.aristeia.rounds import Rounds
from starpress.automa.games.aristeia.rules import (
    BOT,
    ROLES,
    RULE_END,
    RULE_PLANNING,
    RULE_SETUP,
    YOU,
)


class AristeiaGame(Rounds):
    """One solo game of Aristeia! against the automaton (a `Program` of
    `automa.engine.state`): the rounds, from the setup to the points."""

    def play(self) -> Script:
        yield Say("start", (), {"seed": self.seed, "level": self.level_name, "mode": self.mode})
        yield Say("roles_dealt", (RULE_SETUP,))
        yield from self.setup()
        yours = sorted(ROLES, key=lambda role: -self.printed[role])  # the modelled Escaleta
        while not self.over and self.round < self.p.rounds:
            self.round += 1
            yield Say("round", (), {"round": self.round})
            number = yield from self.flip("initiative")
            order = self.p.initiative[number]
            yield Say("escaleta", (RULE_PLANNING,), {"card": number, "order": order})
            for turn, (its, mine) in enumerate(zip(order, yours, strict=True), 1):
                yield from self.turn(turn, its, mine)
            yield from self.objectives()
            if not self.over:
                yield from self.recovery()
        return dict(self.points)

    def ending(self, scores: dict[str, int]) -> Ending:
        """The most Victory Points win; a tie goes to the more Frags (aristeia.rules.match).
        The score pad is the rounds' Victory Points, as the Objectives Phase of each gave
        them (aristeia.rules.round.objectives): all known, nothing is asked."""
        scored = [{side: got[side] for side in (YOU, BOT)} for got in self.scored_by_round]
        rounds, parts = rounds_pad(scored, lambda n: self.voice("pad_round", round=n))
        frags = TieBreak("frags", dict(self.frags))
        return Ending(RULE_END, (YOU, BOT), scores, (frags,), pad=rounds, parts=parts)


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> AristeiaGame | DeckGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data); the standard library only, so it runs in the browser too. At the
    table the automaton is played from its deck in the automaton language when the content
    has one (`automa.deck`); this module's script plays simulated games (and is the
    reference the deck is tested against: tests/test_automa_deck_aristeia.py)."""
    if start.mode == "table" and prepared.deck is not None:
        return deck_program(prepared.deck, start, voice)
    return script_program(prepared, start, voice)


def script_program(prepared: Prepared, start: Start, voice: Speaker) -> AristeiaGame:
    """This module's script, in either mode (at the table: the deck's reference)."""
    level = level_of(start, prepared.levels)
    return AristeiaGame(prepared, start.mode, level, start.seed, voice)
