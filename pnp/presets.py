"""`pnp/presets.yaml`, read once: papers, the home printer's margin, PNG and TTS settings.

Light to import (PyYAML only), so the command line can name the papers in its help and
parse `--paper` without loading the kit code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

PRESETS_PATH = Path(__file__).resolve().parent / "presets.yaml"
PRESETS: dict[str, Any] = yaml.load(  # libyaml's parser where built: 7 x faster
    PRESETS_PATH.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)
)
