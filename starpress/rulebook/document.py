"""Lay a book's story out as a PDF: pages, running heads, page numbers, bookmarks, the
table of contents (two passes), inline vector icons, metadata; written atomically."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from starpress.core.atomic import atomic_path
from starpress.pdf.canvas import KitCanvas
from starpress.pdf.fonts import face
from starpress.pdf.icons import IconForms
from starpress.rulebook.contents import contents_lines, define_page_number
from starpress.rulebook.story import TOC_LEVELS, Contents, Outline
from starpress.rulebook.style import Page, color, register_families


class RulebookCanvas(KitCanvas):
    """A canvas that draws a game's icons as vector forms where paragraphs place them.

    Platypus lays an inline `<img>` out like a glyph (width, baseline offset) and then
    calls `drawImage` with its file name; for our icons' placeholder files we draw the
    icon's form in that box instead, so each icon is stored once, as vectors.
    """

    def __init__(
        self,
        *args: Any,
        icon_files: Mapping[str, Path],
        game_folder: Path,
        placeholders: Mapping[str, str],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.setViewerPreference("Duplex", "DuplexFlipLongEdge")  # back to back, like a book
        # a viewer's window and tab show the book's title, not its file name (PDF/UA, WCAG PDF18)
        self.setViewerPreference("DisplayDocTitle", "true")
        self._icons = IconForms(self, dict(icon_files), game_folder)
        self._icons.define_all()
        self._placeholders = dict(placeholders)

    def drawImage(
        self,
        image: Any,
        x: float,
        y: float,
        width: Any = None,
        height: Any = None,
        *args: Any,
        **kwargs: Any,
    ) -> Any:
        icon = self._placeholders.get(getattr(image, "fileName", None) or "")
        if icon is None:
            return super().drawImage(image, x, y, width, height, *args, **kwargs)
        self._icons.draw(icon, x, y, float(width))
        return (width, height)


def page_settings(page: Page) -> dict[str, Any]:
    """A book's page size and margins, with the PDF settings every book shares."""
    margins = {f"{side}Margin": page.margin for side in ("left", "right", "top", "bottom")}
    size = (page.width, page.height)
    return {
        "pagesize": size,
        **margins,
        "invariant": 1,
        "pageCompression": 1,
        "creator": "starpress",
    }


class RulebookDocument(BaseDocTemplate):
    """One book: a title page, then body pages with a running head and a page number."""

    def __init__(
        self,
        path: Path,
        page: Page,
        words: Mapping[str, str],
        running_title: str,
        contents_styles: tuple[ParagraphStyle, ...],
        **meta: Any,
    ) -> None:
        super().__init__(str(path), **page_settings(page), **meta)
        self.book_page = page
        self.words = words
        self.running_title = running_title
        self.contents_styles = contents_styles
        self.chapter = ""
        """The chapter being read (the last level-0 heading so far)."""
        self.head: str | None = None
        """The first chapter that starts on the current page, if any: the running head."""
        frame = Frame(
            page.margin,
            page.margin,
            page.width - 2 * page.margin,
            page.height - 2 * page.margin,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="text",
        )
        self.addPageTemplates(
            [
                PageTemplate("title", [frame], onPage=_show_outline),
                PageTemplate("body", [frame], onPage=self._new_page, onPageEnd=self._decorate),
            ]
        )

    def beforeDocument(self) -> None:
        self.chapter = ""

    def afterFlowable(self, flowable: Flowable) -> None:
        outline: Outline | None = getattr(flowable, "outline", None)
        if outline is None:
            return
        canvas = self.canv
        canvas.addOutlineEntry(outline.title, outline.key, outline.level, closed=outline.level > 0)
        if outline.listed and outline.level < TOC_LEVELS:
            style = self.contents_styles[outline.level]
            define_page_number(canvas, outline.key, self.page, style)
        if outline.level == 0:
            self.chapter = outline.title
            if self.head is None:
                self.head = outline.title

    def _new_page(self, _canvas: Any, _doc: Any) -> None:
        self.head = None

    def _decorate(self, canvas: Any, _doc: Any) -> None:
        """Running head (book title, chapter) and page number, in the book's language."""
        page = self.book_page
        size = page.body * 0.8
        left, right = page.margin, page.width - page.margin
        top = page.height - page.margin * 0.55
        canvas.saveState()
        canvas.setFont(face("DejaVuSansCondensed"), size)
        canvas.setFillColor(color("muted"))
        canvas.drawString(left, top, _fit(self.running_title, size, (right - left) * 0.45))
        canvas.drawRightString(
            right, top, _fit(self.head or self.chapter, size, (right - left) * 0.5)
        )
        canvas.setStrokeColor(color("rule"))
        canvas.setLineWidth(0.4)
        canvas.line(left, top - size * 0.5, right, top - size * 0.5)
        number = self.words["page"].format(page=canvas.getPageNumber())
        canvas.drawCentredString(page.width / 2, page.margin * 0.45, number)
        canvas.restoreState()


def _show_outline(canvas: Any, _doc: Any) -> None:
    canvas.showOutline()


def _fit(text: str, size: float, width: float) -> str:
    """Text shortened with an ellipsis to fit a width (running heads stay on one line)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = face("DejaVuSansCondensed")
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _with_contents(story: list[Flowable]) -> tuple[list[Flowable], tuple[ParagraphStyle, ...]]:
    """The story with its contents placeholder replaced by the contents' lines."""
    expanded: list[Flowable] = []
    styles: tuple[ParagraphStyle, ...] = ()
    for flowable in story:
        if isinstance(flowable, Contents):
            styles = flowable.styles
            expanded += contents_lines(flowable, story)
        else:
            expanded.append(flowable)
    return expanded, styles


def write_pdf(
    path: Path,
    story: list[Flowable],
    page: Page,
    words: Mapping[str, str],
    running_title: str,
    icon_files: Mapping[str, Path],
    game_folder: Path,
    placeholders: Mapping[str, str],
    meta: Mapping[str, str],
) -> int:
    """Lay the story out, in one pass, into `path` through a temporary file; the number of
    pages."""
    register_families()
    path.parent.mkdir(parents=True, exist_ok=True)
    story, styles = _with_contents(story)
    maker = partial(
        RulebookCanvas, icon_files=icon_files, game_folder=game_folder, placeholders=placeholders
    )
    with atomic_path(path) as temporary:
        document = RulebookDocument(temporary, page, words, running_title, styles, **meta)
        document.build(story, canvasmaker=maker)
    return int(document.page)
