"""The input limits (`limits.yaml` beside this file), loaded once.

They are data: a bigger box or a longer rulebook is a change to the YAML, not to the code
that enforces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

LIMITS_FILE = Path(__file__).with_name("limits.yaml")


@dataclass(frozen=True)
class Limits:
    yaml_file_bytes: int
    yaml_depth: int
    yaml_string_chars: int
    yaml_nodes: int
    count: int
    svg_file_bytes: int
    svg_elements: int
    catalog_file_bytes: int
    save_line_bytes: int
    save_events: int


@cache
def limits() -> Limits:
    """The limits of `limits.yaml` (a file we ship, so a plain safe load is enough; YAML is
    imported here, not with the module, so the save-file code runs where there is none)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser where built
    data = yaml.load(LIMITS_FILE.read_text("utf-8"), Loader=loader)
    return Limits(
        yaml_file_bytes=int(data["yaml"]["file_bytes"]),
        yaml_depth=int(data["yaml"]["depth"]),
        yaml_string_chars=int(data["yaml"]["string_chars"]),
        yaml_nodes=int(data["yaml"]["nodes"]),
        count=int(data["content"]["count"]),
        svg_file_bytes=int(data["svg"]["file_bytes"]),
        svg_elements=int(data["svg"]["elements"]),
        catalog_file_bytes=int(data["catalog"]["file_bytes"]),
        save_line_bytes=int(data["save"]["line_bytes"]),
        save_events=int(data["save"]["events"]),
    )


@dataclass(frozen=True)
class NewLimits:
    """What `starpress new` takes (apart from `Limits`, which the Play page's data carries)."""

    game_id_chars: int
    title_chars: int


@cache
def new_limits() -> NewLimits:
    import yaml

    data = yaml.safe_load(LIMITS_FILE.read_text("utf-8"))["new"]
    return NewLimits(int(data["game_id_chars"]), int(data["title_chars"]))


def read_capped(path: Path, limit: int) -> bytes | None:
    """The bytes of a file, or None when it holds more than `limit` (reads at most limit+1)."""
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    return None if len(data) > limit else data
