"""Print-shop PNGs and Tabletop Simulator decks, checked from the files written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from starpress.pnp.build import plan, run
from starpress.pnp.kit import KitOptions
from tests.conftest import build
from tests.pdfread import open_pdf


def export(
    project: Path, png: bool = False, tts: bool = False, tts_url: str | None = None
) -> list[Path]:
    jobs = plan(project, ["demo"], "source", KitOptions(lang="en"))
    return run(project, jobs, project / "out", png=png, tts=tts, tts_url=tts_url).exports


def test_print_shop_pngs_are_825_by_1125_for_poker(kit_project: Path) -> None:
    paths = export(kit_project, png=True)
    names = sorted(path.name for path in paths)
    assert names == [
        "demo.card.ace-front.png",
        "demo.card.king-back.png",
        "demo.card.king-front.png",
        "demo.component.card-back.png",
    ]
    for path in paths:
        image = Image.open(path)
        assert image.size == (825, 1125) and image.mode == "RGB"
        assert round(image.info["dpi"][0]) == 300


def test_tts_sheets_and_saved_object(kit_project: Path) -> None:
    paths = export(kit_project, tts=True)
    sheet = Image.open(next(p for p in paths if p.name == "demo-en-card-1.png"))
    assert sheet.mode == "RGB" and max(sheet.size) <= 4096
    # 10 cards + the hidden-card slot = 11 slots: 10 columns, 2 rows
    width, height = sheet.size
    assert (width % 10, height % 2) == (0, 0)
    card_w, card_h = width // 10, height // 2
    assert abs(card_h / card_w - 88.9 / 63.5) < 0.01
    backs = Image.open(next(p for p in paths if p.name == "demo-en-card-1-backs.png"))
    assert backs.size == sheet.size  # the king has its own back: TTS needs a back sheet
    saved = json.loads(next(p for p in paths if p.suffix == ".json").read_text())
    (deck,) = saved["ObjectStates"]
    assert deck["Name"] == "DeckCustom" and len(deck["DeckIDs"]) == 10
    (custom,) = deck["CustomDeck"].values()
    assert (custom["NumWidth"], custom["NumHeight"]) == (10, 2)
    assert custom["BackIsHidden"] is True and custom["UniqueBack"] is True
    assert deck["DeckIDs"][:2] == [1000, 1001]
    # sheets named relative to the JSON's folder: no path of the machine that built them
    folder = next(p for p in paths if p.suffix == ".json").parent
    for url in (custom["FaceURL"], custom["BackURL"]):
        assert "/" not in url and ":" not in url and (folder / url).is_file()
    assert str(folder) not in json.dumps(saved) and "file:" not in json.dumps(saved)


def test_tts_sheets_under_an_upload_address(kit_project: Path) -> None:
    paths = export(kit_project, tts=True, tts_url="https://example.org/decks/demo/")
    saved = json.loads(next(p for p in paths if p.suffix == ".json").read_text())
    (deck,) = saved["ObjectStates"]
    (custom,) = deck["CustomDeck"].values()
    assert custom["FaceURL"] == "https://example.org/decks/demo/demo-en-card-1.png"
    assert custom["BackURL"] == "https://example.org/decks/demo/demo-en-card-1-backs.png"


def test_ink_saver_drops_full_bleed_fills(kit_project: Path) -> None:
    normal = open_pdf(build(kit_project))
    saver = open_pdf(build(kit_project, ink_saver=True))

    # the front background is a full-bleed fill #f0e8d8 = 0.941 0.910 0.847 rg
    def uses_background(doc: object) -> bool:
        return any(
            b".941176 .909804 .847059 rg" in doc.xref_stream(xref)  # type: ignore[attr-defined]
            for xref in range(1, doc.xref_length())  # type: ignore[attr-defined]
            if doc.xref_is_stream(xref)  # type: ignore[attr-defined]
        )

    assert uses_background(normal) and not uses_background(saver)


def test_gallery_pictures_are_drawn_once_per_face_key(
    kit_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second gallery of the same cards draws nothing and writes the same bytes; after an
    edit, only the edited card is drawn again."""
    from starpress.core.load import load_games
    from starpress.pnp import export as exporter
    from starpress.pnp.layout import load_templates

    drawn: list[str] = []
    rasterise = exporter._rasterise

    def counting(source: Any, found: list[Any], *rest: Any) -> list[Path]:
        drawn.extend(design.face.card.id for design in found)
        return rasterise(source, found, *rest)

    monkeypatch.setattr(exporter, "_rasterise", counting)

    def gallery(out: str, store: Path | None) -> dict[str, bytes]:
        game = load_games(kit_project, ["demo"])["demo"]
        folder = kit_project / "content" / "demo"
        source = exporter.Source(game, load_templates(kit_project, game), folder)
        found = exporter.export_gallery(source, kit_project / out, 40, store, "en")
        return {card: path.read_bytes() for card, path in found.items()}

    store = kit_project / "store"
    plain = gallery("plain", None)
    first = gallery("first", store)
    assert drawn == ["demo.card.ace", "demo.card.king"] * 2
    drawn.clear()
    assert gallery("again", store) == first == plain and drawn == []
    cards = kit_project / "content" / "demo" / "cards.yaml"
    cards.write_text(cards.read_text().replace("Draw a card.", "Draw two cards."))
    edited = gallery("edited", store)
    assert drawn == ["demo.card.king"]
    assert edited["demo.card.ace"] == first["demo.card.ace"]
    assert edited["demo.card.king"] != first["demo.card.king"]


def test_a_gallery_drawn_from_the_same_sources_is_not_drawn_again(
    kit_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`site build` draws a language's gallery only when its content, catalog, layouts,
    pictures or drawing code changed since the last time."""
    from starpress.cli import site_inputs as site_files

    manifest = site_files.draw_gallery(kit_project, "demo", "en")
    names = json.loads(manifest.read_text())
    assert sorted(names) == ["demo.card.ace", "demo.card.king"]

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("drawn again")

    monkeypatch.setattr(site_files, "export_gallery", refuse)
    assert site_files.draw_gallery(kit_project, "demo", "en") == manifest
    layout = kit_project / "templates" / "cards" / "demo.yaml"
    layout.write_text(layout.read_text().replace("#f0e8d8", "#f0e8d9"))
    with pytest.raises(AssertionError, match="drawn again"):
        site_files.draw_gallery(kit_project, "demo", "en")
