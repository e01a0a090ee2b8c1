"""Shared fixtures: a tiny valid project that tests can break one file at a time."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests import zygote
from tests.patience import LAST_RESORT, LAST_RESORT_MS

if TYPE_CHECKING:
    from starpress.automa.engine.registry import BotDefinition
    from starpress.core.catalogs import CatalogReader
    from starpress.core.model import Game

ROOT = Path(__file__).resolve().parent.parent

os.environ["STARPRESS_LIBRARY"] = "none"
"""The tests' projects hold their games alone: the built-in library (the clone, `ROOT`) is
not added beside them. `ROOT` itself is the library, so its five games are its own; the
tests of the library (tests/test_library.py) and of an installed wheel set it back."""


@functools.cache
def project_game(game_id: str) -> Game:
    """One of the project's games, loaded when a test first needs it (not when the tests are
    collected: every xdist worker collects every module)."""
    from starpress.core.load import load_games

    return load_games(ROOT, [game_id])[game_id]


@functools.cache
def project_catalogs() -> CatalogReader:
    """The tests' catalog reader: each catalog parsed once, however many games read it
    (the runner takes it as `catalogs=`, as a build hands its reader down)."""
    from starpress.core.catalogs import CatalogReader

    return CatalogReader()


@functools.cache
def project_bot(game_id: str) -> BotDefinition:
    """The bot of one of the project's games."""
    from starpress.automa.engine.registry import bot_of

    found = bot_of(project_game(game_id))
    assert found is not None, game_id
    return found


DEMO_FILES = {
    "game.yaml": """\
game:
  id: demo
  title: Demo
  tagline: A tiny game
  summary: A game made for tests.
  source_language: en
  languages: [en, pt-BR]
  players: {min: 1, max: 2}
  play_time: {min: 10, max: 20}
  sources:
    - id: rulebook
      title: Demo rules
      kind: seed
""",
    "components.yaml": """\
components:
  - id: demo.component.card
    kind: card
    name: Card
    count: 10
    size: poker
""",
    "rules.yaml": """\
rules:
  - id: demo.rules.setup
    title: Setup
    body: "Take a :coin: and read [[demo.glossary.coin]]."
    sections:
      - id: demo.rules.setup.deal
        title: Deal
        steps: [Shuffle the cards., Deal five to each player.]
""",
    "glossary.yaml": """\
glossary:
  - id: demo.glossary.coin
    term: Coin
    short: Money.
    related: [demo.rules.setup]
""",
    "icons.yaml": """\
icons:
  - id: coin
    file: icons/coin.svg
    name: {en: Coin}
""",
    "icons/coin.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<circle cx="12" cy="12" r="9" fill="#e0b000"/></svg>\n',
}


def without_save(said: str, save: Path) -> str:
    """A transcript without the lines that say where its save file is (said when a game
    begins and before its winner): a golden transcript does not depend on that path."""
    return "".join(line for line in said.splitlines(True) if str(save) not in line)


def make_project(base: Path, overrides: dict[str, str] | None = None) -> Path:
    """A project folder holding the demo game, with some of its files replaced."""
    game = base / "content" / "demo"
    (base / "templates").mkdir(parents=True, exist_ok=True)
    for name, text in {**DEMO_FILES, **(overrides or {})}.items():
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return base


@pytest.fixture
def demo_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A valid demo project; the working directory is its root."""
    monkeypatch.chdir(tmp_path)
    return make_project(tmp_path)


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the real `starpress` command in a child process (forked by the tests' warm
    parent, `tests/zygote.py`, so Python and starpress's imports are not started again)."""
    command = [sys.executable, "-m", "starpress", *args]
    done = zygote.run(args, cwd, LAST_RESORT)
    if done.timed_out:
        raise subprocess.TimeoutExpired(command, LAST_RESORT, done.stdout, done.stderr)
    return subprocess.CompletedProcess(command, done.code, done.stdout, done.stderr)


CARDS = """\
cards:
  - id: demo.card.ace
    component: demo.component.card
    name: Ace
    count: 7
    fields: {text: "Gain 2 :coin:."}
  - id: demo.card.king
    component: demo.component.card
    name: King
    count: 3
    fields: {text: "Draw a card."}
    back: {text: "A different back"}
    provenance: prototype
"""

LAYOUT = """\
colors: {ink: "#222222"}
components:
  demo.component.card: {front: front, back: back}
layouts:
  front:
    boxes:
      - {name: background, type: rect, full_bleed: true, fill: "#f0e8d8"}
      - {name: title, type: text, x: 4, y: 4, w: -8mm, h: 10, text: "**{name}**", size: 12}
      - {name: text, type: text, x: 4, y: 20, w: -8mm, h: 30, text: "{text}", size: 10}
  back:
    boxes:
      - {name: background, type: rect, full_bleed: true, fill: "#203040"}
      - {name: text, type: text, x: 4, y: 40, w: -8mm, h: 10, text: "{text}", color: "#ffffff"}
"""

POKER = (63.5, 88.9)


@pytest.fixture
def kit_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    project = make_project(tmp_path, {"cards.yaml": CARDS})
    (project / "templates" / "cards").mkdir(parents=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    return project


def build(project: Path, **options: object) -> Path:
    from starpress.pnp.build import plan, run
    from starpress.pnp.kit import KitOptions

    kit_options = KitOptions(lang="en", **options)  # type: ignore[arg-type]
    result = run(project, plan(project, ["demo"], "source", kit_options), project / "out")
    assert result.overflow == []
    return result.reports[0].path


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""A headless Chromium on a machine with no network: no background traffic, no sandbox (root)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, driven by Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).is_file():
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is required in CI (make test installs it)")
        pytest.skip("chromium is not installed (make test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield _PatientBrowser(launched)
        launched.close()


class _PatientBrowser:
    """A browser whose every page waits up to `LAST_RESORT` for what it is told to wait for
    (Playwright's 30 s default fails on a busy machine, not on a broken page)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(LAST_RESORT_MS)
        context.set_default_navigation_timeout(LAST_RESORT_MS)
        return context

    def new_page(self, **options: Any) -> Any:
        page = self._browser.new_page(**options)
        page.set_default_timeout(LAST_RESORT_MS)
        page.set_default_navigation_timeout(LAST_RESORT_MS)
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    """The project's site, built once per session, served on a loopback port."""
    from tests.site_fixture import built_site, serve

    with serve(built_site()) as url:
        yield url


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that drives Chromium is marked `browser`, so a quick run can leave them
    out (`pytest -m "not browser"`) and a slow machine can run them alone (`-m browser`).
    The tests that read the built site run last (`reads_built_site`), the others in their
    order: the site is built meanwhile (`pytest_sessionstart`), so no worker waits for it."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    items.sort(key=reads_built_site)  # stable: each group keeps its order


def reads_built_site(item: pytest.Item) -> bool:
    """Whether `item` reads the project's built site or the tests' rulebooks, both built
    from the session's start (`pytest_sessionstart`): it serves the site (`base_url`) or
    its module takes the site from `tests.site_fixture.built_site` or the books from
    `tests.books.built_books`."""
    module = getattr(item, "module", None)
    return (
        "base_url" in getattr(item, "fixturenames", ())
        or hasattr(module, "built_site")
        or hasattr(module, "built_books")
    )


_EARLY = pytest.StashKey["subprocess.Popen[bytes]"]()
"""The early site build's process (`pytest_sessionstart`)."""


def pytest_sessionstart(session: pytest.Session) -> None:
    """The whole suite on several workers (`make test`): the site, which a third of the tests
    read, is built from the start in a process of its own, so no worker sits waiting for it
    while the other builds it (before pytest-xdist starts its workers, which inherit the
    run's id). A run of chosen files or on one process builds it when first needed."""
    config = session.config
    whole = config.args_source == pytest.Config.ArgsSource.TESTPATHS
    workers = getattr(config.option, "numprocesses", None) or 0
    if hasattr(config, "workerinput") or not whole or workers < 2:
        return
    import uuid

    from tests.site_fixture import EARLY_RUN, start_early

    run = uuid.uuid4().hex
    os.environ[EARLY_RUN] = run
    config.stash[_EARLY] = start_early(run)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """An early site build still running when the session ends (interrupted) is stopped."""
    early = session.config.stash.get(_EARLY, None)
    if early is not None and early.poll() is None:
        early.terminate()
        early.wait()
