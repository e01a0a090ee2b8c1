"""Key presses at the table (`make bench PARTS=table`): each bot's fixed-seed game played
through the real runner and driver, as `starpress automa GAME play` plays it (pauses on), by
a scripted person, and what it cost them: the answers they typed and the Enter presses at
pauses, per round.

The person is one per bot (`PEOPLE`): what they answer comes from the facts of their table
(the card they flip, the module their astronaut is in, the colour they draw…), each fact
drawn from a seeded stream of its own name, so the same game is played however the program
asks for the facts (one question or two, in any order). The transcript's bot steps are hashed
(`decisions`): a change that asks less must keep that hash, i.e. the bot decides the same.

python bench/table.py            # every bot, a table of presses per round and totals
python bench/table.py --json     # the figures as JSON (the README's table is made from them)
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starpress.automa.engine import runner
from starpress.automa.engine.answers import Answer, AnyOf, OneOf, Pad, Parts, Several
from starpress.automa.engine.choices import Cards
from starpress.automa.engine.state import ENDING_SAYS, Ask, Say

ROOT = Path(__file__).resolve().parent.parent
SEED = 1

BEFORE = {  # this bench's figures (answers, pauses) on main before issue 29's changes
    "afternova": (58, 72),
    "afternova-solo": (57, 85),
    "luna-maris": (49, 49),
    "asteria": (50, 62),
    "aristeia": (126, 135),
    "ascending-empires": (95, 82),
}
ISSUE = {  # issue 29's figures (answers, Enter presses), measured by hand before this bench
    "afternova": (55, 80),
    "afternova-solo": (48, 103),
    "luna-maris": (50, 45),
    "asteria": (50, 50),
    "aristeia": (112, 118),
    "ascending-empires": (90, 65),
}


@dataclass
class Person:
    """A person at the table who answers from the facts of their game (`fact`), counting the
    answers and the pauses of each round (a round begins with the bot's `round_key` step); a
    score pad is written line by line, each line an answer. The bot's final scoring steps are
    left out of `decisions` (a score asked rather than guessed changes them, not a decision)."""

    seed: int
    round_key: str = ""
    rounds: list[list[int]] = field(default_factory=lambda: [[0, 0]])
    steps: list[tuple[str, str]] = field(default_factory=list)
    refused: int = 0
    last: Ask | None = None
    line: int = 0

    def __post_init__(self) -> None:
        self._streams: dict[str, random.Random] = {}

    def fact(self, name: str) -> random.Random:
        """The stream of one kind of fact of this table (its own, whatever else is asked)."""
        if name not in self._streams:
            self._streams[name] = random.Random(f"{self.seed}/{name}")
        return self._streams[name]

    def heard(self, say: Say) -> None:
        if say.key == self.round_key:
            self.rounds.append([0, 0])
        if say.key not in ENDING_SAYS and say.rules and not say.key.startswith("score"):
            self.steps.append((say.key, json.dumps(say.values, sort_keys=True, default=str)))
        self.listen(say)

    def listen(self, say: Say) -> None:
        """What the person takes from a step (a bot's offer, the end of its game)."""

    def __call__(self, prompt: str) -> str:
        ask = getattr(prompt, "ask", None)
        if not isinstance(ask, Ask):  # a pause: Enter
            self.rounds[-1][1] += 1
            return ""
        if isinstance(ask.answer, Pad):  # a score pad: a number per line, each typed
            self.rounds[-1][0] += 1
            line = ask.answer.lines[self.pad_line(ask)]
            self.last = ask
            return str(self.score_line(line.key, line.low, line.high))
        if ask is self.last:
            self.refused += 1  # the same question again: the last answer was refused
            self.rounds[-1][0] -= 1
            if self.refused > 50:
                raise RuntimeError(f"the person cannot answer {ask.key!r}: {prompt}")
            typed = self.fallback(ask)
        else:
            typed = self.answer(ask)
        self.last = ask
        self.rounds[-1][0] += 1
        return typed

    def answer(self, ask: Ask) -> str:
        raise NotImplementedError

    def pad_line(self, ask: Ask) -> int:
        """Which line of a score pad is asked now (the lines are asked in turn)."""
        if ask is not self.last:
            self.line = 0
        else:
            self.line += 1
        return self.line

    def score_line(self, key: str, low: int, high: int) -> int:
        """What the person writes on a line of their score pad."""
        return self.fact(f"pad-{key}").randint(max(low, 0), min(high, 12))

    def fallback(self, ask: Ask) -> str:
        """After a refusal: the plainest answer there is (the first option, Enter…)."""
        return first(ask.answer, self.fact("fallback"))

    @property
    def decisions(self) -> str:
        return hashlib.sha256(repr(self.steps).encode()).hexdigest()[:12]


def first(answer: Answer, rng: random.Random) -> str:
    """Any answer the kind takes: its blank when it has one, else a random option."""
    if isinstance(answer, Several) and answer.blank is not None:
        return ""
    if isinstance(answer, Cards) and answer.blank:
        return ""
    if isinstance(answer, OneOf):
        return rng.choice(answer.choices).key
    if isinstance(answer, AnyOf):
        return first(answer.ways[0], rng)
    if isinstance(answer, Cards):
        return rng.choice(answer.options.options).mark
    if isinstance(answer, Parts):
        return " ".join(first(part, rng) for part in answer.parts)
    return "0"


def choice_key(answer: Answer, value: Any) -> str:
    """The key a person types for the choice whose action is `value`."""
    assert isinstance(answer, OneOf), answer
    return answer.canonical(value)


def marks(answer: Answer) -> list[str]:
    """Every card a Cards answer (or the first way of an AnyOf) may name, by mark."""
    if isinstance(answer, AnyOf):
        answer = answer.ways[0]
    assert isinstance(answer, Cards), answer
    return list(dict.fromkeys(option.mark for option in answer.options.options))


class Deck:
    """A shuffled deck of marks the person draws from (reshuffled when it runs out)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.cards: list[str] = []

    def draw(self, every: list[str], avoid: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        for _ in range(2):
            for card in list(self.cards):
                if card not in avoid:
                    self.cards.remove(card)
                    return card
            self.cards = [card for card in every if card not in avoid]
            self.rng.shuffle(self.cards)
        raise RuntimeError("no card left to draw")


# -- the people of each bot -------------------------------------------------------------


class AfternovaPerson(Person):
    """At an Afternova table: draws Fragments, turns Blueprints, asks the Bot for help now
    and then, ends the game when the Bot has its last Blueprint (or after 12 Bot turns)."""

    COLOURS = ("purple", "green", "black", "white", "orange")

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_key = "turn"
        self.deck = Deck(self.fact("blueprints"))
        self.in_play: set[str] = set()
        self.every: list[str] = []
        self.blind: list[str] = []
        self.offers: list[str] = []
        self.over = False
        self.turns = 0
        self.pending: list[str] = []

    def listen(self, say: Say) -> None:
        if say.key == "accepts":
            self.offers = [colour for colour, _ in say.values["offers"]]
        elif say.key == "end":
            self.over = True
        elif say.key == "turn":
            self.turns += 1
        elif say.key == "blind_blueprint":  # the top Blueprint, slid under its Starship unseen
            card = self.deck.draw(self.every, self.in_play)
            self.in_play.add(card)
            self.blind.append(card)

    def answer(self, ask: Ask) -> str:
        key = ask.key
        if key == "command":
            return self.command(ask)
        if key == "fragment":
            return choice_key(ask.answer, self.fact("bag").choice(self.COLOURS))
        if key in ("starship",):
            return self.fact("starship").choice(marks(ask.answer))
        if key == "blueprint":
            self.every = marks(ask.answer)
            card = self.deck.draw(self.every, self.in_play)
            self.in_play.add(card)
            return card
        if key == "blind":
            return self.blind.pop(0) if self.blind else self.deck.draw(marks(ask.answer))
        if key == "planet":
            rng = self.fact("planets")
            return " ".join(rng.choice(self.COLOURS) for _ in range(rng.randint(2, 4)))
        if key == "payment":
            return self.offers[0] if self.offers else ""
        if key == "objective":
            return " ".join(self.fact("objective").sample(self.COLOURS, 2))
        return self.score(ask)

    def command(self, ask: Ask) -> str:
        if not self.pending:
            if self.over or self.turns >= 12:
                return "f"
            rng = self.fact("turns")
            self.pending = ["b"] + ["a" for _ in range(self.people) if rng.random() < 0.35]
        return self.pending.pop(0)

    people = 2

    def score(self, ask: Ask) -> str:
        rng = self.fact("scores")
        return str(rng.randint(20, 40))


class AfternovaSoloPerson(AfternovaPerson):
    people = 2  # the person's own turns between two of the Bot's (standard level: every 2)


class LunaMarisPerson(Person):
    """At a Luna Maris table: moves their astronaut each turn, reports the face-up cards."""

    MODULES = 10

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_key = "round"

    def answer(self, ask: Ask) -> str:
        key = ask.key
        if key == "command":
            return ""
        if key == "human_module":
            return str(self.fact("astronaut").randint(1, self.MODULES))
        if key in ("food", "scientists", "demands"):
            rng = self.fact(key)
            every = marks(ask.answer)
            if rng.random() < 0.15:
                return ""
            return ", ".join(rng.sample(every, min(len(every), 3)))
        if key == "module_tile":
            rng = self.fact(key)
            return rng.choice(marks(ask.answer))
        if key == "human_food":
            rng = self.fact(key)
            return f"{rng.randint(2, 6)} {rng.randint(5, 14)}"
        if key.startswith("demands_"):
            return str(self.fact("tie").randint(0, 4))
        return str(self.fact("scores").randint(25, 45))


class AsteriaPerson(Person):
    """At an Asteria table: flips the automaton's decision cards, deals its cards, reveals
    planets, fights now and then, and reaches 3 points by their own Achievements."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_key = "bot_turn"
        self.actions = Deck(self.fact("actions"))
        self.planets = Deck(self.fact("planets"))
        self.decision_deck = Deck(self.fact("decisions"))
        self.your_turns = 0
        self.reported: list[str] = []
        self.every_planet: list[str] = []
        self.reserve: list[str] = []  # its face-down Planet cards, as they lie on the table

    def listen(self, say: Say) -> None:
        if say.key in ("row", "takes"):  # a Planet card dealt face down into its reserve
            self.reserve.append(self.planets.draw(self.every_planet))
        elif say.key == "conflict" and say.values.get("reserve"):  # the one it reinforced with
            number = int(say.values["reserve"])
            self.reserve = [m for m in self.reserve if int(m.split()[1].split("/")[0]) != number]
        if say.key == "your_turn":
            self.your_turns += 1
            rng = self.fact("reports")
            self.reported = []
            if rng.random() < 0.25:
                self.reported.append("planet")
            if rng.random() < 0.2:
                self.reported.append("lost")
            if self.your_turns in (5, 9):
                self.reported.append("achievement")

    def answer(self, ask: Ask) -> str:
        key = ask.key
        rng = self.fact(key)
        if key == "report":
            return choice_key(ask.answer, self.reported.pop(0)) if self.reported else ""
        if key in ("row", "draw"):
            count = int(ask.values.get("count", 3))
            return ", ".join(self.actions.draw(marks(ask.answer)) for _ in range(count))
        if key == "planet":
            self.every_planet = marks(ask.answer)
            return self.planets.draw(self.every_planet)
        if key == "reserve":  # a conflict turns its reserve up
            return ", ".join(self.reserve)
        if key == "half":
            return str(rng.randint(1, 2))
        if key == "markers":
            return ""
        if key == "decision":
            return str(rng.randint(1, 12))
        if key == "strength":
            total = int(ask.values.get("total", 0))
            return str(max(0, total + rng.randint(-3, 3)))
        if key == "lost":
            return f"{rng.randint(0, 2)} {rng.randint(0, 2)}"
        if key == "achievement":
            return str(1 + (self.your_turns > 6))
        if key == "conflict_planet":
            return "1"
        if key == "removed":
            return rng.choice(marks(ask.answer))
        return str(rng.randint(0, 3))


class AristeiaPerson(Person):
    """At an Aristeia! table: flips the automaton's decks, says where its characters stand,
    rolls, and reports the round's points."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_key = "round"
        self.decks = {"initiative_card": Deck(self.fact("initiative")),
                      "tactics_card": Deck(self.fact("tactics"))}  # fmt: skip

    def answer(self, ask: Ask) -> str:
        key = ask.key
        rng = self.fact(key)
        if key == "roles":
            return " ".join(str(rng.randint(3, 7)) for _ in range(4))
        if key == "your_sum":
            return str(rng.randint(14, 26))
        if key in self.decks:
            high = 6 if key == "initiative_card" else 10
            return self.decks[key].draw([str(n) for n in range(1, high + 1)])
        if key == "initiative":
            return str(rng.randint(2, 8))
        if key == "knocked":
            return ""
        if key == "where":  # inside the zone, else whether one Move takes it in
            if self.fact("in_zone").random() < 0.5:
                return choice_key(ask.answer, "inside")
            near = self.fact("reach_zone").random() < 0.5
            return choice_key(ask.answer, "near" if near else "far")
        if key in ("target", "reach_target", "trigger"):
            return "1" if rng.random() < 0.5 else "0"
        if key == "knocked_yours":
            return "1" if rng.random() < 0.15 else "0"
        if key == "points":  # the person leads: 8 points end the match in round 4
            return f"{rng.randint(1, 3)} {rng.randint(0, 2)}"
        return str(rng.randint(0, 3))


class EmpiresPerson(Person):
    """At an Ascending Empires table: flips the automaton's cards, measures its moves, turns
    the planets it lands on, and takes VP tokens."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.round_key = "your_turn"
        self.reported: list[str] = []

    def listen(self, say: Say) -> None:
        if say.key == "your_turn":
            rng = self.fact("reports")
            self.reported = ["tokens"] if rng.random() < 0.6 else []

    def answer(self, ask: Ask) -> str:
        key = ask.key
        rng = self.fact(key)
        if key == "report":  # the VP tokens taken (nothing else happens at this table)
            return str(self.fact("tokens").randint(1, 3)) if self.reported else ""
        if key == "card":
            return str(rng.randint(1, 10))
        if key == "reach":
            return choice_key(ask.answer, rng.choice(("reached", "reached", "short", "none")))
        if key == "landed":  # its colour, then its quadrant
            return f"{self.fact('colour').randint(1, 5)} {self.fact('quadrant').randint(1, 4)}"
        if key == "blockade":
            return choice_key(ask.answer, rng.random() < 0.15)
        if key == "hits":  # your ships, then your planet's pieces
            return " ".join("1" if self.fact(hit).random() < 0.15 else "0"
                            for hit in ("ships_hit", "pieces_hit"))  # fmt: skip
        if key.startswith(("tokens_", "techs_")):
            return str(rng.randint(0, 10))
        return str(self.fact("scores").randint(15, 40))


@dataclass(frozen=True)
class Setting:
    """A bot's benchmark game: its game, parameters and person."""

    game: str
    params: dict[str, str]
    person: Callable[[int], Person]


SETTINGS = {
    "afternova": Setting("afternova", {"variant": "bot"}, AfternovaPerson),
    "afternova-solo": Setting("afternova", {"variant": "solo"}, AfternovaSoloPerson),
    "luna-maris": Setting("luna-maris", {}, LunaMarisPerson),
    "asteria": Setting("asteria", {}, AsteriaPerson),
    "aristeia": Setting("aristeia", {}, AristeiaPerson),
    "ascending-empires": Setting("ascending-empires", {}, EmpiresPerson),
}


def play(name: str, seed: int = SEED) -> Person:
    """One bot's benchmark game at the table, in English, pauses on: the person after it."""
    setting = SETTINGS[name]
    person = setting.person(seed)
    with tempfile.TemporaryDirectory() as folder:
        runner.play(ROOT, setting.game, "table", seed, Path(folder) / "game.jsonl", "en",
                    False, False, setting.params, read=person, out=io.StringIO(),
                    on_say=person.heard)  # fmt: skip
    return person


def figures(person: Person) -> dict[str, Any]:
    rounds = [counts for counts in person.rounds if counts != [0, 0]]
    answers = sum(counts[0] for counts in rounds)
    pauses = sum(counts[1] for counts in rounds)
    return {
        "answers": answers,
        "pauses": pauses,
        "presses": answers + pauses,
        "rounds": len(rounds),
        "per_round": rounds,
        "refused": person.refused,
        "decisions": person.decisions,
    }


def main(args: list[str]) -> int:
    results = {name: figures(play(name)) for name in SETTINGS}
    if "--json" in args:
        print(json.dumps(results, indent=1))
        return 0
    print(f"\nat the table: each bot's game (seed {SEED}, English) through the driver, pauses on")
    print("  target: at most half the presses of the same game before (and of issue 29's")
    print("  figures, measured by hand); `decisions` hashes the bot's steps (same: same game)")
    print(f"  {'bot':18} {'rounds':>6} {'answers':>8} {'pauses':>7} {'presses':>8}"
          f" {'per round':>9} {'before':>7} {'issue 29':>9} {'target':>7}"
          "  verdict   decisions")  # fmt: skip
    for name, found in results.items():
        before, issue = sum(BEFORE[name]), sum(ISSUE[name])
        target = min(before, issue) // 2
        verdict = "ok" if found["presses"] <= target else "OVER TARGET"
        per = found["presses"] / max(1, found["rounds"])
        print(f"  {name:18} {found['rounds']:6d} {found['answers']:8d} {found['pauses']:7d}"
              f" {found['presses']:8d} {per:9.1f} {before:7d} {issue:9d} {target:7d}  {verdict:9} "
              f"{found['decisions']}")  # fmt: skip
        detail = " ".join(f"{a}+{p}" for a, p in found["per_round"])
        print(f"  {'':18} answers+pauses per round: {detail}")
        if found["refused"]:
            print(f"  {'':18} ({found['refused']} answers refused and typed again, not counted)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
