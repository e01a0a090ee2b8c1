"""The site's UI strings as a catalog template: what `templates/locale/` translates.

The site's page templates (`templates/site/*.md.j2`, Jinja's i18n calls), the site's title
(`site/site.yaml`), the card fields the anatomy pictures label (`templates/site/anatomy.yaml`),
the component kinds the components page names, and the labels the site's own Python asks
for. `starpress i18n extract|update|report` read it through the cli.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir

from starpress.core.catalogs import new_catalog
from starpress.core.errors import InputError
from starpress.core.model import ComponentKind
from starpress.core.project import Project
from starpress.core.yamlpos import load_located
from starpress.site import config as siteconfig


def ui_template(root: Path) -> Catalog:
    """The UI strings of the site templates and the Python that builds pages (if any)."""
    template = new_catalog(None, "starpress: site")
    pages = Project(root).page_templates
    if not pages.is_dir():
        return template
    options = {"**.md.j2": {"extensions": "jinja2.ext.i18n"}}
    for filename, line, message, _comments, _context in extract_from_dir(
        str(pages), [("**.md.j2", "jinja2")], options_map=options
    ):
        template.add(message, locations=[(f"templates/site/{filename}", line)])
    title = site_title_source(root)
    if title:  # the site's own name, from site/site.yaml
        template.add(title, locations=[("site/site.yaml", 1)], auto_comments=["site title"])
    for label in dict.fromkeys(anatomy_labels(root).values()):  # the card anatomy's labels
        template.add(
            label, locations=[("templates/site/anatomy.yaml", 1)], auto_comments=["card field"]
        )
    for kind in get_args(ComponentKind):  # looked up by value on the components page
        template.add(
            kind, locations=[("starpress/core/model.py", 1)], auto_comments=["component kind"]
        )
    for source in sorted(Path(__file__).resolve().parent.glob("*.py")):  # the site's Python
        text = source.read_text("utf-8")
        where = f"starpress/site/{source.name}"  # also in a wheel, where no clone is
        for match in _UI_CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            template.add(match.group(1), locations=[(where, line)])
        for match in _UI_PLURAL_CALL.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            template.add((match.group(1), match.group(2)), locations=[(where, line)])
    return template


def site_title_source(root: Path) -> str | None:
    """The site title `site/site.yaml` gives (English, translated by the UI catalogs)."""
    title = siteconfig.resolve(root).title
    return None if title == siteconfig.DEFAULT_TITLE else title


def anatomy_labels(root: Path) -> dict[str, str]:
    """The English name of each card field the anatomy pictures label
    (`templates/site/anatomy.yaml`), translated like the rest of the UI."""
    path = Project(root).anatomy_labels
    if not path.is_file():
        return {}
    labels = load_located(path).data.get("labels")
    if not isinstance(labels, dict):
        raise InputError(path, "must hold `labels:`, a mapping of field name to English label")
    return {str(field): str(label) for field, label in labels.items()}


_UI_CALL = re.compile(r'(?:self\._|\bui_gettext|\bgettext|\b_|\.label)\(\s*"([^"]+)"')
_UI_PLURAL_CALL = re.compile(r'\.n(?:label|gettext)\(\s*"([^"]+)",\s*"([^"]+)"')
