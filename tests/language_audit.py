"""The language audit: what a reader of one language must never meet in what we publish.

A text segment (a paragraph, list item, heading, caption, table cell, attribute a person
sees or hears, a PDF text block, a transcript line) is checked for:

- an internal id: a dotted record id (`luna-maris.card.main-board`), a seat or player key
  (`seat-2`, `player/automaton/seat-2`), a snake_case key (`player_seat`);
- markup that was not rendered: starpress markup (`**`, `[[…]]`, `:icon:`), Markdown
  escapes (`\\.`), HTML tags or entities shown as text (`<http://…>`, `&amp;`), unfilled
  placeholders (`%(name)s`, `{name}`), command-line flags outside code;
- words of another language: a per-language marker-word count (`language_audit.yaml`),
  after quotations and proper names are taken out, and the project's own English words
  (`PROTOTYPE`, `(review)`) on a page of another language.

Quotations («…», "…", “…”) and proper names (a small list with the titles of the works
the games cite, plus every credited name, publisher and game title of the content) are
another language's words on purpose, so they are left out before the count; so are
elements that say their own `lang`, `<cite>` (a work's title) and `<q>` in HTML, and code
(but not code used as a heading).
"""

from __future__ import annotations

import functools
import html.parser
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from starpress.core.load import load_games
from tests.conftest import ROOT

DATA = Path(__file__).with_name("language_audit.yaml")
CODE_FACE = "DejaVuSansCondensed"
"""The face the rulebooks set code in (`starpress.rulebook.markup`), in the muted colour."""
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|«[^»]*»|„[^“”]*[“”]|‘[^’]*’')
SNAKE = re.compile(r"(?<![\w.@/-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
SEAT = re.compile(r"\b(?:seat|automaton|player|bot)-\d+\b|\b[a-z]+/[a-z]+/[a-z0-9-]+\b")
MARKUP = (
    ("a Markdown escape", re.compile(r"\\[\\`*_{}\[\]()#+\-.!|<>:]")),
    ("an HTML tag shown as text", re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:[\s>/:]|$)")),
    ("an HTML entity shown as text", re.compile(r"&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);")),
    (
        "starpress markup",
        re.compile(r"\*\*|\[\[|\]\]|\]\(|\{:|(?<![\w:/]):[a-z][a-z0-9-]*:(?![\w/])"),
    ),
    ("an unfilled placeholder", re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]+(?:![rs])?(?::[^{}]*)?\}")),
    ("a command-line flag", re.compile(r"(?<![\w-])--[a-z][a-z-]+")),
)


@dataclass(frozen=True)
class Finding:
    where: str
    problem: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.problem}: {self.text[:160]!r}"


@dataclass(frozen=True)
class Segment:
    """A piece of text a reader meets, and whether it is code shown as a heading."""

    text: str
    heading_code: bool = False


@functools.cache
def rules() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(DATA.read_text("utf-8"))
    return data


@functools.cache
def markers() -> dict[str, frozenset[str]]:
    """Each language's marker words, without those another language lists too."""
    listed = {lang: set(words.split()) for lang, words in rules()["markers"].items()}
    seen = Counter(word for words in listed.values() for word in words)
    return {lang: frozenset(w for w in words if seen[w] == 1) for lang, words in listed.items()}


@functools.cache
def names() -> tuple[str, ...]:
    """Proper names that stand in any language: the audit's list and the content's own
    (credited names, publishers, game titles, the titles of the works the games cite),
    longest first."""
    found = set(rules()["names"])
    for game in load_games(ROOT).values():
        info = game.info
        found.update({info.title, *info.titles.values(), *info.publishers})
        found.update(name for credit in info.credits for name in credit.names)
        found.update(source.title for source in info.sources)  # a work's own title
    return tuple(sorted(found, key=len, reverse=True))


@functools.cache
def dotted_id() -> re.Pattern[str]:
    games = "|".join(re.escape(game) for game in sorted(load_games(ROOT)))
    return re.compile(rf"\b(?:{games})\.[a-z]+(?:\.[a-z0-9-]+)*")


def without_names(text: str) -> str:
    for name in names():
        text = text.replace(name, " ")
    return PATH.sub(" ", QUOTED.sub(" ", text))


PATH = re.compile(r"(?<![\w.])/[\w./-]+")
"""A file's path (a save file's, said at the table): a name, in no language."""


def language_hits(text: str) -> dict[str, int]:
    words = [word.lower() for word in WORD.findall(without_names(text))]
    return {lang: sum(word in found for word in words) for lang, found in markers().items()}


def check(text: str, lang: str, heading_code: bool = False) -> list[str]:
    """What is wrong with one segment of text published in `lang`."""
    problems = []
    if match := dotted_id().search(text):
        problems.append(f"an internal id ({match.group(0)})")
    if match := SEAT.search(text):
        problems.append(f"a player key ({match.group(0)})")
    if match := SNAKE.search(text):
        problems.append(f"a snake_case key ({match.group(0)})")
    for what, pattern in MARKUP:
        if what == "a command-line flag" and not heading_code:
            continue
        if match := pattern.search(text):
            problems.append(f"{what} ({match.group(0)})")
    problems += grammar(text, lang)
    hits = language_hits(text)
    own = hits.get(lang, 0)
    for other, count in hits.items():
        if other != lang and count >= rules()["min_hits"] and count > own:
            problems.append(f"words of {other} ({count} against {own})")
    plain = without_names(text).lower()
    for other, words in rules()["never_elsewhere"].items():
        if other == lang:
            continue
        for word in words.split():
            if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", plain):
                problems.append(f"the {other} word '{word}'")
    return problems


DECIMAL_POINT = re.compile(r"(?<![\w.,])\d+\.\d{1,2}(?![\w.,])")
VERSION = re.compile(r"(?:\bversi\w*|\bversão|\bv)\s*$", re.IGNORECASE)
DECIMAL_COMMA = re.compile(r"(?<![\w.,])\d+,\d{1,2}(?![\w.,])")
COORDINATES = re.compile(r"[\s\d,-]*-?\d+,-?\d+[\s\d,-]*")
"""Text of nothing but numbers and pairs of them: a board's coordinates, which a reader
does not take for decimals (no word around them)."""
NOTHING = re.compile(r"(?!)")


def grammar(text: str, lang: str) -> list[str]:
    """A count of one with a plural noun, a decimal separator of another language, and
    what the language never writes (`never_written`: uncontracted articles, known slips)."""
    problems = []
    nouns = "|".join(rules()["plural_nouns"][lang].split())
    if match := re.search(rf"(?<![\d.,/–-])\b1\s+(?:{nouns})\b", text, re.IGNORECASE):
        problems.append(f"one with a plural ({match.group(0)})")
    wrong_decimal = DECIMAL_COMMA if lang == "en" else DECIMAL_POINT
    if COORDINATES.fullmatch(text):  # a board's cell labels (`-9,0 -8,0`), not numbers
        wrong_decimal = NOTHING
    for match in wrong_decimal.finditer(text):
        if not VERSION.search(text[: match.start()]):  # "versione 1.3" keeps its point
            problems.append(f"another language's decimal separator ({match.group(0)})")
            break
    for pattern in rules()["never_written"].get(lang, []):
        if match := re.search(pattern, text, re.IGNORECASE):
            problems.append(f"ungrammatical ({match.group(0)})")
    return problems


def repeated_headings(markup: str) -> list[str]:
    """The page's first section heading when it says again what the page's title says (its
    words are title words, more than half of them: `2-player variant: the Bot` under
    `2-player variant (Bot)`), so the page's contents open by repeating the title."""
    found = re.findall(r"<h([12])\b[^>]*>(.*?)</h\1>", markup, re.S)
    titles = [_heading_words(inner) - _SMALL_WORDS for level, inner in found if level == "1"]
    firsts = [inner for level, inner in found if level == "2"][:1]
    if not titles or not firsts:
        return []
    title, first = titles[0], _heading_words(firsts[0]) - _SMALL_WORDS
    return [_heading_text(firsts[0])] if first <= title and 2 * len(first) > len(title) else []


_SMALL_WORDS = frozenset(
    (
        "the",
        "a",
        "o",
        "el",
        "la",
        "il",
        "lo",
        "le",
        "l",
        "di",
        "de",
        "do",
        "da",
        "del",
        "em",
        "en",
        "in",
    )
)
"""Articles and prepositions a heading may add to the title's words and still repeat it."""


def _heading_text(inner: str) -> str:
    return " ".join(re.sub(r"<[^>]+>|&[a-z]+;|¶", " ", inner).split())


def _heading_words(inner: str) -> frozenset[str]:
    return frozenset(word.lower() for word in WORD.findall(_heading_text(inner)))


def audit(where: str, segments: Iterable[Segment | str], lang: str) -> Iterator[Finding]:
    for segment in segments:
        if isinstance(segment, str):
            segment = Segment(segment)
        for problem in check(segment.text, lang, segment.heading_code):
            yield Finding(where, problem, segment.text)


# -- HTML pages and SVG pictures ---------------------------------------------------------

_BLOCKS = {
    "p", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption", "dt", "dd",
    "title", "summary", "label", "button", "caption", "div", "option", "blockquote", "nav",
    "header", "footer", "section", "article", "figure", "table", "tr", "ul", "ol", "text",
    "desc", "noscript", "form", "main", "aside", "details",
}  # fmt: skip
_HIDDEN = {"script", "style", "template"}
_CODE = {"code", "pre", "kbd", "samp"}
_OTHER_WORDS = {"cite", "q"}
_SEEN_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder", "aria-description")
_VOID = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr", "path", "rect", "circle", "line", "polygon", "polyline", "ellipse", "use",
    "stop",
}  # fmt: skip


class _Texts(html.parser.HTMLParser):
    """The segments of an HTML page or SVG picture a person reads or hears."""

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.segments: list[Segment] = []
        self.stack: list[tuple[str, bool, bool, bool]] = []  # tag, skipped, code, heading
        self.current: list[str] = []
        self.heading_code = False

    def _state(self) -> tuple[bool, bool, bool]:
        skipped = any(entry[1] for entry in self.stack)
        code = any(entry[2] for entry in self.stack)
        heading = any(entry[3] for entry in self.stack)
        return skipped, code, heading

    def _flush(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            self.segments.append(Segment(text, self.heading_code))
        self.current = []
        self.heading_code = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        skipped, _code, _heading = self._state()
        own_lang = values.get("lang") or values.get("xml:lang")
        other = bool(own_lang) and own_lang != self.lang
        if not (skipped or other):
            for name in _SEEN_ATTRIBUTES:
                if values.get(name, "").strip():
                    self.segments.append(Segment(" ".join(values[name].split())))
        if tag in _BLOCKS:
            self._flush()
        if tag in _VOID:
            return
        hidden = tag in _HIDDEN or other or tag in _OTHER_WORDS
        self.stack.append((tag, hidden, tag in _CODE, tag in {"h1", "h2", "h3", "h4", "h5", "h6"}))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS:
            self._flush()
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data: str) -> None:
        skipped, code, heading = self._state()
        if skipped or (code and not heading):
            return
        if code and heading:
            self.heading_code = True
        self.current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def page_segments(markup: str, lang: str) -> list[Segment]:
    """The text of an HTML page or an SVG picture, segment by segment."""
    parser = _Texts(lang)
    parser.feed(markup)
    parser.close()
    return parser.segments


# -- PDFs --------------------------------------------------------------------------------


def pdf_segments(path: Path) -> list[str]:
    """Every text block of every page of a PDF, as PyMuPDF reads it, without code: what a
    rulebook sets in its code face and muted colour (`provenance: prototype`, a file name, a
    command; its running heads look the same and repeat headings read elsewhere)."""
    import pymupdf

    from starpress.rulebook.style import hex_color

    muted = int(hex_color("muted").lstrip("#"), 16)
    found = []
    with pymupdf.open(str(path)) as document:
        for page in document:
            for block in page.get_text("dict")["blocks"]:
                words = [
                    span["text"]
                    for line in block.get("lines", [])
                    for span in line["spans"]
                    if not (span["font"] == CODE_FACE and span["color"] == muted)
                ]
                text = " ".join(" ".join(words).split())
                if text:
                    found.append(text)
    return found
