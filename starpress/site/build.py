"""`starpress site build`: every language's MkDocs build, in parallel processes, and the
site's root page.

The kits and gallery pictures the pages offer are built before (`starpress site build` or
`make`); the pages only read them (`starpress.site.files`). What the languages share is read
once, in this process (`SiteInputs`), and handed to each language's process
(`starpress.site.processes`).
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import TYPE_CHECKING

from starpress.core.atomic import write_atomic
from starpress.core.model import LANGUAGES
from starpress.core.project import Project
from starpress.site.config import SiteSettings
from starpress.site.inputs import SiteInputs
from starpress.site.language_build import LanguageBuild
from starpress.site.play import pyodide_folder, write_play_files
from starpress.site.processes import LanguagePagesDone, LanguageProcesses, process_context
from starpress.site.uitext import language_name

if TYPE_CHECKING:
    from starpress.site.processes import ProcessContext


def build(
    inputs: SiteInputs,
    langs: list[str],
    jobs: int | None = None,
    context: ProcessContext | None = None,
    site_dir: Path | None = None,
    pages_done: LanguagePagesDone | None = None,
) -> list[LanguageBuild]:
    """`mkdocs build --strict` for each language, `jobs` at a time (default: one per CPU)
    in processes of `context` (default: `process_context`), then the root page;
    `pages_done` is told each language's (pages written, of how many) as it goes.

    Each language's process gets `inputs` as its argument. The languages' folders, the Play
    pages' shared files and the root page go into `site_dir` (default: `build/site/`)."""
    root = inputs.root
    out = site_dir if site_dir is not None else Project(root).built_site
    workers = max(1, min(jobs or os.cpu_count() or 2, len(langs)))
    check_downloads(root, langs)
    playable = Project(root).play_bundle.is_file()  # written by the cli when a bot plays
    if playable:
        pyodide_folder(root)  # missing: said before any language is built
    targets = {lang: site_dir / lang if site_dir is not None else None for lang in langs}
    with LanguageProcesses(inputs, targets, workers, context or process_context()) as running:
        if playable:  # meanwhile: their files are beside the languages' folders
            write_play_files(root, out)
        results = running.results(pages_done)
    write_root_page(out, inputs.settings, inputs.tool)
    return results


def write_root_page(site_dir: Path, settings: SiteSettings, tool: str = "") -> Path:
    """build/site/index.html: sends a visitor to their browser's language, lists all four,
    and says which starpress made the site (`tool`). Published under a site URL, it also
    names its canonical address and each language's."""
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
    made_with = f"  <footer><small>starpress {html.escape(tool)}</small></footer>\n" if tool else ""
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
{made_with}</body>
</html>
"""
    path = site_dir / "index.html"
    write_atomic(path, page.encode("utf-8"))
    return path


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
