"""PO syntax checked before Babel reads a catalog: each broken file refused at its line with
its exact message, and the same files refused by GNU msgfmt (when it is installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from starpress.core import catalogs
from starpress.core.posyntax import PoSyntaxError, check_po_syntax

ROOT = Path(__file__).resolve().parent.parent
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
ENTRY = 'msgctxt "demo.glossary.combat.term"\nmsgid "Combat"\n'

BROKEN: dict[str, tuple[str, str]] = {
    # the issue's file: Babel read "Combat" (its last letter cut) and dropped the second line
    "a string not closed, then a second msgstr": (
        HEADER + ENTRY + 'msgstr "Combate\nmsgstr "Combate"\n',
        '7:8: string not closed (the line ends before its closing ")',
    ),
    "a second msgstr": (
        HEADER + ENTRY + 'msgstr "Combate"\nmsgstr "Luta"\n',
        "8: a second msgstr in the entry of line 5 (the first is at line 7)",
    ),
    "a second msgid": (
        HEADER + 'msgctxt "a"\nmsgid "x"\nmsgid "y"\nmsgstr "z"\n',
        "7: a second msgid in the entry of line 5 (the first is at line 6)",
    ),
    "a second msgctxt": (
        HEADER + 'msgctxt "a"\nmsgctxt "b"\nmsgid "x"\nmsgstr "z"\n',
        "6: a second msgctxt in the entry of line 5 (the first is at line 5)",
    ),
    "a quote inside a string": (
        HEADER + ENTRY + 'msgstr "Com"bate"\n',
        '7:13: text after the closing " (one string per line)',
    ),
    "a backslash before the closing quote": (
        HEADER + ENTRY + 'msgstr "Combate\\"\n',
        '7:8: string not closed (the line ends before its closing ")',
    ),
    "a continuation line after a comment": (
        HEADER + '# a note\n"Combate"\n' + ENTRY + 'msgstr "Combate"\n',
        "6: a string that continues nothing (no msgctxt, msgid or msgstr above it)",
    ),
    "an entry without msgstr": (HEADER + ENTRY, "5: the entry of line 5 has no msgstr"),
    "a comment inside an entry": (
        HEADER + ENTRY + "# a note\n" + 'msgstr "Combate"\n',
        "7: a comment inside the entry of line 5 (before its msgstr)",
    ),
    "two entries with one key": (
        HEADER + ENTRY + 'msgstr "Combate"\n\n' + ENTRY + 'msgstr "Luta"\n',
        "9: a second entry with this msgctxt and msgid (the first is at line 5)",
    ),
    "a misspelt keyword": (HEADER + ENTRY + 'msgtsr "Combate"\n', "7: unknown keyword 'msgtsr'"),
    "a keyword without its string": (
        HEADER + ENTRY + "msgstr\n",
        "7: msgstr needs a quoted string",
    ),
    "msgstr[0] without msgid_plural": (
        HEADER + ENTRY + 'msgstr[0] "Combate"\n',
        "7: msgstr[0] without a msgid_plural",
    ),
    "plural forms out of order": (
        HEADER + 'msgid "card"\nmsgid_plural "cards"\nmsgstr[0] "a"\nmsgstr[2] "b"\n',
        "8: msgstr[2] out of order (expected msgstr[1])",
    ),
    "an unknown escape": (
        HEADER + ENTRY + 'msgstr "Com\\qbate"\n',
        "7:12: escape \\q is not read alike by every tool: write the character itself "
        '(or \\n, \\t, \\\\, \\")',
    ),
    "an obsolete entry not closed": (
        HEADER + ENTRY + 'msgstr "Combate"\n\n#~ msgctxt "b"\n#~ msgid "y"\n#~ msgstr "z\n',
        '11:8: string not closed (the line ends before its closing ")',
    ),
    "a previous msgid not closed": (
        HEADER + '#| msgid "Combat\n' + ENTRY + 'msgstr "Combate"\n',
        '5:7: string not closed (the line ends before its closing ")',
    ),
}
STRICTER_THAN_MSGFMT: dict[str, str] = {
    "two strings on one line": HEADER + ENTRY + 'msgstr "Com" "bate"\n',
    "an octal escape": HEADER + ENTRY + 'msgstr "Com\\142ate"\n',
}
"""msgfmt reads these; Babel would not read them the same (it keeps `" "` and `\\142` as
they are), so they are refused too."""

GOOD = {
    "continuation lines, a blank line between": HEADER + ENTRY + 'msgstr ""\n"Com"\n\n"bate"\n',
    "plural forms": HEADER.replace("\n\n", '\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    + 'msgid "card"\nmsgid_plural "cards"\nmsgstr[0] "carta"\nmsgstr[1] "cartas"\n',
    "obsolete and previous strings": HEADER
    + '#| msgid "Fight"\n'
    + ENTRY
    + 'msgstr "Combate"\n\n#~ msgctxt "old"\n#~ msgid "y"\n#~ msgstr "z"\n',
    "escapes Babel reads": HEADER + ENTRY + 'msgstr "a\\n\\t\\"\\\\b"\n',
    "CRLF line ends and indented keywords": (HEADER + ENTRY + '  msgstr "Combate"\n').replace(
        "\n", "\r\n"
    ),
}

REAL_CATALOGS = sorted(
    [*ROOT.glob("content/*/locale/*.po"), *ROOT.glob("templates/locale/*/LC_MESSAGES/*.po")]
)


@pytest.mark.parametrize("case", list(BROKEN), ids=list(BROKEN))
def test_broken_syntax_is_refused_at_its_line(case: str) -> None:
    text, expected = BROKEN[case]
    with pytest.raises(PoSyntaxError) as raised:
        check_po_syntax(text)
    error = raised.value
    where = f"{error.line}:{error.col}" if error.col is not None else str(error.line)
    assert f"{where}: {error.message}" == expected


@pytest.mark.parametrize("case", list(STRICTER_THAN_MSGFMT), ids=list(STRICTER_THAN_MSGFMT))
def test_what_babel_would_misread_is_refused(case: str) -> None:
    with pytest.raises(PoSyntaxError):
        check_po_syntax(STRICTER_THAN_MSGFMT[case])


@pytest.mark.parametrize("case", list(GOOD), ids=list(GOOD))
def test_good_syntax_passes(case: str) -> None:
    check_po_syntax(GOOD[case])


def test_every_catalog_of_the_project_passes() -> None:
    assert REAL_CATALOGS
    for path in REAL_CATALOGS:
        check_po_syntax(path.read_text("utf-8"))


def test_the_issue_catalog_is_refused_by_read_catalog_and_the_catalog_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`i18n compile`, `site build` and every other reader: one located line."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "es.po"
    path.write_text(BROKEN["a string not closed, then a second msgstr"][0], encoding="utf-8")
    expected = 'es.po:7:8: invalid PO: string not closed (the line ends before its closing ")'
    with pytest.raises(catalogs.CatalogError) as raised:
        catalogs.read_catalog(path, "es")
    assert str(raised.value) == expected
    with pytest.raises(catalogs.CatalogError) as raised:
        catalogs.CatalogReader().read(path, "es")
    assert str(raised.value) == expected


MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="GNU gettext's msgfmt not installed")


def _msgfmt_accepts(path: Path) -> bool:
    assert MSGFMT is not None
    run = [MSGFMT, "--check", "-o", "/dev/null", str(path)]
    return subprocess.run(run, capture_output=True, check=False).returncode == 0


@needs_msgfmt
def test_msgfmt_refuses_what_we_refuse_and_reads_what_we_read(tmp_path: Path) -> None:
    """A test-only comparison with `msgfmt --check`: starpress never runs msgfmt."""
    path = tmp_path / "t.po"
    for case, (text, _message) in BROKEN.items():
        path.write_text(text, encoding="utf-8")
        assert not _msgfmt_accepts(path), case
    for case, text in GOOD.items():
        path.write_text(text, encoding="utf-8")
        assert _msgfmt_accepts(path), case
    for catalog in REAL_CATALOGS:
        assert _msgfmt_accepts(catalog), catalog
