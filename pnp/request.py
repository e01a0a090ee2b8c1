"""`starpress pnp` as asked for: the options as given, before any is checked (`pnp.command`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starpress.pnp import choices
from starpress.pnp.paper import Paper


@dataclass(frozen=True, kw_only=True)
class Request:
    """`starpress pnp` as asked for. The choices and the paper are checked by their types;
    the rest (the language, ranges in mm, the back offset, the TTS address, --jobs, the
    printer and the shop) by `parse_options` and `run`. None: not given (a printer profile's
    value, or the default)."""

    target: str  # a game id, 'all' or 'calibrate'
    lang: str = "source"  # one of LANGS
    paper: Paper | None = None  # default a4
    out: Path = Path("build/pnp")
    marks: choices.Marks = choices.Marks.CROP
    bleed: float | None = None  # mm; default 3
    bleed_mode: choices.BleedMode = choices.BleedMode.SHARED
    duplex: choices.Duplex | None = None  # default long
    back_offset: str | None = None  # X,Y in mm; default 0,0
    printer: str | None = None  # a saved printer profile (`pnp.printers`)
    shop: str | None = None  # a print shop of pnp/shops.yaml: its upload instead of the kit
    cut: choices.Cut | None = None  # a cut file per sheet for a cutting machine
    fold: bool = False
    proof: bool = False
    ink_saver: bool = False
    strict: bool = False
    png: bool = False
    tts: bool = False
    tts_url: str | None = None
    only: tuple[str, ...] = ()  # card names, each may be comma-separated
    jobs: int | None = None  # kits built at once (None: one per CPU)
    manifest: bool = False  # a JSON manifest beside each kit (`pnp.manifest`)
    if_changed: bool = False  # only the games whose kits' inputs changed (`core.freshness`)
