"""`starpress rulebook` as asked for, before its options are checked (`rulebook.command`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starpress.rulebook import choices


@dataclass(frozen=True, kw_only=True)
class BookRequest:
    """`starpress rulebook` as asked for. The paper is checked by its type; the language,
    --jobs and the combination of --quick and --booklet by `build_command`."""

    target: str  # a game id or 'all'
    lang: str = "source"  # one of LANGS
    paper: choices.Paper = choices.Paper.A4
    booklet: bool = False
    quick: bool = False
    out: Path = Path("build/rulebooks")
    jobs: int | None = None  # books built at once (None: one per CPU)
    if_changed: bool = False  # only the games whose books' inputs changed (`core.freshness`)
