"""The automaton language's checks of a whole record (`automa.deck.data.DeckRules`).

The shape of each record is pydantic's to check; what only the whole can say is checked
here: every name a step, a condition or an expression uses exists where it is used, every
message a line needs is written and gets its values, every card of a `first` deck has a last
resort, every level's deck holds cards of its deck. Each problem is a (YAML path, message)
pair, raised at its own place by `automa.deck.data.raise_problems`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from starpress.automa.deck import exprs
from starpress.automa.deck.actions import (
    Action,
    AddStep,
    AskStep,
    CardAnswer,
    DrawStep,
    EachStep,
    FlipStep,
    IfStep,
    NumberAnswer,
    NumbersAnswer,
    OneOfAnswer,
    PlayCard,
    PlayStep,
    Question,
    RuleRef,
    RulesWhen,
    SayStep,
    ScoreStep,
    SetStep,
    SomeOfAnswer,
    Target,
    Value,
    Worded,
    frequency_answer,
)
from starpress.core.model import PathKey, Plural
from starpress.core.text import Text

if TYPE_CHECKING:
    from starpress.automa.deck.data import Deck, DeckRules

BUILTINS = ("round", "level", "bonus", "score", "seed", "mode", "table")
"""Names every expression may read (docs/automaton-language.md, Expressions)."""
DECK_MESSAGES = ("bad_answer",)
"""What the interpreter itself says (a refused answer), besides the engine's messages."""


def placeholders(message: Text | Plural | str) -> set[str]:
    """The `{name}` placeholders of a message (every form of a plural one)."""
    forms = (
        [getattr(message, c) for c in ("zero", "one", "two", "few", "many", "other")]
        if isinstance(message, Plural)
        else [message]
    )
    found = set()
    for form in forms:
        if form is None:
            continue
        try:
            found |= {name for _lit, name, _spec, _conv in string.Formatter().parse(str(form))
                      if name}  # fmt: skip
        except ValueError:
            continue  # braces that are no placeholder: said as written
    return found


_CONDITION = re.compile(r"^(not\s+)?([a-z][a-z0-9_]*)$")


class Checker:
    """Walks a deck record once, with the names in scope at each place."""

    def __init__(self, rules: DeckRules, messages: Mapping[str, Text | Plural]) -> None:
        self.rules = rules
        self.messages = messages
        self.found: list[tuple[PathKey, str]] = []
        self.flipped: set[str] = set()
        self.played: set[str] = set()

    def run(self) -> list[tuple[PathKey, str]]:
        rules = self.rules
        self._names()
        self._levels()
        for key in DECK_MESSAGES:
            self._message(("messages",), key, (), ["answer", "hint"])
        if rules.end.pad == "rounds":  # the pad's lines are named by it
            self._message(("end", "pad"), "pad_round", (), ["round"])
        base = self.base_scope()
        # questions and shared actions are used inside steps: a loop's names may be read
        anywhere = {*base, *_loop_names(rules)}
        for name, question in rules.questions.items():
            self._question(("questions", name), name, question, anywhere)
        for name, action in rules.actions.items():
            self._action(("actions", name), action, anywhere, None)
        for name, deck in rules.decks.items():
            self._deck(("decks", name), name, deck, anywhere)
        for section in ("setup", "round", "finish", "status"):
            steps = getattr(rules, section)
            # the status is said at any question, before anything is asked or flipped
            scope = {*BUILTINS, *rules.variables} if section == "status" else base
            self._steps((section,), steps, scope)
            if section == "status" and any(not isinstance(s, SayStep) for s in steps):
                self.report((section,), "the status only says things (say or text steps)")
        if rules.rounds.until is not None:
            self._expr(("rounds", "until"), rules.rounds.until, base)
        for name in sorted(self.flipped):
            if name in rules.decks:
                self._flip_messages(("decks", name), name, rules.decks[name])
        for name in sorted(self.played):
            if name in rules.decks:
                self._played(("decks", name), rules.decks[name])
        self._end(base)
        return self.found

    def report(self, loc: PathKey, message: str) -> None:
        self.found.append((loc, message))

    def base_scope(self) -> set[str]:
        rules = self.rules
        return {*BUILTINS, *rules.variables, *rules.decks, *rules.questions}

    # -- names ------------------------------------------------------------------------

    def _names(self) -> None:
        rules = self.rules
        seen: dict[str, str] = {name: "a name of the language" for name in BUILTINS}
        for kind, names in (("variable", rules.variables), ("deck", rules.decks),
                            ("question", rules.questions)):  # fmt: skip
            for name in names:
                section = {"variable": "variables", "deck": "decks", "question": "questions"}
                if name in seen:
                    self.report((section[kind], name), f"'{name}' is already {seen[name]}")
                elif name in exprs.FUNCTIONS or name in exprs.CONSTANTS:
                    self.report((section[kind], name), f"'{name}' is a word of the language")
                else:
                    seen[name] = f"a {kind}"

    def _levels(self) -> None:
        rules = self.rules
        if rules.default_level not in rules.levels:
            self.report(("default_level",), f"default_level '{rules.default_level}' is not "
                        f"one of the levels ({', '.join(rules.levels)})")  # fmt: skip
        for name, level in rules.levels.items():
            for deck_name, numbers in level.deck.items():
                loc: PathKey = ("levels", name, "deck", deck_name)
                deck = rules.decks.get(deck_name)
                if deck is None:
                    self.report(loc, f"unknown deck '{deck_name}' (decks: {_listed(rules.decks)})")
                    continue
                missing = [n for n in numbers if n not in deck.cards]
                if missing:
                    self.report(loc, f"deck '{deck_name}' has no card {missing[0]}")
                if not numbers or len(set(numbers)) != len(numbers):
                    self.report(loc, "a level's deck names each of its cards once, at least one")

    # -- messages ---------------------------------------------------------------------

    def _message(self, loc: PathKey, key: str, needs: Iterable[str],
                 gives: Iterable[str] | None = None) -> None:  # fmt: skip
        """`key` must be a message; when `gives` is known, its placeholders must be given
        (`needs`: placeholders it must have, such as `target`)."""
        message = self.messages.get(key)
        if message is None:
            self.report(loc, f"missing message '{key}' (write it under messages)")
            return
        have = placeholders(message)
        for name in needs:
            if name not in have:
                self.report(loc, f"message '{key}' must say {{{name}}}")
        if gives is not None:
            given = set(gives)
            for name in sorted(have - given):
                self.report(loc, f"message '{key}' says {{{name}}}, which is not given here")

    def _values(self, loc: PathKey, values: Mapping[str, Any], scope: set[str]) -> None:
        for name, value in values.items():
            where = (*loc, name)
            if isinstance(value, Worded):
                self._message(where, value.say, (), value.values)
                self._values((*where, "values"), value.values, scope)
                if value.when is not None:
                    self._expr((*where, "when"), value.when, scope)
            elif isinstance(value, str):
                self._expr(where, value, scope)

    def _refusal(self, loc: PathKey, worded: Worded, scope: set[str]) -> None:
        """A refusal's message: its values, and the answer typed (`{answer}`)."""
        self._message(loc, worded.say, (), ["answer", *worded.values])
        self._values((*loc, "values"), worded.values, scope)

    def _say(self, loc: PathKey, key: str | None, text: Text | None,
             values: Mapping[str, Any], rules: list[RuleRef], scope: set[str],
             extra: Iterable[str] = ()) -> None:  # fmt: skip
        if (key is None) == (text is None):
            self.report(loc, "say a message (say: key) or a text (text: …), one of them")
        elif key is not None:
            self._message((*loc, "say"), key, (), [*values, *extra])
        elif text is not None and ("{" in text or "}" in text):
            self.report((*loc, "text"), "a text is said as written: no {placeholders} "
                        "(use a message with values)")  # fmt: skip
        self._values((*loc, "values"), values, scope)
        for index, rule in enumerate(rules):
            if isinstance(rule, RulesWhen):
                self._expr((*loc, "rules", index, "when"), rule.when, scope)

    # -- expressions ------------------------------------------------------------------

    def _expr(self, loc: PathKey, text: str, scope: set[str]) -> None:
        try:
            used = exprs.names(text)
        except exprs.ExprError as error:
            self.report(loc, f"expression {text!r}: {error}")
            return
        for name in used:
            if name not in scope:
                near = sorted(scope, key=lambda known: (_distance(known, name), known))[:6]
                self.report(loc, f"expression {text!r}: unknown name '{name}' "
                            f"(names like it here: {_listed(near)})")  # fmt: skip
        for name, key in exprs.attributes(text):
            keys = self.keys_of(name)
            if keys is not None and key not in keys and name in scope:
                self.report(loc, f"expression {text!r}: {name} has no '{key}' "
                            f"({name}: {_listed(sorted(keys))})")  # fmt: skip

    def keys_of(self, name: str) -> set[str] | None:
        """The keys a name holds, when the record says them all: a level's bonuses, the
        scoring categories, a deck's card data (None: a variable, whose keys may change)."""
        rules = self.rules
        if name == "bonus":
            return {bonus for level in rules.levels.values() for bonus in level.bonus}
        if name == "score":
            return set(rules.scoring)
        deck = rules.decks.get(name)
        if deck is not None:
            fields = {field for card in deck.cards.values() for field in card.data}
            return {"number", "name", *fields}
        return None

    def _write(self, loc: PathKey, target: str, scope: set[str]) -> None:
        try:
            name, key = exprs.target(target)
            exprs.names(target)
        except exprs.ExprError as error:
            self.report(loc, f"'{target}': {error}")
            return
        if name not in self.rules.variables:
            listed = _listed(self.rules.variables)
            self.report(loc, f"'{name}' is not a variable (variables: {listed}): declare it")
        if key is not None:
            for used in exprs.names(target)[1:]:
                if used not in scope:
                    self.report(loc, f"'{target}': unknown name '{used}'")

    # -- questions --------------------------------------------------------------------

    def _question(self, loc: PathKey, name: str, question: Question, scope: set[str]) -> None:
        prompt = question.ask or f"ask_{name}"
        self._message((*loc, "ask"), prompt, (), ["options", *question.values])
        self._values((*loc, "values"), question.values, scope)
        answer = question.answer
        if isinstance(answer, OneOfAnswer | SomeOfAnswer):
            choices = answer.one_of if isinstance(answer, OneOfAnswer) else answer.some_of
            prefix = answer.words if answer.words is not None else f"{name}_"
            for choice in choices:
                self._message((*loc, "answer"), f"{prefix}{choice}", (), [])
            if isinstance(answer, SomeOfAnswer) and answer.none is not None:
                self._message((*loc, "answer", "none"), answer.none, (), [])
                if answer.least:
                    self.report((*loc, "answer", "none"), "none: only when no choice is needed "
                                "(least: 0)")  # fmt: skip
            if len(set(choices)) != len(choices):
                self.report((*loc, "answer"), "each choice once")
        elif answer == "yes-no":
            for key in ("answer_yes", "answer_no"):
                self._message((*loc, "answer"), key, (), [])
        elif isinstance(answer, NumberAnswer):
            low, high = answer.number
            if not 0 <= low <= high <= 999:
                self.report(
                    (*loc, "answer", "number"), "a range of numbers from 0 to 999, low first"
                )
        elif isinstance(answer, NumbersAnswer):
            spec = answer.numbers
            least, most = (spec.count, spec.count) if isinstance(spec.count, int) else spec.count
            if not 1 <= least <= most <= 12 or spec.low > spec.high:
                self.report((*loc, "answer", "numbers"), "count: 1 to 12 numbers (or [least, "
                            "most]), low ≤ high")  # fmt: skip
        if question.refused is not None:
            self._refusal((*loc, "refused"), question.refused, scope)
        if question.check is not None:
            check = question.check
            inner = {*scope, "answer"}
            self._expr((*loc, "check", "refuse"), check.refuse, inner)
            self._refusal((*loc, "check"), Worded(say=check.say, values=check.values), inner)
        for value in question.frequency:
            if frequency_answer(answer, value) is None:
                self.report((*loc, "frequency", value), f"'{value}' is not an answer of it "
                            "(frequency is for yes-no, one-of and number questions)")  # fmt: skip
        for value, weight in question.frequency.items():
            if weight < 0:
                self.report((*loc, "frequency", value), "a frequency is 0 or more")

    # -- decks, cards and actions -----------------------------------------------------

    def _deck(self, loc: PathKey, name: str, deck: Deck, scope: set[str]) -> None:
        if deck.reshuffled is not None:
            self._message((*loc, "reshuffled"), deck.reshuffled, (), [])
        if deck.last is not None:
            self._last((*loc, "last"), deck.last, scope, deck.resolve)
        for number, card in deck.cards.items():
            where = (*loc, "cards", str(number))  # as written: a YAML key is text
            if isinstance(number, int) and number < 1:
                self.report(where, "cards are numbered from 1")
            if isinstance(number, str) and not re.fullmatch(r"[a-z][a-z0-9-]*", number):
                self.report(where, f"a card is named by its number or a short name, not {number!r}")
            for index, action in enumerate(card.actions):
                if isinstance(action, str):
                    if action not in self.rules.actions:
                        self.report((*where, "actions", index), f"unknown action '{action}' "
                                    f"(actions: {_listed(self.rules.actions)})")  # fmt: skip
                else:
                    self._action((*where, "actions", index), action, scope, deck.resolve)
            if card.last is not None:
                self._last((*where, "last"), card.last, scope, deck.resolve)

    def _played(self, loc: PathKey, deck: Deck) -> None:
        """A deck whose cards are read (`play`): each card does something, always."""
        for number, card in deck.cards.items():
            where = (*loc, "cards", str(number))
            if deck.resolve == "first" and card.last is None and deck.last is None:
                self.report(where, "a card of a 'first' deck needs a last resort (last: …), "
                            "its own or its deck's")  # fmt: skip
            elif not card.actions and card.last is None and deck.last is None:
                self.report(where, "a card that is played does something: actions, or a last "
                            "resort")  # fmt: skip

    def _last(self, loc: PathKey, last: Action | str, scope: set[str], resolve: str) -> None:
        """A last resort: an action (or a shared action's name) without conditions."""
        if isinstance(last, str):
            if last not in self.rules.actions:
                self.report(
                    loc, f"unknown action '{last}' (actions: {_listed(self.rules.actions)})"
                )
            elif self.rules.actions[last].when:
                self.report(loc, f"a last resort always applies: action '{last}' has conditions")
            return
        self._action(loc, last, scope, resolve, last=True)

    def _action(self, loc: PathKey, action: Action, scope: set[str], resolve: str | None,
                last: bool = False) -> None:  # fmt: skip
        inner = set(scope)
        if action.target is not None:
            self._target((*loc, "target"), action.target, scope)
            inner.add("target")
        self._say(loc, action.say, action.text, action.values, action.rules, inner)
        if last and action.when:
            self.report((*loc, "when"), "a last resort always applies: no conditions")
        for index, condition in enumerate(action.when):
            self._condition((*loc, "when", index), condition, scope)
        for category, value in action.score.items():
            self._score((*loc, "score", category), category, value, inner)
        self._steps((*loc, "do"), action.do, inner)
        if action.then is not None:
            then = action.then
            if resolve == "first":
                self.report((*loc, "then"), "'then' changes what the next actions of a card "
                            "know: only in an 'each' deck")  # fmt: skip
            for question in [] if then.forget == "all" else then.forget:
                self._yes_no((*loc, "then", "forget"), question, need_yes_no=False)
            for question, known in then.know.items():
                self._known((*loc, "then", "know", question), question, known)

    def _target(self, loc: PathKey, target: Target, scope: set[str]) -> None:
        if isinstance(target.among, str):
            self._expr((*loc, "among"), target.among, scope)
        for index, question in enumerate(target.by):
            found = self.rules.questions.get(question)
            if found is None:
                self.report((*loc, "by", index), f"unknown question '{question}' "
                            f"(questions: {_listed(self.rules.questions)})")  # fmt: skip
            elif found.answer != "candidates":
                self.report((*loc, "by", index), f"question '{question}' of a priority list "
                            "is answered with the candidates: answer: candidates")  # fmt: skip
        self._message((*loc, "say"), target.say, ("target",), ["target"])
        if target.words is not None and isinstance(target.among, list):
            for candidate in target.among:
                self._message((*loc, "words"), f"{target.words}{candidate}", (), [])

    def _condition(self, loc: PathKey, condition: str | dict[str, Any], scope: set[str]) -> None:
        if isinstance(condition, str):
            match = _CONDITION.match(condition.strip())
            if match is None:
                self.report(loc, f"a condition is a yes/no question, 'not' one, or {{if: …}} "
                            f"(got {condition!r})")  # fmt: skip
                return
            self._yes_no(loc, match.group(2))
            return
        if len(condition) != 1:
            self.report(loc, "a condition is one question (or if: …)")
            return
        ((name, wanted),) = condition.items()
        if name == "if":
            if not isinstance(wanted, str):
                self.report((*loc, "if"), "if: an expression")
            else:
                self._expr((*loc, "if"), wanted, scope)
            return
        question = self.rules.questions.get(name)
        if question is None:
            self.report((*loc, name), f"unknown question '{name}' "
                        f"(questions: {_listed(self.rules.questions)})")  # fmt: skip
            return
        answer = question.answer
        if isinstance(wanted, dict):
            if (
                not isinstance(answer, NumberAnswer)
                or not wanted
                or set(wanted) - {"at_least", "at_most"}
                or not all(isinstance(v, int) for v in wanted.values())
            ):
                self.report((*loc, name), f"{{at_least: n, at_most: n}} is for a question "
                            f"answered with a number ('{name}' is not, or the bounds are not "
                            "numbers)")  # fmt: skip
        elif isinstance(wanted, list):
            if not isinstance(answer, OneOfAnswer | CardAnswer):
                self.report((*loc, name), f"a list of answers is for a one-of or card question "
                            f"('{name}' is not)")  # fmt: skip
            elif isinstance(answer, OneOfAnswer):
                for value in wanted:
                    if value not in answer.one_of:
                        self.report((*loc, name), f"'{value}' is not a choice of '{name}' "
                                    f"({_listed(answer.one_of)})")  # fmt: skip
        else:
            self.report((*loc, name), "a question's condition is a list of answers, or "
                        "{at_least: n} / {at_most: n}")  # fmt: skip

    def _known(self, loc: PathKey, name: str, known: bool | str) -> None:
        """An answer `then` knows: yes or no of a yes-no question, a choice of a one-of."""
        answer = getattr(self.rules.questions.get(name), "answer", None)
        if isinstance(known, bool) or not isinstance(answer, OneOfAnswer):
            self._yes_no(loc, name)
        elif known not in answer.one_of:
            self.report(loc, f"'{known}' is not a choice of '{name}' ({_listed(answer.one_of)})")

    def _yes_no(self, loc: PathKey, name: str, need_yes_no: bool = True) -> None:
        question = self.rules.questions.get(name)
        if question is None:
            self.report(loc, f"unknown question '{name}' (questions: "
                        f"{_listed(self.rules.questions)})")  # fmt: skip
        elif need_yes_no and question.answer != "yes-no":
            self.report(loc, f"question '{name}' is not answered yes or no: write "
                        f"{{{name}: [answers]}} or {{{name}: {{at_least: n}}}}")  # fmt: skip

    def _score(self, loc: PathKey, category: str, value: Value, scope: set[str]) -> None:
        if category not in self.rules.scoring:
            self.report(loc, f"unknown scoring category '{category}' "
                        f"(scoring: {_listed(self.rules.scoring)})")  # fmt: skip
        if isinstance(value, str):
            self._expr(loc, value, scope)
        elif not isinstance(value, int) or isinstance(value, bool):
            self.report(loc, "a score is a number or an expression")

    def _flip_messages(self, loc: PathKey, name: str, deck: Deck) -> None:
        if not all(isinstance(number, int) for number in deck.cards):
            self.report(loc, f"deck '{name}' is flipped: its cards are numbered")
        self._message(loc, f"ask_{name}_card", ("options",), ["options"])
        for kind in ("refused", "flipped"):
            worded = getattr(deck, kind)
            if worded is not None:
                scope = {*self.base_scope(), *(["answer"] if kind == "flipped" else [])}
                self._refusal((*loc, kind), worded, scope)

    # -- steps ------------------------------------------------------------------------

    def _steps(self, loc: PathKey, steps: list[Any], scope: set[str]) -> None:
        for index, step in enumerate(steps):
            self._step((*loc, index), step, scope)

    def _step(self, loc: PathKey, step: Any, scope: set[str]) -> None:
        rules = self.rules
        if isinstance(step, SayStep):
            self._say(loc, step.say, step.text, step.values, step.rules, scope)
        elif isinstance(step, AskStep):
            if step.ask not in rules.questions:
                self.report((*loc, "ask"), f"unknown question '{step.ask}' "
                            f"(questions: {_listed(rules.questions)})")  # fmt: skip
            elif rules.questions[step.ask].answer == "candidates":
                self.report((*loc, "ask"), "a question answered with candidates is asked by "
                            "a target's priority list")  # fmt: skip
        elif isinstance(step, FlipStep):
            if step.flip not in rules.decks:
                self.report((*loc, "flip"), f"unknown deck '{step.flip}' "
                            f"(decks: {_listed(rules.decks)})")  # fmt: skip
            else:
                self.flipped.add(step.flip)
        elif isinstance(step, PlayStep):
            deck = step.play if isinstance(step.play, str) else step.play.deck
            self.played.add(deck)
            if deck not in rules.decks:
                self.report(
                    (*loc, "play"), f"unknown deck '{deck}' (decks: {_listed(rules.decks)})"
                )
            if isinstance(step.play, PlayCard):
                self._expr((*loc, "play", "card"), step.play.card, scope)
        elif isinstance(step, SetStep | AddStep):
            changes = step.set if isinstance(step, SetStep) else step.add
            verb = "set" if isinstance(step, SetStep) else "add"
            for target, value in changes.items():
                self._write((*loc, verb, target), target, scope)
                if isinstance(value, str):
                    self._expr((*loc, verb, target), value, scope)
        elif isinstance(step, ScoreStep):
            for category, value in step.score.items():
                self._score((*loc, "score", category), category, value, scope)
        elif isinstance(step, IfStep):
            self._expr((*loc, "if"), step.if_, scope)
            self._steps((*loc, "then"), step.then, scope)
            self._steps((*loc, "else"), step.else_, scope)
        elif isinstance(step, EachStep):
            self._expr((*loc, "each"), step.each, scope)
            inner = {*scope, step.as_, *([step.index] if step.index else [])}
            for name in (step.as_, step.index):
                if name is not None and name in scope:
                    self.report((*loc, "as"), f"'{name}' is already a name here: choose another")
            self._steps((*loc, "do"), step.do, inner)
        elif isinstance(step, DrawStep):
            for name, options in step.draw.items():
                if name not in rules.variables:
                    self.report((*loc, "draw", name), f"'{name}' is not a variable: declare it "
                                "under variables")  # fmt: skip
                if len(options) < 2:
                    self.report((*loc, "draw", name), "a draw is among two things or more")

    def _end(self, scope: set[str]) -> None:
        end = self.rules.end
        for player in end.order:
            self._message(("end", "order"), f"player_{player}", (), [])
        for player, expression in (end.scores or {}).items():
            if player not in end.order:
                self.report(("end", "scores", player), f"'{player}' is not a player of the end's "
                            f"order ({_listed(end.order)})")  # fmt: skip
            self._expr(("end", "scores", player), expression, scope)
        if end.scores is None and "bot" not in end.order:
            self.report(("end", "scores"), "say each known score (the default scores the "
                        "player 'bot')")  # fmt: skip
        for index, tie in enumerate(end.tie_breaks):
            self._message(("end", "tie_breaks", index), f"tie_{tie.key}", (), [])
            if any(p not in tie.known for p in end.order):
                self._message(("end", "tie_breaks", index), f"ask_{tie.key}", (), ["player"])
            for player, expression in tie.known.items():
                self._expr(("end", "tie_breaks", index, "known", player), expression, scope)
        if end.last not in ("shared", "later", *end.order):
            self.report(("end", "last"), "last is shared, later or one of the players")


def _loop_names(rules: DeckRules) -> set[str]:
    """Every name a loop (`each … as`, `index`) gives, anywhere in the record."""
    found: set[str] = set()

    def walk(steps: Iterable[Any]) -> None:
        for step in steps:
            if isinstance(step, EachStep):
                found.update(name for name in (step.as_, step.index) if name)
                walk(step.do)
            elif isinstance(step, IfStep):
                walk(step.then)
                walk(step.else_)

    for section in (rules.setup, rules.round, rules.finish):
        walk(section)
    for action in [*rules.actions.values(), *(a for *_, a in walk_actions(rules))]:
        walk(action.do)
    return found


def _distance(one: str, other: str) -> int:
    """How far apart two names are (Levenshtein), to suggest the names near a typo."""
    previous = list(range(len(other) + 1))
    for i, a in enumerate(one, 1):
        current = [i]
        for j, b in enumerate(other, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b)))
        previous = current
    return previous[-1]


def _listed(names: Iterable[Any]) -> str:
    shown = [str(name) for name in names]
    return ", ".join(shown) if shown else "none"


def walk_actions(rules: DeckRules) -> Iterator[tuple[str, int | str, int | None, Action]]:
    """Every action of every card: (deck, card, position or None for the last resort, action),
    a shared action once per card that names it (an unknown name, reported by `problems`,
    is left out)."""
    for deck_name, deck in rules.decks.items():
        for number, card in deck.cards.items():
            for index, item in enumerate(card.actions):
                action = rules.actions.get(item) if isinstance(item, str) else item
                if action is not None:
                    yield deck_name, number, index, action
            last = card.last or deck.last
            resort = rules.actions.get(last) if isinstance(last, str) else last
            if resort is not None:
                yield deck_name, number, None, resort
