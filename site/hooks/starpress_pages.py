"""MkDocs hook: the pages of this language come from starpress.site.views, and the site's
publishing settings from starpress.site.config (thin on purpose)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from starpress.site import look as sitelook
from starpress.site import publish as sitepublish
from starpress.site import views as sitegen
from starpress.site.config import SiteSettings, resolve
from starpress.site.jinjacache import keep_compiled
from starpress.site.markdown import nav_label

_sites: dict[str, sitegen.Site] = {}
_settings: dict[str, SiteSettings] = {}


def _root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent.parent


def _site(config: Any) -> sitegen.Site:
    lang = config.theme["language"]
    if lang not in _sites:
        _sites[lang] = sitegen.build_site(_root(config), lang)
    return _sites[lang]


def on_config(config: Any) -> Any:
    settings = resolve(_root(config), environ=os.environ)
    lang = config.theme["language"]
    _settings[lang] = settings
    config.site_name = nav_label(sitegen.site_title(_root(config), lang))
    config.site_url = settings.language_url(lang)
    for alternate in config.extra["alternate"]:  # the language switcher and hreflang links
        alternate["link"] = settings.language_url(alternate["lang"]) or f"../{alternate['lang']}/"
    config.nav = _site(config).nav
    return config


def on_env(env: Any, config: Any, files: Files) -> Any:
    """The theme's templates, compiled once across builds (`build/cache/jinja/`)."""
    return keep_compiled(_root(config), env)


def on_files(files: Files, config: Any) -> Files:
    site = _site(config)
    for page in site.pages:
        files.append(File.generated(config, page.path, content=page.text))
    for asset in site.assets:
        files.append(File.generated(config, asset.path, abs_src_path=str(asset.source)))
    files.append(File.generated(config, "games.css", content=site.styles))
    return files


def on_post_page(output: str, page: Any, config: Any) -> str:
    """A game's pages say which game they are, for its accent (games.css)."""
    game = _site(config).game_of(page.file.src_uri)
    return sitelook.mark_page(output, game) if game else output


def on_post_build(config: Any) -> None:
    settings = _settings[config.theme["language"]]
    sitepublish.finish(Path(config.site_dir), settings)
