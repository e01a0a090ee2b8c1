"""How a game of Afternova says things: colours and cards in words, the status (`s`). A layer
of `AfternovaGame`."""

from __future__ import annotations

import functools
from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.afternova.board import Board
from starpress.automa.games.afternova.rules import COLOURS


class Speech(Board):
    """The game's messages as people read them, in the session's language."""

    def status(self) -> list[Say]:
        row = "; ".join(
            f"{i}. {self.label(b.card)} [{self.colours(tuple(b.free().elements()))}]"
            for i, b in enumerate(self.bot.row, 1)
        )
        values = {
            "row": row or "—",
            "hold": len(self.bot.hold),
            "capacity": self.bot.capacity,
            "completed": len(self.bot.completed),
        }
        return [Say("status", (), values)]

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: colour words, card names."""
        values = dict(say.values)
        values.setdefault("end", self.rules.settings.max_completed)  # the Bot's last Blueprint
        if say.key == "start":
            values["mode"] = self.text(f"mode_{values['mode']}")
        if say.key == "solo_start":
            values["level"] = self.text(f"level_{values['level']}")
        if say.key in ("score", "score_solo", "status"):  # numbers and text already
            return values
        if say.key == "solo_start":  # counted things, each in its plural form
            values["row"] = self.text("n_blueprints", n=values["row"])
            values["icons"] = self.text("n_skill_icons", n=values["icons"])
            values["every"] = self.text("every_n_rounds", n=values["every"])
            return values
        if say.key == "next_bot_turn":
            return {"turns": self.text("n_your_turns", n=values["turns"])}
        if "colour" in values:
            values["colour"] = self.colour_word[values["colour"]]
        for key in ("fragments", "payment", "cost"):
            if key in values:
                values[key] = self.colours(tuple(values[key]))
        if "card" in values:
            values["card"] = self.label(values["card"])
        if "offers" in values:
            word = self.colour_word
            values["offers"] = ", ".join(f"{word[c]} → {p}" for c, p in values["offers"])
        return values

    @functools.cached_property
    def colour_word(self) -> dict[str, str]:
        return {colour: self.voice(f"colour_{colour}") for colour in COLOURS}

    def colours(self, colours: tuple[str, ...]) -> str:
        return " ".join(self.colour_word[colour] for colour in colours) or "—"

    def choices(self) -> str:
        return ", ".join(self.colour_word[colour] for colour in COLOURS)

    def text(self, key: str, **values: Any) -> str:
        return self.voice(key, **values)

    def label(self, card: str) -> str:
        """A card as people read it: «name» (mark); a Blueprint described by its cost (at
        the table, for a card the content does not have) or taken unseen, in words."""
        if card.startswith("unseen-"):
            return self.text("unseen_blueprint")
        if card in self.described:
            cost, vp = self.described[card]
            return self.text("typed_blueprint", cost=self.colours(cost), vp=vp)
        return self.card_label(card)
