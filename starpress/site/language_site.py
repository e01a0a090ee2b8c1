"""One language's whole site: every game's pages in the nav's order, the site's home,
the designer's guide and the games' look, made from the build's inputs (`SiteInputs`) for
the MkDocs plugin (`starpress.site.plugin`); nothing here runs MkDocs or builds a kit.

Each page has one view function (`*_views` modules) that returns plain data, escaped by the
template environment (`starpress.site.templating`), and `Markdown` fragments made by
`starpress.site.markdown`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import Environment

from starpress.core.games_settings import games_settings
from starpress.core.i18n import localize
from starpress.core.model import LANGUAGES
from starpress.core.project import Project
from starpress.site import look as sitelook
from starpress.site import markdown as sitetext
from starpress.site.bot_views import PLAY_PAGE, chart_pages, play_data, play_view
from starpress.site.component_views import cards_view, components_view
from starpress.site.gamesite import GameSite, variant_path
from starpress.site.home_views import (
    AUTOMATON_PAGE,
    OWN_GAME_PAGE,
    designers_view,
    downloads_view,
    game_summary,
    home_view,
)
from starpress.site.inputs import SiteInputs
from starpress.site.pages import Nav, Page, Site
from starpress.site.rules_views import (
    clarifications_view,
    glossary_view,
    icons_view,
    quick_reference_view,
    rules_index_view,
    rules_view,
    variant_view,
)
from starpress.site.templating import environment
from starpress.site.uitext import UiText, language_name, ui_translations


def build_site(inputs: SiteInputs, lang: str) -> Site:
    """All pages of one language, reading the kits and pictures built beforehand."""
    root = inputs.root
    settings = games_settings(Project(root))
    games = inputs.games
    order = [game_id for game_id in settings.order if game_id in games]
    order += sorted(set(games) - set(order))
    ui = UiText(ui_translations(inputs, lang))
    env = environment(root, ui)
    site = Site(
        lang,
        title=ui.label(inputs.settings.title),
        permalink_title=ui.label("Link to this section"),
    )
    summaries = []
    for game_id in order:
        game = localize(root, games[game_id], lang, inputs.catalogs)
        game_site = GameSite(root, game, lang, settings.gameplay.get(game_id), ui)
        site.assets.extend(game_site.files.assets())
        pages, nav = game_pages(game_site, env)
        site.pages.extend(pages)
        site.pages.extend(chart_pages(game_site))
        if game_site.playable:
            site.pages.append(play_data(game_site))
        site.nav.append({sitetext.nav_label(game_site.title): nav})
        summaries.append(game_summary(game_site))
        site.games.append(game_id)
    site.styles = sitelook.stylesheet(
        sitelook.accents(root, inputs.palettes), sitelook.site_accent(root)
    )
    site.made_with = _filled(ui.label("Made with starpress %(tool)s"), tool=inputs.tool)
    for game_id in order:
        if game_id in inputs.stamps:
            made = inputs.stamps[game_id]
            site.stamps[game_id] = _filled(
                ui.label("Content version %(content)s of %(date)s; made with starpress %(tool)s"),
                content=made.edition.version,
                date=made.edition.date,
                tool=made.tool,
            )
    home = env.get_template("site_home.md.j2").render(
        site_title=site.title,
        games=summaries,
        languages=[(code, language_name(code)) for code in LANGUAGES],
        lang=lang,
    )
    site.pages.insert(0, Page("index.md", home))
    site.nav.insert(0, {sitetext.nav_label(ui.label("Home")): "index.md"})
    project = Project(root)
    guides = (
        (OWN_GAME_PAGE, "Your own game", project.designer_guide),
        (AUTOMATON_PAGE, "The automaton language", project.automaton_guide),
    )
    for name, label, guide in guides:  # the project's own English guides, our Markdown
        if lang == "en" and guide.is_file():
            only_english = "---\nsp_only_language: en\n---\n\n"
            site.pages.append(Page(name, only_english + guide.read_text("utf-8")))
            site.nav.append({label: name})
    return site


def _filled(message: str, **values: str) -> str:
    """A UI string with its `%(name)s` placeholders filled (plain text: the footer's
    template escapes it)."""
    for name, value in values.items():
        message = message.replace(f"%({name})s", value)
    return message


def game_pages(site: GameSite, env: Environment) -> tuple[list[Page], Nav]:
    game, base, ui = site.game, site.base, site.ui
    pages: list[Page] = []
    nav: Nav = []

    def render(template: str, path: str, view: dict[str, Any]) -> Page:
        text = env.get_template(template).render(
            game=game, title=site.title, lang=site.lang, **view
        )
        return Page(path, text)

    def add(
        label: str, template: str, path: str, view: Callable[[GameSite, str], dict[str, Any]]
    ) -> None:
        pages.append(render(template, path, view(site, path)))
        nav.append({sitetext.nav_label(label): path})

    add(ui.label("Overview"), "game_home.md.j2", f"{base}/index.md", home_view)
    add(ui.label("Components"), "components.md.j2", f"{base}/components.md", components_view)
    rules_index = f"{base}/rules/index.md"
    pages.append(render("rules_index.md.j2", rules_index, rules_index_view(site, rules_index)))
    rules_nav: Nav = [rules_index]  # the section's own page (Material's navigation.indexes)
    for section in game.rules:
        if section.id in site.variant_rules or section.id == f"{game.id}.rules.components":
            continue
        path = site.pages_of[section.id]
        pages.append(render("rules.md.j2", path, rules_view(site, section, path)))
        if section.id == f"{game.id}.rules.setup":
            nav.append({sitetext.nav_label(ui.label("Setup")): path})
        elif section.id == site.gameplay:
            nav.append({sitetext.nav_label(ui.label("Gameplay")): path})
        else:
            rules_nav.append({sitetext.nav_label(site.name(section.id)): path})
    nav.append({sitetext.nav_label(ui.label("Rules")): rules_nav})
    add(ui.label("Glossary A–Z"), "glossary.md.j2", f"{base}/glossary.md", glossary_view)
    add(ui.label("Icons"), "icons.md.j2", f"{base}/icons.md", icons_view)
    for variant in game.info.variants:
        path = variant_path(base, variant.id)
        pages.append(render("variant.md.j2", path, variant_view(site, variant.id, path)))
        nav.append({sitetext.nav_label(site.name(variant.id)): path})
    add(
        ui.label("Clarifications"),
        "clarifications.md.j2",
        f"{base}/clarifications.md",
        clarifications_view,
    )
    add(
        ui.label("Quick reference"),
        "quick_reference.md.j2",
        f"{base}/quick-reference.md",
        quick_reference_view,
    )
    add(ui.label("Card gallery"), "cards.md.j2", f"{base}/cards.md", cards_view)
    add(ui.label("Downloads"), "downloads.md.j2", f"{base}/downloads.md", downloads_view)
    add(ui.label("For designers"), "designers.md.j2", f"{base}/designers.md", designers_view)
    if site.playable:
        add(ui.label("Play in the browser"), "play.md.j2", f"{base}/{PLAY_PAGE}", play_view)
    return pages, nav
