"""The bot's parts of the site: the commands and simulation charts on its variant pages,
and the Play page, where the bot plays in the browser, with the page's data."""

from __future__ import annotations

import json
import posixpath
from typing import Any

from starpress.core.project import Project
from starpress.site import markdown as sitetext
from starpress.site.gamesite import GameSite
from starpress.site.markdown import Markdown
from starpress.site.pages import Page

PLAY_PAGE = "play.md"
"""A game's Play page (its bot in the browser), beside `play.json`, the page's data."""
PLAY_FILES = "play"
"""The site's folder of what every Play page shares (`starpress.site.play`): Pyodide, the
bots' code, the page's script; the service worker is `sw.js` at the site's top."""


def bot_view(site: GameSite, variant_id: str, page: str) -> dict[str, Any]:
    """What a variant's page says of the game's bot when the bot plays that variant: the
    commands to play and simulate it, its Play page and its simulation charts."""
    game = site.game
    automa = game.automa
    commands = []
    command = f"starpress automa {game.id}"
    if automa is not None and automa.variant == variant_id:
        levels = getattr(automa, "levels", None) or {}
        default = getattr(automa, "default_level", None) or next(iter(levels), None)
        level = f" --level {default}" if default else ""
        commands = [f"{command} play{level} --lang {site.lang}", f"{command} simulate --games 1000"]
    elif automa is not None and variant_id in automa.pages:  # another variant of the bot
        options = automa.pages[variant_id]
        play = "".join(f" --{name} {value}" for name, value in options.play.items())
        charts = "".join(f" --{name} {value}" for name, value in options.charts.items())
        commands = [
            f"{command} play{play} --lang {site.lang}",
            f"{command} simulate{charts} --games 1000",
        ]
    return {
        "commands": commands,
        "prototype": automa is not None and automa.provenance == "prototype",
        "play": play_link(site, page) if commands and site.playable else None,
        "charts": bot_charts_view(site, page, variant_id) if commands else [],
        "charts_missing": site.files.bot_charts_missing if commands else None,
    }


def bot_charts_view(site: GameSite, page: str, variant_id: str) -> list[dict[str, Any]]:
    """The bot's simulation charts (`automa.sim.site_charts`) for this variant's page, by
    setting, in manifest order."""
    settings: dict[str, dict[str, Any]] = {}
    folder = posixpath.dirname(page) or "."
    for chart in site.files.bot_charts:
        if chart.page != variant_id:
            continue
        option = " ".join(f"--{name} {value}" for name, value in chart.params.items())
        setting = settings.setdefault(
            option,
            {"option": option, "games": chart.games, "seed": chart.seed, "charts": []},
        )
        src = posixpath.relpath(chart.asset.path, folder)
        setting["charts"].append({"kind": chart.kind, "player": chart.player, "src": src})
    return list(settings.values())


def play_link(site: GameSite, page: str) -> Markdown:
    """A link from `page` to the game's Play page."""
    target = posixpath.relpath(f"{site.base}/{PLAY_PAGE}", posixpath.dirname(page))
    return sitetext.link(site.ui.label("Play in the browser"), target)


def play_view(site: GameSite, page: str) -> dict[str, Any]:
    """The Play page: the bot's settings to start a game with, and where its data is."""
    automa = site.game.automa
    assert automa is not None
    # to the site's top: the page's URL is a folder below its Markdown path, and each
    # language's site is a folder of the whole site (build/site/<lang>/)
    up = "../" * (page.count("/") + 2)
    texts = {
        "loading": site.ui.label("Loading the game engine…"),
        "failed": site.ui.label("The game engine could not start:"),
        "new": site.ui.label("New game"),
        "seed": site.ui.label("Seed (blank: random)"),
        "start": site.ui.label("Start"),
        "undo": site.ui.label("Undo"),
        "status": site.ui.label("Status"),
        "download": site.ui.label("Download the log"),
        "load": site.ui.label("Load a log"),
        "answer": site.ui.label("Answer"),
        "typed": site.ui.label("Your answer"),
        "send": site.ui.label("Send"),
        "too_big": site.ui.label("too big for a save file"),
        "over": site.ui.label("The game is over. Download its log, or start a new game."),
        "level": site.ui.label("Level"),
        "variant": site.ui.label("Variant"),
        "seats": site.ui.label("Seats"),
        "automata": site.ui.label("Automata"),
        "opponent": site.ui.label("Opponent"),
    }
    return {
        "prototype": automa.provenance == "prototype",
        "texts": json.dumps(texts, ensure_ascii=False),
        "data": "../play.json",
        "shared": f"{up}{PLAY_FILES}/",
        "worker": f"{up}sw.js",
        "storage": f"starpress-play-{site.game.id}",
        "command": f"starpress automa {site.game.id} replay",
        "variant": site.link(automa.variant, page) if automa.variant in site.pages_of else "",
    }


def play_data(site: GameSite) -> Page:
    """The Play page's data (the bots' own, `automa.web.data`, written into the build tree
    before the site is built), with a link to every rule from the page."""
    page = f"{site.base}/{PLAY_PAGE}"
    data = json.loads(Project(site.root).play_data(site.game.id, site.lang).read_text("utf-8"))
    data["rules"] = {target: _url(site.href(target, page)) for target in site.pages_of}
    return Page(f"{site.base}/play.json", json.dumps(data, ensure_ascii=False))


def _url(href: str) -> str:
    """A relative Markdown link as the built page's URL resolves it (`rules/x.md#a` from
    `play.md` is `../rules/x/#a`: each page is a folder)."""
    path, _, anchor = href.partition("#")
    folder = (
        path.removesuffix("index.md")
        if path.endswith("index.md")
        else path.removesuffix(".md") + "/"
    )
    return f"../{folder}" + (f"#{anchor}" if anchor else "")
