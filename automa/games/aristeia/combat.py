"""Fights on the model's HexaDome in a game of Aristeia!: who a character sees, its special
Action, a combat roll and the Infirmary (aristeia.rules.rolls, aristeia.rules.attacks). A
layer of `AristeiaGame`."""

from __future__ import annotations

from starpress.automa.engine.state import Chance, Say
from starpress.automa.games.aristeia.asks import Questions
from starpress.automa.games.aristeia.board import Steps
from starpress.automa.games.aristeia.rules import (
    ROLES,
    RULE_COMBAT,
    RULE_INFIRMARY,
    RULE_STATES,
    YOU,
    Fighter,
    choose_target,
    damage,
    distance,
    in_reach,
    total,
)


class Combat(Questions):
    """Sight, specials, attacks and knocks, for either team."""

    def sight(self, f: Fighter) -> Steps:
        """Which enemies in its range it sees: in contact always, farther with the model's
        chance (aristeia.rules.solo.model)."""
        near = [e for e in self.enemies(f) if in_reach(f, e)]
        if any(distance(f, e) > 1 for e in near):
            chance = round(self.p.model.sight * 100)
            stream = self.streams["sight"]
            seen = yield Chance(
                "sight",
                lambda: [e.role for e in near if distance(f, e) == 1 or stream.below(100) < chance],
            )
        else:
            seen = [e.role for e in near]
        self.visible = [e for e in near if e.role in seen]

    def trigger(self, f: Fighter) -> Fighter | None:
        """The model's specials (prototype): the one it acts on, None: no trigger."""
        kind = f.stats.special
        if kind == "guard":
            return f if f.dist == 0 and any(e.dist == 0 for e in self.enemies(f)) else None
        if kind == "heal":
            hurt = [a for a in self.allies(f) if a.damage >= 2 and distance(f, a) <= 3]
            return max(hurt, key=lambda a: (a.damage, -ROLES.index(a.role)), default=None)
        if kind == "push":
            inside = [e for e in self.enemies(f) if e.dist == 0 and distance(f, e) <= 3]
            return choose_target("zone", f, inside)
        hurt = [e for e in self.enemies(f) if e.damage > 0 and in_reach(f, e)]  # pounce
        return choose_target("weakest", f, hurt)

    def special(self, f: Fighter) -> Steps:
        other = self.trigger(f)
        if other is None:
            return
        kind = f.stats.special
        if kind == "guard":
            f.guard = 1
            yield Say("guarded", (RULE_STATES,), {"role": self.label(f)})
        elif kind == "heal":
            healed = min(2, other.damage)
            other.damage -= healed
            yield Say(
                "healed",
                (),
                {"role": self.label(f), "amount": healed, "target": self.label(other)},
            )
        elif kind == "push":
            other.dist = 2
            yield Say("pushed", (), {"role": self.label(f), "target": self.label(other)})
        else:
            yield from self.attack(f, other, 1)

    def attack(self, f: Fighter, target: Fighter, hits: int) -> Steps:
        """A combat roll of the model (aristeia.rules.rolls.face-to-face): the attack's
        dice against the defence's, each side's unblocked hits and crits are damage."""
        if f.side == YOU and self.hand:
            self.hand -= 1  # the model plays a Tactic as one more :hit: (README: the model)
            hits += 1
        dice = self.p.dice
        stream = self.streams["dice"]
        rolled = yield Chance(
            "roll",
            lambda: [
                [stream.below(6) for _ in f.stats.attack],
                [stream.below(6) for _ in target.stats.defence],
            ],
        )
        att = total([dice[c][face] for c, face in zip(f.stats.attack, rolled[0], strict=True)])
        dfn = total(
            [dice[c][face] for c, face in zip(target.stats.defence, rolled[1], strict=True)]
        )
        dealt = damage(att, dfn, hits, target.guard)
        taken = damage(dfn, att)
        target.damage = min(target.stats.wounds, target.damage + dealt)
        f.damage = min(f.stats.wounds, f.damage + taken)
        values = {
            "role": self.label(f),
            "target": self.label(target),
            "hits": dealt,
            "taken": taken,
        }
        yield Say("attacked", (RULE_COMBAT,), values)
        for hurt, by in ((target, f.side), (f, target.side)):
            if hurt.damage >= hurt.stats.wounds:
                yield from self.knock(hurt, by)

    def knock(self, hurt: Fighter, by: str) -> Steps:
        """aristeia.rules.attacks.infirmary: out of play, the rival gets a Frag (and a
        Tactic: the modelled player's hand)."""
        hurt.where, hurt.damage, hurt.guard, hurt.dist = "infirmary", 0, 0, self.p.model.deploy
        self.frags[by] += 1
        self.round_frags[by] += 1
        if by == YOU:
            self.hand += 1
        key = "knocked_you" if by == YOU else "knocked_bot"
        yield Say(key, (RULE_INFIRMARY,), {"role": hurt.role, "target": self.label(hurt)})
