"""How a game of Aristeia! says things: roles, sides and focuses in words, the status (`s`). A
layer of `AristeiaGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.state import Say
from starpress.automa.games.aristeia.board import Board
from starpress.automa.games.aristeia.rules import BOT, YOU


class Speech(Board):
    """The game's messages as people read them, in the session's language."""

    def status(self) -> list[Say]:
        out = [f.role for f in self.team[BOT].values() if f.where != "board"]
        values = {
            "round": self.round, "you": self.points[YOU], "bot": self.points[BOT],
            "frags_you": self.frags[YOU], "frags_bot": self.frags[BOT],
            "who": self.underdog, "out": out,
        }  # fmt: skip
        return [Say("status", (), values)]

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        voice = self.voice
        for key in ("level", "mode", "focus", "bonus"):
            if key in shown:
                shown[key] = voice(f"{key}_{shown[key]}")
        if "who" in shown:
            shown["who"] = voice("who_you" if shown["who"] == YOU else "who_bot")
        for key in ("role", "target", "plan"):
            if isinstance(shown.get(key), str) and shown[key]:
                side, _, role = shown[key].rpartition(":")
                name = voice(f"role_{role}")
                shown[key] = (
                    name
                    if not side
                    else voice(f"side_{'you' if side == YOU else 'bot'}", role=name)
                )
        for key in ("order", "out"):
            if key in shown:
                shown[key] = ", ".join(voice(f"role_{r}") for r in shown[key]) or voice("nobody")
        if "hits" in shown and say.key == "step_attack":
            shown["extra"] = voice("step_attack_extra", hits=shown["hits"]) if shown["hits"] else ""
        return shown
