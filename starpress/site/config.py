"""The rules site's publishing settings: its title, base URL and sitemap dates.

Each comes from, first to last: the command line, the environment (`STARPRESS_SITE_URL`,
`STARPRESS_SITEMAP_DATES`) and `site/site.yaml`. `starpress site build` resolves them once
and hands them to every language's process with the build's inputs (`SiteInputs`); MkDocs
run by hand has its plugin (`starpress.site.plugin`) resolve them with the same `resolve`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from starpress.core.errors import InputError
from starpress.core.project import Project

URL_VARIABLE = "STARPRESS_SITE_URL"
DATES_VARIABLE = "STARPRESS_SITEMAP_DATES"
DEFAULT_TITLE = "starpress"
_KEYS = {"title", "site_url", "sitemap_dates"}


@dataclass(frozen=True)
class SiteSettings:
    title: str = DEFAULT_TITLE
    site_url: str | None = None
    """The published base URL, ending in `/`; None: relative links only."""
    sitemap_dates: bool = False

    def language_url(self, lang: str) -> str | None:
        """Where a language's site is published (`<site_url><lang>/`), if it is."""
        return f"{self.site_url}{lang}/" if self.site_url else None


def settings_path(root: Path) -> Path:
    return Project(root).site_settings


def base_url(value: str, where: str) -> str | None:
    """A published base URL: http(s), a host, no query or fragment; with a final `/`.
    An empty value is no URL."""
    value = value.strip()
    if not value:
        return None
    parts = urlsplit(value)
    plain = all(ord(char) > 0x20 and char not in "<>\"'\\`{}|^" for char in value)
    if parts.scheme not in ("http", "https") or not parts.netloc or not plain:
        raise InputError(where, f"site URL must be an http(s) address, got {value!r}")
    if parts.query or parts.fragment:
        raise InputError(where, f"site URL must not have a query or fragment, got {value!r}")
    return value if value.endswith("/") else value + "/"


def resolve(
    root: Path,
    site_url: str | None = None,
    sitemap_dates: bool | None = None,
    environ: Mapping[str, str] | None = None,
) -> SiteSettings:
    """The settings from the options given, else the environment, else site/site.yaml."""
    environ = environ or {}
    path = settings_path(root)
    data = _read(path)
    title = " ".join(str(data.get("title") or DEFAULT_TITLE).split()) or DEFAULT_TITLE
    if site_url is not None:
        url = base_url(site_url, "--site-url")
    elif URL_VARIABLE in environ:
        url = base_url(environ[URL_VARIABLE], URL_VARIABLE)
    else:
        url = base_url(str(data.get("site_url") or ""), str(path))
    if sitemap_dates is None:
        if DATES_VARIABLE in environ:
            sitemap_dates = environ[DATES_VARIABLE].strip().lower() in ("1", "true", "yes")
        else:
            sitemap_dates = data.get("sitemap_dates") is True
    return SiteSettings(title, url, sitemap_dates)


def _read(path: Path) -> dict[str, object]:
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text("utf-8")) or {}
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        raise InputError(path, f"not valid YAML: {error.problem}", line, col) from None
    if not isinstance(data, dict):
        raise InputError(path, "must be a mapping of title, site_url and sitemap_dates")
    unknown = sorted(set(map(str, data)) - _KEYS)
    if unknown:
        raise InputError(path, f"unknown field {unknown[0]!r}")
    return data
