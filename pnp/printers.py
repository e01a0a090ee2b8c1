"""Printer profiles: what a calibration print measured on one printer, saved under a name.

A profile holds the paper and duplex flip it was measured with, the back offset read off
the calibration sheet (mm) and the scale that makes its 150 mm bars print 150 mm (percent,
across and along the page). `starpress printer save` writes it to the project's
`printers.yaml` (or, with `--user`, the user's config folder); `pnp --printer NAME` and
`printer calibrate --printer NAME` read it back: an option given on the command line wins
over the profile. A profile file is input like any other: a bad one is refused with its
`path:line:col`, and a save never leaves it half-written.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.core.problems import validation_problem
from starpress.core.project import Project
from starpress.core.yamlpos import load_located
from starpress.pnp.limits import LIMITS
from starpress.pnp.paper import parse_paper

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")
"""A profile's name: a letter or digit, then letters, digits, '-' or '_' (40 at most)."""

HEADER = (
    "# Printer profiles: `starpress printer save NAME …` writes them, `starpress pnp GAME\n"
    "# --printer NAME` applies them. back_offset: X,Y in mm added to back pages (read off\n"
    "# `starpress printer calibrate`); scale: percent across and along the page.\n"
)


class PrinterProfile(BaseModel):
    """One printer, as measured."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    paper: str = "a4"
    duplex: Literal["long", "short", "none"] = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    scale: tuple[float, float] = (100.0, 100.0)

    @field_validator("paper")
    @classmethod
    def _paper(cls, value: str) -> str:
        return parse_paper(value).name

    @field_validator("back_offset")
    @classmethod
    def _offset(cls, value: tuple[float, float]) -> tuple[float, float]:
        limit = LIMITS.kit.back_offset_mm
        for axis, part in zip("XY", value, strict=True):
            if not -limit <= part <= limit:
                raise ValueError(
                    f"back_offset {axis} must be between {-limit:g} and {limit:g} mm (got {part:g})"
                )
        return value

    @field_validator("scale")
    @classmethod
    def _scale(cls, value: tuple[float, float]) -> tuple[float, float]:
        span = LIMITS.kit.scale_percent
        for axis, part in zip("XY", value, strict=True):
            if part not in span:
                raise ValueError(
                    f"scale {axis} must be between {span.min:g} and {span.max:g} % (got {part:g})"
                )
        return value

    def describe(self) -> str:
        """One line: paper, flip, back offset and scale."""
        dx, dy = self.back_offset
        sx, sy = self.scale
        scale = f"{sx:g} %" if sx == sy else f"{sx:g} % x {sy:g} %"
        return (
            f"paper {self.paper}, duplex {self.duplex}, back offset {dx:+g},{dy:+g} mm, "
            f"scale {scale}"
        )


class _ProfileFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    printers: dict[str, PrinterProfile] = {}

    @field_validator("printers")
    @classmethod
    def _names(cls, value: dict[str, PrinterProfile]) -> dict[str, PrinterProfile]:
        for name in value:
            check_name(name)
        return value


@dataclass(frozen=True)
class ProfileFile:
    """Where a profile file is and how messages show it (never a machine's absolute path)."""

    path: Path
    shown: str


def check_name(name: str) -> str:
    """A profile name, or a one-line error saying what a name may be."""
    if not NAME_RE.match(name):
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise ValueError(
            f"printer name {shown!r} must be a letter or digit, then letters, digits, '-' or "
            "'_' (at most 40)"
        )
    return name


def project_file(root: Path) -> ProfileFile:
    return ProfileFile(Project(root).printer_profiles, "printers.yaml")


def user_file() -> ProfileFile:
    """The user's profiles: `$XDG_CONFIG_HOME/starpress/printers.yaml`, by default
    `~/.config/starpress/printers.yaml`."""
    config = os.environ.get("XDG_CONFIG_HOME", "")
    if config and Path(config).is_absolute():
        return ProfileFile(
            Path(config) / "starpress" / "printers.yaml", "$XDG_CONFIG_HOME/starpress/printers.yaml"
        )
    return ProfileFile(
        Path.home() / ".config" / "starpress" / "printers.yaml", "~/.config/starpress/printers.yaml"
    )


def read_profiles(where: ProfileFile) -> dict[str, PrinterProfile]:
    """The profiles of one file ({} when there is none); a bad file is one located line."""
    path = where.path
    try:
        if not path.exists() or path.stat().st_size == 0:
            return {}
        if not path.is_file():
            raise InputError(where.shown, "not a file")
        located = load_located(path)
    except InputError as error:
        raise InputError(where.shown, error.message, error.line, error.col) from None
    except OSError as error:
        raise InputError(where.shown, f"cannot read ({error.strerror or 'error'})") from None
    try:
        return _ProfileFile.model_validate(located.data).printers
    except ValidationError as error:
        problem = validation_problem(path, located, error.errors()[0])
        raise InputError(where.shown, problem.message, problem.line, problem.col) from None


def find_profile(root: Path, name: str) -> PrinterProfile:
    """The profile `name`: the project's first, then the user's."""
    try:
        check_name(name)
    except ValueError as error:
        raise InputError(None, f"--printer: {error}") from None
    places = (project_file(root), user_file())
    known: list[str] = []
    for where in places:
        profiles = read_profiles(where)
        if name in profiles:
            return profiles[name]
        known.extend(profiles)
    saved = f"saved: {', '.join(sorted(set(known)))}" if known else "none saved yet"
    raise InputError(
        None,
        f"--printer: no printer profile {name!r} in {' or '.join(p.shown for p in places)} "
        f"({saved}; save one with 'starpress printer save NAME …')",
    )


def save_profile(
    where: ProfileFile,
    name: str,
    *,
    paper: str | None = None,
    duplex: str | None = None,
    back_offset: tuple[float, float] | None = None,
    scale: tuple[float, float] | None = None,
) -> PrinterProfile:
    """Add or update the profile `name` in `where`: the values given replace its old ones,
    the rest are kept (or the defaults, for a new profile). The file is read and checked
    first (a bad file is refused, not overwritten) and written whole or not at all."""
    try:
        check_name(name)
    except ValueError as error:
        raise InputError(None, str(error)) from None
    profiles = dict(read_profiles(where))
    given = {
        key: value
        for key, value in (
            ("paper", paper),
            ("duplex", duplex),
            ("back_offset", back_offset),
            ("scale", scale),
        )
        if value is not None
    }
    old = profiles.get(name, PrinterProfile())
    try:
        profile = PrinterProfile.model_validate({**old.model_dump(), **given})
    except ValidationError as error:
        detail = error.errors()[0]
        raise InputError(None, str((detail.get("ctx") or {}).get("error", detail["msg"]))) from None
    profiles[name] = profile
    data = {
        "printers": {
            key: {
                "paper": value.paper,
                "duplex": value.duplex,
                "back_offset": list(value.back_offset),
                "scale": list(value.scale),
            }
            for key, value in profiles.items()
        }
    }
    text = HEADER + yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, default_flow_style=None
    )
    try:
        where.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(where.path, text.encode("utf-8"))
    except OSError as error:
        raise InputError(where.shown, f"cannot write ({error.strerror or 'error'})") from None
    return profile


def parse_pair(option: str, text: str, unit: str, example: str) -> tuple[float, float]:
    """`X,Y` as two finite numbers (`S` alone means `S,S` when `unit` is '%')."""
    parts = text.split(",")
    if unit == "%" and len(parts) == 1:
        parts = parts * 2
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise InputError(
            None, f"{option} must be X,Y in {unit} (e.g. {example}), not {shown!r}"
        ) from None
    return x, y


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset X,Y` in mm, each within the limit of `pnp/limits.yaml`."""
    dx, dy = parse_pair("--back-offset", text, "mm", "0.5,-1")
    limit = LIMITS.kit.back_offset_mm
    for axis, value in (("X", dx), ("Y", dy)):
        within("--back-offset " + axis, value, -limit, limit, "mm")
    return dx, dy


def parse_scale(text: str) -> tuple[float, float]:
    """`--scale S` or `--scale SX,SY` in percent, within `pnp/limits.yaml`."""
    sx, sy = parse_pair("--scale", text, "%", "100.4 or 100.4,99.8")
    span = LIMITS.kit.scale_percent
    for axis, value in (("X", sx), ("Y", sy)):
        within("--scale " + axis, value, span.min, span.max, "%")
    return sx, sy


def within(option: str, value: float, low: float, high: float, unit: str = "mm") -> None:
    """A one-line error unless `low <= value <= high`."""
    if not (math.isfinite(value) and low <= value <= high):
        raise InputError(
            None,
            f"{option} must be between {low:g} and {high:g} {unit} (got {value:g}; "
            "limits in pnp/limits.yaml)",
        )
