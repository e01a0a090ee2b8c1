"""The Play pages' Python as one zip: the engine and the bots' programs, and nothing the
browser has not.

The zip holds exactly the modules the programs import, found by importing them in a child
Python where pydantic, YAML, Babel and the content's models cannot be imported (what a
page in Pyodide has). `starpress site build` writes it into the build tree before the
site is built; the site copies it beside the pages (`starpress.site.play`).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

from starpress.core.errors import InputError

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


def code_files(programs: list[str]) -> dict[str, Path]:
    """The modules `automa.web.page` and the `programs` import: each one's path in the zip
    (`starpress/automa/web/page.py`) and its source file."""
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
