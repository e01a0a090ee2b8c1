"""Rules text as Markdown: a record's body, lists, numbered steps, tables and sections,
with every cross-reference linked and every icon drawn (`starpress.site.gamesite`)."""

from __future__ import annotations

import posixpath

from starpress.core.model import Blocks, Section, Setup, Step, Table, all_texts
from starpress.core.text import Text
from starpress.site import markdown as sitetext
from starpress.site.gamesite import GameSite
from starpress.site.markdown import Markdown, escape


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
    site: GameSite, section: Section, page: str, level: int, heading: bool = True
) -> Markdown:
    """A rules section and its subsections, its heading at `level`. Without its heading (a
    section that is the whole of its page, under a title that already names it), its
    subsections take its level, so the page's contents do not repeat the title."""
    parts = []
    if heading:
        marks = "#" * min(level, 6)
        parts.append(
            f'{marks} {escape(site.name(section.id))} {{: id="{sitetext.ident(section.id)}" }}'
        )
    parts.append(site.untranslated(block_texts(section), blocks_md(site, section, page)))
    below = level + 1 if heading else level
    parts.extend(
        setup_md(site, setup, page) for setup in site.game.setups if setup.section == section.id
    )
    parts.extend(section_md(site, child, page, below) for child in section.sections)
    return Markdown("\n\n".join(part for part in parts if part))


def setup_md(site: GameSite, setup: Setup, page: str) -> Markdown:
    """A setup picture drawn from the board's layouts (`pnp.setups`), its title and caption
    below it; the prototype's note; or the command that draws it, when it is not drawn."""
    context = site.context(page)
    title = escape(site.name(setup.id))
    if setup.provenance == "prototype":
        title = Markdown(f"{title} *({site.ui.gettext('prototype')})*")
    caption = sitetext.line(setup.caption, context) if setup.caption else Markdown("")
    text = site.untranslated(
        [setup.title, *([setup.caption] if setup.caption else [])],
        Markdown(f"**{title}**" + (f" — {caption}" if caption else "")),
    )
    picture = site.files.setups.get(setup.id)
    if picture is None:
        command = sitetext.code("starpress site build")
        missing = site.ui.gettext("Not built yet: run %(command)s.", command=command)
        return Markdown(f"{text}\n\n*{missing}*")
    src = posixpath.relpath(picture.path, posixpath.dirname(page) or ".")
    alt = escape(site.name(setup.id))
    return Markdown(f"![{alt}]({src}){{: .sp-setup }}\n\n{text}")
