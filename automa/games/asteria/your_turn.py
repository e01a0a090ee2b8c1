"""Your turn in a game of Asteria: reported at the table (what it did to the automaton), or
played by the modelled player when simulated. A layer of `AsteriaGame`."""

from __future__ import annotations

from starpress.automa.engine.answers import OneOf
from starpress.automa.engine.state import Ask, Chance, Say
from starpress.automa.games.asteria.board import PLAYER, Steps
from starpress.automa.games.asteria.conflicts import Conflicts
from starpress.automa.games.asteria.rules import (
    ACTIONS,
    BOT,
    MAX_OPEN,
    RULE_TURN,
    YOU,
    economic_ready,
    move_marker,
)


class YourTurn(Conflicts):
    """Your turns (asteria.rules.solo.table; the modelled player's, simulated)."""

    def your_turn(self) -> Steps:
        yield Say("your_turn", (RULE_TURN,), {"round": self.round})
        if self.table:
            yield from self.your_report()
        else:
            yield from self.modelled_turn()
        if self.winner is None and not self.open:
            yield from self.reveal(None)

    def your_report(self) -> Steps:
        """At the table: what your turn did to the automaton (asteria.rules.solo.table)."""
        while self.winner is None:
            choice = yield self.ask("report", "ask_report", {}, self.reports(), self.check_report)
            if choice == "":
                return
            if choice == "conflict":
                index = yield self.ask("conflict_planet", "ask_which_planet", {},
                                       self.open_planets(), self.check_contested)  # fmt: skip
                yield from self.conflict(index, YOU)
            elif choice == "planet":
                yield from self.reveal(YOU)
            elif choice == "removed":
                number = yield self.ask("removed", "ask_removed", {}, self.cards("action"),
                                        self.check_bot_card)  # fmt: skip
                self.remove_bot_card(number)
                yield Say("removed", (RULE_TURN,), {"card": number})
            elif choice == "lost":
                lost = yield self.ask("lost", "ask_lost", {}, self.pair())
                self.sides[BOT].gain(-lost[0], -lost[1])
                yield Say("lost", (RULE_TURN,), self.resources_of(BOT))
            elif choice == "achievement":
                name = yield self.ask("achievement", "ask_achievement", {}, self.claims(),
                                      self.check_achievement)  # fmt: skip
                yield from self.achieve(YOU, name)
            yield from self.achievements(YOU)  # what you did may complete one of its own

    def modelled_turn(self) -> Steps:
        """A simulated turn of yours: income, plays chosen by the modelled player, stage 3."""
        you = self.sides[YOU]
        energy, ore = self.income(YOU)
        you.gain(energy, ore)
        for _ in range(self.continuous(YOU, "income_draw")):
            you.hand += self.deal_actions(1)
        self.free_action()
        self.played = set()
        limit = 1 if self.round == 1 and self.first == YOU else MAX_OPEN
        while len(self.played) < limit and self.winner is None:
            legal = self.legal_plays()
            if not legal:
                break
            choice = yield Ask(PLAYER, "play", "ask_play", {}, OneOf.actions(legal), legal)
            if choice == "end":
                break
            number, index, action = _split(choice)
            values = {"card": number, "action": action, "planet": self.open[index].card}
            yield Say("your_play", (), values)
            yield from self.your_play(number, index, action)
            yield from self.achievements(YOU)
        if self.winner is None and economic_ready(you):
            you.gain(-8, -8)
            yield from self.achieve(YOU, "economic")
        if self.winner is None:
            yield from self.stage3(YOU)

    def legal_plays(self) -> tuple[str, ...]:
        you = self.sides[YOU]
        plays = ["end"]
        for index, planet in enumerate(self.open):
            if planet.card in self.played:
                continue
            for number in sorted(set(you.hand)):
                card = self.p.actions[number]
                for action in ACTIONS:
                    if action == "exploit" or you.can_pay(card.cost):
                        plays.append(f"{number}:{index}:{action}")
        return tuple(plays)

    def your_play(self, number: int, index: int, action: str) -> Steps:
        you, bot = self.sides[YOU], self.sides[BOT]
        planet = self.open[index]
        card = self.p.actions[number]
        you.hand.remove(number)
        self.played.add(planet.card)
        you.gain(*move_marker(planet, YOU, BOT))
        if action != "exploit":
            you.gain(-card.cost[0], -card.cost[1])
        planet.cards[YOU].append((number, action))
        effect = card.side(action)
        if action == "exploit":
            you.gain(*self.exploit_yield(planet, YOU))
            return
        you.gain(*effect.gain)
        if effect.exchange != (0, 0, 0, 0) and you.can_pay(effect.exchange[:2]):
            you.gain(
                effect.exchange[2] - effect.exchange[0], effect.exchange[3] - effect.exchange[1]
            )
        you.hand += self.deal_actions(effect.draw)
        for _ in range(effect.take):
            you.planets += self.deal_planets(1)
        for _ in range(effect.reveal):
            yield from self.reveal(YOU)
        bot.gain(-effect.opp_loses[0], -effect.opp_loses[1])
        if effect.opp_discard and bot.hand:
            lost = yield Chance(
                "discard", lambda: bot.hand[self.streams["discard"].below(len(bot.hand))]
            )
            self.remove_bot_card(lost)
            yield Say("removed", (RULE_TURN,), {"card": lost})
        if effect.destroy:
            mine = planet.cards[BOT]
            hit = [n for n, a in mine if effect.destroy == "free" or a == "exploit"]
            if hit:
                self.remove_bot_card(hit[-1])
                yield Say("removed", (RULE_TURN,), {"card": hit[-1]})
        for _ in range(effect.advance):
            you.gain(*move_marker(planet, YOU, BOT))

    def free_action(self) -> None:
        """The modelled player's free action: a third Planet card in hand becomes resources
        (the weakest one, its richer half), asteria.rules.turn.actions.free-action."""
        you = self.sides[YOU]
        while len(you.planets) > 2:
            weakest = min(you.planets, key=lambda n: (self.p.planets[n].strength, n))
            you.planets.remove(weakest)
            planet = self.p.planets[weakest]
            you.gain(*max(planet.half(0), planet.half(1), key=sum))
            self.planet_discard.append(weakest)


def _split(choice: str) -> tuple[int, int, str]:
    number, index, action = choice.split(":")
    return int(number), int(index), action
