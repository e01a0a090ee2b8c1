"""What every Play page of the site shares, written beside the languages' sites:

    build/site/play/pyodide/…     Pyodide, from the npm package pinned in site/play/package.json
    build/site/play/starpress.zip the engine and the bots' programs (standard library only)
    build/site/play/play.js       the page's script (site/play/play.js)
    build/site/sw.js              the service worker for offline play (site/play/sw.js)

Pyodide is installed by `make` (`npm ci --prefix site/play`) and copied here, never fetched
from a CDN. The zip holds exactly the modules the programs import, found by importing them
in a Python where pydantic, YAML and Babel cannot be imported (what the browser has).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from starpress.cli.scaffold import TOOL_PROJECT
from starpress.core.atomic import write_atomic
from starpress.core.errors import InputError

PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json",
)  # fmt: skip
"""The files of the npm package a page loads (the rest is for Node)."""
NOT_IN_THE_BROWSER = (
    "pydantic", "yaml", "babel", "reportlab", "typer", "rich", "jinja2",
    "starpress.core.model", "starpress.core.load", "starpress.core.i18n",
    "starpress.core.catalogs", "starpress.core.bots",
    "starpress.automa.engine.registry", "starpress.automa.engine.voice",
    "starpress.automa.engine.runner",
)  # fmt: skip
"""What the browser has not: importing any of these while the programs load is an error."""
_IMPORTS = """
import importlib, importlib.abc, json, sys
blocked = tuple(sys.argv[1].split(","))
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if any(name == b or name.startswith(b + ".") for b in blocked):
            raise ImportError(f"{name} is not in the browser")
sys.meta_path.insert(0, Block())
for module in sys.argv[2:]:
    importlib.import_module(module)
print(json.dumps(sorted([m.__name__, m.__file__] for m in list(sys.modules.values())
                        if getattr(m, "__file__", None) and m.__name__.split(".")[0]
                        == "starpress")))
"""


def pyodide_folder(root: Path) -> Path:
    """Where `npm ci --prefix site/play` put Pyodide: in the project, else in the project
    starpress comes in (a scaffolded game's site uses that one); STARPRESS_PYODIDE first."""
    given = os.environ.get("STARPRESS_PYODIDE")
    places = [Path(given)] if given else [
        project / "site" / "play" / "node_modules" / "pyodide" for project in (root, TOOL_PROJECT)
    ]  # fmt: skip
    for folder in places:
        if all((folder / name).is_file() for name in PYODIDE_FILES):
            return folder
    raise InputError(
        places[0], "Pyodide is not installed: run `make`, or `npm ci --prefix site/play`, "
        "for the Play pages",
    )  # fmt: skip


def code_files(programs: list[str]) -> dict[str, Path]:
    """The modules `automa.web.page` and the `programs` import: each one's path in the zip
    (`automa/web.py`) and its source file."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTS, ",".join(NOT_IN_THE_BROWSER),
         "starpress.automa.web.page", *programs],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise InputError(None, f"the bots' programs do not load without the content: {last}")
    files = {}
    for module, source in json.loads(done.stdout):
        path = Path(source)
        inner = "/__init__.py" if path.name == "__init__.py" else ".py"
        files[module.replace(".", "/") + inner] = path
    return files


def code_zip(files: dict[str, Path]) -> bytes:
    """The modules as a zip Pyodide unpacks: the same bytes for the same files."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in sorted(files.items()):
            entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, path.read_bytes())
    return data.getvalue()


def write_play_files(root: Path, site_dir: Path, programs: list[str]) -> list[Path]:
    """Pyodide, the programs' code, the page script and the service worker (the project's
    `site/play/`), in `site_dir`; the files written."""
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
    write_atomic(code, code_zip(code_files(programs)))
    script = folder / "play.js"
    write_atomic(script, (root / "site" / "play" / "play.js").read_bytes())
    written += [code, script]
    digest = hashlib.sha256()
    for path in written:
        digest.update(path.relative_to(site_dir).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    paths = [path.relative_to(site_dir).as_posix() for path in written]
    worker = (root / "site" / "play" / "sw.js").read_text("utf-8")
    worker = worker.replace("__BUILD__", digest.hexdigest()[:16])
    worker = worker.replace("__SHARED__", json.dumps(paths))
    write_atomic(site_dir / "sw.js", worker.encode("utf-8"))
    return [*written, site_dir / "sw.js"]
