"""A kit's manifest: every component of the game, its count in the box, whether the kit
must print it, and the faces and pages that print it (`starpress pnp GAME --manifest`).

Written as JSON beside the PDF (`<kit>.json`), so a playtest group can check the kit piece by
piece ("print everything for a playtest") and a test can read it back against the PDF.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starpress.core.atomic import write_atomic
from starpress.core.model import Game
from starpress.pnp.kit import KitOptions, KitReport, Placed
from starpress.pnp.layout import Templates

MANIFEST_VERSION = 1


def manifest_path(kit: Path) -> Path:
    """Where a kit's manifest goes: beside it, `<kit name>.json`."""
    return kit.with_suffix(".json")


def kit_manifest(
    game: Game, templates: Templates, options: KitOptions, report: KitReport
) -> dict[str, Any]:
    """The manifest of a built kit as JSON-ready data. `game` is in the kit's language.

    Each component lists its `count` in the box, `printed` (whether a kit must print it:
    `Game.printed`), `copies` (how many the kit prints: cards times pieces, counted on the
    sheet that shows each copy or piece first) and each card design printing it, with the
    pages of its fronts, backs and tiled sheets."""
    by_card: dict[str, list[Placed]] = {}
    for side in report.placed:
        by_card.setdefault(side.card, []).append(side)
    components = []
    for component in game.components:
        faces: list[dict[str, Any]] = []
        for card in game.cards_of(component.id):
            placed = by_card.get(card.id, [])
            fronts = [p for p in placed if p.side == "front" and not p.assembly]
            faces.append(
                {
                    "card": card.id,
                    "name": str(card.name) if card.name is not None else None,
                    "count": card.count,
                    "pieces": card.pieces.count if card.pieces else 1,
                    "copies": sum(p.counts for p in fronts),
                    "provenance": card.provenance,
                    "front_pages": sorted({p.page for p in fronts}),
                    "back_pages": sorted({p.page for p in placed if p.side == "back"}),
                    "sheets": [{"name": p.sheet, "page": p.page} for p in fronts if p.sheet],
                    "assembly_page": next((p.page for p in placed if p.assembly), None),
                    "layout": _layouts(templates, component.id, card.layout),
                }
            )
        components.append(
            {
                "id": component.id,
                "name": str(component.name),
                "kind": component.kind,
                "count": component.count,
                "provenance": component.provenance,
                "printed": game.printed(component),
                "copies": sum(int(face["copies"]) for face in faces),
                "faces": faces,
            }
        )
    return {
        "version": MANIFEST_VERSION,
        "game": game.id,
        "lang": options.lang,
        "paper": options.paper,
        "kit": report.path.name,
        "pages": report.pages,
        "components": components,
    }


def _layouts(templates: Templates, component_id: str, chosen: str | None) -> dict[str, Any]:
    """The layouts that draw a card's front and back (none: the kit does not print it)."""
    layouts = templates.components.get(component_id)
    if layouts is None:
        return {"front": None, "back": None}
    return {"front": chosen or layouts.front, "back": layouts.back}


def write_manifest(
    game: Game, templates: Templates, options: KitOptions, report: KitReport
) -> Path:
    """Write the manifest beside the kit; its path."""
    path = manifest_path(report.path)
    data = kit_manifest(game, templates, options, report)
    text = json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n"
    write_atomic(path, text.encode("utf-8"))
    return path


def shortfalls(manifest: dict[str, Any]) -> list[str]:
    """Every component a kit must print that it does not print `count` times, as lines."""
    return [
        f"{component['id']}: printed {component['copies']} of {component['count']}"
        for component in manifest["components"]
        if component["printed"] and component["copies"] != component["count"]
    ]
