"""A deck automaton played: the interpreter of the automaton language, as one game script of
the engine (`automa.engine.state`), so the table, the Play pages, replay, resume, undo and
save files are the same as for every bot.

*Table*: the person flips the automaton's cards and answers its questions (typed answers,
`automa.engine.answers`); the program reads each card (`first`: the first action whose
conditions hold, else the last resort; `each`: every action that can, in order) and says what
the automaton does, citing its rules. *Simulated* (the deck alone, `stats`): every question
the person would answer is a chance draw from its stated frequencies (or uniform), every card
is drawn from the shuffled deck; nothing is asked.

The data is `automa.deck.prepared.DeckData` (plain maps and lists); expressions are
`automa.deck.exprs`. Standard library only: it runs on the Play pages too.
"""

from __future__ import annotations

import copy
import functools
from collections import ChainMap
from collections.abc import Callable, Generator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

from starpress.automa.deck import exprs
from starpress.automa.engine.answers import (
    Answer,
    Choice,
    Number,
    OneOf,
    Refusal,
    Refused,
    Several,
)
from starpress.automa.engine.choices import Cards, Option, Options
from starpress.automa.engine.prng import Pcg32, Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import level_of
from starpress.automa.engine.state import (
    HUMAN,
    Ask,
    Chance,
    Decision,
    Ending,
    Say,
    Script,
    Start,
    TieBreak,
    rounds_pad,
)

Steps = Generator[Decision | Say, Any, Any]
Scope = ChainMap[str, Any]
LAST = "last resort"
"""What `stats` and `check` call a card's unnamed last resort."""
TEXT = "text"
"""The message of a text said as written (`automa.engine.voice.words_of` words it)."""


@dataclass(frozen=True)
class DeckData:
    """One automaton in the language, ready to play: the record as plain data (made by
    `automa.deck.prepared`)."""

    rules: dict[str, Any]
    levels: dict[str, Any]
    cards: dict[str, list[list[str]]]
    """For each component a question names, its cards: [id, printed mark, name]."""


class DeckError(RuntimeError):
    """A deck that cannot go on (an expression that cannot be computed, a card that is no
    card of its deck): `starpress automa GAME check` finds these before a person does."""


class _Over(Exception):
    """`end: game`, or a deck that ends the game when it is empty."""


class DeckGame:
    """One game of a deck automaton (a `Program` of `automa.engine.state`)."""

    def __init__(self, data: DeckData, start: Start, voice: Speaker) -> None:
        self.d = data.rules
        self.data = data
        self.mode = start.mode
        self.table = start.mode != "simulated"
        self.level_name = level_of(start, data.levels)
        self.level = data.levels[self.level_name]
        self.seed = start.seed
        self.voice = voice
        self.streams = Streams(start.seed)
        self.over = False
        self.left = {name: list(numbers) for name, numbers in self.level["deck"].items()}
        self.done: list[tuple[int, str]] = []
        """What the automaton did, in order: (round, the action's name, else `deck card.N`
        or `deck card: last resort`), for `stats` and `check`."""
        self.env: dict[str, Any] = {
            **copy.deepcopy(self.d["variables"]),
            "round": 0,
            "level": self.level_name,
            "bonus": dict(self.level["bonus"]),
            "score": {category: 0 for category in self.d["scoring"]},
            "seed": start.seed,
            "mode": start.mode,
            "table": self.table,
        }
        self.by_round: list[dict[str, int]] = []  # each round's points (end.pad)

    # -- the game ----------------------------------------------------------------------

    def play(self) -> Script:
        scope: Scope = ChainMap({}, self.env)
        try:
            yield from self.steps(self.d["setup"], scope)
            rounds = self.d["rounds"]
            while self.env["round"] < rounds["count"]:
                self.env["round"] += 1
                yield from self.steps(self.d["round"], scope)
                self.round_scored()
                if rounds["until"] is not None and self.value(rounds["until"], scope, "rounds"):
                    break
        except _Over:
            self.over = True
            self.round_scored()  # the round the game ended in
        yield from self.steps(self.d["finish"], scope)
        return self.scores()

    def round_scored(self) -> None:
        """`end.pad: rounds`: the points each player scored in the round (once a round)."""
        if self.d["end"]["pad"] == "rounds" and len(self.by_round) < self.env["round"]:
            before = {p: sum(got.get(p, 0) for got in self.by_round) for p in self.scores()}
            self.by_round.append({p: now - before[p] for p, now in self.scores().items()})

    def scores(self) -> dict[str, int]:
        """The scores the program knows (the others are asked at the end)."""
        end = self.d["end"]
        if end["scores"] is None:
            return {"bot": sum(self.env["score"].values())}
        scope = ChainMap({}, self.env)
        return {player: int(self.value(text, scope, "end.scores"))
                for player, text in end["scores"].items()}  # fmt: skip

    def ending(self, scores: dict[str, int]) -> Ending | None:
        end = self.d["end"]
        if not self.table and any(player not in scores for player in end["order"]):
            return None  # the deck alone: nobody else is scored
        scope = ChainMap({}, self.env)
        ties = tuple(
            TieBreak(
                tie["key"],
                {p: int(self.value(t, scope, "end.tie_breaks")) for p, t in tie["known"].items()},
                tie["higher_wins"],
            )
            for tie in end["tie_breaks"]
        )
        pad = rounds_pad(self.by_round, lambda n: self.voice("pad_round", round=n), 999)
        return Ending(end["rule"], tuple(end["order"]), scores, ties, end["last"], *pad)

    def status(self) -> list[Say]:
        scope = ChainMap({}, self.env)
        return [self.said(step, scope) for step in self.d["status"]]

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: each worded as `words` says."""
        return self.worded(say.values)

    def worded(self, values: Mapping[str, Any]) -> dict[str, Any]:
        shown = dict(values)
        voice = self.voice
        for name, spec in self.d["words"].items():
            if name not in shown:
                continue
            value = shown[name]
            if isinstance(spec, str):
                shown[name] = voice(f"{spec}{value}")
            elif "each" in spec:
                said = ", ".join(voice(f"{spec['each']}{item}") for item in value)
                shown[name] = said or (voice(spec["none"]) if spec["none"] else "")
            elif value in spec["map"]:
                shown[name] = voice(spec["map"][value])
        return shown

    # -- steps -------------------------------------------------------------------------

    def steps(self, steps: list[dict[str, Any]], scope: Scope) -> Steps:
        for step in steps:
            yield from self.step(step, scope)

    def step(self, step: dict[str, Any], scope: Scope) -> Steps:
        verb, at = step["step"], step["at"]
        if verb == "say":
            yield self.said(step, scope)
        elif verb == "ask":
            yield from self.ask(step["ask"], scope)
        elif verb == "flip":
            yield from self.flip(step["flip"], scope)
        elif verb == "play":
            play = step["play"]
            if play["card"] is None:
                card = self.env.get(play["deck"])
                if card is None:
                    raise DeckError(f"{at}: no card of '{play['deck']}' is flipped yet")
                number = card["number"]
            else:
                number = self.value(play["card"], scope, at)
            yield from self.play_card(play["deck"], number, scope)
        elif verb in ("set", "add"):
            for target, value in step[verb].items():
                self.write(target, value, scope, at, add=verb == "add")
        elif verb == "score":
            self.add_score(step["score"], scope, at)
        elif verb == "if":
            branch = "then" if self.value(step["if"], scope, at) else "else"
            yield from self.steps(step[branch], scope)
        elif verb == "each":
            items = self.value(step["each"], scope, at)
            for index, item in enumerate(list(items), 1):
                inner = scope.new_child({step["as"]: item})
                if step["index"]:
                    inner[step["index"]] = index
                yield from self.steps(step["do"], inner)
        elif verb == "draw":
            ((name, options),) = step["draw"].items()
            stream = self.streams[step["stream"] or name]
            value = yield Chance(name, functools.partial(_pick, stream, options))
            self.env[name] = value
        elif verb == "end":
            raise _Over
        else:  # pragma: no cover - prepare writes only the verbs above
            raise DeckError(f"{at}: unknown step {verb!r}")

    def said(self, step: Mapping[str, Any], scope: Scope) -> Say:
        """A say step (or an action's line): its message or its text, values and rules."""
        rules = self.rules(step["rules"], scope, step["at"])
        if step.get("say") is None:
            return Say(TEXT, rules, {"text": step["text"]})
        return Say(step["say"], rules, self.values(step["values"], scope, step["at"]))

    def rules(self, cited: list[Any], scope: Scope, at: str) -> tuple[str, ...]:
        found: list[str] = []
        for rule in cited:
            if isinstance(rule, str):
                found.append(rule)
            elif self.value(rule["when"], scope, at):
                found.extend(rule["rules"])
        return tuple(found)

    def values(self, spec: Mapping[str, Any], scope: Scope, at: str) -> dict[str, Any]:
        """A message's values: each an expression's value, a number, or a message in words."""
        out = {}
        for name, value in spec.items():
            if isinstance(value, dict):  # a message in words (`Worded`)
                if value["when"] is not None and not self.value(value["when"], scope, at):
                    out[name] = ""
                else:
                    inner = self.worded(self.values(value["values"], scope, at))
                    out[name] = self.voice(value["say"], **inner)
            elif isinstance(value, str):
                out[name] = self.value(value, scope, at)
            else:
                out[name] = value
        return out

    def value(self, text: str, scope: Mapping[str, Any], at: str) -> Any:
        try:
            return exprs.evaluate(text, scope)
        except exprs.ExprError as error:
            raise DeckError(f"{at}: {text!r}: {error}") from None

    def write(self, target: str, value: Any, scope: Scope, at: str, add: bool) -> None:
        name, key = exprs.target(target)
        new = self.value(value, scope, at) if isinstance(value, str) else value
        holder: MutableMapping[str, Any] = self.env
        if key is not None:
            holder = self.env[name]
            name = key(scope)
        if add:
            old = holder.get(name, 0)
            new = old + new if not isinstance(old, list) else [*old, *new]
        holder[name] = copy.deepcopy(new)

    def add_score(self, spec: Mapping[str, Any], scope: Scope, at: str) -> None:
        for category, value in spec.items():
            gained = self.value(value, scope, at) if isinstance(value, str) else value
            self.env["score"][category] += int(gained)

    # -- questions ---------------------------------------------------------------------

    def ask(self, name: str, scope: Scope, candidates: list[Any] | None = None) -> Steps:
        """Ask the question `name` (at the table) or draw its answer (the deck alone); the
        answer is kept under its name."""
        question = self.d["questions"][name]
        at = f"questions.{name}"
        if not self.table:
            draw = functools.partial(self.sample, question, scope, candidates)
            value = yield Chance(question["key"], draw)
        else:
            answer = self.answer(question, scope, candidates)
            check = self.checker(question, scope) if question["check"] else None
            values = self.worded(self.values(question["values"], scope, at))
            value = yield Ask(HUMAN, question["key"], question["prompt"], values, answer,
                              check=check)  # fmt: skip
        self.env[name] = value
        return value

    def refusal(self, spec: Mapping[str, Any] | None, scope: Scope, hint: str) -> Refusal:
        """Why an answer is refused: the question's `refused`, else `bad_answer` with a hint
        (its options as a prompt lists them)."""
        if spec is None:
            return Refusal("bad_answer", {"hint": hint})
        values = self.worded(self.values(spec["values"], scope, "refused"))
        return Refusal(spec["say"], values)

    def answer(self, question: Mapping[str, Any], scope: Scope,
               candidates: list[Any] | None) -> Answer:  # fmt: skip
        kind, voice = question["answer"], self.voice
        refused = question["refused"]
        enter = voice("key_enter")
        if kind["kind"] == "yes-no":
            choices = (
                Choice("1", voice("answer_yes"), True),
                Choice("0", voice("answer_no"), False),
            )
            shown = OneOf.of(choices).shown(enter)
            return OneOf.of(choices, self.refusal(refused, scope, shown))
        if kind["kind"] == "number":
            low, high = kind["low"], kind["high"]
            return Number(low, high, self.refusal(refused, scope, f"{low}–{high}"))
        if kind["kind"] == "numbers":
            hint = self.refusal(refused, scope, f"{kind['low']}–{kind['high']}")
            part = Number(kind["low"], kind["high"], hint)
            return Several(part, kind["least"], kind["most"], refused=hint)
        if kind["kind"] in ("one-of", "some-of", "candidates"):
            if kind["kind"] == "candidates":
                items, words = list(candidates or []), question.get("words") or ""
            else:
                items, words = kind["choices"], kind["words"]
            listed = [Choice(str(n), voice(f"{words}{item}"), item)
                      for n, item in enumerate(items, 1)]  # fmt: skip
            shown = OneOf.of(listed).shown(enter)
            refusal = self.refusal(refused, scope, shown)
            one = OneOf.of(listed, refusal)
            if kind["kind"] == "one-of":
                return one
            least = 1 if kind["kind"] == "candidates" else kind["least"]
            empty = voice(kind["none"]) if kind.get("none") and least == 0 else ""
            return Several(one, least, None, distinct=True, refused=refusal, empty=empty)
        cards = self.data.cards.get(kind["component"], [])
        if not all(mark for _card, mark, _name in cards):  # cards without a printed mark
            listed = [Choice(str(n), name, card) for n, (card, _mark, name) in enumerate(cards, 1)]
            shown = OneOf.of(listed).shown(enter)
            return OneOf.of(listed, self.refusal(refused, scope, shown), by_name=False)
        options = Options.of(Option(card, mark, name) for card, mark, name in cards)
        refusal = self.refusal(refused, scope, options.examples())
        return Cards(options, listed=len(cards) <= 12, refused=refusal)

    def checker(self, question: Mapping[str, Any], scope: Scope) -> Callable[[Any], Any]:
        check = question["check"]

        def test(parsed: Any) -> Any:
            inner = scope.new_child({"answer": parsed})
            if self.value(check["refuse"], inner, f"questions.{question['name']}.check"):
                raise Refused(check["say"], **self.worded(self.values(check["values"], inner,
                                                                      "check")))  # fmt: skip
            return parsed

        return test

    def sample(self, question: Mapping[str, Any], scope: Scope,
               candidates: list[Any] | None) -> Any:  # fmt: skip
        """An answer of the deck alone: from the stated frequencies, else uniformly; one the
        question's check keeps (DeckError when none can be found)."""
        rng = self.streams["answers"]
        kind = question["answer"]
        weights = {_key(value): weight for value, weight in question["frequency"]}
        for attempt in range(65):
            value = (
                _sample(kind, rng, weights, candidates, self.data.cards)
                if attempt < 64
                else _least(kind)  # several things: the fewest, which a check refuses least
            )
            if not question["check"]:
                return value
            try:
                return self.checker(question, scope)(value)
            except Refused:
                continue
        raise DeckError(f"questions.{question['name']}: no answer its check keeps")

    # -- decks and cards ---------------------------------------------------------------

    def flip(self, name: str, scope: Scope) -> Steps:
        """The top card of a deck: typed by the person (table) or drawn; an empty deck is
        shuffled again (said with its `reshuffled` message) or ends the game."""
        deck = self.d["decks"][name]
        left = self.left[name]
        if not left:
            if deck["on_empty"] == "end":
                raise _Over
            left[:] = self.level["deck"][name]
        everything = self.level["deck"][name]
        if self.table:
            low, high = min(everything), max(everything)
            shown = ", ".join(map(str, left))
            refused = self.refusal(deck["refused"], scope, f"{low}–{high}")
            flipped = deck["flipped"]

            def check(number: int) -> int:
                if number not in everything:
                    raise Refused(refused.key, **refused.values)
                if number not in left:
                    inner = scope.new_child({"answer": number})
                    said = self.refusal(flipped, inner, shown)
                    raise Refused(said.key, **said.values)
                return number

            card = Number(low, high, refused)
            number = yield Ask(HUMAN, f"{name}_card", f"ask_{name}_card", {}, card, check=check)
        else:
            stream = self.streams[name]
            number = yield Chance(name, functools.partial(_pick, stream, left))
        left.remove(number)
        card = deck["cards"][number]
        self.env[name] = {"number": number, "name": card["name"], **card["data"]}
        if not left and deck["on_empty"] == "reshuffle":
            left[:] = everything
            if deck["reshuffled"]:
                yield Say(deck["reshuffled"], (), {})

    def play_card(self, deck_name: str, number: Any, scope: Scope) -> Steps:
        """Read a card: its actions in order (`first`: the first that can be done; `each`:
        every one that can), each question asked at most once while the card is read; the
        last resort when no action was done."""
        deck = self.d["decks"][deck_name]
        card = deck["cards"].get(number)
        if card is None:
            raise DeckError(f"decks.{deck_name}: no card {number!r}")
        known: dict[str, Any] = {}
        done = False
        for index, action in enumerate(card["actions"]):
            if (yield from self.holds(action["when"], known, scope)):
                yield from self.act(
                    action, scope, action["name"] or f"{deck_name} {number}.{index + 1}"
                )
                done = True
                if deck["resolve"] == "first":
                    return
                known = _after(action["then"], known)
        last = card["last"]
        if not done and last is not None:
            yield from self.act(last, scope, last["name"] or f"{deck_name} {number}: {LAST}")

    def holds(self, conditions: list[dict[str, Any]], known: dict[str, Any], scope: Scope) -> Steps:
        """Whether every condition holds, asking (once per card) what is not known; the first
        that fails stops the asking."""
        for condition in conditions:
            if "if" in condition:
                if not self.value(condition["if"], scope, "when"):
                    return False
                continue
            name = condition["ask"]
            if name not in known:
                known[name] = yield from self.ask(name, scope)
            if not _fits(condition, known[name]):
                return False
        return True

    def act(self, action: Mapping[str, Any], scope: Scope, label: str) -> Steps:
        """Do an action: its target chosen, its line said, its score, its steps."""
        self.done.append((self.env["round"], label))
        inner = scope
        target = action["target"]
        if target is not None:
            chosen = yield from self.choose(target, scope)
            inner = scope.new_child({"target": chosen})
        yield self.said(action, inner)
        if target is not None:
            said = {"target": chosen}
            if target["words"]:
                said["target"] = self.voice(f"{target['words']}{chosen}")
            yield Say(target["say"], self.rules(action["rules"], inner, action["at"]), said)
        self.add_score(action["score"], inner, action["at"])
        yield from self.steps(action["do"], inner)

    def choose(self, target: Mapping[str, Any], scope: Scope) -> Steps:
        """The target by its priority list: each question keeps the candidates the person
        names; a tie left is broken by `tie`."""
        among = target["among"]
        candidates = list(self.value(among, scope, "target") if isinstance(among, str) else among)
        if not candidates:
            raise DeckError("target: no candidates")
        for name in target["by"]:
            if len(candidates) < 2:
                break
            question = {**self.d["questions"][name], "words": target["words"]}
            answer = yield from self.ask_candidates(question, scope, candidates)
            candidates = [c for c in candidates if c in answer] or candidates
        if len(candidates) > 1 and target["tie"] == "random":
            stream = self.streams["tie"]
            return (yield Chance("tie", functools.partial(_pick, stream, candidates)))
        return candidates[-1] if target["tie"] == "last" else candidates[0]

    def ask_candidates(
        self, question: dict[str, Any], scope: Scope, candidates: list[Any]
    ) -> Steps:
        name = question["name"]
        if not self.table:
            draw = functools.partial(self.sample, question, scope, candidates)
            value = yield Chance(question["key"], draw)
        else:
            answer = self.answer(question, scope, candidates)
            values = self.worded(self.values(question["values"], scope, f"questions.{name}"))
            value = yield Ask(HUMAN, question["key"], question["prompt"], values, answer)
        self.env[name] = value
        return value

    def check(self) -> None:
        """The game's invariants (`simulate --check`): the decks hold cards of their level."""
        for name, left in self.left.items():
            assert set(left) <= set(self.level["deck"][name]), name
        assert all(isinstance(n, int) for n in self.env["score"].values())


def _pick(stream: Pcg32, options: list[Any]) -> Any:
    return options[stream.below(len(options))]


def _key(value: Any) -> str:
    return repr(value)


def _fits(condition: Mapping[str, Any], answer: Any) -> bool:
    test = condition["test"]
    if test == "yes":
        return bool(answer)
    if test == "no":
        return not answer
    if test == "in":
        return answer in condition["values"]
    low, high = condition["low"], condition["high"]
    return (low is None or answer >= low) and (high is None or answer <= high)


def _after(then: Mapping[str, Any] | None, known: dict[str, Any]) -> dict[str, Any]:
    """What is still known once an action is done (its `then`)."""
    if then is None:
        return known
    forget = then["forget"]
    kept = {} if forget == "all" else {k: v for k, v in known.items() if k not in forget}
    return {**kept, **then["know"]}


def _sample(kind: Mapping[str, Any], rng: Pcg32, weights: Mapping[str, int],
            candidates: list[Any] | None, cards: Mapping[str, list[list[str]]]) -> Any:  # fmt: skip
    """A random answer of a question's kind (`weights`: by the answer's repr)."""

    def weighted(options: list[Any]) -> Any:
        if not weights:
            return options[rng.below(len(options))]
        scale = [weights.get(_key(option), 0) for option in options]
        total = sum(scale)
        if total <= 0:
            return options[rng.below(len(options))]
        point = rng.below(total)
        for option, weight in zip(options, scale, strict=True):
            if point < weight:
                return option
            point -= weight
        return options[-1]  # pragma: no cover

    name = kind["kind"]
    if name == "yes-no":
        return weighted([True, False])
    if name == "number":
        return weighted(list(range(kind["low"], kind["high"] + 1)))
    if name == "numbers":
        count = kind["least"] + rng.below(kind["most"] - kind["least"] + 1)
        return [kind["low"] + rng.below(kind["high"] - kind["low"] + 1) for _ in range(count)]
    if name == "one-of":
        return weighted(list(kind["choices"]))
    if name in ("some-of", "candidates"):
        items = list(candidates or []) if name == "candidates" else list(kind["choices"])
        least = 1 if name == "candidates" else kind["least"]
        chosen = [item for item in items if rng.below(2)]
        while len(chosen) < least and items:
            chosen = [items[rng.below(len(items))]]
        return [item for item in items if item in chosen]
    listed = cards.get(kind["component"], [])
    return listed[rng.below(len(listed))][0] if listed else ""


def _least(kind: Mapping[str, Any]) -> Any:
    """The answer naming the fewest things (nothing, when a question allows it)."""
    if kind["kind"] == "some-of" and kind["least"] == 0:
        return []
    return None


def new_program(data: DeckData, start: Start, voice: Speaker) -> DeckGame:
    """One game of this deck, started as `start` says (the level asked for, else the
    default); runs in the browser too."""
    return DeckGame(data, start, voice)
