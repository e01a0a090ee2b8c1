"""Aristeia! solo against the automaton, as one game script (`automa.engine.state`).

*Table*: you play your team with the real cards; the automaton's four characters (your
own character cards, each given a role card) follow its decks: each round its initiative card lays
out its Escaleta, each activation flips a tactics card, and the role card's steps are asked one fact
at a time (is it inside the zone, is an enemy in sight and range…), only when a step needs it. You
roll its dice; you report which of its characters you sent to the Infirmary and the round's Victory
Points. *Simulated*: the same script plays both teams on the abstract HexaDome of
`automa.games.aristeia.rules`, with model characters (prototype); your activations are a
modelled player's plans (`PLAYER`: greedy or competent).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.answers import Answer, Choice, Number, OneOf, Refusal, Refused, Several
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame, level_of, source_text
from starpress.automa.engine.state import HUMAN, Ask, Chance, Ending, Say, Script, Start, TieBreak
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.games.aristeia.rules import (
    BOT,
    ROLES,
    RULE_ACTIVATION,
    RULE_COMBAT,
    RULE_END,
    RULE_INFIRMARY,
    RULE_LEVELS,
    RULE_MODEL,
    RULE_MOVE,
    RULE_OBJECTIVES,
    RULE_PLANNING,
    RULE_PREPARATION,
    RULE_RECOVERY,
    RULE_ROLES,
    RULE_SEQUENCE,
    RULE_SETUP,
    RULE_STATES,
    RULE_TABLE,
    RULE_TACTICS,
    RULE_TURNS,
    RULE_UNDERDOG,
    YOU,
    Face,
    Fighter,
    Stats,
    after,
    applies,
    choose_target,
    damage,
    distance,
    first_to_act,
    in_reach,
    needed,
    next_underdog,
    read_face,
    total,
    zone_points,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.aristeia.data import AristeiaLevel, AristeiaModel
    from starpress.automa.games.aristeia.data import AristeiaTactic as Tactic
    from starpress.core.model import Game

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


@dataclass(frozen=True)
class Prepared:
    """The automaton's data and the printed dice, read once from the content."""

    levels: dict[str, AristeiaLevel]
    rounds: int
    win_points: int
    roles: dict[str, tuple[str, ...]]
    initiative: dict[int, tuple[str, ...]]
    tactics: dict[int, Tactic]
    model: AristeiaModel
    stats: dict[str, Stats]
    dice: dict[str, tuple[Face, ...]]

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.games.aristeia.data import AristeiaAutoma

        automa = game.automa
        if not isinstance(automa, AristeiaAutoma):
            raise ValueError(f"{game.id} has no Aristeia! automaton data")
        dice = {}
        for component in game.components:
            colour = component.id.removeprefix("aristeia.component.die-")
            if colour != component.id:
                dice[colour] = tuple(read_face(source_text(f.text)) for f in component.faces)
        stats: dict[str, Stats] = {
            role: Stats(
                str(m.name), m.initiative, m.energy, m.speed, m.wounds, tuple(m.attack),
                m.range, tuple(m.defence), m.attack_cost, m.special, m.special_cost,
            )
            for role, m in automa.models.items()
        }  # fmt: skip
        for m in stats.values():
            if any(die not in dice for die in (*m.attack, *m.defence)):
                raise ValueError(f"model character {m.name}: a die colour the kit lacks")
        return cls(
            automa.levels,
            automa.rounds,
            automa.win_points,
            {role: tuple(steps) for role, steps in automa.roles.items()},
            {n: tuple(order) for n, order in automa.initiative.items()},
            dict(automa.tactics),
            automa.model,
            stats,
            dice,
        )


class AristeiaGame(SoloGame[Prepared]):
    """One solo game of Aristeia! against the automaton (a `Program` of
    `automa.engine.state`)."""

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
        self.frags = {YOU: 0, BOT: 0}
        self.round_frags = {YOU: 0, BOT: 0}
        self.hand = prepared.model.start_hand  # the modelled player's Tactics
        self.underdog = YOU
        self.round = 0
        self.over = False
        self.acting: Fighter | None = None  # the modelled player's character deciding
        self.visible: list[Fighter] = []

    # -- the game -----------------------------------------------------------------------

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
        """The most Victory Points win; a tie goes to the more Frags (aristeia.rules.match)."""
        return Ending(RULE_END, (YOU, BOT), scores, (TieBreak("frags", dict(self.frags)),))

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

    def flip(self, deck: str) -> Steps:
        """The top card of one of its decks: asked at the table, drawn when simulated; an
        empty deck is shuffled again (aristeia.rules.solo.tactics)."""
        left = self.decks[deck]
        count = len(self.p.initiative if deck == "initiative" else self.p.tactics)
        if self.table:
            card = Number(1, count, self.numbers_refused(1, 1, count))
            number = yield self.ask(f"{deck}_card", f"ask_{deck}_card", {}, card,
                                    functools.partial(self.check_card, deck))  # fmt: skip
        else:
            stream = self.streams[deck]
            number = yield Chance(deck, lambda: left[stream.below(len(left))])
        left.remove(number)
        if not left:
            self.decks[deck] = list(range(1, count + 1))
        return number

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

    # -- your activation ----------------------------------------------------------------

    def your_activation(self, role: str) -> Steps:
        if self.table:
            yield Say("your_activation", (RULE_TABLE,))
            knocked = yield self.ask("knocked", "ask_knocked", {}, self.roles(), self.check_knocked)
            for hit in knocked:
                yield from self.knock(self.team[BOT][hit], YOU)
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

    # -- the automaton's activation -----------------------------------------------------

    def bot_activation(self, role: str) -> Steps:
        """aristeia.rules.solo.activation: flip a tactics card, then the role card's steps."""
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
                facts[need] = yield from self.fact(fighter, need, bonus)
            if applies(step, facts):
                yield from self.do(fighter, step, focus, bonus, extra)
                facts = after(step, facts)

    def fact(self, f: Fighter, need: str, bonus: str) -> Steps:
        if self.table:
            return (yield self.ask(need, f"ask_{need}", {"role": f.role}, self.yes_no()))
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

    # -- the end of a round -------------------------------------------------------------

    def objectives(self) -> Steps:
        """aristeia.rules.round.objectives: points, the end, the Underdog."""
        if self.table:
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

    # -- the model's helpers ------------------------------------------------------------

    def enemies(self, f: Fighter) -> list[Fighter]:
        other = BOT if f.side == YOU else YOU
        return [e for e in self.team[other].values() if e.on_board]

    def allies(self, f: Fighter) -> list[Fighter]:
        return [a for a in self.team[f.side].values() if a.on_board]

    def label(self, f: Fighter) -> str:
        return f"{f.side}:{f.role}"

    # -- invariants ---------------------------------------------------------------------

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

    # -- asking (table) -----------------------------------------------------------------

    def ask(
        self,
        key: str,
        prompt: str,
        values: dict[str, Any],
        answer: Answer,
        check: Callable[[Any], Any] | None = None,
    ) -> Ask:
        """A question to the person at the table, its values already in words; `check`
        tests an answer against what the program knows of the table."""
        return Ask(HUMAN, key, prompt, self.words(Say(prompt, (), values)), answer, check=check)

    def bad(self, hint: str) -> Refused:
        """An answer the program refuses, saying why (the driver adds what was typed)."""
        return Refused("bad_answer", hint=hint)

    def numbers_refused(self, count: int, low: int, high: int) -> Refusal:
        hint = self.voice("hint_numbers", count=count, low=low, high=high)
        return Refusal("bad_answer", {"hint": hint})

    def numbers(self, least: int, most: int, low: int, high: int) -> Several:
        """From `least` to `most` numbers from `low` to `high`."""
        refused = self.numbers_refused(least, low, high)
        return Several(Number(low, high, refused), least, most, refused=refused)

    def yes_no(self) -> OneOf:
        refused = Refusal("bad_answer", {"hint": self.voice("hint_yes_no")})
        return OneOf.of((Choice("1", self.voice("answer_yes"), True),
                         Choice("0", self.voice("answer_no"), False)), refused)  # fmt: skip

    def roles(self) -> Several:
        """Its Characters by number (1 to 4, as on the role cards), none repeated; Enter: none."""
        refused = Refusal("bad_answer", {"hint": self.voice("hint_roles")})
        choices = (
            Choice(str(n), self.voice(f"role_{role}"), role) for n, role in enumerate(ROLES, 1)
        )
        return Several(OneOf.of(choices, refused), distinct=True, refused=refused)

    def check_card(self, deck: str, number: int) -> int:
        if number not in self.decks[deck]:
            raise self.bad(self.voice("hint_flipped", card=number))
        return number

    def check_knocked(self, roles: list[str]) -> list[str]:
        if any(not self.team[BOT][role].on_board for role in roles):
            raise self.bad(self.voice("hint_roles"))
        return roles

    # -- words --------------------------------------------------------------------------

    def status(self) -> list[Say]:
        out = [f.role for f in self.team[BOT].values() if f.where != "board"]
        values = {
            "round": self.round, "you": self.points[YOU], "bot": self.points[BOT],
            "frags_you": self.frags[YOU], "frags_bot": self.frags[BOT],
            "who": self.underdog, "out": out,
        }  # fmt: skip
        return [Say("status", (), values)]

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        voice = self.voice
        for key in ("level", "mode", "focus", "bonus"):
            if key in shown:
                shown[key] = voice(f"{key}_{shown[key]}")
        if "who" in shown:
            shown["who"] = voice("who_you" if shown["who"] == YOU else "who_bot")
        for key in ("role", "target", "plan"):
            if isinstance(shown.get(key), str) and shown[key]:
                side, _, role = shown[key].rpartition(":")
                name = voice(f"role_{role}")
                shown[key] = (
                    name
                    if not side
                    else voice(f"side_{'you' if side == YOU else 'bot'}", role=name)
                )
        for key in ("order", "out"):
            if key in shown:
                shown[key] = ", ".join(voice(f"role_{r}") for r in shown[key]) or voice("nobody")
        if "hits" in shown and say.key == "step_attack":
            shown["extra"] = voice("step_attack_extra", hits=shown["hits"]) if shown["hits"] else ""
        return shown


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> AristeiaGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data); the standard library only, so it runs in the browser too."""
    level = level_of(start, prepared.levels)
    return AristeiaGame(prepared, start.mode, level, start.seed, voice)
