"""`starpress site deploy --to DIR`: the built site as one folder for any static host.

The folder is a copy of `build/site/` plus an empty `.nojekyll` (GitHub Pages then serves
it as it is). It is written whole or not at all: copied into `DIR.tmp`, then renamed. A
folder inside the project's own sources, or one holding the built site, is refused; so is
an existing folder that is not empty, unless `force` replaces it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from starpress.core.errors import InputError
from starpress.core.project import Project

SOURCE_FOLDERS = ("content", "templates", "site", "starpress", "pnp", "automa", "tests")
"""The project's own folders: a deploy never writes into them."""


def site_folder(root: Path) -> Path:
    return Project(root).built_site


def check_target(root: Path, target: Path, force: bool) -> None:
    """Refuse a target that would overwrite sources, the built site or someone's files."""
    given = target
    root = root.resolve()
    target = target.resolve()
    built = site_folder(root).resolve()
    if target == root or target in root.parents:
        raise _refused(given, "is the project folder or holds it; deploy to a folder of its own")
    for name in SOURCE_FOLDERS:
        folder = root / name
        if target == folder or folder in target.parents:
            raise _refused(given, f"is inside the project's {name}/; deploy somewhere else")
    if target == built or built in target.parents or target in built.parents:
        raise _refused(given, "is or holds the built site (build/site/); deploy elsewhere")
    if target.exists() and not target.is_dir():
        raise _refused(given, "exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise _refused(given, "exists and is not empty (--force replaces it)")


def _refused(given: Path, message: str) -> InputError:
    """The refusal names the folder as it was given (`--to /`): shortened as paths in
    messages are, `/` had no name left to show."""
    return InputError(None, f"--to {given}: {message}")


def deploy(root: Path, target: Path, force: bool = False) -> Path:
    """Copy the built site to `target` (see the module's docstring); the folder written."""
    built = site_folder(root)
    if not (built / "index.html").is_file():
        raise InputError(built, "no built site here; run `starpress site build` first")
    check_target(root, target, force)
    target = target.resolve()
    staging = target.with_name(target.name + ".tmp")
    old = target.with_name(target.name + ".old")
    for leftover in (staging, old):
        if leftover.exists():
            shutil.rmtree(leftover)
    try:
        shutil.copytree(built, staging)
        (staging / ".nojekyll").write_bytes(b"")
        if target.exists():
            target.rename(old)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    if old.exists():
        shutil.rmtree(old)
    return target
