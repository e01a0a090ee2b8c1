"""Tokens to Platypus paragraph markup: the only place rulebook text meets markup.

Every character of content is escaped (`&`, `<`, `>`, quotes), so a text typed as
`<font size=1000>` prints as those characters; only this module writes Platypus tags.
Cross-references link to anchors inside the book only, and external links only to
http(s) addresses. Icons are `<img>` boxes that reserve the icon's place on the baseline;
the canvas draws the icon's vector form there (see `document.RulebookCanvas`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from starpress.core.text import Code, CrossRef, IconRef, Span, Token, plain_text
from starpress.rulebook.style import hex_color


def escape(text: str) -> str:
    """Text as Platypus paragraph content: no character of it is read as markup."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


@dataclass(frozen=True)
class Links:
    """What a book can point at: record titles, its own anchors, its icons."""

    titles: Mapping[str, str]
    anchors: frozenset[str]
    icon_images: Mapping[str, str]
    """Icon id -> the placeholder image file whose box the canvas fills with the icon."""
    icon_names: Mapping[str, str]
    icon_scale: float
    icon_drop: float

    def link(self, target: str, label: str) -> str:
        """`label` (already markup) as a link to a record of this book, or as it is when the
        book has no anchor for it."""
        if target not in self.anchors:
            return label
        return f'<a href="#{escape(target)}" color="{hex_color("link")}">{label}</a>'

    def icon(self, icon_id: str, size: float) -> str:
        """An inline icon at a font size, sitting on the baseline like a capital letter."""
        image = self.icon_images.get(icon_id)
        if image is None:
            return escape(self.icon_names.get(icon_id, f":{icon_id}:"))
        side = size * self.icon_scale
        drop = size * self.icon_drop
        return (
            f'<img src="{escape(image)}" width="{side:.2f}" height="{side:.2f}" '
            f'valign="{-drop:.2f}"/>'
        )


def inline(tokens: Iterable[Token], links: Links, size: float) -> str:
    """One run of tokens as paragraph markup at a font size."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Span):
            piece = escape(token.text)
        elif isinstance(token, Code):
            piece = f'<font face="DejaVuSansCondensed" color="{hex_color("muted")}">'
            piece += f"{escape(token.text)}</font>"
        elif isinstance(token, IconRef):
            piece = links.icon(token.icon, size)
        else:
            piece = links.link(token.target, escape(_label(token, links)))
        if token.bold:
            piece = f"<b>{piece}</b>"
        if token.italic:
            piece = f"<i>{piece}</i>"
        parts.append(piece)
    return "".join(parts)


def _label(token: CrossRef, links: Links) -> str:
    return plain_text([token], links.titles)


def anchor(record_id: str) -> str:
    """A named destination for a record, placed where the paragraph holding it is drawn."""
    return f'<a name="{escape(record_id)}"/>'


def external(url: str | None, label: str) -> str:
    """`label` (markup) linked to `url` when it is an http(s) address, else `label` alone."""
    if url is None or urlsplit(url).scheme not in ("http", "https"):
        return label
    return f'<a href="{escape(url)}" color="{hex_color("link")}">{label}</a>'
