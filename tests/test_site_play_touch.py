"""The Play page as a touch interface, in a real headless Chromium (desktop and 390×844, two
languages each): a single choice answers when tapped, an answer of several parts is gathered
then sent, a score pad is a field per line; no terminal keys in a question; a hint beside its
option; a refusal says why in the page's language; the settings and the question fit a phone."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from starpress.automa.engine.answers import Several, same
from starpress.automa.engine.state import Ask
from starpress.automa.web.page import Page
from tests.test_site_play import answer, answered, opened, texts
from tests.web_games import SEED, Recorded, data_text, recorded

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TERMINAL_KEY = re.compile(r"\[[^\]\s]{1,8}\]")
"""A key in brackets, as a terminal prompt lists it (`[q]`, `[Enter]`)."""


@pytest.fixture(params=[("desktop", DESKTOP), ("phone", PHONE)], ids=lambda p: p[0])
def screen(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, dict[str, int]]]:
    viewport = request.param[1]
    context = browser.new_context(viewport=viewport)
    yield context, viewport
    context.close()


def started(context: Any, base_url: str, game_id: str, lang: str, params: dict[str, str]) -> Any:
    page = opened(context, f"{base_url}/{lang}/{game_id}/play/")
    for parameter, value in params.items():
        page.select_option(f".sp-play-new select[name={parameter}]", value)
    page.fill(".sp-play-new input[name=seed]", str(SEED))
    page.click(".sp-play-new button[type=submit]")
    assert answered(page) == 0
    return page


def refusal(
    game_id: str, lang: str, params: dict[str, str], given: tuple[str, ...], typed: str
) -> str:
    """What the page's Python says of `typed` after the answers `given`."""
    python = Page(data_text(game_id, lang))
    python.start(SEED, params)
    for done in given:
        python.answer(done)
    notes: list[str] = python.answer(typed)["notes"]
    assert notes, f"{typed!r} was taken"
    return notes[0]


def tapped_as(python: Page, typed: str) -> list[str]:
    """The buttons that give `typed`, part by part, when the question asked is one of
    several choices (colours: the log keeps their keys, the buttons give their labels)."""
    decision = python.state.decision() if python.state is not None else None
    if not isinstance(decision, Ask) or not isinstance(decision.answer, Several):
        return []
    part = decision.answer.part
    buttons = [button.answer for button in part.buttons()]
    return [next(b for b in buttons if same(part.parse(b), part.parse(w))) for w in typed.split()]


def inside(page: Any, selector: str, height: int) -> None:
    """Every element `selector` finds is wholly on the screen, with no scrolling."""
    boxes = page.eval_on_selector_all(
        selector,
        "items => items.filter(i => i.offsetParent).map(i => i.getBoundingClientRect())"
        ".map(r => [r.top, r.bottom])",
    )
    assert boxes
    assert all(top >= 0 and bottom <= height for top, bottom in boxes), (selector, boxes)


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_tap_answers_a_choice_and_parts_are_gathered_then_sent(
    lang: str, screen: tuple[Any, dict[str, int]], base_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    context, viewport = screen
    game = recorded("afternova-solo", tmp_path_factory.getbasetemp())
    page = started(context, base_url, game.game, lang, game.params)
    text = json.loads(page.get_attribute(".sp-play", "data-text") or "{}")
    for name in ("undo", "status", "download"):
        assert page.inner_text(f".sp-play-game [data-action={name}]") == text[name]
    refused = refusal(game.game, lang, game.params, (), "F 2")
    page.fill("input[name=answer]", "F 2")
    page.press("input[name=answer]", "Enter")
    assert page.inner_text(".sp-play-notes") == refused and answered(page) == 0
    python = Page(data_text(game.game, lang))  # the same game, to name each part's button
    python.start(SEED, game.params)
    gathered = padded = tapped = 0
    for index, typed in enumerate(game.answers):
        prompt = page.inner_text(".sp-play-prompt")
        assert not TERMINAL_KEY.search(prompt), prompt
        inside(page, ".sp-play-dock .md-button", viewport["height"])
        parts = page.locator(".sp-play-choices[data-compose] .sp-play-choice")
        part = ".sp-play-choices[data-compose] .sp-play-choice[data-answer={}]".format
        words = tapped_as(python, typed)
        if parts.count() and len(words) > 1:  # a part taken back by a tap, then sent
            assert page.inner_text(".sp-play-answer button[type=submit]") == text["send"]
            for word in words:
                page.locator(part(json.dumps(word))).first.click()
            chips = page.locator(".sp-play-composed .sp-play-part")
            assert chips.count() == len(words) and answered(page) == index
            chips.last.click()
            assert chips.count() == len(words) - 1
            page.locator(part(json.dumps(words[-1]))).first.click()
            page.click(".sp-play-answer button[type=submit]")
            gathered += 1
        elif page.locator(".sp-play-pad input").count():  # blank lines: refused, saying why
            fields = page.locator(".sp-play-pad input")
            fields.first.fill(typed.split()[0])
            page.click(".sp-play-answer button[type=submit]")
            why = refusal(game.game, lang, game.params, game.answers[:index], typed.split()[0])
            assert page.inner_text(".sp-play-notes") == why and answered(page) == index
            answer(page, typed)
            padded += 1
        else:
            tapped += answer(page, typed) == "tapped"
        python.answer(typed)
        assert answered(page) == index + 1, page.inner_text(".sp-play-notes")
    assert gathered and padded and tapped and not page.errors
    assert page.get_attribute(".sp-play", "data-over") == "true"


@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_hint_is_beside_its_option_not_in_it(
    lang: str, screen: tuple[Any, dict[str, int]], base_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:  # fmt: skip
    context, _viewport = screen
    game = recorded("asteria", tmp_path_factory.getbasetemp())
    python = Page(data_text(game.game, lang))
    view = python.start(SEED, game.params)
    page = started(context, base_url, game.game, lang, game.params)
    for typed in game.answers:
        hinted = [b for b in view["question"]["buttons"] if b["hint"]]
        if hinted:
            break
        view = python.answer(typed)
        answer(page, typed)
    assert hinted, "the game asks no question with a hint"
    for button in hinted:
        option = page.locator(
            ".sp-play-option", has=page.locator(f"[data-answer={json.dumps(button['answer'])}]")
        )
        assert option.locator(".sp-play-hint").inner_text() == button["hint"]
        assert button["hint"] not in option.locator(".sp-play-choice").inner_text()


@pytest.mark.parametrize("lang", ["es", "it"])
def test_the_settings_and_a_ten_button_question_fit_a_phone(
    lang: str, browser: Any, base_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    game = recorded("ascending-empires", tmp_path_factory.getbasetemp())
    context = browser.new_context(viewport=PHONE)
    page = opened(context, f"{base_url}/{lang}/{game.game}/play/")
    inside(page, ".sp-play-new select, .sp-play-new input[name=seed], .sp-play-new .md-button", 844)
    page = started(context, base_url, game.game, lang, game.params)
    for typed in game.answers:  # to the card flipped: 1–10
        if page.locator(".sp-play-choice").count() >= 10:
            break
        answer(page, typed)
    assert page.locator(".sp-play-choice").count() >= 10
    inside(page, ".sp-play-prompt, .sp-play-choice, .sp-play-dock .md-button", 844)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()


def played_to(key: str, game: Recorded, context: Any, base_url: str) -> Any:
    """`game`'s Spanish page, answered as recorded up to its first question `key` (the
    Python page, played alongside, tells which question is next)."""
    python = Page(data_text(game.game, "es"))
    view = python.start(SEED, game.params)
    page = started(context, base_url, game.game, "es", game.params)
    for typed in game.answers:
        if view["question"]["key"] == key:
            break
        view = python.answer(typed)
        answer(page, typed)
    assert view["question"]["key"] == key
    return page


def test_a_number_typed_then_parts_tapped_are_one_answer_and_nobody_answers_at_once(
    browser: Any, base_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Ascending Empires' report: the VP tokens typed (no button gives them), then a part
    tapped, taken back and tapped again: the typed number stays first. Aristeia!'s
    Infirmary: its named empty answer ("nadie") answers when tapped, though parts compose."""
    context = browser.new_context(viewport=PHONE)
    folder = tmp_path_factory.getbasetemp()
    page = played_to("report", recorded("ascending-empires", folder), context, base_url)
    part = page.locator(".sp-play-choices[data-compose] .sp-play-choice[data-answer='1']")
    page.fill("input[name=answer]", "2")
    part.click()
    assert page.input_value("input[name=answer]") == "2 1"
    page.locator(".sp-play-composed .sp-play-part").click()  # taken back: the number stays
    assert page.input_value("input[name=answer]") == "2"
    part.click()
    count = answered(page)
    page.click(".sp-play-answer button[type=submit]")
    assert answered(page) == count + 1
    said = " ".join(texts(page))
    assert "fichas de PV en la reserva" in said and "pierde una nave" in said
    page = played_to("knocked", recorded("aristeia", folder), context, base_url)
    nobody = page.locator(".sp-play-choices[data-compose] .sp-play-choice[data-answer='']")
    assert nobody.inner_text() == "nadie" and not page.locator(".sp-play-composed *").count()
    count = answered(page)
    nobody.click()
    assert answered(page) == count + 1 and not page.errors
    context.close()
