"""A deck automaton's data as its games read it: plain maps and lists, made once from the
(localised) content, JSON all through, so the Play pages get it as they get every bot's.

`prepare` reads the validated record (`automa.deck.data`) and writes it out in the shape the
interpreter (`automa.deck.program`) walks:

- every step a map with its verb under `step` (`say`, `ask`, `flip`, `play`, `set`, `add`,
  `score`, `if`, `each`, `draw`, `end`) and its place in the data under `at` (for errors);
- every inline text replaced by the words said at the table (`automa.engine.voice.spoken`:
  markup read out, icons by their names in the session's language);
- every card's actions written out (a shared action copied, with its name), every condition
  as `{ask, test, …}`, every question's answer as `{kind, …}`;
- every level with its whole deck of each deck and every bonus (0 when not given).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starpress.automa.deck.program import DeckData
from starpress.automa.engine.voice import card_book, spoken
from starpress.core.model import PathKey
from starpress.core.text import IconRef, Text, plain_text

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.deck.actions import Action
    from starpress.automa.deck.data import DeckRules
    from starpress.core.model import Game


def prepare(rules: DeckRules, game: Game) -> DeckData:
    """The plain data of `rules` (a deck of the localised `game`); the end cites the
    automaton's variant unless it names its own rule."""

    def say(text: Any) -> str:
        return said_as_written(text, game)

    def plain(value: Any, at: PathKey) -> Any:
        """A record as plain data (aliases as written), its texts as said."""
        from pydantic import BaseModel

        if isinstance(value, Text):
            return say(value)
        if isinstance(value, BaseModel):
            fields = type(value).model_fields
            out = {}
            for name, info in fields.items():
                key = info.alias or name
                out[key] = plain(getattr(value, name), (*at, key))
            return out
        if isinstance(value, list | tuple):
            return [plain(item, (*at, n)) for n, item in enumerate(value)]
        if isinstance(value, dict):
            return {key: plain(item, (*at, key)) for key, item in value.items()}
        return value

    def step(value: Any, at: PathKey) -> dict[str, Any]:
        data = plain(value, at)
        verb = _verb(data)
        out = {"step": verb, "at": _where(at), **data}
        if verb == "if":
            out["then"] = steps(value.then, (*at, "then"))
            out["else"] = steps(value.else_, (*at, "else"))
        elif verb == "each":
            out["do"] = steps(value.do, (*at, "do"))
        elif verb == "play" and isinstance(out["play"], str):
            out["play"] = {"deck": out["play"], "card": None}
        return out

    def steps(values: Any, at: PathKey) -> list[dict[str, Any]]:
        return [step(value, (*at, n)) for n, value in enumerate(values)]

    def action(value: Action, at: PathKey, name: str | None) -> dict[str, Any]:
        data: dict[str, Any] = plain(value, at)
        data["name"] = value.name or name
        data["at"] = _where(at)
        data["when"] = [_condition(c, rules) for c in value.when]
        data["do"] = steps(value.do, (*at, "do"))
        data["rules"] = _rules(data["rules"])
        return data

    def named(item: Action | str, at: PathKey) -> dict[str, Any]:
        """An action of a card, or the shared action it names."""
        if isinstance(item, str):
            return action(rules.actions[item], ("actions", item), item)
        return action(item, at, None)

    variant = game.automa.variant if game.automa is not None else ""
    decks = {}
    for deck_name, deck in rules.decks.items():
        cards = {}
        for number, card in deck.cards.items():
            at: PathKey = ("decks", deck_name, "cards", number)
            actions = [
                named(item, (*at, "actions", index)) for index, item in enumerate(card.actions)
            ]
            last = card.last or deck.last
            cards[number] = {
                "number": number,
                "name": say(card.name) if card.name is not None else None,
                "data": plain(card.data, (*at, "data")),
                "actions": actions,
                "last": named(last, (*at, "last")) if last is not None else None,
            }
        decks[deck_name] = {
            "resolve": deck.resolve,
            "on_empty": deck.on_empty,
            "reshuffled": deck.reshuffled,
            "refused": plain(deck.refused, ()),
            "flipped": plain(deck.flipped, ()),
            "cards": cards,
        }
    questions = {
        name: _question(name, plain(question, ("questions", name)), question)
        for name, question in rules.questions.items()
    }
    end = plain(rules.end, ("end",))
    data = {
        "variables": plain(rules.variables, ("variables",)),
        "words": plain(rules.words, ("words",)),
        "questions": questions,
        "decks": decks,
        "scoring": list(rules.scoring),
        "setup": steps(rules.setup, ("setup",)),
        "rounds": plain(rules.rounds, ("rounds",)),
        "round": steps(rules.round, ("round",)),
        "finish": steps(rules.finish, ("finish",)),
        "status": steps(rules.status, ("status",)),
        "end": {**end, "rule": (end["rules"] or [variant])[0]},
    }
    bonuses = sorted({name for level in rules.levels.values() for name in level.bonus})
    levels = {}
    for name in [rules.default_level, *(n for n in rules.levels if n != rules.default_level)]:
        level = rules.levels[name]
        levels[name] = {
            "deck": {
                deck_name: list(level.deck.get(deck_name) or _numbered(deck.cards))
                for deck_name, deck in rules.decks.items()
            },
            "bonus": {bonus: level.bonus.get(bonus, 0) for bonus in bonuses},
        }
    return DeckData(data, levels, _card_lists(rules, game))


def said_as_written(text: Text, game: Game) -> str:
    """A text of the content as the table hears it: its markup read out, its icons by their
    names in the game's language, but for icons that open it (symbols of the printed card)."""
    tokens = list(text.tokens)
    while tokens and (isinstance(tokens[0], IconRef) or not plain_text(tokens[:1]).strip()):
        tokens.pop(0)
    words = spoken(tokens, lambda icon: str(game.icon_names.get(icon, icon)).lower())
    return re.sub(r"\s+([.,;:!?])", r"\1", words)


def _verb(data: Mapping[str, Any]) -> str:
    for verb in ("say", "text", "ask", "flip", "play", "set", "add", "score", "if", "each",
                 "draw", "end"):  # fmt: skip
        if data.get(verb) is not None:
            return "say" if verb == "text" else verb
    raise ValueError(f"a step without a verb: {sorted(data)}")


def _where(at: PathKey) -> str:
    return ".".join(str(part) for part in at)


def _numbered(cards: Mapping[Any, Any]) -> list[Any]:
    numbers = [number for number in cards if isinstance(number, int)]
    return sorted(numbers) if numbers else list(cards)


def _rules(rules: list[Any]) -> list[Any]:
    """Rule citations: an id, or {when, rules} cited only when it holds."""
    return [rule if isinstance(rule, str) else {"when": rule["when"], "rules": rule["rules"]}
            for rule in rules]  # fmt: skip


def _condition(condition: Any, rules: DeckRules) -> dict[str, Any]:
    """A condition as `{ask, test: yes|no|in|range, …}` or `{if: expression}`."""
    if isinstance(condition, str):
        words = condition.split()
        return {"ask": words[-1], "test": "no" if words[0] == "not" else "yes"}
    ((name, wanted),) = condition.items()
    if name == "if":
        return {"if": wanted}
    if isinstance(wanted, list):
        values = list(wanted)
        component = getattr(rules.questions[name].answer, "card", None)
        if component is not None:  # cards named short or with the game's prefix
            game = component.split(".", 1)[0]
            values = [v if str(v).startswith(f"{game}.") else f"{game}.{v}" for v in values]
        return {"ask": name, "test": "in", "values": values}
    return {"ask": name, "test": "range", "low": wanted.get("at_least"),
            "high": wanted.get("at_most")}  # fmt: skip


def _question(name: str, data: dict[str, Any], question: Any) -> dict[str, Any]:
    from starpress.automa.deck.actions import frequency_answer

    answer = data["answer"]
    if isinstance(answer, str):
        kind: dict[str, Any] = {"kind": answer}
    elif "number" in answer:
        kind = {"kind": "number", "low": answer["number"][0], "high": answer["number"][1]}
    elif "numbers" in answer:
        spec = answer["numbers"]
        count = spec["count"]
        least, most = (count, count) if isinstance(count, int) else count
        kind = {"kind": "numbers", "least": least, "most": most, "low": spec["low"],
                "high": spec["high"]}  # fmt: skip
    elif "one-of" in answer:
        words = answer["words"] if answer["words"] is not None else f"{name}_"
        kind = {"kind": "one-of", "choices": answer["one-of"], "words": words}
    elif "some-of" in answer:
        words = answer["words"] if answer["words"] is not None else f"{name}_"
        kind = {"kind": "some-of", "choices": answer["some-of"], "words": words,
                "least": answer["least"], "none": answer["none"]}  # fmt: skip
    else:
        kind = {"kind": "card", "component": answer["card"]}
    return {
        "name": name,
        "key": data["key"] or name,
        "prompt": data["ask"] or f"ask_{name}",
        "values": data["values"],
        "answer": kind,
        "refused": data["refused"],
        "check": data["check"],
        "frequency": [
            [frequency_answer(question.answer, value), weight]
            for value, weight in question.frequency.items()
        ],
    }


def _card_lists(rules: DeckRules, game: Game) -> dict[str, list[list[str]]]:
    """The cards of every component a question asks about, as the person names them."""
    from starpress.automa.deck.actions import CardAnswer

    components = {
        question.answer.card
        for question in rules.questions.values()
        if isinstance(question.answer, CardAnswer)
    }
    book = card_book(game)
    found = {}
    for component in sorted(components):
        found[component] = [
            [card.id, book.marks.get(card.id, ""), book.names.get(card.id, card.id)]
            for card in game.cards_of(component)
        ]
    return found
