"""The solo page's part written from a deck automaton (`starpress.core.solo_sheet`): its
cards in order, each action with the questions that decide it, each card's last resort, how
the levels differ and what its score counts. The page's other parts (its rules, commands)
are the variant's; the charts of how often it does what come with the bot's charts."""

from __future__ import annotations

from starpress.core.solo_sheet import SheetAction, SheetDeck, SoloSheet
from starpress.core.text import Text
from starpress.site import markdown as sitetext
from starpress.site.gamesite import GameSite
from starpress.site.markdown import Markdown

DECK_ANCHOR = "automaton-deck"


def deck_md(site: GameSite, variant_id: str, page: str) -> Markdown | None:
    """The deck of the bot that plays this variant, when it is a deck automaton."""
    automa = site.game.automa
    if automa is None or automa.variant != variant_id:
        return None
    sheet = automa.solo_sheet(site.game)
    return None if sheet is None else _DeckPage(site, page).sheet(sheet)


class _DeckPage:
    def __init__(self, site: GameSite, page: str) -> None:
        self.site = site
        self.page = page
        self.context = site.context(page)
        self.ui = site.ui
        self.texts: list[Text] = []

    def line(self, text: Text | None) -> Markdown:
        if text is None:
            return Markdown("")
        self.texts.append(text)
        return sitetext.line(text, self.context)

    def sheet(self, sheet: SoloSheet) -> Markdown:
        ui = self.ui
        title = ui.gettext("The automaton’s deck")
        parts = [f'## {title} {{: id="{DECK_ANCHOR}" }}']
        body = [self.deck(deck, len(sheet.decks) > 1) for deck in sheet.decks]
        levels, level_of = ui.gettext("Levels"), ui.gettext("Level")
        cards_in, bonus_of = ui.gettext("Cards in its deck"), ui.gettext("Bonus")
        body.append(f"### {levels}")
        rows = [f"| {level_of} | {cards_in} | {bonus_of} |", "|---|---|---|"]
        for level in sheet.levels:
            cards = "; ".join(", ".join(str(n) for n in numbers) for _deck, numbers in level.cards)
            bonus = ", ".join(f"{name} +{value}" for name, value in level.bonus) or "—"
            rows.append(
                f"| {sitetext.escape(level.label)} | {sitetext.escape(cards)} | "
                f"{sitetext.escape(bonus)} |"
            )
        body.append("\n".join(rows))
        body.append(str(ui.gettext("Rounds in a game: %(rounds)s.", rounds=str(sheet.rounds))))
        scoring = [self.line(text) for _name, text in sheet.scoring if text is not None]
        if scoring:
            score = ui.gettext("Its score at the end")
            body.append(f"### {score}")
            body.append("\n".join(f"- {text}" for text in scoring))
        inner = Markdown("\n\n".join(body))
        return Markdown("\n\n".join([*parts, self.site.untranslated(self.texts, inner)]))

    def deck(self, deck: SheetDeck, named: bool) -> str:
        ui = self.ui
        first = ui.gettext("It does the first action of a card it can; if none, its last resort.")
        every = ui.gettext("It does every action of a card it can, from the top.")
        how = first if deck.first else every
        empty = (
            ui.gettext("An empty deck is shuffled again.")
            if deck.reshuffle
            else ui.gettext("When its deck is empty, the game ends.")
        )
        out = [f"{how} {empty}"]
        for card in deck.cards:
            title = ui.gettext("Card %(number)s", number=str(card.number))
            name = self.line(card.name)
            prefix = f"{sitetext.escape(deck.name)} · " if named else ""
            out.append(f"### {prefix}{title}{': ' + name if name else ''}")
            lines = []
            for position, action in enumerate(card.actions, 1):
                lines.append(f"{position}. {self.action(action)}")
            if card.last is not None:
                label = ui.gettext("Last resort:")
                lines.append(f"\n- **{label}** {self.action(card.last)}")
            out.append("\n".join(lines))
        return "\n\n".join(out)

    def action(self, action: SheetAction) -> str:
        ui = self.ui
        said = [str(self.line(action.text))]
        details = []
        if action.conditions:
            asked = "; ".join(
                f"«{sitetext.escape(c.question)}» → {sitetext.escape(c.answer)}"
                for c in action.conditions
            )
            when = ui.gettext("When:")
            details.append(f"*{when}* {asked}")
        if action.target:
            ties = {
                "first": ui.gettext("a tie goes to the first"),
                "last": ui.gettext("a tie goes to the last"),
                "random": ui.gettext("a tie is drawn at random"),
            }
            chosen = "; ".join(f"«{sitetext.escape(question)}»" for question in action.target)
            target = ui.gettext("Target, by priority:")
            details.append(f"*{target}* {chosen}; {ties[action.tie]}")
        pages = self.site.pages_of
        links = [self.site.link(rule, self.page) for rule in action.rules if rule in pages]
        if links:
            cited = ui.gettext("Rules:")
            details.append(f"*{cited}* {', '.join(links)}")
        return "\n".join([*said, *(f"    - {detail}" for detail in details)])
