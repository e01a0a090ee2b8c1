"""The site commands: `site build`, `site serve` and `site deploy` (MkDocs + Material)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from starpress.cli.context import console as _console
from starpress.cli.context import error_console as _stderr
from starpress.cli.context import fail as _fail
from starpress.cli.context import project_root as _root

if TYPE_CHECKING:
    from starpress.site.config import SiteSettings

site_app = typer.Typer(
    help="The multilingual rules site (MkDocs + Material).", no_args_is_help=True
)


@site_app.command("build")
def site_build(
    lang: Annotated[
        list[str] | None, typer.Option(help="Language to build (repeatable; default: all four).")
    ] = None,
    site_url: Annotated[
        str | None,
        typer.Option(
            help="Published base URL, e.g. https://example.org/rules/ (default: "
            "$STARPRESS_SITE_URL, else site/site.yaml; none: relative links only)."
        ),
    ] = None,
    sitemap_dates: Annotated[
        bool | None,
        typer.Option(
            "--sitemap-dates/--no-sitemap-dates",
            help="Build dates in sitemap.xml (default: off, so rebuilds are identical).",
        ),
    ] = None,
    if_changed: Annotated[
        bool,
        typer.Option(
            help="Build only when an input (content, templates, the MkDocs project, code, "
            "settings) changed since the site was last built so."
        ),
    ] = False,
) -> None:
    """Build the site into build/site/<lang>/: missing kits and the card gallery first, then
    mkdocs build --strict (languages in parallel), which only reads them."""
    import os

    from starpress.core.freshness import Stamps
    from starpress.core.model import LANGUAGES
    from starpress.core.project import Project
    from starpress.site import config as siteconfig

    langs = lang or list(LANGUAGES)
    unknown = [code for code in langs if code not in LANGUAGES]
    if unknown:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {unknown[0]!r})")
    root = _root()
    settings = siteconfig.resolve(root, site_url, sitemap_dates, os.environ)
    step, key = _site_key(root, langs, settings)
    stamps = Stamps(root)
    if if_changed and stamps.fresh(step, key):
        _console().print("up to date: build/site/ (no input changed)", highlight=False)
        return
    from starpress.cli import site_inputs as site_files  # the build's own, imported when built
    from starpress.core.load import load_games
    from starpress.core.progress import Parts, Progress
    from starpress.site import build as sitebuild
    from starpress.site.inputs import SiteInputs

    games = load_games(root)  # read once, for the gallery, the charts and the pages
    site_files.check_pyodide(root, games)
    with Progress(_stderr()) as progress:
        written, palettes = site_files.prepare(root, langs, loaded=games, progress=progress)
        for path in written:
            if path.suffix == ".pdf":  # a kit `make` had not built yet: say so, never silently
                _console().print(f"built missing kit {path.relative_to(root)}")
        inputs = SiteInputs.read(root, settings, langs, games=games, palettes=palettes)
        with progress.task("site: pages (each rendered, then written)") as task:
            results = sitebuild.build(inputs, langs, pages_done=Parts(task, langs).update)
    for result in results:
        if result.ok:
            _console().print(f"[green]ok[/green] build/site/{result.lang}/")
        else:
            _stderr().print(result.output.strip(), markup=False, highlight=False)
    if not all(result.ok for result in results):
        _fail("the site did not build: " + ", ".join(r.lang for r in results if not r.ok))
    if if_changed:
        stamps.record(step, key, [Project(root).built_site])


def _site_key(root: Path, langs: list[str], settings: SiteSettings) -> tuple[str, str]:
    """The site build's step (its languages and settings) and the key of what it reads:
    the content, the templates and catalogs, the MkDocs project (its installed packages by
    their lock file), and all of starpress's code, which draws the kits, charts and pages."""
    from starpress.core.freshness import all_code, inputs_key
    from starpress.core.project import Project

    project = Project(root)
    step = f"site {sorted(langs)} {settings!r}"
    return step, inputs_key([project.content, project.templates, project.site, *all_code()], step)


@site_app.command("serve")
def site_serve(
    lang: Annotated[str, typer.Option(help="Language to serve.")] = "en",
    address: Annotated[str, typer.Option(help="Host:port to listen on.")] = "127.0.0.1:8000",
) -> None:
    """Serve one language with live reload, rebuilt whenever content, catalogs, layouts,
    templates or the site's configuration change (Ctrl-C or SIGTERM stops it)."""
    import os

    from starpress.cli.site_inputs import check_layouts, prepare_game
    from starpress.core.model import LANGUAGES
    from starpress.site import config as siteconfig
    from starpress.site import serve as siteserve

    if lang not in LANGUAGES:
        _fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    root = _root()
    settings = siteconfig.resolve(root, None, None, os.environ)
    console = _console()

    def report(line: str) -> None:
        console.print(line, markup=False, highlight=False, soft_wrap=True)
        console.file.flush()

    code = siteserve.serve(
        root,
        lang,
        address,
        settings,
        report,
        lambda game: prepare_game(root, game, lang),
        lambda: check_layouts(root),
        _stderr(),
    )
    raise typer.Exit(code)


@site_app.command("deploy")
def site_deploy(
    to: Annotated[Path, typer.Option("--to", help="Folder to write, ready for a static host.")],
    force: Annotated[
        bool, typer.Option(help="Replace the folder if it exists and is not empty.")
    ] = False,
) -> None:
    """Copy the built site (build/site/) to one folder for any static host, with .nojekyll
    for GitHub Pages; build first with `starpress site build --site-url URL`."""
    from starpress.site import deploy as sitedeploy

    written = sitedeploy.deploy(_root(), to, force)
    _console().print(f"[green]ok[/green] {written}")
