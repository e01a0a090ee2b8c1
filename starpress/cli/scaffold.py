"""`starpress new`: a new game (and its project, when there is none) from template files.

The scaffold's texts are data: `starpress/scaffold/<lang>/` holds the game's files, the
designer's README and the command's messages in each language, `starpress/scaffold/common/`
what does not depend on it (the card layout, the icon, the site settings). `${game}` and
`${title…}` placeholders are filled in; nothing is ever overwritten. With `automa`, the game
also gets a solo mode: a small working deck in the automaton language
(`<lang>/automa/`: automa.yaml, its rules and cards in solo.yaml, its variant in game.yaml)
and its card's layout (`common/automaton-layout.yaml`).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

import yaml

from starpress.core.errors import InputError, shown_path
from starpress.core.load import find_root, load_game
from starpress.core.model import LANGUAGES, SLUG_RE
from starpress.core.project import MARKERS, TOOL_HOME, Project, ProjectNotFound

SCAFFOLD = Path(__file__).resolve().parent / "scaffold"
SITE_FILES = ("site", "templates/site", "templates/locale")
"""What `starpress site build` needs besides content/ and templates/cards/."""


@dataclass
class Scaffolded:
    project: Path
    folder: Path  # content/<game>/
    new_project: bool
    messages: list[str] = field(default_factory=list)


def create(
    root: Path | None, game: str, lang: str, title: str | None = None, automa: bool = False
) -> Scaffolded:
    """Write a new game that passes `check` and builds; create the project when needed;
    with `automa`, a solo mode played by a deck automaton."""
    if not SLUG_RE.match(game):
        raise InputError(None, f"a game id is lowercase words joined by '-' (got {game!r})")
    if lang not in LANGUAGES:
        raise InputError(None, f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    project, new_project = _project(root, game)
    folder = Project(project).game_folder(game)
    layout = Project(project).card_layouts(game)
    for path in (folder, layout):
        if path.exists():
            raise InputError(path, "already exists: starpress new never overwrites a game")
    title = title or game.replace("-", " ").title()
    values = {
        "game": game,
        "title": title,
        "title_yaml": json.dumps(title, ensure_ascii=False),
        "title_md": title.replace("*", "\\*"),
        "title_text": re.sub(r'["{}\\*]', "", title),
    }
    language = SCAFFOLD / lang
    solo = language / "automa"
    values["variants"] = _filled(solo / "variant.yaml", values) if automa else ""
    layout_parts = _layout_parts(values) if automa else {"automaton_components": "",
                                                         "automaton_layouts": ""}  # fmt: skip
    if new_project:
        _copy_site(project)
        _render(SCAFFOLD / "common" / "games.yaml", project / "templates/site/games.yaml", values)
        _render(language / "README.md", project / "README.md", values)
        _render(SCAFFOLD / "common" / "gitignore", project / ".gitignore", values)
    for source in sorted((language / "game").iterdir()):
        _render(source, folder / source.name, values)
    _render(SCAFFOLD / "common" / "star.svg", folder / "icons" / "star.svg", values)
    _render(SCAFFOLD / "common" / "layout.yaml", layout, {**values, **layout_parts})
    if automa:
        for name in ("automa.yaml", "solo.yaml"):
            _render(solo / name, folder / name, values)
    _catalogs(project, game)
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
    """The site's configuration and page templates, as the tool's own project has them."""
    for name in SITE_FILES:
        source = TOOL_HOME / name  # a new project's site is the tool's own
        if source.is_dir():
            shutil.copytree(
                source,
                project / name,
                ignore=shutil.ignore_patterns("__pycache__", "games.yaml", "node_modules"),
                dirs_exist_ok=True,
            )
    Project(project).page_templates.mkdir(parents=True, exist_ok=True)
    config = Project(project).site / "mkdocs.yml"
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


def _render(source: Path, target: Path, values: dict[str, str]) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    text = Template(source.read_text(encoding="utf-8")).safe_substitute(values)
    target.write_text(text, encoding="utf-8")


def _catalogs(project: Path, game_id: str) -> None:
    """The new game's translation catalogs, made as `starpress i18n update` makes them."""
    from starpress.cli.i18n_command import update_game

    update_game(project, load_game(project, game_id), write_template=True)
