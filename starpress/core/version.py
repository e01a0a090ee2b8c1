"""starpress's own version: asked of git in a clone, read from the installed metadata elsewhere.

A wheel or an sdist carries the version hatch-vcs made from git tags when it was built: the
tag `v0.2.0` gives `0.2.0`; three commits later, `0.2.1.dev3+g1a2b3c4d5`; with no tag yet,
`0.1.dev<commits>+g<commit>`. A clone runs from an editable install, whose metadata keeps
the version of the day it was installed, so there the same scheme is asked of git each
time. Uncommitted changes to tracked files add `.dirty` (hatch-vcs would add the day's
date; a version read from the clock would make two builds of the same tree differ).
"""

from __future__ import annotations

import functools
import re
from importlib import metadata
from pathlib import Path

from starpress.core.git import git_output

DISTRIBUTION = "starpress"
UNKNOWN = "0+unknown"
"""The version of a copy that is neither a clone nor installed (PEP 440, sorts first)."""

_RELEASE_TAG = re.compile(r"v?(\d+(?:\.\d+)*)")
_DESCRIBED = re.compile(r"(?P<tag>.+)-(?P<distance>\d+)-g(?P<node>[0-9a-f]+)(?P<dirty>-dirty)?")
_NODE_LENGTH = 9
"""Hex digits of the commit in a version, as hatch-vcs writes them."""


@functools.cache
def tool_version() -> str:
    """starpress's version: from git when it runs from a clone, else as installed."""
    clone = _clone()
    if clone is not None:
        described = git_version(clone)
        if described is not None:
            return described
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def _clone() -> Path | None:
    """The git work tree the package sits in (its parent holds .git and pyproject.toml)."""
    top = Path(__file__).resolve().parent.parent.parent
    if (top / ".git").exists() and (top / "pyproject.toml").is_file():
        return top
    return None


def git_version(work_tree: Path) -> str | None:
    """The version hatch-vcs would give the work tree's commit (with `.dirty` for
    uncommitted changes); None without git or a commit."""
    described = git_output(work_tree, "describe", "--dirty", "--tags", "--long", "--abbrev=40",
                     "--match", "*[0-9]*")  # fmt: skip
    match = _DESCRIBED.fullmatch(described or "")
    if match is not None:
        return version_of(match["tag"], int(match["distance"]), match["node"], bool(match["dirty"]))
    node = git_output(work_tree, "rev-parse", "--verify", "--quiet", "HEAD")
    count = git_output(work_tree, "rev-list", "--count", "HEAD")
    if not node or not count or not count.isdigit():
        return None
    dirty = bool(git_output(work_tree, "status", "--porcelain", "--untracked-files=no"))
    return version_of(None, int(count), node, dirty)


def version_of(tag: str | None, distance: int, node: str, dirty: bool) -> str:
    """hatch-vcs's default scheme (guess-next-dev): the tag itself on a clean tagged
    commit, else the next patch release's `.dev<distance>` and the commit; `.dirty` for
    uncommitted changes. No tag counts as `0.0` with every commit as the distance."""
    release = _RELEASE_TAG.fullmatch(tag) if tag is not None else None
    base = release[1] if release else (tag or "0.0")
    if tag is not None and distance == 0 and not dirty:
        return base
    if release or tag is None:
        parts = base.split(".")
        parts[-1] = str(int(parts[-1]) + 1)
        base = ".".join(parts)
    local = f"g{node[:_NODE_LENGTH]}" + (".dirty" if dirty else "")
    return f"{base}.dev{distance}+{local}"
