"""The site in a real headless Chromium (Debian's package, driven by Playwright)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pymupdf
import pytest

from tests.patience import LAST_RESORT


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    yield opened
    context.close()


def test_home_lists_the_five_games(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/en/")
    cards = page.locator(".grid.cards li strong a")
    assert cards.all_inner_texts() == [
        "Asteria",
        "Aristeia!",
        "Afternova",
        "Ascending Empires",
        "Luna Maris",
    ]


def test_root_page_sends_the_visitor_to_their_language(browser: Any, base_url: str) -> None:
    context = browser.new_context(locale="it-IT")
    visitor = context.new_page()
    visitor.goto(f"{base_url}/")
    visitor.wait_for_url(f"{base_url}/it/")
    assert visitor.url == f"{base_url}/it/"
    context.close()


def test_related_topic_link_lands_on_its_anchor(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/es/aristeia/glossary/")
    entry = page.locator('[id="aristeia.glossary.accion"]')
    entry.wait_for()
    related = page.locator('article a[href$="#aristeia.glossary.activacion"]').first
    related.click()
    page.wait_for_function("location.hash === '#aristeia.glossary.activacion'")
    target = page.locator('[id="aristeia.glossary.activacion"]')
    box = target.bounding_box()
    assert box is not None and 0 <= box["y"] < 400  # scrolled to the top of the view


def test_language_selector_keeps_the_page(page: Any, base_url: str) -> None:
    start = f"{base_url}/pt-BR/luna-maris/glossary/"
    for lang in ("es", "it", "en"):
        page.goto(start)
        link = page.locator(f'.md-select__link[hreflang="{lang}"]')
        href = link.get_attribute("href")
        page.goto(page.url.rsplit("/", 1)[0] + "/" + href if not href.startswith("http") else href)
        assert page.url == f"{base_url}/{lang}/luna-maris/glossary/"
        assert page.locator("html").get_attribute("lang") == lang


@pytest.mark.parametrize(
    ("lang", "term", "expected"),
    [
        ("pt-BR", "astronauta", "Astronauta"),
        ("es", "destrabar", "Destrabar"),
        ("it", "zampesperta", "Zampesperta"),
        ("en", "blueprint", "Blueprint"),
    ],
)
def test_search_finds_a_term_in_each_language(
    page: Any, base_url: str, lang: str, term: str, expected: str
) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"{base_url}/{lang}/")
    search = page.locator(".md-search__input")
    search.click()
    results = page.locator(".md-search-result__item")
    # The search worker loads a ~0.5 MB index per language; on a busy CI
    # machine a query typed before it is ready is dropped, so type it again (every 15 s,
    # until the last resort).
    for _ in range(int(LAST_RESORT // 15)):
        search.fill("")
        search.press_sequentially(term)
        try:
            results.first.wait_for(timeout=15_000)
            break
        except PlaywrightTimeout:
            continue
    assert results.count() >= 1
    assert expected.lower() in page.locator(".md-search-result").inner_text().lower()


def test_gallery_image_and_download_load(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/it/afternova/cards/")
    image = page.locator(".sp-gallery img").first
    image.scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('.sp-gallery img').naturalWidth > 0")
    src = image.get_attribute("src")
    assert page.request.get(page.url + src).status == 200
    page.goto(f"{base_url}/it/afternova/downloads/")
    link = page.locator("article a[href$='.pdf']").first
    response = page.request.get(page.url + link.get_attribute("href"))
    assert response.status == 200 and response.body()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    "game", ["asteria", "aristeia", "afternova", "ascending-empires", "luna-maris"]
)
def test_quick_reference_prints_on_one_or_two_a4_pages(page: Any, base_url: str, game: str) -> None:
    page.goto(f"{base_url}/en/{game}/quick-reference/")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True)
    with pymupdf.open(stream=pdf, filetype="pdf") as document:
        assert 1 <= document.page_count <= 2, f"{document.page_count} pages"


@pytest.mark.parametrize(
    ("lang", "viewport", "label"),
    [
        ("en", {"width": 1280, "height": 900}, "Skills"),
        ("pt-BR", {"width": 390, "height": 844}, "Habilidades"),
    ],
)
def test_card_anatomy_is_drawn_and_labelled_on_desktop_and_phone(
    browser: Any, base_url: str, lang: str, viewport: dict[str, int], label: str
) -> None:
    """The Hired Paw's anatomy on the gallery: drawn wide enough to read, inside the page
    (no sideways scrolling on a phone), its labels in the page's language."""
    context = browser.new_context(viewport=viewport)
    opened = context.new_page()
    opened.goto(f"{base_url}/{lang}/afternova/cards/")
    picture = opened.locator(
        "#gallery-afternova\\.component\\.hired-paw ~ figure svg.sp-anatomy-picture"
    ).first
    picture.scroll_into_view_if_needed()
    box = picture.bounding_box()
    assert box is not None and box["width"] >= min(400, viewport["width"] * 0.8)
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert label in picture.locator("text").all_text_contents()
    assert label in (picture.get_attribute("aria-label") or "")
    width = opened.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"]
    context.close()


def test_section_folders_are_pages(page: Any, base_url: str) -> None:
    """Cutting a rules page's address back to its folder shows the rules index, whose
    links lead to the rules pages."""
    page.goto(f"{base_url}/es/asteria/rules/")
    assert page.locator("article h1").inner_text().startswith("Reglas")
    links = page.locator("article ol > li > a")
    assert links.count() >= 5
    links.nth(1).click()
    page.wait_for_load_state()
    assert (
        page.url.startswith(f"{base_url}/es/asteria/rules/")
        and page.url != f"{base_url}/es/asteria/rules/"
    )
    assert page.locator("article h1").count() == 1
