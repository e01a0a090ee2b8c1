"""`starpress automa GAME check|stats`: the designer's commands of a deck automaton, added to
the game's command group (`automa.commands`) when its bot is a deck, or its data holds one.

`check` walks every card through every answer and plays whole games at every level
(`automa.deck.walk`); `stats` plays the deck alone and says how often it does what, per level
and per round (`automa.deck.stats`). Both read the game in its source language (`--lang` for
another); their numbers do not depend on it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from starpress.core.model import LANGUAGES, Game

Fail = Callable[[str], NoReturn]


def has_deck(game: Game) -> bool:
    """Whether the game's bot is a deck automaton, or its data holds one (`deck:`)."""
    automa = game.automa
    return automa is not None and (automa.kind == "deck-automaton" or hasattr(automa, "deck"))


def deck_commands(app: typer.Typer, root: Path, game: Game, fail: Fail) -> None:
    """Add `check` and `stats` to a game's command group when it has a deck."""
    if not has_deck(game) or getattr(game.automa, "deck", True) is None:
        return
    app.command("check")(_check(root, game, fail))
    app.command("stats")(_stats(root, game, fail))


def _prepared(root: Path, game: Game, lang: str | None, fail: Fail) -> tuple[Any, Any]:
    from starpress.automa.deck.bot import deck_of
    from starpress.automa.engine.voice import Voice
    from starpress.core.i18n import localize

    if lang is not None and lang not in LANGUAGES:
        fail(f"--lang must be one of {', '.join(LANGUAGES)} (got {lang!r})")
    shown = lang or game.info.source_language
    localized = localize(root, game, shown)
    data = deck_of(localized)
    if data is None:
        fail(f"{game.id} has no deck automaton")
    return data, Voice(localized, shown)


Lang = Annotated[
    str | None, typer.Option("--lang", help="Language of its words (default: the game's).")
]


def _check(root: Path, game: Game, fail: Fail) -> Callable[..., None]:
    def check(
        games: Annotated[int, typer.Option(min=1, max=10_000, help="Games per level.")] = 100,
        lang: Lang = None,
    ) -> None:
        """Every card through every answer, and whole games at every level: no dead end,
        every expression computed, every game ends (the content was checked on loading:
        names, messages, rules, icons, levels)."""
        from rich.console import Console

        from starpress.automa.deck.walk import check as walk

        data, voice = _prepared(root, game, lang, fail)
        report = walk(data, voice, games)
        console = Console(highlight=False)
        console.print(f"{game.id}: the content is valid (names, messages, rules, icons, levels)")
        for card in report.cards:
            how = "random answers" if card.random else "every answer"
            did = " · ".join(f"{label} {n}" for label, n in card.did.most_common())
            nothing = f" · does nothing {card.nothing}" if card.nothing else ""
            console.print(f"  {card.deck} {card.card}: {card.ways} ways ({how}): {did}{nothing}")
        played = ", ".join(f"{level} {n}" for level, n in report.games.items())
        console.print(f"  whole games played to their end: {played or 'none'}")
        for name in report.unreached:
            console.print(f"  [yellow]no game reached {name}: walked from a game's start[/]")
        if report.problems:
            for problem in report.problems:
                console.print(f"[red]problem[/]: {problem}")
            raise typer.Exit(1)
        console.print("ok: every way through every card ends in an action, every game ends")

    return check


def _stats(root: Path, game: Game, fail: Fail) -> Callable[..., None]:
    def stats(
        games: Annotated[int, typer.Option(min=1, max=1_000_000, help="Games per level.")] = 1000,
        seed: Annotated[int, typer.Option(min=0, help="Seed of the first game.")] = 1,
        level: Annotated[str | None, typer.Option(help="One level (default: every level).")] = None,
        by_round: Annotated[
            bool, typer.Option("--rounds", help="Also each level's numbers round by round.")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="The numbers as JSON.")] = False,
        svg: Annotated[
            Path | None, typer.Option(help="Also write a bar chart per level into this folder.")
        ] = None,
        lang: Lang = None,
    ) -> None:
        """How often the deck does each action, per game and per round, at each level:
        the deck alone, its questions answered as their `frequency` says (else uniformly)."""
        from starpress.automa.deck.stats import action_table, round_table
        from starpress.automa.deck.stats import stats as measure

        data, voice = _prepared(root, game, lang, fail)
        if level is not None and level not in data.levels:
            fail(f"--level must be one of {', '.join(data.levels)} (got {level!r})")
        summaries = measure(data, voice, games, seed, [level] if level else None)
        if svg is not None:
            write_stats_charts(summaries, svg)
        if as_json:
            typer.echo(json.dumps(summaries, indent=2, sort_keys=True))
            return
        _print(game.id, summaries, action_table, round_table if by_round else None)

    return stats


def write_stats_charts(summaries: list[dict[str, Any]], folder: Path) -> list[Path]:
    """One bar chart per level (`stats-<level>.svg`): each action's times per game."""
    from starpress.automa.sim.charts import bar_chart_svg
    from starpress.core.atomic import write_atomic

    written = []
    folder.mkdir(parents=True, exist_ok=True)
    for summary in summaries:
        svg = bar_chart_svg(summary["actions"], f"actions per game, {summary['games']} games")
        path = folder / f"stats-{summary['level']}.svg"
        write_atomic(path, svg.encode("utf-8"))
        written.append(path)
    return written


def _print(
    game_id: str,
    summaries: list[dict[str, Any]],
    actions: Callable[..., tuple[list[str], list[list[str]]]],
    rounds: Callable[..., tuple[list[str], list[list[str]]]] | None,
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    first = summaries[0]
    header, rows = actions(summaries)
    table = Table(
        title=f"{game_id}: times per game, {first['games']} games of the deck alone per level "
        f"(seeds {first['seeds'][0]}–{first['seeds'][1]})",
        title_justify="left",
    )
    for n, column in enumerate(header):
        table.add_column(column, justify="left" if n == 0 else "right")
    for row in rows:
        table.add_row(*row)
    console.print(table)
    for summary in summaries:
        scores = ", ".join(f"{k} {v:g}" for k, v in summary["scores"].items()) or "—"
        console.print(f"{summary['level']}: mean score by category: {scores}")
        if rounds is None:
            continue
        header, rows = rounds(summary)
        per_round = Table(title=f"{summary['level']}: times per game, round by round",
                          title_justify="left")  # fmt: skip
        for n, column in enumerate(header):
            per_round.add_column(column, justify="left" if n == 0 else "right")
        for row in rows:
            per_round.add_row(*row)
        console.print(per_round)
