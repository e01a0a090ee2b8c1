"""A round of a game of Aristeia!: the setup's Underdog, the automaton's decks flipped, each
Turn's Initiative, the objectives and the recovery (aristeia.rules.round). A layer of
`AristeiaGame`."""

from __future__ import annotations

from starpress.automa.engine.state import Chance, Say
from starpress.automa.games.aristeia.activation import Activation
from starpress.automa.games.aristeia.board import Steps
from starpress.automa.games.aristeia.rules import (
    BOT,
    ROLES,
    RULE_END,
    RULE_MODEL,
    RULE_OBJECTIVES,
    RULE_RECOVERY,
    RULE_TURNS,
    RULE_UNDERDOG,
    YOU,
    first_to_act,
    next_underdog,
    zone_points,
)


class Rounds(Activation):
    """What frames the activations of a round."""

    def setup(self) -> Steps:
        """aristeia.rules.setup step 6 with aristeia.rules.solo.setup: the Underdog."""
        if self.table:
            printed = yield self.ask("roles", "ask_roles", {}, self.numbers(4, 4, 0, 12))
            self.printed = dict(zip(ROLES, printed, strict=True))
            yours = yield self.ask("your_sum", "ask_your_sum", {}, self.numbers(1, 1, 0, 48))
            your_sum = yours[0]
        else:
            your_sum = sum(self.p.stats[role].initiative for role in ROLES)
        its = sum(self.printed.values())
        if your_sum == its:
            self.underdog = yield Chance(
                "underdog", lambda: (YOU, BOT)[self.streams["setup"].below(2)]
            )
            yield Say("underdog_draw", (RULE_UNDERDOG,), {"who": self.underdog})
        else:
            self.underdog = YOU if your_sum < its else BOT
        yield Say("underdog", (RULE_UNDERDOG,), {"who": self.underdog, "you": your_sum, "bot": its})

    def turn(self, turn: int, role: str, mine: str) -> Steps:
        """aristeia.rules.round.turns: Initiative, then both activations."""
        its = self.printed[role]
        if self.table:
            values = {"role": role, "printed": its}
            answer = yield self.ask(
                "initiative", "ask_initiative", values, self.numbers(1, 2, 0, 12)
            )
            yours, its = answer[0], answer[-1] if len(answer) > 1 else its
        else:
            yours = self.printed[mine]
        yield Say("turn", (RULE_TURNS,), {"turn": turn, "you": yours, "role": role, "bot": its})
        first = first_to_act(yours, its, self.underdog)
        rules = (RULE_TURNS, RULE_UNDERDOG) if yours == its else (RULE_TURNS,)
        yield Say("first_you" if first == YOU else "first_bot", rules)
        for side in (first, BOT if first == YOU else YOU):
            yield from (self.bot_activation(role) if side == BOT else self.your_activation(mine))

    def objectives(self) -> Steps:
        """aristeia.rules.round.objectives: points, the end, the Underdog."""
        if self.table:
            yield from self.infirmary_news()  # the round's last Activations, before its points
            got = yield self.ask("points", "ask_points", {}, self.numbers(2, 2, 0, 20))
            scored = {YOU: got[0], BOT: got[1]}
        else:  # the model scenario: the zone and the round's Frags (aristeia.rules.solo.model)
            inside = {
                s: sum(f.on_board and f.dist == 0 for f in t.values()) for s, t in self.team.items()
            }
            zone = zone_points(inside)
            scored = {side: zone[side] + self.round_frags[side] for side in (YOU, BOT)}
        for side in (YOU, BOT):
            self.points[side] += scored[side]
        self.scored_by_round.append(scored)
        values = {"round": self.round, "you": scored[YOU], "bot": scored[BOT],
                  "total_you": self.points[YOU], "total_bot": self.points[BOT]}  # fmt: skip
        rules = (RULE_OBJECTIVES,) if self.table else (RULE_OBJECTIVES, RULE_MODEL)
        yield Say("objectives", rules, values)
        self.scored = scored[YOU] > 0
        if max(self.points.values()) >= self.p.win_points:
            self.over = True
            yield Say("won_points", (RULE_END,), {"points": self.p.win_points})
            return
        self.underdog = next_underdog(self.points, self.underdog)
        yield Say("underdog_passes", (RULE_UNDERDOG,), {"who": self.underdog})

    def recovery(self) -> Steps:
        """aristeia.rules.round.recovery: the Infirmary to the bench; you draw Tactics."""
        for team in self.team.values():
            for fighter in team.values():
                if fighter.where == "infirmary":
                    fighter.where = "bench"
        draw = 1 + self.scored
        self.hand += draw
        self.round_frags = {YOU: 0, BOT: 0}
        yield Say("recovery", (RULE_RECOVERY,), {"draw": draw})
