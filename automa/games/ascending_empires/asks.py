"""The questions a game of Ascending Empires asks the person at the table, as typed answers
(`automa.engine.answers`): what their turn did, the card flipped, where a ruler reaches, a
planet's colour and quadrant. A layer of `EmpiresGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.answers import (
    Choice,
    Number,
    OneOf,
    Parts,
    Refusal,
    Refused,
    Several,
)
from starpress.automa.games.ascending_empires.board import REACH, REPORTS
from starpress.automa.games.ascending_empires.rules import ASTEROID, COLOURS, QUADRANTS
from starpress.automa.games.ascending_empires.speech import Speech


class Questions(Speech):
    """Each question's answer kind."""

    def refusal(self, hint: str) -> Refusal:
        return Refusal("bad_answer", {"hint": hint})

    def number(self, low: int, high: int) -> Number:
        return Number(low, high, self.refusal(f"{low}–{high}"))

    def numbered(self, labelled: list[tuple[str, Any]], refusal: Refusal | None = None) -> OneOf:
        """Choices (label, action) numbered from 1, refused with their range."""
        choices = [Choice(str(n), label, value) for n, (label, value) in enumerate(labelled, 1)]
        return OneOf.of(choices, refusal or self.refusal(f"1–{len(choices)}"))

    def reports(self) -> Parts:
        """What your turn did to the automata (ascending-empires.rules.solo.table), in one
        answer: the VP tokens you took, then what else happened, by number (`2`, `0 1`);
        empty: nothing."""
        refusal = self.refusal(self.voice("report_hint", things=len(REPORTS)))
        others = self.numbered([(self.voice(f"report_{name}"), name) for name in REPORTS], refusal)
        return Parts((Number(0, 40, refusal), Several(others)), refusal, blank=(0, []),
                     empty=self.voice("report_done"))  # fmt: skip

    def hits(self, pieces: int) -> Several:
        """What an automaton's attacks destroy: your ships, then the pieces of your planet
        (two numbers, tapped from one row of buttons on a page; `check_hits` keeps the pieces
        to at most `pieces`)."""
        refusal = self.refusal(self.voice("hits_hint", pieces=pieces))
        return Several(Number(0, 8, refusal), 2, 2, refused=refusal, blank=(0, 0),
                       empty=self.voice("report_done"))  # fmt: skip

    def check_hits(self, pieces: int, hits: list[int]) -> list[int]:
        if hits[1] > pieces:
            raise Refused("bad_answer", hint=self.voice("hits_hint", pieces=pieces))
        return hits

    def landed(self) -> Parts:
        """The planet an automaton lands on, turned face up: its colour (or an asteroid),
        then its quadrant, by number."""
        refusal = self.refusal(self.voice("landing_hint"))
        return Parts((self.kinds(refusal), self.quadrants(refusal)), refusal)

    def yes_no(self) -> OneOf:
        return self.numbered([(self.voice("answer_yes"), True), (self.voice("answer_no"), False)])

    def reaches(self) -> OneOf:
        return self.numbered([(self.voice(f"reach_{reach}"), reach) for reach in REACH])

    def kinds(self, refusal: Refusal | None = None) -> OneOf:
        """A planet's colour, or an asteroid."""
        return self.numbered(
            [(self.voice(f"colour_{kind}"), kind) for kind in (*COLOURS, ASTEROID)], refusal
        )

    def quadrants(self, refusal: Refusal | None = None) -> OneOf:
        return self.numbered([(self.voice(f"quadrant_{q}"), q) for q in QUADRANTS], refusal)

    def own_planets(self, who: str) -> OneOf:
        """The planets of an automaton, numbered in the order it took them."""
        return self.numbered([(self.planet_words(n), n) for n in self.empires[who].planets])

    def techs(self) -> Parts:
        """A technology: its colour (by number) and its level."""
        refusal = self.refusal(self.voice("tech_hint"))
        colours = self.numbered([(self.voice(f"colour_{c}"), c) for c in COLOURS], refusal)
        return Parts((colours, Number(1, 4, refusal)), refusal)
