"""The rules pages of a game: each rules section, the rules' index, the variants, the
glossary A–Z, the icons, the clarifications and the quick reference. One view function per
page, returning what its template (`templates/site/*.md.j2`) shows."""

from __future__ import annotations

import unicodedata
from typing import Any

from starpress.core.model import Game, Section
from starpress.core.text import CrossRef
from starpress.site import markdown as sitetext
from starpress.site.blocks import block_texts, blocks_md, section_md, steps_md
from starpress.site.bot_views import bot_view
from starpress.site.deck_views import deck_md
from starpress.site.gamesite import GameSite, span
from starpress.site.markdown import Markdown, escape


def rules_view(site: GameSite, section: Section, page: str) -> dict[str, Any]:
    structure = Markdown("")
    if section.id == site.gameplay and not section.steps:
        structure = Markdown(
            "\n".join(
                f"{number}. {site.link(child.id, page)}"
                for number, child in enumerate(section.sections, 1)
            )
        )
    return {"body": section_md(site, section, page, 1), "structure": structure}


def rules_index_view(site: GameSite, page: str) -> dict[str, Any]:
    """The rules section's own page: every rules page in reading order, with its parts."""
    entries = []
    for section in site.game.rules:
        if section.id in site.variant_rules or section.id == f"{site.game.id}.rules.components":
            continue
        entries.append(
            {
                "link": site.link(section.id, page),
                "parts": [site.link(child.id, page) for child in section.sections],
            }
        )
    return {"entries": entries}


def variant_view(site: GameSite, variant_id: str, page: str) -> dict[str, Any]:
    game = site.game
    variant = next(v for v in game.info.variants if v.id == variant_id)
    sections = site.variant_sections(variant.id)
    return {
        "name": site.name(variant.id),
        "summary": site.untranslated(
            [variant.summary], sitetext.blocks(variant.summary, site.context(page))
        ),
        "players": span(variant.players.min, variant.players.max),
        # a variant told by one rules section: the page's title names it already
        "body": Markdown(
            "\n\n".join(section_md(site, s, page, 2, len(sections) > 1) for s in sections)
        ),
        "deck": deck_md(site, variant_id, page),
        **bot_view(site, variant_id, page),
    }


def glossary_view(site: GameSite, page: str) -> dict[str, Any]:
    game = site.game
    context = site.context(page)
    backlinks = _backlinks(game)
    entries = []
    for entry in sorted(game.glossary, key=lambda e: sort_key(site.name(e.id))):
        short = sitetext.line(entry.short, context)
        body = blocks_md(site, entry, page)
        text = Markdown(f"*{short}*\n\n{body}".strip() if short else body)
        entries.append(
            {
                "id": entry.id,
                "term": site.name(entry.id),
                "letter": sort_key(site.name(entry.id))[:1].upper(),
                "text": site.untranslated([entry.short, *block_texts(entry)], text),
                "related": [site.link(t, page) for t in entry.related],
                "backlinks": [
                    site.link(t, page)
                    for t in backlinks.get(entry.id, [])
                    if t not in entry.related
                ],
            }
        )
    letters = sorted({str(entry["letter"]) for entry in entries})
    return {"entries": entries, "letters": letters}


def icons_view(site: GameSite, page: str) -> dict[str, Any]:
    """Each icon with its name and what it means in play (a note where not translated)."""
    context = site.context(page)
    icons = []
    for icon in site.game.icons:
        meaning = sitetext.line(icon.meaning, context) if icon.meaning else Markdown("")
        icons.append(
            {"html": site.icon(icon.id), "name": site.icon_name(icon.id), "meaning": meaning}
        )
    untranslated = [
        icon.meaning for icon in site.game.icons if icon.meaning and icon.meaning.fallback
    ]
    return {"icons": icons, "note": site.untranslated(untranslated, Markdown(" ")).strip()}


def clarifications_view(site: GameSite, page: str) -> dict[str, Any]:
    context = site.context(page)
    items = []
    for item in site.game.clarifications:
        texts = [item.source_says, item.resolution]
        items.append(
            {
                "id": item.id,
                "title": site.name(item.id),
                "says": sitetext.line(item.source_says, context),
                "resolution": sitetext.line(item.resolution, context),
                "note": site.untranslated(texts, Markdown(" ")).strip(),
                "rules": [site.link(rule, page) for rule in item.rules],
            }
        )
    return {"items": items}


def quick_reference_view(site: GameSite, page: str) -> dict[str, Any]:
    game = site.game
    context = site.context(page)
    setup = next((s for s in game.rules if s.id == f"{game.id}.rules.setup"), None)
    play = next((s for s in game.rules if s.id == site.gameplay), None)

    def outline(section: Section | None) -> Markdown:
        if section is None:
            return Markdown("")
        if section.steps:
            return steps_md(site, section.steps, page)
        return Markdown(
            "\n".join(
                f"{n}. {escape(site.name(child.id))}" for n, child in enumerate(section.sections, 1)
            )
        )

    terms = [
        (site.name(e.id), sitetext.line(e.short, context))
        for e in sorted(game.glossary, key=lambda e: sort_key(site.name(e.id)))
    ]
    return {
        "setup": outline(setup),
        "play": outline(play),
        "terms": terms,
        "components": [(c.count, site.name(c.id)) for c in game.components],
        "icons": [(site.icon(i.id), site.icon_name(i.id)) for i in game.icons],
    }


def _backlinks(game: Game) -> dict[str, list[str]]:
    """For each glossary term, the terms and sections that point at it."""
    links: dict[str, list[str]] = {}
    for entry in game.glossary:
        for target in entry.related:
            links.setdefault(target, []).append(entry.id)
    for section in game.sections():
        for text in [section.body, section.after, *section.items]:
            for token in text.tokens if text else ():
                if not isinstance(token, CrossRef):
                    continue
                if token.target.startswith(f"{game.id}.glossary.") and section.id not in links.get(
                    token.target, []
                ):
                    links.setdefault(token.target, []).append(section.id)
    return links


def sort_key(term: str) -> str:
    """A–Z order that ignores accents and leading punctuation (¡, «)."""
    plain = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return plain.lstrip("".join(c for c in plain if not c.isalnum())).lower() or term.lower()
