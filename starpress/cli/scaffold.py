"""`starpress new`: a new game (and its project, when there is none) from template files.

The scaffold's texts are data: `starpress/scaffold/<lang>/` holds the game's files, the
designer's README and the command's messages in each language, `starpress/scaffold/common/`
what does not depend on it (the card layout, the icon, the site settings). `${game}` and
`${title…}` placeholders are filled in: the id is checked first, the title is one line of
printable text and goes into YAML through the YAML emitter. Everything is written into a
temporary folder beside its place, checked by loading the game, and moved in whole, so a
refusal leaves nothing behind; nothing is ever overwritten. With `automa`, the game also
gets a solo mode: a small working deck in the automaton language (`<lang>/automa/`:
automa.yaml, its rules and cards in solo.yaml, its variant in game.yaml) and its card's
layout (`common/automaton-layout.yaml`).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

import yaml

from starpress.core.errors import InputError, shown_path
from starpress.core.limits import new_limits
from starpress.core.load import find_root, load_game
from starpress.core.model import LANGUAGES, SLUG_RE
from starpress.core.problems import ContentError
from starpress.core.project import LIBRARY, MARKERS, Project, ProjectNotFound
from starpress.core.yamlpos import unprintable

SCAFFOLD = Path(__file__).resolve().parent / "scaffold"
SITE_FILES = ("site", "templates/site", "templates/locale")
"""What `starpress site build` needs besides content/ and templates/cards/."""


@dataclass
class Scaffolded:
    project: Path
    folder: Path  # content/<game>/
    new_project: bool
    messages: list[str] = field(default_factory=list)


BOARDS = ("none", "hex", "square")
"""What `starpress new --board` offers: no board, or a small map of hexes or of squares."""
_BOARD_GRIDS = {
    "hex": ("    grid: hex\n    orientation: flat\n    coords: offset", "hexes", "22"),
    "square": ("    grid: square", "squares", "22"),
}
"""Each board's map keys (content), the layout's box type and its cell size in mm."""


def create(
    root: Path | None,
    game: str,
    lang: str,
    title: str | None = None,
    automa: bool = False,
    board: str = "none",
) -> Scaffolded:
    """Write a new game that passes `check` and builds; create the project when needed;
    with `automa`, a solo mode played by a deck automaton; with `board` (`hex` or
    `square`), a small map too (`board.yaml`)."""
    _check_id(game)
    if lang not in LANGUAGES:
        raise InputError(None, f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    if board not in BOARDS:
        raise InputError(None, f"--board must be one of {', '.join(BOARDS)} (got {board!r})")
    title = _checked_title(title) if title else game.replace("-", " ").title()
    try:
        project, new_project = _project(root, game)
        own = Project(project, library=None)  # the project's own files, never a built-in game's
        folder = own.game_folder(game)
        layout = own.card_layouts(game)
        for path in (folder, layout):
            if path.exists():
                raise InputError(path, "already exists: starpress new never overwrites a game")
    except OSError as error:  # a name the file system refuses (too long) even to look at
        raise InputError(root or game, f"cannot be created ({error.strerror})") from None
    title_text = re.sub(r'["{}\\*]', "", title)  # `{name}` in a layout is a field
    values = {
        "game": game,
        "title": title,  # one line: in a comment and in a block scalar's line
        "title_yaml": _yaml_scalar(title),
        "title_md": title.replace("*", "\\*"),
        "title_text": title_text,
        "title_text_yaml": _yaml_scalar(f"**{title_text}**"),
        **_board_values(board, game),
    }
    with _staging(project, new_project) as staged:
        _write(Project(staged), game, SCAFFOLD / lang, values, new_project, automa)
        try:
            _catalogs(staged, game)  # loads the game: what `check` says of it
        except ContentError as error:  # the title's markup (an icon or link it lacks)
            said = error.problems[0].message if error.problems else str(error)
            raise InputError(None, f"--title {title!r} cannot be used: {said}") from None
        _move_in(staged, project, new_project, game)
    language = SCAFFOLD / lang
    messages = yaml.safe_load((language / "messages.yaml").read_text(encoding="utf-8"))
    words = {
        **values,
        "project": shown_path(project),
        "folder": shown_path(folder),
        "cd": f"cd {shown_path(project)} && " if new_project and root is None else "",
    }
    made = Scaffolded(project, folder, new_project)
    if new_project:
        made.messages.append(Template(messages["project"]).safe_substitute(words))
    made.messages.append(Template(messages["game"]).safe_substitute(words))
    made.messages.extend(Template(messages["next"]).safe_substitute(words).rstrip().splitlines())
    if automa:
        more = Template(messages["automa"]).safe_substitute(words).rstrip().splitlines()
        made.messages.extend(more)
    return made


def _check_id(game: str) -> None:
    """A game id is a slug short enough for every file name made from it."""
    longest = new_limits().game_id_chars
    if len(game) > longest:
        message = f"a game id is at most {longest} characters (got {len(game)}): it names files"
        raise InputError(None, message)
    if not SLUG_RE.match(game):
        raise InputError(None, f"a game id is lowercase words joined by '-' (got {game!r})")


def _checked_title(title: str) -> str:
    """A title is one line of printable text: it goes into YAML, a comment and Markdown."""
    longest = new_limits().title_chars
    if len(title) > longest:
        raise InputError(None, f"--title is at most {longest} characters (got {len(title)})")
    if "".join(title.splitlines()) != title:
        raise InputError(None, "--title must be one line (it holds a line break)")
    wrong = unprintable(title)
    if wrong is not None:
        raise InputError(None, f"--title: {wrong.split(' (', 1)[0]} is not text")
    return title


def _yaml_scalar(value: str) -> str:
    """A value as the YAML emitter writes it: one double-quoted scalar, escapes and all."""
    emitted = yaml.safe_dump(value, default_style='"', allow_unicode=True, width=float("inf"))
    return str(emitted).rstrip("\n")


def _write(
    project: Project,
    game: str,
    language: Path,
    values: dict[str, str],
    new_project: bool,
    automa: bool,
) -> None:
    """The game's files (and the project's, when it is new) under `project`; with `automa`,
    its deck automaton too."""
    solo = language / "automa"
    values = {**values, "variants": _filled(solo / "variant.yaml", values) if automa else ""}
    layout_parts = _layout_parts(values) if automa else {"automaton_components": "",
                                                         "automaton_layouts": ""}  # fmt: skip
    if new_project:
        _copy_site(project.root)
        _render(
            SCAFFOLD / "common" / "games.yaml", project.templates / "site" / "games.yaml", values
        )
        _render(language / "README.md", project.root / "README.md", values)
        _render(SCAFFOLD / "common" / "gitignore", project.root / ".gitignore", values)
    folder = project.game_folder(game)
    for source in sorted((language / "game").iterdir()):
        _render(source, folder / source.name, values)
    if values["board_box"]:
        _render(language / "board.yaml", folder / "board.yaml", values)
    _render(SCAFFOLD / "common" / "star.svg", folder / "icons" / "star.svg", values)
    layout = project.card_layouts(game)
    _render(SCAFFOLD / "common" / "layout.yaml", layout, {**values, **layout_parts})
    if automa:
        for name in ("automa.yaml", "solo.yaml"):
            _render(solo / name, folder / name, values)


@contextmanager
def _staging(project: Path, new_project: bool) -> Iterator[Path]:
    """A temporary project beside the new project (or inside the one the game joins), removed
    on the way out; the file system's own refusals (a name too long) said as one line."""
    place = project.parent if new_project else project
    staged = place / f".starpress-new.{os.getpid()}"
    try:
        place.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(staged, ignore_errors=True)  # left by a killed run with our pid
        staged.mkdir()
        yield staged
    except OSError as error:
        where = error.filename if isinstance(error.filename, str) else project
        if Path(where).is_relative_to(staged):  # said as the place it was to have
            where = project / Path(where).relative_to(staged)
        raise InputError(where, f"cannot be created ({error.strerror})") from None
    finally:
        shutil.rmtree(staged, ignore_errors=True)


def _move_in(staged: Path, project: Path, new_project: bool, game: str) -> None:
    """Move what was written into the project: the new project folder in one rename, else
    each new top-level entry (a new project in a folder that has files) or the game's folder
    and layout file; a name already there is refused before anything moves."""
    if new_project and not project.exists():
        staged.rename(project)
        return
    if new_project:
        moves = [(entry, project / entry.name) for entry in sorted(staged.iterdir())]
    else:
        moves = [
            (Project(staged).game_folder(game), Project(project).game_folder(game)),
            (Project(staged).card_layouts(game), Project(project).card_layouts(game)),
        ]
    for _source, target in moves:
        if target.exists():
            raise InputError(target, "already exists: starpress new never overwrites a file")
    done: list[tuple[Path, Path]] = []
    try:
        for source, target in moves:
            target.parent.mkdir(parents=True, exist_ok=True)
            source.rename(target)
            done.append((source, target))
    except OSError:
        for source, target in reversed(done):  # put back what moved: all or nothing
            target.rename(source)
        raise


def _project(root: Path | None, game: str) -> tuple[Path, bool]:
    """The project to add the game to, and whether it is to be made: `--root` (made when it
    is not a project yet), else the project around the working folder, else `./<game>/`."""
    if root is not None:
        if all((root / marker).is_dir() for marker in MARKERS):
            return root.resolve(), False
        if root.exists() and not root.is_dir():
            raise InputError(root, "is a file, not a folder")
        return root.resolve(), True
    try:
        return find_root(Path.cwd()), False
    except ProjectNotFound:
        project = Path.cwd() / game
        if project.exists():
            raise InputError(project, "already exists and is not a starpress project") from None
        return project, True


def _copy_site(project: Path) -> None:
    """The site's configuration and page templates, as the built-in library has them."""
    for name in SITE_FILES:
        if LIBRARY is None:
            break
        source = LIBRARY / name  # a new project's site is the tool's own
        if source.is_dir():
            shutil.copytree(
                source,
                project / name,
                ignore=shutil.ignore_patterns("__pycache__", "games.yaml", "node_modules"),
                dirs_exist_ok=True,
            )
    own = Project(project, library=None)
    own.page_templates.mkdir(parents=True, exist_ok=True)
    config = own.site / "mkdocs.yml"
    if config.is_file():
        text = config.read_text(encoding="utf-8")
        config.write_text(
            re.sub(r"(?m)^site_description:.*$", "site_description: Rules reference", text),
            encoding="utf-8",
        )


def _filled(source: Path, values: dict[str, str]) -> str:
    return Template(source.read_text(encoding="utf-8")).safe_substitute(values)


def _layout_parts(values: dict[str, str]) -> dict[str, str]:
    """The automaton card's lines of the layout file: its component, and its layouts."""
    text = _filled(SCAFFOLD / "common" / "automaton-layout.yaml", values)
    components, _, layouts = text.partition("# layouts\n")
    return {
        "automaton_components": components.removeprefix("# components\n"),
        "automaton_layouts": layouts,
    }


def _board_values(board: str, game: str) -> dict[str, str]:
    """The placeholders a board fills in (all empty without one): the map's grid keys, and
    the layout file's board component and layout."""
    if board == "none":
        return {"board_grid": "", "board_box": "", "board_component": "", "board_layout": ""}
    grid, box, cell = _BOARD_GRIDS[board]
    values = {"board_grid": grid, "board_box": box, "board_cell": cell}
    layout = Template((SCAFFOLD / "common" / "board-layout.yaml").read_text(encoding="utf-8"))
    return {
        **values,
        "board_component": f"  {game}.component.board: {{front: board}}\n",
        "board_layout": layout.safe_substitute(values),
    }


def _render(source: Path, target: Path, values: dict[str, str]) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    text = Template(source.read_text(encoding="utf-8")).safe_substitute(values)
    target.write_text(text, encoding="utf-8")


def _catalogs(project: Path, game_id: str) -> None:
    """The new game's translation catalogs, made as `starpress i18n update` makes them."""
    from starpress.cli.i18n_command import update_game

    update_game(project, load_game(project, game_id), write_template=True)
