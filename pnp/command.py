"""`starpress pnp`: a request checked into kit options, its kits built with progress shown
(`starpress.core.progress`: a bar on a terminal, plain lines on standard error otherwise)."""

from __future__ import annotations

import tempfile
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.console import Console
from rich.text import Text

from starpress.core import atomic, counts
from starpress.core.errors import InputError
from starpress.core.freshness import Stamps
from starpress.core.load import ContentError, UnknownGame, game_ids
from starpress.core.model import LANGUAGES
from starpress.core.progress import Progress
from starpress.pnp import choices, impose, marks
from starpress.pnp.build import BuildResult, plan, work
from starpress.pnp.build import run as run_jobs
from starpress.pnp.kit import KitOptions
from starpress.pnp.limits import LIMITS
from starpress.pnp.presets import PRESETS
from starpress.pnp.printers import PrinterProfile, find_profile, parse_offset, within
from starpress.pnp.request import Request
from starpress.pnp.uptodate import IF_CHANGED_CONFLICTS, kit_keys

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")

EXIT_OVERFLOW = 1
EXIT_BAD_INPUT = 2
EXIT_TERMINATED = 128 + 15
"""What a shell reports for a process ended by SIGTERM."""


class OptionError(InputError):
    """An option value that is not allowed; the message names the option."""

    def __init__(self, message: str) -> None:
        super().__init__(None, message)


LANGS = ("all", "source", *LANGUAGES)
"""What `--lang` takes: every language, each game's own, or one."""

_KIT_MARKS: dict[choices.Marks, marks.Marks] = {
    choices.Marks.CROP: "crop",
    choices.Marks.LINES: "lines",
    choices.Marks.NONE: "none",
}
_KIT_BLEED_MODES: dict[choices.BleedMode, impose.BleedMode] = {
    choices.BleedMode.SHARED: "shared",
    choices.BleedMode.CARD: "card",
}
_KIT_FLIPS: dict[choices.Duplex, impose.Flip] = {
    choices.Duplex.LONG: "long",
    choices.Duplex.SHORT: "short",
    choices.Duplex.NONE: "none",
}
"""Each choice as the kit's drawing code names it (mypy checks these names, a test that
every choice has one)."""


def parse_options(request: Request, printer: PrinterProfile | None = None) -> KitOptions:
    """The kit options of a request, with a printer profile's paper, flip, back offset and
    scale where the request does not give its own; OptionError names the first bad option."""
    if request.lang not in LANGS:
        raise OptionError(f"--lang must be one of {', '.join(LANGS)} (got {request.lang!r})")
    profile = printer or PrinterProfile()
    back_offset = profile.back_offset
    if request.back_offset is not None:
        back_offset = parse_offset(request.back_offset)
    if request.tts_url is not None:
        check_tts_url(request.tts_url, request.tts)
    if request.jobs is not None and request.jobs < 1:
        raise OptionError(f"--jobs must be at least 1 (got {request.jobs})")
    if request.cut is not None and request.fold:
        raise OptionError("--cut makes sheets for a cutting machine; a --fold sheet is cut by hand")
    kit = LIMITS.kit
    bleed = 3.0 if request.bleed is None else request.bleed
    within("--bleed", bleed, 0.0, kit.bleed_mm)
    within("margin_mm in pnp/presets.yaml", float(PRESETS["margin_mm"]), 0.0, kit.margin_mm)
    return KitOptions(
        lang="",
        paper=request.paper.name if request.paper is not None else profile.paper,
        marks=_KIT_MARKS[request.marks],
        bleed=bleed,
        bleed_mode=_KIT_BLEED_MODES[request.bleed_mode],
        duplex=_KIT_FLIPS[request.duplex] if request.duplex is not None else profile.duplex,
        back_offset=back_offset,
        fold=request.fold,
        proof=request.proof,
        ink_saver=request.ink_saver,
        only=tuple(
            name.strip() for names in request.only for name in names.split(",") if name.strip()
        ),
        scale=profile.scale,
        cut=request.cut is not None,
    )


def kit_options(root: Path, request: Request) -> KitOptions:
    """`parse_options`, with the printer profile `--printer` names (the project's, else the
    user's); a profile that is missing or bad is one located line."""
    printer = find_profile(root, request.printer) if request.printer is not None else None
    return parse_options(request, printer)


SHOP_CONFLICTS = (
    ("--paper", lambda request: request.paper is not None),
    ("--printer", lambda request: request.printer is not None),
    ("--bleed", lambda request: request.bleed is not None),
    ("--back-offset", lambda request: request.back_offset is not None),
    ("--duplex", lambda request: request.duplex is not None),
    ("--marks", lambda request: request.marks != choices.Marks.CROP),
    ("--bleed-mode", lambda request: request.bleed_mode != choices.BleedMode.SHARED),
    ("--cut", lambda request: request.cut is not None),
    ("--fold", lambda request: request.fold),
    ("--proof", lambda request: request.proof),
    ("--ink-saver", lambda request: request.ink_saver),
    ("--png", lambda request: request.png),
    ("--tts", lambda request: request.tts),
    ("--manifest", lambda request: request.manifest),
)
"""Options a print shop's preset decides (or that make a home kit): refused with --shop."""


def check_shop(request: Request) -> str:
    """The preset `--shop` names (after checking no option contradicts it)."""
    from starpress.pnp.shops import load_shops

    assert request.shop is not None
    shops = load_shops()
    if request.shop not in shops:
        shown = request.shop if len(request.shop) <= 40 else request.shop[:40] + "…"
        raise OptionError(
            f"--shop: no print shop {shown!r} (shops: {', '.join(shops)}; pnp/shops.yaml)"
        )
    for option, given in SHOP_CONFLICTS:
        if given(request):
            raise OptionError(
                f"{option} does not go with --shop: {request.shop}'s preset decides the "
                "files (pnp/shops.yaml)"
            )
    return request.shop


def run(root: Path, request: Request, console: Console, errors: Console) -> int:
    """The whole command; returns the exit code. Bad input of any kind is one line on
    `errors` and exit 2; SIGTERM and Ctrl-C leave no temporary file behind."""
    try:
        with atomic.terminate_as_exception():
            return _run(root, request, console, errors)
    except InputError as error:
        errors.print(Text.assemble(("error: ", "red"), str(error)), soft_wrap=True)
        return EXIT_BAD_INPUT
    except atomic.Terminated:
        errors.print("interrupted: nothing half-written is left", highlight=False)
        return EXIT_TERMINATED


def _run(root: Path, request: Request, console: Console, errors: Console) -> int:
    try:
        shop = check_shop(request) if request.shop is not None else None
        options = kit_options(root, request)
        if options.only and request.target in ("all", "calibrate"):
            raise OptionError(f"--only picks cards of one game: name it, not {request.target!r}")
        for option, asked in IF_CHANGED_CONFLICTS if request.if_changed else ():
            if asked(request):
                raise OptionError(f"--if-changed keys kits only: not with {option}")
        if request.target == "calibrate":
            for option, given in (
                ("--shop", shop),
                ("--cut", options.cut),
                ("--manifest", request.manifest),
            ):
                if given:
                    raise OptionError(f"{option} makes files of a game, not of 'calibrate'")
            from starpress.pnp.calibrate import build_calibration

            prepare_out(request.out)
            path = _writing(request.out, lambda: build_calibration(request.out, options))
            console.print(f"wrote {path}", highlight=False)
            return 0
        games = None if request.target == "all" else [request.target]
        keys: dict[str, tuple[str, str]] = {}
        stamps = Stamps(root)
        if request.if_changed:
            keys = kit_keys(root, games or game_ids(root), request)
            games = [game for game, key in keys.items() if not stamps.fresh(*key)]
            if not games:
                console.print(f"up to date: {request.out} (no input changed)", highlight=False)
                return 0
        jobs = plan(root, games, request.lang, options)
    except UnknownGame as error:
        raise OptionError(str(error)) from None
    except ContentError as error:
        if len(error.problems) == 1:
            raise OptionError(str(error.problems[0])) from None
        for problem in error.problems:
            errors.print(str(problem), markup=False, highlight=False, soft_wrap=True)
        errors.print(
            f"[red]error:[/red] {counts.count(len(error.problems), 'problem', 'problems')}",
            highlight=False,
        )
        return EXIT_BAD_INPUT
    prepare_out(request.out)
    total = work(jobs, png=request.png, tts=request.tts)
    with Progress(errors) as progress, progress.task("print-and-play", total, "cards") as task:
        result = _writing(
            request.out,
            lambda: run_jobs(
                root,
                jobs,
                request.out,
                progress=task.advance,
                png=request.png,
                tts=request.tts,
                tts_url=request.tts_url,
                workers=request.jobs,
                shop=shop,
                manifest=request.manifest,
            ),
        )
    _report(result, console, errors)
    if result.overflow and request.strict:
        return EXIT_OVERFLOW
    if request.if_changed:  # every job has its kit (exports and shops are refused)
        for game, (step, key) in keys.items():
            kits = [
                r.path for job, r in zip(jobs, result.reports, strict=True) if job.game.id == game
            ]
            if kits:
                stamps.record(step, key, kits)
    return 0


def prepare_out(out: Path) -> None:
    """Make sure the output folder exists and takes files; remove what a killed earlier
    build left half-written there."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".starpress-probe-"):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise InputError(out, f"--out: cannot create or write this folder ({reason})") from None
    exports = ("png/*", "tts/*", "cut/*", "shop/*/*", "shop/*/*/*")
    for folder in (out, *(found for pattern in exports for found in out.glob(pattern))):
        atomic.remove_stale(folder)


def _writing(out: Path, work: Callable[[], T]) -> T:
    """`work()`, with a failure to write a file (disk full, permissions) as one line."""
    try:
        return work()
    except OSError as error:
        where = error.filename if isinstance(error.filename, str) else out
        reason = error.strerror or type(error).__name__
        raise InputError(where, f"cannot write the kit ({reason})") from None


def _report(result: BuildResult, console: Console, errors: Console) -> None:
    for report in result.reports:
        console.print(
            f"wrote {report.path} ({counts.count(report.pages, 'page', 'pages')}, "
            f"{counts.count(report.faces, 'card', 'cards')})",
            highlight=False,
            soft_wrap=True,
        )
        if report.manifest is not None:
            _report_manifest(report.manifest, console, errors)
    shop_files = {path for shop in result.shops for path in shop.files}
    exports = [path for path in result.exports if path not in shop_files]
    for folder in sorted({path.parent for path in exports}):
        files = sum(1 for path in exports if path.parent == folder)
        console.print(
            f"wrote {folder}/ ({counts.count(files, 'file', 'files')})",
            highlight=False,
            soft_wrap=True,
        )
    for shop in result.shops:
        files = len(shop.files)
        console.print(
            f"wrote {shop.folder}/ ({counts.count(files, 'file', 'files')})",
            highlight=False,
            soft_wrap=True,
        )
        for line in shop.left_out:
            errors.print(f"left out: {line}", markup=False, highlight=False, soft_wrap=True)
        for line in shop.safe_zone:
            errors.print(f"safe zone: {line}", markup=False, highlight=False, soft_wrap=True)
    for name, count in sorted(result.fallbacks.items()):
        console.print(
            f"{name}: {count} text(s) not yet translated, printed in the source language",
            highlight=False,
            soft_wrap=True,
        )
    if result.overflow:
        errors.print(f"text does not fit its box ({len(result.overflow)}):", highlight=False)
        for line in result.overflow:
            errors.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)


def _report_manifest(path: Path, console: Console, errors: Console) -> None:
    """Say where a kit's manifest is, and any component the kit prints short."""
    import json

    from starpress.pnp.manifest import shortfalls

    console.print(f"wrote {path}", highlight=False, soft_wrap=True)
    for line in shortfalls(json.loads(path.read_text("utf-8"))):
        errors.print(f"short: {line}", markup=False, highlight=False, soft_wrap=True)


def check_tts_url(url: str, tts: bool) -> None:
    """A base address the TTS sheets will be uploaded to: http(s), a host, no query."""
    if not tts:
        raise OptionError("--tts-url goes with --tts")
    parts = urllib.parse.urlsplit(url) if url.isprintable() and len(url) <= 2000 else None
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or any(char.isspace() for char in url)
    ):
        raise OptionError(
            f"--tts-url must be an http(s) address of a folder, like "
            f"https://example.org/decks/ (got {url[:200]!r})"
        )
