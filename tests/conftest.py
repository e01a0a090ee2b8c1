"""Shared fixtures: a tiny valid project that tests can break one file at a time."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DEMO_FILES = {
    "game.yaml": """\
game:
  id: demo
  title: Demo
  tagline: A tiny game
  summary: A game made for tests.
  source_language: en
  languages: [en, pt-BR]
  players: {min: 1, max: 2}
  play_time: {min: 10, max: 20}
  sources:
    - id: rulebook
      title: Demo rules
      kind: seed
""",
    "components.yaml": """\
components:
  - id: demo.component.card
    kind: card
    name: Card
    count: 10
    size: poker
""",
    "rules.yaml": """\
rules:
  - id: demo.rules.setup
    title: Setup
    body: "Take a :coin: and read [[demo.glossary.coin]]."
    sections:
      - id: demo.rules.setup.deal
        title: Deal
        steps: [Shuffle the cards., Deal five to each player.]
""",
    "glossary.yaml": """\
glossary:
  - id: demo.glossary.coin
    term: Coin
    short: Money.
    related: [demo.rules.setup]
""",
    "icons.yaml": """\
icons:
  - id: coin
    file: icons/coin.svg
    name: {en: Coin}
""",
    "icons/coin.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
    '<circle cx="12" cy="12" r="9" fill="#e0b000"/></svg>\n',
}


def make_project(base: Path, overrides: dict[str, str] | None = None) -> Path:
    """A project folder holding the demo game, with some of its files replaced."""
    game = base / "content" / "demo"
    (base / "templates").mkdir(parents=True, exist_ok=True)
    for name, text in {**DEMO_FILES, **(overrides or {})}.items():
        path = game / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return base


@pytest.fixture
def demo_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A valid demo project; the working directory is its root."""
    monkeypatch.chdir(tmp_path)
    return make_project(tmp_path)


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the real `starpress` command in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "starpress", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
