"""The Jinja environment of the Markdown page templates: the escaping half of the boundary.

Every `{{ }}` value of `templates/site/*.md.j2` is escaped for Markdown and HTML at once
unless it is a `Markdown` fragment of ours (`starpress.site.markdown`); the UI catalog's
strings come in through `UiText`, escaped as well.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from starpress.core.project import Project
from starpress.site import markdown as sitetext
from starpress.site.jinjacache import keep_compiled
from starpress.site.markdown import Markdown, escape
from starpress.site.uitext import UiText


def environment(root: Path, ui: UiText) -> Environment:
    """Jinja for Markdown pages: every `{{ }}` value escaped unless it is `Markdown`. A
    template is the project's own, else the built-in library's."""
    env = Environment(
        loader=FileSystemLoader(Project(root).page_template_folders),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,  # Markdown, not HTML: `finalize` escapes for Markdown and HTML at once
        finalize=escape,
    )
    env.globals.update(
        _=ui.gettext,
        gettext=ui.gettext,
        ngettext=ui.ngettext,
        code=sitetext.code,
        url=sitetext.url,
        ident=sitetext.ident,
        anchor=lambda record_id: Markdown(f'<span id="{sitetext.ident(record_id)}"></span>'),
        attr=lambda value: Markdown(sitetext.attr(value)),
        verbatim=sitetext.verbatim,
    )
    env.filters["indent"] = lambda value, width=4, first=False: sitetext.indent(
        escape(value), width, first
    )
    env.filters["join"] = lambda values, separator="": sitetext.join(values, separator)
    return keep_compiled(root, env)
