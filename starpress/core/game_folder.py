"""Read one game folder into a `Game`: parse each YAML file and card sheet, validate it, give
every text its id, cross-check the whole (`starpress.core.crosscheck`), merge the records.

Every problem is collected (not just the first); a game is returned only when it has none.
A file with schema errors still has its icons and cross-references checked (what of it
validates, `starpress.core.salvage`); a file that cannot be read at all is listed first, and
what other files say of its records is marked as a knock-on (`starpress.core.crosscheck`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from starpress.core import bots, sheets
from starpress.core.crosscheck import FileTexts, Unread, cross_check, game_facts
from starpress.core.model import (
    Automa,
    ContentFile,
    Game,
    GameInfo,
    PathKey,
    map_texts,
    texts_with_paths,
)
from starpress.core.problems import (
    ContentError,
    Problem,
    display_path,
    refuse_over_limit,
    validation_problem,
)
from starpress.core.salvage import salvaged_texts
from starpress.core.text import Text
from starpress.core.yamlpos import Located, YamlSyntaxError, load_located

_LIST_KEYS = (
    "components",
    "rules",
    "glossary",
    "icons",
    "clarifications",
    "cards",
    "maps",
    "setups",
)


def load_game_folder(folder: Path) -> Game:
    """Load, validate and cross-check one game folder (ContentError: every problem)."""
    return _GameLoader(folder).load()


class _GameLoader:
    """Reads one game folder and collects every problem before giving up."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[Problem] = []
        self.files: list[tuple[Path, Located]] = []
        self.contents: list[tuple[Path, Located, ContentFile]] = []  # the files that validated
        self.texts: list[FileTexts] = []  # every text of each file, or of what validates of it
        self.unread: list[Unread] = []  # the files that could not be read, and why

    def load(self) -> Game:
        paths = [*sorted(self.folder.glob("*.yaml")), *sheets.sheet_files(self.folder)]
        parsed = [self._parse(path) for path in paths]
        contents = [(path, located, content) for path, located, content in parsed if located]
        info = self._game_info(contents)
        facts = game_facts(self.folder.name, self.files)
        self.problems.extend(cross_check(self.folder, self.files, self.texts, facts, self.unread))
        if self.problems or info is None:
            raise ContentError(self.problems)
        merged: dict[str, list[Any]] = {key: [] for key in _LIST_KEYS}
        automa = None
        for _path, _located, content in contents:
            if content is not None:
                for key in _LIST_KEYS:
                    merged[key].extend(getattr(content, key))
                automa = automa or content.automa
        if automa is not None:  # a bot whose data is also cards to print (a deck automaton)
            merged["cards"].extend(automa.printed_cards(info.id))
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
                self._unreadable(path, line, col, message)
            return path, None, None
        except YamlSyntaxError as error:
            self._unreadable(path, error.line, error.col, error.message)
            return path, None, None
        except UnicodeDecodeError:
            self._unreadable(path, 1, 1, "not UTF-8 text")
            return path, None, None
        self.files.append((path, located))
        if located.data is None:
            return path, located, ContentFile()
        if not isinstance(located.data, dict):
            self._unreadable(
                path,
                1,
                1,
                "a content file must be a mapping of game, components, "
                "rules, glossary, icons, clarifications",
            )
            return path, located, None
        content, errors = self._validate(path, located, located.data, report=True)
        if errors:
            refuse_over_limit(path, located, errors)
            self.problems.extend(validation_problem(path, located, e) for e in errors)
            # the rest of the file is still checked: its icons and cross-references
            validate = partial(self._validate, path, located, report=False)
            self.texts.append((path, located, salvaged_texts(located.data, validate)))
            return path, located, None
        assert content is not None
        content = self._with_ids(path, located, content)
        self.contents.append((path, located, content))
        self.texts.append((path, located, texts_with_paths(content)))
        return path, located, content

    def _validate(
        self, path: Path, located: Located, data: dict[str, Any], report: bool
    ) -> tuple[ContentFile | None, list[ErrorDetails]]:
        """A file's data as a ContentFile, its bot record typed by its kind; or its errors."""
        data = dict(data)
        raw_bot = data.pop("automa", None)
        errors: list[ErrorDetails] = []
        content = None
        try:
            content = ContentFile.model_validate(data)
        except ValidationError as error:
            errors += error.errors()
        bot = None
        if raw_bot is not None:
            bot = self._bot_data(path, located, raw_bot, errors, report)
        if errors or content is None:
            return None, errors
        if bot is not None:
            content = content.model_copy(update={"automa": bot})
        return content, []

    def _bot_data(
        self, path: Path, located: Located, raw: Any, errors: list[ErrorDetails], report: bool
    ) -> Automa | None:
        """The `automa:` record, validated by the model of the bot its `kind` names
        (`starpress.core.bots`); its errors join `errors`, located under `automa`."""
        kind = raw.get("kind") if isinstance(raw, dict) else None
        found = bots.find(kind) if isinstance(kind, str) else None
        if isinstance(kind, str) and found is None:
            listed = ", ".join(bots.known_kinds())
            if report:
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

    def _report(self, path: Path, line: int, col: int, message: str) -> None:
        self.problems.append(Problem(display_path(path), line, col, message))

    def _unreadable(self, path: Path, line: int, col: int, message: str) -> None:
        """A problem that stops a file from being read: nothing in it is known."""
        problem = Problem(display_path(path), line, col, message, unreadable=True)
        self.problems.append(problem)
        if not any(unread.path == path for unread in self.unread):
            self.unread.append(Unread(path, problem))
