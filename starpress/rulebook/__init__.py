"""Printable rulebooks: one PDF per game, language and paper, drawn with reportlab Platypus
from the same localised model and token stream as the site and the kits.

`style` reads the look and the labels (YAML), `markup` turns tokens into Platypus markup,
`story` turns a game into flowables, `document` lays them out into a PDF, `booklet` imposes
a book for saddle-stitch printing and `build` runs the requested books.
"""
