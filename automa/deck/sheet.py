"""A deck automaton as its rules page shows it (`starpress.core.solo_sheet`): its decks and
cards in order, each action with its conditions, its target's priority list and its rules,
in the words of the (localised) game.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starpress.automa.deck.actions import Action, OneOfAnswer
from starpress.automa.deck.checks import walk_actions
from starpress.core.model import Game, Plural
from starpress.core.solo_sheet import (
    Condition,
    SheetAction,
    SheetCard,
    SheetDeck,
    SheetLevel,
    SoloSheet,
)
from starpress.core.text import Text

if TYPE_CHECKING:
    from starpress.automa.deck.data import Deck, DeckRules


def sheet_of(rules: DeckRules, messages: Mapping[str, Text | Plural], game: Game) -> SoloSheet:
    """The deck as a rules page shows it (`starpress.core.solo_sheet`): the cards of every
    deck that is played or printed, in order."""
    sheet = _Sheet(rules, messages, game)
    played = {deck for deck, *_rest in walk_actions(rules)}
    decks = tuple(
        sheet.deck(name, deck)
        for name, deck in rules.decks.items()
        if deck.component is not None
        or (name in played and any(card.actions or card.last for card in deck.cards.values()))
    )
    levels = tuple(
        SheetLevel(
            name,
            sheet.said(f"level_{name}") or name,
            tuple(
                (deck_name, tuple(level.deck.get(deck_name) or list(deck.cards)))
                for deck_name, deck in rules.decks.items()
                if deck_name in {d.name for d in decks}
            ),
            tuple(sorted(level.bonus.items())),
        )
        for name, level in rules.levels.items()
    )
    scoring = tuple((name, category.text) for name, category in rules.scoring.items())
    return SoloSheet(decks, levels, scoring, rules.rounds.count)


class _Sheet:
    def __init__(self, rules: DeckRules, messages: Mapping[str, Text | Plural],
                 game: Game) -> None:  # fmt: skip
        self.rules = rules
        self.messages = messages
        self.names = {card.id: str(card.name) for card in game.cards if card.name}

    def said(self, key: str) -> str:
        message = self.messages.get(key)
        return str(message) if isinstance(message, Text) else ""

    def deck(self, name: str, deck: Deck) -> SheetDeck:
        cards = []
        for number, card in deck.cards.items():
            actions = tuple(self.action(item) for item in card.actions)
            last = card.last or deck.last
            cards.append(SheetCard(number, card.name, actions, self.action(last) if last else None))
        return SheetDeck(name, deck.resolve == "first", deck.on_empty == "reshuffle", tuple(cards))

    def action(self, item: Action | str) -> SheetAction:
        action = self.rules.actions[item] if isinstance(item, str) else item
        text = action.text
        if text is None and isinstance(self.messages.get(action.say or ""), Text):
            text = self.messages[action.say or ""]  # type: ignore[assignment]
        conditions = tuple(
            found for condition in action.when if (found := self.condition(condition))
        )
        target: tuple[str, ...] = ()
        tie = ""
        if action.target is not None:
            target = tuple(self.question(name) for name in action.target.by)
            tie = action.target.tie
        rules = tuple(
            rule for ref in action.rules for rule in ([ref] if isinstance(ref, str) else ref.rules)
        )
        return SheetAction(text if isinstance(text, Text) else None, conditions, target, tie, rules)

    def question(self, name: str) -> str:
        """A question as the table asks it, without its list of answers or its values."""
        question = self.rules.questions.get(name)
        words = self.said((question.ask if question else None) or f"ask_{name}")
        before = words.split("{options}")[0]
        words = before if before.strip(" ([") else words.replace("{options}", "")
        words = re.sub(r"\{[a-z_]+\}", "…", words)
        return words.strip().rstrip("([").strip()

    def condition(self, condition: str | dict[str, Any]) -> Condition | None:
        if isinstance(condition, str):
            negated, name = condition.startswith("not "), condition.split()[-1]
            return Condition(
                self.question(name), self.said("answer_no" if negated else "answer_yes")
            )
        ((name, wanted),) = condition.items()
        if name == "if":
            return None  # computed, not asked
        question = self.rules.questions.get(name)
        if isinstance(wanted, dict):
            low, high = wanted.get("at_least"), wanted.get("at_most")
            answer = (
                f"{low}–{high}"
                if low is not None and high is not None
                else (f"≥ {low}" if low is not None else f"≤ {high}")
            )
        else:
            prefix = ""
            if question is not None and isinstance(question.answer, OneOfAnswer):
                prefix = question.answer.words if question.answer.words is not None else f"{name}_"
            game_id = next(iter(self.names), "").split(".", 1)[0]
            answer = ", ".join(
                self.said(f"{prefix}{value}")
                or self.names.get(str(value) if str(value).startswith(f"{game_id}.")
                                  else f"{game_id}.{value}", str(value))
                for value in wanted
            )  # fmt: skip
        return Condition(self.question(name), answer)
