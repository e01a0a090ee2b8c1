"""Cards from spreadsheets: a CSV file or an XLSX worksheet read as card records with positions.

Every `*.csv` and `*.xlsx` file directly in `content/<game>/` is a table of cards, one card a
row, under a header row that names the columns (see content/README.md). `load_sheet` turns a
table into the same shape a YAML file has (`{"cards": [...]}`) with the (row, column) of every
cell, so the loader validates and cross-checks it exactly as it does YAML, and its problems
point at `file.csv:row:column` or `file.xlsx:Sheet!C7`.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starpress.core.yamlpos import Located, PathKey, YamlSyntaxError, unprintable

SUFFIXES = (".csv", ".xlsx")
MAX_BYTES = 5 * 1024 * 1024
"""Largest spreadsheet file read (and downloaded), compressed size for XLSX."""
MAX_UNPACKED = 50 * 1024 * 1024
"""Largest total size of the files inside an XLSX (a zip), against zip bombs."""
MAX_ROWS = 5000
MAX_COLUMNS = 200

RECORD_COLUMNS = ("id", "component", "count", "name", "layout", "provenance", "source", "pieces")
"""Headers that are the card's own keys; every other header is a field. A board in pieces
is written `3x3` (columns x rows)."""
_PIECES_RE = re.compile(r"^\s*(\d+)\s*[x×]\s*(\d+)\s*$")
_HEADER_RE = re.compile(r"^(?:(field|back):)?([a-z][a-z0-9_]*)(?:\.(\d+))?$")
_INT_RE = re.compile(r"^-?\d+$")
_FLOAT_RE = re.compile(r"^-?\d+\.\d+$")
_XLSX_SHEET = ".xlsx:"
"""How a worksheet is named as a path: `cards.xlsx:Sheet1` (sheet names cannot hold `/`)."""
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What a cell begins with when a spreadsheet program would run it as a formula."""


class Literal(str):
    """A cell typed with a leading apostrophe (`'=A1`, `'3`; in XLSX, a quote-prefixed
    cell): text as it is, never a number or a formula."""


def needs_quote(text: str) -> bool:
    """Whether a text must be written with a leading apostrophe to come back as itself: it
    would run as a formula, read as a number or as no value at all (an empty text), or lose
    an apostrophe of its own."""
    bare = text.lstrip("'")
    stripped = bare.strip()
    return (
        not stripped
        or bare.startswith(FORMULA_START)
        or bool(_INT_RE.match(stripped) or _FLOAT_RE.match(stripped))
    )


def quoted(text: str) -> str:
    """A text as a CSV cell: `'` before it when `needs_quote` says so."""
    return f"'{text}" if needs_quote(text) else text


def unquoted(cell: str) -> str:
    """A CSV cell as the text it stands for: a quoted one loses its `'` and stays text."""
    if cell.startswith("'") and needs_quote(cell[1:]):
        return Literal(cell[1:])
    return cell


class SheetError(YamlSyntaxError):
    """A table that cannot be read as cards; `problems` lists every (row, column, message)."""

    def __init__(self, problems: list[tuple[int, int, str]]) -> None:
        super().__init__(*problems[0])
        self.problems = problems


@dataclass(frozen=True)
class Column:
    """What a header names: a card key, a front field or a back field, maybe one list item."""

    number: int  # 1-based column
    part: str  # "card", "fields" or "back"
    name: str
    item: int | None  # list position for `cost.0`, None for a single value


@dataclass
class SheetLocated(Located):
    """A table as card records, with each value's (row, column) instead of (line, col)."""

    columns: list[Column] = field(default_factory=list)

    def text_pos(self, path: PathKey, needle: str, offset_hint: int = 0) -> tuple[int, int]:
        """Markup inside a cell is reported at the cell: a cell has no lines to count."""
        return self.value_pos(path)


def is_sheet(path: Path) -> bool:
    return path.suffix in SUFFIXES or _XLSX_SHEET in path.name


def sheet_files(folder: Path) -> list[Path]:
    """The card tables of a game folder: each CSV file and each XLSX file's first worksheet.

    Lock and temporary files of spreadsheet programs (`~$x.xlsx`, `.~lock.x.csv#`) are left out.
    """
    found: list[Path] = []
    for path in sorted(folder.iterdir()):
        if path.name.startswith(("~$", ".")) or path.suffix not in SUFFIXES or not path.is_file():
            continue
        found.append(
            path.with_name(f"{path.name}:{_first_sheet(path)}") if _is_xlsx(path) else path
        )
    return found


def workbook_path(path: Path) -> Path:
    """The file of a table path (`cards.xlsx:Sheet1` -> `cards.xlsx`)."""
    if _XLSX_SHEET in path.name:
        return path.with_name(path.name.split(":", 1)[0])
    return path


def cell_name(row: int, column: int) -> str:
    """A spreadsheet cell's name: (7, 3) -> `C7`."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row}"


def shown_position(path: str, line: int, col: int) -> str:
    """How a problem's place is printed: `file.xlsx:Sheet1!C7`, else `file:line:col`."""
    if _XLSX_SHEET in path:
        return f"{path}!{cell_name(line, col)}"
    return f"{path}:{line}:{col}"


def load_sheet(path: Path) -> SheetLocated:
    """Read a CSV file or a worksheet (`cards.xlsx:Sheet1`) as `{"cards": [...]}` with positions.

    Raises SheetError for a file that is too big, not a table, or has bad headers.
    """
    rows = _xlsx_rows(path) if _XLSX_SHEET in path.name else _csv_rows(path)
    return records(rows)


def records(rows: list[list[Any]]) -> SheetLocated:
    """Card records from a table's rows (header first); empty rows are skipped."""
    if not rows or not any(_filled(cell) for cell in rows[0]):
        raise SheetError([(1, 1, "the first row must name the columns (id, component, …)")])
    unwritten = [
        (number, column, message)
        for number, row in enumerate(rows, 1)
        for column, cell in enumerate(row, 1)
        if isinstance(cell, str) and (message := unprintable(cell)) is not None
    ]
    if unwritten:  # what YAML refuses, a table refuses too
        raise SheetError(unwritten)
    width = max(len(row) for row in rows)
    header = [*rows[0], *[None] * (width - len(rows[0]))]  # cells right of the last header
    columns, problems = _columns(header, rows[1:])
    if problems:
        raise SheetError(problems)
    located = SheetLocated(data=None, text="", columns=columns)
    cards: list[dict[str, Any]] = []
    located.values[()] = (1, 1)
    located.values[("cards",)] = (1, 1)
    for number, row in enumerate(rows[1:], 2):
        if not any(_filled(cell) for cell in row):
            continue
        loc: PathKey = ("cards", len(cards))
        located.values[loc] = (number, 1)
        cards.append(_card(row, number, columns, located, loc))
    located.data = {"cards": cards}
    return located


def _card(
    row: list[Any], number: int, columns: list[Column], located: SheetLocated, loc: PathKey
) -> dict[str, Any]:
    card: dict[str, Any] = {}
    for column in columns:
        cell = row[column.number - 1] if column.number <= len(row) else None
        if not _filled(cell):
            continue
        where = (number, column.number)
        # a card's own keys are texts, but its count; field values may be numbers
        value = _value(cell) if column.part != "card" or column.name == "count" else _text(cell)
        if column.part == "card":
            pieces = _PIECES_RE.match(str(value)) if column.name == "pieces" else None
            if pieces:  # else left as written: the model refuses it at this cell
                value = {"columns": int(pieces[1]), "rows": int(pieces[2])}
            card[column.name] = value
            located.values[(*loc, column.name)] = where
            located.keys[(*loc, column.name)] = (1, column.number)
            continue
        fields = card.setdefault(column.part, {})
        located.values.setdefault((*loc, column.part), where)
        if column.item is None:
            fields[column.name] = value
            located.values[(*loc, column.part, column.name)] = where
        else:
            items = fields.setdefault(column.name, [])
            located.values.setdefault((*loc, column.part, column.name), where)
            located.values[(*loc, column.part, column.name, len(items))] = where
            items.append(_text(cell))
    return card


def _columns(
    header: list[Any], body: list[list[Any]]
) -> tuple[list[Column], list[tuple[int, int, str]]]:
    columns: list[Column] = []
    problems: list[tuple[int, int, str]] = []
    seen: dict[tuple[str, str, int | None], int] = {}
    single: set[tuple[str, str]] = set()
    listed: set[tuple[str, str]] = set()
    for number, cell in enumerate(header, 1):
        name = str(cell).strip() if _filled(cell) else ""
        if not name:
            if any(number <= len(row) and _filled(row[number - 1]) for row in body):
                problems.append((1, number, "this column has values but no header"))
            continue
        match = _HEADER_RE.match(name)
        if match is None:
            problems.append(
                (
                    1,
                    number,
                    f"unknown column {name!r} (a card key, a field name in lowercase "
                    "letters, digits and _, `back:<field>`, or `<field>.0` for a list item)",
                )
            )
            continue
        prefix, base, item = match.groups()
        if prefix is None and base in RECORD_COLUMNS:
            part = "card"
            if item is not None:
                problems.append((1, number, f"{base} is one value, not a list"))
                continue
        else:
            part = "back" if prefix == "back" else "fields"
        key = (part, base, int(item) if item is not None else None)
        if key in seen:
            problems.append((1, number, f"column {name!r} twice (first in column {seen[key]})"))
            continue
        seen[key] = number
        (listed if item is not None else single).add((part, base))
        if (part, base) in single and (part, base) in listed:
            problems.append((1, number, f"{base} is both one value and a list ({base}.N)"))
            continue
        columns.append(Column(number, part, base, key[2]))
    columns.sort(key=lambda column: (column.part != "card", column.name, column.item or 0))
    return columns, problems


def _value(cell: Any) -> Any:
    """A cell as the YAML value it stands for: whole and decimal numbers become numbers
    (not in a quoted cell, see `Literal`)."""
    if isinstance(cell, Literal):
        return _text(cell)
    if isinstance(cell, bool):
        return str(cell).lower()
    if isinstance(cell, int | float):
        return int(cell) if isinstance(cell, float) and cell.is_integer() else cell
    text = str(cell).strip()
    if _INT_RE.match(text):
        return int(text)
    if _FLOAT_RE.match(text):
        return float(text)
    return text.replace("\r\n", "\n")


def _text(cell: Any) -> str:
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    return str(cell).strip().replace("\r\n", "\n")


def _filled(cell: Any) -> bool:
    """A cell with a value: an empty one is no value, unless it is quoted (`'`)."""
    return cell is not None and (isinstance(cell, Literal) or str(cell).strip() != "")


def _check_size(path: Path) -> None:
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SheetError([(1, 1, f"file is {size} bytes; at most {MAX_BYTES} are read")])


def _csv_rows(path: Path) -> list[list[Any]]:
    _check_size(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise SheetError([(1, 1, "not UTF-8 text (save the CSV as UTF-8)")]) from None
    first = text.split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    rows: list[list[Any]] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            rows.append([unquoted(cell) for cell in row[:MAX_COLUMNS]])
            if len(rows) > MAX_ROWS + 1:
                raise SheetError([(len(rows), 1, f"more than {MAX_ROWS} rows")])
    except csv.Error as error:
        raise SheetError([(len(rows) + 1, 1, f"CSV: {error}")]) from None
    return rows


def _is_xlsx(path: Path) -> bool:
    return path.suffix == ".xlsx"


def _open_workbook(path: Path, data_only: bool = True) -> Any:
    from openpyxl import load_workbook

    _check_size(path)
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError):
        raise SheetError([(1, 1, "not an XLSX workbook")]) from None
    if unpacked > MAX_UNPACKED:
        raise SheetError([(1, 1, f"workbook unpacks to {unpacked} bytes; at most {MAX_UNPACKED}")])
    try:
        return load_workbook(path, read_only=True, data_only=data_only)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise SheetError([(1, 1, f"not a readable XLSX workbook ({error})")]) from None


def _quote_prefixed(cell: Any) -> bool:
    return bool(getattr(cell, "has_style", False) and cell.style_array.quotePrefix)


def _first_sheet(path: Path) -> str:
    try:
        workbook = _open_workbook(path)
    except SheetError:
        return "Sheet1"  # the problem is reported when the sheet is read
    try:
        return str(workbook.sheetnames[0])
    finally:
        workbook.close()


def _xlsx_rows(path: Path) -> list[list[Any]]:
    """A worksheet's cells; a formula's value is the one the spreadsheet program saved with
    it, and a formula saved without one (written by a script) is refused at its cell."""
    book, sheet = path.name.split(":", 1)
    rows, formulas = _worksheet(path.with_name(book), sheet, data_only=False)
    if formulas:
        saved, _formulas = _worksheet(path.with_name(book), sheet, data_only=True)
        problems = []
        for row, column in formulas:
            value = saved[row - 1][column - 1]
            if value is None:
                formula = str(rows[row - 1][column - 1])[:40]
                problems.append((row, column, _NO_SAVED_VALUE.format(formula=formula)))
            rows[row - 1][column - 1] = value
        if problems:
            raise SheetError(problems)
    return rows


_NO_SAVED_VALUE = (
    "a formula with no saved value ({formula}); open and save the workbook in a spreadsheet "
    "program, or type the value"
)


def _worksheet(
    path: Path, sheet: str, data_only: bool
) -> tuple[list[list[Any]], list[tuple[int, int]]]:
    """The cells of a worksheet (a quote-prefixed text cell as a `Literal`), and the
    (row, column) of each formula (none when `data_only`: their saved values instead)."""
    workbook = _open_workbook(path, data_only)
    try:
        if sheet not in workbook.sheetnames:
            raise SheetError([(1, 1, f"no worksheet {sheet!r}")])
        rows: list[list[Any]] = []
        formulas: list[tuple[int, int]] = []
        for row in workbook[sheet].iter_rows(max_col=MAX_COLUMNS):
            rows.append([])
            if len(rows) > MAX_ROWS + 1:
                raise SheetError([(len(rows), 1, f"more than {MAX_ROWS} rows")])
            for column, cell in enumerate(row, 1):
                kind = getattr(cell, "data_type", "n")
                if kind == "f":
                    formulas.append((len(rows), column))
                elif _quote_prefixed(cell) and (cell.value is None or kind == "s"):
                    rows[-1].append(Literal(cell.value or ""))  # an empty one: an empty text
                    continue
                rows[-1].append(cell.value)
        return rows, formulas
    finally:
        workbook.close()


# -- writing a deck as a table (`starpress sheet export`) -----------------------------------


def table(cards: Iterable[dict[str, Any]]) -> list[list[Any]]:
    """Card records (as `Card.model_dump(exclude_defaults=True)` gives them) as rows with a
    header: card keys first, then front fields, then back fields; lists as `name.N` columns."""
    cards = list(cards)
    widths: dict[tuple[str, str], int | None] = {}
    for card in cards:
        for part in ("fields", "back"):
            for name, value in (card.get(part) or {}).items():
                if isinstance(value, list):
                    widths[(part, name)] = max(widths.get((part, name)) or 0, len(value))
                else:
                    widths.setdefault((part, name), None)
    keys = [key for key in RECORD_COLUMNS if any(key in card for card in cards)]
    header: list[str] = list(keys)
    slots: list[tuple[str, str, int | None]] = []
    for (part, name), width in widths.items():
        if part == "back":
            label = f"back:{name}"
        else:
            label = f"field:{name}" if name in RECORD_COLUMNS else name
        if width is None:
            header.append(label)
            slots.append((part, name, None))
        else:
            header.extend(f"{label}.{index}" for index in range(width))
            slots.extend((part, name, index) for index in range(width))
    rows: list[list[Any]] = [header]
    for card in cards:  # None: no value (an empty cell); "": an empty text (a quoted cell)
        row: list[Any] = [_cell_of(card.get(key)) for key in keys]
        for part, name, index in slots:
            value = (card.get(part) or {}).get(name)
            if index is not None:
                value = value[index] if isinstance(value, list) and index < len(value) else None
            row.append(value)
        rows.append(row)
    return rows


def _cell_of(value: Any) -> Any:
    """A card key's value as a cell: a board's pieces as `columns x rows`."""
    if isinstance(value, dict) and set(value) == {"columns", "rows"}:
        return f"{value['columns']}x{value['rows']}"
    return value


def write_csv(rows: list[list[Any]]) -> bytes:
    """UTF-8 with a byte-order mark, so spreadsheet programs read accents right. A text
    that would run as a formula or read as a number is written after an apostrophe (`'=A1`,
    `'3`), as a person types it in a spreadsheet; the reader takes the apostrophe off."""
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\r\n")
    for row in rows:
        writer.writerow([quoted(cell) if isinstance(cell, str) else cell for cell in row])
    return buffer.getvalue().encode("utf-8-sig")


def write_xlsx(rows: list[list[Any]], sheet: str = "cards") -> bytes:
    """Texts as text cells, never formulas (openpyxl makes one of any text starting with
    `=`); a text that would read as a number or run as a formula is quote-prefixed, as
    when a person types it after an apostrophe."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    workbook = Workbook(write_only=True)
    worksheet = workbook.create_sheet(sheet)
    for row in rows:
        cells: list[Any] = []
        for value in row:
            if isinstance(value, str):
                cell = WriteOnlyCell(worksheet, value or None)  # an empty one: no <is/>
                if value:
                    cell.data_type = "s"
                if needs_quote(value):
                    cell.quotePrefix = True
                value = cell
            cells.append(value)
        worksheet.append(cells)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
