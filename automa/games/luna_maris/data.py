"""Luna Maris's automaton as data: the typed `automa:` record of content/luna-maris/automa.yaml.

Registered with the bot (`automa.games.luna_maris.bot`), so the loader validates the
record with it, located errors and all; `starpress.core.model` knows only the `Automa` base.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from starpress.core.model import Automa, Record


class LunaMarisCard(Record):
    """One round card of the automaton: its steps (verb, argument) and its end-of-shift gain."""

    steps: list[tuple[str, int]] = Field(min_length=1, max_length=8)
    shift_end: dict[str, int] = Field(default_factory=dict)


class LunaMarisScoring(Record):
    impossible_step_vp: int = Field(default=1, ge=0, le=20)
    human_uses_its_module_vp: int = Field(default=1, ge=0, le=20)
    scientist_vp: int = Field(default=2, ge=0, le=20)
    food_first_vp: int = Field(default=8, ge=0, le=50)
    food_second_vp: int = Field(default=5, ge=0, le=50)
    building_vp: list[int] = Field(default=[4, 3, 2, 1], min_length=1, max_length=10)
    stock_per_vp: int = Field(default=2, ge=1, le=20)
    trash_penalty_from: int = Field(default=6, ge=1, le=20)
    trash_capacity: int = Field(default=8, ge=1, le=20)


class LunaMarisAutoma(Automa):
    kind: Literal["luna-maris-automaton"]
    levels: dict[str, list[str]] = Field(min_length=1)
    rounds: int = Field(ge=1, le=20)
    start: dict[str, int] = Field(default_factory=dict)
    verbs: dict[str, str] = Field(min_length=1)
    """Verb -> the module it goes to."""
    cards: dict[str, LunaMarisCard] = Field(min_length=1)
    scoring: LunaMarisScoring = LunaMarisScoring()
