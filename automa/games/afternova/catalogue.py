"""Afternova's cards as the Bot's games need them, prepared once from the content: the
Blueprints and Starships by number, the Hired Paws and Planets, the Bot's rules and variants."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.choices import CardBook
from starpress.automa.engine.pad import PadSpec, pad_spec
from starpress.automa.games.afternova.rules import Blueprint, BotRules, fragment_colours
from starpress.core.text import Token, counted_icons, icon_ids

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.afternova.data import (
        AfternovaBaseline,
        AfternovaSolo,
        AfternovaSoloLevel,
    )
    from starpress.core.model import Game


@dataclass(frozen=True)
class Catalogue:
    """The game's cards as the Bot's game needs them, prepared once from the content."""

    blueprints: dict[int, Blueprint]
    starships: dict[int, tuple[str, int, tuple[str, ...]]]  # card, capacity, objective
    names: dict[str, list[str]]  # colour -> words a person may type
    paws: tuple[tuple[str, ...], ...] = ()  # skill icons per Hired Paw
    planets: tuple[tuple[dict[str, int], int], ...] = ()  # requirements, Fragment spaces
    rules: BotRules = field(default_factory=BotRules.default)
    baseline: AfternovaBaseline | None = None
    solo: AfternovaSolo | None = None
    pad: PadSpec = ()  # the score pad's lines (afternova.rules.end.scoring)

    def solo_level(self, name: str) -> AfternovaSoloLevel:
        """A level of the solo variant by name (afternova.rules.solo.levels)."""
        if self.solo is None:
            raise ValueError("this bot's data has no solo variant")
        return self.solo.levels[name or self.solo.default_level]

    @classmethod
    def from_game(cls, game: Game) -> Catalogue:
        blueprints: dict[int, Blueprint] = {}
        starships: dict[int, tuple[str, int, tuple[str, ...]]] = {}
        paws: list[tuple[str, ...]] = []
        planets: list[tuple[dict[str, int], int]] = []
        # a Blueprint's or Starship's number is its place in its deck, as its set mark prints
        # it (B 12/40: `Game.card_marks`), the number logs name it by
        for number, card in enumerate(game.cards_of("afternova.component.blueprint"), 1):
            blueprints[number] = Blueprint(
                card.id, _fragments(card.field_tokens("cost")), _int(card.fields.get("vp"))
            )
        for number, card in enumerate(game.cards_of("afternova.component.starship"), 1):
            objective = _fragments(card.field_tokens("objective", back=True))
            starships[number] = (card.id, _int(card.fields.get("hold")) or 4, objective)
        for card in game.cards_of("afternova.component.hired-paw"):
            paws.append(tuple(icon_ids(card.field_tokens("skills"))))
        for card in game.cards_of("afternova.component.planet"):
            needs: Counter[str] = Counter()
            for count, skill in counted_icons(card.field_tokens("requirements")):
                needs[skill] += count
            planets.append((dict(needs), _int(card.fields.get("spaces"))))
        from starpress.automa.games.afternova.data import AfternovaAutoma

        automa = game.automa if isinstance(game.automa, AfternovaAutoma) else None
        typed = automa.colour_names if automa else {}
        names = {colour: [word.lower() for word in words] for colour, words in typed.items()}
        return cls(
            blueprints,
            starships,
            names,
            tuple(paws),
            tuple(planets),
            BotRules.from_content(automa),
            automa.baseline if automa else None,
            automa.solo if automa else None,
            pad_spec(automa),
        )


def _fragments(tokens: list[Token]) -> tuple[str, ...]:
    """The colours of the Fragment icons among some tokens (`:fragment-orange:` -> orange)."""
    return fragment_colours(icon_ids(tokens))


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) else 0


@dataclass(frozen=True)
class Prepared:
    """What every game of the content shares: the cards, and how people name them."""

    catalogue: Catalogue
    card_label: CardBook
