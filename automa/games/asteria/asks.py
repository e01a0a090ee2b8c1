"""The questions a game of Asteria asks the person at the table, as typed answers
(`automa.engine.answers`), and its checks of an answer against what it knows of the table
(asteria.rules.solo.table). A layer of `AsteriaGame`."""

from __future__ import annotations

from starpress.automa.engine.answers import Choice, Number, OneOf, Refusal, Refused, Several
from starpress.automa.engine.choices import Cards, Options
from starpress.automa.games.asteria.board import CLAIMABLE, REPORTS
from starpress.automa.games.asteria.rules import BOT, MAX_OPEN, YOU
from starpress.automa.games.asteria.speech import Speech


class Questions(Speech):
    """Each question's answer kind and check."""

    def cards(self, kind: str, many: bool = False) -> Cards:
        """Action or Planet cards (`kind`), by printed mark or by name; the log keeps marks."""
        return Cards(self.card_options(kind), many)

    def card_options(self, kind: str) -> Options:
        """The Action or Planet cards a person may name, by printed mark or by name."""
        return self.p.book.options({card: n for n, card in self.p.cards[kind].items()})

    def refusal(self, hint: str) -> Refusal:
        return Refusal("bad_answer", {"hint": hint})

    def bad(self, hint: str) -> Refused:
        """An answer the program refuses, saying why (the driver adds what was typed)."""
        return Refused("bad_answer", hint=hint)

    def number(self, low: int, high: int) -> Number:
        return Number(low, high, self.refusal(f"{low}–{high}"))

    def numbered(self, choices: list[Choice]) -> OneOf:
        """Choices numbered from 1, refused with their range."""
        return OneOf.of(choices, self.refusal(f"1–{len(choices)}" if choices else "—"))

    def reports(self) -> OneOf:
        """What your turn did to the automaton (asteria.rules.solo.table), by number; Enter:
        nothing more."""
        choices = [Choice(str(n), self.voice(f"report_{name}"), name)
                   for n, name in enumerate(REPORTS, 1)]  # fmt: skip
        done = Choice("", self.voice("report_done"), "")
        return OneOf.of([*choices, done], self.refusal(f"1–{len(REPORTS)}"))

    def open_planets(self) -> OneOf:
        """The open planets, by their number from the left."""
        return self.numbered(
            [Choice(str(n), self.planet_label(p.card), n - 1) for n, p in enumerate(self.open, 1)]
        )

    def claims(self) -> OneOf:
        """The Achievements you report yourself; one you have says so beside it."""
        achieved = self.sides[YOU].achieved
        return self.numbered([
            Choice(str(n), self.voice(f"claim_{name}"), name,
                   self.voice("hint_achieved") if name in achieved else "")
            for n, name in enumerate(CLAIMABLE, 1)
        ])  # fmt: skip

    def halves(self, number: int) -> OneOf:
        """Which half of a planet you revealed faces the automaton: by its spaces."""
        printed = self.p.planets[number]
        return self.numbered([
            Choice("1", self.voice("half_spaces", spaces=self.spaces(printed.bottom)), 1),
            Choice("2", self.voice("half_spaces", spaces=self.spaces(printed.top)), 2),
        ])  # fmt: skip

    def pair(self) -> Several:
        """Energy and ore (two numbers, 0–12)."""
        return Several(self.number(0, 12), 2, 2, refused=self.refusal(self.voice("hint_pair")))

    def markers(self) -> Several:
        """Your marker on each open planet (0: none); Enter: on none."""
        count = len(self.open)
        refusal = self.refusal(self.voice("hint_markers"))
        return Several(self.number(0, 9), count, count, refused=refusal, blank=(0,) * count)

    def check_contested(self, index: int) -> int:
        """An open planet where its marker is: a conflict needs both markers there."""
        planet = self.open[index]
        if planet.marker[BOT] is None:
            raise self.bad(self.voice("hint_no_marker", planet=self.planet_label(planet.card)))
        return index

    def check_actions(self, count: int, cards: list[int]) -> list[int]:
        """Exactly `count` different Action cards, none of them in play."""
        if len(cards) != count or len(set(cards)) != count:
            raise self.bad(self.voice("hint_count", count=count))
        for number in cards:
            if self.in_play(number):
                raise self.bad(self.voice("hint_in_play", card=self.action_label(number)))
        return cards

    def check_planet(self, number: int) -> int:
        if number in (p.card for p in self.open) or number in self.sides[BOT].planets:
            raise self.bad(self.voice("hint_in_play", card=self.planet_label(number)))
        return number

    def check_reserve(self, count: int, cards: list[int]) -> list[int]:
        """The automaton's whole reserve, turned face up: `count` different Planet cards,
        none of them open or taken in a conflict."""
        if len(cards) != count or len(set(cards)) != count:
            raise self.bad(self.voice("hint_count", count=count))
        taken = {p.card for p in self.open}
        taken.update(*(side.dominated for side in self.sides.values()))
        for number in cards:
            if number in taken:
                raise self.bad(self.voice("hint_in_play", card=self.planet_label(number)))
        return cards

    def check_new_planet(self, number: int) -> int:
        if len(self.open) >= MAX_OPEN:
            raise self.bad(self.voice("hint_three"))
        return self.check_planet(number)

    def check_bot_card(self, number: int) -> int:
        if not self.in_play(number):
            raise self.bad(self.voice("hint_its_cards"))
        return number

    def check_report(self, choice: str) -> str:
        """A card of the automaton's destroyed or discarded: only when it has one."""
        if choice == "removed" and not self.any_in_play():
            raise self.bad(self.voice("hint_no_cards"))
        return choice

    def check_achievement(self, name: str) -> str:
        if name in self.sides[YOU].achieved:
            raise self.bad(self.voice("hint_achieved"))
        return name

    def check_markers(self, values: list[int]) -> list[int]:
        for planet, value in zip(self.open, values, strict=True):
            mine = planet.marker[BOT]
            if value > len(planet.track) or (mine is not None and value - 1 >= mine):
                raise self.bad(self.voice("hint_marker", planet=self.planet_label(planet.card)))
        return values
