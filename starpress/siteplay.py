"""What every Play page of the site shares, written beside the languages' sites:

    build/site/play/pyodide/…     Pyodide, from the `pyodide` npm package (site/play/package.json)
    build/site/play/starpress.zip the engine and the bots' programs (standard library only)
    build/site/play/play.js       the page's script (site/play/play.js)
    build/site/sw.js              the service worker that keeps them for offline play

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

from starpress.atomic import write_atomic
from starpress.errors import InputError

PYODIDE_FILES = (
    "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "pyodide-lock.json",
)  # fmt: skip
"""The files of the npm package a page loads (the rest is for Node)."""
CODE = Path(__file__).resolve().parent.parent
"""starpress's own checkout: its `automa` and `starpress` packages, and `site/play`."""
NOT_IN_THE_BROWSER = (
    "pydantic", "yaml", "babel", "starpress.model", "starpress.load", "starpress.i18n",
    "starpress.catalogs", "reportlab", "typer", "rich", "jinja2", "starpress.bots",
    "automa.registry", "automa.voice", "automa.runner",
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
print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())
                        if getattr(m, "__file__", None) and m.__name__.split(".")[0]
                        in ("automa", "starpress"))))
"""


def pyodide_folder() -> Path:
    """Where `npm ci --prefix site/play` put Pyodide (STARPRESS_PYODIDE overrides it)."""
    given = os.environ.get("STARPRESS_PYODIDE")
    folder = Path(given) if given else CODE / "site" / "play" / "node_modules" / "pyodide"
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise InputError(
            folder, f"Pyodide is not installed ({missing[0]} missing): run `make`, or "
            "`npm ci --prefix site/play`, for the Play pages",
        )  # fmt: skip
    return folder


def code_files(programs: list[str]) -> list[Path]:
    """The source files of the modules `automa.web` and the `programs` import."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTS, ",".join(NOT_IN_THE_BROWSER), "automa.web", *programs],
        capture_output=True, text=True, cwd=CODE, check=False, timeout=120,
    )  # fmt: skip
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        raise InputError(None, f"the bots' programs do not load without the content: {last}")
    return [Path(name) for name in json.loads(done.stdout)]


def code_zip(files: list[Path]) -> bytes:
    """The modules as a zip Pyodide unpacks: the same bytes for the same files."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(files):
            entry = zipfile.ZipInfo(path.relative_to(CODE).as_posix(), (1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, path.read_bytes())
    return data.getvalue()


def write_play_files(site_dir: Path, programs: list[str]) -> list[Path]:
    """Pyodide, the programs' code, the page script and the service worker, in `site_dir`;
    the files written."""
    folder = site_dir / "play"
    source = pyodide_folder()
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
    write_atomic(script, (CODE / "site" / "play" / "play.js").read_bytes())
    written += [code, script]
    digest = hashlib.sha256()
    for path in written:
        digest.update(path.relative_to(site_dir).as_posix().encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    paths = [path.relative_to(site_dir).as_posix() for path in written]
    worker = (CODE / "site" / "play" / "sw.js").read_text("utf-8")
    worker = worker.replace("__BUILD__", digest.hexdigest()[:16])
    worker = worker.replace("__SHARED__", json.dumps(paths))
    write_atomic(site_dir / "sw.js", worker.encode("utf-8"))
    return [*written, site_dir / "sw.js"]
