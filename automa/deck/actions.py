"""The automaton language's records of what a card does: questions and their answers,
actions, and the steps a program is written in (part of the `automa:` record of kind
`deck-automaton`, composed in `automa.deck.data`).

Each is a pydantic record, each unknown key an error; a tagged union (an answer, a step) is
told apart by its verb. The language is documented for designers in
docs/automaton-language.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from starpress.core.model import Record, Slug
from starpress.core.text import Text

Name = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
"""A name an expression can read: a variable, a question, a deck, a scoring category."""
Expr = str
"""An expression (`automa.deck.exprs`), checked by `problems`."""
Value = str | int | bool | None
"""What a `values:` entry or a `set:` holds in the YAML: an expression, or a number."""


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
    none: str | None = None
    """The message naming the empty answer (`nobody`): listed last, a page's button."""


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
    know: dict[Name, bool | Slug] = Field(default_factory=dict)
    """Answers now known: yes or no, or a choice of a one-of question."""


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

for _model in (Worded, Action, IfStep, EachStep):
    _model.model_rebuild()


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
