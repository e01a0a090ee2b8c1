"""Where things may happen: markup is read only in starpress/core/text.py, text ids are made
only by the loader (starpress/core/load.py, and the content model's map_texts in
starpress/core/records.py with the records' id prefixes in starpress/core/model.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ROOT

PACKAGES = ("starpress", "pnp", "automa")
MARKUP_READER = "starpress/core/text.py"
ID_MAKERS = (
    "starpress/core/load.py",
    "starpress/core/game_folder.py",
    "starpress/core/model.py",
    "starpress/core/records.py",
)

MARKUP_NAMES = re.compile(r"\bREF_RE\b|\bICON_RE\b|replace\(\s*[\"']\*\*")
MARKUP_IN_STRINGS = re.compile(r"\\\[\\\[|\[\[|:\[a-z[^\]]*\]\+?:")
"""The markup's own patterns: its regexes, `**` replaced, and in a string `[[`, `:[a-z…]+:`."""

_STRING = re.compile(r"""\b[fF]?(?P<q>["'])(?P<body>(?:\\.|(?!(?P=q)).)*)(?P=q)""")
ID_PIECES = re.compile(
    r"\}\.(?:name|label|text|term|title|short|body|summary|tagline)\b"
    r"|\.fields\.|\.steps\.|\.automa\.messages\.|\.icon\..*\.name"
)
"""A text id composed in code: `f"{record}.name"`, `….steps.N…`, `….icon.<id>.name`."""


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _lines(path: Path) -> list[tuple[int, str]]:
    return [
        (number, line)
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if not line.lstrip().startswith("#")
    ]


def markup_readers(packages: tuple[str, ...]) -> list[str]:
    found = []
    for package in packages:
        for path in _modules(package):
            name = path.relative_to(ROOT).as_posix()
            if name == MARKUP_READER:
                continue
            for number, line in _lines(path):
                code = line.split("  #", 1)[0]
                strings = " ".join(m.group("body") for m in _STRING.finditer(code))
                if MARKUP_NAMES.search(code) or MARKUP_IN_STRINGS.search(strings):
                    found.append(f"{name}:{number}: {line.strip()}")
    return found


def id_composers(packages: tuple[str, ...]) -> list[str]:
    found = []
    for package in packages:
        for path in _modules(package):
            name = path.relative_to(ROOT).as_posix()
            if name in ID_MAKERS:
                continue
            for number, line in _lines(path):
                for literal in _STRING.finditer(line):
                    is_format = literal.group(0)[:1] in "fF"
                    body = literal.group("body")
                    if (is_format or "%" in body or ".format" in line) and ID_PIECES.search(body):
                        found.append(f"{name}:{number}: {line.strip()}")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_only_text_py_reads_markup(package: str) -> None:
    assert markup_readers((package,)) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_only_the_loader_composes_text_ids(package: str) -> None:
    assert id_composers((package,)) == []


def test_the_checks_catch_what_they_look_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The patterns find the kinds of line they are written against."""
    package = tmp_path / "fake"
    package.mkdir()
    (package / "bad.py").write_text(
        "from starpress.core.text import ICON_RE\n"
        'x = s.replace("**", "")\n'
        'y = f"{game.id}.icon.{icon}.name"\n'
        'z = f"{prefix}.steps.{n}.label"\n'
        'w = f"{card.id}.name"\n',
        "utf-8",
    )
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path, raising=False)
    monkeypatch.setitem(globals(), "ROOT", tmp_path)
    assert len(markup_readers(("fake",))) == 2
    assert len(id_composers(("fake",))) == 3


def test_no_file_named_like_an_option() -> None:
    """A file whose name starts with `-` is a command-line slip: `pybabel extract -o -` writes
    a 133 KB file named `-` (Babel has no "standard output" name), which once sat at the
    project root. None is tracked, and none sits in the project's folder."""
    import subprocess

    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.splitlines()
    assert [name for name in tracked if Path(name).name.startswith("-")] == []
    assert sorted(path.name for path in ROOT.iterdir() if path.name.startswith("-")) == []
