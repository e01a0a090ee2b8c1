"""`starpress printer calibrate | save | list`: measure a printer, keep what was measured.

Each function is a whole command: it prints what it wrote and returns the exit code; bad
input of any kind (a name, a value, a profile file) is one located line and exit 2.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.text import Text

from starpress.core.errors import InputError
from starpress.pnp import choices
from starpress.pnp.calibrate import build_calibration
from starpress.pnp.command import _KIT_FLIPS, EXIT_BAD_INPUT, prepare_out
from starpress.pnp.kit import KitOptions
from starpress.pnp.paper import Paper
from starpress.pnp.printers import (
    PrinterProfile,
    find_profile,
    parse_offset,
    parse_scale,
    project_file,
    read_profiles,
    save_profile,
    user_file,
)


def _guarded(errors: Console, work: Callable[[], int]) -> int:
    try:
        return work()
    except InputError as error:
        errors.print(Text.assemble(("error: ", "red"), str(error)), soft_wrap=True)
        return EXIT_BAD_INPUT


def calibrate(
    root: Path,
    *,
    paper: Paper | None,
    duplex: choices.Duplex | None,
    printer: str | None,
    out: Path,
    console: Console,
    errors: Console,
) -> int:
    """The calibration sheet with scale bars; with `printer`, its paper and flip (unless
    given) and its offset and scale applied, to check the profile."""

    def work() -> int:
        profile = find_profile(root, printer) if printer is not None else PrinterProfile()
        applied = printer is not None
        options = KitOptions(
            lang="en",
            paper=paper.name if paper is not None else profile.paper,
            duplex=_KIT_FLIPS[duplex] if duplex is not None else profile.duplex,
            back_offset=profile.back_offset if applied else (0.0, 0.0),
            scale=profile.scale if applied else (100.0, 100.0),
        )
        prepare_out(out)
        try:
            path = build_calibration(out, options, bars=True)
        except OSError as error:
            raise InputError(out, f"cannot write ({error.strerror or 'error'})") from None
        console.print(f"wrote {path}", highlight=False, soft_wrap=True)
        if applied:
            console.print(
                f"with printer {printer!r} applied ({profile.describe()}): every front line "
                "should fall on 0 and each bar measure its length",
                highlight=False,
                soft_wrap=True,
            )
        return 0

    return _guarded(errors, work)


def save(
    root: Path,
    name: str,
    *,
    back_offset: str | None,
    scale: str | None,
    paper: Paper | None,
    duplex: choices.Duplex | None,
    user: bool,
    console: Console,
    errors: Console,
) -> int:
    """Add or update a profile in the project's printers.yaml (or the user's, with `user`)."""

    def work() -> int:
        where = user_file() if user else project_file(root)
        profile = save_profile(
            where,
            name,
            paper=paper.name if paper is not None else None,
            duplex=duplex.value if duplex is not None else None,
            back_offset=parse_offset(back_offset) if back_offset is not None else None,
            scale=parse_scale(scale) if scale is not None else None,
        )
        console.print(
            f"saved printer {name!r} in {where.shown}: {profile.describe()}",
            highlight=False,
            soft_wrap=True,
        )
        return 0

    return _guarded(errors, work)


def list_profiles(root: Path, *, console: Console, errors: Console) -> int:
    """Every saved profile, the project's first, then the user's."""

    def work() -> int:
        found = 0
        for where in (project_file(root), user_file()):
            for name, profile in read_profiles(where).items():
                console.print(
                    f"{name} ({where.shown}): {profile.describe()}", highlight=False, soft_wrap=True
                )
                found += 1
        if not found:
            console.print(
                "no printer profiles yet: 'starpress printer calibrate', then "
                "'starpress printer save NAME --back-offset X,Y --scale S'",
                highlight=False,
            )
        return 0

    return _guarded(errors, work)
