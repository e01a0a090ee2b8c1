"""The site stays safe whatever co-designers and translators type.

A copy of the project's templates and site config, with one game whose every kind of text
(rules, glossary, cards, components, tables, icons, sources, a game translation, the UI
catalog, an icon SVG) carries script tags, event handlers, `javascript:` links, iframes,
style tags and attribute breakers. The built pages must show all of it as text, none live.
"""

from __future__ import annotations

import html.parser
import posixpath
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from babel.messages.catalog import Catalog

from starpress.core import catalogs
from starpress.core.errors import InputError
from starpress.site import build as sitebuild
from starpress.site import config as siteconfig
from starpress.site.inputs import SiteInputs
from tests.conftest import ROOT
from tests.patience import LAST_RESORT_MS
from tests.site_fixture import serve

SCRIPT = "<script>window.__pwned=1;document.title='pwned'</script>"
IMG = '<img src=x onerror="window.__pwned=1;alert(1)">'
MD_JS = "[click me](javascript:window.__pwned=1)"
A_JS = '<a href="javascript:window.__pwned=1">tap</a>'
IFRAME = '<iframe src="javascript:alert(1)"></iframe>'
STYLE = "<style>body{display:none}</style>"
BREAK_ATTR = '" onmouseover="window.__pwned=1'
ATTR_LIST = '{: onclick="window.__pwned=1" }'
PAYLOADS = (SCRIPT, IMG, MD_JS, A_JS, IFRAME, STYLE, BREAK_ATTR, ATTR_LIST)
EVERYTHING = " ".join(PAYLOADS)

EVIL_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
    ' viewBox="0 0 24 24" onload="window.__pwned=1">'
    "<script>window.__pwned=1</script>"
    '<circle cx="12" cy="12" r="9" fill="#e0b000" onclick="window.__pwned=1"'
    ' style="fill:url(javascript:alert(1))"/>'
    '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)">'
    "</iframe></foreignObject>"
    '<image href="https://evil.example/x.png" xlink:href="javascript:alert(1)"/>'
    '<a href="javascript:alert(1)"><rect x="1" y="1" width="2" height="2"/></a>'
    '<path d="M0 0 L4 4" fill="url(javascript:alert(1))"/>'
    "</svg>"
)


def _hostile_game() -> dict[str, Any]:
    """The files of one game, every text carrying every payload."""
    evil = EVERYTHING
    return {
        "game.yaml": {
            "game": {
                "id": "evil",
                "title": f"Evil {SCRIPT}",
                "tagline": f"Tagline {evil}",
                "summary": f"Summary {evil}\n\n- item {IMG}\n- item {MD_JS}",
                "source_language": "en",
                "languages": ["en", "pt-BR"],
                "players": {"min": 1, "max": 2},
                "play_time": {"min": 10, "max": 20},
                "publishers": [f"Pub {IMG}"],
                "variants": [
                    {
                        "id": "evil.variant.solo",
                        "name": f"Solo {SCRIPT}",
                        "players": {"min": 1, "max": 1},
                        "summary": f"Variant {evil}",
                        "rules": ["evil.rules.solo"],
                    }
                ],
                "sources": [
                    {
                        "id": "rulebook",
                        "title": f"Rules {A_JS}",
                        "kind": "seed",
                        "url": "javascript:window.__pwned=1",
                    },
                    {
                        "id": "web",
                        "title": "Web",
                        "kind": "official",
                        "url": "https://example.org/",
                    },
                ],
                "credits": [
                    {
                        "role": f"Role {evil}",
                        "names": [f"Name {SCRIPT}"],
                        "source": "rulebook",
                        "note": f"Note {evil}",
                    }
                ],
                "notes": [{"text": f"Game note {evil}"}],
            }
        },
        "components.yaml": {
            "components": [
                {
                    "id": "evil.component.card",
                    "kind": "card",
                    "name": f"Card {IMG} {BREAK_ATTR}",
                    "count": 10,
                    "size": "poker",
                }
            ]
        },
        "cards.yaml": {
            "cards": [
                {
                    "id": "evil.card.ace",
                    "component": "evil.component.card",
                    "name": f"Ace {SCRIPT} {ATTR_LIST}",
                    "count": 10,
                    "fields": {"text": f"Gain :coin:. {evil}"},
                }
            ]
        },
        "rules.yaml": {
            "rules": [
                {
                    "id": "evil.rules.setup",
                    "title": f"Setup {ATTR_LIST}",
                    "body": (
                        f"Take a :coin: and read [[evil.glossary.coin]], [[evil.card.ace]]"
                        f" and [[evil.component.card]]. {evil}"
                    ),
                    "items": [f"Item {evil}"],
                    "steps": [
                        {"label": f"Step {SCRIPT}", "text": f"Do it {evil}"},
                        f"Plain step {IMG}",
                    ],
                    "tables": [
                        {
                            "caption": f"Caption {evil}",
                            "columns": [f"Col | {SCRIPT}", "Two"],
                            "rows": [[f"Cell | {IMG}", f"Cell {MD_JS} {ATTR_LIST}"]],
                        }
                    ],
                    "after": f"After {evil}",
                    "sections": [
                        {
                            "id": "evil.rules.setup.deal",
                            "title": f'Deal {BREAK_ATTR} "quoted"',
                            "steps": ["Shuffle.", f"Deal {STYLE}."],
                        }
                    ],
                },
                {
                    "id": "evil.rules.turn",
                    "title": f"Turn {IFRAME}",
                    "body": f"Turn {evil}",
                },
                {
                    "id": "evil.rules.solo",
                    "title": f"Solo rules {SCRIPT}",
                    "body": f"Solo {evil}",
                },
            ]
        },
        "glossary.yaml": {
            "glossary": [
                {
                    "id": "evil.glossary.coin",
                    "term": f"Coin {IMG}",
                    "short": f"Money {BREAK_ATTR} {evil}",
                    "body": f"Body {evil}",
                    "related": ["evil.rules.setup"],
                }
            ]
        },
        "icons.yaml": {
            "icons": [
                {
                    "id": "coin",
                    "file": "icons/coin.svg",
                    "name": {"en": f"Coin {SCRIPT}"},
                    "meaning": f"Pays {IMG} {MD_JS}",
                }
            ]
        },
        "clarifications.yaml": {
            "clarifications": [
                {
                    "id": "evil.clarification.one",
                    "title": f"Clarified {IMG}",
                    "rules": ["evil.rules.setup"],
                    "source_says": f"Says {evil}",
                    "resolution": f"Resolved {evil}",
                }
            ]
        },
    }


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    for folder in ("templates", "site"):
        shutil.copytree(ROOT / folder, root / folder)
    game = root / "content" / "evil"
    for name, data in _hostile_game().items():
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    (game / "icons").mkdir()
    (game / "icons" / "coin.svg").write_text(EVIL_SVG, "utf-8")
    settings = root / "site" / "site.yaml"
    title = settings.read_text("utf-8").replace(
        "title: Space Board Games", yaml.safe_dump({"title": f"Site {IMG}"}, width=200).strip()
    )
    settings.write_text(title, "utf-8")
    _write_translations(root)
    langs = ["en", "pt-BR"]
    results = sitebuild.build(SiteInputs.read(root, siteconfig.resolve(root), langs), langs)
    assert all(result.ok for result in results), [r.output for r in results]
    return root / "build" / "site"


def _write_translations(root: Path) -> None:
    """pt-BR: the game's catalog translates the rules' body with payloads, and the UI
    catalog's "Components", "Overview" and "Not built yet: run …" carry payloads too."""
    from starpress.core.load import load_games
    from starpress.core.text import markup_item_list

    game = load_games(root)["evil"]
    catalog = Catalog(locale="pt_BR")
    for section in game.sections():
        if section.body:
            # the translation keeps its source's icons and references (or the strict
            # catalog reader refuses it) and adds the payloads
            kept = " ".join(markup_item_list(str(section.body)))
            catalog.add(
                str(section.body), f"Traduzido {EVERYTHING} {kept}", context=section.body.id
            )
    catalog.add(str(game.info.tagline), f"Lema {SCRIPT} {MD_JS}", context=game.info.tagline.id)
    catalogs.write_catalog(root / "content" / "evil" / "locale" / "pt-BR.po", catalog)

    ui_path = root / "templates" / "locale" / "pt_BR" / "LC_MESSAGES" / "messages.po"
    ui = catalogs.read_catalog(ui_path, "pt-BR")
    for message in ui:
        if message.id in ("Components", "Overview", "Structure"):
            message.string = f"{message.string} {SCRIPT} {MD_JS} {BREAK_ATTR}"
        elif message.id == "Not built yet: run %(command)s.":
            message.string = f"Falta {IMG} {A_JS} %(command)s"
    catalogs.write_catalog(ui_path, ui)


# -- what "live" means, read off the HTML -------------------------------------------------

THEME_SCRIPT_PREFIXES = ("../", "assets/", "../assets/", "../../assets/", "../../../assets/")


def _site_script(src: str) -> bool:
    """A script of the site itself: Material's (`assets/javascripts/`) or one the site's
    config lists (`extra_javascript`, at the site's top: `../../reach.js`)."""
    if "assets/javascripts/" in src:
        return True
    config = yaml.safe_load((ROOT / "site" / "mkdocs.yml").read_text("utf-8"))
    ours = set(config.get("extra_javascript") or [])
    return posixpath.basename(src) in ours and set(posixpath.dirname(src).split("/")) <= {"..", ""}


class _Live(html.parser.HTMLParser):
    """Everything on a page that would run or restyle it, and its visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.text: list[str] = []
        self.in_article = 0
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "article":
            self.in_article += 1
        for name, value in attrs:
            if name.lower().startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            link = name.lower() in ("href", "src", "xlink:href", "action", "formaction", "data")
            if link and (value or "").strip().lower().startswith(("javascript:", "data:text/")):
                self.problems.append(f"<{tag} {name}={value!r}>")
        src = dict(attrs).get("src")
        if tag == "script":
            self.in_script = True
            if self.in_article or (src is not None and not _site_script(src)):
                self.problems.append(f"<script src={src!r}> in content")
        if tag in ("iframe", "object", "embed", "foreignobject", "base", "meta") and (
            self.in_article or tag != "meta"
        ):
            self.problems.append(f"<{tag}>")
        if tag == "style" and self.in_article:
            self.problems.append("<style> in content")

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self.in_article -= 1
        if tag == "script":
            self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and "__pwned" in data:
            self.problems.append(f"script body {data[:60]!r}")
        elif self.in_article:
            self.text.append(data)


def _read(page: Path) -> _Live:
    parser = _Live()
    parser.feed(page.read_text("utf-8"))
    return parser


def test_no_payload_is_live_on_any_page(hostile_site: Path) -> None:
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) > 20
    problems = {str(p.relative_to(hostile_site)): _read(p).problems for p in pages}
    assert {page: found for page, found in problems.items() if found} == {}


@pytest.mark.parametrize(
    ("page", "expected"),
    [
        ("en/evil/rules/setup/index.html", [SCRIPT, IMG, MD_JS, A_JS, IFRAME, STYLE, BREAK_ATTR]),
        ("en/evil/rules/setup/index.html", [ATTR_LIST, "Col | <script>", "Cell | <img"]),
        ("en/evil/glossary/index.html", [f"Coin {IMG}", f"Money {BREAK_ATTR}"]),
        ("en/evil/components/index.html", [f"Card {IMG} {BREAK_ATTR}"]),
        ("en/evil/icons/index.html", [f"Coin {SCRIPT}", f"Pays {IMG} {MD_JS}"]),
        ("en/index.html", [f"Site {IMG}"]),
        ("en/evil/index.html", [f"Rules {A_JS}", f"Role {SCRIPT}"]),
        ("en/evil/clarifications/index.html", [f"Clarified {IMG}", f"Resolved {SCRIPT}"]),
        ("pt-BR/evil/rules/setup/index.html", [f"Traduzido {SCRIPT}", MD_JS]),
        ("pt-BR/evil/components/index.html", [f"{SCRIPT} {MD_JS} {BREAK_ATTR}"]),
        ("pt-BR/evil/downloads/index.html", [f"Falta {IMG} {A_JS} starpress pnp"]),
    ],
)
def test_what_was_typed_is_shown_as_text(
    hostile_site: Path, page: str, expected: list[str]
) -> None:
    text = " ".join("".join(_read(hostile_site / page).text).split())
    for typed in expected:
        assert " ".join(typed.split()) in text


def test_icons_keep_only_their_drawing(hostile_site: Path) -> None:
    page = (hostile_site / "en" / "evil" / "icons" / "index.html").read_text("utf-8")
    assert '<svg class="sp-icon" role="img" aria-label="Coin &lt;script&gt;' in page
    assert '<circle cx="12" cy="12" r="9" fill="#e0b000"' in page
    for gone in (
        "foreignObject",
        "foreignobject",
        "evil.example",
        "<image",
        'style="fill',
        "url(java",
    ):
        assert gone not in page


def test_unsafe_source_url_is_not_linked(hostile_site: Path) -> None:
    page = (hostile_site / "en" / "evil" / "index.html").read_text("utf-8")
    assert 'href="https://example.org/"' in page
    assert 'href="javascript' not in page.lower()


# -- in a browser: nothing runs ------------------------------------------------------------


@pytest.mark.parametrize(
    "page",
    [
        "en/evil/rules/setup/",
        "en/evil/glossary/",
        "en/evil/icons/",
        "en/evil/",
        "pt-BR/evil/rules/setup/",
        "pt-BR/evil/downloads/",
    ],
)
def test_no_payload_runs_in_a_browser(hostile_site: Path, browser: Any, page: str) -> None:
    context = browser.new_context()
    tab = context.new_page()
    dialogs: list[str] = []
    tab.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    with serve(hostile_site) as url:
        tab.goto(f"{url}/{page}")
        tab.wait_for_load_state("load")
        for element in tab.locator("article a, article img, article svg").all()[:40]:
            element.hover(timeout=LAST_RESORT_MS, force=True)
        assert tab.evaluate("window.__pwned") is None
        assert tab.title() != "pwned"
        assert (
            "<script>" in tab.locator("article").inner_text()
            or "onerror" in tab.locator("article").inner_text()
        )
    context.close()
    assert dialogs == []


def test_broken_site_settings_or_pdf_are_one_located_line(tmp_path: Path) -> None:
    """A site.yaml that is not YAML, and a damaged PDF where a kit should be: one line
    naming the file, exit 2, no traceback."""
    from tests.conftest import make_project, run_cli

    project = make_project(tmp_path)
    (project / "site").mkdir()
    (project / "site" / "site.yaml").write_text("title: [unclosed\n", "utf-8")
    done = run_cli("--root", str(project), "site", "build", "--lang", "en", cwd=project)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: site/site.yaml:2:1: not valid YAML"), done.stderr

    from starpress.core.project import Project
    from starpress.site.build import check_downloads

    kit = Project(project).kit_file("demo", "en", "a4")
    kit.parent.mkdir(parents=True)
    kit.write_bytes(b"%PDF-1.4 cut short")
    with pytest.raises(InputError) as raised:
        check_downloads(project, ["en"])
    assert str(raised.value).startswith("build/pnp/demo-en-a4.pdf: not a readable PDF")
