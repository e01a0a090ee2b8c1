"""hatchling build hook: the built-in library inside a wheel, with each game's edition.

A wheel carries the five games as its built-in library: the paths pyproject.toml lists under
`[tool.hatch.build.hooks.custom] library`, laid out as a project in `starpress/library/`
(`starpress.core.project.LIBRARY`), and `editions.json` beside them: each game's content
digest and the date of its last commit (`starpress.core.edition` reads it, having no git
there). Built from a clone, the record asks git; built from an sdist, the sdist's own record
is passed on (an sdist gets one too). An editable install reads the clone itself: nothing
is added to it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

RECORD = "editions.json"
INSIDE = "starpress/library"


class LibraryHook(BuildHookInterface):  # type: ignore[type-arg]  # generic over its config
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if version == "editable":
            return
        root = Path(self.root)
        record = root / RECORD  # an sdist's, made when the sdist was built
        if (root / ".git").exists() or not record.is_file():
            record = root / "build" / "library" / RECORD
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(json.dumps(_editions(root), indent=1, sort_keys=True) + "\n")
        included = build_data["force_include"]
        if self.target_name == "wheel":
            for name in self.config.get("library", []):
                included[str(root / name)] = f"{INSIDE}/{name}"
            included[str(record)] = f"{INSIDE}/{RECORD}"
        else:
            included[str(record)] = RECORD


def _editions(root: Path) -> dict[str, object]:
    """Each game's digest and date, computed by the source tree's own starpress."""
    sys.path.insert(0, str(root))
    try:
        from starpress.core.edition import library_manifest

        return library_manifest(root)
    finally:
        sys.path.remove(str(root))
