"""Within reach: axe-core (npm, pinned in tests/a11y/package-lock.json) in Debian's Chromium
over every kind of page in every language, at a desktop's width and a phone's.

A page fails on any serious or critical violation axe finds at either width, on a
duplicate landmark, on a message the browser console shows as an error, and on a `lang`
that is not the site's language code. Every kind of page is checked in every language at
both widths (61 pages, each loaded once and checked at both); which game's page stands
for a kind turns with the kind and the language, so each game (and its accent) is met on
several kinds in every language, and every kind on four of the five games. The root page,
which sends a browser on to a language, is checked once, as a reader without JavaScript
sees it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import material
import pytest

from starpress.core.model import LANGUAGES
from tests.conftest import ROOT

AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
"""Installed by `make test` from tests/a11y/package-lock.json (`npm ci`)."""
GAMES = ("asteria", "aristeia", "afternova", "ascending-empires", "luna-maris")
GAME_KINDS = (
    "",  # the game's overview
    "rules/",
    "rules/setup/",
    "glossary/",
    "components/",
    "cards/",
    "icons/",
    "clarifications/",
    "designers/",
    "downloads/",
    "quick-reference/",
    "solo/",
    "play/",
)
BOT_PAGE = "afternova/bot/"
"""The two-player bot's page: one game has one."""
WIDTHS = {"desktop": 1280, "phone": 390}
FAILING_IMPACTS = ("serious", "critical")
ALSO_FAILING = ("landmark-unique",)
"""Moderate in axe, and issue 30's "no duplicate nav landmark"."""


def page_paths(lang: str) -> list[str]:
    """The pages that stand for every kind of page in `lang` (see the module's docstring)."""
    turn = LANGUAGES.index(lang)
    paths = ["", BOT_PAGE]
    paths += [f"{GAMES[(kind + turn) % len(GAMES)]}/{path}" for kind, path in enumerate(GAME_KINDS)]
    if lang == "en":
        paths.append("own-game/")  # written in English only
    return paths


CASES = [
    pytest.param(lang, path, id=f"{lang}-{path or 'home'}")
    for lang in LANGUAGES
    for path in page_paths(lang)
]


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run `make test` (npm ci in tests/a11y)")
    return AXE.read_text("utf-8")


@pytest.mark.parametrize(("lang", "path"), CASES)
def test_page_is_within_reach(
    browser: Any, base_url: str, axe_source: str, lang: str, path: str
) -> None:
    """The page loaded once, checked at each width in turn (the window resized, as a reader
    turning a tablet would): a Play page takes a Pyodide start to load."""
    first, *others = WIDTHS.values()
    context = browser.new_context(viewport={"width": first, "height": 900})
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda message: _error(console, message))
        page.on("pageerror", lambda error: console.append(f"uncaught: {error}"))
        page.goto(f"{base_url}/{lang}/{path}", wait_until="load")
        if path.endswith("/play/"):  # the page as it is played: Pyodide up, a question asked
            page.wait_for_selector(".sp-play[data-state]", state="attached")
        page.add_script_tag(content=axe_source)
        found = {first: _violations(page)}
        for width in others:
            page.set_viewport_size({"width": width, "height": 900})
            page.evaluate(SETTLED)
            found[width] = _violations(page)
        lang_attribute = page.evaluate("document.documentElement.lang")
    finally:
        context.close()
    assert {width: _report(violations) for width, violations in found.items() if violations} == {}
    assert console == []
    assert lang_attribute == lang


def test_the_root_page_is_within_reach(browser: Any, base_url: str, axe_source: str) -> None:
    """build/site/index.html sends a browser on to a language at once; what it shows is for
    a reader without JavaScript, so it is checked as one meets it: its script left out."""
    context = browser.new_context(viewport={"width": WIDTHS["phone"], "height": 900})
    try:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda message: _error(console, message))
        page.route(f"{base_url}/", lambda route: _without_script(route))
        page.goto(f"{base_url}/", wait_until="load")
        assert page.url == f"{base_url}/"  # not sent on: the page itself is checked
        page.add_script_tag(content=axe_source)
        found = {}
        for width in WIDTHS.values():
            page.set_viewport_size({"width": width, "height": 900})
            found[width] = _violations(page)
    finally:
        context.close()
    assert {width: _report(violations) for width, violations in found.items() if violations} == {}
    assert console == []


def _without_script(route: Any) -> None:
    html = route.fetch().text()
    head, script, rest = html.partition("<script>")
    assert script, "the root page no longer sends the browser on with a script"
    route.fulfill(body=head + rest.partition("</script>")[2], content_type="text/html")


SETTLED = """() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))
    .then(() => Promise.all(document.getAnimations()
        .filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map(a => a.finished.catch(() => null))))"""
"""After a resize: a frame drawn, and the transitions it started (the menu's panels) over."""


def _violations(page: Any) -> list[dict[str, Any]]:
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return [v for v in violations if v["impact"] in FAILING_IMPACTS or v["id"] in ALSO_FAILING]


RUN_AXE = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
    .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(
        n => n.target.join(" ") + ": " + (n.failureSummary || "").split("\\n")[1])}))"""
"""Every rule axe runs by default (WCAG 2.x A and AA, and its best practices)."""


def _error(console: list[str], message: Any) -> None:
    if message.type == "error":
        console.append(f"{message.text} ({message.location.get('url')})")


def _report(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        nodes = violation["nodes"]
        lines.append(
            f"{violation['id']} ({violation['impact']}, {len(nodes)}×): {violation['help']}"
        )
        lines += [f"    {node.strip()}" for node in nodes[:5]]
    return "\n".join(lines)


# -- the theme's templates we changed -------------------------------------------------------

MATERIAL = Path(material.__file__).parent / "templates"
GENERATED = "{#-\n  This file was automatically generated - do not edit\n-#}\n"
CHANGED_PARTIALS = {
    "partials/search.html": [
        (
            '<div class="md-search" data-md-component="search" role="dialog">',
            '<div class="md-search" data-md-component="search" role="dialog"'
            " aria-label=\"{{ lang.t('search') }}\">",
        )
    ],
    "partials/nav-item.html": [
        (
            'aria-labelledby="{{ path }}_label" aria-expanded',
            # every title from the top section's down: "__nav_2_title __nav_2_5_title"
            "aria-labelledby=\"{% for _ in path.split('_')[3:] %}"
            "{{ path.split('_')[:3 + loop.index] | join('_') }}_title"
            "{{ ' ' if not loop.last }}{% endfor %}\" aria-expanded",
        ),
        (
            '<label class="md-nav__title" for="{{ path }}">',
            '<label class="md-nav__title" for="{{ path }}" id="{{ path }}_title">',
        ),
    ],
}


@pytest.mark.parametrize("name", sorted(CHANGED_PARTIALS))
def test_a_changed_theme_partial_is_the_installed_themes_but_for_our_change(name: str) -> None:
    """A copy of one of Material's partials (site/overrides/) would silently keep an old
    version's markup after an upgrade: it must still be the installed Material's file with
    only our changes (made again here) and our comment in place of Material's header."""
    theirs = (MATERIAL / name).read_text("utf-8")
    assert theirs.startswith(GENERATED), "Material's file no longer starts as it did"
    expected = theirs.removeprefix(GENERATED)
    for old, new in CHANGED_PARTIALS[name]:
        assert expected.count(old) == 1, f"Material's {name} no longer has {old!r}"
        expected = expected.replace(old, new)
    ours = (ROOT / "site" / "overrides" / name).read_text("utf-8")
    comment, _, body = ours.partition("-#}\n")
    assert comment.startswith("{#-") and body == expected


def test_axe_is_the_pinned_version() -> None:
    lock = json.loads((ROOT / "tests" / "a11y" / "package-lock.json").read_text("utf-8"))
    pinned = lock["packages"]["node_modules/axe-core"]["version"]
    manifest = json.loads((ROOT / "tests" / "a11y" / "package.json").read_text("utf-8"))
    assert manifest["dependencies"]["axe-core"] == pinned  # exact, not a range
    if AXE.is_file():
        installed = json.loads((AXE.parent / "package.json").read_text("utf-8"))["version"]
        assert installed == pinned, "run `make test` to install the locked axe-core"
