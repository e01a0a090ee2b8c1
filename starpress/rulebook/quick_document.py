"""Lay a quick reference out in two columns under a title band, at the largest type size
(style.yaml `quick.body`) that fits its page limit; written atomically.

Each size is laid out in memory, and given up at the first page past the limit; the first
that fits is written. Nothing is ever cut: a reference too long even at the smallest size
is refused at the game's folder, and nothing is written.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from starpress.core import counts
from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.pdf.fonts import face
from starpress.rulebook.document import RulebookCanvas, _fit, page_settings
from starpress.rulebook.story import Outline
from starpress.rulebook.style import Page, QuickLayout, color, quick_layout, register_families


class _OverPages(Exception):
    """The layout went past the page limit: this type size does not fit."""


class QuickDocument(BaseDocTemplate):
    """Pages of two columns under a band with the game's title and the page's number."""

    def __init__(
        self,
        target: Any,
        page: Page,
        layout: QuickLayout,
        heading: str,
        page_words: str,
        **meta: Any,
    ) -> None:
        super().__init__(target, **page_settings(page), **meta)
        self.book_page = page
        self.layout = layout
        self.heading = heading
        self.page_words = page_words
        self.page_limit: int | None = None
        """Stop laying out (`_OverPages`) when a page past this one would begin."""
        width = (page.width - 2 * page.margin - layout.gap) / 2
        height = page.height - 2 * page.margin - layout.header
        columns = [
            Frame(
                page.margin + column * (width + layout.gap),
                page.margin,
                width,
                height,
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
                id=f"column{column}",
            )
            for column in (0, 1)
        ]
        self.addPageTemplates([PageTemplate("columns", columns, onPageEnd=self._decorate)])

    def handle_pageBegin(self) -> None:
        if self.page_limit is not None and self.page >= self.page_limit:
            raise _OverPages
        super().handle_pageBegin()

    def afterFlowable(self, flowable: Flowable) -> None:
        outline: Outline | None = getattr(flowable, "outline", None)
        if outline is not None:
            self.canv.addOutlineEntry(outline.title, outline.key, outline.level, closed=False)

    def _decorate(self, canvas: Any, _doc: Any) -> None:
        """The title band (title left, page number right) and the rule between columns."""
        page, layout = self.book_page, self.layout
        size = layout.header * 0.42
        left, right = page.margin, page.width - page.margin
        top = page.height - page.margin
        baseline = top - size
        number = self.page_words.format(page=canvas.getPageNumber())
        canvas.saveState()
        canvas.setFillColor(color("muted"))
        canvas.setFont(face("DejaVuSansCondensed"), size * 0.6)
        canvas.drawRightString(right, baseline, number)
        canvas.setFillColor(color("accent"))
        canvas.setFont(face("DejaVuSans", bold=True), size)
        canvas.drawString(left, baseline, _fit(self.heading, size, (right - left) * 0.8))
        canvas.setStrokeColor(color("rule"))
        canvas.setLineWidth(0.6)
        rule = top - layout.header * 0.72
        canvas.line(left, rule, right, rule)
        middle = page.width / 2
        canvas.setLineWidth(0.3)
        canvas.line(middle, page.margin, middle, rule - layout.header * 0.2)
        canvas.restoreState()
        if canvas.getPageNumber() == 1:
            canvas.showOutline()


def write_quick_pdf(
    path: Path,
    story_at: Callable[[Page], list[Flowable]],
    pages_at: Callable[[float], Page],
    heading: str,
    words: Mapping[str, str],
    icon_files: Mapping[str, Path],
    game_folder: Path,
    placeholders: Mapping[str, str],
    meta: Mapping[str, str],
) -> tuple[int, float]:
    """Lay the story out at each type size in turn until it fits its page limit, and write
    that layout to `path` through a temporary file; its pages and type size. A story that
    fits at no size is refused at the game's folder (InputError), nothing written."""
    register_families()
    layout = quick_layout()
    maker = partial(
        RulebookCanvas, icon_files=icon_files, game_folder=game_folder, placeholders=placeholders
    )

    def laid_out(size: float) -> tuple[io.BytesIO, int] | None:
        """The story laid out at a type size, and its pages; None when it does not fit."""
        page = pages_at(size)
        buffer = io.BytesIO()
        document = QuickDocument(buffer, page, layout, heading, words["page"], **meta)
        document.page_limit = layout.pages
        try:
            document.build(story_at(page), canvasmaker=maker)
        except _OverPages:
            return None
        return buffer, int(document.page)

    # the largest size first; when it does not fit, the smallest says whether any will
    sizes = layout.sizes
    size, done = sizes[0], laid_out(sizes[0])
    if done is None:
        smallest = laid_out(sizes[-1]) if len(sizes) > 1 else None
        if smallest is None:
            message = (
                "the quick reference does not fit on "
                f"{counts.count(layout.pages, 'page', 'pages')} even at "
                f"{sizes[-1]:g} pt (quick.body in style.yaml); shorten the setup and gameplay "
                "steps or the glossary's short definitions: --quick prints every one"
            )
            raise InputError(game_folder, message)
        for size in sizes[1:]:
            done = smallest if size == sizes[-1] else laid_out(size)
            if done is not None:
                break
    assert done is not None  # the smallest fits
    buffer, pages = done
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, buffer.getvalue())
    return pages, size
