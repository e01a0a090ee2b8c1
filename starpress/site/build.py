"""`starpress site build`: one MkDocs build per language, in parallel processes.

The kits and gallery pictures the pages offer are built before (`starpress site build` or
`make`); the pages only read them (`starpress.site.files`).
"""

from __future__ import annotations

import functools
import html
import logging
import multiprocessing
import os
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from starpress.core import catalogs
from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.core.model import LANGUAGES, Game
from starpress.core.project import Project
from starpress.site import views as sitegen
from starpress.site.config import SiteSettings
from starpress.site.play import pyodide_folder, write_play_files
from starpress.site.views import language_name


@dataclass(frozen=True)
class LanguageBuild:
    lang: str
    ok: bool
    output: str


def config_path(root: Path, lang: str) -> Path:
    return Project(root).mkdocs_config(lang)


def build(
    root: Path,
    langs: list[str],
    settings: SiteSettings,
    jobs: int | None = None,
    games: dict[str, Game] | None = None,
    palettes: Mapping[str, Mapping[str, str]] | None = None,
) -> list[LanguageBuild]:
    """`mkdocs build --strict` for each language, in parallel processes, then the root page.

    The processes are forked from this one after it has read the games and imported MkDocs,
    so no language pays for them again; each gets the same settings (site URL, sitemap
    dates) through its environment. `games`, and the card layouts' `palettes` (game id ->
    colour name -> hex): read by the caller already."""
    workers = max(1, min(jobs or os.cpu_count() or 2, len(langs)))
    environment = {"NO_MKDOCS_2_WARNING": "1", **settings.environment()}
    forked = multiprocessing.get_context("fork")
    with (
        sitegen.preloaded(root, games, palettes),
        ProcessPoolExecutor(workers, forked, _set_environment, (environment,)) as pool,
    ):
        check_catalogs(root, langs)
        check_downloads(root, langs)
        playable = Project(root).play_bundle.is_file()  # written by the cli when a bot plays
        if playable:
            pyodide_folder(root)  # missing: said before any language is built
        building = pool.map(functools.partial(_build_language, root), langs)
        if playable:  # meanwhile: their files are beside the languages' folders
            write_play_files(root, Project(root).built_site)
        results = list(building)
    write_root_page(Project(root).built_site, settings)
    return results


def _set_environment(values: dict[str, str]) -> None:
    os.environ.update(values)


class _Lines(logging.Handler):
    """What MkDocs warns about while building, kept to show when the build fails."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname}: {record.getMessage()}")


def _build_language(root: Path, lang: str) -> LanguageBuild:
    """One language's `mkdocs build --strict`, in this (forked) process."""
    lines = _Lines()
    log = logging.getLogger("mkdocs")
    log.addHandler(lines)
    log.propagate = False  # said once, in the language's result (not again on stderr)
    try:
        mkdocs_build(load_config(str(config_path(root, lang)), strict=True))
        return LanguageBuild(lang, True, "\n".join(lines.lines))
    except InputError as error:  # bad content met while making the pages: one located line
        return LanguageBuild(lang, False, "\n".join([*lines.lines, f"error: {error}"]))
    except (MkDocsException, OSError) as error:  # Abort (strict warnings), BuildError, config
        said = [*lines.lines, f"{type(error).__name__}: {error}"]
        return LanguageBuild(lang, False, "\n".join(said))
    finally:
        log.removeHandler(lines)
        log.propagate = True


def write_root_page(site_dir: Path, settings: SiteSettings) -> Path:
    """build/site/index.html: sends a visitor to their browser's language, lists all four.
    Published under a site URL, it also names its canonical address and each language's."""
    site_dir.mkdir(parents=True, exist_ok=True)
    title = html.escape(settings.title)
    head_links = ""
    if settings.site_url:
        site_url = html.escape(settings.site_url)
        head_links = f'  <link rel="canonical" href="{site_url}">\n' + "".join(
            f'  <link rel="alternate" hreflang="{lang}" '
            f'href="{html.escape(settings.language_url(lang) or "")}">\n'
            for lang in LANGUAGES
        )
        head_links += f'  <link rel="alternate" hreflang="x-default" href="{site_url}">\n'
    links = "\n".join(
        f'    <li><a href="{lang}/" hreflang="{lang}" lang="{lang}">'
        f"{html.escape(language_name(lang))}</a></li>"
        for lang in LANGUAGES
    )
    codes = ", ".join(f'"{lang}"' for lang in LANGUAGES)
    # the script picks the first of the browser's languages we have (exact, then by family)
    page = f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
{head_links}  <script>
    (function () {{
      var available = [{codes}];
      var wanted = (navigator.languages || [navigator.language || "en"]);
      function go(code) {{ location.replace(code + "/"); }}
      for (var i = 0; i < wanted.length; i++) {{
        var code = wanted[i].toLowerCase(), family = code.split("-")[0];
        for (var j = 0; j < available.length; j++) {{
          if (available[j].toLowerCase() === code) {{ return go(available[j]); }}
        }}
        for (var k = 0; k < available.length; k++) {{
          if (available[k].split("-")[0] === family) {{ return go(available[k]); }}
        }}
      }}
      go("en");
    }})();
  </script>
</head>
<body>
  <h1>{title}</h1>
  <ul>
{links}
  </ul>
</body>
</html>
"""
    path = site_dir / "index.html"
    write_atomic(path, page.encode("utf-8"))
    return path


def check_catalogs(root: Path, langs: list[str]) -> None:
    """Read every catalog the languages need, strictly, before any build process starts: a
    broken catalog is one located error (InputError) here, not a traceback in a child."""
    from starpress.core.load import game_ids

    for lang in langs:
        paths = [catalogs.ui_catalog_path(root, lang)]
        paths += [catalogs.game_catalog_path(root, game, lang) for game in game_ids(root)]
        for path in paths:
            if path.is_file():
                catalogs.read_catalog(path, lang)


def check_downloads(root: Path, langs: list[str]) -> None:
    """Read every PDF the downloads pages will describe, before any build process starts:
    a damaged one is one located error (InputError) here, not a traceback in a child."""
    from starpress.core.load import game_ids
    from starpress.site import files as sitefiles

    for lang in langs:
        for game in game_ids(root):
            files = sitefiles.site_files(root, game, lang)
            for asset in [*files.kits, *files.rulebooks, *files.quick_references]:
                sitefiles.pdf_facts(asset.source)
