"""How a game of Luna Maris says things: modules, cards, resources and the printed steps of its
round cards in words. A layer of `LunaMarisGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.luna_maris.board import Pieces

_ICON_OF = {
    "iron": "iron",
    "titanium": "titanium",
    "helium": "helium-3",
    "water": "water",
    "vp": "victory-point",
    "trash": "trash",
    "co2": "co2",
}
"""The automaton's resource keys and the game's icons that name them."""


class Spoken(Pieces):
    """The game's messages as people read them, in the session's language."""

    def text(self, key: str, **values: Any) -> str:
        return self.voice(key, **values)

    def amounts(self, amounts: dict[str, int]) -> str:
        """`{"iron": 1, "vp": 1}` as '+1 Iron, +1 VP' in the session's language."""
        shown = [f"{value:+d} {self.unit(key)}" for key, value in amounts.items() if value]
        return ", ".join(shown) or self.text("nothing")

    def unit(self, key: str) -> str:
        """A resource after a number: the bot's short form (`short_<icon>`) or the icon's name."""
        icon = _ICON_OF.get(key, key)
        short = self.text(f"short_{icon}")
        return short if short != f"short_{icon}" else self.name(icon)

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        key = say.key
        if key == "start":
            shown["level"] = self.text(f"level_{shown['level']}")
            shown["mode"] = self.text(f"mode_{shown['mode']}")
        elif key == "step":
            shown["verb"] = self.step_text(shown["card"], shown["number"]) or shown["verb"]
            shown["module"] = self.module_name(shown["module"])
        elif key == "shared":
            shown["module"] = self.module_name(shown["module"])
        elif key == "end_shift":
            shown["bonus"] = self.amounts(shown["bonus"])
        elif key == "score":
            parts = shown["parts"]
            shown["parts"] = ", ".join(
                f"{self.text(f'part_{k}')} {v}" for k, v in parts.items() if k != "total"
            )
        elif key in self.module_of or key == "impossible":
            step = shown.pop("_step", None)
            shown = self.outcome_words(shown)
            if step is not None:  # the card's own word for the verb
                shown["verb"] = (self.step_text(*step) or shown["verb"]).split(" — ")[0]
            if "why" in shown:  # why it could not act, with what it has
                shown["why"] = self.text(shown["why"], iron=shown["iron"],
                                         titanium=shown["titanium"])  # fmt: skip
        return shown

    def outcome_words(self, values: dict[str, Any]) -> dict[str, Any]:
        """An outcome's values as people read them: names, not ids and keys."""
        shown = dict(values)
        if "card" in shown:
            shown["card"] = self.card_book(shown["card"])
        if "foods" in shown:
            shown["foods"] = ", ".join(self.card_book(card) for card in shown["foods"])
        if "reward" in shown:
            shown["reward"] = self.amounts(shown["reward"])
        for key in ("paid", "gained"):
            if key in shown:
                shown[key] = ", ".join(self.name(_ICON_OF.get(k, k)) for k in shown[key])
        return shown
