"""What `starpress show` prints: a readable summary of a game, or its whole model as JSON."""

from __future__ import annotations

import json
from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from starpress.core import text
from starpress.core.model import Game, Section


def game_json(game: Game) -> str:
    """The whole validated model as JSON, keys in model order, for other tools."""
    data = {"id": game.id, **game.model_dump(mode="json")}
    return json.dumps(data, ensure_ascii=False, indent=2)


def game_summary(game: Game) -> RenderableType:
    """A summary for people: facts, components with counts, the rules tree, glossary, icons."""
    info = game.info
    titles = game.ids()
    facts = Table.grid(padding=(0, 2))
    facts.add_row("Players", _range(info.players.min, info.players.max))
    facts.add_row("Play time", f"{_range(info.play_time.min, info.play_time.max)} min")
    facts.add_row("Languages", f"{', '.join(info.languages)} (source: {info.source_language})")
    if info.variants:
        facts.add_row("Variants", ", ".join(variant.id for variant in info.variants))
    credits = "; ".join(f"{credit.role}: {', '.join(credit.names)}" for credit in info.credits)
    if credits:
        facts.add_row("Credits", credits)

    components = Table(
        title=f"Components ({sum(c.count for c in game.components)} pieces)", title_justify="left"
    )
    for column in ("id", "kind", "name", "count", "size", "provenance"):
        components.add_column(column, justify="right" if column == "count" else "left")
    for component in game.components:
        components.add_row(
            component.id,
            component.kind,
            _plain(component.name, game, titles),
            str(component.count),
            component.size or "",
            component.provenance,
        )

    sections = list(game.sections())
    rules = Tree(f"Rules ({len(sections)} sections)")
    for section in game.rules:
        _add_section(rules, section, game, titles)

    glossary = Text(f"Glossary: {len(game.glossary)} entries")
    icons = Text(
        f"Icons ({len(game.icons)}): "
        + ", ".join(f":{icon.id}: {icon.name.get(info.source_language, '')}" for icon in game.icons)
    )
    clarifications = Text(f"Clarifications: {len(game.clarifications)}")
    heading = Text(f"{info.title} ({game.id})", style="bold")
    return Group(heading, facts, Text(), components, Text(), rules, glossary, icons, clarifications)


def _add_section(parent: Tree, section: Section, game: Game, titles: Mapping[str, str]) -> None:
    branch = parent.add(f"{_plain(section.title, game, titles)} [dim]{section.id}[/dim]")
    for child in section.sections:
        _add_section(branch, child, game, titles)


def _plain(value: text.Text, game: Game, titles: Mapping[str, str]) -> str:
    return text.plain_text(value.tokens, titles)


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"
