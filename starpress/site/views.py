"""The rules site's pages for one language: view functions feeding `templates/site/*.md.j2`.

The MkDocs hook (`site/hooks/starpress_pages.py`) asks this module for every page, asset
and the nav; nothing here runs MkDocs or builds a kit. Each page has one view function that
returns plain data (escaped by the template environment) and `Markdown` fragments made by
`starpress.site.markdown`. Page paths come from stable ids, never from translated titles, so the
same page has the same path in every language and the language selector keeps the reader
where they are.
"""

from __future__ import annotations

import contextlib
import html
import io
import json
import posixpath
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any, get_args
from xml.etree import ElementTree

import yaml
from babel import Locale
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from starpress.core import catalogs
from starpress.core.i18n import localize
from starpress.core.load import load_games
from starpress.core.model import (
    LANGUAGES,
    Blocks,
    Component,
    ComponentKind,
    Game,
    Section,
    Step,
    Table,
    all_texts,
)
from starpress.core.project import Project
from starpress.core.svg import sanitized_svg
from starpress.core.text import CrossRef, Text
from starpress.site import config as siteconfig
from starpress.site import files as sitefiles
from starpress.site import look as sitelook
from starpress.site import markdown as sitetext
from starpress.site import messages as site_messages
from starpress.site.anatomy import anatomy_svg
from starpress.site.files import Asset
from starpress.site.jinjacache import keep_compiled
from starpress.site.markdown import Markdown, escape

Nav = list[Any]


@dataclass(frozen=True)
class Page:
    """A generated Markdown page, by its path in the language's site."""

    path: str
    text: str


@dataclass
class Site:
    """Every page, asset and the nav of one language, and each game's look."""

    lang: str
    pages: list[Page] = field(default_factory=list)
    assets: list[Asset] = field(default_factory=list)
    nav: Nav = field(default_factory=list)
    styles: str = ""
    """The games' accent style sheet (`starpress.site.look`), served as `games.css`."""
    games: list[str] = field(default_factory=list)
    """The game ids: the first folder of a game's page paths."""

    def game_of(self, page_path: str) -> str | None:
        """The game a page belongs to (by its path), for `<body data-sp-game>`."""
        first = page_path.split("/", 1)[0]
        return first if first in self.games and "/" in page_path else None


def language_name(lang: str, in_lang: str | None = None) -> str:
    """A language's own name (or its name in `in_lang`), from Babel's CLDR data."""
    locale = Locale.parse(lang.replace("-", "_"))
    name = locale.get_display_name(Locale.parse((in_lang or lang).replace("-", "_")))
    return str(name[:1].upper() + name[1:]) if name else lang


@cache
def ui_translations(root: Path, lang: str) -> NullTranslations:
    """The site's UI strings (English msgids) in a language, from templates/locale/."""
    path = catalogs.ui_catalog_path(root, lang)
    if lang == "en" or not path.is_file():
        return NullTranslations()
    catalog = catalogs.read_catalog(path, lang)  # the one strict reader
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer)


def site_title(root: Path, lang: str) -> str:
    """The site's own title (`site/site.yaml`) in a language, through the UI catalogs."""
    return str(ui_translations(root, lang).gettext(siteconfig.resolve(root).title))


# -- the template environment: the escaping half of the boundary --------------------------


class UiText:
    """The UI catalog as template functions: a catalog string is text, never markup.

    The translated string is escaped first, then its `%(name)s` placeholders are filled with
    values that are escaped too unless they are `Markdown` fragments of ours.
    """

    def __init__(self, translations: NullTranslations) -> None:
        self.translations = translations

    def gettext(self, message: str, **values: object) -> Markdown:
        return _fill(self.translations.gettext(message), values)

    def label(self, message: str) -> str:
        """A catalog string as plain text, for labels MkDocs' theme shows (the nav)."""
        return str(self.translations.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> Markdown:
        return _fill(self.translations.ngettext(singular, plural, n), {"num": n, **values})


def _fill(message: str, values: dict[str, object]) -> Markdown:
    filled = str(escape(message))
    for name, value in values.items():
        for kind in "sd":
            filled = filled.replace(escape(f"%({name}){kind}"), escape(value))
    return Markdown(filled)


def environment(root: Path, lang: str) -> Environment:
    """Jinja for Markdown pages: every `{{ }}` value escaped unless it is `Markdown`."""
    env = Environment(
        loader=FileSystemLoader(Project(root).page_templates),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # Markdown, not HTML: `finalize` escapes for Markdown and HTML at once
        finalize=escape,
    )
    ui = UiText(ui_translations(root, lang))
    env.globals.update(
        _=ui.gettext,
        gettext=ui.gettext,
        ngettext=ui.ngettext,
        code=sitetext.code,
        url=sitetext.url,
        ident=sitetext.ident,
        anchor=lambda record_id: Markdown(f'<span id="{sitetext.ident(record_id)}"></span>'),
        attr=lambda value: Markdown(sitetext.attr(value)),
        verbatim=sitetext.verbatim,
    )
    env.filters["indent"] = lambda value, width=4, first=False: sitetext.indent(
        escape(value), width, first
    )
    env.filters["join"] = lambda values, separator="": sitetext.join(values, separator)
    return keep_compiled(root, env)


# -- one game in one language ---------------------------------------------------------------


class GameSite:
    """Where each record of a localised game lives, and how to link and draw on a page."""

    def __init__(self, root: Path, game: Game, lang: str, gameplay: str | None) -> None:
        self.root = root
        self.game = game
        self.lang = lang
        self.gameplay = gameplay
        self.base = game.id
        self.titles: dict[str, Text] = game.ids()
        self.variant_rules = {rule for variant in game.info.variants for rule in variant.rules}
        self.pages_of, self.tops = self._page_index()
        folder = Project(root).game_folder(game.id)
        self.svgs = {icon.id: sanitized_svg(folder / icon.file, folder) for icon in game.icons}
        self.ui = UiText(ui_translations(root, lang))
        self.files = sitefiles.site_files(root, game.id, lang)

    @property
    def title(self) -> str:
        localised: str | None = self.game.info.titles.get(self.lang)  # type: ignore[call-overload]
        return localised or self.game.info.title

    def context(self, page: str) -> sitetext.Context:
        return sitetext.Context(self.titles, lambda target: self.href(target, page), self.icon)

    def name(self, record_id: str) -> str:
        return sitetext.title_of(record_id, self.titles)

    def href(self, target: str, page: str) -> str:
        """A relative link from `page` to the page and anchor holding `target`."""
        holder = self.pages_of[target]
        relative = posixpath.relpath(holder, posixpath.dirname(page) or ".")
        return relative if target in self.tops else f"{relative}#{target}"

    def link(self, target: str, page: str) -> Markdown:
        return sitetext.link(self.name(target), self.href(target, page))

    def icon(self, icon_id: str) -> Markdown:
        """The sanitised SVG with the icon's name, in the page language, as its alt text."""
        name = str(self.game.icon_names.get(icon_id, icon_id))
        svg = ElementTree.fromstring(self.svgs[icon_id])
        for element in svg.iter():  # inline in HTML: plain names, no namespace prefixes
            element.tag = element.tag.rsplit("}", 1)[-1]
        labelled = {"class": "sp-icon", "role": "img", "aria-label": " ".join(name.split())}
        svg.attrib = {**labelled, **svg.attrib}
        title = ElementTree.Element("title")
        title.text = sitetext.escape_punctuation(name)
        svg.insert(0, title)
        return Markdown(ElementTree.tostring(svg, encoding="unicode"))

    @property
    def playable(self) -> bool:
        """Whether the game has a Play page: its bot's page data is in the build tree
        (written before the site is built, for a bot whose program ships with starpress)."""
        return Project(self.root).play_data(self.game.id, self.lang).is_file()

    @cached_property
    def anatomy_plans(self) -> dict[str, Any]:
        """Where each card layout's boxes are (`pnp.anatomy.anatomy_plan`, written into
        the build tree before the site is built); none when it was not written."""
        path = Project(self.root).anatomy_file(self.game.id)
        plans: dict[str, Any] = json.loads(path.read_text("utf-8")) if path.is_file() else {}
        return plans

    def anatomy(self, component: Component) -> Markdown | None:
        """A card's front layout with each box that prints its data labelled in the page's
        language (`starpress.site.anatomy`), for cards and aids that have a layout."""
        plan = self.anatomy_plans.get(component.id)
        if plan is None or component.kind not in ANATOMY_KINDS:
            return None
        if not self.game.cards_of(component.id):
            return None
        title = self.ui.label("Anatomy of a card: %(name)s")
        title = title.replace("%(name)s", self.name(component.id))  # plain text: SVG escapes
        labels = site_messages.anatomy_labels(self.root)
        svg = anatomy_svg(
            plan, title, lambda field: self.ui.label(labels[field]) if field in labels else field
        )
        caption = html.escape(title)
        return Markdown(
            f'<figure class="sp-anatomy">{svg}<figcaption>{caption}</figcaption></figure>'
        )

    def icon_name(self, icon_id: str) -> Text:
        return self.game.icon_names.get(icon_id) or Text(icon_id)

    def untranslated(self, texts: list[Text], body: Markdown) -> Markdown:
        """`body` inside a visible note when any of its texts fell back to the source."""
        if not body.strip() or not any(text.fallback for text in texts):
            return body
        language = language_name(self.game.info.source_language, self.lang)
        title = self.ui.gettext(
            "Not yet translated: original text in %(language)s", language=language
        )
        return sitetext.note("note", title, body)

    def _page_index(self) -> tuple[dict[str, str], set[str]]:
        """Which page holds each record, and which records are the top of their page."""
        base, game = self.base, self.game
        pages: dict[str, str] = {}
        tops: set[str] = set()
        for section in game.rules:
            if section.id in self.variant_rules:
                variant = next(v for v in game.info.variants if section.id in v.rules)
                path = variant_path(base, variant.id)
            elif section.id == f"{game.id}.rules.components":
                path = f"{base}/components.md"
            else:
                path = f"{base}/rules/{section.id.split('.rules.', 1)[1]}.md"
                tops.add(section.id)
            for inner in section.walk():
                pages[inner.id] = path
        for entry in game.glossary:
            pages[entry.id] = f"{base}/glossary.md"
        for component in game.components:
            pages[component.id] = f"{base}/components.md"
        for clarification in game.clarifications:
            pages[clarification.id] = f"{base}/clarifications.md"
        for variant in game.info.variants:
            pages[variant.id] = variant_path(base, variant.id)
            tops.add(variant.id)
        for card in game.cards:
            pages[card.id] = f"{base}/cards.md"
        return pages, tops


ANATOMY_KINDS = ("card", "aid")
"""Components whose front gets an anatomy picture."""


def variant_path(base: str, variant_id: str) -> str:
    return f"{base}/{variant_id.rsplit('.', 1)[-1]}.md"


# -- blocks of rules text -------------------------------------------------------------------


def block_texts(record: Blocks) -> list[Text]:
    """The texts shown in a record's body, lists, steps, tables and closing text."""
    return all_texts([record.body, record.items, record.steps, record.tables, record.after])


def blocks_md(site: GameSite, record: Blocks, page: str) -> Markdown:
    context = site.context(page)
    parts = [sitetext.blocks(record.body, context)]
    if record.items:
        parts.append(
            Markdown("\n".join(f"- {sitetext.line(item, context)}" for item in record.items))
        )
    if record.steps:
        parts.append(steps_md(site, record.steps, page))
    parts.extend(table_md(site, table, page) for table in record.tables)
    parts.append(sitetext.blocks(record.after, context))
    return Markdown("\n\n".join(part.strip() for part in parts if part.strip()))


def steps_md(site: GameSite, steps: list[Step], page: str, depth: int = 0) -> Markdown:
    """Numbered steps; a labelled step shows its label (a localised text) in bold."""
    context = site.context(page)
    lines = []
    for number, step in enumerate(steps, 1):
        body = sitetext.indent(sitetext.blocks(step.text, context), 4, first=False)
        marker = f"{number}." if step.label is None else "-"
        label = f"**{sitetext.line(step.label, context)}\\.** " if step.label else ""
        lines.append(sitetext.indent(Markdown(f"{marker} {label}{body}"), 4 * depth))
        if step.steps:
            lines.append(steps_md(site, step.steps, page, depth + 1))
    return Markdown("\n".join(lines))


def table_md(site: GameSite, table: Table, page: str) -> Markdown:
    context = site.context(page)
    head = [sitetext.line(column, context) for column in table.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in table.rows:
        lines.append("| " + " | ".join(sitetext.line(cell, context) for cell in row) + " |")
    caption = sitetext.line(table.caption, context)
    return Markdown((f"*{caption}*\n\n" if caption else "") + "\n".join(lines))


def section_md(
    site: GameSite, section: Section, page: str, level: int, top: bool = True
) -> Markdown:
    parts = []
    if top or level > 1:
        heading = "#" * min(level, 6)
        parts.append(
            f'{heading} {escape(site.name(section.id))} {{: id="{sitetext.ident(section.id)}" }}'
        )
    parts.append(site.untranslated(block_texts(section), blocks_md(site, section, page)))
    parts.extend(section_md(site, child, page, level + 1) for child in section.sections)
    return Markdown("\n\n".join(part for part in parts if part))


# -- one view per page ---------------------------------------------------------------------


def home_view(site: GameSite, page: str) -> dict[str, Any]:
    info = site.game.info
    context = site.context(page)
    sources = {source.id: source for source in info.sources}
    cover = site.files.cover
    return {
        "cover": posixpath.relpath(cover.path, site.base) if cover else None,
        "summary": site.untranslated([info.summary], sitetext.blocks(info.summary, context)),
        "players": _range(info.players.min, info.players.max),
        "time": _range(info.play_time.min, info.play_time.max),
        "source_language": language_name(info.source_language, site.lang),
        "variants": [
            (site.link(v.id, page), _range(v.players.min, v.players.max)) for v in info.variants
        ],
        "credits": [
            {
                "role": sitetext.line(credit.role, context),
                "names": credit.names,
                "source": sources[credit.source].title,
                "note": sitetext.line(credit.note, context),
            }
            for credit in info.credits
        ],
        "sources": [_source_link(source.title, source.url, source.kind) for source in info.sources],
        "notes": [sitetext.blocks(note.text, context) for note in info.notes],
    }


def _source_link(title: str, url: str | None, kind: str) -> Markdown:
    safe = sitetext.safe_url(url)
    shown = sitetext.link(title, safe) if safe else escape(title)
    return Markdown(f"{shown} ({escape(kind)})")


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
    details = section_md(site, section, page, 2, top=False) if section else Markdown("")
    kinds = {kind: site.ui.gettext(kind) for kind in get_args(ComponentKind)}
    anatomies = [found for c in game.components if (found := site.anatomy(c)) is not None]
    return {"rows": rows, "details": details, "kinds": kinds, "anatomies": anatomies}


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
    sections = [s for s in game.rules if s.id in variant.rules]
    automa = game.automa
    commands = []
    command = f"starpress automa {game.id}"
    if automa is not None and automa.variant == variant_id:
        levels = getattr(automa, "levels", None) or {}
        default = getattr(automa, "default_level", None) or next(iter(levels), None)
        level = f" --level {default}" if default else ""
        commands = [f"{command} play{level} --lang {site.lang}", f"{command} simulate --games 1000"]
    elif automa is not None and variant_id in automa.pages:  # another variant of the bot
        options = automa.pages[variant_id]
        play = "".join(f" --{name} {value}" for name, value in options.play.items())
        charts = "".join(f" --{name} {value}" for name, value in options.charts.items())
        commands = [
            f"{command} play{play} --lang {site.lang}",
            f"{command} simulate{charts} --games 1000",
        ]
    return {
        "name": site.name(variant.id),
        "summary": site.untranslated(
            [variant.summary], sitetext.blocks(variant.summary, site.context(page))
        ),
        "players": _range(variant.players.min, variant.players.max),
        "commands": commands,
        "prototype": automa is not None and automa.provenance == "prototype",
        "body": Markdown("\n\n".join(section_md(site, s, page, 2) for s in sections)),
        "play": play_link(site, page) if commands and site.playable else None,
        "charts": bot_charts_view(site, page, variant_id) if commands else [],
        "charts_missing": site.files.bot_charts_missing if commands else None,
    }


def bot_charts_view(site: GameSite, page: str, variant_id: str) -> list[dict[str, Any]]:
    """The bot's simulation charts (`automa.sim.site_charts`) for this variant's page, by
    setting, in manifest order."""
    settings: dict[str, dict[str, Any]] = {}
    folder = posixpath.dirname(page) or "."
    for chart in site.files.bot_charts:
        if chart.page != variant_id:
            continue
        option = " ".join(f"--{name} {value}" for name, value in chart.params.items())
        setting = settings.setdefault(
            option,
            {"option": option, "games": chart.games, "seed": chart.seed, "charts": []},
        )
        src = posixpath.relpath(chart.asset.path, folder)
        setting["charts"].append({"kind": chart.kind, "player": chart.player, "src": src})
    return list(settings.values())


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


def designers_view(site: GameSite, page: str) -> dict[str, Any]:
    """For people writing the game's data: the markup of each icon."""
    icons = [
        {"html": site.icon(i.id), "name": site.icon_name(i.id), "markup": f":{i.id}:"}
        for i in site.game.icons
    ]
    has_guide = site.lang == "en" and (site.root / "docs" / OWN_GAME_PAGE).is_file()
    guide = sitetext.link("Your own game", f"../{OWN_GAME_PAGE}") if has_guide else None
    return {"icons": icons, "guide": guide is not None, "link_to_guide": guide}


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


# -- the pages of a game, and the site ------------------------------------------------------


def game_pages(site: GameSite, env: Environment) -> tuple[list[Page], Nav]:
    game, base, ui = site.game, site.base, site.ui
    pages: list[Page] = []
    nav: Nav = []

    def render(template: str, path: str, view: dict[str, Any]) -> Page:
        text = env.get_template(template).render(
            game=game, title=site.title, lang=site.lang, **view
        )
        return Page(path, text)

    def add(
        label: str, template: str, path: str, view: Callable[[GameSite, str], dict[str, Any]]
    ) -> None:
        pages.append(render(template, path, view(site, path)))
        nav.append({sitetext.nav_label(label): path})

    add(ui.label("Overview"), "game_home.md.j2", f"{base}/index.md", home_view)
    add(ui.label("Components"), "components.md.j2", f"{base}/components.md", components_view)
    rules_index = f"{base}/rules/index.md"
    pages.append(render("rules_index.md.j2", rules_index, rules_index_view(site, rules_index)))
    rules_nav: Nav = [rules_index]  # the section's own page (Material's navigation.indexes)
    for section in game.rules:
        if section.id in site.variant_rules or section.id == f"{game.id}.rules.components":
            continue
        path = site.pages_of[section.id]
        pages.append(render("rules.md.j2", path, rules_view(site, section, path)))
        if section.id == f"{game.id}.rules.setup":
            nav.append({sitetext.nav_label(ui.label("Setup")): path})
        elif section.id == site.gameplay:
            nav.append({sitetext.nav_label(ui.label("Gameplay")): path})
        else:
            rules_nav.append({sitetext.nav_label(site.name(section.id)): path})
    nav.append({sitetext.nav_label(ui.label("Rules")): rules_nav})
    add(ui.label("Glossary A–Z"), "glossary.md.j2", f"{base}/glossary.md", glossary_view)
    add(ui.label("Icons"), "icons.md.j2", f"{base}/icons.md", icons_view)
    for variant in game.info.variants:
        path = variant_path(base, variant.id)
        pages.append(render("variant.md.j2", path, variant_view(site, variant.id, path)))
        nav.append({sitetext.nav_label(site.name(variant.id)): path})
    add(
        ui.label("Clarifications"),
        "clarifications.md.j2",
        f"{base}/clarifications.md",
        clarifications_view,
    )
    add(
        ui.label("Quick reference"),
        "quick_reference.md.j2",
        f"{base}/quick-reference.md",
        quick_reference_view,
    )
    add(ui.label("Card gallery"), "cards.md.j2", f"{base}/cards.md", cards_view)
    add(ui.label("Downloads"), "downloads.md.j2", f"{base}/downloads.md", downloads_view)
    add(ui.label("For designers"), "designers.md.j2", f"{base}/designers.md", designers_view)
    if site.playable:
        add(ui.label("Play in the browser"), "play.md.j2", f"{base}/{PLAY_PAGE}", play_view)
    return pages, nav


PLAY_PAGE = "play.md"
"""A game's Play page (its bot in the browser), beside `play.json`, the page's data."""
PLAY_FILES = "play"
"""The site's folder of what every Play page shares (`starpress.site.play`): Pyodide, the
bots' code, the page's script; the service worker is `sw.js` at the site's top."""


def play_link(site: GameSite, page: str) -> Markdown:
    """A link from `page` to the game's Play page."""
    target = posixpath.relpath(f"{site.base}/{PLAY_PAGE}", posixpath.dirname(page))
    return sitetext.link(site.ui.label("Play in the browser"), target)


def play_view(site: GameSite, page: str) -> dict[str, Any]:
    """The Play page: the bot's settings to start a game with, and where its data is."""
    automa = site.game.automa
    assert automa is not None
    # to the site's top: the page's URL is a folder below its Markdown path, and each
    # language's site is a folder of the whole site (build/site/<lang>/)
    up = "../" * (page.count("/") + 2)
    texts = {
        "loading": site.ui.label("Loading the game engine…"),
        "failed": site.ui.label("The game engine could not start:"),
        "new": site.ui.label("New game"),
        "seed": site.ui.label("Seed (blank: random)"),
        "start": site.ui.label("Start"),
        "undo": site.ui.label("Undo"),
        "status": site.ui.label("Status"),
        "download": site.ui.label("Download the log"),
        "load": site.ui.label("Load a log"),
        "answer": site.ui.label("Answer"),
        "typed": site.ui.label("Your answer"),
        "over": site.ui.label("The game is over. Download its log, or start a new game."),
        "level": site.ui.label("Level"),
        "variant": site.ui.label("Variant"),
        "seats": site.ui.label("Seats"),
        "automata": site.ui.label("Automata"),
        "opponent": site.ui.label("Opponent"),
    }
    return {
        "prototype": automa.provenance == "prototype",
        "texts": json.dumps(texts, ensure_ascii=False),
        "data": "../play.json",
        "shared": f"{up}{PLAY_FILES}/",
        "worker": f"{up}sw.js",
        "storage": f"starpress-play-{site.game.id}",
        "command": f"starpress automa {site.game.id} replay",
        "variant": site.link(automa.variant, page) if automa.variant in site.pages_of else "",
    }


def play_data(site: GameSite) -> Page:
    """The Play page's data (the bots' own, `automa.web.data`, written into the build tree
    before the site is built), with a link to every rule from the page."""
    page = f"{site.base}/{PLAY_PAGE}"
    data = json.loads(Project(site.root).play_data(site.game.id, site.lang).read_text("utf-8"))
    data["rules"] = {target: _url(site.href(target, page)) for target in site.pages_of}
    return Page(f"{site.base}/play.json", json.dumps(data, ensure_ascii=False))


def _url(href: str) -> str:
    """A relative Markdown link as the built page's URL resolves it (`rules/x.md#a` from
    `play.md` is `../rules/x/#a`: each page is a folder)."""
    path, _, anchor = href.partition("#")
    folder = (
        path.removesuffix("index.md")
        if path.endswith("index.md")
        else path.removesuffix(".md") + "/"
    )
    return f"../{folder}" + (f"#{anchor}" if anchor else "")


def game_summary(site: GameSite) -> dict[str, Any]:
    info = site.game.info
    return {
        "title": site.title,
        "tagline": sitetext.line(info.tagline, site.context("index.md")),
        "players": _range(info.players.min, info.players.max),
        "time": _range(info.play_time.min, info.play_time.max),
        "link": f"{site.game.id}/index.md",
        "cover": site.files.cover.path if site.files.cover else None,
    }


OWN_GAME_PAGE = "own-game.md"
"""The designer's walkthrough (docs/own-game.md), written in English: on the English site."""


_PRELOADED: dict[Path, dict[str, Game]] = {}
_PALETTES: dict[Path, Mapping[str, Mapping[str, str]]] = {}


@contextlib.contextmanager
def preloaded(
    root: Path,
    games: dict[str, Game] | None = None,
    palettes: Mapping[str, Mapping[str, str]] | None = None,
) -> Iterator[None]:
    """The games (and their card palettes, when given) read once for the language builds
    `starpress.site.build` forks meanwhile: `build_site` in them uses these instead of
    reading the files again. `games`: already read by the caller."""
    key = root.resolve()
    _PRELOADED[key] = games if games is not None else load_games(root)
    _PALETTES[key] = palettes or {}
    try:
        yield
    finally:
        del _PRELOADED[key], _PALETTES[key]


def preloaded_games(root: Path) -> list[Game]:
    """The games `preloaded` read (inside it)."""
    return list(_PRELOADED[root.resolve()].values())


def build_site(root: Path, lang: str) -> Site:
    """All pages of one language, reading the kits and pictures built beforehand."""
    settings = yaml.safe_load(Project(root).site_games.read_text("utf-8"))
    games = _PRELOADED.get(root.resolve()) or load_games(root)
    order = [game_id for game_id in settings["order"] if game_id in games]
    order += sorted(set(games) - set(order))
    env = environment(root, lang)
    site = Site(lang)
    summaries = []
    for game_id in order:
        game_site = GameSite(
            root, localize(root, games[game_id], lang), lang, settings["gameplay"].get(game_id)
        )
        site.assets.extend(game_site.files.assets())
        pages, nav = game_pages(game_site, env)
        site.pages.extend(pages)
        if game_site.playable:
            site.pages.append(play_data(game_site))
        site.nav.append({sitetext.nav_label(game_site.title): nav})
        summaries.append(game_summary(game_site))
        site.games.append(game_id)
    palettes = _PALETTES.get(root.resolve(), {})
    site.styles = sitelook.stylesheet(sitelook.accents(root, palettes))
    home = env.get_template("site_home.md.j2").render(
        site_title=site_title(root, lang),
        games=summaries,
        languages=[(code, language_name(code)) for code in LANGUAGES],
        lang=lang,
    )
    site.pages.insert(0, Page("index.md", home))
    home_label = UiText(ui_translations(root, lang)).label("Home")
    site.nav.insert(0, {sitetext.nav_label(home_label): "index.md"})
    guide = root / "docs" / OWN_GAME_PAGE
    if lang == "en" and guide.is_file():  # the project's own English guide, our Markdown
        only_english = "---\nsp_only_language: en\n---\n\n"
        site.pages.append(Page(OWN_GAME_PAGE, only_english + guide.read_text("utf-8")))
        site.nav.append({"Your own game": OWN_GAME_PAGE})
    return site


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


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def sort_key(term: str) -> str:
    """A–Z order that ignores accents and leading punctuation (¡, «)."""
    plain = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return plain.lstrip("".join(c for c in plain if not c.isalnum())).lower() or term.lower()
