"""A game's quick reference as a Platypus story: components, setup and gameplay outlines,
icons and the glossary's short definitions, the same content as the site's quick
reference page, in small type for two columns.

It reuses the book's text rendering (`story.Book`): the same tokens, escaping, inline
icons and step numbering. Cross-references link to the glossary terms it prints; any
other target is printed as its title.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from reportlab.platypus import Flowable

from starpress.core.edition import Stamp
from starpress.core.model import Game, Section
from starpress.rulebook.markup import anchor, escape
from starpress.rulebook.paragraphs import Paragraph
from starpress.rulebook.story import Book, Heading, Outline, _range
from starpress.rulebook.style import Look

NBSP = "\u00a0"


class QuickReference(Book):
    """Builds the quick reference of one game in one language at one type size."""

    def __init__(
        self,
        game: Game,
        lang: str,
        look: Look,
        icon_images: Mapping[str, str],
        gameplay: str | None,
        stamp: Stamp | None = None,
    ) -> None:
        super().__init__(game, lang, look, icon_images, stamp)
        self.gameplay = gameplay
        """The id of the section the site shows as the game's round or turn structure."""
        terms = frozenset(entry.id for entry in game.glossary)
        self.links = dataclasses.replace(self.links, anchors=terms)

    def story(self) -> list[Flowable]:
        game, words = self.game, self.words
        rules = {section.id: section for section in game.rules}
        flow = self.facts()
        flow += self.components_line()
        flow += self.outline("setup", rules.get(f"{game.id}.rules.setup"))
        flow += self.outline("gameplay", rules.get(self.gameplay or ""))
        flow += self.icon_line()
        flow += self.terms()
        if not flow:
            return [Paragraph(escape(words["quick_reference"]), self.look.body)]
        return flow

    def part(self, label: str) -> Heading:
        title = self.words[label]
        return Heading(escape(title), self.look.heading(2), Outline(0, self.key(label), title))

    def facts(self) -> list[Flowable]:
        info, words = self.game.info, self.words
        facts = [
            self.players(info.players.min, info.players.max),
            words["play_time"].format(time=_range(info.play_time.min, info.play_time.max)),
        ]
        if info.age is not None:
            facts.append(words["age"].format(age=info.age))
        tagline = f"<i>{self.text(info.tagline)}</i>"
        return [Paragraph(f"{tagline}<br/>{escape(' · '.join(facts))}", self.look.small)]

    def components_line(self) -> list[Flowable]:
        if not self.game.components:
            return []
        size = self.look.body.fontSize
        parts = [
            f"{component.count}{NBSP}×{NBSP}{self.text(component.name, size)}"
            for component in self.game.components
        ]
        return [self.part("components"), Paragraph("; ".join(parts), self.look.body)]

    def outline(self, label: str, section: Section | None) -> list[Flowable]:
        """A section's steps, or else the numbered titles of its subsections."""
        if section is None or not (section.steps or section.sections):
            return []
        flow: list[Flowable] = [self.part(label)]
        if section.steps:
            return flow + self.steps(section.steps, 0)
        style = self.look.item(0)
        size = self.look.body.fontSize
        for number, child in enumerate(section.sections, 1):
            text = f"<bullet>{number}.</bullet>{self.text(child.title, size)}"
            flow.append(Paragraph(text, style))
        return flow

    def icon_line(self) -> list[Flowable]:
        if not self.game.icons:
            return []
        size = self.look.body.fontSize
        names = self.links.icon_names
        parts = [
            f"{self.links.icon(icon.id, size)}{NBSP}{escape(names.get(icon.id, icon.id))}"
            for icon in self.game.icons
        ]
        return [self.part("icons"), Paragraph(" · ".join(parts), self.look.body)]

    def terms(self) -> list[Flowable]:
        if not self.game.glossary:
            return []
        style = self.look.body
        flow: list[Flowable] = [self.part("glossary")]
        for entry in sorted(self.game.glossary, key=self.term_order):
            term = f"{anchor(entry.id)}<b>{self.text(entry.term)}</b>"
            flow.append(Paragraph(f"{term}: {self.text(entry.short)}", style))
        return flow
