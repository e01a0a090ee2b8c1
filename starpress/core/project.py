"""Every path of a project and of its build tree, in one place.

A project is a folder holding `content/` (one folder per game) and `templates/` (card
layouts, site page templates, the UI catalog), usually with `site/` (the MkDocs project).
Everything generated goes under `build/`. Code never joins these names itself: it asks a
`Project` (`Project(root).kit_file(game, lang, paper)`), so the layout of a project is
written down once, here.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MARKERS = ("content", "templates")
"""The folders that make a folder a project."""

TOOL_HOME = Path(__file__).resolve().parent.parent.parent
"""The project starpress itself comes in (its clone, or its unpacked source): where a
scaffolded game's site finds Pyodide and the shared site files when its own project has
none."""


class ProjectNotFound(Exception):
    """No project at or above the folder a command was started in."""


@dataclass(frozen=True)
class Project:
    """A project folder and the paths of its sources and its build tree."""

    root: Path

    @classmethod
    def find(cls, start: Path) -> Project:
        """The project at `start` or at the nearest parent holding content/ and templates/."""
        start = start.resolve()
        for folder in (start, *start.parents):
            if all((folder / marker).is_dir() for marker in MARKERS):
                return cls(folder)
        markers = " and ".join(f"{name}/" for name in MARKERS)
        raise ProjectNotFound(f"no starpress project (a folder with {markers}) at or above {start}")

    # -- content -------------------------------------------------------------------------

    @property
    def content(self) -> Path:
        return self.root / "content"

    def game_folder(self, game_id: str) -> Path:
        """A game's folder: its YAML, spreadsheets, icons, pictures and catalogs."""
        return self.content / game_id

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
        return self.content / "i18n.yaml"

    @property
    def printer_profiles(self) -> Path:
        """The project's printer profiles (`starpress printer save`; `pnp --printer NAME`)."""
        return self.root / "printers.yaml"

    # -- templates ------------------------------------------------------------------------

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    @property
    def card_layouts_folder(self) -> Path:
        return self.templates / "cards"

    def card_layouts(self, game_id: str) -> Path:
        """A game's card, token and board layouts."""
        return self.card_layouts_folder / f"{game_id}.yaml"

    @property
    def page_templates(self) -> Path:
        """The site's page templates (`*.md.j2`) and their settings."""
        return self.templates / "site"

    @property
    def site_games(self) -> Path:
        """Each game's site settings: its accent colour, its cover cards."""
        return self.page_templates / "games.yaml"

    @property
    def anatomy_labels(self) -> Path:
        return self.page_templates / "anatomy.yaml"

    def ui_catalog(self, lang: str) -> Path:
        """The UI strings' translations into one language (gettext's folder layout)."""
        locale = lang.replace("-", "_")
        return self.templates / "locale" / locale / "LC_MESSAGES" / "messages.po"

    @property
    def ui_catalog_template(self) -> Path:
        return self.templates / "locale" / "messages.pot"

    # -- the MkDocs project ---------------------------------------------------------------

    @property
    def site(self) -> Path:
        return self.root / "site"

    @property
    def site_settings(self) -> Path:
        """The site's title and published address (`site/site.yaml`)."""
        return self.site / "site.yaml"

    def mkdocs_config(self, lang: str) -> Path:
        return self.site / f"mkdocs.{lang}.yml"

    @property
    def play_sources(self) -> Path:
        """The Play pages' script, service worker and npm folder (Pyodide)."""
        return self.site / "play"

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
        """A cache kept between runs (`faces`, `gallery`, `charts`, `jinja`)."""
        return self.build / "cache" / name

    def save_file(self, game_id: str, seed: int) -> Path:
        """Where a bot game is saved when no --save is given."""
        return self.build / "automa" / f"{game_id}-{seed}.jsonl"
