"""The MkDocs plugin that makes the site's pages (`starpress` in `site/mkdocs.yml`'s plugins).

On `on_config` it makes the language's pages, assets and nav (`starpress.site.language_site`)
and keeps them on the instance for the build's later events, so every build starts afresh;
nothing is kept in the module. Its inputs (`SiteInputs`) are handed to the instance after
the config is loaded (`language_config`, as `site build` and `site serve` do); a plain
`mkdocs build -f site/mkdocs.<lang>.yml` has the plugin read them itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import jinja2
from mkdocs.config import load_config
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext

from starpress.core.project import Project
from starpress.site import look as sitelook
from starpress.site import publish as sitepublish
from starpress.site.config import resolve
from starpress.site.inputs import SiteInputs
from starpress.site.jinjacache import keep_compiled
from starpress.site.language_site import build_site
from starpress.site.markdown import nav_label
from starpress.site.pages import Site

PLUGIN = "starpress"
"""The plugin's name: its `mkdocs.plugins` entry point, as the configs name it."""
PagesDone = Callable[[int, int], None]
"""(pages written, of how many): a language's build's progress."""


# the `type: ignore`s: mkdocs' Config and BasePlugin do not annotate `__init_subclass__`
class NoOptions(Config):  # type: ignore[no-untyped-call]
    """The plugin's options in `mkdocs.yml`: none, its inputs come from the build."""


class StarpressPlugin(BasePlugin[NoOptions]):  # type: ignore[no-untyped-call]
    """One language's pages, from the inputs handed to it (or read on `on_config`)."""

    def __init__(self) -> None:
        self.inputs: SiteInputs | None = None
        """Handed by the build before it runs; None: read on `on_config`."""
        self.pages_done: PagesDone | None = None
        """Handed by the build: told (page steps done, of how many) as MkDocs goes: each
        page is rendered from Markdown, then written (two steps a page)."""
        self._built: tuple[SiteInputs, Site] | None = None
        self._pages = (0, 0)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        lang = config.theme["language"]
        inputs = self.inputs
        if inputs is None:  # MkDocs run by hand: the project is the config's folder's parent
            root = Path(config.config_file_path).resolve().parent.parent
            inputs = SiteInputs.read(root, resolve(root, environ=os.environ), [lang])
        site = build_site(inputs, lang)
        self._built = inputs, site
        settings = inputs.settings
        config.site_name = nav_label(site.title)
        config.site_url = settings.language_url(lang)
        for alternate in config.extra["alternate"]:  # the language switcher and hreflang links
            alternate["link"] = (
                settings.language_url(alternate["lang"]) or f"../{alternate['lang']}/"
            )
        config.nav = site.nav
        toc = config.mdx_configs.setdefault("toc", {})
        toc["permalink_title"] = site.permalink_title  # else Python-Markdown's English
        return config

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        """The theme's templates, compiled once across builds (`build/cache/jinja/`)."""
        return keep_compiled(self._inputs.root, env)

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        site = self._site
        for page in site.pages:
            files.append(File.generated(config, page.path, content=page.text))
        for asset in site.assets:
            files.append(File.generated(config, asset.path, abs_src_path=str(asset.source)))
        files.append(File.generated(config, "games.css", content=site.styles))
        self._pages = (0, 2 * len(files.documentation_pages()))
        self._page_step(0)
        return files

    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """What made the page, for its footer (`site/overrides/partials/copyright.html`):
        starpress's version and, on a game's page, the game's content version and date."""
        page.meta["sp_stamp"] = self._site.stamp_of(page.file.src_uri)
        return context

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        self._page_step(1)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """A game's pages say which game they are, for its accent (games.css)."""
        game = self._site.game_of(page.file.src_uri)
        self._page_step(1)
        return sitelook.mark_page(output, game) if game else output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        sitepublish.finish(Path(config.site_dir), self._inputs.settings)

    def _page_step(self, steps: int) -> None:
        done, total = self._pages
        self._pages = (done + steps, total)
        if self.pages_done is not None:
            self.pages_done(*self._pages)

    @property
    def _inputs(self) -> SiteInputs:
        assert self._built is not None, "on_config makes the site first"
        return self._built[0]

    @property
    def _site(self) -> Site:
        assert self._built is not None, "on_config makes the site first"
        return self._built[1]


def language_config(
    inputs: SiteInputs,
    lang: str,
    site_dir: Path | None = None,
    pages_done: PagesDone | None = None,
) -> MkDocsConfig:
    """`lang`'s MkDocs config (`site/mkdocs.<lang>.yml`, strict) with its plugin handed
    `inputs` (and `pages_done`, told as pages are written); built into `site_dir` when
    given, else where the config says (the built-in library's config: into the project's
    build/site/<lang>/). A config without the plugin (a plain MkDocs project) is left as
    it is."""
    project = Project(inputs.root)
    path = project.mkdocs_config(lang)
    if site_dir is None and not path.is_relative_to(project.root):
        site_dir = project.built_language(lang)  # the library's config: into this project
    overrides = {"site_dir": str(site_dir)} if site_dir is not None else {}
    config = load_config(str(path), strict=True, **overrides)
    plugin = config.plugins.get(PLUGIN)
    if isinstance(plugin, StarpressPlugin):
        plugin.inputs = inputs
        plugin.pages_done = pages_done
    return config
