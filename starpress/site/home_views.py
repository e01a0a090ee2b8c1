"""A game's pages around its rules: its home (overview, credits, sources), its summary on
the site's home, its downloads (kits, rulebooks, quick references, with how to print them)
and the page for designers."""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from starpress.core import catalogs
from starpress.core.model import Source, SourceKind
from starpress.core.project import Project
from starpress.site import files as sitefiles
from starpress.site import markdown as sitetext
from starpress.site.files import Asset
from starpress.site.gamesite import GameSite, span
from starpress.site.markdown import Markdown, escape
from starpress.site.uitext import UiText, language_name

OWN_GAME_PAGE = "own-game.md"
"""The designer's walkthrough (docs/own-game.md), written in English: on the English site."""
AUTOMATON_PAGE = "automaton-language.md"
"""The automaton language taught in examples (docs/automaton-language.md): on the English
site, beside the walkthrough."""


def home_view(site: GameSite, page: str) -> dict[str, Any]:
    info = site.game.info
    context = site.context(page)
    sources = {source.id: source for source in info.sources}
    cover = site.files.cover
    return {
        "cover": posixpath.relpath(cover.path, site.base) if cover else None,
        "summary": site.untranslated([info.summary], sitetext.blocks(info.summary, context)),
        "players": span(info.players.min, info.players.max),
        "time": span(info.play_time.min, info.play_time.max),
        "most_minutes": info.play_time.max,  # a range takes the plural form of its top
        "source_language": language_name(info.source_language, site.lang),
        "variants": [
            {
                "link": site.link(v.id, page),
                "players": span(v.players.min, v.players.max),
                "most": v.players.max,
            }
            for v in info.variants
        ],
        "credits": [
            {
                "role": sitetext.line(credit.role, context),
                "names": credit.names,
                "source": cite(escape(sources[credit.source].title)),
                "note": sitetext.line(credit.note, context),
            }
            for credit in info.credits
        ],
        "sources": [_source_line(site, source, context) for source in info.sources],
        "notes": [sitetext.blocks(note.text, context) for note in info.notes],
    }


def _source_line(site: GameSite, source: Source, context: sitetext.Context) -> Markdown:
    """A source as the sources list shows it: its title (linked when it has an address),
    what it is, and its kind, all but the title in the page's language."""
    safe = sitetext.safe_url(source.url)
    title = sitetext.link(source.title, safe) if safe else escape(source.title)
    note = f" — {sitetext.line(source.note, context)}" if source.note else ""
    return Markdown(f"{cite(title)}{note} ({escape(source_kind(site.ui, source.kind))})")


def cite(title: Markdown) -> Markdown:
    """A work's title as a title (`<cite>`): a name in its own language, never translated."""
    return Markdown(f"<cite>{title}</cite>")


def source_kind(ui: UiText, kind: SourceKind) -> str:
    """What kind of source it is, in the page's language."""
    kinds = {
        "seed": ui.label("main source"),
        "official": ui.label("official"),
        "review": ui.label("review"),
        "community": ui.label("fan-made"),
    }
    return kinds[kind]


def designers_view(site: GameSite, page: str) -> dict[str, Any]:
    """For people writing the game's data: the markup of each icon."""
    icons = [
        {"html": site.icon(i.id), "name": site.icon_name(i.id), "markup": f":{i.id}:"}
        for i in site.game.icons
    ]
    has_guide = site.lang == "en" and Project(site.root).designer_guide.is_file()
    guide = sitetext.link("Your own game", f"../{OWN_GAME_PAGE}") if has_guide else None
    has_language = site.lang == "en" and Project(site.root).automaton_guide.is_file()
    language = (
        sitetext.link("The automaton language", f"../{AUTOMATON_PAGE}") if has_language else None
    )
    return {
        "icons": icons,
        "guide": guide is not None,
        "link_to_guide": guide,
        "language": language is not None,
        "link_to_language": language,
    }


def download(site: GameSite, asset: Asset) -> dict[str, Any]:
    """A file to download, with what its PDF says about printing it (pages, paper, size,
    single- or double-sided and which edge to flip, 100 % scale)."""
    facts = sitefiles.pdf_facts(asset.source)
    ui = site.ui
    if facts.pages > 1 and facts.duplex == "DuplexFlipLongEdge":
        advice = ui.gettext("Print double-sided, flipping on the long edge.")
    elif facts.pages > 1 and facts.duplex == "DuplexFlipShortEdge":
        advice = ui.gettext("Print double-sided, flipping on the short edge.")
    elif facts.pages == 1 or facts.duplex == "Simplex":
        advice = ui.gettext("Print single-sided.")
    else:
        advice = Markdown("")
    if facts.actual_size:
        scale = ui.gettext("At actual size (100 %), not fit to page.")
        advice = Markdown(f"{advice} {scale}")
    return {
        "name": Path(asset.path).name,
        "link": posixpath.relpath(asset.path, site.base),
        "pages": facts.pages,
        "paper": facts.paper,
        "size": file_size(facts.size, site.lang),
        "advice": Markdown(advice.strip()),
    }


def file_size(size: int, lang: str) -> str:
    """A file size in the language's way of writing numbers, kept on one line: 840 kB,
    1.2 MB."""
    from babel.units import format_unit

    locale = catalogs.locale_code(lang)
    if size < 1_000_000:
        shown = format_unit(max(1, round(size / 1000)), "digital-kilobyte", "short", locale=locale)
    else:
        shown = format_unit(size / 1_000_000, "digital-megabyte", "short", "#,##0.0", locale)
    return str(shown).replace(" ", "\N{NO-BREAK SPACE}")


def downloads_view(site: GameSite, page: str) -> dict[str, Any]:
    files = [download(site, asset) for asset in site.files.kits]
    rulebooks = [download(site, asset) for asset in site.files.rulebooks]
    quick_references = [download(site, asset) for asset in site.files.quick_references]
    return {
        "files": files,
        "missing": site.files.kits_missing,
        "rulebooks": rulebooks,
        "rulebooks_missing": site.files.rulebooks_missing,
        "quick_references": quick_references,
        "quick_references_missing": site.files.quick_references_missing,
        "pnp": sitetext.code("starpress pnp"),
    }


def game_summary(site: GameSite) -> dict[str, Any]:
    info = site.game.info
    return {
        "title": site.title,
        "tagline": sitetext.line(info.tagline, site.context("index.md")),
        "players": span(info.players.min, info.players.max),
        "most_players": info.players.max,  # a range takes the plural form of its top
        "time": span(info.play_time.min, info.play_time.max),
        "link": f"{site.game.id}/index.md",
        "cover": site.files.cover.path if site.files.cover else None,
    }
