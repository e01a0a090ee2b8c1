"""The rules site's pages for one language, generated from the model.

The MkDocs hook (`site/hooks/starpress_pages.py`) asks this module for every page, asset
and the nav; nothing here runs MkDocs. Page paths come from stable ids, never from
translated titles, so the same page has the same path in every language and the
language selector can keep the reader where they are.
"""

from __future__ import annotations

import io
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, get_args

import yaml
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from starpress import text as markup
from starpress.i18n import Texts, texts_for
from starpress.load import load_games
from starpress.model import (
    LANGUAGES,
    Blocks,
    ComponentKind,
    Game,
    GlossaryEntry,
    Section,
    Step,
    Table,
)

Nav = list[Any]
_TITLE_FIELD = {
    "rules": "title",
    "glossary": "term",
    "component": "name",
    "variant": "name",
    "clarification": "title",
    "card": "name",
}
"""The field that holds each kind of record's title (its text id is `<id>.<field>`)."""


@dataclass(frozen=True)
class Page:
    """A generated Markdown page, by its path in the language's site."""

    path: str
    text: str


@dataclass(frozen=True)
class Asset:
    """A file copied into the site as it is (PDF, picture)."""

    path: str
    source: Path


@dataclass
class Site:
    """Every page, asset and the nav of one language."""

    lang: str
    pages: list[Page] = field(default_factory=list)
    assets: list[Asset] = field(default_factory=list)
    nav: Nav = field(default_factory=list)


def language_name(lang: str, in_lang: str | None = None) -> str:
    """A language's own name (or its name in `in_lang`), from Babel's CLDR data."""
    locale = Locale.parse(lang.replace("-", "_"))
    name = locale.get_display_name(Locale.parse((in_lang or lang).replace("-", "_")))
    return str(name[:1].upper() + name[1:]) if name else lang


@cache
def ui_translations(root: Path, lang: str) -> NullTranslations:
    """The site's UI strings (English msgids) in a language, from templates/locale/."""
    path = root / "templates" / "locale" / lang.replace("-", "_") / "LC_MESSAGES" / "messages.po"
    if lang == "en" or not path.is_file():
        return NullTranslations()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang.replace("-", "_"))
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer)


def build_site(
    root: Path,
    lang: str,
    downloads: Callable[[Game, str], list[Asset]],
    gallery: Callable[[Game, str], dict[str, Asset]],
) -> Site:
    """All pages of one language. `downloads` and `gallery` supply the print-and-play files."""
    settings = yaml.safe_load((root / "templates" / "site" / "games.yaml").read_text("utf-8"))
    games = load_games(root)
    order = [game_id for game_id in settings["order"] if game_id in games]
    order += sorted(set(games) - set(order))
    env = _environment(root, lang)
    site = Site(lang)
    summaries = []
    for game_id in order:
        game = games[game_id]
        pictures = gallery(game, lang)
        files = downloads(game, lang)
        site.assets.extend(pictures.values())
        site.assets.extend(files)
        renderer = GameRenderer(
            root, game, lang, settings["gameplay"].get(game_id), pictures, files, env
        )
        pages, nav = renderer.render()
        site.pages.extend(pages)
        site.nav.append({renderer.title: nav})
        summaries.append(renderer.summary())
    home = env.get_template("site_home.md.j2").render(
        games=summaries,
        languages=[(code, language_name(code)) for code in LANGUAGES],
        lang=lang,
    )
    site.pages.insert(0, Page("index.md", home))
    site.nav.insert(0, {ui_translations(root, lang).gettext("Home"): "index.md"})
    return site


def _environment(root: Path, lang: str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(root / "templates" / "site"),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # the output is Markdown, escaped where it is built
    )
    env.install_gettext_translations(ui_translations(root, lang), newstyle=True)  # type: ignore[attr-defined]
    return env


class GameRenderer:
    """Renders one game's pages in one language."""

    def __init__(
        self,
        root: Path,
        game: Game,
        lang: str,
        gameplay: str | None,
        pictures: dict[str, Asset],
        files: list[Asset],
        env: Environment,
    ) -> None:
        self.root = root
        self.game = game
        self.lang = lang
        self.env = env
        self.texts: Texts = texts_for(root, game, lang)
        self.gameplay = gameplay
        self.pictures = pictures
        self.files = files
        self.base = game.id
        self.variant_rules = {rule for variant in game.info.variants for rule in variant.rules}
        self.pages_of: dict[str, str] = self._page_index()
        self._titles = game.ids()
        self.svgs = {icon.id: _svg(root / "content" / game.id / icon.file) for icon in game.icons}
        self._ = ui_translations(root, lang).gettext

    # -- texts and markup ---------------------------------------------------------------

    @property
    def title(self) -> str:
        return _in(self.game.info.titles, self.lang) or self.game.info.title

    def t(self, text_id: str, source: str | None) -> str:
        return self.texts(text_id, source) if source else ""

    def name_of(self, record_id: str) -> str:
        """A record's title (section title, term, name) in the page language."""
        source = self._titles.get(record_id)
        if source is None:
            return record_id
        field = _TITLE_FIELD[record_id.removeprefix(f"{self.game.id}.").split(".", 1)[0]]
        return self.texts(f"{record_id}.{field}", source)

    def md(self, source: str, page: str) -> str:
        """Markup to Markdown for a page: icons as inline SVG, references as links."""

        def link(match: re.Match[str]) -> str:
            target = markup.qualify(match.group(1), self.game.id)
            label = match.group(2).strip() if match.group(2) else self.name_of(target)
            return f"[{label}]({self.href(target, page)})"

        result = markup.REF_RE.sub(link, source)
        return markup.ICON_RE.sub(lambda m: self.icon_html(m.group(1)), result)

    def icon_html(self, icon_id: str) -> str:
        name = self.icon_name(icon_id)
        return (
            self.svgs[icon_id]
            .replace("<svg ", f'<svg class="sp-icon" role="img" aria-label="{_attr(name)}" ', 1)
            .replace(">", f"><title>{_attr(name)}</title>", 1)
        )

    def href(self, target: str, page: str) -> str:
        """A relative link from `page` to the page and anchor holding `target`."""
        holder = self.pages_of[target]
        relative = posixpath.relpath(holder, posixpath.dirname(page) or ".")
        is_page_top = target in self._top_ids
        return relative if is_page_top else f"{relative}#{target}"

    def text_block(self, text_id: str, source: str | None, page: str) -> str:
        return self.md(self.t(text_id, source), page) if source else ""

    # -- pages --------------------------------------------------------------------------

    def render(self) -> tuple[list[Page], Nav]:
        pages: list[Page] = []
        nav: Nav = []

        def add(label: str, path: str, text: str) -> None:
            pages.append(Page(path, text))
            nav.append({label: path})

        _ = self._
        add(_("Overview"), f"{self.base}/index.md", self.home_page())
        add(_("Components"), f"{self.base}/components.md", self.components_page())
        rules_nav: Nav = []
        for section in self.game.rules:
            if section.id in self.variant_rules or section.id == f"{self.game.id}.rules.components":
                continue
            path = self.pages_of[section.id]
            pages.append(Page(path, self.rules_page(section, path)))
            label = self.name_of(section.id)
            if section.id == f"{self.game.id}.rules.setup":
                nav.append({_("Setup"): path})
            elif section.id == self.gameplay:
                nav.append({_("Gameplay"): path})
            else:
                rules_nav.append({label: path})
        nav.append({_("Rules"): rules_nav})
        add(_("Glossary A–Z"), f"{self.base}/glossary.md", self.glossary_page())
        add(_("Icons"), f"{self.base}/icons.md", self.icons_page())
        for variant in self.game.info.variants:
            path = f"{self.base}/{variant.id.rsplit('.', 1)[-1]}.md"
            add(self.name_of(variant.id), path, self.variant_page(variant.id, path))
        add(_("Clarifications"), f"{self.base}/clarifications.md", self.clarifications_page())
        add(_("Quick reference"), f"{self.base}/quick-reference.md", self.quick_reference())
        add(_("Card gallery"), f"{self.base}/cards.md", self.cards_page())
        add(_("Downloads"), f"{self.base}/downloads.md", self.downloads_page())
        return pages, nav

    def summary(self) -> dict[str, Any]:
        info = self.game.info
        return {
            "id": self.game.id,
            "title": self.title,
            "tagline": self.md(self.t(f"{self.game.id}.game.tagline", info.tagline), "index.md"),
            "players": _range(info.players.min, info.players.max),
            "time": _range(info.play_time.min, info.play_time.max),
            "link": f"{self.game.id}/index.md",
        }

    def _render(self, template: str, page: str, **context: Any) -> str:
        return self.env.get_template(template).render(
            game=self.game,
            title=self.title,
            lang=self.lang,
            page=page,
            r=self,
            source_language=language_name(self.game.info.source_language, self.lang),
            **context,
        )

    def home_page(self) -> str:
        page = f"{self.base}/index.md"
        info = self.game.info
        before = len(self.texts.fallbacks)
        summary = self.text_block(f"{self.game.id}.game.summary", info.summary, page)
        return self._render(
            "game_home.md.j2",
            page,
            summary=self.untranslated(summary, before),
            players=_range(info.players.min, info.players.max),
            time=_range(info.play_time.min, info.play_time.max),
            sources={source.id: source for source in info.sources},
        )

    def components_page(self) -> str:
        page = f"{self.base}/components.md"
        rows = []
        for component in self.game.components:
            picture = next(
                (
                    self.pictures[card.id]
                    for card in self.game.cards_of(component.id)
                    if card.id in self.pictures
                ),
                None,
            )
            image = ""
            if picture is not None:
                src = posixpath.relpath(picture.path, self.base)
                image = f"![{_attr(self.name_of(component.id))}]({src})"
            rows.append(
                {
                    "id": component.id,
                    "name": self.name_of(component.id),
                    "count": component.count,
                    "kind": component.kind,
                    "size": component.size or "",
                    "prototype": component.provenance == "prototype",
                    "image": image,
                }
            )
        section = next(
            (s for s in self.game.rules if s.id == f"{self.game.id}.rules.components"), None
        )
        details = self.section_md(section, page, 2, top=False) if section else ""
        kinds = {kind: self._(kind) for kind in get_args(ComponentKind)}
        return self._render("components.md.j2", page, rows=rows, details=details, kinds=kinds)

    def rules_page(self, section: Section, page: str) -> str:
        structure = ""
        if section.id == self.gameplay and not section.steps:
            structure = "\n".join(
                f"{number}. [{self.name_of(child.id)}]({self.href(child.id, page)})"
                for number, child in enumerate(section.sections, 1)
            )
        return self._render(
            "rules.md.j2", page, body=self.section_md(section, page, 1), structure=structure
        )

    def variant_page(self, variant_id: str, page: str) -> str:
        variant = next(v for v in self.game.info.variants if v.id == variant_id)
        sections = [s for s in self.game.rules if s.id in variant.rules]
        before = len(self.texts.fallbacks)
        summary = self.text_block(f"{variant.id}.summary", variant.summary, page)
        return self._render(
            "variant.md.j2",
            page,
            variant=variant,
            name=self.name_of(variant.id),
            summary=self.untranslated(summary, before),
            players=_range(variant.players.min, variant.players.max),
            commands=self._bot_commands(variant.id),
            prototype=(self.game.automa or {}).get("provenance") == "prototype",
            body="\n\n".join(self.section_md(s, page, 2) for s in sections),
        )

    def _bot_commands(self, variant_id: str) -> list[str]:
        """How to run the game's bot from the command line, if `automa` plays this variant."""
        automa = self.game.automa or {}
        if automa.get("variant") != variant_id:
            return []
        level = " --level basic" if "levels" in automa else ""
        command = f"starpress automa {self.game.id}"
        return [
            f"{command} play{level} --lang {self.lang}",
            f"{command} simulate --games 1000",
        ]

    def glossary_page(self) -> str:
        page = f"{self.base}/glossary.md"
        backlinks = self._backlinks()
        entries = []
        for entry in sorted(self.game.glossary, key=lambda e: _sort_key(self.name_of(e.id))):
            before = len(self.texts.fallbacks)
            short = self.text_block(f"{entry.id}.short", entry.short, page)
            body = self.blocks_md(entry, page)
            entries.append(
                {
                    "id": entry.id,
                    "term": self.name_of(entry.id),
                    "letter": _sort_key(self.name_of(entry.id))[:1].upper(),
                    "text": self.untranslated(f"*{short}*\n\n{body}".strip(), before),
                    "related": [(self.name_of(t), self.href(t, page)) for t in entry.related],
                    "backlinks": [
                        (self.name_of(t), self.href(t, page))
                        for t in backlinks.get(entry.id, [])
                        if t not in entry.related
                    ],
                }
            )
        letters = sorted({str(entry["letter"]) for entry in entries})
        return self._render("glossary.md.j2", page, entries=entries, letters=letters)

    def icons_page(self) -> str:
        icons = [
            {"html": self.icon_html(icon.id), "name": self.icon_name(icon.id), "id": icon.id}
            for icon in self.game.icons
        ]
        return self._render("icons.md.j2", f"{self.base}/icons.md", icons=icons)

    def icon_name(self, icon_id: str) -> str:
        names = self.game.icon(icon_id).name
        source = _in(names, self.game.info.source_language) or icon_id
        return self.texts(f"{self.game.id}.icon.{icon_id}.name", source)

    def clarifications_page(self) -> str:
        page = f"{self.base}/clarifications.md"
        items = []
        for item in self.game.clarifications:
            before = len(self.texts.fallbacks)
            says = self.text_block(f"{item.id}.source_says", item.source_says, page)
            resolution = self.text_block(f"{item.id}.resolution", item.resolution, page)
            items.append(
                {
                    "id": item.id,
                    "title": self.name_of(item.id),
                    "says": says,
                    "resolution": resolution,
                    "note": self.untranslated("", before),
                    "rules": [(self.name_of(rule), self.href(rule, page)) for rule in item.rules],
                }
            )
        return self._render("clarifications.md.j2", page, items=items)

    def quick_reference(self) -> str:
        page = f"{self.base}/quick-reference.md"
        setup = next((s for s in self.game.rules if s.id == f"{self.game.id}.rules.setup"), None)
        play = next((s for s in self.game.rules if s.id == self.gameplay), None)

        def outline(section: Section | None) -> str:
            if section is None:
                return ""
            if section.steps:
                return self.steps_md(section.id, section.steps, page)
            return "\n".join(
                f"{n}. {self.name_of(child.id)}" for n, child in enumerate(section.sections, 1)
            )

        terms = [
            (self.name_of(e.id), self.text_block(f"{e.id}.short", e.short, page))
            for e in sorted(self.game.glossary, key=lambda e: _sort_key(self.name_of(e.id)))
        ]
        components = [(c.count, self.name_of(c.id)) for c in self.game.components]
        return self._render(
            "quick_reference.md.j2",
            page,
            setup=outline(setup),
            play=outline(play),
            terms=terms,
            components=components,
            icons=[(self.icon_html(i.id), self.icon_name(i.id)) for i in self.game.icons],
        )

    def cards_page(self) -> str:
        page = f"{self.base}/cards.md"
        groups = []
        for component in self.game.components:
            cards = [card for card in self.game.cards_of(component.id) if card.id in self.pictures]
            if not cards:
                continue
            groups.append(
                {
                    "name": self.name_of(component.id),
                    "id": component.id,
                    "cards": [
                        (
                            self.name_of(card.id),
                            posixpath.relpath(self.pictures[card.id].path, self.base),
                            card.count,
                            card.provenance == "prototype",
                        )
                        for card in cards
                    ],
                }
            )
        return self._render("cards.md.j2", page, groups=groups)

    def downloads_page(self) -> str:
        files = [
            (Path(asset.path).name, posixpath.relpath(asset.path, self.base))
            for asset in self.files
        ]
        return self._render("downloads.md.j2", f"{self.base}/downloads.md", files=files)

    # -- blocks -------------------------------------------------------------------------

    def section_md(self, section: Section, page: str, level: int, top: bool = True) -> str:
        heading = "#" * min(level, 6)
        parts = []
        if top or level > 1:
            parts.append(f'{heading} {self.name_of(section.id)} {{: id="{section.id}" }}')
        before = len(self.texts.fallbacks)
        parts.append(self.untranslated(self.blocks_md(section, page), before))
        for child in section.sections:
            parts.append(self.section_md(child, page, level + 1))
        return "\n\n".join(part for part in parts if part)

    def blocks_md(self, record: Blocks, page: str) -> str:
        record_id = record.id if isinstance(record, Section | GlossaryEntry) else ""
        parts = [self.text_block(f"{record_id}.body", record.body, page)]
        if record.items:
            parts.append(
                "\n".join(
                    f"- {self.text_block(f'{record_id}.items.{n}', item, page)}"
                    for n, item in enumerate(record.items)
                )
            )
        if record.steps:
            parts.append(self.steps_md(record_id, record.steps, page))
        for n, table in enumerate(record.tables):
            parts.append(self.table_md(f"{record_id}.tables.{n}", table, page))
        parts.append(self.text_block(f"{record_id}.after", record.after, page))
        return "\n\n".join(part.strip() for part in parts if part and part.strip())

    def steps_md(self, prefix: str, steps: list[Step], page: str, depth: int = 0) -> str:
        lines = []
        indent = "    " * depth
        for n, step in enumerate(steps):
            text_id = f"{prefix}.steps.{n}"
            body = self.text_block(f"{text_id}.text", step.text, page).strip()
            body = body.replace("\n", "\n" + indent + "    ")
            marker = f"{n + 1}." if step.label is None else "-"
            label = f"**{step.label}.** " if step.label is not None else ""
            lines.append(f"{indent}{marker} {label}{body}")
            if step.steps:
                lines.append(self.steps_md(text_id, step.steps, page, depth + 1))
        return "\n".join(lines)

    def table_md(self, prefix: str, table: Table, page: str) -> str:
        def cell(text_id: str, value: str) -> str:
            return self.text_block(text_id, value, page).replace("|", "\\|").replace("\n", " ")

        head = [cell(f"{prefix}.columns.{n}", column) for n, column in enumerate(table.columns)]
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r, row in enumerate(table.rows):
            lines.append(
                "| "
                + " | ".join(cell(f"{prefix}.rows.{r}.{c}", value) for c, value in enumerate(row))
                + " |"
            )
        caption = self.text_block(f"{prefix}.caption", table.caption, page)
        return (f"*{caption}*\n\n" if caption else "") + "\n".join(lines)

    def untranslated(self, markdown: str, fallbacks_before: int) -> str:
        """Text that fell back to the source language, inside a visible note."""
        if len(self.texts.fallbacks) == fallbacks_before or not markdown.strip():
            return markdown
        title = self._("Not yet translated: original text in %(language)s") % {
            "language": language_name(self.game.info.source_language, self.lang)
        }
        body = "\n".join(f"    {line}" if line.strip() else "" for line in markdown.splitlines())
        return f'!!! note "{_attr(title)}"\n\n{body}'

    # -- indexes ------------------------------------------------------------------------

    def _page_index(self) -> dict[str, str]:
        """Which page holds each record; the page-top records are remembered too."""
        base = self.base
        pages: dict[str, str] = {}
        tops: set[str] = set()
        for section in self.game.rules:
            if section.id in self.variant_rules:
                variant = next(v for v in self.game.info.variants if section.id in v.rules)
                path = f"{base}/{variant.id.rsplit('.', 1)[-1]}.md"
            elif section.id == f"{self.game.id}.rules.components":
                path = f"{base}/components.md"
            else:
                path = f"{base}/rules/{section.id.split('.rules.', 1)[1]}.md"
                tops.add(section.id)
            for inner in section.walk():
                pages[inner.id] = path
        for entry in self.game.glossary:
            pages[entry.id] = f"{base}/glossary.md"
        for component in self.game.components:
            pages[component.id] = f"{base}/components.md"
        for clarification in self.game.clarifications:
            pages[clarification.id] = f"{base}/clarifications.md"
        for variant in self.game.info.variants:
            pages[variant.id] = f"{base}/{variant.id.rsplit('.', 1)[-1]}.md"
            tops.add(variant.id)
        for card in self.game.cards:
            pages[card.id] = f"{base}/cards.md"
        self._top_ids = tops
        return pages

    def _backlinks(self) -> dict[str, list[str]]:
        """For each glossary term, the terms and sections that point at it."""
        links: dict[str, list[str]] = {}
        for entry in self.game.glossary:
            for target in entry.related:
                links.setdefault(target, []).append(entry.id)
        for section in self.game.sections():
            texts = [section.body or "", section.after or "", *section.items]
            for source in texts:
                for found in markup.references(source):
                    target = markup.qualify(found.value, self.game.id)
                    if target.startswith(
                        f"{self.game.id}.glossary."
                    ) and section.id not in links.get(target, []):
                        links.setdefault(target, []).append(section.id)
        return links


def _in(mapping: Mapping[Any, str], lang: str) -> str | None:
    """A value of a mapping keyed by language, or None."""
    return mapping.get(lang)


def _svg(path: Path) -> str:
    """An SVG file as one line, without XML declaration, for inline use."""
    text = path.read_text("utf-8")
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    return re.sub(r"\s+", " ", text).strip()


def _attr(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _sort_key(term: str) -> str:
    """A–Z order that ignores accents and leading punctuation (¡, «)."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return re.sub(r"^[^A-Za-z0-9]+", "", plain).lower() or term.lower()
