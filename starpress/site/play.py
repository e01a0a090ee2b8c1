"""What every Play page of the site shares, written beside the languages' sites:

    build/site/play/pyodide/…     Pyodide, from the npm package pinned in site/play/package.json
    build/site/play/starpress.zip the engine and the bots' programs (standard library only)
    build/site/play/play.js       the page's script (site/play/play.js)
    build/site/sw.js              the service worker for offline play (site/play/sw.js)

Pyodide is installed by `make` (`npm ci --prefix site/play`) and copied here, never fetched
from a CDN. The zip is the bots' own (`automa.web.bundle`), written into the build tree
before the site is built.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.core.project import TOOL_HOME, Project

PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json",
)  # fmt: skip
"""The files of the npm package a page loads (the rest is for Node)."""


def pyodide_folder(root: Path) -> Path:
    """Where `npm ci --prefix site/play` put Pyodide: in the project, else in the project
    starpress comes in (a scaffolded game's site uses that one); STARPRESS_PYODIDE first."""
    given = os.environ.get("STARPRESS_PYODIDE")
    places = [Path(given)] if given else [
        Project(project).play_sources / "node_modules" / "pyodide" for project in (root, TOOL_HOME)
    ]  # fmt: skip
    for folder in places:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    raise InputError(
        places[0], "Pyodide is not installed: run `make`, or `npm ci --prefix site/play`, "
        "for the Play pages",
    )  # fmt: skip


def write_play_files(root: Path, site_dir: Path) -> list[Path]:
    """Pyodide, the bots' code (the zip written into the build tree before the site is
    built), the page script and the service worker (the project's `site/play/`), in
    `site_dir`; the files written."""
    project = Project(root)
    folder = site_dir / "play"
    source = pyodide_folder(root)
    (folder / "pyodide").mkdir(parents=True, exist_ok=True)
    written = []
    for name in PYODIDE_FILES:
        target = folder / "pyodide" / name
        if not target.is_file() or target.stat().st_size != (source / name).stat().st_size:
            shutil.copyfile(source / name, target)
        written.append(target)
    code = folder / "starpress.zip"
    write_atomic(code, project.play_bundle.read_bytes())
    script = folder / "play.js"
    write_atomic(script, (project.play_sources / "play.js").read_bytes())
    written += [code, script]
    digest = hashlib.sha256()
    for path in written:
        digest.update(path.relative_to(site_dir).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    paths = [path.relative_to(site_dir).as_posix() for path in written]
    worker = (project.play_sources / "sw.js").read_text("utf-8")
    worker = worker.replace("__BUILD__", digest.hexdigest()[:16])
    worker = worker.replace("__SHARED__", json.dumps(paths))
    write_atomic(site_dir / "sw.js", worker.encode("utf-8"))
    return [*written, site_dir / "sw.js"]
