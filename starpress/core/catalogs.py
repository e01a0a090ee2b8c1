"""The translation cycle: extract, update, compile and report the gettext catalogs.

Game texts: `content/<game>/locale/<lang>.po` (msgctxt = stable id, msgid = source text),
one per language other than the game's own. UI strings: `templates/locale/<locale>/
LC_MESSAGES/messages.po` with English msgids. A translation whose msgid no longer equals
the source text is stale: `update` flags it fuzzy and keeps the previous msgid, and the
report counts it as stale until a translator clears the flag.
"""

from __future__ import annotations

import gettext
import hashlib
import io
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import yaml
from babel import Locale
from babel.core import UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import (
    PoFileError,
    escape,
    normalize,
    read_po,
    unescape,
    write_po,
)

from starpress.core import text as markup
from starpress.core.errors import InputError, shown_path
from starpress.core.limits import limits, read_capped
from starpress.core.messages import KINDS, game_messages
from starpress.core.model import LANGUAGES, Game
from starpress.core.posyntax import PoSyntaxError, check_po_syntax
from starpress.core.project import Project

FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""Catalog dates are fixed so that catalogs change only when their messages do."""


def locale_code(lang: str) -> str:
    """pt-BR -> pt_BR, the form gettext and Babel use."""
    return lang.replace("-", "_")


def game_catalog_path(root: Path, game_id: str, lang: str) -> Path:
    return Project(root).catalog(game_id, lang)


def ui_catalog_path(root: Path, lang: str) -> Path:
    return Project(root).ui_catalog(lang)


def required_languages(root: Path) -> list[str]:
    """The languages CI insists on (content/i18n.yaml)."""
    path = Project(root).translation_settings
    if not path.is_file():
        return []
    data = yaml.safe_load(path.read_text("utf-8")) or {}
    return [str(lang) for lang in data.get("required", [])]


# -- extract ----------------------------------------------------------------------------


def game_template(root: Path, game: Game) -> Catalog:
    """Every message of a game, as a template (.pot) catalog."""
    template = new_catalog(None, f"starpress: {game.info.title}")
    for message in game_messages(game):
        location = (message.path, message.line)
        template.add(
            message.text, context=message.id, locations=[location], auto_comments=[message.kind]
        )
    return template


# -- update -----------------------------------------------------------------------------


@dataclass
class UpdateResult:
    path: Path
    added: int = 0
    stale: int = 0
    removed: int = 0


def update_catalog(
    path: Path, template: Catalog, lang: str, prefill: dict[str, str] | None = None
) -> UpdateResult:
    """Bring a language's catalog in line with the template, keyed by msgctxt.

    New texts are added untranslated (or prefilled, e.g. icon names the YAML gives); a
    text whose source changed keeps its old translation, flagged fuzzy, with the
    previous msgid kept for the translator; texts gone from the source are dropped.
    """
    result = UpdateResult(path)
    old = (
        read_catalog(path, lang, check_markup=False)
        if path.is_file()
        else new_catalog(lang, template.project)
    )
    by_key = {(m.context, m.id if m.context is None else None): m for m in old if m.id}
    new = new_catalog(lang, template.project)
    new.header_comment = old.header_comment if path.is_file() else new.header_comment
    for entry in template:
        if not entry.id:
            continue
        key = (entry.context, entry.id if entry.context is None else None)
        previous = by_key.pop(key, None)
        if previous is None:
            new.add(
                entry.id,
                (prefill or {}).get(entry.context or "", ""),
                context=entry.context,
                locations=entry.locations,
                auto_comments=entry.auto_comments,
            )
            result.added += 1
            continue
        flags = set(previous.flags)
        previous_id: list[str] | tuple[str, ...] = previous.previous_id
        string = previous.string
        if previous.id != entry.id and previous.string:
            flags.add("fuzzy")
            previous_id = [previous.id] if isinstance(previous.id, str) else previous.id
            result.stale += 1
        elif isinstance(string, tuple | list) and any(string):
            forms = tuple(string)
            string = refit_plural_forms(forms, old.plural_expr, new.plural_expr, new.num_plurals)
            if string != forms and "fuzzy" not in flags:
                flags.add("fuzzy")  # a translator checks the forms of the new rules
                result.stale += 1
        new.add(
            entry.id,
            string if previous.id == entry.id or previous.string else "",
            context=entry.context,
            locations=entry.locations,
            flags=flags,
            auto_comments=entry.auto_comments,
            previous_id=previous_id,
            user_comments=previous.user_comments,
        )
    result.removed = len(by_key)
    write_catalog(path, new)
    return result


PLURAL_SAMPLES = (*range(200), 1_000, 100_000, 1_000_000, 2_000_000, 10_000_000)
"""Numbers tried to find one that each plural form of a language's rules is used for."""


def refit_plural_forms(
    forms: tuple[str, ...] | list[str], old_expr: str, new_expr: str, count: int
) -> tuple[str, ...]:
    """A plural translation's forms moved from one plural rule to another (a newer CLDR in
    Babel can add a form, `many`, and renumber the others): each new form takes the old
    form that was used for the same number; a form no old one covered is left empty."""
    if old_expr == new_expr and len(forms) == count:
        return tuple(forms)
    old_index, new_index = gettext.c2py(old_expr), gettext.c2py(new_expr)
    refit = []
    for index in range(count):
        number = next((n for n in PLURAL_SAMPLES if new_index(n) == index), None)
        old = old_index(number) if number is not None else len(forms)
        refit.append(forms[old] if old < len(forms) else "")
    return tuple(refit)


# -- report -----------------------------------------------------------------------------


@dataclass
class Counts:
    translated: int = 0
    stale: int = 0
    missing: int = 0
    stale_ids: list[str] = field(default_factory=list)
    missing_ids: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.translated + self.stale + self.missing

    @property
    def percent(self) -> float:
        return 100.0 if self.total == 0 else 100.0 * self.translated / self.total


@dataclass(frozen=True)
class ReportRow:
    game: str  # a game id, or "site" for the UI strings
    lang: str
    kind: str
    counts: Counts


def report(root: Path, games: Iterable[Game], ui_template: Catalog) -> list[ReportRow]:
    """Translated, stale and missing texts per game, language and kind, and of the UI
    (`ui_template`: every UI string, `starpress.site.messages.ui_template`)."""
    rows: list[ReportRow] = []
    for game in games:
        messages = game_messages(game)
        for lang in LANGUAGES:
            counts = {kind: Counts() for kind in KINDS if kind != "ui"}
            if lang == game.info.source_language:
                for message in messages:
                    counts[message.kind].translated += 1
            else:
                path = game_catalog_path(root, game.id, lang)
                catalog = read_catalog(path, lang) if path.is_file() else None
                for message in messages:
                    found = _by_context(catalog, message.id) if catalog else None
                    _tally(counts[message.kind], message.id, found, message.text)
            rows.extend(ReportRow(game.id, lang, kind, c) for kind, c in counts.items())
    template = ui_template
    for lang in LANGUAGES:
        ui = Counts()
        if lang == "en":
            ui.translated = sum(1 for entry in template if entry.id)
        else:
            path = ui_catalog_path(root, lang)
            catalog = read_catalog(path, lang) if path.is_file() else None
            for entry in template:
                if entry.id:
                    found = catalog.get(entry.id) if catalog else None
                    _tally(ui, str(entry.id), found, entry.id)
        rows.append(ReportRow("site", lang, "ui", ui))
    return rows


def _tally(
    counts: Counts, text_id: str, entry: Message | None, source: str | tuple[str, ...] | list[str]
) -> None:
    """Count one text as translated, stale (source changed, or fuzzy) or missing."""
    forms = entry.string if entry is not None else ""
    translated = all(forms) if isinstance(forms, tuple) else bool(forms)
    if entry is None or not translated:
        counts.missing += 1
        counts.missing_ids.append(text_id)
    elif entry.fuzzy or entry.id != source:
        counts.stale += 1
        counts.stale_ids.append(text_id)
    else:
        counts.translated += 1


def _by_context(catalog: Catalog, context: str) -> Message | None:
    index = getattr(catalog, "_starpress_context_index", None)
    if index is None:
        index = {entry.context: entry for entry in catalog if entry.id and entry.context}
        catalog._starpress_context_index = index  # type: ignore[attr-defined]
    found: Message | None = index.get(context)
    return found


# -- compile ----------------------------------------------------------------------------


def markup_problems(catalog: Catalog, where: str) -> list[str]:
    """Translations whose icons or cross-references differ from their source text's."""
    return [f"{where}: {problem}" for entry in catalog if (problem := _markup_problem(entry))]


def _markup_problem(entry: Message) -> str | None:
    """How a translation's markup differs from its source's, or None."""
    if not entry.id or not entry.string or entry.fuzzy:
        return None
    source, translated = _markup(str(entry.id)), _markup(str(entry.string))
    if source == translated:
        return None
    missing = sorted(Counter(source) - Counter(translated))
    extra = sorted(Counter(translated) - Counter(source))
    return f"{entry.context or entry.id}: markup differs (missing {missing}, extra {extra})"


def _markup(text: str) -> list[str]:
    """Icons, cross-reference targets and `{placeholders}` of a text, sorted, repeats kept."""
    items = markup.markup_item_list(text)
    if "{" in text:  # by name: a grammar spec (`{planet:su}`) is the language's own
        items += [f"{{{name}}}" for name, _spec in placeholders(text)]
    return sorted(items)


_PLACEHOLDER = re.compile(r"\{([a-z_]+)(?::([a-z']+))?\}")


def placeholders(text: str) -> list[tuple[str, str]]:
    """The `{name}` and `{name:spec}` placeholders of a text, as (name, spec); a spec is a
    word of `grammar.yaml` (`su`, `feminine`), so CSS (`{display:none}`) is none."""
    return [
        (name, spec)
        for name, spec in _PLACEHOLDER.findall(text)
        if not spec or spec in grammar_specs()
    ]


@cache
def grammar_specs() -> frozenset[str]:
    """Every word a placeholder's spec may be (`starpress/core/grammar.yaml`): each
    language's prepositions, and `feminine`."""
    data = yaml.safe_load(Path(__file__).with_name("grammar.yaml").read_text("utf-8"))
    words = {"feminine"}
    for language in data.values():
        words.update(str(word) for word in (language.get("contractions") or {}))
    return frozenset(words)


def compile_catalog(path: Path, lang: str, out: Path) -> list[str]:
    """Check a catalog (Babel's checks and our markup check) and write its .mo file."""
    catalog = read_catalog(path, lang)
    where = shown_path(path)
    problems = [
        f"{where}: {entry.context or entry.id}: {error}"
        for entry, errors in catalog.check()
        for error in errors
    ]
    problems += markup_problems(catalog, where)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as handle:
        write_mo(handle, catalog)
    return problems


# -- files ------------------------------------------------------------------------------


class CatalogError(InputError):
    """A catalog that cannot be used: not text, not valid PO, or markup unlike its source."""


def read_catalog(path: Path, lang: str | None, check_markup: bool = True) -> Catalog:
    """A .po file, read strictly: the one place every command reads a catalog.

    Refused with `path:line` (CatalogError): a file over the size limit, binary or not
    UTF-8, invalid PO (its syntax checked as `msgfmt` does, `starpress.core.posyntax`, then
    Babel's `abort_invalid`), and, unless `check_markup` is off (as for
    `update`, which must be able to rewrite it), a translation whose icons,
    cross-references or placeholders differ from its source (at its msgstr line). The
    previous msgids (`#| msgid`) that Babel's reader drops are restored.
    """
    data, text = _catalog_file(path)
    return _parse(path, data, text, lang, check_markup)


class CatalogReader:
    """Reads catalogs strictly (`read_catalog`), parsing the same bytes in the same
    language once: a second read of an unchanged file gives the same `Catalog` back, so
    its users must not change it.

    One reader per build, handed down explicitly: `site build` checks every catalog the
    languages need with it and hands it, with what it read, to each language's process;
    `site serve` reads with a fresh one after each change. It is plain data, so it
    crosses to a process by fork or by pickle alike."""

    def __init__(self) -> None:
        self._read: dict[tuple[str, bytes], Catalog] = {}

    def read(self, path: Path, lang: str) -> Catalog:
        data, text = _catalog_file(path)
        key = (lang, hashlib.blake2b(data, digest_size=16).digest())
        if key not in self._read:
            self._read[key] = _parse(path, data, text, lang, check_markup=True)
        return self._read[key]


def _catalog_file(path: Path) -> tuple[bytes, str]:
    """A catalog file's bytes and text: refused when too large, binary or not UTF-8."""
    limit = limits().catalog_file_bytes
    data = read_capped(path, limit)
    if data is None:
        raise CatalogError(path, f"catalog too large (over {limit} bytes)", 1)
    if b"\0" in data:
        raise CatalogError(path, "binary file, not a PO catalog", _line_at(data, data.index(0)))
    try:
        return data, data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise CatalogError(path, "not UTF-8 text", _line_at(data, error.start)) from None


def _parse(path: Path, data: bytes, text: str, lang: str | None, check_markup: bool) -> Catalog:
    """The catalog in a file's `data` and `text` (`_catalog_file`), as `read_catalog` says."""
    try:  # Babel's reader does not check quoting: a string cut short would lose a letter
        check_po_syntax(text)
    except PoSyntaxError as error:
        raise CatalogError(path, f"invalid PO: {error.message}", error.line, error.col) from None
    try:
        catalog = read_po(
            io.BytesIO(data), locale=locale_code(lang) if lang else None, abort_invalid=True
        )
    except PoFileError as error:
        raise CatalogError(path, f"invalid PO: {error.args[0]}", error.lineno + 1) from None
    except (ValueError, UnknownLocaleError) as error:
        raise CatalogError(path, f"invalid PO: {error}", 1) from None
    if check_markup:
        _refuse_markup_changes(path, catalog, text)
    previous = _previous_msgids(text)
    for entry in catalog:
        if entry.context in previous and not entry.previous_id:
            entry.previous_id = [previous[entry.context]]
    return catalog


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def _refuse_markup_changes(path: Path, catalog: Catalog, text: str) -> None:
    """The first translation whose markup differs from its source, at its msgstr line."""
    for entry in catalog:
        problem = _markup_problem(entry)
        if problem:
            line = _msgstr_line(text.splitlines(), entry.lineno or 1)
            raise CatalogError(path, problem, line)


def _msgstr_line(lines: list[str], start: int) -> int:
    """The 1-based line of the msgstr of the entry whose msgid (or msgctxt) is at `start`."""
    for number in range(max(start, 1), len(lines) + 1):
        if lines[number - 1].startswith("msgstr"):
            return number
    return start


def _previous_msgids(text: str) -> dict[str, str]:
    """`#| msgid` comments by the msgctxt that follows them."""
    found: dict[str, str] = {}
    pending: list[str] = []
    for line in text.splitlines():
        if line.startswith("#| msgid "):
            pending = [line[len("#| msgid ") :]]
        elif line.startswith('#| "') and pending:
            pending.append(line[len("#| ") :])
        elif line.startswith("msgctxt ") and pending:
            found[unescape(line[len("msgctxt ") :])] = "".join(unescape(p) for p in pending)
            pending = []
        elif not line.startswith("#"):
            pending = []
    return found


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a .po file (atomically), with previous msgids as valid `#| msgid` lines.

    Babel writes a previous msgid as one wrapped comment, which breaks its PO syntax;
    we write those lines ourselves, in the standard multi-line form.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    # a placeholder with a grammar word (`{planet:su}`, starpress.core.grammar) is no Python
    # format: gettext tools would read it as a broken one, so such a translation is not flagged
    for entry in catalog:
        texts = entry.string if isinstance(entry.string, (list, tuple)) else [entry.string]
        if any(spec for text in texts for _name, spec in placeholders(text or "")):
            entry.flags.discard("python-brace-format")
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_previous=False, sort_by_file=False)
    text = buffer.getvalue().decode("utf-8")
    for entry in catalog:
        if entry.id and entry.context and entry.previous_id:
            anchor = f"msgctxt {escape(entry.context)}\n"
            # normalize() prefixes every line but the first
            lines = normalize(str(entry.previous_id[0]), prefix="#| ", width=100).split("\n")
            block = "#| msgid " + "\n".join(lines)
            text = text.replace(anchor, f"{block}\n{anchor}", 1)
    temporary = path.with_name(f".{path.name}.part")
    temporary.write_text(text, encoding="utf-8")
    temporary.replace(path)


def new_catalog(lang: str | None, project: str | None) -> Catalog:
    """A catalog whose plural forms and language come from Babel's CLDR data."""
    locale = Locale.parse(locale_code(lang)) if lang else None
    return Catalog(
        locale=locale,
        project=project,
        version="1",
        charset="utf-8",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        copyright_holder="starpress",
        msgid_bugs_address="",
        last_translator="starpress translators",
        language_team=None,
    )
