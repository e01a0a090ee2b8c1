"""The Play pages in a real headless Chromium: every bot played to its end on its page, in
two languages, with an undo and a reload half-way, its log downloaded and replayed by the
real CLI; the page offline after its first load; hostile text shown as text."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli
from tests.patience import LAST_RESORT_MS
from tests.web_games import GAMES, OTHER_LANGUAGE, recorded

PHONE = {"width": 390, "height": 844}
PLAYED = [
    (name, lang)
    for name, (_game, _params, first) in sorted(GAMES.items())
    for lang in (first, OTHER_LANGUAGE[first])
]
"""Each bot's game, in the language its test person reads and in another."""


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    opened = browser.new_context(viewport=PHONE, accept_downloads=True)
    yield opened
    opened.close()


def opened(context: Any, url: str) -> Any:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    ready(page)
    return page


def ready(page: Any) -> None:
    page.wait_for_selector(".sp-play[data-state]", state="attached", timeout=LAST_RESORT_MS)
    state = page.get_attribute(".sp-play", "data-state")
    assert state == "ready", page.inner_text(".sp-play")


def answered(page: Any) -> int:
    return int(page.get_attribute(".sp-play", "data-answers") or 0)


PART = ".sp-play-choices[data-compose] .sp-play-choice"
"""A button that adds a part to an answer of several parts."""


def answer(page: Any, typed: str) -> str:
    """Tap the choice that types `typed` when the question offers one, else type it."""
    count = answered(page)
    choice = page.locator(f".sp-play-choices:not([data-compose]) [data-answer={json.dumps(typed)}]")
    parts = page.locator(PART)
    fields = page.locator(".sp-play-pad input")
    if choice.count():
        choice.first.click()
        how = "tapped"
    elif fields.count():  # a score pad: a field per line, sent together
        numbers = typed.split()
        assert fields.count() == len(numbers)
        for at, number in enumerate(numbers):
            fields.nth(at).fill(number)
        page.click(".sp-play-answer button[type=submit]")
        how = "pad"
    elif (
        typed
        and parts.count()
        and all(page.locator(f"{PART}[data-answer={json.dumps(w)}]").count() for w in typed.split())
    ):  # an answer of several parts: composed from the buttons, then sent
        for part in typed.split():
            page.locator(f"{PART}[data-answer={json.dumps(part)}]").first.click()
        assert page.input_value("input[name=answer]") == typed
        page.click(".sp-play-answer button[type=submit]")
        how = "composed"
    else:
        page.fill("input[name=answer]", typed)
        page.press("input[name=answer]", "Enter")
        how = "typed"
    assert answered(page) == count + 1, page.inner_text(".sp-play-notes")
    return how


def texts(page: Any) -> list[str]:
    shown: list[str] = page.eval_on_selector_all(
        ".sp-play-text", "items => items.map(item => item.textContent)"
    )
    return shown


@pytest.mark.parametrize(("name", "lang"), PLAYED)
def test_a_whole_game_on_its_page_with_undo_reload_and_the_log_replayed_by_the_cli(
    name: str, lang: str, context: Any, base_url: str, tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    game = recorded(name, tmp_path_factory.getbasetemp())
    page = opened(context, f"{base_url}/{lang}/{game.game}/play/")
    for parameter, value in game.params.items():
        page.select_option(f".sp-play-new select[name={parameter}]", value)
    page.fill(".sp-play-new input[name=seed]", "21")
    page.click(".sp-play-new button[type=submit]")
    assert answered(page) == 0 and page.is_visible(".sp-play-question")
    half = len(game.answers) // 2
    ways = set()
    for index, typed in enumerate(game.answers):
        if index == half:  # the tab is closed and opened again: the game goes on
            page.reload()
            ready(page)
            assert answered(page) == half and page.is_visible(".sp-play-question")
        if index == 2:  # an answer taken back, and given again
            answer(page, typed)
            page.click("[data-action=undo]")
            assert answered(page) == 2
        ways.add(answer(page, typed))
    assert page.get_attribute(".sp-play", "data-over") == "true"
    assert page.is_visible(".sp-play-over") and not page.is_visible(".sp-play-question")
    assert "typed" in ways and "tapped" in ways and not page.errors
    with page.expect_download() as download:
        page.click("[data-action=download]")
    saved = tmp_path / "page.jsonl"
    download.value.save_as(saved)
    if lang == game.lang:
        assert saved.read_text("utf-8") == game.log  # the CLI's own save file
    replayed = run_cli("automa", game.game, "replay", str(saved), "--json", cwd=ROOT)
    assert replayed.returncode == 0, replayed.stderr
    cli = [json.loads(line)["text"] for line in replayed.stdout.splitlines()]
    assert cli == texts(page)
    no_overflow = "document.documentElement.scrollWidth <= window.innerWidth"
    assert page.evaluate(no_overflow)


def test_choices_are_buttons_large_enough_for_a_thumb(context: Any, base_url: str) -> None:
    page = opened(context, f"{base_url}/es/ascending-empires/play/")
    page.fill(".sp-play-new input[name=seed]", "21")
    page.click(".sp-play-new button[type=submit]")  # first: the card flipped, 1–10
    buttons = page.locator(".sp-play-choice, .sp-play-tools .md-button")
    assert page.locator(".sp-play-choice").count() >= 2
    for index in range(buttons.count()):
        box = buttons.nth(index).bounding_box()
        assert box is not None and box["height"] >= 40, buttons.nth(index).inner_text()


def test_a_loaded_cli_log_goes_on_and_a_bad_one_is_one_line(
    context: Any, base_url: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    game = recorded("luna-maris", tmp_path_factory.getbasetemp())
    lines = game.log.splitlines(keepends=True)
    answers = [i for i, line in enumerate(lines) if '"t": "answer"' in line]
    partial = tmp_path / "luna-maris-21.jsonl"  # a CLI game saved half-way
    partial.write_text("".join(lines[: answers[len(answers) // 2]]), "utf-8")
    page = opened(context, f"{base_url}/pt-BR/luna-maris/play/")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + '{"t": "answer"}\n', "utf-8")
    page.set_input_files(".sp-play-new .sp-play-load input", str(bad))  # before any game
    page.wait_for_selector(".sp-play-new .sp-play-error", state="attached")
    assert page.inner_text(".sp-play-error") == "bad.jsonl: line 2: answer event without 'key'"
    page.set_input_files(".sp-play-new .sp-play-load input", str(partial))
    page.wait_for_selector(f".sp-play[data-answers='{len(answers) // 2}']", state="attached")
    assert page.is_visible(".sp-play-question")
    page.set_input_files(".sp-play-tools .sp-play-load input", str(bad))  # during a game
    page.wait_for_selector(".sp-play-notes p", state="attached")
    assert page.inner_text(".sp-play-notes") == "bad.jsonl: line 2: answer event without 'key'"
    assert answered(page) == len(answers) // 2  # the game on the page stays


def test_the_page_works_offline_once_loaded(context: Any, base_url: str) -> None:
    page = opened(context, f"{base_url}/it/asteria/play/")
    page.wait_for_selector(".sp-play[data-offline=ready]", state="attached", timeout=LAST_RESORT_MS)
    assert page.get_attribute(".sp-play", "data-snapshot") == "used"  # Pyodide's memory
    context.set_offline(True)
    try:
        page.reload()
        ready(page)
        assert page.get_attribute(".sp-play", "data-snapshot") == "used"  # stored too
        page.click(".sp-play-new button[type=submit]")
        assert page.is_visible(".sp-play-question") and answered(page) == 0
    finally:
        context.set_offline(False)


def test_content_text_is_shown_as_text_never_as_markup(browser: Any, base_url: str) -> None:
    """A translator's message with markup in it shows as the characters typed (the page's
    data is altered on its way, so no service worker: the page runs without one too)."""
    hostile = '<img src=x onerror="window.pwned=1"><b>bold</b>'

    def altered(route: Any) -> None:
        data = json.loads(route.fetch().text())
        data["words"]["v"]["messages"]["start"] = {"$x": [hostile, "", hostile, False, None]}
        route.fulfill(body=json.dumps(data), content_type="application/json")

    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.route("**/asteria/play.json", altered)
    page.goto(f"{base_url}/en/asteria/play/")
    ready(page)
    page.click(".sp-play-new button[type=submit]")
    assert texts(page)[0] == hostile
    assert page.locator(".sp-play-steps img, .sp-play-steps b").count() == 0
    assert page.evaluate("window.pwned") is None
    context.close()


@pytest.mark.skipif(shutil.which("node") is None, reason="Node makes Pyodide's snapshot")
def test_pyodide_s_snapshot_is_the_same_bytes_each_time(tmp_path: Path) -> None:
    """The site is reproducible: the same Pyodide started twice at build time leaves the same
    memory (site/play/snapshot.mjs fixes the hash seed, randomness and clock)."""
    from starpress.site.play import pyodide_folder

    script, made = ROOT / "site" / "play" / "snapshot.mjs", []
    for name in ("one.bin", "two.bin"):
        subprocess.run(["node", str(script), str(pyodide_folder(ROOT)), str(tmp_path / name)],
                       check=True, capture_output=True, timeout=LAST_RESORT_MS // 1000)  # fmt: skip
        made.append((tmp_path / name).read_bytes())
    assert len(made[0]) > 10_000_000 and made[0] == made[1]


def test_a_game_started_without_a_seed_gets_one_short_enough_to_read_aloud(
    context: Any, base_url: str
) -> None:
    """As at the command line (`prng.fresh_seed`): 1 to 999999, said in the first line."""
    page = opened(context, f"{base_url}/en/asteria/play/")
    page.click(".sp-play-new button[type=submit]")
    page.wait_for_selector(".sp-play-question")
    seed = re.search(r"Seed: (\d+)\.", texts(page)[0])
    assert seed is not None and 1 <= int(seed[1]) <= 999_999, texts(page)[0]
    assert not page.errors
