"""The components page (each component, its picture and its card's anatomy) and the card
gallery (every card's picture, drawn before the site is built)."""

from __future__ import annotations

import posixpath
from typing import Any, get_args

from starpress.core.model import ComponentKind
from starpress.site.blocks import section_md
from starpress.site.gamesite import GameSite
from starpress.site.markdown import Markdown, escape


def components_view(site: GameSite, page: str) -> dict[str, Any]:
    game = site.game
    rows = []
    for component in game.components:
        picture = next(
            (
                site.files.pictures[card.id]
                for card in game.cards_of(component.id)
                if card.id in site.files.pictures
            ),
            None,
        )
        image = Markdown("")
        if picture is not None:
            src = posixpath.relpath(picture.path, site.base)
            image = Markdown(f"![{escape(site.name(component.id))}]({src})")
        rows.append(
            {
                "id": component.id,
                "name": site.name(component.id),
                "count": component.count,
                "kind": component.kind,
                "size": component.size or "",
                "prototype": component.provenance == "prototype",
                "image": image,
            }
        )
    section = next((s for s in game.rules if s.id == f"{game.id}.rules.components"), None)
    details = section_md(site, section, page, 2, heading=False) if section else Markdown("")
    kinds = {kind: site.ui.gettext(kind) for kind in get_args(ComponentKind)}
    anatomies = [found for c in game.components if (found := site.anatomy(c)) is not None]
    return {"rows": rows, "details": details, "kinds": kinds, "anatomies": anatomies}


def cards_view(site: GameSite, page: str) -> dict[str, Any]:
    groups = []
    pictures = site.files.pictures
    for component in site.game.components:
        cards = site.game.cards_of(component.id)
        if any(card.id in pictures for card in cards) or (cards and site.files.gallery_missing):
            groups.append(
                {
                    "name": site.name(component.id),
                    "id": component.id,
                    "anatomy": site.anatomy(component),
                    "cards": [  # each card its anchor, with its picture once drawn
                        (
                            card.id,
                            site.name(card.id),
                            posixpath.relpath(pictures[card.id].path, site.base)
                            if card.id in pictures
                            else None,
                            card.count,
                        )
                        for card in cards
                        if card.id in pictures or site.files.gallery_missing
                    ],
                }
            )
    return {"groups": groups, "missing": site.files.gallery_missing}
