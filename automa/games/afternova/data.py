"""Afternova's Bot as data: the typed `automa:` record of content/afternova/automa.yaml.

Registered with the bot (`automa.games.afternova.bot`), so the loader validates the record
with it, located errors and all; `starpress.core.model` knows only the `Automa` base.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from starpress.core.model import Automa, Record


class AfternovaBotSettings(Record):
    """The Bot's parameters (afternova.rules.bot.*)."""

    row_size: int = Field(default=3, ge=1, le=10)
    placement: Literal["leftmost"] = "leftmost"
    max_completed: int = Field(default=6, ge=1, le=40)
    fragment_vp: int = Field(default=1, ge=0, le=10)
    objective_vp_per_icon: int = Field(default=1, ge=0, le=10)
    facedown_count_toward_end: bool = True


class AfternovaBaseline(Record):
    """The modelled human players of `simulate`."""

    seats_hands: list[int] = Field(min_length=1, max_length=4)
    hand_limit: int = Field(ge=1, le=40)
    hold: int = Field(ge=1, le=12)
    planets_face_up: int = Field(ge=1, le=10)
    market_draw: int = Field(ge=0, le=10)
    max_rounds: int = Field(ge=1, le=1000)


class AfternovaSoloLevel(Record):
    """One level of the solo variant (afternova.rules.solo.levels): the Bot's settings there
    and the Victory Points it starts with."""

    row_size: int = Field(ge=1, le=10)
    max_completed: int = Field(ge=1, le=40)
    objective_vp_per_icon: int = Field(ge=0, le=10)
    head_start_vp: int = Field(ge=0, le=100)
    icons_per_fragment: int = Field(ge=1, le=10)
    """Skill icons the Bot gives for each Fragment paid (afternova.rules.solo.negotiation)."""
    bot_turn_every: int = Field(ge=1, le=10)
    """The Bot plays once every this many of the person's turns (afternova.rules.solo.turn)."""


class AfternovaSolo(Record):
    """The solo variant: one person against the Bot (a prototype of ours)."""

    variant: str
    paws: int = Field(ge=1, le=10)
    """Hired Paws in the person's starting hand (afternova.rules.solo.setup)."""
    default_level: str
    levels: dict[str, AfternovaSoloLevel] = Field(min_length=1)

    @model_validator(mode="after")
    def _default_is_a_level(self) -> AfternovaSolo:
        if self.default_level not in self.levels:
            raise ValueError(f"default_level {self.default_level!r} is not one of the levels")
        return self


class AfternovaAutoma(Automa):
    kind: Literal["afternova-bot"]
    bot: AfternovaBotSettings = AfternovaBotSettings()
    colours: dict[str, str] = Field(min_length=1)
    """Fragment icon -> the colour key used in prompts and logs."""
    baseline: AfternovaBaseline
    colour_names: dict[str, list[str]] = Field(default_factory=dict)
    """Colour key -> the words a player may type for it."""
    solo: AfternovaSolo | None = None
