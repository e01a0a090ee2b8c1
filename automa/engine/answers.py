"""What a question may be answered with, as data: the answer kinds of a bot's `Ask`.

A question carries one answer kind (click's `Choice`, rich's `Prompt.ask(choices=…)`), and
every interface renders it, nothing reads a rendered sentence back:

    OneOf     one of a list of choices: each its key (what the log keeps), its label in the
              session's language, an optional hint, the action it stands for
    Number    a whole number in a range
    Several   several answers of one kind (colours, numbers), separated by spaces or commas
    Parts     an answer of a few parts in order (a colour and a level)
    Pad       a score pad: one number per line of the game's scoring categories
    AnyOf     the first of a few ways of answering that fits (a card, or its description)

and cards named by printed mark or name (`automa.engine.choices.Cards`). Each kind parses
what was typed (`parse`: the action, or `Refused`), gives the words every language parses
again (`canonical`: what the save file keeps), lists its options as a prompt shows them
(`shown`), the buttons a page offers (`buttons`) and what Tab completes and help lists
(`words`). Standard library only, like the engine.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

MOST_NUMBERS = 12
"""A range of at most this many numbers gets a button per number (more are typed)."""


class Refused(ValueError):
    """An answer that does not parse, with the message (key and values) that says why: the
    driver words it in the session's language (engine code has no voice of its own)."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


@dataclass(frozen=True)
class Refusal:
    """The message that refuses an answer: its key and values; `answer` is what was typed."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def of(self, raw: str) -> Refused:
        return Refused(self.key, **{**self.values, "answer": raw.strip()})


BAD_CHOICE = Refusal("bad_choice")


def folded(text: str) -> str:
    """Text as answers are compared: no accents, case-folded, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def same(one: Any, other: Any) -> bool:
    """Whether two actions are the same as a log holds them (a tuple is its list)."""
    return bool(json.dumps(one, sort_keys=True) == json.dumps(other, sort_keys=True))


@dataclass(frozen=True)
class Button:
    """One choice as a page offers it: its label, what it types, the key shown before the
    label (a number, a letter; empty: none) and a hint beside it."""

    label: str
    answer: str
    key: str = ""
    hint: str = ""


class Answer(Protocol):
    """What every answer kind does (see the module's docstring)."""

    def parse(self, raw: str) -> Any:
        """The action `raw` stands for (Refused: none)."""
        ...

    def canonical(self, value: Any) -> str:
        """Words that parse to `value` in every language: what the log keeps."""
        ...

    def shown(self, enter: str) -> str:
        """The options as a prompt lists them (`enter`: the Enter key's name)."""
        ...

    def buttons(self) -> tuple[Button, ...]:
        """A page's button for each option (none when the answer is typed)."""
        ...

    def words(self) -> tuple[str, ...]:
        """What the terminal completes, help lists and a page's input suggests."""
        ...

    @property
    def compose(self) -> bool:
        """Whether buttons add parts to one answer rather than give it."""
        ...

    @property
    def numeric(self) -> bool:
        """Whether every answer is typed with digits (a page's numeric keyboard)."""
        ...


@dataclass(frozen=True)
class Choice:
    """One choice of a question: its key (typed, and kept by the log: `1`, `b`, a colour's
    key; empty is Enter), its label in the session's language, the action it stands for,
    a hint shown beside it, and other words that name it (any case, any accents)."""

    key: str
    label: str
    value: Any
    hint: str = ""
    names: tuple[str, ...] = ()

    def named(self, typed: str) -> bool:
        """Whether `typed` (folded) names this choice: its key (a number by its value) or
        one of its names."""
        key = folded(self.key)
        if typed == key or typed in (folded(name) for name in self.names):
            return True
        return typed.isascii() and typed.isdigit() and key.isdigit() and int(typed) == int(key)

    def begins(self, typed: str) -> bool:
        """Whether `typed` (folded, with a letter in it) begins its label or one of its
        names, or a word of them (`gre` for green, `zone` for «Zone Holder»)."""
        for name in (self.label, *self.names):
            words = folded(name)
            if words.startswith(typed) or any(word.startswith(typed) for word in words.split()):
                return True
        return False


@dataclass(frozen=True)
class OneOf:
    """One of a list of choices, typed by key (`1 yes · 0 no`, `[b] Bot's turn`, `[Enter]
    nothing more`) or, `by_name`, by the label itself (colours: the log keeps the key)."""

    choices: tuple[Choice, ...]
    refused: Refusal = BAD_CHOICE
    by_name: bool = False

    @classmethod
    def of(cls, choices: Iterable[Choice], refused: Refusal = BAD_CHOICE,
           by_name: bool = False) -> OneOf:  # fmt: skip
        return cls(tuple(choices), refused, by_name)

    @classmethod
    def actions(cls, legal: Iterable[str]) -> OneOf:
        """A modelled player's legal actions, each its own key (they are never shown)."""
        return cls(tuple(Choice(action, action, action) for action in legal))

    def parse(self, raw: str) -> Any:
        """The choice `raw` names: by key or name, else by the beginning of its label (one
        choice only: a beginning several labels share is refused, listing them)."""
        typed = folded(raw)
        for choice in self.choices:
            if choice.named(typed):
                return choice.value
        if any(c.isalpha() for c in typed):
            found = [choice for choice in self.choices if choice.begins(typed)]
            if len(found) == 1:
                return found[0].value
            if found:
                names = ", ".join(
                    choice.label
                    if self.by_name or not choice.key
                    else f"{choice.key} {choice.label}"
                    for choice in found
                )
                raise Refused("ambiguous_choice", answer=raw.strip(), names=names)
        raise self.refused.of(raw)

    def canonical(self, value: Any) -> str:
        for choice in self.choices:
            if same(choice.value, value):
                return choice.key
        raise KeyError(value)

    def shown(self, enter: str) -> str:
        if self.by_name:
            return ", ".join(_hinted(choice.label, choice.hint) for choice in self.choices)
        return " · ".join(
            _hinted(f"{_key(choice.key, enter)} {choice.label}", choice.hint)
            for choice in self.choices
        )

    def buttons(self) -> tuple[Button, ...]:
        return tuple(
            Button(
                choice.label,
                choice.label if self.by_name else choice.key,
                "" if self.by_name else choice.key,
                choice.hint,
            )
            for choice in self.choices
        )

    def words(self) -> tuple[str, ...]:
        return tuple(choice.label for choice in self.choices) if self.by_name else ()

    @property
    def compose(self) -> bool:
        return False

    @property
    def numeric(self) -> bool:
        return not self.by_name and all(c.key.isdigit() or not c.key for c in self.choices)


def _key(key: str, enter: str) -> str:
    """A choice's key as a prompt shows it: `1`, `[b]`, `[Enter]`."""
    if key.isdigit():
        return key
    return f"[{key or enter}]"


def _hinted(text: str, hint: str) -> str:
    return f"{text} ({hint})" if hint else text


@dataclass(frozen=True)
class Number:
    """A whole number from `low` to `high` (a score, a card flipped, a count)."""

    low: int
    high: int
    refused: Refusal = Refusal("bad_count")

    def parse(self, raw: str) -> int:
        number = whole(raw)
        if number is not None and self.low <= number <= self.high:
            return number
        raise self.refused.of(raw)

    def canonical(self, value: Any) -> str:
        return str(value)

    def shown(self, enter: str) -> str:
        return f"{self.low}–{self.high}"

    def buttons(self) -> tuple[Button, ...]:
        if self.high - self.low + 1 > MOST_NUMBERS:
            return ()
        numbers = range(self.low, self.high + 1)
        return tuple(Button(str(n), str(n), str(n)) for n in numbers)

    def words(self) -> tuple[str, ...]:
        return ()

    @property
    def compose(self) -> bool:
        return False

    @property
    def numeric(self) -> bool:
        return True


def whole(raw: str) -> int | None:
    """A whole number as a person types it (`12`, `-5`, `−5`), or None."""
    text = raw.strip().replace("\u2212", "-")
    digits = text.removeprefix("-")
    if digits and digits.isascii() and digits.isdigit():
        return int(text)
    return None


@dataclass(frozen=True)
class Line:
    """One line of a score pad: its key (what the game counts), its label in the session's
    language, and the points a person may write on it."""

    key: str
    label: str
    low: int = 0
    high: int = 999

    def parse(self, raw: str) -> int:
        number = whole(raw)
        if number is None or not self.low <= number <= self.high:
            raise Refused("bad_pad_line", answer=raw.strip(), line=self.label,
                          low=self.low, high=self.high)  # fmt: skip
        return number


@dataclass(frozen=True)
class Pad:
    """A score pad: one number per line, in order (`29 2 4`), a list of ints. A terminal asks
    it line by line; a page shows a field per line and sends them together. A number out of
    its line's range is refused naming the line; a wrong count by `bad_pad`."""

    lines: tuple[Line, ...]

    def parse(self, raw: str) -> list[int]:
        words = raw.replace(",", " ").split()
        if len(words) != len(self.lines):
            labels = ", ".join(line.label for line in self.lines)
            raise Refused("bad_pad", answer=raw.strip(), count=len(self.lines), lines=labels)
        return [line.parse(word) for line, word in zip(self.lines, words, strict=True)]

    def canonical(self, value: Any) -> str:
        return " ".join(str(number) for number in value)

    def shown(self, enter: str) -> str:
        return " · ".join(line.label for line in self.lines)

    def buttons(self) -> tuple[Button, ...]:
        return ()  # a field per line, not buttons

    def words(self) -> tuple[str, ...]:
        return ()

    @property
    def compose(self) -> bool:
        return True

    @property
    def numeric(self) -> bool:
        return True


@dataclass(frozen=True)
class Several:
    """Several answers of one kind, separated by spaces or commas: between `least` and
    `most` of them, `distinct` when none may repeat, `blank` what an empty answer means. A
    part that does not parse is refused by the part's message (naming it); a wrong count by
    `refused` (naming the whole answer; by default the part's message)."""

    part: OneOf | Number
    least: int = 0
    most: int | None = None
    distinct: bool = False
    refused: Refusal | None = None
    blank: tuple[Any, ...] | None = None
    """What an empty answer stands for (None: no parts, counted as such)."""
    empty: str = ""
    """The empty answer's label (`[Enter] nobody`, a page's button that sends it), typed too."""

    def parse(self, raw: str) -> list[Any]:
        if (self.blank is not None or self.empty) and _empty(raw, self.empty):
            return list(self.blank or ())
        values = [self.part.parse(word) for word in raw.replace(",", " ").split()]
        most = len(values) if self.most is None else self.most
        repeated = self.distinct and len({json.dumps(v) for v in values}) != len(values)
        if not self.least <= len(values) <= most or repeated:
            raise (self.refused or self.part.refused).of(raw)
        return values

    def canonical(self, value: Any) -> str:
        return " ".join(self.part.canonical(item) for item in value)

    def shown(self, enter: str) -> str:
        return _with_empty(self.part.shown(enter), self.empty, enter)

    def buttons(self) -> tuple[Button, ...]:
        return _empty_button(self.part.buttons(), self.empty)

    def words(self) -> tuple[str, ...]:
        return self.part.words()

    @property
    def compose(self) -> bool:
        return True

    @property
    def numeric(self) -> bool:
        return self.part.numeric


@dataclass(frozen=True)
class Parts:
    """An answer of a few parts in order, separated by spaces (`2 1`: a colour and a level);
    each part one word, but for one `Several` part that takes the words the others leave.
    The action is the tuple of the parts' actions; `refused` refuses the whole answer."""

    parts: tuple[OneOf | Number | Several, ...]
    refused: Refusal = BAD_CHOICE
    blank: tuple[Any, ...] | None = None
    """What an empty answer stands for (None: an empty answer is refused)."""
    empty: str = ""
    """The empty answer's label (`[Enter] none`, a page's button that sends it), typed too."""

    def __post_init__(self) -> None:
        if sum(isinstance(part, Several) for part in self.parts) > 1:
            raise ValueError("a Parts answer takes at most one Several part")
        if self.empty and self.blank is None:
            raise ValueError("a Parts answer with an empty label says what it stands for")

    def parse(self, raw: str) -> tuple[Any, ...]:
        if self.blank is not None and _empty(raw, self.empty):
            return tuple(self.blank)
        words = raw.replace(",", " ").split()
        spread = any(isinstance(part, Several) for part in self.parts)
        fixed = len(self.parts) - spread
        if len(words) < fixed or (not spread and len(words) != fixed):
            raise self.refused.of(raw)
        values: list[Any] = []
        at = 0
        for part in self.parts:
            width = len(words) - fixed if isinstance(part, Several) else 1
            try:
                values.append(part.parse(" ".join(words[at : at + width])))
            except Refused:
                raise self.refused.of(raw) from None  # the answer is refused as a whole
            at += width
        return tuple(values)

    def canonical(self, value: Any) -> str:
        if self.blank is not None and same(list(value), list(self.blank)):
            return ""
        words = (part.canonical(item) for part, item in zip(self.parts, value, strict=True))
        return " ".join(word for word in words if word)

    def shown(self, enter: str) -> str:
        listed = " ".join(f"({part.shown(enter)})" for part in self.parts)
        return _with_empty(listed, self.empty, enter)

    def buttons(self) -> tuple[Button, ...]:
        listed = tuple(button for part in self.parts for button in part.buttons())
        return _empty_button(listed, self.empty)

    def words(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(word for part in self.parts for word in part.words()))

    @property
    def compose(self) -> bool:
        return True

    @property
    def numeric(self) -> bool:
        return all(part.numeric for part in self.parts)


def _empty(raw: str, label: str) -> bool:
    """Whether `raw` is the empty answer: nothing typed, or its label (`nobody`)."""
    typed = folded(raw)
    return not typed or (bool(label) and typed == folded(label))


def _with_empty(listed: str, label: str, enter: str) -> str:
    """Options as a prompt lists them, the empty answer last (`[Enter] nobody`)."""
    return f"{listed} · [{enter}] {label}" if label else listed


def _empty_button(buttons: tuple[Button, ...], label: str) -> tuple[Button, ...]:
    """A page's buttons, and the empty answer's (it sends nothing) when it has a label."""
    return (*buttons, Button(label, "", "")) if label else buttons


@dataclass(frozen=True)
class AnyOf:
    """The first of a few ways of answering that parses (a card by its mark or name, or a
    card the content lacks by what is printed on it); refused by the first way's message.
    A prompt lists the first way's options; the others are said in its words."""

    ways: tuple[Answer, ...]

    def parse(self, raw: str) -> Any:
        refused: Refused | None = None
        for way in self.ways:
            try:
                return way.parse(raw)
            except Refused as error:
                refused = refused or error
        assert refused is not None, "an AnyOf answer has at least one way"
        raise refused

    def canonical(self, value: Any) -> str:
        for way in self.ways:
            try:
                words = way.canonical(value)
            except (KeyError, TypeError, ValueError):
                continue
            if same(way.parse(words), value):
                return words
        raise KeyError(value)

    def shown(self, enter: str) -> str:
        return self.ways[0].shown(enter)

    def buttons(self) -> tuple[Button, ...]:
        return ()  # typed: its ways' words complete it

    def words(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(word for way in self.ways for word in way.words()))

    @property
    def compose(self) -> bool:
        return False

    @property
    def numeric(self) -> bool:
        return False
