"""The table of contents in one layout pass: its lines are known before layout (the
story's headings), and each page number is a form drawn now and defined when its heading
is placed, so the book is laid out once instead of once more per change of page numbers."""

from __future__ import annotations

from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph

from starpress.pdf.fonts import face
from starpress.rulebook.markup import escape
from starpress.rulebook.story import TOC_LEVELS, Contents, Outline
from starpress.rulebook.style import color, hex_color

NUMBER_EMS = 2.6
"""Width of the page-number column, in font sizes."""


def listed(story: list[Flowable]) -> list[Outline]:
    """The headings the table of contents shows, in reading order."""
    return [
        outline
        for flowable in story
        if (outline := getattr(flowable, "outline", None)) is not None
        and outline.listed
        and outline.level < TOC_LEVELS
    ]


def form_name(key: str) -> str:
    return f"page-of-{key}"


class ContentsLine(Flowable):
    """One line of the contents: the heading's title (a link), a dotted leader, its page."""

    def __init__(self, outline: Outline, style: ParagraphStyle) -> None:
        super().__init__()
        self.outline = None  # not a heading itself
        self.entry = outline
        self.style = style
        self.number_width = style.fontSize * NUMBER_EMS
        link = f'<a href="#{escape(outline.key)}" color="{hex_color("ink")}">'
        self.title = Paragraph(f"{link}{escape(outline.title)}</a>", style)
        self.text_width = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.text_width = available_width - self.style.leftIndent - self.number_width
        unindented = ParagraphStyle("contents", parent=self.style, leftIndent=0)
        self.title.style = unindented
        _, self.height = self.title.wrap(self.text_width, available_height)
        return available_width, self.height

    def getSpaceBefore(self) -> float:
        return float(self.style.spaceBefore)

    def draw(self) -> None:
        canvas: Any = self.canv
        style = self.style
        self.title.drawOn(canvas, style.leftIndent, 0)
        title: Any = self.title  # reportlab sets blPara in wrap()
        lines = title.blPara.lines
        last = lines[-1]
        extra = last.extraSpace if hasattr(last, "extraSpace") else last[0]
        baseline = self.height - style.fontSize - (len(lines) - 1) * style.leading
        start = style.leftIndent + self.text_width - extra + style.fontSize * 0.4
        end = self.width - self.number_width + style.fontSize * 0.2
        canvas.saveState()
        if end > start:
            canvas.setStrokeColor(color("rule"))
            canvas.setLineWidth(0.6)
            canvas.setDash([0.6, style.fontSize * 0.35])
            canvas.line(start, baseline + 1, end, baseline + 1)
        canvas.translate(self.width - self.number_width, baseline)
        canvas.doForm(form_name(self.entry.key))
        canvas.restoreState()
        canvas.linkRect(
            "",
            self.entry.key,
            (self.width - self.number_width, baseline - 2, self.width, baseline + style.fontSize),
            relative=1,
        )


def contents_lines(contents: Contents, story: list[Flowable]) -> list[Flowable]:
    """The lines of a contents placeholder."""
    return [ContentsLine(outline, contents.styles[outline.level]) for outline in listed(story)]


def define_page_number(canvas: Any, key: str, page: int, style: ParagraphStyle) -> None:
    """The form a contents line shows as the page of `key`: the number, right-aligned."""
    width = style.fontSize * NUMBER_EMS
    canvas.beginForm(form_name(key), 0, -style.fontSize * 0.3, width, style.fontSize)
    canvas.setFont(face("DejaVuSans", bold=style.fontName.endswith("Bold")), style.fontSize)
    canvas.setFillColor(color("ink"))
    canvas.drawRightString(width, 0, str(page))
    canvas.endForm()
