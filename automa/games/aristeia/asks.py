"""The questions a game of Aristeia! asks the person at the table, as typed answers
(`automa.engine.answers`): numbers, yes or no, where a character stands, its Characters sent
to the Infirmary, the cards flipped from its decks (drawn when simulated); and its checks of
an answer against what it knows. A layer of `AristeiaGame`."""

from __future__ import annotations

import functools

from starpress.automa.engine.answers import Choice, Number, OneOf, Refusal, Refused, Several
from starpress.automa.engine.state import Chance
from starpress.automa.games.aristeia.board import Steps
from starpress.automa.games.aristeia.rules import BOT, PLACES, ROLES
from starpress.automa.games.aristeia.speech import Speech


class Questions(Speech):
    """Each question's answer kind and check."""

    def bad(self, hint: str) -> Refused:
        """An answer the program refuses, saying why (the driver adds what was typed)."""
        return Refused("bad_answer", hint=hint)

    def numbers_refused(self, count: int, low: int, high: int) -> Refusal:
        hint = self.voice("hint_numbers", count=count, low=low, high=high)
        return Refusal("bad_answer", {"hint": hint})

    def numbers(self, least: int, most: int, low: int, high: int) -> Several:
        """From `least` to `most` numbers from `low` to `high`."""
        refused = self.numbers_refused(least, low, high)
        return Several(Number(low, high, refused), least, most, refused=refused)

    def yes_no(self) -> OneOf:
        refused = Refusal("bad_answer", {"hint": self.voice("hint_yes_no")})
        return OneOf.of((Choice("1", self.voice("answer_yes"), True),
                         Choice("0", self.voice("answer_no"), False)), refused)  # fmt: skip

    def roles(self) -> Several:
        """Its Characters by number (1 to 4, as on the role cards), none repeated; the empty
        answer (Enter, or its label typed) is nobody."""
        refused = Refusal("bad_answer", {"hint": self.voice("hint_roles")})
        choices = (
            Choice(str(n), self.voice(f"role_{role}"), role) for n, role in enumerate(ROLES, 1)
        )
        return Several(OneOf.of(choices, refused), distinct=True, refused=refused,
                       empty=self.voice("nobody"))  # fmt: skip

    def places(self) -> OneOf:
        """Where a character stands as its role card's zone step reads it: inside the Scoring
        Zone, one Move it can pay for away from it, or farther (aristeia.rules.solo.roles)."""
        choices = [Choice(str(n), self.voice(f"where_{place}"), place)
                   for n, place in enumerate(PLACES, 1)]  # fmt: skip
        shown = OneOf.of(choices).shown(self.voice("key_enter"))
        return OneOf.of(choices, Refusal("bad_answer", {"hint": shown}))

    def check_card(self, deck: str, number: int) -> int:
        if number not in self.decks[deck]:
            raise self.bad(self.voice("hint_flipped", card=number))
        return number

    def check_knocked(self, roles: list[str]) -> list[str]:
        if any(not self.team[BOT][role].on_board for role in roles):
            raise self.bad(self.voice("hint_roles"))
        return roles

    def flip(self, deck: str) -> Steps:
        """The top card of one of its decks: asked at the table, drawn when simulated; an
        empty deck is shuffled again (aristeia.rules.solo.tactics)."""
        left = self.decks[deck]
        count = len(self.p.initiative if deck == "initiative" else self.p.tactics)
        if self.table:
            card = Number(1, count, self.numbers_refused(1, 1, count))
            number = yield self.ask(f"{deck}_card", f"ask_{deck}_card", {}, card,
                                    functools.partial(self.check_card, deck))  # fmt: skip
        else:
            stream = self.streams[deck]
            number = yield Chance(deck, lambda: left[stream.below(len(left))])
        left.remove(number)
        if not left:
            self.decks[deck] = list(range(1, count + 1))
        return number
