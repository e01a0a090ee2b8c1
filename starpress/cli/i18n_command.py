"""`starpress i18n`: the translation cycle for people, over `starpress.core.catalogs`."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from starpress.core import catalogs, counts
from starpress.core.load import load_games
from starpress.core.model import LANGUAGES, Game
from starpress.core.project import Project
from starpress.site import messages as site_messages


def extract(root: Path, console: Console) -> None:
    """Write the catalog templates of the project's own games, and of its own page
    templates' UI strings (the built-in games' catalogs are the library's, read only)."""
    for game in _own_games(root):
        path = Project(root).catalog_template(game.id)
        template = catalogs.game_template(root, game)
        catalogs.write_catalog(path, template)
        console.print(
            f"wrote {path.relative_to(root)} ({counts.count(len(template), 'text', 'texts')})",
            highlight=False,
        )
    if _keeps_ui_catalogs(root):
        ui = site_messages.ui_template(root)
        path = Project(root).ui_catalog_template
        catalogs.write_catalog(path, ui)
        console.print(
            f"wrote {path.relative_to(root)} ({counts.count(len(ui), 'text', 'texts')})",
            highlight=False,
        )


def update(root: Path, console: Console) -> None:
    extract(root, console)
    for game in _own_games(root):
        for result in update_game(root, game):
            _say(console, root, result)
    if not _keeps_ui_catalogs(root):
        return
    ui = site_messages.ui_template(root)
    own = Project(root, library=None)  # never the library's catalogs
    for lang in LANGUAGES:
        if lang != "en":
            _say(console, root, catalogs.update_catalog(own.ui_catalog(lang), ui, lang))


def _own_games(root: Path) -> list[Game]:
    """The games whose catalogs the project keeps: its own (in a clone, all five)."""
    return list(load_games(root, Project(root).own_game_ids()).values())


def _keeps_ui_catalogs(root: Path) -> bool:
    """Whether the project translates its own page templates (`templates/site/`); else
    the UI catalogs are the library's, read only."""
    return (Project(root).templates / "site").is_dir()


def update_game(
    root: Path, game: Game, write_template: bool = False
) -> list[catalogs.UpdateResult]:
    """Bring one game's catalogs up to date (and write its .pot first when asked)."""
    template = catalogs.game_template(root, game)
    if write_template:
        path = Project(root).catalog_template(game.id)
        catalogs.write_catalog(path, template)
    results = []
    for lang in LANGUAGES:
        if lang == game.info.source_language:
            continue
        path = catalogs.game_catalog_path(root, game.id, lang)
        results.append(catalogs.update_catalog(path, template, lang, _icon_names(game, lang)))
    return results


def compile_all(root: Path, console: Console, errors: Console) -> bool:
    problems: list[str] = []
    out = Project(root).compiled_catalogs
    for game in load_games(root).values():
        for lang in LANGUAGES:
            path = catalogs.game_catalog_path(root, game.id, lang)
            if path.is_file():
                target = out / catalogs.locale_code(lang) / "LC_MESSAGES" / f"{game.id}.mo"
                problems += catalogs.compile_catalog(path, lang, target)
    for lang in LANGUAGES:
        path = catalogs.ui_catalog_path(root, lang)
        if path.is_file():
            target = out / catalogs.locale_code(lang) / "LC_MESSAGES" / "messages.mo"
            problems += catalogs.compile_catalog(path, lang, target)
    for problem in problems:
        errors.print(problem, markup=False, highlight=False, soft_wrap=True)
    found = counts.count(len(problems), "problem", "problems")
    console.print(f"compiled into {out.relative_to(root)}/ ({found})", highlight=False)
    return not problems


def report(root: Path, games: list[Game], as_json: bool, check: bool, console: Console) -> bool:
    rows = catalogs.report(root, games, site_messages.ui_template(root))
    required = catalogs.required_languages(root)
    failing = [
        row for row in rows if row.lang in required and (row.counts.missing or row.counts.stale)
    ]
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "game": row.game,
                        "lang": row.lang,
                        "kind": row.kind,
                        "translated": row.counts.translated,
                        "stale": row.counts.stale,
                        "missing": row.counts.missing,
                        "percent": round(row.counts.percent, 1),
                        "stale_ids": row.counts.stale_ids,
                    }
                    for row in rows
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        table = Table(title="Translations", title_justify="left")
        for column in ("game", "language", "kind", "translated", "stale", "missing", "%"):
            table.add_column(
                column, justify="right" if column not in ("game", "language", "kind") else "left"
            )
        for row in rows:
            counts = row.counts
            style = "red" if row in failing else ("green" if counts.percent == 100 else "")
            table.add_row(
                row.game,
                row.lang,
                row.kind,
                str(counts.translated),
                str(counts.stale),
                str(counts.missing),
                f"{counts.percent:.1f}",
                style=style,
            )
        console.print(table)
        console.print(f"required languages: {', '.join(required) or 'none'}", highlight=False)
    if check and failing:
        for row in failing:
            console.print(
                f"[red]incomplete:[/red] {row.game} {row.lang} {row.kind}: "
                f"{row.counts.missing} missing, {row.counts.stale} stale",
                highlight=False,
            )
        return False
    return True


def _icon_names(game: Game, lang: str) -> dict[str, str]:
    """Icon names the YAML already gives in a language, to prefill new catalog entries."""
    names = {}
    for icon in game.icons:
        given: dict[str, str] = {str(key): value for key, value in icon.name.items()}
        if lang in given and icon.id in game.icon_names:
            names[game.icon_names[icon.id].id] = given[lang]  # the id the loader gave it
    return names


def _say(console: Console, root: Path, result: catalogs.UpdateResult) -> None:
    console.print(
        f"updated {result.path.relative_to(root)}: {result.added} new, "
        f"{result.stale} stale, {result.removed} removed",
        highlight=False,
    )
