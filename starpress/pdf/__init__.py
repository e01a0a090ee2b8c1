"""PDF basics both kits and rulebooks stand on: fonts, icon forms, the canvas, units."""
