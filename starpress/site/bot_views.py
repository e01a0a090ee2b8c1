"""The bot's parts of the site: the commands and simulation charts on its variant pages,
and the Play page, where the bot plays in the browser, with the page's data."""

from __future__ import annotations

import json
import posixpath
from typing import Any

from starpress.core.project import Project
from starpress.core.text import Text, plain_text
from starpress.site import markdown as sitetext
from starpress.site.files import BotChart
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
    setting, in manifest order: each setting headed by its options in the page's words,
    each chart with its caption (also its alt text)."""
    charts = [chart for chart in site.files.bot_charts if chart.page == variant_id]
    settings: dict[str, dict[str, Any]] = {}
    folder = posixpath.dirname(page) or "."
    varied = _varied_options(charts)
    for chart in charts:
        key = json.dumps(chart.params, sort_keys=True)
        setting = settings.setdefault(
            key,
            {
                "heading": setting_heading(site, chart.params, varied),
                "id": sitetext.ident("simulations-" + "-".join(chart.params.values())),
                "games": chart.games,
                "seed": chart.seed,
                "charts": [],
            },
        )
        src = posixpath.relpath(chart_path(site, chart), folder)
        message, values = chart_caption(chart)
        setting["charts"].append({"caption": site.ui.gettext(message, **values), "src": src})
    return list(settings.values())


def chart_pages(site: GameSite) -> list[Page]:
    """Every simulation chart of the game's bot drawn as SVG in the site's language: rule
    titles on the bars, numbers written the language's way, the caption as its name."""
    from babel.numbers import format_decimal

    from starpress.core.catalogs import locale_code
    from starpress.core.charts import bar_chart_svg, histogram_svg, rounds_svg

    locale = locale_code(site.lang)

    def number(value: float) -> str:
        return str(format_decimal(value, locale=locale))

    pages = []
    for chart in site.files.bot_charts:
        games = site.ui.nlabel("%(num)s simulated game", "%(num)s simulated games", chart.games)
        message, values = chart_caption(chart)
        title = f"{site.ui.label(message, **values)} — {games}"
        if chart.kind == "rules":
            named = [(site.name(rule), value) for rule, value in chart.values.items()]
            bars = dict(sorted(named, key=lambda bar: (-bar[1], bar[0])))  # most often first
            svg = bar_chart_svg(bars, title, number)
        elif chart.kind == "actions":  # a deck automaton's actions, named by its designer
            bars = dict(sorted(chart.values.items(), key=lambda bar: (-bar[1], bar[0])))
            svg = bar_chart_svg(bars, title, number)
        elif chart.kind == "rounds":
            svg = rounds_svg(chart.table, title, number)
        else:
            counts = {key: int(value) for key, value in chart.values.items()}
            svg = histogram_svg(counts, title, number)
        pages.append(Page(chart_path(site, chart), svg))
    return pages


def chart_path(site: GameSite, chart: BotChart) -> str:
    return f"{site.base}/simulations/{chart.file}"


def chart_caption(chart: BotChart) -> tuple[str, dict[str, object]]:
    """What a chart shows, as a UI message and its values: whose scores (the bot, a
    modelled player, never a seat's key), the margins, the game lengths or the rules fired."""
    if chart.kind == "score" and chart.role == "bot" and chart.of > 1:
        return _("Scores of the bot's automaton %(number)s (games per score)"), {
            "number": chart.number
        }
    if chart.kind == "score" and chart.role == "bot":
        return _("Scores of the bot (games per score)"), {}
    if chart.kind == "score" and chart.of > 1:
        return _("Scores of modelled player %(number)s (games per score)"), {"number": chart.number}
    if chart.kind == "score":
        return _("Scores of the modelled player (games per score)"), {}
    if chart.kind == "margin":
        return _("Margin: the bot's score minus the best opponent's (games per margin)"), {}
    if chart.kind == "length":
        return _("Game length: decisions taken per game"), {}
    if chart.kind == "actions":
        return _("How often the automaton does each action, per game (its deck alone)"), {}
    if chart.kind == "rounds":
        return _("How often it does each action, round by round (its deck alone)"), {}
    return _("How often each bot rule fired, per game"), {}


def _(message: str) -> str:
    """A UI message named here and translated where it is shown (marks it for extraction)."""
    return message


def setting_heading(site: GameSite, params: dict[str, str], shown: set[str]) -> str:
    """A simulated setting's options in the page's words (`Level: normal · Opponent:
    greedy model`): the options `shown` (those that differ between the page's settings)."""
    ui = site.ui
    names = {
        "level": ui.label("Level"),
        "seats": ui.label("Seats"),
        "variant": ui.label("Variant"),
        "automata": ui.label("Automata"),
        "opponent": ui.label("Opponent"),
    }
    models = {  # the modelled players a simulation seats (automa.sim)
        "baseline": ui.label("baseline model"),
        "simple": ui.label("simple model"),
        "greedy": ui.label("greedy model"),
        "competent": ui.label("competent model"),
    }
    messages = site.game.automa.messages if site.game.automa is not None else {}
    parts = []
    for name, value in params.items():
        if name not in shown:
            continue
        said = messages.get(f"{name}_{value}")  # the bot's own word for it (level_easy: fácil)
        word = plain_text(said.tokens) if isinstance(said, Text) else models.get(value, value)
        parts.append(f"{names.get(name, name)}: {word}")
    return " · ".join(parts)


def _varied_options(charts: list[BotChart]) -> set[str]:
    """The options whose value differs between the page's settings (all, when it has one)."""
    values: dict[str, set[str]] = {}
    for chart in charts:
        for name, value in chart.params.items():
            values.setdefault(name, set()).add(value)
    varied = {name for name, seen in values.items() if len(seen) > 1}
    return varied or set(values)


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
        # inside raw HTML, where Markdown's escapes would show: plain text, HTML-escaped
        "no_script": site.ui.label("This page needs JavaScript to run the bot."),
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
