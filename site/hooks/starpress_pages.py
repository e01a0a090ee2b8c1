"""MkDocs hook: the pages of this language come from starpress.sitegen (thin on purpose)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from starpress import sitegen

_sites: dict[str, sitegen.Site] = {}


def _site(config: Any) -> sitegen.Site:
    lang = config.theme["language"]
    if lang not in _sites:
        root = Path(config.config_file_path).resolve().parent.parent
        _sites[lang] = sitegen.build_site(root, lang)
    return _sites[lang]


def on_config(config: Any) -> Any:
    config.nav = _site(config).nav
    return config


def on_files(files: Files, config: Any) -> Files:
    site = _site(config)
    for page in site.pages:
        files.append(File.generated(config, page.path, content=page.text))
    for asset in site.assets:
        files.append(File.generated(config, asset.path, abs_src_path=str(asset.source)))
    return files
