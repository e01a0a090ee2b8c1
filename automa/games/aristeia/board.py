"""What a game of Aristeia! against the automaton holds: both teams, the automaton's decks,
points, Frags and the Underdog, and the model's invariants. The lowest layer of
`AristeiaGame` (`automa.games.aristeia.game`)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.engine.state import Say
from starpress.automa.games.aristeia.prepared import Prepared
from starpress.automa.games.aristeia.rules import (
    BOT,
    ROLES,
    RULE_COMBAT,
    RULE_MOVE,
    RULE_ROLES,
    RULE_SEQUENCE,
    YOU,
    Fighter,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.aristeia.data import AristeiaLevel


PLAYER = YOU
"""The modelled player of a simulated game (the person at the table is `HUMAN`)."""
FOCI = ("nearest", "weakest", "zone", "threat")
PLANS = tuple(f"{role}:{focus}" for role in ROLES for focus in FOCI)
"""A modelled player's activation: which role card's steps it follows, with which focus."""
Steps = Generator[Pending | Say, Any, Any]
MOVES = (RULE_ROLES, RULE_SEQUENCE, RULE_MOVE)
STEP_RULES = {
    "zone": MOVES, "hunt": MOVES, "advance": MOVES,
    "attack": (RULE_ROLES, RULE_SEQUENCE, RULE_COMBAT),
    "special": (RULE_ROLES, RULE_SEQUENCE),
}  # fmt: skip
"""The rules each step of a role card follows."""


class Board(SoloGame[Prepared]):
    """One game's teams and decks, without its rounds."""

    level: AristeiaLevel

    def __init__(
        self, prepared: Prepared, mode: str, level: str, seed: int, voice: Speaker
    ) -> None:
        super().__init__(prepared, mode, level, seed, voice)
        deploy = prepared.model.deploy
        self.team = {
            side: {role: Fighter(side, role, prepared.stats[role], deploy) for role in ROLES}
            for side in (YOU, BOT)
        }
        self.printed = {role: prepared.stats[role].initiative for role in ROLES}
        self.decks = {
            "initiative": sorted(prepared.initiative),
            "tactics": sorted(prepared.tactics),
        }
        self.points = {YOU: 0, BOT: 0}
        self.scored_by_round: list[dict[str, int]] = []  # each round's points (the score pad)
        self.frags = {YOU: 0, BOT: 0}
        self.round_frags = {YOU: 0, BOT: 0}
        self.hand = prepared.model.start_hand  # the modelled player's Tactics
        self.underdog = YOU
        self.round = 0
        self.over = False
        self.acting: Fighter | None = None  # the modelled player's character deciding
        self.visible: list[Fighter] = []
        self.unasked = False  # at the table: your Activation played, the Infirmary not asked since

    def enemies(self, f: Fighter) -> list[Fighter]:
        other = BOT if f.side == YOU else YOU
        return [e for e in self.team[other].values() if e.on_board]

    def allies(self, f: Fighter) -> list[Fighter]:
        return [a for a in self.team[f.side].values() if a.on_board]

    def label(self, f: Fighter) -> str:
        return f"{f.side}:{f.role}"

    def check(self) -> None:
        """The model's invariants; an AssertionError names the one broken."""
        assert self.underdog in (YOU, BOT)
        assert 0 <= self.round <= self.p.rounds
        assert self.hand >= 0
        for side in (YOU, BOT):
            assert self.points[side] >= 0 and self.frags[side] >= 0
        for deck, full in (("initiative", self.p.initiative), ("tactics", self.p.tactics)):
            assert self.decks[deck] and set(self.decks[deck]) <= set(full), deck
        if self.table:
            return
        for side, team in self.team.items():
            out = sum(f.where != "board" for f in self.team[side].values())
            assert out <= self.frags[BOT if side == YOU else YOU], side  # each one out is a Frag
            for f in team.values():
                assert f.where in ("board", "infirmary", "bench"), f
                assert 0 <= f.damage < f.stats.wounds, f
                assert 0 <= f.dist <= self.p.model.deploy and f.ap >= 0, f
                assert f.where == "board" or f.damage == 0, f
