"""The automaton language as typed data: the `automa:` record of kind `deck-automaton`.

The shape (pydantic records, each unknown key an error) is checked first; then `problems`
walks the whole record for what only the whole can say: every name a step, a condition or an
expression uses exists where it is used, every message a line needs is written and gets its
values, every card of a `first` deck has a last resort, every level's deck holds cards of
its deck. Each problem is raised at its own place (a `ValidationError` whose location is the
YAML path), so the loader reports it as `automa.yaml:LINE:COL: …` like every content error.
Rule ids (`rules:` lists) and icons in the texts are checked by the loader's cross-checks.

The language is documented for designers in docs/automaton-language.md.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator, Mapping
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, Tag, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from starpress.automa.deck import exprs
from starpress.automa.engine.registry import ENGINE_MESSAGES
from starpress.core.model import Automa, Card, FieldValue, Game, PathKey, Plural, Record, Slug
from starpress.core.solo_sheet import (
    Condition,
    SheetAction,
    SheetCard,
    SheetDeck,
    SheetLevel,
    SoloSheet,
)
from starpress.core.text import Text

Name = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
"""A name an expression can read: a variable, a question, a deck, a scoring category."""
Expr = str
"""An expression (`automa.deck.exprs`), checked by `problems`."""
Value = str | int | bool | None
"""What a `values:` entry or a `set:` holds in the YAML: an expression, or a number."""

BUILTINS = ("round", "level", "bonus", "score", "seed", "mode", "table")
"""Names every expression may read (docs/automaton-language.md, Expressions)."""
PLAYERS = ("human", "bot")
"""The players of a deck's game unless its `end` names others."""
DECK_MESSAGES = ("bad_answer",)
"""What the interpreter itself says (a refused answer), besides the engine's messages."""
MOST_WAYS = 4096
"""A card with more ways through its questions is checked with random answers."""


class Worded(Record):
    """A value said in words: the message `say` with its `values`, or nothing (an empty
    text) when `when` is false."""

    say: str
    values: dict[str, ValueOrWorded] = Field(default_factory=dict)
    when: Expr | None = None


ValueOrWorded = Annotated[
    Annotated[Worded, Tag("worded")] | Annotated[Value, Tag("value")],
    Discriminator(lambda value: "worded" if isinstance(value, dict | Worded) else "value"),
]


class Check(Record):
    """A parsed answer the game refuses: when `refuse` (reading `answer`) is true, the
    message `say` with its `values` says why."""

    refuse: Expr
    say: str = "bad_answer"
    values: dict[str, ValueOrWorded] = Field(default_factory=dict)


class NumberAnswer(Record):
    number: tuple[int, int]


class NumbersSpec(Record):
    count: int | tuple[int, int]
    low: int = Field(ge=0)
    high: int = Field(le=999)


class NumbersAnswer(Record):
    numbers: NumbersSpec


class OneOfAnswer(Record):
    one_of: list[Slug] = Field(alias="one-of", min_length=2, max_length=12)
    words: str | None = None
    """Each choice's label is the message `<words><choice>` (default `<question>_`)."""


class SomeOfAnswer(Record):
    some_of: list[Slug] = Field(alias="some-of", min_length=1, max_length=12)
    words: str | None = None
    least: int = Field(default=0, ge=0)


class CardAnswer(Record):
    card: str
    """A component of the game: one of its cards, named by its printed mark or its name."""


Answer = Annotated[
    Annotated[Literal["yes-no"], Tag("yes-no")]
    | Annotated[Literal["candidates"], Tag("candidates")]
    | Annotated[NumberAnswer, Tag("number")]
    | Annotated[NumbersAnswer, Tag("numbers")]
    | Annotated[OneOfAnswer, Tag("one-of")]
    | Annotated[SomeOfAnswer, Tag("some-of")]
    | Annotated[CardAnswer, Tag("card")],
    Discriminator(
        lambda value: _tag(value, ("number", "numbers", "one-of", "some-of", "card")),
        custom_error_type="answer",
        custom_error_message="an answer is yes-no, candidates, or one of number, numbers, "
        "one-of, some-of, card",
    ),
]


class Question(Record):
    """What the person at the table is asked (docs/automaton-language.md, Questions)."""

    ask: str | None = None
    """Its message (default `ask_<name>`)."""
    key: str | None = None
    """Its key in the save file (default: its name)."""
    values: dict[str, ValueOrWorded] = Field(default_factory=dict)
    answer: Answer
    refused: Worded | None = None
    check: Check | None = None
    frequency: dict[str, int] = Field(default_factory=dict)
    """How often each answer comes when the deck plays alone (default: uniformly)."""


class Then(Record):
    """What doing an action changes of the answers known while its card is read."""

    forget: Literal["all"] | list[Name] = Field(default_factory=list)
    know: dict[Name, bool] = Field(default_factory=dict)


class Target(Record):
    """An action's target: the candidates `among`, narrowed by each question of `by`, a tie
    broken by `tie`; said with `say` (`{target}`, worded by the message prefix `words`)."""

    among: Expr | list[Slug]
    by: list[Name] = Field(default_factory=list)
    tie: Literal["first", "last", "random"] = "first"
    say: str
    words: str | None = None


class RulesWhen(Record):
    """Rules cited only when `when` holds."""

    when: Expr
    rules: list[str] = Field(min_length=1)


RuleRef = Annotated[
    Annotated[str, Tag("rule")] | Annotated[RulesWhen, Tag("when")],
    Discriminator(lambda value: "rule" if isinstance(value, str) else "when"),
]


class Action(Record):
    """One action of a card (docs/automaton-language.md, Actions and conditions)."""

    name: Slug | None = None
    text: Text | None = None
    say: str | None = None
    values: dict[str, ValueOrWorded] = Field(default_factory=dict)
    rules: list[RuleRef] = Field(default_factory=list)
    when: list[str | dict[str, Any]] = Field(default_factory=list)
    target: Target | None = None
    score: dict[Name, Value] = Field(default_factory=dict)
    do: list[Step] = Field(default_factory=list)
    then: Then | None = None


ActionOrName = Annotated[
    Annotated[Action, Tag("action")] | Annotated[Slug, Tag("name")],
    Discriminator(lambda value: "name" if isinstance(value, str) else "action"),
]


class SayStep(Record):
    say: str | None = None
    text: Text | None = None
    values: dict[str, ValueOrWorded] = Field(default_factory=dict)
    rules: list[RuleRef] = Field(default_factory=list)


class AskStep(Record):
    ask: Name


class FlipStep(Record):
    flip: Name


class PlayCard(Record):
    deck: Name
    card: Expr


class PlayStep(Record):
    play: Name | PlayCard


class SetStep(Record):
    set: dict[str, Value]


class AddStep(Record):
    add: dict[str, Value]


class ScoreStep(Record):
    score: dict[Name, Value]


class IfStep(Record):
    if_: Expr = Field(alias="if")
    then: list[Step] = Field(default_factory=list)
    else_: list[Step] = Field(default=[], alias="else")


class EachStep(Record):
    each: Expr
    as_: Name = Field(alias="as")
    index: Name | None = None
    do: list[Step] = Field(min_length=1)


class DrawStep(Record):
    draw: dict[Name, list[str | int]] = Field(min_length=1, max_length=1)
    stream: Slug | None = None


class EndStep(Record):
    end: Literal["game"]


STEP_VERBS = {"say": "say", "text": "say", "ask": "ask", "flip": "flip", "play": "play",
              "set": "set", "add": "add", "score": "score", "if": "if", "each": "each",
              "draw": "draw", "end": "end"}  # fmt: skip
Step = Annotated[
    Annotated[SayStep, Tag("say")]
    | Annotated[AskStep, Tag("ask")]
    | Annotated[FlipStep, Tag("flip")]
    | Annotated[PlayStep, Tag("play")]
    | Annotated[SetStep, Tag("set")]
    | Annotated[AddStep, Tag("add")]
    | Annotated[ScoreStep, Tag("score")]
    | Annotated[IfStep, Tag("if")]
    | Annotated[EachStep, Tag("each")]
    | Annotated[DrawStep, Tag("draw")]
    | Annotated[EndStep, Tag("end")],
    Discriminator(
        lambda value: _tag(value, tuple(STEP_VERBS), STEP_VERBS),
        custom_error_type="step",
        custom_error_message="a step is one of say (or text), ask, flip, play, set, add, score, "
        "if, each, draw, end",
    ),
]


CardKey = Annotated[
    int | Slug,
    BeforeValidator(lambda key: int(key) if isinstance(key, str) and key.isdigit() else key),
]
"""A card's number (a YAML key is read as text) or short name."""


class DeckCard(Record):
    """One card: its name, its data for the steps (`data`), its actions in the order tried,
    and its last resort."""

    name: Text | None = None
    data: dict[Name, str | int | list[str | int]] = Field(default_factory=dict)
    actions: list[ActionOrName] = Field(default_factory=list)
    last: ActionOrName | None = None


class Deck(Record):
    """One deck of the automaton (docs/automaton-language.md, Decks and cards)."""

    component: str | None = None
    resolve: Literal["first", "each"] = "first"
    on_empty: Literal["reshuffle", "end"] = "reshuffle"
    reshuffled: str | None = None
    refused: Worded | None = None
    """Why a number that is no card of the deck is refused (default: its range)."""
    flipped: Worded | None = None
    """Why a card already flipped is refused (`{card}` is read as `answer`)."""
    last: ActionOrName | None = None
    cards: dict[CardKey, DeckCard] = Field(min_length=1, max_length=60)


class Level(Record):
    """A difficulty: the cards shuffled into each deck (default: all) and its bonuses."""

    deck: dict[Name, list[int]] = Field(default_factory=dict)
    bonus: dict[Name, int] = Field(default_factory=dict)


class Rounds(Record):
    count: int = Field(ge=1, le=100)
    until: Expr | None = None


class Category(Record):
    """A category of the bot's score: what it counts, for the rules page."""

    text: Text | None = None


class TieBreakSpec(Record):
    key: Slug
    known: dict[str, Expr] = Field(default_factory=dict)
    higher_wins: bool = True


class EndSpec(Record):
    """How the winner is named (`automa.engine.state.Ending`): the players in turn order,
    the scores the program knows (the others are asked), the tie-breaks, a tie left."""

    rules: list[str] = Field(default=[], max_length=1)
    order: list[Slug] = Field(default=list(PLAYERS), min_length=1, max_length=6)
    scores: dict[str, Expr] | None = None
    """Default: the bot's score is the sum of its scoring categories."""
    tie_breaks: list[TieBreakSpec] = Field(default_factory=list)
    last: str = "shared"


class WordsEach(Record):
    each: str
    none: str | None = None


class WordsMap(Record):
    map: dict[str | int, str]


WordsSpec = Annotated[
    Annotated[str, Tag("prefix")]
    | Annotated[WordsEach, Tag("each")]
    | Annotated[WordsMap, Tag("map")],
    Discriminator(
        lambda value: (
            "prefix"
            if isinstance(value, str)
            else "map"
            if isinstance(value, WordsMap) or (isinstance(value, Mapping) and "map" in value)
            else "each"
        ),
        custom_error_type="words",
        custom_error_message="words: a message prefix, {each: prefix}, or {map: …}",
    ),
]


class DeckRules(Record):
    """A whole automaton in the language (without the fields every bot's data has)."""

    default_level: Slug
    levels: dict[Slug, Level] = Field(min_length=1, max_length=12)
    variables: dict[Name, Any] = Field(default_factory=dict)
    words: dict[str, WordsSpec] = Field(default_factory=dict)
    questions: dict[Name, Question] = Field(default_factory=dict)
    actions: dict[Slug, Action] = Field(default_factory=dict)
    decks: dict[Name, Deck] = Field(min_length=1, max_length=12)
    scoring: dict[Name, Category] = Field(default_factory=dict)
    setup: list[Step] = Field(default_factory=list)
    rounds: Rounds
    round: list[Step] = Field(min_length=1)
    finish: list[Step] = Field(default_factory=list)
    status: list[Step] = Field(default_factory=list)
    end: EndSpec = EndSpec()

    def problems(self, messages: Mapping[str, Text | Plural]) -> list[tuple[PathKey, str]]:
        """Everything the whole record gets wrong, each at its path (`messages`: the bot's)."""
        return _Checker(self, messages).run()


class DeckAutomaton(Automa, DeckRules):
    """A designer's automaton: its deck, rules and messages (kind `deck-automaton`)."""

    kind: Literal["deck-automaton"]

    def printed_cards(self, game_id: str) -> list[Card]:
        """Every card of each deck that names a `component`, as a card of the game for the
        kit: `number`, `name`, `actions` (each one's text, in the order tried) and `last`
        (its last resort). Its texts are the deck's own (their ids), so they are translated
        once; an action said with a message prints that message."""
        cards = []
        for deck_name, deck in self.decks.items():
            if deck.component is None:
                continue
            for number, card in deck.cards.items():
                fields: dict[str, FieldValue] = {}
                if isinstance(number, int):
                    fields["number"] = number
                lines = [self._printed(action) for action in card.actions]
                fields["actions"] = [line for line in lines if line is not None]
                last = self._printed(card.last or deck.last)
                if last is not None:
                    fields["last"] = last
                slug = f"automaton-{deck_name.replace('_', '-')}-{number}"
                cards.append(
                    Card(
                        id=f"{game_id}.card.{slug}",
                        component=deck.component,
                        name=card.name,
                        fields=fields,
                        provenance=self.provenance,
                    )
                )
        return cards

    def solo_sheet(self, game: Game) -> SoloSheet:
        """The deck as its rules page shows it, in the words of the (localised) `game`."""
        return sheet_of(self, self.messages, game)

    def _printed(self, action: Action | str | None) -> Text | None:
        """What a card prints of an action: its text, else its message (a plain one)."""
        found = self.actions.get(action) if isinstance(action, str) else action
        if found is None:
            return None
        if found.text is not None:
            return found.text
        message = self.messages.get(found.say or "")
        return message if isinstance(message, Text) else None

    @model_validator(mode="after")
    def _whole(self) -> DeckAutomaton:
        problems = [
            *self.problems(self.messages),
            *(
                (("messages",), f"missing message '{key}' (every bot words what the engine says)")
                for key in ENGINE_MESSAGES
                if key not in self.messages
            ),
        ]
        raise_problems("DeckAutomaton", problems)
        return self


def raise_problems(title: str, problems: list[tuple[PathKey, str]]) -> None:
    """Raise every problem at its place (the loader locates each in the YAML)."""
    if problems:
        errors = [
            InitErrorDetails(
                type=PydanticCustomError("value_error", "{error}", {"error": message}),
                loc=loc,
                input=None,
            )
            for loc, message in problems
        ]
        raise ValidationError.from_exception_data(title, errors)


def _tag(value: Any, verbs: tuple[str, ...], tags: Mapping[str, str] | None = None) -> str | None:
    """The tag of a tagged union: a string is its own tag; a mapping's is the first of
    `verbs` it has as a key; a record's is its class's among `verbs`."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        for verb in verbs:
            if verb in value:
                return (tags or {}).get(verb, verb)
        return None
    for verb in verbs:
        kind = _RECORDS.get((tags or {}).get(verb, verb))
        if kind is not None and isinstance(value, kind):
            return (tags or {}).get(verb, verb)
    return None


_RECORDS: dict[str, type[Record]] = {
    "say": SayStep, "ask": AskStep, "flip": FlipStep, "play": PlayStep, "set": SetStep,
    "add": AddStep, "score": ScoreStep, "if": IfStep, "each": EachStep, "draw": DrawStep,
    "end": EndStep, "number": NumberAnswer, "numbers": NumbersAnswer, "one-of": OneOfAnswer,
    "some-of": SomeOfAnswer, "card": CardAnswer,
}  # fmt: skip
"""The record of each tag of the steps' and the answers' unions."""

for _model in (Worded, Action, IfStep, EachStep, DeckCard, Deck, DeckRules, DeckAutomaton):
    _model.model_rebuild()


# -- the whole record's checks ------------------------------------------------------------


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


class _Checker:
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
            for question in then.know:
                self._yes_no((*loc, "then", "know", question), question)

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


YES = ("yes", "true", "True")
NO = ("no", "false", "False")
"""How a yes or a no is written as a key (YAML reads `yes:` as the key `True`)."""


def frequency_answer(answer: Any, key: str) -> bool | str | int | None:
    """The answer a `frequency` key stands for (None: no answer of this question)."""
    if answer == "yes-no":
        return True if key in YES else False if key in NO else None
    if isinstance(answer, OneOfAnswer):
        return key if key in answer.one_of else None
    if isinstance(answer, NumberAnswer) and key.isdigit():
        number = int(key)
        return number if answer.number[0] <= number <= answer.number[1] else None
    return None


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


# -- the rules page's sheet ----------------------------------------------------------------


def sheet_of(rules: DeckRules, messages: Mapping[str, Text | Plural], game: Game) -> SoloSheet:
    """The deck as a rules page shows it (`starpress.core.solo_sheet`): the cards of every
    deck that is played or printed, in order."""
    sheet = _Sheet(rules, messages, game)
    played = {deck for deck, *_rest in walk_actions(rules)}
    decks = tuple(
        sheet.deck(name, deck)
        for name, deck in rules.decks.items()
        if deck.component is not None
        or (name in played and any(card.actions or card.last for card in deck.cards.values()))
    )
    levels = tuple(
        SheetLevel(
            name,
            sheet.said(f"level_{name}") or name,
            tuple(
                (deck_name, tuple(level.deck.get(deck_name) or list(deck.cards)))
                for deck_name, deck in rules.decks.items()
                if deck_name in {d.name for d in decks}
            ),
            tuple(sorted(level.bonus.items())),
        )
        for name, level in rules.levels.items()
    )
    scoring = tuple((name, category.text) for name, category in rules.scoring.items())
    return SoloSheet(decks, levels, scoring, rules.rounds.count)


class _Sheet:
    def __init__(self, rules: DeckRules, messages: Mapping[str, Text | Plural],
                 game: Game) -> None:  # fmt: skip
        self.rules = rules
        self.messages = messages
        self.names = {card.id: str(card.name) for card in game.cards if card.name}

    def said(self, key: str) -> str:
        message = self.messages.get(key)
        return str(message) if isinstance(message, Text) else ""

    def deck(self, name: str, deck: Deck) -> SheetDeck:
        cards = []
        for number, card in deck.cards.items():
            actions = tuple(self.action(item) for item in card.actions)
            last = card.last or deck.last
            cards.append(SheetCard(number, card.name, actions, self.action(last) if last else None))
        return SheetDeck(name, deck.resolve == "first", deck.on_empty == "reshuffle", tuple(cards))

    def action(self, item: Action | str) -> SheetAction:
        action = self.rules.actions[item] if isinstance(item, str) else item
        text = action.text
        if text is None and isinstance(self.messages.get(action.say or ""), Text):
            text = self.messages[action.say or ""]  # type: ignore[assignment]
        conditions = tuple(
            found for condition in action.when if (found := self.condition(condition))
        )
        target: tuple[str, ...] = ()
        tie = ""
        if action.target is not None:
            target = tuple(self.question(name) for name in action.target.by)
            tie = action.target.tie
        rules = tuple(
            rule for ref in action.rules for rule in ([ref] if isinstance(ref, str) else ref.rules)
        )
        return SheetAction(text if isinstance(text, Text) else None, conditions, target, tie, rules)

    def question(self, name: str) -> str:
        """A question as the table asks it, without its list of answers or its values."""
        question = self.rules.questions.get(name)
        words = self.said((question.ask if question else None) or f"ask_{name}")
        before = words.split("{options}")[0]
        words = before if before.strip(" ([") else words.replace("{options}", "")
        words = re.sub(r"\{[a-z_]+\}", "…", words)
        return words.strip().rstrip("([").strip()

    def condition(self, condition: str | dict[str, Any]) -> Condition | None:
        if isinstance(condition, str):
            negated, name = condition.startswith("not "), condition.split()[-1]
            return Condition(
                self.question(name), self.said("answer_no" if negated else "answer_yes")
            )
        ((name, wanted),) = condition.items()
        if name == "if":
            return None  # computed, not asked
        question = self.rules.questions.get(name)
        if isinstance(wanted, dict):
            low, high = wanted.get("at_least"), wanted.get("at_most")
            answer = (
                f"{low}–{high}"
                if low is not None and high is not None
                else (f"≥ {low}" if low is not None else f"≤ {high}")
            )
        else:
            prefix = ""
            if question is not None and isinstance(question.answer, OneOfAnswer):
                prefix = question.answer.words if question.answer.words is not None else f"{name}_"
            game_id = next(iter(self.names), "").split(".", 1)[0]
            answer = ", ".join(
                self.said(f"{prefix}{value}")
                or self.names.get(str(value) if str(value).startswith(f"{game_id}.")
                                  else f"{game_id}.{value}", str(value))
                for value in wanted
            )  # fmt: skip
        return Condition(self.question(name), answer)
