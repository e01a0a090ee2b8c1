"""How a game of Ascending Empires says things: planets, players and actions in words, the
status (`s`). A layer of `EmpiresGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.state import HUMAN, Say
from starpress.automa.games.ascending_empires.board import Board


class Speech(Board):
    """The game's messages as people read them, in the session's language."""

    def planet_words(self, number: int) -> str:
        planet = self.planets[number]
        return self.voice("planet_label", kind=self.voice(f"kind_{planet.colour}"),
                          quadrant=self.voice(f"quadrant_{planet.quadrant}"))  # fmt: skip

    def status(self) -> list[Say]:
        says = [Say("status", (), {"round": self.round, "pile": self.pile})]
        for who in self.order:
            if who == HUMAN:
                continue
            e = self.empires[who]
            says.append(Say("status_empire", (), {
                "who": who, "ships": len(e.ships), "supply": e.supply_troops,
                "home": e.home_troops, "planets": list(e.planets), "tokens": e.tokens,
                "techs": e.techs,
            }))  # fmt: skip
        return says

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        voice = self.voice
        if "who" in shown:
            shown["who"] = voice("player_" + str(shown["who"]))
        if "planet" in shown:
            shown["planet"] = self.planet_words(shown["planet"])
        if "planets" in shown:
            shown["planets"] = (
                " · ".join(
                    f"{i}. {self.planet_words(n)}" for i, n in enumerate(shown["planets"], 1)
                )
                or "—"
            )
        if "where" in shown:
            shown["where"] = (
                ", ".join(
                    f"{count} → "
                    + (self.planet_words(place) if place is not None else voice("home"))
                    for place, count in shown["where"]
                )
                or "—"
            )
        if "from" in shown:
            place = shown["from"]
            shown["from"] = self.planet_words(place) if place is not None else voice("home")
        if "actions" in shown:
            shown["actions"] = " > ".join(voice(f"action_{a}") for a in shown["actions"])
        for key in ("action", "level", "mode", "what", "colour"):
            if key in shown:
                shown[key] = voice(f"{key}_{shown[key]}")
        return shown
