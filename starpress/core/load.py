"""Load a project's games: read `content/<game>/*.yaml`, validate, and check every reference.

Every problem is collected (not just the first) and reported as `path:line:col: message`.
A game is returned only when it has no problem at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from starpress.core import bots, sheets, text
from starpress.core.errors import InputError
from starpress.core.model import (
    LANGUAGES,
    RECORD_ID_RE,
    Automa,
    ContentFile,
    Game,
    GameInfo,
    PathKey,
    map_texts,
)
from starpress.core.project import Project
from starpress.core.text import Text
from starpress.core.yamlpos import Located, YamlSyntaxError, load_located

_LIST_KEYS = ("components", "rules", "glossary", "icons", "clarifications", "cards")
_RECORD_KIND = {
    "components": "component",
    "rules": "rules",
    "glossary": "glossary",
    "clarifications": "clarification",
    "cards": "card",
}
"""Top-level lists whose records carry ids, with the kind their ids must name."""
_LANGUAGE_FIELDS = {"languages", "source_language"}
_ID_LIST_FIELDS = {"related", "rules", "component"}
"""Fields holding lists of record ids that must exist."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the content, pointing at the exact place."""

    path: str
    line: int
    col: int
    message: str

    def __str__(self) -> str:
        return f"{sheets.shown_position(self.path, self.line, self.col)}: {self.message}"


@dataclass(frozen=True)
class _GameFacts:
    """The game-level facts every cross-check needs."""

    id: str
    source_language: str | None
    sources: frozenset[str]


class ContentError(Exception):
    """The content has problems; `problems` lists every one of them, sorted."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = sorted(
            problems, key=lambda problem: (problem.path, problem.line, problem.col)
        )
        super().__init__("\n".join(str(problem) for problem in self.problems))


class UnknownGame(Exception):
    """A game id that has no folder under content/."""


def find_root(start: Path) -> Path:
    """The project folder: `start` or the nearest parent holding content/ and templates/
    (ProjectNotFound: none)."""
    return Project.find(start).root


def game_ids(root: Path) -> list[str]:
    """Ids of every game of the project: the folders under content/ that hold a game.yaml."""
    content = Project(root).content
    return sorted(folder.name for folder in content.iterdir() if (folder / "game.yaml").is_file())


def load_games(root: Path, ids: Iterable[str] | None = None) -> dict[str, Game]:
    """Load the named games (all by default); raise ContentError listing every problem."""
    wanted = list(ids) if ids is not None else game_ids(root)
    games: dict[str, Game] = {}
    problems: list[Problem] = []
    known = set(game_ids(root))
    for game_id in wanted:
        if game_id not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise UnknownGame(f"unknown game '{game_id}' (games: {listed})")
        try:
            games[game_id] = load_game(root, game_id)
        except ContentError as error:
            problems.extend(error.problems)
    if problems:
        raise ContentError(problems)
    return games


def load_game(root: Path, game_id: str) -> Game:
    """Load, validate and cross-check one game folder."""
    return _GameLoader(Project(root).game_folder(game_id)).load()


def display_path(path: Path) -> str:
    """A path as shown in messages: relative to the working directory when under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


class _GameLoader:
    """Reads one game folder and collects every problem before giving up."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.files: list[tuple[Path, Located]] = []
        self.contents: list[tuple[Path, Located, ContentFile]] = []  # the files that validated

    def load(self) -> Game:
        paths = [*sorted(self.folder.glob("*.yaml")), *sheets.sheet_files(self.folder)]
        parsed = [self._parse(path) for path in paths]
        contents = [(path, located, content) for path, located, content in parsed if located]
        info = self._game_info(contents)
        self._cross_check(self._facts(contents))
        if self.problems or info is None:
            raise ContentError(self.problems)
        merged: dict[str, list[Any]] = {key: [] for key in _LIST_KEYS}
        automa = None
        for _path, _located, content in contents:
            if content is not None:
                for key in _LIST_KEYS:
                    merged[key].extend(getattr(content, key))
                automa = automa or content.automa
        return Game(info=info, automa=automa, icon_names=self._icon_names(info, contents), **merged)

    # -- texts: their ids, and the markup inside them ----------------------------------

    def _with_ids(self, path: Path, located: Located, content: ContentFile) -> ContentFile:
        """The file's records with every text given its stable id and its line."""
        shown = display_path(path)

        def assign(value: Text, text_id: str, loc: PathKey) -> Text:
            return value.with_id(text_id, (shown, located.value_pos(loc)[0]))

        return map_texts(content, assign, self.folder.name)

    def _icon_names(
        self, game: GameInfo, contents: list[tuple[Path, Located, ContentFile | None]]
    ) -> dict[str, Text]:
        """Each icon's name in the source language, a text of its own: `<game>.icon.<id>.name`."""
        names: dict[str, Text] = {}
        for path, located, content in contents:
            for index, icon in enumerate(content.icons if content else []):
                line = located.value_pos(("icons", index, "name", game.source_language))[0]
                names[icon.id] = Text(
                    icon.name[game.source_language],
                    f"{game.id}.icon.{icon.id}.name",
                    where=(display_path(path), line),
                )
        return names

    # -- reading and validating each file ------------------------------------------------

    def _parse(self, path: Path) -> tuple[Path, Located | None, ContentFile | None]:
        try:
            located = sheets.load_sheet(path) if sheets.is_sheet(path) else load_located(path)
        except sheets.SheetError as error:  # cards from a CSV file or an XLSX worksheet
            for line, col, message in error.problems:
                self._report(path, line, col, message)
            return path, None, None
        except YamlSyntaxError as error:
            self._report(path, error.line, error.col, error.message)
            return path, None, None
        except UnicodeDecodeError:
            self._report(path, 1, 1, "not UTF-8 text")
            return path, None, None
        self.files.append((path, located))
        if located.data is None:
            return path, located, ContentFile()
        if not isinstance(located.data, dict):
            self._report(
                path,
                1,
                1,
                "a content file must be a mapping of game, components, "
                "rules, glossary, icons, clarifications",
            )
            return path, located, None
        data = dict(located.data)
        raw_bot = data.pop("automa", None)
        errors: list[ErrorDetails] = []
        try:
            content = ContentFile.model_validate(data)
        except ValidationError as error:
            errors += error.errors()
        bot = self._bot_data(path, located, raw_bot, errors) if raw_bot is not None else None
        if errors:
            _refuse_over_limit(path, located, errors)
            self.problems.extend(_validation_problem(path, located, e) for e in errors)
            return path, located, None
        if bot is not None:
            content = content.model_copy(update={"automa": bot})
        content = self._with_ids(path, located, content)
        self.contents.append((path, located, content))
        return path, located, content

    def _bot_data(
        self, path: Path, located: Located, raw: Any, errors: list[ErrorDetails]
    ) -> Automa | None:
        """The `automa:` record, validated by the model of the bot its `kind` names
        (`starpress.core.bots`); its errors join `errors`, located under `automa`."""
        kind = raw.get("kind") if isinstance(raw, dict) else None
        found = bots.find(kind) if isinstance(kind, str) else None
        if isinstance(kind, str) and found is None:
            listed = ", ".join(bots.known_kinds())
            self._report(
                path,
                *located.value_pos(("automa", "kind")),
                f"unknown bot kind '{kind}' (bots: {listed})",
            )
            return None
        try:
            return (found.data if found else Automa).model_validate(raw)
        except ValidationError as error:
            errors += [{**e, "loc": ("automa", *e["loc"])} for e in error.errors()]
            return None

    def _game_info(
        self, contents: list[tuple[Path, Located, ContentFile | None]]
    ) -> GameInfo | None:
        holders = [
            (path, located, content)
            for path, located, content in contents
            if isinstance(located.data, dict) and "game" in located.data
        ]
        if not holders:
            if not self.problems:
                self._report(
                    self.folder / "game.yaml", 1, 1, "no 'game' record in this game folder"
                )
            return None
        for path, located, _content in holders[1:]:
            self._report(
                path,
                *located.key_pos(("game",)),
                f"a second 'game' record (the first is in {display_path(holders[0][0])})",
            )
        path, located, content = holders[0]
        if content is None or content.game is None:
            return None
        if content.game.id != self.folder.name:
            self._report(
                path,
                *located.value_pos(("game", "id")),
                f"game id '{content.game.id}' must equal its folder name '{self.folder.name}'",
            )
        return content.game

    def _facts(self, contents: list[tuple[Path, Located, ContentFile | None]]) -> _GameFacts:
        """What the cross-checks need of the game record, read even when it is invalid."""
        raw: dict[str, Any] = {}
        for _path, located, _content in contents:
            if isinstance(located.data, dict) and isinstance(located.data.get("game"), dict):
                raw = located.data["game"]
                break
        language = raw.get("source_language")
        sources = {
            source["id"]
            for source in _list(raw.get("sources"))
            if isinstance(source, dict) and isinstance(source.get("id"), str)
        }
        return _GameFacts(
            self.folder.name, language if isinstance(language, str) else None, frozenset(sources)
        )

    # -- checks across records and files -----------------------------------------------

    def _cross_check(self, info: _GameFacts) -> None:
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
                if field in _ID_LIST_FIELDS or (field == "variant" and not options):
                    self._check_target(path, located, loc, value, info.id, ids, field)
                elif field == "source" and value not in sources:
                    self._report(
                        path,
                        *located.value_pos(loc),
                        f"unknown source '{value}' (sources: {', '.join(sorted(sources))})",
                    )
        for path, located, content in self.contents:
            for value, loc in _texts_with_paths(content):
                self._check_markup(path, located, loc, value, info.id, ids, icons)
        self._check_card_counts(records)

    def _check_card_counts(self, records: list[tuple[Path, Located, PathKey, str, Any]]) -> None:
        """The printed copies of a component add up to its count in the box."""
        printed: dict[str, int] = {}
        for _path, located, loc, kind, _id in records:
            card = _at(located.data, loc)
            if kind == "card" and isinstance(card, dict) and isinstance(card.get("component"), str):
                copies = card.get("count", 1)
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
                    f"copies; its count is {count}",
                )

    def _records(self) -> Iterator[tuple[Path, Located, PathKey, str, Any]]:
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
            }[field]
            self._report(path, *located.value_pos(loc), f"unknown {what} '{value}'")

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
                    f"cross-reference to unknown id '{found.value}'",
                )
        for found in text.icons(value):
            if found.value not in icons:
                self._report(
                    path, *located.text_pos(loc, found.markup), f"unknown icon '{found.value}'"
                )

    def _icons(self, info: _GameFacts) -> set[str]:
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

    def _report(self, path: Path, line: int, col: int, message: str) -> None:
        self.problems.append(Problem(display_path(path), line, col, message))

    def _report_at(self, where: Problem, message: str) -> None:
        self.problems.append(Problem(where.path, where.line, where.col, message))


def _texts_with_paths(content: ContentFile) -> list[tuple[Text, PathKey]]:
    """Every text of a validated file with its path in the YAML."""
    found: list[tuple[Text, PathKey]] = []

    def keep(value: Text, _id: str, loc: PathKey) -> Text:
        found.append((value, loc))
        return value

    map_texts(content, keep)
    return found


def _with_children(
    path: Path, located: Located, loc: PathKey, kind: str, record: Any
) -> Iterator[tuple[Path, Located, PathKey, str, Any]]:
    if not isinstance(record, dict):
        return
    yield path, located, loc, kind, record.get("id")
    if kind == "rules":
        for index, child in enumerate(_list(record.get("sections"))):
            yield from _with_children(path, located, (*loc, "sections", index), kind, child)


def validation_problems(path: Path, located: Located, error: ValidationError) -> list[Problem]:
    """One problem per pydantic error, pointing at the YAML key or value it is about."""
    return [_validation_problem(path, located, detail) for detail in error.errors()]


def _validation_problem(path: Path, located: Located, detail: ErrorDetails) -> Problem:
    loc = _data_path(located.data, detail["loc"])
    fields = [part for part in detail["loc"] if isinstance(part, str) and part[:1].islower()]
    name = fields[-1] if fields else "value"
    kind = detail["type"]
    given = detail.get("input")
    ctx = detail.get("ctx") or {}
    position = located.value_pos(loc)
    if kind == "extra_forbidden":
        message = f"unknown field '{name}'"
        position = located.key_pos(loc)
    elif kind == "missing":
        message = f"missing field '{name}'"
    elif detail["loc"] and detail["loc"][-1] == "[key]":
        message = _language_message(given) if name != "[key]" else f"bad key {given!r}"
        position = located.key_pos(loc)
    elif kind == "literal_error" and name in _LANGUAGE_FIELDS:
        message = _language_message(given)
    elif kind == "literal_error":
        message = f"{name} must be one of {ctx['expected']} (got {given!r})"
    elif kind in ("greater_than_equal", "greater_than"):
        sign = "≥" if kind == "greater_than_equal" else ">"
        bound = ctx.get("ge", ctx.get("gt"))
        message = f"{name} must be {sign} {bound} (got {given!r})"
    elif kind == "less_than_equal":
        message = f"{name} must be ≤ {ctx.get('le')} (got {given!r})"
    elif kind == "string_pattern_mismatch":
        message = f"{name} {given!r} must be lowercase words joined by '-'"
    elif kind == "too_short":
        message = f"{name} must not be empty"
    elif kind == "value_error":
        message = str(ctx.get("error", detail["msg"]))
    elif kind.endswith("_type") or kind.endswith("_parsing"):
        wanted = detail["msg"].removeprefix("Input should be ").split(",")[0]
        message = f"{name} must be {wanted} (got {_describe(given)})"
    else:
        message = f"{name}: {detail['msg']}"
    return Problem(display_path(path), *position, message)


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


def _data_path(data: Any, loc: tuple[int | str, ...]) -> PathKey:
    """The path into the YAML data of a pydantic error location.

    Union and validator tags in the location are skipped; a field that is missing ends the
    path, so its position falls back to the mapping that should hold it.
    """
    path: list[str | int] = []
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and part < len(node)
        if in_dict or in_list:
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part[:1].islower():
            path.append(part)
            break
        else:
            continue
        path.append(part)
    return tuple(path)


def _language_message(given: Any) -> str:
    return f"unknown language {given!r} (languages: {', '.join(LANGUAGES)})"


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


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


def _refuse_over_limit(path: Path, located: Located, errors: list[ErrorDetails]) -> None:
    """A value over `limits.yaml` (a count of 10⁹ copies) is hostile input, not a typo to
    list with the others: it stops the load at once with one located line."""
    for detail in errors:
        if detail["type"] == "less_than_equal":
            problem = _validation_problem(path, located, detail)
            raise InputError(problem.path, problem.message, problem.line, problem.col)
