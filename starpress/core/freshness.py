"""Outputs keyed by the hash of their inputs, so a build with nothing changed skips its work.

A step (the kits of one game on one paper, say) has a key: the SHA-256 of the bytes and
relative names of every file it reads (content, templates, the code that draws, its data and
fonts), of starpress's version (stamped on every output; in a clone, the commit), of the
versions of the libraries it runs on and of its options. After a step has
built, a stamp (`build/cache/stamps/<step>.json`) records that key and the size and
modification time of each file it wrote. The step is fresh while its key is the same and
every one of its outputs is still there as written; then nothing runs and nothing is
written. A changed input, option or library, or an output deleted or edited, makes it run
again. `build/cache/stamps/` can be deleted at any time: everything is then built again.

provenance: prototype (our own design: stamps beside GNU make's timestamps, keyed as
content-addressed build systems key their actions).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from importlib import metadata
from pathlib import Path

from starpress.core.atomic import write_atomic
from starpress.core.project import Project
from starpress.core.version import tool_version

LIBRARIES = ("babel", "mkdocs", "mkdocs-material", "pydantic", "pymupdf", "pyyaml", "reportlab")
"""The libraries whose version is part of every key (a new version may draw differently)."""
SKIPPED = ("node_modules", "__pycache__", ".git")
"""Folders never read as inputs: installed packages (their lock file is read), caches."""


CODE = ("automa", "cli", "core", "pdf", "pnp", "rulebook", "site")
"""starpress's own packages (some are links to folders at the top of the repository, which
a search of the folder would not follow: each is named)."""


def code_folder(*parts: str) -> Path:
    """A folder of starpress's own code (and data, fonts) as installed: `code_folder("pnp")`."""
    import starpress

    return Path(starpress.__file__).parent.joinpath(*parts).resolve()


def all_code() -> list[Path]:
    """Every package of starpress's own code."""
    return [code_folder(name) for name in CODE]


def input_files(paths: Iterable[Path]) -> list[Path]:
    """Every file of `paths` (files, or folders read whole), sorted, none twice."""
    found: set[Path] = set()
    for path in paths:
        if path.is_file():
            found.add(path)
        elif path.is_dir():
            found.update(
                file
                for file in path.rglob("*")
                if file.is_file()
                and not any(part in SKIPPED for part in file.relative_to(path).parts)
                and file.suffix != ".pyc"
            )
    return sorted(found)


def inputs_key(paths: Iterable[Path], *options: object) -> str:
    """The key of a step that reads `paths` with `options` (see the module)."""
    digest = hashlib.sha256()
    versions = (sys.version_info[:2], tool_version(), *(_version(name) for name in LIBRARIES))
    for option in (*options, *versions):
        digest.update(repr(option).encode("utf-8") + b"\0")
    for top in paths:  # named from each input's own name, so a moved project keeps its keys
        for path in input_files([top]):
            name = Path(top.name, path.relative_to(top)) if path != top else Path(top.name)
            data = path.read_bytes()
            digest.update(f"{name.as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _version(name: str) -> str:
    try:
        return f"{name}=={metadata.version(name)}"
    except metadata.PackageNotFoundError:
        return f"{name} not installed"


class Stamps:
    """The stamps of a project's steps (see the module)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = Project(root).cache("stamps")

    def fresh(self, step: str, key: str) -> bool:
        """Whether `step` last built with `key` and its outputs are still as it wrote them."""
        try:
            stamp = json.loads(self._path(step).read_text("utf-8"))
        except (OSError, ValueError):
            return False
        if not isinstance(stamp, dict) or stamp.get("key") != key:
            return False
        outputs = stamp.get("outputs")
        if not isinstance(outputs, dict) or not outputs:
            return stamp.get("outputs") == {}  # a step that writes nothing (a check)
        return all(self._seen(Path(name)) == seen for name, seen in outputs.items())

    def record(self, step: str, key: str, outputs: Iterable[Path]) -> None:
        """`step` has built with `key`, writing `outputs` (files, or folders written whole)."""
        seen = {self._name(path): self._seen(path) for path in input_files(outputs)}
        self.folder.mkdir(parents=True, exist_ok=True)
        body = {"key": key, "outputs": seen}
        write_atomic(self._path(step), json.dumps(body, indent=1, sort_keys=True).encode())

    def _name(self, path: Path) -> str:
        """An output's name in the stamp: from the project's folder, else absolute."""
        path = path.resolve()
        root = self.root.resolve()
        return (path.relative_to(root) if path.is_relative_to(root) else path).as_posix()

    def _seen(self, path: Path) -> list[int] | None:
        """A file's size and modification time (ns), None when it is gone."""
        try:
            stat = (path if path.is_absolute() else self.root / path).stat()
        except OSError:
            return None
        return [stat.st_size, stat.st_mtime_ns]

    def _path(self, step: str) -> Path:
        name = hashlib.sha256(step.encode("utf-8")).hexdigest()[:24]
        return self.folder / f"{name}.json"
