"""The five games' real kits, built and read back from the PDFs."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from pnp.build import plan, run
from pnp.kit import KitOptions, build_kit
from starpress.load import load_games
from tests.conftest import ROOT
from tests.pdfread import open_pdf, page_box, page_size, placements

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@cache
def kits(paper: str, out: Path) -> dict[str, Path]:
    result = run(ROOT, plan(ROOT, None, "source", KitOptions(lang="", paper=paper)), out)
    assert result.overflow == [], result.overflow[:10]
    return {_game(report.path): report.path for report in result.reports}


def _game(path: Path) -> str:
    return next(game for game in GAMES if path.name.startswith(f"{game}-"))


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kits")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_kit_builds_without_overflow_on_the_page_size(paper: str, out: Path) -> None:
    built = kits(paper, out)
    assert sorted(built) == GAMES
    for path in built.values():
        doc = open_pdf(path)
        for number in range(doc.page_count):
            width, height = page_size(doc, number)
            assert {round(width, 1), round(height, 1)} == {round(v, 1) for v in PAPERS[paper]}
            trim = page_box(doc, number, "TrimBox")
            bleed = page_box(doc, number, "BleedBox")
            assert bleed[0] <= trim[0] and bleed[2] >= trim[2]


@pytest.mark.parametrize("game", GAMES)
def test_fronts_per_component_equal_the_box_counts(game: str, out: Path) -> None:
    model = load_games(ROOT, [game])[game]
    doc = open_pdf(kits("a4", out)[game])
    fronts = Counter(
        placement.card
        for number in range(doc.page_count)
        for placement in placements(doc, number)
        if placement.side == "front"
    )
    by_component: Counter[str] = Counter()
    for card in model.cards:
        by_component[card.component] += fronts[card.id]
    printed = {card.component for card in model.cards}
    assert by_component == {c.id: c.count for c in model.components if c.id in printed}


def test_every_text_the_kits_print_is_in_the_catalogs(tmp_path: Path) -> None:
    """Kits in every language ask only for text ids the translation catalogs hold."""
    from starpress.model import LANGUAGES

    for job in plan(ROOT, None, "all", KitOptions(lang="")):
        game = job.game
        if job.options.lang == game.info.source_language:
            continue
        folder = ROOT / "content" / game.id
        report = build_kit(game, job.templates, folder, job.options, tmp_path)
        assert report.fallbacks == [], (game.id, job.options.lang, report.fallbacks[:5])
    assert len(LANGUAGES) == 4
