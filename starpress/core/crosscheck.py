"""Checks across one game's records and files, once each file is read: ids that are unique
and well formed, references, sources and icons that exist, card copies that add up to the
count of their component.

A name that is unknown while a file of the game could not be read, and that file's text
holds the name, is reported as a knock-on of that file's problem: fixing it may be enough.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starpress.core import text
from starpress.core.errors import InputError
from starpress.core.model import RECORD_ID_RE, PathKey
from starpress.core.problems import KNOCK_ON, Problem, display_path
from starpress.core.text import Text
from starpress.core.yamlpos import Located

_RECORD_KIND = {
    "components": "component",
    "rules": "rules",
    "glossary": "glossary",
    "clarifications": "clarification",
    "cards": "card",
    "maps": "map",
    "setups": "setup",
}
"""Top-level lists whose records carry ids, with the kind their ids must name."""
_ID_LIST_FIELDS = {"related", "rules", "component"}
"""Fields holding record ids (or lists of them) that must exist."""
_BOARD_ID_FIELDS = {"board": "card", "section": "rules", "title_of": None}
"""Fields of maps and setups holding a record id, with the kind of record it must name
(None: any); elsewhere these names are free (a card may have a field called `board`)."""

Record = tuple[Path, Located, PathKey, str, Any]
"""A record that carries an id: (file, located, path, kind, id)."""
FileTexts = tuple[Path, Located, list[tuple[Text, PathKey]]]
"""A file's texts (of the whole file, or of what validates of it) with their paths."""


@dataclass(frozen=True)
class Unread:
    """A file of the game that could not be read, and its first problem."""

    path: Path
    problem: Problem
    text: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        try:  # read again only to search for names: a file that failed was within limits
            text = self.path.read_bytes().decode("utf-8", errors="replace")
        except OSError:
            text = ""
        object.__setattr__(self, "text", text)

    def names(self, name: str) -> bool:
        """Whether the file's text holds `name` as a whole word."""
        return re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", self.text) is not None


@dataclass(frozen=True)
class GameFacts:
    """The game-level facts every cross-check needs."""

    id: str
    source_language: str | None
    sources: frozenset[str]


def game_facts(game_id: str, files: list[tuple[Path, Located]]) -> GameFacts:
    """What the cross-checks need of the game record, read even when it is invalid."""
    raw: dict[str, Any] = {}
    for _path, located in files:
        if isinstance(located.data, dict) and isinstance(located.data.get("game"), dict):
            raw = located.data["game"]
            break
    language = raw.get("source_language")
    sources = {
        source["id"]
        for source in _list(raw.get("sources"))
        if isinstance(source, dict) and isinstance(source.get("id"), str)
    }
    return GameFacts(game_id, language if isinstance(language, str) else None, frozenset(sources))


def cross_check(
    folder: Path,
    files: list[tuple[Path, Located]],
    texts: list[FileTexts],
    facts: GameFacts,
    unread: Sequence[Unread] = (),
) -> list[Problem]:
    """Every problem across the game's `files` (each parsed YAML or sheet) and their `texts`;
    what may follow from a file in `unread` is marked as its knock-on. An icon file that is
    unsafe raises InputError at once."""
    checker = _CrossCheck(folder, files, unread)
    checker.check(texts, facts)
    return checker.problems


class _CrossCheck:
    def __init__(
        self, folder: Path, files: list[tuple[Path, Located]], unread: Sequence[Unread]
    ) -> None:
        self.folder = folder
        self.files = files
        self.unread = unread
        self.problems: list[Problem] = []

    def check(self, texts: list[FileTexts], info: GameFacts) -> None:
        records = list(self._records())
        shown = {path: display_path(path) for path in {record[0] for record in records}}
        ids: dict[str, Problem] = {}
        for path, located, loc, kind, record_id in records:
            where = Problem(shown[path], *located.value_pos((*loc, "id")), "")
            if not isinstance(record_id, str):
                continue
            self._check_id_shape(info.id, kind, record_id, where)
            if record_id in ids:
                first = ids[record_id]
                self._report_at(
                    where,
                    f"duplicate id '{record_id}' (first at {first.path}:{first.line}:{first.col})",
                )
            else:
                ids[record_id] = where
        icons = self._icons(info)
        sources = info.sources
        for path, located in self.files:
            for loc, value in _walk(located.data, ()):
                field = next((part for part in reversed(loc) if isinstance(part, str)), "")
                if not isinstance(value, str):
                    continue
                # a bot page's options (`automa.pages.<id>.play`) may name a `variant` option
                options = len(loc) > 3 and loc[1] == "pages"
                boards = bool(loc) and loc[0] in ("maps", "setups") and field in _BOARD_ID_FIELDS
                if boards or field in _ID_LIST_FIELDS or (field == "variant" and not options):
                    self._check_target(path, located, loc, value, info.id, ids, field)
                elif field == "icon" and loc[0] == "setups" and value.strip(":") not in icons:
                    self._report(path, *located.value_pos(loc), f"unknown icon '{value}'")
                elif field == "source" and value not in sources:
                    self._report(
                        path,
                        *located.value_pos(loc),
                        f"unknown source '{value}' (sources: {', '.join(sorted(sources))})"
                        + self._knock_on(value),
                    )
        for path, located, found in texts:
            for value, loc in found:
                self._check_markup(path, located, loc, value, info.id, ids, icons)
        self._check_card_counts(records)

    def _check_card_counts(self, records: list[Record]) -> None:
        """The printed copies of a component add up to its count in the box."""
        printed: dict[str, int] = {}
        for _path, located, loc, kind, _id in records:
            card = _at(located.data, loc)
            if kind == "card" and isinstance(card, dict) and isinstance(card.get("component"), str):
                copies = card.get("count", 1)
                pieces = card.get("pieces")
                if isinstance(pieces, dict):  # a board in pieces: each piece is one
                    columns, rows = pieces.get("columns"), pieces.get("rows")
                    each = (
                        columns * rows if isinstance(columns, int) and isinstance(rows, int) else 0
                    )
                    copies = copies * each if isinstance(copies, int) else 0
                printed[card["component"]] = printed.get(card["component"], 0) + (
                    copies if isinstance(copies, int) else 0
                )
        marks: dict[str, str] = {}
        for path, located, loc, kind, record_id in records:
            component = _at(located.data, loc)
            mark = component.get("mark") if isinstance(component, dict) else None
            if kind == "component" and isinstance(mark, str):
                if mark in marks:  # a set mark names one deck: `B 3/40` must be one card
                    message = f"mark '{mark}' is also the mark of '{marks[mark]}'"
                    self._report(path, *located.value_pos((*loc, "mark")), message)
                marks.setdefault(mark, str(record_id))
            if kind != "component" or record_id not in printed or not isinstance(component, dict):
                continue
            count = component.get("count")
            if isinstance(count, int) and printed[record_id] != count:
                self._report(
                    path,
                    *located.value_pos((*loc, "count")),
                    f"the cards of '{record_id}' add up to {printed[record_id]} "
                    f"copies; its count is {count}" + self._knock_on(str(record_id)),
                )

    def _records(self) -> Iterator[Record]:
        """Every record that carries an id: (file, located, path, kind, id)."""
        for path, located in self.files:
            data = located.data
            if not isinstance(data, dict):
                continue
            game = data.get("game")
            if isinstance(game, dict):
                for index, variant in enumerate(_list(game.get("variants"))):
                    if isinstance(variant, dict):
                        yield (
                            path,
                            located,
                            ("game", "variants", index),
                            "variant",
                            variant.get("id"),
                        )
            for key, kind in _RECORD_KIND.items():
                for index, record in enumerate(_list(data.get(key))):
                    yield from _with_children(path, located, (key, index), kind, record)

    def _check_id_shape(self, game_id: str, kind: str, record_id: str, where: Problem) -> None:
        match = RECORD_ID_RE.match(record_id)
        expected = f"{game_id}.{kind}.<name>"
        if match is None or match.group(1) != game_id or match.group(2) != kind:
            self._report_at(
                where,
                f"id '{record_id}' must look like '{expected}' "
                "(lowercase words joined by '-' and '.')",
            )

    def _check_target(
        self,
        path: Path,
        located: Located,
        loc: PathKey,
        value: str,
        game_id: str,
        ids: dict[str, Problem],
        field: str,
    ) -> None:
        target = text.qualify(value, game_id)
        if target not in ids:
            what = {
                "related": "related topic",
                "rules": "rule",
                "variant": "variant",
                "component": "component",
                "board": "board card",
                "section": "rules section",
                "title_of": "record",
            }[field]
            self._report(
                path,
                *located.value_pos(loc),
                f"unknown {what} '{value}'" + self._knock_on(value, target),
            )
            return
        kind = _BOARD_ID_FIELDS.get(field) if field in ("board", "section") else None
        match = RECORD_ID_RE.match(target)
        if kind is not None and (match is None or match.group(2) != kind):
            what = {"card": "a card (its front is the board)", "rules": "a rules section"}[kind]
            self._report(path, *located.value_pos(loc), f"{field} '{value}' is not {what}")

    def _check_markup(
        self,
        path: Path,
        located: Located,
        loc: PathKey,
        value: str,
        game_id: str,
        ids: dict[str, Problem],
        icons: set[str],
    ) -> None:
        for found in text.references(value):
            if text.qualify(found.value, game_id) not in ids:
                self._report(
                    path,
                    *located.text_pos(loc, found.markup),
                    f"cross-reference to unknown id '{found.value}'"
                    + self._knock_on(found.value, text.qualify(found.value, game_id)),
                )
        for found in text.icons(value):
            if found.value not in icons:
                self._report(
                    path,
                    *located.text_pos(loc, found.markup),
                    f"unknown icon '{found.value}'" + self._knock_on(found.value),
                )

    def _icons(self, info: GameFacts) -> set[str]:
        """Ids of the icons whose SVG file exists and is an SVG; reports the others."""
        known: set[str] = set()
        for path, located in self.files:
            if not isinstance(located.data, dict):
                continue
            for index, icon in enumerate(_list(located.data.get("icons"))):
                if not isinstance(icon, dict) or not isinstance(icon.get("id"), str):
                    continue
                loc: PathKey = ("icons", index)
                if icon["id"] in known:
                    self._report(
                        path, *located.value_pos((*loc, "id")), f"duplicate icon '{icon['id']}'"
                    )
                known.add(icon["id"])
                names = icon.get("name")
                language = info.source_language
                if isinstance(names, dict) and language and language not in names:
                    self._report(
                        path,
                        *located.value_pos((*loc, "name")),
                        f"icon name needs the source language {info.source_language}",
                    )
                if isinstance(icon.get("file"), str):
                    where = Problem(display_path(path), *located.value_pos((*loc, "file")), "")
                    problem = _svg_problem(self.folder, icon["file"], where)
                    if problem:
                        self._report_at(where, problem)
        return known

    def _knock_on(self, *names: str) -> str:
        """` (knock-on of <where>, which could not be read)` when a file that could not be
        read names one of `names`, else nothing."""
        for unread in self.unread:
            if any(unread.names(name) for name in names):
                return f" {KNOCK_ON}{unread.problem.where}, which could not be read)"
        return ""

    def _report(self, path: Path, line: int, col: int, message: str) -> None:
        self.problems.append(Problem(display_path(path), line, col, message))

    def _report_at(self, where: Problem, message: str) -> None:
        self.problems.append(Problem(where.path, where.line, where.col, message))


def _with_children(
    path: Path, located: Located, loc: PathKey, kind: str, record: Any
) -> Iterator[Record]:
    if not isinstance(record, dict):
        return
    yield path, located, loc, kind, record.get("id")
    if kind == "rules":
        for index, child in enumerate(_list(record.get("sections"))):
            yield from _with_children(path, located, (*loc, "sections", index), kind, child)


def _at(data: Any, loc: PathKey) -> Any:
    """The value at a path of a YAML tree."""
    for part in loc:
        data = data[part]
    return data


def _walk(data: Any, loc: PathKey) -> Iterator[tuple[PathKey, Any]]:
    """Every scalar of a YAML tree with its path."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _walk(value, (*loc, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _walk(value, (*loc, index))
    else:
        yield loc, data


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _svg_problem(folder: Path, file: str, where: Problem) -> str | None:
    """Why an icon file is missing, or None when it is there and usable.

    An icon that is outside its game folder, or that `starpress.core.svg` cannot reduce to safe
    drawing, stops the load at once with one located line (InputError), like a YAML bomb.
    """
    from starpress.core import svg  # its XML libraries cost 60 ms: only for a game with icons

    try:
        icon = svg.icon_path(folder, file)
        if not icon.is_file():
            return f"icon file not found: {display_path(icon)}"
        svg.sanitized_svg(icon, folder)
    except svg.SvgError as error:
        raise InputError(where.path, str(error), where.line, where.col) from None
    return None
