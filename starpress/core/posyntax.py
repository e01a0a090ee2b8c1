"""A PO file's syntax checked line by line, as GNU `msgfmt` checks it, before Babel reads it.

Babel's reader does not check quoting, even with `abort_invalid`: it cuts the first and last
character off whatever follows a keyword, so `msgstr "Combate` loses its last letter, and
it keeps one of two `msgstr` lines without a word. Here every string must be one quoted
string on its line, closed, with only the escapes Babel reads (`\\n \\t \\r \\a \\b \\f \\v
\\\\ \\"`); continuation lines must continue a keyword; an entry is `[msgctxt] msgid
(msgstr | msgid_plural msgstr[0] msgstr[1]…)` with each keyword once and no comment inside;
and no two entries share a msgctxt and msgid. Obsolete entries (`#~`) are checked the same
way; previous strings (`#|`) for their quoting. The first problem is raised with its line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_ESCAPE = re.compile(r"\\([0-7]{1,3}|x[0-9a-fA-F]*|.?)")
_BABEL_ESCAPES = {
    "\\": "\\",
    '"': '"',
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
}
_PLURAL = re.compile(r"msgstr\[(\d+)\]$")
_KEYWORDS = ("msgctxt", "msgid", "msgid_plural", "msgstr")
_PREVIOUS_KEYWORDS = ("msgctxt", "msgid", "msgid_plural")
_ASCII_SPACE = " \t\r\n\f\v"


class PoSyntaxError(Exception):
    """A PO file that is not what `msgfmt` and Babel would both read the same way."""

    def __init__(self, line: int, message: str, col: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.col = col
        self.message = message


def check_po_syntax(text: str) -> None:
    """Raise PoSyntaxError at the first line of `text` that breaks PO syntax."""
    active, obsolete = _Entries("entry"), _Entries("obsolete entry")
    for number, line in _lines(text):
        if not line:
            continue
        if line.startswith("#~"):
            rest = line[2:].lstrip(_ASCII_SPACE)
            if rest.startswith("|"):  # an obsolete entry's previous strings
                _statement(number, rest[1:].lstrip(_ASCII_SPACE), previous=True)
            elif rest:
                active.comment(number)
                obsolete.statement(number, _statement(number, rest, previous=False))
        elif line.startswith("#|"):
            active.comment(number)
            _statement(number, line[2:].lstrip(_ASCII_SPACE), previous=True)
        elif line.startswith("#"):
            active.comment(number)
            obsolete.comment(number)
        else:
            obsolete.comment(number)
            active.statement(number, _statement(number, line, previous=False))
    active.end()
    obsolete.end()


@dataclass(frozen=True)
class _Statement:
    keyword: str  # "" for a string continuing the keyword above
    value: str  # the string, unescaped


def _lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line (split at \\n only, as Babel reads bytes) with ASCII space stripped."""
    for number, line in enumerate(text.split("\n"), start=1):
        yield number, line.strip(_ASCII_SPACE)


def _statement(number: int, line: str, previous: bool) -> _Statement:
    """One line: a keyword and its string, or a string alone."""
    keyword, _, rest = line.partition(" ") if not line.startswith('"') else ("", "", line)
    plural = _PLURAL.match(keyword)
    known = _PREVIOUS_KEYWORDS if previous else _KEYWORDS
    if keyword and keyword not in known and not (plural and not previous):
        shown = keyword if len(keyword) <= 20 else keyword[:20] + "…"
        raise PoSyntaxError(number, f"unknown keyword {shown!r}")
    rest = rest.strip(_ASCII_SPACE)
    if not rest.startswith('"'):
        raise PoSyntaxError(number, f"{keyword or 'a line'} needs a quoted string")
    return _Statement(keyword, _string(number, line, rest))


def _string(number: int, line: str, rest: str) -> str:
    """The value of the one quoted string `rest` holds."""
    col = len(line) - len(rest) + 1
    found = _STRING.match(rest)
    if found is None:
        raise PoSyntaxError(number, 'string not closed (the line ends before its closing ")', col)
    after = rest[found.end() :].strip(_ASCII_SPACE)
    if after:
        raise PoSyntaxError(
            number, 'text after the closing " (one string per line)', col + found.end()
        )
    inside = found.group(0)[1:-1]
    for escape in _ESCAPE.finditer(inside):
        if escape.group(1) not in _BABEL_ESCAPES:
            shown = "\\" + escape.group(1)
            raise PoSyntaxError(
                number,
                f"escape {shown} is not read alike by every tool: write the character itself "
                '(or \\n, \\t, \\\\, \\")',
                col + 1 + escape.start(),
            )
    return _ESCAPE.sub(lambda escape: _BABEL_ESCAPES[escape.group(1)], inside)


class _Entries:
    """The entries of one stream of lines (active, or obsolete), checked as they come."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.start = 0  # the line the current entry starts at (0: between entries)
        self.keywords: dict[str, int] = {}  # keyword -> its line, in the current entry
        self.last = ""  # the keyword the next continuation line adds to
        self.values: dict[str, list[str]] = {}
        self.seen: dict[tuple[str | None, str], int] = {}

    def comment(self, number: int) -> None:
        if self.start and not self._complete():
            raise PoSyntaxError(
                number, f"a comment inside the {self.kind} of line {self.start} (before its msgstr)"
            )
        self._finish()
        self.last = ""

    def statement(self, number: int, statement: _Statement) -> None:
        keyword = statement.keyword
        if not keyword:
            if not self.last:
                raise PoSyntaxError(
                    number, "a string that continues nothing (no msgctxt, msgid or msgstr above it)"
                )
            self.values[self.last].append(statement.value)
            return
        if keyword in ("msgctxt", "msgid") and self._complete():
            self._finish()
        if not self.start:
            self.start = number
        self._order(number, keyword)
        self.keywords[keyword] = number
        self.values[keyword] = [statement.value]
        self.last = keyword

    def _order(self, number: int, keyword: str) -> None:
        """Refuse a keyword the entry already has, or one out of its place."""
        have = self.keywords
        if keyword in have:
            raise PoSyntaxError(
                number,
                f"a second {keyword} in the {self.kind} of line {self.start} "
                f"(the first is at line {have[keyword]})",
            )
        if keyword == "msgctxt" and have:
            raise PoSyntaxError(number, "msgctxt must come first in its entry")
        if keyword == "msgid_plural" and ("msgid" not in have or self._strings()):
            raise PoSyntaxError(number, "msgid_plural must follow the msgid")
        if keyword.startswith("msgstr") and "msgid" not in have:
            raise PoSyntaxError(number, f"{keyword} without a msgid")
        plural = _PLURAL.match(keyword)
        if keyword == "msgstr" and "msgid_plural" in have:
            raise PoSyntaxError(number, "an entry with msgid_plural takes msgstr[0], msgstr[1]…")
        if plural and "msgid_plural" not in have:
            raise PoSyntaxError(number, f"{keyword} without a msgid_plural")
        if plural and int(plural.group(1)) != len(self._strings()):
            raise PoSyntaxError(
                number, f"{keyword} out of order (expected msgstr[{len(self._strings())}])"
            )

    def _strings(self) -> list[str]:
        return [keyword for keyword in self.keywords if keyword.startswith("msgstr")]

    def _complete(self) -> bool:
        return bool(self._strings())

    def _finish(self) -> None:
        """Close the current entry, if any; refuse a second entry with the same key."""
        if self.start and self._complete():
            context = "".join(self.values["msgctxt"]) if "msgctxt" in self.values else None
            key = (context, "".join(self.values["msgid"]))
            if key in self.seen:
                raise PoSyntaxError(
                    self.start,
                    f"a second {self.kind} with this msgctxt and msgid "
                    f"(the first is at line {self.seen[key]})",
                )
            self.seen[key] = self.start
        self.start, self.keywords, self.values, self.last = 0, {}, {}, ""

    def end(self) -> None:
        if self.start and not self._complete():
            raise PoSyntaxError(self.start, f"the {self.kind} of line {self.start} has no msgstr")
        self._finish()
