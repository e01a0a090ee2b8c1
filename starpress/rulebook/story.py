"""A game in one language as a Platypus story: title page, contents, components, the rules
tree, bot and solo rules, glossary, icon legend, clarifications and notes.

Headings carry an `Outline` (level, record id, title): the document turns it into a PDF
bookmark, a table-of-contents entry and the running head. Every record that a
cross-reference can point at gets an anchor named by its id.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    NextPageTemplate,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from starpress.core.edition import Stamp
from starpress.core.model import Blocks, Game, GlossaryEntry, Section, Setup, Step
from starpress.core.model import Table as TableData
from starpress.core.text import Block, Items, Text, plain_text
from starpress.core.text import Paragraph as TextParagraph
from starpress.rulebook.deck_section import deck_flow
from starpress.rulebook.markup import Links, anchor, escape, external, inline
from starpress.rulebook.paragraphs import Paragraph
from starpress.rulebook.style import Look, color, counted, labels

TOC_LEVELS = 2
"""Outline levels listed in the table of contents (the PDF outline has every level)."""
SHORT_LABEL = 3
"""Step labels up to this many characters hang in the margin (A., B.); longer ones lead
the step's text in bold."""


@dataclass(frozen=True)
class Outline:
    """A bookmark: outline level, key (a record id, or `<game>.book.<part>`), plain title;
    `listed` when the table of contents shows it too."""

    level: int
    key: str
    title: str
    listed: bool = True


class Heading(Paragraph):
    """A paragraph that opens a part of the book: it is bookmarked and listed."""

    def __init__(self, text: str, style: ParagraphStyle, outline: Outline) -> None:
        super().__init__(anchor(outline.key) + text, style)
        self.outline = outline

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(available_width, available_height)
        if parts:  # a heading split over two pages is bookmarked where it starts
            parts[0].outline = self.outline  # type: ignore[attr-defined]
        return parts


class Contents(Flowable):
    """Where the table of contents goes, with its line style per level; the document
    replaces it by its lines (see `starpress.rulebook.contents`)."""

    def __init__(self, styles: tuple[ParagraphStyle, ...]) -> None:
        super().__init__()
        self.styles = styles


def book_title(game: Game, lang: str) -> str:
    """The game's title in a language (its source title when it has none there)."""
    return game.info.titles.get(lang, game.info.title)  # type: ignore[call-overload,no-any-return]


def anchors(game: Game) -> frozenset[str]:
    """Ids of the records the book gives an anchor to (every cross-reference target kind)."""
    found = {section.id for section in game.sections()}
    found |= {entry.id for entry in game.glossary}
    found |= {component.id for component in game.components}
    found |= {variant.id for variant in game.info.variants}
    found |= {clarification.id for clarification in game.clarifications}
    return frozenset(found)


def has_prototype(game: Game) -> bool:
    return any(section.provenance == "prototype" for section in game.sections()) or any(
        component.provenance == "prototype" for component in game.components
    )


class Book:
    """Builds the story of one game in one language at one page size."""

    def __init__(
        self,
        game: Game,
        lang: str,
        look: Look,
        icon_images: Mapping[str, str],
        stamp: Stamp | None = None,
        setup_pictures: Mapping[str, Path] | None = None,
    ) -> None:
        self.game = game
        self.setup_pictures = setup_pictures or {}
        """Each setup's picture (`pnp.setups`, drawn by the cli): shown in its section."""
        self.lang = lang
        self.look = look
        self.stamp = stamp
        """What the book is made with (on its title page)."""
        self.words = labels(lang)
        names = {icon: str(name) for icon, name in game.icon_names.items()}
        titles = {
            record: plain_text(title.tokens, None, names) for record, title in game.ids().items()
        }
        self.links = Links(
            titles, anchors(game), icon_images, names, look.icon_scale, look.icon_drop
        )
        self.width = look.page.width - 2 * look.page.margin

    def key(self, part: str) -> str:
        """The bookmark key of a part of the book that is not a record."""
        return f"{self.game.id}.book.{part}"

    # -- the whole book ------------------------------------------------------------------

    def story(self) -> list[Flowable]:
        # every page after the first is a body page, also when the title page runs over
        story: list[Flowable] = [NextPageTemplate("body"), *self.title_page(), PageBreak()]
        story += self.contents()
        for section in self.game.rules:
            story.append(CondPageBreak(self.look.page.height * 0.25))
            story += self.section(section, 0, False)
        story += self.variants()
        story += self.glossary()
        story += self.icons()
        story += self.clarifications()
        story += self.components()
        story += self.notes()
        return story

    def title_page(self) -> list[Flowable]:
        info, look, words = self.game.info, self.look, self.words
        title = book_title(self.game, self.lang)
        facts = [
            self.players(info.players.min, info.players.max),
            words["play_time"].format(time=_range(info.play_time.min, info.play_time.max)),
        ]
        if info.age is not None:
            facts.append(words["age"].format(age=info.age))
        flow: list[Flowable] = [
            Spacer(1, look.page.height * 0.12),
            Heading(escape(title), look.title, Outline(0, self.key("title"), title, listed=False)),
            Paragraph(self.text(info.tagline, look.tagline.fontSize), look.tagline),
            Paragraph(escape(" · ".join(facts)), look.body),
            *self.text_blocks(info.summary, look.body),
        ]
        if has_prototype(self.game):
            flow.append(Paragraph(escape(words["prototype_book"]), look.notice))
        if info.credits:
            flow.append(Paragraph(escape(words["credits"]), look.heading(3)))
            for credit in info.credits:
                line = f"<b>{self.text(credit.role)}</b>: {escape(', '.join(credit.names))}"
                if credit.note is not None:
                    line += f" ({self.text(credit.note)})"
                flow.append(Paragraph(line, look.small))
        flow.append(Paragraph(escape(words["sources"]), look.heading(3)))
        for source in info.sources:  # its title as published, what it is, its kind
            line = f"<i>{external(source.url, escape(source.title))}</i>"
            if source.note is not None:
                line += f" — {self.text(source.note)}"
            line += f" ({escape(words['source_' + source.kind])})"
            flow.append(Paragraph(line, look.small))
        flow.append(Spacer(1, look.body.fontSize))
        flow.append(Paragraph(escape(words["made_by"]), look.small))
        flow += self.stamp_line()
        return flow

    def stamp_line(self) -> list[Flowable]:
        """The content version and date and starpress's version, for errata."""
        if self.stamp is None:
            return []
        edition = self.stamp.edition
        line = self.words["stamp"].format(
            content=edition.version, date=edition.date, tool=self.stamp.tool
        )
        return [Paragraph(escape(line), self.look.small)]

    def contents(self) -> list[Flowable]:
        look = self.look
        toc = Contents(tuple(_toc_style(look, level) for level in range(TOC_LEVELS)))
        title = self.words["contents"]
        return [
            self.heading(escape(title), 0, Outline(0, self.key("contents"), title, listed=False)),
            toc,
            PageBreak(),
        ]

    # -- parts ----------------------------------------------------------------------------

    def components(self) -> list[Flowable]:
        if not self.game.components:
            return []
        words, look = self.words, self.look
        title = words["components"]
        rows: list[list[Flowable]] = [
            [
                self.cell(escape(words["component"]), True),
                self.cell(escape(words["count"]), True),
                self.cell(escape(words["description"]), True),
            ]
        ]
        for component in self.game.components:
            name = anchor(component.id) + f"<b>{self.text(component.name, look.cell.fontSize)}</b>"
            if component.provenance == "prototype":
                name += f' <font color="{_hex("prototype")}" size="{look.cell.fontSize * 0.8:.1f}">'
                name += f"{escape(words['prototype'])}</font>"
            description = component.description
            rows.append(
                [
                    self.cell(name),
                    self.cell(str(component.count)),
                    self.cell(self.text(description, look.cell.fontSize) if description else ""),
                ]
            )
        return [
            PageBreak(),
            self.heading(escape(title), 0, Outline(0, self.key("components"), title)),
            self.table(rows, [0.3, 0.1, 0.6]),
        ]

    def section(self, section: Section, depth: int, inside_prototype: bool) -> list[Flowable]:
        title = plain_text(section.title.tokens, None, self.links.icon_names)
        style = self.look.heading(depth)
        text = self.text(section.title, style.fontSize)
        flow: list[Flowable] = [self.heading(text, depth, Outline(depth, section.id, title))]
        prototype = section.provenance == "prototype"
        if prototype and not inside_prototype:
            flow.append(Paragraph(escape(self.words["prototype_section"]), self.look.notice))
        flow += self.blocks(section)
        for setup in self.game.setups:
            if setup.section == section.id and setup.id in self.setup_pictures:
                flow += self.setup(setup, self.setup_pictures[setup.id])
        for child in section.sections:
            flow += self.section(child, depth + 1, prototype or inside_prototype)
        return flow

    def setup(self, setup: Setup, picture: Path) -> list[Flowable]:
        """A setup picture as wide as the text (shorter when the page is too short for it),
        kept on one page with its title and caption."""
        from reportlab.lib.utils import ImageReader
        from reportlab.platypus import Image, KeepTogether

        look = self.look
        pixels_wide, pixels_high = ImageReader(str(picture)).getSize()
        width = self.width
        height = width * pixels_high / pixels_wide
        room = look.page.height * 0.62
        if height > room:
            width, height = width * room / height, room
        caption = f"<b>{self.text(setup.title, look.small.fontSize)}</b>"
        if setup.provenance == "prototype":
            caption += f" ({escape(self.words['prototype'])})"
        if setup.caption is not None:
            caption += " — " + self.text(setup.caption, look.small.fontSize)
        return [
            KeepTogether(
                [
                    Spacer(1, look.body.fontSize * 0.5),
                    Image(str(picture), width=width, height=height),
                    Paragraph(anchor(setup.id) + caption, look.small),
                ]
            )
        ]

    def variants(self) -> list[Flowable]:
        variants = self.game.info.variants
        if not variants:
            return []
        words, look = self.words, self.look
        title = words["variants"]
        flow: list[Flowable] = [
            PageBreak(),
            self.heading(escape(title), 0, Outline(0, self.key("variants"), title)),
        ]
        for variant in variants:
            name = plain_text(variant.name.tokens, None, self.links.icon_names)
            text = self.text(variant.name, look.heading(1).fontSize)
            flow.append(self.heading(text, 1, Outline(1, variant.id, name)))
            players = self.players(variant.players.min, variant.players.max)
            flow.append(Paragraph(escape(players), look.body))
            flow += self.text_blocks(variant.summary, look.body)
            if variant.rules:
                flow.append(self.see_also(words["variant_rules"], variant.rules))
            automa = self.game.automa
            sheet = (
                automa.solo_sheet(self.game) if automa and automa.variant == variant.id else None
            )
            if sheet is not None:  # a deck automaton: its cards, levels and score
                flow += deck_flow(self, sheet)
        return flow

    def glossary(self) -> list[Flowable]:
        if not self.game.glossary:
            return []
        words, look = self.words, self.look
        title = words["glossary"]
        flow: list[Flowable] = [
            PageBreak(),
            self.heading(escape(title), 0, Outline(0, self.key("glossary"), title)),
        ]
        for entry in sorted(self.game.glossary, key=self.term_order):
            term = plain_text(entry.term.tokens, None, self.links.icon_names)
            text = self.text(entry.term, look.term.fontSize)
            flow.append(Heading(text, look.term, Outline(1, entry.id, term, listed=False)))
            flow.append(Paragraph(f"<i>{self.text(entry.short)}</i>", look.body))
            flow += self.blocks(entry)
            if entry.related:
                flow.append(self.see_also(words["related"], entry.related))
        return flow

    def icons(self) -> list[Flowable]:
        if not self.game.icons:
            return []
        words, look = self.words, self.look
        title = words["icons"]
        size = look.cell.fontSize * 1.6
        pairs = [
            (
                self.cell(self.links.icon(icon.id, size)),
                self.cell(escape(self.links.icon_names.get(icon.id, icon.id))),
            )
            for icon in self.game.icons
        ]
        head = [self.cell(escape(words["icon"]), True), self.cell(escape(words["name"]), True)]
        half = (len(pairs) + 1) // 2
        rows: list[list[Flowable]] = [head + head]
        for number in range(half):
            left = pairs[number]
            right = (
                pairs[number + half]
                if number + half < len(pairs)
                else (self.cell(""), self.cell(""))
            )
            rows.append([*left, *right])
        return [
            CondPageBreak(look.page.height * 0.3),
            self.heading(escape(title), 0, Outline(0, self.key("icons"), title)),
            self.table(rows, [0.1, 0.4, 0.1, 0.4]),
        ]

    def clarifications(self) -> list[Flowable]:
        if not self.game.clarifications:
            return []
        words, look = self.words, self.look
        title = words["clarifications"]
        flow: list[Flowable] = [
            PageBreak(),
            self.heading(escape(title), 0, Outline(0, self.key("clarifications"), title)),
        ]
        for item in self.game.clarifications:
            name = plain_text(item.title.tokens, None, self.links.icon_names)
            text = self.text(item.title, look.heading(2).fontSize)
            flow.append(self.heading(text, 2, Outline(1, item.id, name, listed=False)))
            flow += self.labelled(words["source_says"], item.source_says)
            flow += self.labelled(words["resolution"], item.resolution)
            flow.append(self.see_also(words["rules_concerned"], item.rules))
        return flow

    def notes(self) -> list[Flowable]:
        if not self.game.info.notes:
            return []
        title = self.words["notes"]
        flow: list[Flowable] = [
            CondPageBreak(self.look.page.height * 0.25),
            self.heading(escape(title), 0, Outline(0, self.key("notes"), title)),
        ]
        for note in self.game.info.notes:
            flow += self.text_blocks(note.text, self.look.body)
        return flow

    # -- blocks ---------------------------------------------------------------------------

    def heading(self, text: str, depth: int, outline: Outline) -> Heading:
        return Heading(text, self.look.heading(depth), outline)

    def players(self, low: int, high: int) -> str:
        """`1 player`, `2–4 players`: a range takes the plural form of its top."""
        return counted(self.lang, "players", high, players=_range(low, high))

    def text(self, text: Text, size: float | None = None) -> str:
        """A text on one line (paragraphs and items joined) as markup."""
        return inline(text.tokens, self.links, size or self.look.body.fontSize)

    def text_blocks(
        self, text: Text | None, style: ParagraphStyle, depth: int = 0
    ) -> list[Flowable]:
        """A text's paragraphs and lists."""
        if text is None:
            return []
        return self.block_flow(text.blocks, style, depth)

    def block_flow(
        self, blocks: Iterable[Block], style: ParagraphStyle, depth: int = 0
    ) -> list[Flowable]:
        flow: list[Flowable] = []
        size = self.look.body.fontSize
        for block in blocks:
            if isinstance(block, TextParagraph):
                flow.append(Paragraph(inline(block.tokens, self.links, size), style))
            else:
                flow += self.items(block, depth)
        return flow

    def items(self, block: Items, depth: int) -> list[Flowable]:
        size = self.look.body.fontSize
        return [
            Paragraph(
                f"<bullet>{f'{number}.' if block.ordered else '•'}</bullet>"
                + inline(tokens, self.links, size),
                self.look.item(depth),
            )
            for number, tokens in enumerate(block.items, 1)
        ]

    def blocks(self, record: Blocks) -> list[Flowable]:
        """Body, bullet items, numbered steps, tables and closing text of a record."""
        body = self.look.body
        flow = self.text_blocks(record.body, body)
        for item in record.items:
            flow += self.items(Items(False, (item.tokens,)), 0)
        flow += self.steps(record.steps, 0)
        for table in record.tables:
            flow += self.data_table(table)
        flow += self.text_blocks(record.after, body)
        return flow

    def steps(self, steps: list[Step], depth: int) -> list[Flowable]:
        flow: list[Flowable] = []
        style = self.look.item(depth)
        size = self.look.body.fontSize
        for number, step in enumerate(steps, 1):
            lead = ""
            if step.label is None:
                marker = f"{number}."
            elif len(plain_text(step.label.tokens)) <= SHORT_LABEL:
                marker = self.text(step.label) + "."
            else:
                marker = "•"
                lead = f"<b>{self.text(step.label)}.</b> "
            first = True
            for block in step.text.blocks:
                if isinstance(block, TextParagraph):
                    text = inline(block.tokens, self.links, size)
                    if first:
                        text = f"<bullet>{marker}</bullet>{lead}{text}"
                    flow.append(Paragraph(text, style))
                    first = False
                else:
                    flow += self.items(block, depth + 1)
            flow += self.steps(step.steps, depth + 1)
        return flow

    def data_table(self, data: TableData) -> list[Flowable]:
        size = self.look.cell.fontSize
        flow: list[Flowable] = []
        if data.caption is not None:
            flow.append(Paragraph(self.text(data.caption, size), self.look.caption))
        rows = [[self.cell(self.text(column, size), True) for column in data.columns]]
        rows += [[self.cell(self.text(value, size)) for value in row] for row in data.rows]
        flow.append(self.table(rows, self.column_weights(data)))
        return flow

    def cell(self, text: str, head: bool = False) -> Flowable:
        return Paragraph(text, self.look.head_cell if head else self.look.cell)

    def table(self, rows: list[list[Flowable]], weights: list[float]) -> Table:
        total = sum(weights)
        widths = [self.width * weight / total for weight in weights]
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(
            TableStyle(
                [
                    # cells hold paragraphs; the table itself would set Helvetica (not embedded)
                    ("FONT", (0, 0), (-1, -1), self.look.cell.fontName),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("BACKGROUND", (0, 0), (-1, 0), color("table_head")),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, color("table_stripe")]),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.6, color("rule")),
                    ("LINEBELOW", (0, -1), (-1, -1), 0.6, color("rule")),
                    ("TOPPADDING", (0, 0), (-1, -1), 2.5),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
                    ("LEFTPADDING", (0, 0), (-1, -1), 3.5),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 3.5),
                ]
            )
        )
        table.spaceBefore = self.look.body.fontSize * 0.3
        table.spaceAfter = self.look.body.fontSize * 0.8
        return table

    def labelled(self, label: str, text: Text) -> list[Flowable]:
        """A text led by a bold label on its first line (or on a line of its own before a list)."""
        lead = f"<b>{escape(label)}</b> "
        blocks = text.blocks
        if blocks and isinstance(blocks[0], TextParagraph):
            size = self.look.body.fontSize
            first = Paragraph(lead + inline(blocks[0].tokens, self.links, size), self.look.body)
            return [first, *self.block_flow(blocks[1:], self.look.body)]
        return [Paragraph(lead, self.look.body), *self.text_blocks(text, self.look.body)]

    def see_also(self, label: str, targets: Iterable[str]) -> Paragraph:
        links = ", ".join(
            self.links.link(target, escape(self.links.titles.get(target, target)))
            for target in targets
        )
        return Paragraph(f"<b>{escape(label)}</b> {links}", self.look.small)

    def column_weights(self, data: TableData) -> list[float]:
        def shown(text: Text) -> str:
            return plain_text(text.tokens, self.links.titles, self.links.icon_names)

        return _column_weights(data, shown)

    def term_order(self, entry: GlossaryEntry) -> str:
        return _sort_key(plain_text(entry.term.tokens, None, self.links.icon_names))


def _toc_style(look: Look, level: int) -> ParagraphStyle:
    size = look.body.fontSize * (1.0 if level == 0 else 0.92)
    return ParagraphStyle(
        f"toc{level}",
        parent=look.body,
        fontName=look.heading(0).fontName if level == 0 else look.body.fontName,
        fontSize=size,
        leading=size * 1.3,
        leftIndent=size * 1.6 * (level + 1),
        firstLineIndent=-size * 1.6,
        spaceBefore=size * (0.35 if level == 0 else 0),
        spaceAfter=0,
    )


def _hex(name: str) -> str:
    from starpress.rulebook.style import hex_color

    return hex_color(name)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def _sort_key(term: str) -> str:
    """A–Z order that ignores accents and leading punctuation (¡, «)."""
    plain = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return re.sub(r"^[^A-Za-z0-9]+", "", plain).lower() or term.lower()


def _column_weights(table: TableData, shown: Callable[[Text], str]) -> list[float]:
    """Column widths in proportion to what the columns hold: their longest word and their
    typical cell length, so a column of numbers stays narrow and prose gets room."""
    weights = []
    for column in range(len(table.columns)):
        cells = [shown(table.columns[column])] + [shown(row[column]) for row in table.rows]
        longest_word = max(len(word) for cell in cells for word in (cell.split() or [""]))
        mean = sum(len(cell) for cell in cells) / len(cells)
        weights.append(max(longest_word, 4) + min(mean, 60) * 0.6)
    return weights
