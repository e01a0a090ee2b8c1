"""A character's activation in a game of Aristeia!: yours (reported at the table, or the
modelled player's plan), the automaton's by its tactics card and role card, step by step
(aristeia.rules.solo.activation). A layer of `AristeiaGame`."""

from __future__ import annotations

from collections.abc import Sequence

from starpress.automa.engine.answers import OneOf
from starpress.automa.engine.state import Ask, Say
from starpress.automa.games.aristeia.board import PLANS, PLAYER, STEP_RULES, Steps
from starpress.automa.games.aristeia.combat import Combat
from starpress.automa.games.aristeia.rules import (
    BOT,
    RULE_ACTIVATION,
    RULE_INFIRMARY,
    RULE_LEVELS,
    RULE_PREPARATION,
    RULE_TABLE,
    RULE_TACTICS,
    YOU,
    Fighter,
    after,
    applies,
    choose_target,
    in_reach,
    needed,
)


class Activation(Combat):
    """Both teams' activations."""

    def your_activation(self, role: str) -> Steps:
        if self.table:
            yield Say("your_activation", (RULE_TABLE,))
            self.unasked = True
            return
        fighter = self.team[YOU][role]
        if not (yield from self.prepare(fighter)):
            return
        self.acting = fighter
        plan = yield Ask(PLAYER, "plan", "ask_plan", {}, OneOf.actions(PLANS), PLANS)
        self.acting = None
        steps, focus = plan.split(":")
        yield Say("modelled", (), {"role": role, "plan": steps, "focus": focus})
        yield from self.activate(fighter, self.p.roles[steps], focus, "none", 0)

    def infirmary_news(self) -> Steps:
        """At the table, which of its Characters you sent to the Infirmary: asked when one
        of your Activations was played since it was last asked, and only before the answer
        counts (its next Activation, the round's end), so one question covers your
        Activations in a row."""
        if not (self.table and self.unasked):
            return
        self.unasked = False
        knocked = yield self.ask("knocked", "ask_knocked", {}, self.roles(), self.check_knocked)
        for hit in knocked:
            yield from self.knock(self.team[BOT][hit], YOU)

    def bot_activation(self, role: str) -> Steps:
        """aristeia.rules.solo.activation: flip a tactics card, then the role card's steps."""
        yield from self.infirmary_news()
        fighter = self.team[BOT][role]
        if not (yield from self.prepare(fighter)):
            return
        number = yield from self.flip("tactics")
        tactic = self.p.tactics[number]
        values = {"role": role, "card": number, "focus": tactic.focus, "bonus": tactic.bonus}
        rules = (RULE_ACTIVATION, RULE_TACTICS, *((RULE_LEVELS,) if self.level.extra_hit else ()))
        yield Say("activation", rules, values)
        yield from self.activate(
            fighter, self.p.roles[role], tactic.focus, tactic.bonus, self.level.extra_hit
        )
        yield Say("done", (RULE_ACTIVATION,), {"role": role})

    def prepare(self, fighter: Fighter) -> Steps:
        """aristeia.rules.activation.preparation: from the Infirmary nothing; from the bench
        it comes back into a deployment zone with -2 Energy. False: it does not act."""
        if fighter.where == "infirmary":
            if fighter.side == BOT:
                yield Say("in_infirmary", (RULE_INFIRMARY,), {"role": fighter.role})
            return False
        fighter.guard = 0
        fighter.ap = fighter.stats.energy
        if fighter.where == "bench":
            fighter.where, fighter.dist = "board", self.p.model.deploy
            fighter.ap = max(0, fighter.ap - 2)
            if fighter.side == BOT:
                yield Say("from_bench", (RULE_PREPARATION,), {"role": fighter.role})
        return True

    def activate(
        self, fighter: Fighter, steps: Sequence[str], focus: str, bonus: str, extra: int
    ) -> Steps:
        """The role card's steps in order, each once, asking a fact only when a step needs it
        (aristeia.rules.solo.roles)."""
        facts: dict[str, bool] = {}
        for step in steps:
            if not fighter.on_board:
                return  # the defence's hits sent it to the Infirmary
            while (need := needed(step, facts)) is not None:
                facts.update((yield from self.fact(fighter, need, bonus)))
            if applies(step, facts):
                yield from self.do(fighter, step, focus, bonus, extra)
                facts = after(step, facts)

    def fact(self, f: Fighter, need: str, bonus: str) -> Steps:
        """What `need` is (and what the same question told besides), as facts by name."""
        if self.table and need == "in_zone":  # where it stands: whether it is in, or one Move away
            place = yield self.ask("where", "ask_where", {"role": f.role}, self.places())
            return {"in_zone": True} if place == "inside" else {
                "in_zone": False, "reach_zone": place == "near"}  # fmt: skip
        if self.table:
            return {need: (yield self.ask(need, f"ask_{need}", {"role": f.role}, self.yes_no()))}
        return {need: (yield from self.computed(f, need, bonus))}

    def computed(self, f: Fighter, need: str, bonus: str) -> Steps:
        """A fact of a simulated game, from the model's HexaDome."""
        speed = f.stats.speed + (bonus == "move")
        enemies = self.enemies(f)
        if need == "in_zone":
            return f.dist == 0
        if need == "reach_zone":
            return f.ap >= 1 and f.dist <= speed
        if need == "reach_target":
            cost = 1 + f.stats.attack_cost
            return f.ap >= cost and any(in_reach(f, e, speed) for e in enemies)
        if need == "target":
            if f.ap < f.stats.attack_cost:
                return False
            yield from self.sight(f)
            return bool(self.visible)
        return f.ap >= f.stats.special_cost and self.trigger(f) is not None

    def do(self, f: Fighter, step: str, focus: str, bonus: str, extra: int) -> Steps:
        """One step: said at the table (you move and roll), played out when simulated."""
        if not self.table and step == "advance" and f.ap < 1:
            return  # it cannot pay a Move (aristeia.rules.solo.activation)
        hits = extra + (bonus == "hit")
        if f.side == BOT:
            yield Say(f"step_{step}", STEP_RULES[step], {"role": f.role, "hits": hits})
        if self.table:
            knocked = "ask_knocked_yours"
            if step == "attack" and (yield self.ask("knocked_yours", knocked, {}, self.yes_no())):
                self.frags[BOT] += 1
                self.round_frags[BOT] += 1
                yield Say("knocked_table", (RULE_INFIRMARY,))
            return
        speed = f.stats.speed + (bonus == "move")
        if step in ("zone", "hunt", "advance"):
            f.ap -= 1
            f.dist = 0 if step == "zone" else max(0, f.dist - speed)
            if step == "hunt":
                self.visible = [e for e in self.enemies(f) if in_reach(f, e)]
        elif step == "attack":
            f.ap -= f.stats.attack_cost
            target = choose_target(focus, f, [e for e in self.visible if e.on_board])
            if target is not None:
                yield from self.attack(f, target, hits)
        else:
            f.ap -= f.stats.special_cost
            yield from self.special(f)
