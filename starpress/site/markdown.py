"""Text tokens to safe Markdown for the site: the site's escaping boundary.

Everything a person typed (content, translations, UI catalogs) reaches a page through
`escape`: HTML-escaped (`& < > "`) and with every Markdown punctuation backslash-escaped,
so it cannot become HTML, a link, emphasis, an attr_list `{: …}` or a table break. The only
HTML and Markdown syntax on a page is what this module and the page templates write; a
piece of it is a `Markdown` (a `str` that says "already safe"). Links go only to our own
pages or to `http`, `https` and `mailto` addresses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from starpress.core.text import Code, IconRef, Items, Paragraph, Span, Text, Token, plain_text

SAFE_SCHEMES = ("http", "https", "mailto")
# Python-Markdown's escapable characters (with the tables extension's `|`)
_MARKDOWN_PUNCTUATION = "\\`*_{}[]()#+-.!|"
_ESCAPES = {ord(char): "\\" + char for char in _MARKDOWN_PUNCTUATION}


class Markdown(str):
    """A fragment of Markdown/HTML made by our renderer or templates: safe as it is."""


def escape(value: object) -> Markdown:
    """Any value as literal text in Markdown: nothing in it is markup, HTML or a line break."""
    if isinstance(value, Markdown):
        return value
    text = str(value)
    flat = " ".join(text.split())
    if flat:  # one space kept at either end, where a text meets an icon or a link
        flat = (" " if text[:1].isspace() else "") + flat + (" " if text[-1:].isspace() else "")
    # backslashes first (they add no `&`), then the HTML characters (they add no punctuation)
    return Markdown(_html(flat.translate(_ESCAPES)))


def escape_punctuation(value: str) -> str:
    """Only the Markdown half of `escape`, for text an XML/HTML serialiser escapes itself."""
    return " ".join(value.split()).translate(_ESCAPES)


def _html(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def join(parts: Iterable[str], separator: str = "") -> Markdown:
    """Fragments joined; plain strings among them are escaped."""
    return Markdown(escape(separator).join(escape(part) for part in parts))


def safe_url(url: str | None) -> str | None:
    """The URL if it is an http(s)/mailto address, else None (never linked)."""
    if not url:
        return None
    url = url.strip()
    if any(ord(char) <= 0x20 or char in '<>"\\`' for char in url):
        return None
    parts = urlsplit(url)
    if parts.scheme.lower() not in SAFE_SCHEMES:
        return None
    if parts.scheme.lower() != "mailto" and not parts.netloc:
        return None
    return url


def url(address: str) -> Markdown:
    """A link address for Markdown: ours (relative) or one `safe_url` let through."""
    return Markdown(quote(address, safe="/#:?=&%@+,;~._-"))


def link(label: object, address: str) -> Markdown:
    """A Markdown link; `address` is ours (relative) or passed `safe_url` already."""
    return Markdown(f"[{escape(label)}]({url(address)})")


def ident(value: str) -> Markdown:
    """A record id or anchor as an HTML id: only the characters stable ids are made of."""
    if not value or any(
        not (char.isascii() and (char.isalnum() or char in "._-")) for char in value
    ):
        raise ValueError(f"not an id: {value!r}")
    return Markdown(value)


def verbatim(value: str) -> Markdown:
    """One line of our own text inside a fenced code block (shown literally there)."""
    if "\n" in value or "`" in value:
        raise ValueError(f"not one line for a code block: {value!r}")
    return Markdown(value)


def code(value: str) -> Markdown:
    """Literal text shown as code."""
    return Markdown(f"<code>{escape(value)}</code>")


@dataclass(frozen=True)
class Context:
    """What rendering text on one page needs: titles of records, links and icons."""

    titles: Mapping[str, str]
    href: Callable[[str], str]
    icon: Callable[[str], Markdown]


def inline(tokens: Iterable[Token], context: Context) -> Markdown:
    """Inline tokens as one line of Markdown: emphasis runs grouped, icons, links."""
    out: list[str] = []
    run: list[str] = []
    style = (False, False)
    for token in tokens:
        if (token.bold, token.italic) != style:
            out.append(_emphasised(run, *style))
            run, style = [], (token.bold, token.italic)
        run.append(_token(token, context))
    out.append(_emphasised(run, *style))
    return Markdown("".join(out))


def _token(token: Token, context: Context) -> str:
    if isinstance(token, Span):
        return escape(token.text) if token.text.strip() else (" " if token.text else "")
    if isinstance(token, Code):
        return code(token.text)
    if isinstance(token, IconRef):
        return context.icon(token.icon)
    label = token.label or title_of(token.target, context.titles)
    return link(label, context.href(token.target))


def _emphasised(run: list[str], bold: bool, italic: bool) -> str:
    body = "".join(run)
    if not body.strip() or not (bold or italic):
        return body
    marker = ("**" if bold else "") + ("*" if italic else "")
    core = body.strip()
    lead = " " if body[:1].isspace() else ""
    tail = " " if body[-1:].isspace() else ""
    return f"{lead}{marker}{core}{marker[::-1]}{tail}"


def title_of(target: str, titles: Mapping[str, str]) -> str:
    """A record's title as plain text (a title's own markup dropped)."""
    title = titles.get(target)
    if title is None:
        return target
    return plain_text(title.tokens) if isinstance(title, Text) else title


def line(text: Text | None, context: Context) -> Markdown:
    """A text on one line (table cells, captions, short definitions)."""
    return inline(text.tokens, context) if text else Markdown("")


def blocks(text: Text | None, context: Context) -> Markdown:
    """A text's paragraphs and lists as Markdown blocks."""
    if not text:
        return Markdown("")
    parts: list[str] = []
    for block in text.blocks:
        if isinstance(block, Paragraph):
            parts.append(inline(block.tokens, context))
        elif isinstance(block, Items):
            marker = "1." if block.ordered else "-"
            parts.append("\n".join(f"{marker} {inline(item, context)}" for item in block.items))
    return Markdown("\n\n".join(part for part in parts if part))


def indent(fragment: Markdown, spaces: int = 4, first: bool = True) -> Markdown:
    """A fragment indented (inside a list item or an admonition); blank lines stay blank."""
    pad = " " * spaces
    lines = fragment.split("\n")
    shifted = [pad + part if part.strip() else "" for part in lines]
    if not first:
        shifted[0] = lines[0]
    return Markdown("\n".join(shifted))


def note(kind: str, title: object, body: Markdown) -> Markdown:
    """An admonition box; its title is escaped, so quotes in it cannot break it."""
    return Markdown(f'!!! {kind} "{escape(title)}"\n\n{indent(body)}')


def attr(value: object) -> str:
    """A value for an HTML attribute in our templates."""
    return _html(" ".join(str(value).split()))


_LOOKALIKES = str.maketrans({"<": "‹", ">": "›", "&": "＆", '"': "”"})


def nav_label(value: object) -> str:
    """A title for MkDocs' nav. The theme prints nav titles as they are but strips tags
    from `<title>` after un-escaping entities, so no escaping is right for both: the four
    HTML characters become look-alikes instead."""
    return " ".join(str(value).split()).translate(_LOOKALIKES)
