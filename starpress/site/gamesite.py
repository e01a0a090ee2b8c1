"""One game in one language on the site: where each record's page is, and how a page
links to a record, draws an icon or a card's anatomy and marks untranslated text.

Page paths come from stable ids, never from translated titles, so the same page has the
same path in every language and the language selector keeps the reader where they are.
"""

from __future__ import annotations

import html
import json
import posixpath
from functools import cached_property
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from starpress.core.model import Component, Game, Section
from starpress.core.project import Project
from starpress.core.svg import sanitized_svg
from starpress.core.text import Text
from starpress.site import files as sitefiles
from starpress.site import markdown as sitetext
from starpress.site import messages as site_messages
from starpress.site.anatomy import anatomy_svg
from starpress.site.markdown import Markdown
from starpress.site.uitext import UiText, language_name


class GameSite:
    """Where each record of a localised game lives, and how to link and draw on a page."""

    def __init__(self, root: Path, game: Game, lang: str, gameplay: str | None, ui: UiText) -> None:
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
        self.ui = ui
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

    @cached_property
    def anatomy_labels(self) -> dict[str, str]:
        """The English label of each card field (`templates/site/anatomy.yaml`), read once
        for the game's pages rather than once per component."""
        return site_messages.anatomy_labels(self.root)

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
        labels = self.anatomy_labels
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

    def variant_sections(self, variant_id: str) -> list[Section]:
        """The top rules sections a variant's page shows, in the rules' order."""
        variant = next(v for v in self.game.info.variants if v.id == variant_id)
        return [section for section in self.game.rules if section.id in variant.rules]

    def _page_index(self) -> tuple[dict[str, str], set[str]]:
        """Which page holds each record, and which records are the top of their page."""
        base, game = self.base, self.game
        pages: dict[str, str] = {}
        tops: set[str] = set()
        for section in game.rules:
            if section.id in self.variant_rules:
                variant = next(v for v in game.info.variants if section.id in v.rules)
                path = variant_path(base, variant.id)
                if len(self.variant_sections(variant.id)) == 1:  # shown without its heading
                    tops.add(section.id)
            elif section.id == f"{game.id}.rules.components":
                path = f"{base}/components.md"
                tops.add(section.id)  # shown under the page's title, without its heading
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


def span(low: int, high: int) -> str:
    """A range of players or minutes as the pages show it: `2–4`, or `2` alone."""
    return str(low) if low == high else f"{low}–{high}"
