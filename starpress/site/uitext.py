"""The site's own words in a page's language: the UI catalog as text, and language names.

UI strings have English msgids (`templates/locale/`, extracted by `starpress.site.messages`);
a translated string is text, never markup, whatever the catalog says.
"""

from __future__ import annotations

import io

from babel import Locale
from babel.messages.mofile import write_mo
from babel.support import NullTranslations, Translations

from starpress.core.project import Project
from starpress.site.inputs import SiteInputs
from starpress.site.markdown import Markdown, escape


def language_name(lang: str, in_lang: str | None = None) -> str:
    """A language's own name (or its name in `in_lang`), from Babel's CLDR data."""
    locale = Locale.parse(lang.replace("-", "_"))
    name = locale.get_display_name(Locale.parse((in_lang or lang).replace("-", "_")))
    return str(name[:1].upper() + name[1:]) if name else lang


def ui_translations(inputs: SiteInputs, lang: str) -> NullTranslations:
    """The site's UI strings (English msgids) in a language, from templates/locale/,
    through the build's catalog reader."""
    path = Project(inputs.root).ui_catalog(lang)
    if lang == "en" or not path.is_file():
        return NullTranslations()
    catalog = inputs.catalogs.read(path, lang)  # strict: a broken catalog is one located error
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer)


class UiText:
    """The UI catalog as template functions: a catalog string is text, never markup.

    The translated string is escaped first, then its `%(name)s` placeholders are filled with
    values that are escaped too unless they are `Markdown` fragments of ours.
    """

    def __init__(self, translations: NullTranslations) -> None:
        self.translations = translations

    def gettext(self, message: str, **values: object) -> Markdown:
        return _fill(self.translations.gettext(message), values)

    def label(self, message: str, **values: object) -> str:
        """A catalog string as plain text, for labels MkDocs' theme shows (the nav) and for
        text a serialiser escapes itself (SVG); `%(name)s` placeholders filled as given."""
        return _fill_plain(str(self.translations.gettext(message)), values)

    def nlabel(self, singular: str, plural: str, n: int, **values: object) -> str:
        """A plural catalog string as plain text (see `label`), in the form `n` takes."""
        return _fill_plain(self.translations.ngettext(singular, plural, n), {"num": n, **values})

    def ngettext(self, singular: str, plural: str, n: int, **values: object) -> Markdown:
        return _fill(self.translations.ngettext(singular, plural, n), {"num": n, **values})


def _fill_plain(message: str, values: dict[str, object]) -> str:
    for name, value in values.items():
        for kind in "sd":
            message = message.replace(f"%({name}){kind}", str(value))
    return message


def _fill(message: str, values: dict[str, object]) -> Markdown:
    filled = str(escape(message))
    for name, value in values.items():
        for kind in "sd":
            filled = filled.replace(escape(f"%({name}){kind}"), escape(value))
    return Markdown(filled)
