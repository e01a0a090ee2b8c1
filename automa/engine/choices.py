"""Answers that name a thing: a card by its printed set mark or by its name, a numbered item.

Every card a bot asks about carries a set mark on its face (`B 12/40`, see
`starpress.core.model.Game.card_marks`). A person may type the mark as printed, without spaces or
without the total (`B 12/40`, `b12`, `B 12`), its number alone when the question is about
one deck (`12`), or the card's name in their language: case and accents do not matter and a
unique beginning of the name, or of a word in it, is enough (`prop` for «Propulsori Ionici»,
`lia` for «Dr. Lia Mercator»). The log records the canonical
action and the mark as what was typed, so a replay does not depend on the language.

A question about cards is answered with `Cards` (an answer kind of `automa.engine.answers`).
Standard library only, like the engine: a refused answer is a `Refused` the driver words in the
session's language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from starpress.automa.engine.answers import Button, Refusal, Refused, folded

_MARK = re.compile(r"^([a-z]{0,3})(\d+)(?:/(\d+))?$")
_MARKS = re.compile(r"[A-Za-z]{1,3}\s*\d+(?:\s*/\s*\d+)?|\d+")
_LIST_SEPARATORS = re.compile(r"[,;]")


@dataclass(frozen=True)
class Option:
    """One thing a person may name: the action it stands for, its mark, its name."""

    value: Any
    mark: str
    name: str


@dataclass(frozen=True)
class Options:
    """The things one question may name, found by mark or by name."""

    options: tuple[Option, ...]
    refused: str = "bad_choice"
    """The message that refuses an unknown answer (its values: `answer`, `examples`)."""

    @classmethod
    def of(cls, options: Iterable[Option], refused: str = "bad_choice") -> Options:
        return cls(tuple(options), refused)

    def words(self) -> tuple[str, ...]:
        """What the terminal completes and help lists: every mark and every name."""
        marks = [option.mark for option in self.options]
        return tuple(dict.fromkeys([*marks, *(option.name for option in self.options)]))

    def mark_of(self, value: Any) -> str:
        """The printed mark of the option whose action is `value` (what the log keeps)."""
        for option in self.options:
            if option.value == value:
                return option.mark
        raise KeyError(value)

    def find(self, raw: str) -> list[Option]:
        """Every option `raw` may name: one when it is unambiguous, none when unknown."""
        typed = folded(raw)
        if not typed:
            return []
        compact = typed.replace(" ", "")
        by_mark = _MARK.match(compact)
        if by_mark is not None:
            letters, number, total = by_mark.groups()
            found = [o for o in self.options if _mark_fits(o.mark, letters, number, total)]
            if found:
                return _distinct(found)
        exact = [o for o in self.options if folded(o.name) == typed]
        if exact:
            return _distinct(exact)
        starts = [o for o in self.options if folded(o.name).startswith(typed)]
        if starts:
            return _distinct(starts)
        word = re.compile(rf"(?:^|[\s'’-]){re.escape(typed)}")  # "lia" for «Dr. Lia Mercator»
        return _distinct([o for o in self.options if word.search(folded(o.name))])

    def parse(self, raw: str, refused: Refusal | None = None) -> Any:
        """The action of the one option `raw` names (Refused: none, or more than one;
        `refused` says why when none, by default `refused` with a few `examples`)."""
        found = self.find(raw)
        if len(found) == 1:
            return found[0].value
        if found:
            names = ", ".join(f"{o.mark} {o.name}" for o in found[:6])
            raise Refused("ambiguous_choice", answer=raw.strip(), names=names)
        raise (refused or Refusal(self.refused, {"examples": self.examples()})).of(raw)

    def parse_many(self, raw: str, refused: Refusal | None = None) -> list[Any]:
        """Several options, separated by commas (or marks and numbers by spaces)."""
        values = []
        for part in filter(str.strip, _LIST_SEPARATORS.split(raw)):
            if len(self.find(part)) == 1:
                values.append(self.parse(part))
                continue
            tokens = _MARKS.findall(part)
            if not tokens or _MARKS.sub("", part).strip():
                self.parse(part, refused)  # raises, naming the part
            values += [self.parse(token, refused) for token in tokens]
        return values

    def examples(self) -> str:
        """A short hint of what may be typed: the first and last marks, a name."""
        if not self.options:
            return "—"
        first, last = self.options[0], self.options[-1]
        marks = first.mark if first is last else f"{first.mark} … {last.mark}"
        return f"{marks}, «{first.name}»"


@dataclass(frozen=True)
class Cards:
    """An answer naming cards (or other marked things) by mark or name: one, or `many`
    separated by commas; `blank` when an empty answer means none (`[]`, or `""` for one);
    `listed` when a prompt lists every option (`1 Laboratory, 2 Farm`) and a page gives each
    a button, else the prompt shows a few examples. The log keeps the marks."""

    options: Options
    many: bool = False
    blank: bool = False
    listed: bool = False
    refused: Refusal | None = None

    def parse(self, raw: str) -> Any:
        if self.blank and not raw.strip():
            return [] if self.many else ""
        if self.many:
            return self.options.parse_many(raw, self.refused)
        return self.options.parse(raw, self.refused)

    def canonical(self, value: Any) -> str:
        if self.many:
            return ", ".join(self.options.mark_of(card) for card in value)
        if self.blank and value == "":
            return ""
        return self.options.mark_of(value)

    def shown(self, enter: str) -> str:
        if self.listed:
            return ", ".join(f"{option.mark} {option.name}" for option in self.options.options)
        return self.options.examples()

    def buttons(self) -> tuple[Button, ...]:
        if not self.listed:
            return ()  # too many for buttons: typed, and completed
        return tuple(Button(o.name, o.mark, o.mark) for o in self.options.options)

    def words(self) -> tuple[str, ...]:
        return self.options.words()

    @property
    def compose(self) -> bool:
        return False

    @property
    def numeric(self) -> bool:
        return False


def _mark_fits(mark: str, letters: str, number: str, total: str | None) -> bool:
    found = _MARK.match(folded(mark).replace(" ", ""))
    if found is None:
        return False
    own_letters, own_number, own_total = found.groups()
    if letters and letters != own_letters:
        return False
    if total is not None and total != own_total:
        return False
    return int(number) == int(own_number)


def _distinct(found: list[Option]) -> list[Option]:
    """Options with different actions (copies of one card are one answer)."""
    seen: dict[str, Option] = {}
    for option in found:
        seen.setdefault(repr(option.value), option)
    return list(seen.values())


@dataclass(frozen=True)
class CardBook:
    """The cards of a game as a person knows them: each one's printed mark and its name in the
    session's language (`automa.engine.voice.card_book` builds it from the content)."""

    marks: Mapping[str, str]
    names: Mapping[str, str]

    def __call__(self, card_id: str) -> str:
        """A card as messages name it: «name» (mark)."""
        name, mark = self.names.get(card_id), self.marks.get(card_id)
        if name and mark:
            return f"«{name}» ({mark})"
        return f"«{name}»" if name else mark or card_id

    def options(self, actions: Mapping[str, Any]) -> Options:
        """The options of a question about these cards (card id -> the action it stands for)."""
        return Options.of(
            Option(action, self.marks.get(card, ""), self.names.get(card, ""))
            for card, action in actions.items()
        )


NO_CARDS = CardBook({}, {})
"""A game without marked or named cards (a program built without its content's cards)."""
