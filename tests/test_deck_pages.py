"""A deck automaton on the page: its sheet (`starpress.core.solo_sheet`, what the rules pages
read), the solo page of the site (its cards, levels, score, and the charts of how often it
does what) and the rulebook's pages of it, for the deck `starpress new --automa` writes."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pymupdf
import pytest

from starpress.cli import scaffold
from starpress.core.load import load_game
from starpress.core.solo_sheet import Condition
from tests.conftest import run_cli


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    made = scaffold.create(tmp_path_factory.mktemp("deck") / "project", "solo", "en", "Solo",
                           automa=True)  # fmt: skip
    return made.project


def test_the_sheet_says_each_card_s_actions_with_what_decides_them(solo: Path) -> None:
    game = load_game(solo, "solo")
    assert game.automa is not None
    sheet = game.automa.solo_sheet(game)
    assert sheet is not None and sheet.rounds == 8
    (deck,) = sheet.decks
    assert deck.name == "bot" and deck.first and deck.reshuffle
    raider = deck.cards[2]
    assert raider.number == 3 and raider.name == "Raider"
    raid, buy = raider.actions
    assert raid.conditions == (Condition("How many cards do you hold?", "≥ 3"),)
    assert buy.conditions == (Condition("Is there a card costing 2 or less in the row?", "yes"),)
    assert buy.target == ("Which of these hold the cheapest card of the row?",)
    assert buy.tie == "first" and buy.rules == ("solo.rules.solo.actions",)
    mimic = deck.cards[3]
    assert mimic.actions[0].conditions == (Condition("Which card did you play last?", "Trader"),)
    assert (
        raider.last is not None
        and raider.last.text == "**Wait**: it takes 1 :star: from the supply."
    )
    assert [(level.name, level.cards, level.bonus) for level in sheet.levels] == [
        ("easy", (("bot", (1, 2, 3, 4, 5)),), ()),
        ("normal", (("bot", (1, 2, 3, 4, 5, 6)),), ()),
        ("hard", (("bot", (1, 2, 3, 4, 5, 6)),), (("extra", 1),)),
    ]
    assert [name for name, _text in sheet.scoring] == ["stars", "cards"]


def page_text(path: Path) -> str:
    html = path.read_text("utf-8")
    body = html[html.index("<article") : html.index("</article>")]
    body = re.sub(r"<svg.*?</svg>", "", body, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


def test_the_solo_page_shows_the_deck_and_its_charts(solo: Path) -> None:
    done = run_cli("site", "build", "--lang", "en", cwd=solo)
    assert done.returncode == 0, done.stderr
    page = solo / "build" / "site" / "en" / "solo" / "solo" / "index.html"
    text = page_text(page)
    assert "The automaton’s deck" in text
    assert "It does the first action of a card it can; if none, its last resort." in text
    assert "Card 3 : Raider" in text or "Card 3: Raider" in text
    assert "«How many cards do you hold?» → ≥ 3" in text
    assert "Last resort: Wait : it takes 1 from the supply." in text.replace("  ", " ")
    assert "Rounds in a game: 8." in text
    assert "2 points for each card it bought." in text
    html = page.read_text("utf-8")
    for level in ("easy", "normal", "hard"):
        for kind in ("actions", "rounds"):
            chart = solo / "build" / "site" / "en" / "solo" / "simulations" / f"{level}-{kind}.svg"
            assert chart.read_text("utf-8").startswith("<svg"), chart
            assert f"{level}-{kind}.svg" in html
    assert "How often the automaton does each action, per game (its deck alone)" in text


def test_the_rulebook_has_the_deck_s_pages(solo: Path) -> None:
    done = run_cli("rulebook", "solo", "--lang", "en", cwd=solo)
    assert done.returncode == 0, done.stderr
    with pymupdf.open(solo / "build" / "rulebooks" / "solo-en-a4.pdf") as book:
        text = " ".join(page.get_text() for page in book)
    text = re.sub(r"\s+", " ", text)
    assert "The automaton’s deck" in text
    assert "Its actions, in the order it tries them" in text
    assert "«How many cards do you hold?» → ≥ 3" in text
    assert "extra +1" in text and "Its score at the end" in text


def test_the_deck_plays_on_its_play_page_in_a_real_browser(
    solo: Path, browser: object, tmp_path: Path
) -> None:
    """The scaffold's deck on its Play page (Pyodide in Chromium): the answers of a game at
    the table, and the page says what the CLI says of the same game's save file."""
    import io
    import json
    from typing import Any

    from starpress.automa.engine import runner
    from tests.bot_cases import TypedPerson, raw_answers
    from tests.site_fixture import serve
    from tests.test_site_play import PHONE, answer, answered, opened, texts

    site = solo / "build" / "site"
    if not (site / "en" / "solo" / "play" / "index.html").is_file():
        done = run_cli("site", "build", "--lang", "en", cwd=solo)
        assert done.returncode == 0, done.stderr
    save = tmp_path / "cli.jsonl"
    runner.play(solo, "solo", "table", 21, save, "en", True, False, {"level": "hard"},
                read=TypedPerson(21, commands=False), out=io.StringIO())  # fmt: skip
    answers = raw_answers(save.read_text("utf-8"))
    chromium: Any = browser
    context = chromium.new_context(viewport=PHONE, accept_downloads=True)
    try:
        with serve(site) as url:
            page = opened(context, f"{url}/en/solo/play/")
            page.select_option(".sp-play-new select[name=level]", "hard")
            page.fill(".sp-play-new input[name=seed]", "21")
            page.click(".sp-play-new button[type=submit]")
            for typed in answers:
                answer(page, typed)
            assert answered(page) == len(answers)
            assert page.get_attribute(".sp-play", "data-over") == "true" and not page.errors
            with page.expect_download() as download:
                page.click("[data-action=download]")
            saved = tmp_path / "page.jsonl"
            download.value.save_as(saved)
            shown = texts(page)
    finally:
        context.close()
    assert saved.read_text("utf-8") == save.read_text("utf-8")  # the CLI's own save file
    replayed = run_cli("automa", "solo", "replay", str(saved), "--json", cwd=solo)
    assert replayed.returncode == 0, replayed.stderr
    assert [json.loads(line)["text"] for line in replayed.stdout.splitlines()] == shown
