"""Every command on a project whose inputs were made hostile: never a hang, never a traceback.

The per-boundary suites (tests/test_hostile_*.py) check the exact message for each kind of
bad input. This one sweeps the other way: one hostile project at a time, every command that
reads it, and the only promises checked are the universal ones — it ends in time, within
the memory limit, with exit code 0, 1 (a finding such as overflowing text) or 2 (refused
input), never a traceback, and a refusal is one line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CARDS, LAYOUT, make_project
from tests.hostile import CPU_LIMIT, PEAK_LIMIT_MB, run_measured

BOMB = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{name}: &{name} [{', '.join(['*' + previous] * 10)}]\n"
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True)
)

HOSTILE_FILES: dict[str, dict[str, str | bytes]] = {
    "alias bomb in content": {"content/demo/rules.yaml": BOMB},
    "alias bomb in a layout": {"templates/cards/demo.yaml": BOMB},
    "merge key": {"content/demo/glossary.yaml": "base: &b {id: x}\nglossary:\n  - <<: *b\n"},
    "deep nesting": {"content/demo/rules.yaml": "rules: " + "[" * 5000 + "]" * 5000 + "\n"},
    "huge string": {"content/demo/glossary.yaml": "glossary: '" + "x" * 3_000_000 + "'\n"},
    "binary content": {"content/demo/rules.yaml": b"\x00\xff\xfe garbage \x80\x81"},
    "empty content file": {"content/demo/rules.yaml": ""},
    "control character in content": {
        "content/demo/rules.yaml": "rules:\n  - id: demo.rules.setup\n    title: Set\x07up\n"
    },
    "list at the top": {"content/demo/rules.yaml": "- a\n- b\n"},
    "count of a billion": {
        "content/demo/components.yaml": (
            "components:\n  - id: demo.component.card\n    kind: card\n    name: Card\n"
            "    count: 1000000000\n    size: poker\n"
        ),
        "content/demo/cards.yaml": CARDS.replace("count: 7", "count: 999999997"),
    },
    "icon outside the game": {
        "content/demo/icons.yaml": "icons:\n  - id: coin\n    file: ../../../etc/passwd\n"
        "    name: {en: Coin}\n"
    },
    "icon by absolute path": {
        "content/demo/icons.yaml": "icons:\n  - id: coin\n    file: /etc/hostname\n"
        "    name: {en: Coin}\n"
    },
    "icon with a script and an entity": {
        "content/demo/icons/coin.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x '
        'SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" '
        'viewBox="0 0 24 24" onload="alert(1)"><script>alert(1)</script>'
        '<circle cx="12" cy="12" r="9">&x;</circle></svg>'
    },
    "icon of 40 MB": {
        "content/demo/icons/coin.svg": '<svg xmlns="http://www.w3.org/2000/svg" '
        'viewBox="0 0 24 24">' + "<g>" * 10 + " " * 40_000_000 + "</g>" * 10 + "</svg>"
    },
    "font size of a billion": {
        "templates/cards/demo.yaml": LAYOUT.replace("size: 12", "size: 1000000000")
    },
    "negative box": {"templates/cards/demo.yaml": LAYOUT.replace("h: 30", "h: -30")},
    "unknown font": {
        "templates/cards/demo.yaml": LAYOUT.replace("size: 10}", "size: 10, font: Comic}")
    },
    "image outside the game": {
        "templates/cards/demo.yaml": LAYOUT.replace(
            '- {name: background, type: rect, full_bleed: true, fill: "#203040"}',
            "- {name: art, type: image, image: ../../../etc/hostname}",
        )
    },
    "broken catalog": {"content/demo/locale/pt-BR.po": 'msgid "x"\nmsgstr "y\n\nmsgid \n'},
    "binary catalog": {"content/demo/locale/pt-BR.po": b"\x00\x01\x02\xff\xfe" * 1000},
    "catalog that drops markup": {
        "content/demo/locale/pt-BR.po": 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; '
        'charset=UTF-8\\n"\n\nmsgctxt "demo.rules.setup.body"\n'
        'msgid "Take a :coin: and read [[demo.glossary.coin]]."\nmsgstr "Pegue <script>."\n'
    },
}

COMMANDS: list[list[str]] = [
    ["check"],
    ["show", "demo", "--json"],
    ["pnp", "demo"],
    ["pnp", "demo", "--lang", "pt-BR", "--png", "--tts"],
    ["i18n", "extract"],
    ["i18n", "compile"],
    ["i18n", "report"],
]


def _project(base: Path, files: dict[str, str | bytes]) -> Path:
    project = make_project(base, {"cards.yaml": CARDS})
    (project / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    for name, data in files.items():
        path = project / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")
    return project


@pytest.mark.parametrize("case", sorted(HOSTILE_FILES))
def test_every_command_survives_a_hostile_project(case: str, tmp_path: Path) -> None:
    project = _project(tmp_path, HOSTILE_FILES[case])
    for command in COMMANDS:
        run = run_measured(*command, cwd=project)
        said = f"{case}: starpress {' '.join(command)}: {run}"
        assert not run.timed_out, said
        assert "Traceback" not in run.stderr + run.stdout, said
        assert run.code in (0, 1, 2), said
        assert run.peak_mb < PEAK_LIMIT_MB, said
        assert run.cpu_seconds < CPU_LIMIT * 3, said  # some commands do real work first
        if run.code == 2:
            refused = [line for line in run.stderr.splitlines() if line.strip()]
            assert refused and "/work/" not in run.stderr and str(tmp_path) not in run.stderr, said
    leftovers = [p for p in project.rglob("*") if p.name.endswith((".part", ".tmp"))]
    assert leftovers == [], leftovers
