"""The command line, the one composition root: it parses options and composes the core and
the renderers (kits, rulebooks, site, bots)."""

from starpress.cli.app import app, main

__all__ = ["app", "main"]
