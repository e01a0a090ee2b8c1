"""How a game of Asteria says things: cards by name and mark, spaces and resources in words,
the status (`s`). A layer of `AsteriaGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.asteria.board import Board
from starpress.automa.games.asteria.rules import BOT, YOU, Pair


class Speech(Board):
    """The game's messages as people read them, in the session's language."""

    def action_label(self, number: int) -> str:
        return self.p.book(self.p.cards["action"][number])

    def planet_label(self, number: int) -> str:
        return self.p.book(self.p.cards["planet"][number])

    def spaces(self, spaces: tuple[Pair, ...]) -> str:
        """A half's advance spaces from its edge inward, as words ("energy+ore, —, ore")."""
        words = []
        for energy, ore in spaces:
            parts = [self.voice("res_energy")] * energy + [self.voice("res_ore")] * ore
            words.append("+".join(parts) or self.voice("empty_space"))
        return ", ".join(words)

    def resources_of(self, who: str) -> dict[str, int]:
        side = self.sides[who]
        return {"has_energy": side.energy, "has_ore": side.ore}

    def open_values(self) -> dict[str, Any]:
        return {"planets": [p.card for p in self.open]}

    def status(self) -> list[Say]:
        bot = self.sides[BOT]
        return [
            Say(
                "status",
                (),
                {
                    "round": self.round,
                    "energy": bot.energy,
                    "ore": bot.ore,
                    "row": list(bot.hand),
                    "reserve": len(bot.planets),
                    "area": len(bot.area),
                    "bot": bot.points,
                    "you": self.sides[YOU].points,
                    "planets": [p.card for p in self.open],
                },
            )
        ]

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        voice = self.voice
        for key in ("card",):
            if key in shown and isinstance(shown[key], int) and say.key != "decision":
                shown[key] = self.action_label(shown[key])
        for key in ("cards", "row"):
            if key in shown:
                shown[key] = ", ".join(self.action_label(n) for n in shown[key]) or voice("nothing")
        if "planet" in shown:
            shown["planet"] = self.planet_label(shown["planet"])
        if "planets" in shown:
            if say.key == "decision":
                shown["planets"] = ", ".join(voice(f"rule_{r}") for r in shown["planets"])
            else:
                shown["planets"] = ", ".join(
                    f"{n}. {self.planet_label(p)}" for n, p in enumerate(shown["planets"], 1)
                ) or voice("nothing")
        if "actions" in shown:
            shown["actions"] = " > ".join(voice(f"action_{a}") for a in shown["actions"])
        if "half" in shown:
            printed = self.p.planets[say.values["planet"]]
            shown["half"] = self.spaces(
                printed.bottom if shown["half"] == "bottom" else printed.top
            )
        for key in ("bottom", "top"):
            if key in shown:
                shown[key] = self.spaces(shown[key])
        for key in ("action", "achievement", "level", "mode"):
            if key in shown:
                shown[key] = voice(f"{key}_{shown[key]}")
        if "who" in shown:
            shown["who"] = voice("who_you" if shown["who"] == YOU else "who_bot")
        if "initiator" in shown:
            shown["initiator"] = voice("by_you" if shown["initiator"] == YOU else "by_bot")
        if "reserve" in shown and say.key == "conflict":
            shown["reserve"] = (
                self.planet_label(shown["reserve"]) if shown["reserve"] else voice("no_reserve")
            )
        return shown
