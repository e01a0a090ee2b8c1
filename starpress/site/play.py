"""What every Play page of the site shares, written beside the languages' sites:

    build/site/play/pyodide/…     Pyodide, from the npm package pinned in site/play/package.json,
                                  and its memory once started (snapshot.bin.gz), when Node is here
    build/site/play/starpress.zip the engine and the bots' programs (standard library only)
    build/site/play/play.js       the page's script (site/play/play.js)
    build/site/sw.js              the service worker for offline play (site/play/sw.js)

Pyodide is installed by `make` (`npm ci --prefix site/play`) and copied here, never fetched
from a CDN. The zip is the bots' own (`automa.web.bundle`), written into the build tree
before the site is built.

Starting CPython is most of a page's wait: Node starts Pyodide once at build time
(`site/play/snapshot.mjs`) and its memory is written gzipped beside it; a page starts from
that memory (play.js). The same Pyodide makes the same bytes (a fixed hash seed, randomness
and clock while it is made; the page reseeds `random`), kept in `build/cache/pyodide-snapshot/`
under the hash of what makes it. Without Node, pages start CPython themselves.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError
from starpress.core.project import LIBRARY, Project

PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json",
)  # fmt: skip
"""The files of the npm package a page loads (the rest is for Node)."""
SNAPSHOT = "snapshot.bin.gz"
"""Pyodide's memory once started, gzipped: what a page starts from (play.js)."""


def pyodide_folder(root: Path) -> Path:
    """Where `npm ci --prefix site/play` put Pyodide: in the project, else in the library
    it stands beside, else in the built-in one; STARPRESS_PYODIDE first. The wheel does not
    carry Pyodide (it is 14 MB of npm package): the error says how to get it."""
    given = os.environ.get("STARPRESS_PYODIDE")
    project = Project(root)
    homes = [project.root, project.library, LIBRARY]
    places = [Path(given)] if given else list(dict.fromkeys(
        home / "site" / "play" / "node_modules" / "pyodide" for home in homes if home
    ))  # fmt: skip
    for folder in places:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    raise InputError(places[0], _missing_pyodide(project))


def pyodide_version(project: Project) -> str:
    """The Pyodide the Play pages are made for (the npm package `site/play/package.json`
    pins)."""
    package = json.loads((project.play_sources / "package.json").read_text("utf-8"))
    return str(package["dependencies"]["pyodide"])


def _missing_pyodide(project: Project) -> str:
    """How to get Pyodide, for a clone (`make`) and for an installed starpress."""
    try:
        version = pyodide_version(project)
    except (OSError, ValueError, KeyError, TypeError):
        version = "<version>"
    return (
        "Pyodide is not installed; the Play pages run the bots with it. In a clone of "
        "starpress run `make` (or `npm ci --prefix site/play`); elsewhere run "
        f"`npm install --prefix site/play pyodide@{version}` in this folder, or set "
        "STARPRESS_PYODIDE to a folder holding Pyodide's files"
    )


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
    memory = _snapshot(project, folder / "pyodide")
    if memory is not None:
        target = folder / "pyodide" / SNAPSHOT
        write_atomic(target, memory.read_bytes())
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


def _snapshot(project: Project, pyodide: Path) -> Path | None:
    """Pyodide's memory once started (`site/play/snapshot.mjs` run by Node), gzipped, from
    the cache when the same Pyodide, script and Node made it before; None without Node (or
    when Node fails: said, and the pages start CPython themselves)."""
    node = shutil.which("node")
    script = project.play_sources / "snapshot.mjs"
    if node is None or not script.is_file():
        return None
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True,
                                 timeout=60, check=True).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    key = hashlib.sha256(version.encode() + script.read_bytes())
    for name in PYODIDE_FILES:
        key.update(hashlib.sha256((pyodide / name).read_bytes()).digest())
    cached = project.cache("pyodide-snapshot") / f"{key.hexdigest()[:16]}.bin.gz"
    if cached.is_file():
        return cached
    with tempfile.TemporaryDirectory() as scratch:
        made = Path(scratch) / "snapshot.bin"
        try:
            subprocess.run([node, str(script), str(pyodide), str(made)], capture_output=True,
                           text=True, timeout=600, check=True)  # fmt: skip
        except (OSError, subprocess.SubprocessError) as error:
            why = getattr(error, "stderr", "") or str(error)
            print(f"starpress: no Pyodide snapshot ({why.strip().splitlines()[-1:]});"
                  " Play pages start CPython themselves", file=sys.stderr)  # fmt: skip
            return None
        cached.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(cached, gzip.compress(made.read_bytes(), compresslevel=9, mtime=0))
    return cached
