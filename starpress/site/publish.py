"""A language's built site made publishable: a reproducible sitemap, no theme source maps.

MkDocs writes `sitemap.xml` (with every page's build date) and `sitemap.xml.gz` (with the
build time in its gzip header). With no site URL there are no absolute addresses to list,
so both are removed; with one, the dates go unless asked for, and the gzip copy is written
again with a zero timestamp and no file name. The theme's `*.map` files (its sources, for
debugging it) are left out, with the comments pointing at them: visitors never need them.
With no site URL the theme's `404.html` goes too: a host serves it for a missing page at any
depth, so its links must start at the site's published path, which is then unknown.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from starpress.core.atomic import write_atomic
from starpress.site.config import SiteSettings

SITEMAP = "sitemap.xml"
_LASTMOD = re.compile(r"\n\s*<lastmod>[^<]*</lastmod>")


_SOURCE_MAP_COMMENT = re.compile(r"\n(//|/\*)# sourceMappingURL=[^\n]*\n?$")


def finish(site_dir: Path, settings: SiteSettings) -> None:
    """The language's built files in `site_dir` as published (see the module's docstring)."""
    finish_sitemap(site_dir, settings)
    drop_source_maps(site_dir / "assets")
    if not settings.site_url:
        (site_dir / "404.html").unlink(missing_ok=True)


def drop_source_maps(folder: Path) -> None:
    for source_map in sorted(folder.rglob("*.map")):
        built = source_map.with_suffix("")  # bundle.min.js.map -> bundle.min.js
        source_map.unlink()
        if built.is_file():
            text = built.read_text("utf-8")
            trimmed = _SOURCE_MAP_COMMENT.sub("\n", text)
            if trimmed != text:
                write_atomic(built, trimmed.encode("utf-8"))


def finish_sitemap(site_dir: Path, settings: SiteSettings) -> None:
    xml_path = site_dir / SITEMAP
    gz_path = site_dir / (SITEMAP + ".gz")
    if not settings.site_url:
        xml_path.unlink(missing_ok=True)
        gz_path.unlink(missing_ok=True)
        return
    if not xml_path.is_file():
        return
    text = xml_path.read_text("utf-8")
    if not settings.sitemap_dates:
        text = _LASTMOD.sub("", text)
    data = text.encode("utf-8")
    write_atomic(xml_path, data)
    write_atomic(gz_path, gzip.compress(data, compresslevel=9, mtime=0))
