"""The site as published: under any base URL or none, byte-identical on rebuild, deployable
to one folder, and each game in its own colours (WCAG AA) with its own cover."""

from __future__ import annotations

import colorsys
import gzip
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from starpress.core.edition import edition
from starpress.core.errors import InputError
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES
from starpress.core.project import Project
from starpress.core.version import tool_version
from starpress.site import config as siteconfig
from starpress.site import deploy as sitedeploy
from starpress.site import look as sitelook
from tests.conftest import ROOT, run_cli
from tests.site_fixture import built_site, serve

BASE = "https://example.org/rules/"
LANG = "en"
GAMES = ("asteria", "aristeia", "afternova", "ascending-empires", "luna-maris")


CACHES = ("charts", "gallery", "pyodide-snapshot")
"""What the project's own site build keeps in build/cache/, by the hash of its inputs: the
bots' simulated charts, the gallery's pictures, the Play pages' Pyodide snapshot."""


def _project(folder: Path) -> Path:
    """A copy of the project's sources, with the English kits and the caches of the
    project's site build (`built_site`: this module's tests run after it), so the builds
    here write the pages and run MkDocs, as a designer's second build does."""
    built_site()
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, folder / name)
    kits = folder / "build" / "pnp"
    kits.mkdir(parents=True)
    for kit in (ROOT / "build" / "pnp").glob(f"*-{LANG}-*.pdf"):
        shutil.copy2(kit, kits / kit.name)
    for cache in CACHES:
        if (ROOT / "build" / "cache" / cache).is_dir():
            shutil.copytree(ROOT / "build" / "cache" / cache, folder / "build" / "cache" / cache)
    return folder


def _build(root: Path, *options: str) -> dict[str, bytes]:
    done = run_cli("--root", str(root), "site", "build", "--lang", LANG, *options, cwd=root)
    assert done.returncode == 0, done.stdout + done.stderr
    site = root / "build" / "site"
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, bytes]]:
    """The same project built with the base URL twice, then with none."""
    root = _project(tmp_path_factory.mktemp("publish"))
    first = _build(root, "--site-url", BASE)
    second = _build(root, "--site-url", BASE)
    relative = _build(root)
    return {"first": first, "second": second, "relative": relative, "root": {str(root): b""}}


def _pages(files: dict[str, bytes]) -> dict[str, str]:
    return {name: data.decode("utf-8") for name, data in files.items() if name.endswith(".html")}


def test_no_localhost_in_any_file(builds: dict[str, dict[str, bytes]]) -> None:
    for build in ("first", "relative"):
        found = [name for name, data in builds[build].items() if b"localhost" in data]
        assert found == [], f"{build}: {found}"


def test_rebuild_is_identical_byte_for_byte(builds: dict[str, dict[str, bytes]]) -> None:
    first, second = builds["first"], builds["second"]
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    assert differ == []
    assert len(first) > 100  # the whole language, not an empty folder


def test_canonical_links_under_the_base_url(builds: dict[str, dict[str, bytes]]) -> None:
    pages = _pages(builds["first"])
    checked = 0
    for name, text in pages.items():
        if not name.startswith(f"{LANG}/") or name == f"{LANG}/404.html":
            continue
        folder = name.removesuffix("index.html")
        canonical = re.findall(r'<link rel="canonical" href="([^"]+)"', text)
        assert canonical == [f"{BASE}{folder}"], name
        # no page-level hreflang in the head: Material's script would fetch a sitemap.xml
        # under each one (a 404); the sitemap names every page's languages instead
        assert 'rel="alternate"' not in text.partition("</head>")[0], name
        checked += 1
    assert checked > 50
    assert pages[f"{LANG}/asteria/glossary/index.html"].count(
        f'<link rel="canonical" href="{BASE}{LANG}/asteria/glossary/">'
    )


def test_root_page_names_every_language_under_the_base_url(
    builds: dict[str, dict[str, bytes]],
) -> None:
    published = builds["first"]["index.html"].decode()
    assert f'<link rel="canonical" href="{BASE}">' in published
    for lang in LANGUAGES:
        assert f'<link rel="alternate" hreflang="{lang}" href="{BASE}{lang}/">' in published
    relative = builds["relative"]["index.html"].decode()
    assert "canonical" not in relative and "https://" not in relative
    assert '<a href="es/" hreflang="es"' in relative


def test_sitemap_lists_absolute_urls_without_dates(builds: dict[str, dict[str, bytes]]) -> None:
    xml = builds["first"][f"{LANG}/sitemap.xml"]
    locations = re.findall(rb"<loc>([^<]+)</loc>", xml)
    assert locations and all(loc.startswith(f"{BASE}{LANG}/".encode()) for loc in locations)
    assert f"<loc>{BASE}{LANG}/afternova/glossary/</loc>".encode() in xml
    assert b"lastmod" not in xml
    entries = re.findall(rb"<url>(.*?)</url>", xml, re.DOTALL)
    assert len(entries) == len(locations) > 50
    for entry in entries:
        (loc,) = re.findall(rb"<loc>([^<]+)</loc>", entry)
        path = loc.decode().removeprefix(f"{BASE}{LANG}/")
        alternates = re.findall(
            rb'<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/>', entry
        )
        expected = [(lang.encode(), f"{BASE}{lang}/{path}".encode()) for lang in LANGUAGES]
        # a page written in one language only (the own-game guide) has no alternates
        assert alternates in (expected, []), entry
    assert sum(1 for entry in entries if b"xhtml:link" in entry) > 50
    packed = builds["first"][f"{LANG}/sitemap.xml.gz"]
    assert gzip.decompress(packed) == xml
    assert packed[4:8] == b"\0\0\0\0"  # gzip header mtime: none


def test_without_a_url_links_are_relative(builds: dict[str, dict[str, bytes]]) -> None:
    files = builds["relative"]
    assert not [name for name in files if "sitemap" in name]  # a sitemap needs absolute URLs
    for name, text in _pages(files).items():
        assert 'rel="canonical"' not in text, name
        assert "example.org" not in text, name
        assert '<link rel="alternate"' not in text, name
    glossary = _pages(files)[f"{LANG}/aristeia/glossary/index.html"]
    # the language selector leads to the same page in each language, relatively
    assert 'href="../../../es/aristeia/glossary/" hreflang="es"' in glossary


def test_sitemap_dates_only_when_asked(tmp_path: Path) -> None:
    settings = siteconfig.SiteSettings(site_url=BASE, sitemap_dates=True)
    from starpress.site import publish as sitepublish

    xml = "<urlset>\n    <url>\n         <loc>x</loc>\n         <lastmod>2024-01-02</lastmod>\n"
    (tmp_path / "sitemap.xml").write_text(xml + "    </url>\n</urlset>\n", "utf-8")
    sitepublish.finish_sitemap(tmp_path, settings)
    assert b"<lastmod>2024-01-02</lastmod>" in (tmp_path / "sitemap.xml").read_bytes()
    sitepublish.finish_sitemap(tmp_path, siteconfig.SiteSettings(site_url=BASE))
    assert b"lastmod" not in (tmp_path / "sitemap.xml").read_bytes()


# -- settings -------------------------------------------------------------------------------


def test_site_url_from_option_then_environment_then_site_yaml(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "site.yaml").write_text(
        "title: My games\nsite_url: https://from.file/x\n", "utf-8"
    )
    env = {siteconfig.URL_VARIABLE: "https://from.env/"}
    assert siteconfig.resolve(tmp_path).site_url == "https://from.file/x/"
    assert siteconfig.resolve(tmp_path).title == "My games"
    assert siteconfig.resolve(tmp_path, environ=env).site_url == "https://from.env/"
    chosen = siteconfig.resolve(tmp_path, "http://opt.example/a/", environ=env)
    assert chosen.site_url == "http://opt.example/a/"
    assert chosen.language_url("pt-BR") == "http://opt.example/a/pt-BR/"
    assert siteconfig.resolve(tmp_path, environ={siteconfig.URL_VARIABLE: ""}).site_url is None


@pytest.mark.parametrize(
    "bad", ["ftp://example.org/", "example.org/rules", "https://x.org/a b", "https://x.org/?q=1"]
)
def test_bad_site_url_is_one_located_error(tmp_path: Path, bad: str) -> None:
    with pytest.raises(InputError, match=r"^--site-url: site URL must"):
        siteconfig.resolve(tmp_path, bad)


def test_bad_site_url_on_the_command_line_exits_2(tmp_path: Path) -> None:
    done = run_cli("--root", str(ROOT), "site", "build", "--site-url", "javascript:x", cwd=ROOT)
    assert done.returncode == 2
    assert "--site-url: site URL must be an http(s) address, got 'javascript:x'" in (
        " ".join(done.stderr.split())
    )


# -- deploy ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built_root(builds: dict[str, dict[str, bytes]]) -> Path:
    return Path(next(iter(builds["root"])))


def test_deploy_writes_one_folder_ready_for_a_static_host(built_root: Path, tmp_path: Path) -> None:
    target = tmp_path / "public"
    done = run_cli("--root", str(built_root), "site", "deploy", "--to", str(target), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (target / ".nojekyll").read_bytes() == b""
    site = built_root / "build" / "site"
    copied = sorted(p.relative_to(target) for p in target.rglob("*") if p.is_file())
    built = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert copied == sorted([*built, Path(".nojekyll")])
    assert (target / "en" / "index.html").read_bytes() == (site / "en" / "index.html").read_bytes()
    assert not (tmp_path / "public.tmp").exists()


def test_deploy_refuses_a_non_empty_folder_unless_forced(built_root: Path, tmp_path: Path) -> None:
    target = tmp_path / "public"
    target.mkdir()
    (target / "keep.txt").write_text("someone's file", "utf-8")
    with pytest.raises(InputError, match="exists and is not empty"):
        sitedeploy.deploy(built_root, target)
    assert (target / "keep.txt").is_file()
    sitedeploy.deploy(built_root, target, force=True)
    assert not (target / "keep.txt").exists()
    assert (target / "index.html").is_file() and (target / ".nojekyll").is_file()
    assert not (tmp_path / "public.tmp").exists() and not (tmp_path / "public.old").exists()


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("content/asteria/public", "inside the project's content/"),
        ("site", "inside the project's site/"),
        ("build/site/out", "is or holds the built site"),
        (".", "is the project folder"),
    ],
)
def test_deploy_refuses_the_projects_own_folders(
    built_root: Path, where: str, message: str
) -> None:
    before = sorted(built_root.rglob("*"))
    with pytest.raises(InputError, match=message):
        sitedeploy.deploy(built_root, built_root / where, force=True)
    assert sorted(built_root.rglob("*")) == before


def test_deploy_needs_a_built_site(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="run `starpress site build` first"):
        sitedeploy.deploy(tmp_path, tmp_path / "out")


# -- each game's look -----------------------------------------------------------------------


def test_contrast_ratio_follows_wcag() -> None:
    assert sitelook.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert sitelook.contrast_ratio("#ffffff", "#ffffff") == pytest.approx(1.0)
    assert sitelook.contrast_ratio("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert sitelook.contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_every_game_has_an_accent_from_its_card_palette_at_aa_contrast() -> None:
    accents = sitelook.accents(ROOT)
    assert sorted(accents) == sorted(load_games(ROOT))
    for accent in accents.values():
        # link text on the white page, and the header's white title on the accent
        assert sitelook.contrast_ratio(accent.color, sitelook.WHITE) >= sitelook.AA_TEXT, accent
    assert len({accent.color for accent in accents.values()}) == len(accents)  # one look each


def test_a_header_is_darkened_just_enough_for_its_tabs() -> None:
    """Material's tabs are white at 70% over the header: 4.5:1 at least, and the colour one
    step lighter than the one chosen would not do (darkened no further than needed)."""
    for color in ("#1b7f86", "#c62828", "#4051b5", "#ffd54f", "#ffffff"):
        header = sitelook.header_color(color)
        tabs = sitelook._over(sitelook.WHITE, header, sitelook.TAB_TEXT_OPACITY)
        assert sitelook.contrast_ratio(tabs, header) >= sitelook.AA_TEXT, color
        hue, lightness, saturation = colorsys.rgb_to_hls(*sitelook._channels(header))
        lighter = sitelook._hex(colorsys.hls_to_rgb(hue, lightness + 0.01, saturation))
        lighter_tabs = sitelook._over(sitelook.WHITE, lighter, sitelook.TAB_TEXT_OPACITY)
        assert sitelook.contrast_ratio(lighter_tabs, lighter) < sitelook.AA_TEXT, color
    dark = "#202020"  # already dark enough: kept as it is
    assert sitelook.header_color(dark) == dark


def test_the_site_accent_is_read_and_a_bad_one_refused(tmp_path: Path) -> None:
    assert sitelook.site_accent(ROOT) == "#4051b5"
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    games = tmp_path / "templates" / "site" / "games.yaml"
    games.write_text(games.read_text("utf-8").replace('"#4051b5"', "indigo"))
    with pytest.raises(InputError, match="site_accent: 'indigo' is not a #rrggbb colour"):
        sitelook.site_accent(tmp_path)
    games.write_text(games.read_text("utf-8").replace("site_accent: indigo", ""))
    assert sitelook.site_accent(tmp_path) == sitelook.THEME_PRIMARY


def test_a_game_without_an_accent_wears_the_site_header() -> None:
    sheet = sitelook.stylesheet({}, "#1b7f86")
    site_header = sitelook.header_color("#1b7f86")
    # the theme's palette sets its colours on `[data-md-color-primary]`: ours must outweigh it
    assert sheet.startswith("/*") and "body, body[data-md-color-primary] {" in sheet
    assert f"--md-primary-fg-color: {site_header};" in sheet
    assert "data-sp-game" not in sheet


def test_an_accent_not_in_the_palette_is_refused(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    games = tmp_path / "templates" / "site" / "games.yaml"
    games.write_text(games.read_text("utf-8").replace("asteria: explore", "asteria: fuchsia"))
    with pytest.raises(InputError, match="accent of asteria: 'fuchsia' is not a #rrggbb colour"):
        sitelook.accents(tmp_path)


def test_every_page_says_which_starpress_and_which_content_made_it(
    builds: dict[str, dict[str, bytes]],
) -> None:
    root = Path(next(iter(builds["root"])))
    files = builds["first"]
    tool = tool_version()
    for game in GAMES:
        made = edition(Project(root), game)
        for page in (f"{LANG}/{game}/index.html", f"{LANG}/{game}/glossary/index.html"):
            assert (
                f'<div class="sp-stamp">Content version {made.version} of {made.date}; '
                f"made with starpress {tool}</div>"
            ) in files[page].decode(), page
    assert f'<div class="sp-stamp">Made with starpress {tool}</div>' in (
        files[f"{LANG}/index.html"].decode()
    )
    assert f"<footer><small>starpress {tool}</small></footer>" in files["index.html"].decode()


def test_covers_exist_and_the_home_page_shows_them(builds: dict[str, dict[str, bytes]]) -> None:
    files = builds["first"]
    home = files[f"{LANG}/index.html"].decode()
    for game in GAMES:
        cover = files[f"{LANG}/{game}/cover.png"]
        assert cover[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'<img alt="" class="sp-cover" src="{game}/cover.png" />' in home
        overview = files[f"{LANG}/{game}/index.html"].decode()
        assert 'src="cover.png"' in overview
        assert f'<body data-sp-game="{game}" ' in overview
    assert "data-sp-game" not in home


# -- in the browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def published_url(built_root: Path) -> Iterator[str]:
    with serve(built_root / "build" / "site") as url:
        yield url


def _rgb(color: str) -> str:
    return "rgb({}, {}, {})".format(*(int(color[i : i + 2], 16) for i in (1, 3, 5)))


@pytest.mark.parametrize("game", ["afternova", "aristeia"])
def test_a_game_page_wears_its_accent(published_url: str, game: str) -> None:
    from tests.conftest import BROWSER_ARGS, CHROMIUM

    if not Path(CHROMIUM).is_file():
        pytest.skip("chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    found = sitelook.accents(ROOT)[game]
    accent, header_color = _rgb(found.color), _rgb(found.header)
    with sync_playwright() as playwright:
        browser: Any = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{published_url}/{LANG}/{game}/glossary/")
        header = page.eval_on_selector(".md-header", "e => getComputedStyle(e).backgroundColor")
        link = page.eval_on_selector(
            "article a[href*='#']:not(.headerlink)", "e => getComputedStyle(e).color"
        )
        assert (header, link) == (header_color, accent)
        page.goto(f"{published_url}/{LANG}/")
        home = page.eval_on_selector(".md-header", "e => getComputedStyle(e).backgroundColor")
        assert home == _rgb(sitelook.header_color(sitelook.site_accent(ROOT)))
        border = page.eval_on_selector(
            f".grid.cards li:has(a[href^='{game}/'])", "e => getComputedStyle(e).borderTopColor"
        )
        assert border == accent
        browser.close()


def test_a_language_whose_build_warns_fails_with_the_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each language is built with --strict in a process of its own: a warning (here a link to
    a page that does not exist) fails that language, and what MkDocs said comes back."""
    from starpress.core.catalogs import CatalogReader
    from starpress.core.project import Project
    from starpress.site.inputs import SiteInputs
    from starpress.site.language_build import build_language

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\nSee [the rules](missing.md).\n")
    config = tmp_path / "mkdocs.yml"
    config.write_text(f"site_name: Test\nsite_dir: {tmp_path / 'out'}\n")
    monkeypatch.setattr(Project, "mkdocs_config", lambda _self, lang: config)
    inputs = SiteInputs(tmp_path, siteconfig.SiteSettings(), {}, {}, CatalogReader())
    result = build_language(inputs, "en")
    assert not result.ok
    assert "missing.md" in result.output and "strict mode" in result.output
