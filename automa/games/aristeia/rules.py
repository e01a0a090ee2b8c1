"""Aristeia! as a model for the solo automaton: the abstract HexaDome of the simulation, the
dice as printed in the kit, and the automaton's decisions as pure functions.

The real rules are `aristeia.rules.*` (content/aristeia/rules.yaml); the automaton's design is
`aristeia.rules.solo.*` (our prototype). The characters' cards are not in our sources, so the
simulation plays model characters (automa.yaml `models`, prototype) on a zone-control model: each
character stands some hexes from the Scoring Zone, two characters are as far apart as the sum of
their distances (both inside: in contact), and line of sight beyond contact is a chance (`sight`).
Nothing here asks, draws or prints: `automa.games.aristeia.game` runs the rounds, at the
table or simulated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

BOT, YOU = "automaton", "player"

RULE_SETUP = "aristeia.rules.solo.setup"
RULE_PLANNING = "aristeia.rules.solo.planning"
RULE_ACTIVATION = "aristeia.rules.solo.activation"
RULE_ROLES = "aristeia.rules.solo.roles"
ROLES: tuple[str, ...] = ("holder", "hunter", "support", "controller")
"""The four Role cards, in their printed order (1 Zone Holder … 4 Controller)."""
RULE_TACTICS = "aristeia.rules.solo.tactics"
RULE_TABLE = "aristeia.rules.solo.table"
RULE_LEVELS = "aristeia.rules.solo.levels"
RULE_MODEL = "aristeia.rules.solo.model"
RULE_END = "aristeia.rules.solo.end"
RULE_UNDERDOG = "aristeia.rules.underdog"
RULE_TURNS = "aristeia.rules.round.turns"
RULE_OBJECTIVES = "aristeia.rules.round.objectives"
RULE_RECOVERY = "aristeia.rules.round.recovery"
RULE_SEQUENCE = "aristeia.rules.actions.sequence"
RULE_MOVE = "aristeia.rules.actions.move"
RULE_COMBAT = "aristeia.rules.rolls.combat"
RULE_INFIRMARY = "aristeia.rules.attacks.infirmary"
RULE_PREPARATION = "aristeia.rules.activation.preparation"
RULE_STATES = "aristeia.rules.states"

PLACES: tuple[str, ...] = ("inside", "near", "far")
"""Where a character stands, asked at the table in one question (the zone step's two facts):
inside the Scoring Zone; outside, one Move it can pay for away; outside, farther."""

HIT, BLOCK, CRIT, CRIT_BLOCK = "hit", "block", "crit", "crit-block"


# -- dice (the faces printed in the kit, aristeia.component.die-*) --------------------------

Face = tuple[int, int, int]  # hits, blocks, crits (a crit-block left unused is a block)


def read_face(text: str) -> Face:
    """One printed face (':hit: :special: (…)') as its hits, blocks and crits."""
    icons = re.findall(r":([a-z-]+):", text)
    return (
        icons.count(HIT),
        icons.count(BLOCK) + icons.count(CRIT_BLOCK),
        icons.count(CRIT),
    )


def total(faces: Sequence[Face]) -> Face:
    return (sum(f[0] for f in faces), sum(f[1] for f in faces), sum(f[2] for f in faces))


def damage(attack: Face, defence: Face, extra_hits: int = 0, extra_blocks: int = 0) -> int:
    """Damage one side of a face-to-face roll deals (aristeia.rules.rolls.face-to-face): its
    hits beyond the other's blocks, plus its crits, which no block cancels."""
    return max(0, attack[0] + extra_hits - defence[1] - extra_blocks) + attack[2]


# -- the characters on the abstract HexaDome (simulation) -----------------------------------


@dataclass(frozen=True, slots=True)
class Stats:
    """A model character's card (prototype)."""

    name: str
    initiative: int
    energy: int
    speed: int
    wounds: int
    attack: tuple[str, ...]
    reach: tuple[int, int]
    defence: tuple[str, ...]
    attack_cost: int
    special: str
    special_cost: int


@dataclass(slots=True)
class Fighter:
    side: str
    role: str
    stats: Stats
    dist: int  # hexes from the Scoring Zone (0: inside)
    damage: int = 0
    where: str = "board"  # board, infirmary, bench
    guard: int = 0  # extra blocks until its next activation (the holder's special)
    ap: int = 0

    @property
    def on_board(self) -> bool:
        return self.where == "board"

    @property
    def left(self) -> int:
        return self.stats.wounds - self.damage


def distance(a: Fighter, b: Fighter) -> int:
    """Hexes between two characters of the model: both inside the zone, in contact; else
    the way through the zone."""
    return max(1, a.dist + b.dist)


def in_reach(a: Fighter, b: Fighter, moved: int = 0) -> bool:
    low, high = a.stats.reach
    return low <= max(1, distance(a, b) - moved) <= high


# -- the automaton's decisions (pure functions) ---------------------------------------------

FACT = {"zone": "reach_zone", "attack": "target", "hunt": "reach_target", "special": "trigger"}
"""What a step needs to know besides `in_zone` (aristeia.rules.solo.activation)."""


def needed(step: str, facts: Mapping[str, bool]) -> str | None:
    """The fact to ask (or compute) before `step` can be decided, None: it can be."""
    if step in ("zone", "advance") and "in_zone" not in facts:
        return "in_zone"
    if step == "advance" or (step == "zone" and facts["in_zone"]):
        return None
    if step == "hunt" and "target" not in facts:
        return "target"
    if step == "hunt" and facts["target"]:
        return None
    fact = FACT[step]
    return None if fact in facts else fact


def applies(step: str, facts: Mapping[str, bool]) -> bool:
    """Whether the role card's `step` is done (aristeia.rules.solo.roles): enter the zone
    if it is outside and can; attack if a target is in sight and range; close in if none is
    but one Move brings one; its special if the trigger holds; else walk to the zone."""
    if step == "zone":
        return not facts["in_zone"] and facts["reach_zone"]
    if step == "advance":
        return not facts["in_zone"]
    if step == "hunt":
        return not facts["target"] and facts["reach_target"]
    return facts[FACT[step]]


def after(step: str, facts: Mapping[str, bool]) -> dict[str, bool]:
    """What is still known once `step` is done: a move changes where it stands and what it
    sees (entering the zone: it is inside; closing in: a target is in sight); an attack or
    a special spends Action Points, so whether it can do another is asked again."""
    if step == "zone":
        return {"in_zone": True}
    if step == "hunt":
        return {"target": True}
    if step == "advance":
        return {}
    known = dict(facts)
    known.pop(FACT[step], None)
    return known


def focus_key(focus: str, attacker: Fighter, enemy: Fighter) -> tuple[int, ...]:
    """How the tactics card's focus ranks the enemies it may target (lowest first); ties go
    to the nearest, then to the enemy with the fewest wounds left."""
    near, weak = distance(attacker, enemy), enemy.left
    if focus == "weakest":
        return (weak, near)
    if focus == "zone":
        return (0 if enemy.dist == 0 else 1, near, weak)
    if focus == "threat":
        return (-len(enemy.stats.attack), near, weak)
    return (near, weak)


def choose_target(focus: str, attacker: Fighter, enemies: Sequence[Fighter]) -> Fighter | None:
    if not enemies:
        return None
    return min(enemies, key=lambda enemy: focus_key(focus, attacker, enemy))


def first_to_act(yours: int, its: int, underdog: str) -> str:
    """aristeia.rules.round.turns: the higher Initiative chooses, the Underdog breaks a tie;
    whoever chooses (the automaton always, the modelled player too) goes first."""
    if yours != its:
        return YOU if yours > its else BOT
    return underdog


def next_underdog(points: Mapping[str, int], holder: str) -> str:
    """aristeia.rules.round.objectives: to the fewer Victory Points; a tie changes hands."""
    if points[YOU] != points[BOT]:
        return YOU if points[YOU] < points[BOT] else BOT
    return YOU if holder == BOT else BOT


def zone_points(inside: Mapping[str, int]) -> dict[str, int]:
    """The model scenario (prototype, aristeia.rules.solo.model): more characters inside
    the Scoring Zone, 2 VP; as many (at least one each), 1 VP each."""
    you, bot = inside[YOU], inside[BOT]
    if you == bot:
        return {YOU: int(you > 0), BOT: int(bot > 0)}
    return {YOU: 2 * (you > bot), BOT: 2 * (bot > you)}
