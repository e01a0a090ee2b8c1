"""Paragraphs whose parsed markup is reused within a batch of books of one text.

The A4 and Letter books (and the quick reference) of a game in a language hold the same
paragraph markup in the same styles; parsing it (reportlab's HTML parser) is a fifth of
a book's time. Inside `reusing_parses()` each (markup, style) is parsed once and every
paragraph gets its own copy of the parsed fragments, since layout annotates them.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from reportlab.platypus import Paragraph as PlatypusParagraph

_parsed: dict[tuple[str, int, Any], tuple[str, bytes, Any]] | None = None
"""(markup, style id, bullet text) -> the first parse: cleaned text, pickled fragments and
bullet, style (the given one unless the markup set paragraph attributes), while reusing."""


@contextmanager
def reusing_parses() -> Iterator[None]:
    """Parse each distinct paragraph once while the block runs (styles must outlive it)."""
    global _parsed
    _parsed = {}
    try:
        yield
    finally:
        _parsed = None


class Paragraph(PlatypusParagraph):
    """A Platypus paragraph that reuses the parse of an identical one (see the module)."""

    def _setup(self, text: Any, style: Any, bulletText: Any, frags: Any, cleaner: Any) -> None:
        if frags is not None or _parsed is None or not isinstance(bulletText, str | None):
            super()._setup(text, style, bulletText, frags, cleaner)  # type: ignore[misc]
            return
        key = (text, id(style), bulletText)
        known = _parsed.get(key)
        if known is None:
            super()._setup(text, style, bulletText, frags, cleaner)  # type: ignore[misc]
            _parsed[key] = (self.text, pickle.dumps((self.frags, self.bulletText)), self.style)
            return
        self.text, parsed, self.style = known
        self.frags, self.bulletText = pickle.loads(parsed)
        self.debug = 0
