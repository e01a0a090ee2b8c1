"""Every path of a project, of the built-in library and of a build tree, in one place.

A project is a folder holding `content/` (one folder per game) and `templates/` (card
layouts, site page templates, the UI catalog), usually with `site/` (the MkDocs project).
Everything generated goes under `build/`. Code never joins these names itself: it asks a
`Project` (`Project(root).kit_file(game, lang, paper)`), so the layout of a project is
written down once, here.

Beside a project's own games stand the games starpress comes with, its **built-in library**:
a folder laid out like a project (`LIBRARY`: the repository root in a clone, the package's
`starpress/library/` in an installed wheel). A game is the project's own when its
`content/<game>/game.yaml` is in the project, else the library's; a project's game wins over
a built-in one of the same id. What the site shares (its MkDocs configs, page templates, UI
catalogs, the designer's guide) is the project's file when it has one, else the library's.
The build tree is always the project's: a folder that is no project (an empty folder) is a
project of the built-in games alone, building into its own `build/`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

MARKERS = ("content", "templates")
"""The folders that make a folder a project."""

LIBRARY_VARIABLE = "STARPRESS_LIBRARY"
"""Environment variable: another library folder than the built-in one, or `none` for
projects without built-in games (the tests' projects, a designer's site of their games
alone)."""


def _builtin_library() -> Path | None:
    """Where the five games starpress comes with are: `starpress/library/` in a wheel (the
    build copies them there), else the clone the package sits in; None when neither holds
    any content (a wheel built without them)."""
    package = Path(__file__).resolve().parent.parent
    for folder in (package / "library", package.parent):
        if all((folder / marker).is_dir() for marker in MARKERS):
            return folder
    return None


LIBRARY = _builtin_library()
"""The built-in library: a folder laid out like a project (content/, templates/, site/,
docs/own-game.md), read only."""


def chosen_library() -> Path | None:
    """The library projects stand beside: `$STARPRESS_LIBRARY` (a folder, or `none`), else
    the built-in one."""
    given = os.environ.get(LIBRARY_VARIABLE, "").strip()
    if not given:
        return LIBRARY
    return None if given.lower() == "none" else Path(given).resolve()


class ProjectNotFound(Exception):
    """No project at or above the folder a command was started in."""


@dataclass(frozen=True)
class Project:
    """A project folder and the paths of its sources, of the built-in games it stands
    beside (`library`; None: none) and of its build tree."""

    root: Path
    library: Path | None = field(default_factory=chosen_library)

    @classmethod
    def find(cls, start: Path) -> Project:
        """The project at `start` or at the nearest parent holding content/ and templates/."""
        start = start.resolve()
        for folder in (start, *start.parents):
            if all((folder / marker).is_dir() for marker in MARKERS):
                return cls(folder)
        markers = " and ".join(f"{name}/" for name in MARKERS)
        raise ProjectNotFound(f"no starpress project (a folder with {markers}) at or above {start}")

    @classmethod
    def around(cls, start: Path) -> Project:
        """The project at or above `start`; none: `start` itself, a project of the built-in
        games alone (ProjectNotFound when there are none either)."""
        try:
            return cls.find(start)
        except ProjectNotFound:
            if chosen_library() is None:
                raise
            return cls(start.resolve())

    # -- which games, from where ---------------------------------------------------------

    @property
    def is_library(self) -> bool:
        """Whether the project is the library itself (a clone of starpress)."""
        return self.library is not None and self.library.resolve() == self.root.resolve()

    def own_game_ids(self) -> list[str]:
        """The games in the project's own content/ (each a folder with a game.yaml)."""
        return _games_in(self.root / "content")

    def builtin_game_ids(self) -> list[str]:
        """The library's games (none when the project is the library itself)."""
        if self.library is None or self.is_library:
            return []
        return _games_in(self.library / "content")

    def game_ids(self) -> list[str]:
        """Every game: the project's own and the built-in ones, by id."""
        return sorted({*self.own_game_ids(), *self.builtin_game_ids()})

    def is_builtin(self, game_id: str) -> bool:
        """Whether the game comes from the library (also when the project is the library)."""
        return self.is_library or self.game_home(game_id) != self.root

    def replaces_builtin(self, game_id: str) -> bool:
        """Whether a game of the project hides a built-in game of the same id."""
        return game_id in self.own_game_ids() and game_id in self.builtin_game_ids()

    def game_home(self, game_id: str) -> Path:
        """The folder laid out like a project that holds the game: the project, or (for a
        built-in game the project has not replaced) the library."""
        if (self.root / "content" / game_id / "game.yaml").is_file() or self.library is None:
            return self.root
        if (self.library / "content" / game_id / "game.yaml").is_file():
            return self.library
        return self.root

    def _shared(self, relative: str) -> Path:
        """A file or folder the project may have of its own, else the library's."""
        own = self.root / relative
        if own.exists() or self.library is None:
            return own
        builtin = self.library / relative
        return builtin if builtin.exists() else own

    # -- content -------------------------------------------------------------------------

    @property
    def content(self) -> Path:
        """The project's own content/ (its games)."""
        return self.root / "content"

    def game_folder(self, game_id: str) -> Path:
        """A game's folder: its YAML, spreadsheets, icons, pictures and catalogs (the
        project's own, else the built-in game's)."""
        return self.game_home(game_id) / "content" / game_id

    def bot_file(self, game_id: str) -> Path:
        """A game's bot as data (`automa.yaml`); a game without it has no bot."""
        return self.game_folder(game_id) / "automa.yaml"

    def catalog(self, game_id: str, lang: str) -> Path:
        """A game's translations into one language."""
        return self.game_folder(game_id) / "locale" / f"{lang}.po"

    def catalog_template(self, game_id: str) -> Path:
        """A game's catalog template (every text to translate)."""
        return self.game_folder(game_id) / "locale" / f"{game_id}.pot"

    @property
    def translation_settings(self) -> Path:
        """Which languages must be complete (`content/i18n.yaml`)."""
        return self._shared("content/i18n.yaml")

    @property
    def printer_profiles(self) -> Path:
        """The project's printer profiles (`starpress printer save`; `pnp --printer NAME`)."""
        return self.root / "printers.yaml"

    # -- templates ------------------------------------------------------------------------

    @property
    def templates(self) -> Path:
        """The project's own templates/."""
        return self.root / "templates"

    def card_layouts(self, game_id: str) -> Path:
        """A game's card, token and board layouts (beside the game: the project's own, else
        the built-in game's)."""
        return self.game_home(game_id) / "templates" / "cards" / f"{game_id}.yaml"

    @property
    def page_templates(self) -> Path:
        """The site's page templates (`*.md.j2`) and their settings: the project's own
        folder, else the library's."""
        return self._shared("templates/site")

    @property
    def page_template_folders(self) -> list[Path]:
        """Where a page template is looked up, first found wins: the project's own, then
        the library's (a project may replace one template and keep the others)."""
        folders = [self.templates / "site"]
        if self.library is not None and not self.is_library:
            folders.append(self.library / "templates" / "site")
        return [folder for folder in folders if folder.is_dir()]

    @property
    def site_games_files(self) -> list[Path]:
        """Each game's site settings (`templates/site/games.yaml`: order, gameplay section,
        accent colour): the library's first, then the project's, whose entries win."""
        return [folder / "games.yaml" for folder in reversed(self.page_template_folders)]

    @property
    def anatomy_labels(self) -> Path:
        return self._shared("templates/site/anatomy.yaml")

    def ui_catalog(self, lang: str) -> Path:
        """The UI strings' translations into one language (gettext's folder layout): the
        project's own, else the library's."""
        locale = lang.replace("-", "_")
        return self._shared(f"templates/locale/{locale}/LC_MESSAGES/messages.po")

    @property
    def ui_catalog_template(self) -> Path:
        """The UI strings to translate, as `starpress i18n extract` writes them."""
        return self.templates / "locale" / "messages.pot"

    @property
    def designer_guide(self) -> Path:
        """The guide to making one's own game, shown on the English site."""
        return self._shared("docs/own-game.md")

    @property
    def automaton_guide(self) -> Path:
        """The guide to the automaton language (a solo bot's deck as data), shown on the
        English site."""
        return self._shared("docs/automaton-language.md")

    # -- the MkDocs project ---------------------------------------------------------------

    @property
    def site(self) -> Path:
        """The project's own MkDocs folder."""
        return self.root / "site"

    @property
    def site_settings(self) -> Path:
        """The site's title and published address (`site/site.yaml`)."""
        return self._shared("site/site.yaml")

    def mkdocs_config(self, lang: str) -> Path:
        return self._shared(f"site/mkdocs.{lang}.yml")

    @property
    def play_sources(self) -> Path:
        """The Play pages' script, service worker and npm folder (Pyodide)."""
        return self._shared("site/play")

    # -- the build tree -------------------------------------------------------------------

    @property
    def build(self) -> Path:
        return self.root / "build"

    @property
    def kits(self) -> Path:
        return self.build / "pnp"

    def kit_file(self, game_id: str, lang: str, paper: str) -> Path:
        """Where `starpress pnp` writes a game's default kit."""
        return self.kits / f"{game_id}-{lang}-{paper}.pdf"

    @property
    def rulebooks(self) -> Path:
        return self.build / "rulebooks"

    def rulebook_file(self, game_id: str, lang: str, paper: str, quick: bool = False) -> Path:
        """Where `starpress rulebook [--quick]` writes a book or a quick reference."""
        return self.rulebooks / f"{game_id}-{lang}-{paper}{'-quick' if quick else ''}.pdf"

    @property
    def built_site(self) -> Path:
        """The built site: one folder per language, the Play pages' shared files."""
        return self.build / "site"

    def built_language(self, lang: str) -> Path:
        return self.built_site / lang

    def gallery_folder(self, game_id: str, lang: str) -> Path:
        """A game's card pictures (and cover) for the site, in one language."""
        return self.build / "site-cache" / lang / game_id

    def charts_folder(self, game_id: str) -> Path:
        """A game's bot charts for the site (the same for every language)."""
        return self.build / "site-cache" / "automa" / game_id

    def play_data(self, game_id: str, lang: str) -> Path:
        """A Play page's data (the bot's prepared data and words, `automa.web.data`)."""
        return self.build / "site-cache" / lang / game_id / "play.json"

    @property
    def play_bundle(self) -> Path:
        """The engine and the bots' programs as one zip for the Play pages (Pyodide)."""
        return self.build / "site-cache" / "play" / "starpress.zip"

    def anatomy_file(self, game_id: str) -> Path:
        """Where each card layout's boxes are, for the anatomy pictures (`pnp.anatomy`)."""
        return self.build / "site-cache" / "anatomy" / f"{game_id}.json"

    def cover_file(self, game_id: str, lang: str) -> Path:
        """A game's cover for the site: a fan of its card faces (`pnp.cover`)."""
        return self.gallery_folder(game_id, lang) / "cover.png"

    def setup_folder(self, game_id: str, lang: str) -> Path:
        """A game's setup pictures in one language (`pnp.setups`): the site and the books
        show them in the rules section each belongs to."""
        return self.gallery_folder(game_id, lang) / "setups"

    def setup_manifest(self, game_id: str, lang: str) -> Path:
        """Which picture of `setup_folder` is which setup (`setup id -> file name`)."""
        return self.setup_folder(game_id, lang) / "setups.json"

    def gallery_manifest(self, game_id: str, lang: str) -> Path:
        """Which picture of the gallery is which card (`card id -> file name`)."""
        return self.gallery_folder(game_id, lang) / "gallery.json"

    def charts_manifest(self, game_id: str) -> Path:
        """Which chart shows what (`automa.sim.site_charts`)."""
        return self.charts_folder(game_id) / "charts.json"

    @property
    def compiled_catalogs(self) -> Path:
        """`starpress i18n compile`'s .mo files."""
        return self.build / "locale"

    def cache(self, name: str) -> Path:
        """A cache kept between runs (`faces`, `fitted`, `gallery`, `charts`, `jinja`)."""
        return self.build / "cache" / name

    def save_file(self, game_id: str, seed: int) -> Path:
        """Where a bot game is saved when no --save is given."""
        return self.build / "automa" / f"{game_id}-{seed}.jsonl"


def _games_in(content: Path) -> list[str]:
    """The game folders (each with a game.yaml) of a content/ folder, by id."""
    if not content.is_dir():
        return []
    return sorted(folder.name for folder in content.iterdir() if (folder / "game.yaml").is_file())
