"""A reportlab canvas whose Form XObjects keep their graphics states, whose pages name no
font the PDF does not carry, and that draws a face straight on the page the way a form
would draw it.

reportlab collects the ExtGState (alpha, overprint) a form uses but only pages write it
out, so a form that draws a translucent SVG icon points at a state the PDF never defines
(poppler: "ExtGState 'gRLs0' is unknown"). Our forms add it to their own resources.

reportlab starts every page in Helvetica, one of PDF's fourteen standard fonts, which it
names in each page's resources without embedding it (a viewer substitutes its own); our
canvas starts in a bundled font instead, so every font a PDF names is in the file.

A face drawn once needs no form: `begin_face` and `end_face` put its drawing in the page,
as marked content that names it (`/Face <</Name (front-…) /BBox [0 0 w h]>> BDC … EMC`, how
a reader finds it again), starting from the graphics state a form starts from.
"""

from __future__ import annotations

from typing import Any

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from starpress.pdf.fonts import face

# Compressed streams stay binary: ASCII85 makes them 25% larger and costs time to encode.
rl_config.useA85 = 0


class _FormXObject(pdfdoc.PDFFormXObject):
    def format(self, document: Any) -> Any:
        form: Any = self  # reportlab sets these attributes dynamically
        if not form.Resources and getattr(form, "ExtGState", None):
            resources: Any = pdfdoc.PDFResourceDictionary()
            resources.basicFonts()
            if form.hasImages:
                resources.allProcs()
            else:
                resources.basicProcs()
            if form.XObjects:
                resources.XObject = form.XObjects
            resources.ExtGState = form.ExtGState
            form.Resources = resources
        return super().format(document)


TextOperators = dict[tuple[str, float, float, int, str], tuple[str, int, float]]
"""A string's text operators by font, size, leading, the font subset in use and the string:
the operators, the subset in use after them and the string's width (`_TextOnce`)."""


class _TextOnce(PDFTextObject):
    """reportlab's text object, writing the operators of a string it has written before in
    the same font, size and subset from its canvas's `text_operators` instead of encoding
    it again: per string, reportlab splits a TrueType text into its font subsets, escapes
    it and formats its size, the largest part of drawing a face's text.

    The same operators, byte for byte: the glyphs of a subset keep the codes they were
    given the first time they were used in the document, so a string encoded once encodes
    the same every time after (what the operators depend on is the key)."""

    def textOut(self, text: str) -> None:
        self_: Any = self  # reportlab's attributes are untyped
        canvas: Any = self_._canvas
        key = (self_._fontname, self_._fontsize, self_._leading, self_._curSubset, text)
        found = canvas.text_operators.get(key)
        if found is None:
            width = canvas.stringWidth(text, self_._fontname, self_._fontsize)
            found = (self_._formatText(text), self_._curSubset, width)
            canvas.text_operators[key] = found
        else:
            self_._curSubset = found[1]
        self_._x = self_._x + found[2]
        self_._code.append(found[0])


class KitCanvas(Canvas):
    """Canvas for kits and books: reportlab's, with forms that define their ExtGStates,
    starting in a bundled font (embedded when used, and never named when not)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("initialFontName") is None:  # platypus passes None for "the default"
            kwargs["initialFontName"] = face("DejaVuSans")
        super().__init__(*args, **kwargs)
        self.text_operators: TextOperators = {}
        """The text operators of each string written by `begin_text_once`'s objects."""
        self.placements: dict[tuple[object, ...], tuple[str, ...]] = {}
        """What `place_form` wrote for each form, clip and matrix."""

    def place_form(
        self,
        name: str,
        clip: tuple[float, float, float, float],
        matrix: tuple[float, float, float, float, float, float],
    ) -> None:
        """Draw the form `name` through `matrix`, clipped to `clip` (x, y, width, height),
        leaving the graphics state as it was: the operators of saveState, a clipping
        rectangle, transform, doForm and restoreState, worked out the first time and written
        again for the same form, clip and matrix (a sheet of backs is the same on every
        page)."""
        canvas: Any = self
        key = (name, clip, matrix, canvas._fillMode)
        code = self.placements.get(key)
        if code is not None:
            canvas._code.extend(code)
            canvas._formsinuse.append(name)
            return
        start = len(canvas._code)
        self.saveState()
        path = self.beginPath()
        path.rect(*clip)
        self.clipPath(path, stroke=0, fill=0)
        self.transform(*matrix)
        self.doForm(name)
        self.restoreState()
        self.placements[key] = tuple(canvas._code[start:])

    def begin_text_once(self) -> PDFTextObject:
        """A text object (`beginText`) that encodes each string in a font and size once
        per document: a deck repeats its texts on many faces."""
        return _TextOnce(self)

    def endForm(self, **extra_attributes: Any) -> None:
        # reportlab's own endForm, but building our form class (its internals are untyped)
        canvas: Any = self
        name, lowerx, lowery, upperx, uppery = canvas._formData
        form = _FormXObject(lowerx=lowerx, lowery=lowery, upperx=upperx, uppery=uppery)
        form.compression = canvas._pageCompression
        form.setStreamList([canvas._preamble, *canvas._code])
        for key, value in extra_attributes.items():
            setattr(form, key, value)
        canvas._setColorSpace(form)
        canvas._setExtGState(form)
        canvas._setXObjects(form)
        canvas._setAnnotations(form)
        canvas._doc.addForm(name, form)
        canvas._restartAccumulators()
        self.pop_state_stack()

    def begin_face(self, name: str, width: float, height: float) -> None:
        """Draw what follows on the page as the face `name` (its bleed area `width` x
        `height` from the current origin) until `end_face`: marked content naming it, and
        reportlab's own state reset as `beginForm` resets it, so the drawing is the one a
        form of it would hold."""
        canvas: Any = self
        canvas._code.append(
            f"/Face <</Name ({escapePDF(name)}) /BBox [0 0 {fp_str(width, height)}]>> BDC"
        )
        self.push_state_stack()
        self.init_graphics_state()

    def end_face(self) -> None:
        canvas: Any = self
        self.pop_state_stack()
        canvas._code.append("EMC")
