"""Asteria solo against the automaton, as one game script (`automa.engine.state`).

*Table*: you play your turns with the real cards; after each one the program asks what
touched the automaton (conflicts you started, planets you revealed, its cards or resources
you took, your achievements), and on its turns it asks only what it cannot see: your
markers, the decision card flipped, the cards dealt to it, the planets revealed, your
conflict totals. *Simulated*: the same script plays both sides on a full model of Asteria
(`automa.games.asteria.rules`): your turns are a modelled player's choices (`PLAYER`; greedy or
competent, `automa.games.asteria.players`), the decks are shuffled by the program.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.answers import Answer, Choice, Number, OneOf, Refusal, Refused, Several
from starpress.automa.engine.choices import CardBook, Cards, Options
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.solo_game import SoloGame, level_of, source_text
from starpress.automa.engine.state import HUMAN, Ask, Chance, Ending, Say, Script, Start
from starpress.automa.engine.state import Decision as Pending
from starpress.automa.games.asteria.rules import (
    ACTIONS,
    AREA_EXPAND,
    BOT,
    HAND,
    MAX_OPEN,
    POINTS,
    RULE_ACHIEVE,
    RULE_ACTIONS,
    RULE_CARD,
    RULE_CONFLICT,
    RULE_END,
    RULE_INCOME,
    RULE_LEVELS,
    RULE_MAINTENANCE,
    RULE_MARKER,
    RULE_OUTCOME,
    RULE_PLANET,
    RULE_SETUP,
    RULE_TURN,
    WIN_POINTS,
    YOU,
    ActionCard,
    Decision,
    Effect,
    Pair,
    Planet,
    PlanetCard,
    Side,
    choose_play,
    economic_ready,
    exploration_ready,
    move_marker,
    planet_order,
    read_effect,
    reinforcement,
    resources,
    richer_half,
    technology_ready,
    track,
)

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.asteria.data import AsteriaLevel
    from starpress.core.model import Game

RULE_REVEAL = "asteria.rules.concepts.planet-cards"
PLAYER = "player"
"""The modelled player of a simulated game (the person at the table is `HUMAN`)."""
Steps = Generator[Pending | Say, Any, Any]
REPORTS = ("conflict", "planet", "removed", "lost", "achievement")
"""What you report after your turn at the table, by number (asteria.rules.solo.table)."""
CLAIMABLE = ("exploration", "technology", "economic")


@dataclass(frozen=True)
class Prepared:
    """The cards and the automaton's data, read once from the content."""

    actions: dict[int, ActionCard]
    planets: dict[int, PlanetCard]
    cards: dict[str, dict[int, str]]  # "action" / "planet" -> number -> card id
    book: CardBook  # each card's printed set mark (A 5/38, P 3/14) and its name
    decisions: dict[int, Decision]
    levels: dict[str, AsteriaLevel]
    round_limit: int

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.engine.voice import card_book
        from starpress.automa.games.asteria.data import AsteriaAutoma

        automa = game.automa
        if not isinstance(automa, AsteriaAutoma):
            raise ValueError(f"{game.id} has no Asteria automaton data")
        actions: dict[int, ActionCard] = {}
        planets: dict[int, PlanetCard] = {}
        cards: dict[str, dict[int, str]] = {"action": {}, "planet": {}}
        # a card's number is its place in its deck, as its set mark prints it (A 5/38, P 3/14:
        # `Game.card_marks`), the number logs and the decision cards name it by
        for n, card in enumerate(game.cards_of("asteria.component.action-card"), 1):
            fields = card.fields
            actions[n] = ActionCard(
                n,
                resources(str(fields["cost"])),
                tuple(int(fields[f"{a}_strength"]) for a in ACTIONS),  # type: ignore[arg-type]
                tuple(read_effect(a, source_text(fields[a])) for a in ACTIONS),  # type: ignore[arg-type]
            )
            cards["action"][n] = card.id
        for n, card in enumerate(game.cards_of("asteria.component.planet-card"), 1):
            fields = card.fields
            spaces = [
                tuple(resources(str(s)) for s in fields[f"{half}_spaces"])  # type: ignore[union-attr]
                for half in ("bottom", "top")
            ]
            planets[n] = PlanetCard(n, int(fields["strength"]), spaces[0], spaces[1])  # type: ignore[arg-type]
            cards["planet"][n] = card.id
        decisions = {
            n: Decision(n, tuple(c.planets), tuple(c.actions), c.plays)
            for n, c in automa.cards.items()
        }
        book = card_book(game)
        return cls(actions, planets, cards, book, decisions, automa.levels, automa.round_limit)


class AsteriaGame(SoloGame[Prepared]):
    """One solo game of Asteria against the automaton (a `Program` of
    `automa.engine.state`)."""

    level: AsteriaLevel

    def __init__(
        self, prepared: Prepared, mode: str, level: str, seed: int, voice: Speaker
    ) -> None:
        super().__init__(prepared, mode, level, seed, voice)
        self.sides = {YOU: Side(), BOT: Side()}
        self.open: list[Planet] = []
        self.action_deck: list[int] = []
        self.action_discard: list[int] = []
        self.planet_deck: list[int] = []
        self.planet_discard: list[int] = []
        self.decision_deck: list[int] = []
        self.round = 0
        self.first = YOU
        self.played: set[int] = set()  # planets (by card) played on this turn
        self.winner: str | None = None

    # -- the game -----------------------------------------------------------------------

    def play(self) -> Script:
        yield Say("start", (), {"seed": self.seed, "level": self.level_name, "mode": self.mode})
        if not self.table:
            decks = yield Chance("decks", self.shuffle_decks)
            self.action_deck, self.planet_deck = list(decks[0]), list(decks[1])
            self.decision_deck = list(decks[2])
        self.first = yield Chance("first", lambda: (YOU, BOT)[self.streams["first"].below(2)])
        yield Say("first", (RULE_SETUP,), {"who": self.first})
        yield from self.setup()
        other = BOT if self.first == YOU else YOU
        while self.winner is None and self.round < self.p.round_limit:
            self.round += 1
            for who in (self.first, other):
                yield from (self.your_turn() if who == YOU else self.bot_turn())
                if self.winner is not None:
                    break
        if self.winner is None:  # asteria.rules.solo.end: the clock ran out
            you, bot = self.sides[YOU].points, self.sides[BOT].points
            self.winner = YOU if you > bot else BOT
            yield Say("clock", (RULE_END,), {"rounds": self.p.round_limit, "you": you, "bot": bot})
        yield Say(
            "winner_" + ("you" if self.winner == YOU else "bot"),
            (RULE_END,),
            {"you": self.sides[YOU].points, "bot": self.sides[BOT].points},
        )
        return {BOT: self.sides[BOT].points, YOU: self.sides[YOU].points}

    def ending(self, scores: dict[str, int]) -> Ending | None:
        """None: the script names the winner itself, with both scores, because Asteria's
        winner is whoever reaches 3 points first, the player whose turn it is having
        priority (asteria.rules.solo.end), not the higher score after a count."""
        return None

    def setup(self) -> Steps:
        """asteria.rules.setup and asteria.rules.solo.setup."""
        for _ in range(2):
            yield from self.reveal(None)
        bot = self.sides[BOT]
        if self.table:
            row = yield self.ask("row", "ask_row", {"count": HAND}, self.cards("action", many=True),
                                 functools.partial(self.check_actions, HAND))  # fmt: skip
            bot.hand = list(row)  # a copy: the logged answer must stay as it was typed
            reserve = yield self.ask("reserve", "ask_reserve", {}, self.cards("planet"),
                                     self.check_planet)  # fmt: skip
            bot.planets = [reserve]
        else:
            you = self.sides[YOU]
            you.hand, you.planets = self.deal_actions(HAND), self.deal_planets(1)
            bot.hand, bot.planets = self.deal_actions(HAND), self.deal_planets(1)
        yield Say("row", (RULE_SETUP,), {"cards": list(bot.hand)})

    # -- your turn ----------------------------------------------------------------------

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
            choice = yield self.ask("report", "ask_report", {}, self.reports())
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

    # -- the automaton's turn -----------------------------------------------------------

    def bot_turn(self) -> Steps:
        bot = self.sides[BOT]
        energy, ore = self.income(BOT)
        energy, ore = energy + self.level.income[0], ore + self.level.income[1]
        bot.gain(energy, ore)
        values = {"round": self.round, "energy": energy, "ore": ore, **self.resources_of(BOT)}
        rules = (RULE_TURN, RULE_INCOME, *((RULE_LEVELS,) if any(self.level.income) else ()))
        yield Say("bot_turn", rules, values)
        if economic_ready(bot):
            bot.gain(-8, -8)
            yield from self.achieve(BOT, "economic")
            if self.winner:
                return
        if self.table and self.open:
            positions = yield self.ask("markers", "ask_markers", self.open_values(),
                                       self.markers(), self.check_markers)  # fmt: skip
            for planet, position in zip(self.open, positions, strict=True):
                planet.marker[YOU] = None if position == 0 else position - 1
        card = yield from self.flip()
        plays = min(card.plays, self.level.max_plays, len(self.open))
        if self.round == 1 and self.first == BOT:
            plays = 1  # asteria.rules.setup.first-round
        yield Say(
            "decision",
            (RULE_TURN,),
            {
                "card": card.number,
                "plays": plays,
                "planets": list(card.planets),
                "actions": list(card.actions),
            },
        )
        for index in planet_order(self.open, card.planets)[:plays]:
            play = choose_play(bot.hand, self.p.actions, card.actions, bot)
            if play is None:
                yield Say("no_card", (RULE_CARD,), {})
                break
            yield from self.bot_play(index, *play)
            if self.winner:
                return
        yield from self.stage3(BOT)

    def flip(self) -> Steps:
        """The decision card of this turn: flipped by you (table) or from the shuffled deck."""
        if self.table:
            count = len(self.p.decisions)
            number = yield self.ask("decision", "ask_decision", {}, self.number(1, count))
            return self.p.decisions[number]
        if not self.decision_deck:
            order = yield Chance("decisions", self.shuffle_decisions)
            self.decision_deck = list(order)
            yield Say("reshuffle_decisions", (RULE_TURN,), {})
        return self.p.decisions[self.decision_deck.pop()]

    def bot_play(self, index: int, number: int, action: str) -> Steps:
        """asteria.rules.solo.turn.card and asteria.rules.solo.actions."""
        bot = self.sides[BOT]
        planet = self.open[index]
        card = self.p.actions[number]
        bot.hand.remove(number)
        before = planet.initiator
        space = move_marker(planet, BOT, YOU)
        bot.gain(*space)
        paid = card.cost if action != "exploit" else (0, 0)
        bot.gain(-paid[0], -paid[1])
        planet.cards[BOT].append((number, action))
        values = {"card": number, "action": action, "planet": planet.card}
        values.update(space_energy=space[0], space_ore=space[1])
        rules: tuple[str, ...] = (RULE_PLANET, RULE_CARD, RULE_MARKER)
        if action == "exploit":  # asteria.rules.solo.actions: no cost, every Extract card here
            gained = self.exploit_yield(planet, BOT)
            bot.gain(*gained)
            rules += (RULE_ACTIONS,)
            yield Say("play_free", rules, {**values, "energy": gained[0], "ore": gained[1]})
        else:
            yield Say("play", rules, {**values, "energy": paid[0], "ore": paid[1]})
        if planet.initiator == BOT and before is None:
            yield Say("meets", (RULE_MARKER,), {"planet": planet.card})
        if action == "explore":
            if len(self.open) < MAX_OPEN:
                yield from self.reveal(BOT)
            else:
                yield from self.take(BOT)
        yield from self.achievements(BOT)

    # -- shared steps -------------------------------------------------------------------

    def income(self, who: str) -> Pair:
        """Stage 1 (asteria.rules.turn.income): every Extract card of its on a planet, and
        (for you, simulated) the continuous Expand effects on planets and in your area."""
        energy = ore = 0
        for planet in self.open:
            for number, action in planet.cards[who]:
                if action == "exploit":
                    gain = self.p.actions[number].side("exploit").gain
                    energy, ore = energy + gain[0], ore + gain[1]
        if who == YOU:
            for effect in self.expand_effects(YOU):
                energy, ore = energy + effect.income[0], ore + effect.income[1]
                if len(self.sides[YOU].planets) >= 2:
                    energy += effect.income_if_planets[0]
                    ore += effect.income_if_planets[1]
        return energy, ore

    def expand_effects(self, who: str) -> list[Effect]:
        side = self.sides[who]
        numbers = side.area + [n for p in self.open for n, a in p.cards[who] if a == "expand"]
        return [self.p.actions[n].side("expand") for n in numbers]

    def continuous(self, who: str, name: str) -> int:
        return sum(getattr(effect, name) for effect in self.expand_effects(who))

    def exploit_yield(self, planet: Planet, who: str) -> Pair:
        """asteria.rules.turn.actions.exploit: every Extract card of its on this planet."""
        energy = ore = 0
        for number, action in planet.cards[who]:
            if action == "exploit":
                gain = self.p.actions[number].side("exploit").gain
                energy, ore = energy + gain[0], ore + gain[1]
        return energy, ore

    def reveal(self, by: str | None) -> Steps:
        """A new open planet (asteria.rules.concepts.planet-cards): turned at random (setup,
        maintenance), toward the automaton's richer half (it explored), or as you chose."""
        if len(self.open) >= MAX_OPEN:
            return
        bottom_to_bot: bool | None = None
        if self.table:
            prompt = "ask_planet_yours" if by == YOU else "ask_planet"
            number = yield self.ask("planet", prompt, {}, self.cards("planet"),
                                    self.check_new_planet)  # fmt: skip
            if by == YOU:
                half = yield self.ask("half", "ask_half", {}, self.halves(number))
                bottom_to_bot = half == 1
        else:
            dealt = self.deal_planets(1)
            if not dealt:
                return
            number = dealt[0]
        card = self.p.planets[number]
        if by == BOT:
            bottom_to_bot = richer_half(card)
        elif by == YOU and bottom_to_bot is None:
            bottom_to_bot = not richer_half(card)
        elif bottom_to_bot is None:
            bottom_to_bot = yield Chance(
                "orientation", lambda: self.streams["orientation"].below(2) == 0
            )
        self.open.append(Planet(number, track(card, bool(bottom_to_bot))))
        half = "bottom" if bottom_to_bot else "top"
        shown: dict[str, Any] = {"planet": number, "half": half}
        if by == YOU:
            yield Say("revealed_yours", (RULE_REVEAL,), shown)
        else:
            rule = (
                RULE_ACTIONS
                if by == BOT
                else RULE_SETUP
                if len(self.open) < 3 and self.round == 0
                else RULE_MAINTENANCE
            )
            yield Say("revealed", (rule,), shown)

    def take(self, who: str) -> Steps:
        """A Planet card into the hand (the automaton's reserve, face down)."""
        side = self.sides[who]
        if self.table:
            number = yield self.ask("take", "ask_take", {}, self.cards("planet"), self.check_planet)
            side.planets.append(number)
        else:
            side.planets += self.deal_planets(1)
        yield Say("takes", (RULE_ACTIONS,), {"count": len(side.planets)})

    def stage3(self, who: str) -> Steps:
        """Stage 3 (asteria.rules.turn.conflict-maintenance): conflicts, left to right; then
        the hand back to 3 Action cards; then a planet if none is open."""
        index = 0
        while index < len(self.open) and self.winner is None:
            if self.open[index].initiator is not None:
                taken = yield from self.conflict(index, self.open[index].initiator or who)
                if taken:
                    continue
            index += 1
        if self.winner is not None:
            return
        side = self.sides[who]
        missing = HAND - len(side.hand)
        if missing > 0:
            if who == BOT and self.table:
                drawn = yield self.ask(
                    "draw", "ask_draw", {"count": missing}, self.cards("action", many=True),
                    functools.partial(self.check_actions, missing),
                )  # fmt: skip
            else:
                drawn = self.deal_actions(missing)
            side.hand += drawn
            if who == BOT:
                yield Say("draw", (RULE_MAINTENANCE,), {"cards": list(drawn)})
        if not self.open:
            yield from self.reveal(None)
        for planet in self.open:
            planet.initiator = None

    def conflict(self, index: int, initiator: str) -> Generator[Any, Any, bool]:
        """asteria.rules.solo.conflict: the automaton's total, your total, the outcome."""
        planet = self.open[index]
        bot = self.sides[BOT]
        strength = (
            sum(self.p.actions[n].power(a) for n, a in planet.cards[BOT])
            + self.level.conflict_bonus
        )
        reserve = reinforcement(bot.planets, self.p.planets) if self.level.reinforce else None
        extra = self.p.planets[reserve].strength if reserve is not None else 0
        if reserve is not None:
            bot.planets.remove(reserve)
            self.planet_discard.append(reserve)
        total = strength + extra
        yield Say(
            "conflict",
            (RULE_CONFLICT,),
            {
                "planet": planet.card,
                "initiator": initiator,
                "strength": strength - self.level.conflict_bonus,
                "bonus": self.level.conflict_bonus,
                "reserve": reserve or 0,
                "total": total,
            },
        )
        if self.table:
            yours = yield self.ask(
                "strength",
                "ask_strength",
                {"planet": planet.card, "total": total},
                self.number(0, 99),
            )
            tie_you = initiator == YOU
        else:
            yours, total, tie_you = self.your_strength(planet, initiator, strength, extra)
        winner = YOU if yours > total or (yours == total and tie_you) else BOT
        yield Say(
            "conflict_" + ("you" if winner == YOU else "bot"),
            (RULE_OUTCOME,),
            {"planet": planet.card, "you": yours, "bot": total},
        )
        self.settle(planet, winner)
        if len(self.sides[winner].dominated) >= 3 and "military" not in self.sides[winner].achieved:
            yield from self.achieve(winner, "military")
        return True

    def your_strength(
        self, planet: Planet, initiator: str, bot_cards: int, bot_planet: int
    ) -> tuple[int, int, bool]:
        """The modelled player's total (their printed conflict effects, a Planet card when
        the fight is close) and the automaton's after those effects; whether you win ties."""
        you = self.sides[YOU]
        mine = planet.cards[YOU]
        effects = [self.p.actions[n].side(a) for n, a in mine]
        area = [self.p.actions[n].side("expand") for n in you.area]
        yours = sum(self.p.actions[n].power(a) for n, a in mine)
        exterminators = sum(1 for _n, a in mine if a == "exterminate")
        minus = 0
        blocks = tie = False
        for effect in effects + area:
            yours += effect.every_conflict
        for effect in effects:
            yours += effect.strength + effect.per_exterminate * exterminators
            yours += effect.if_initiator if initiator == YOU else 0
            minus += effect.opp_minus
            blocks = blocks or effect.blocks_reinforce
            tie = tie or effect.tie_win
        bot_total = max(0, bot_cards - minus + (0 if blocks else bot_planet))
        if you.planets and yours <= bot_total + 2:
            best = max(you.planets, key=lambda n: (self.p.planets[n].strength, -n))
            you.planets.remove(best)
            self.planet_discard.append(best)
            yours += self.p.planets[best].strength
        return yours, bot_total, tie or initiator == YOU

    def settle(self, planet: Planet, winner: str) -> None:
        """asteria.rules.conflict.outcome: the winner takes the planet, both keep their Expand
        cards (3 in the area at most), the rest is discarded, the markers go home."""
        you = self.sides[YOU]
        effects = [self.p.actions[n].side(a) for n, a in planet.cards[YOU]]
        effects += [self.p.actions[n].side("expand") for n in you.area]
        self.open.remove(planet)
        self.sides[winner].dominated.append(planet.card)
        for who in (YOU, BOT):
            side = self.sides[who]
            for number, action in planet.cards[who]:
                if action == "expand":
                    side.area.append(number)
                else:
                    self.action_discard.append(number)
            while len(side.area) > AREA_EXPAND:
                weakest = min(side.area, key=lambda n: (self.p.actions[n].power("expand"), -n))
                side.area.remove(weakest)
                self.action_discard.append(weakest)
        if not self.table:  # your printed effects that pay off when you win or lose
            for effect in effects:
                if winner == YOU:
                    you.gain(*effect.win_gain)
                    you.planets += self.deal_planets(effect.win_take)
                else:
                    you.hand += self.deal_actions(effect.lose_draw)

    def remove_bot_card(self, number: int) -> None:
        """One of its cards destroyed on a planet or discarded from its row."""
        bot = self.sides[BOT]
        if number in bot.hand:
            bot.hand.remove(number)
        for planet in self.open:
            planet.cards[BOT] = [(n, a) for n, a in planet.cards[BOT] if n != number]
        self.action_discard.append(number)

    # -- achievements and the end -------------------------------------------------------

    def achievements(self, active: str) -> Steps:
        """asteria.rules.objective: checked for the player whose turn it is first, who wins
        if both would (asteria.rules.objective.priority)."""
        other = BOT if active == YOU else YOU
        for who in (active, other):
            if who == YOU and self.table:
                continue  # you report your own achievements
            side = self.sides[who]
            if exploration_ready(side, len(self.open)):
                yield from self.achieve(who, "exploration")
            if self.winner is None and technology_ready(side, who, self.open):
                yield from self.achieve(who, "technology")
            if self.winner is not None:
                return

    def achieve(self, who: str, name: str) -> Steps:
        side = self.sides[who]
        side.achieved.append(name)
        yield Say(
            "achieved_" + ("you" if who == YOU else "bot"),
            (RULE_ACHIEVE,),
            {"achievement": name, "points": side.points},
        )
        if side.points >= WIN_POINTS and self.winner is None:
            self.winner = who

    # -- decks (simulated) --------------------------------------------------------------

    def shuffle_decks(self) -> list[list[int]]:
        actions, planets = sorted(self.p.actions), sorted(self.p.planets)
        self.streams["actions"].shuffle(actions)
        self.streams["planets"].shuffle(planets)
        return [actions, planets, self.shuffle_decisions()]

    def shuffle_decisions(self) -> list[int]:
        order = sorted(self.p.decisions)
        self.streams["decisions"].shuffle(order)
        return order

    def deal_actions(self, count: int) -> list[int]:
        """Action cards from the deck; an empty deck is the discard pile shuffled
        (asteria.rules.turn.conflict-maintenance.maintenance). Simulated only; a reshuffle
        uses a PRNG stream of its own that no chance node draws from, so a replay (which
        draws no chance) shuffles the same way."""
        return self.deal(self.action_deck, self.action_discard, "reshuffle-actions", count)

    def deal_planets(self, count: int) -> list[int]:
        """Planet cards from the deck; an empty deck is its discard pile shuffled (our
        ruling, asteria.rules.solo.setup); with neither, nothing."""
        return self.deal(self.planet_deck, self.planet_discard, "reshuffle-planets", count)

    def deal(self, deck: list[int], discard: list[int], stream: str, count: int) -> list[int]:
        """Up to `count` cards from the top of `deck` (changed in place), its `discard`
        shuffled into it by `stream` whenever it runs out."""
        dealt = []
        for _ in range(count):
            if not deck and discard:
                deck[:], discard[:] = discard, []
                self.streams[stream].shuffle(deck)
            if deck:
                dealt.append(deck.pop())
        return dealt

    # -- invariants ---------------------------------------------------------------------

    def check(self) -> None:
        """The model's invariants; an AssertionError names the one broken."""
        assert len(self.open) <= MAX_OPEN, self.open
        for who, side in self.sides.items():
            assert 0 <= side.energy <= 12 and 0 <= side.ore <= 12, (who, side)
            assert len(side.area) <= AREA_EXPAND, (who, side.area)
            assert len(set(side.achieved)) == len(side.achieved), side.achieved
            assert side.points == sum(POINTS[a] for a in side.achieved)
            assert sum(1 for p in self.open if p.marker[who] is not None) <= 3
        for planet in self.open:
            mine, yours = planet.marker[BOT], planet.marker[YOU]
            assert mine is None or yours is None or yours < mine, planet
        if not self.table:
            seen = [*self.action_deck, *self.action_discard]
            for side in self.sides.values():
                seen += side.hand + side.area
            seen += [n for p in self.open for who in (YOU, BOT) for n, _a in p.cards[who]]
            assert sorted(seen) == sorted(self.p.actions), "an Action card is lost or doubled"
            planets = [*self.planet_deck, *self.planet_discard, *(p.card for p in self.open)]
            for side in self.sides.values():
                planets += side.planets + side.dominated
            assert sorted(planets) == sorted(self.p.planets), "a Planet card is lost or doubled"

    # -- asking (table) -----------------------------------------------------------------

    def ask(
        self,
        key: str,
        prompt: str,
        values: dict[str, Any],
        answer: Answer,
        check: Callable[[Any], Any] | None = None,
    ) -> Ask:
        """A question to the person at the table, its values already in words; `check`
        tests an answer against what the program knows of the table."""
        return Ask(HUMAN, key, prompt, self.words(Say(prompt, (), values)), answer, check=check)

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
        return Several(self.number(0, 12), 2, 2, refused=self.refusal("2 0"))

    def markers(self) -> Several:
        """Your marker on each open planet (0: none); Enter: on none."""
        count = len(self.open)
        zeros = " ".join("0" for _ in self.open)
        return Several(self.number(0, 9), count, count, refused=self.refusal(zeros),
                       blank=(0,) * count)  # fmt: skip

    def open_values(self) -> dict[str, Any]:
        return {"planets": [p.card for p in self.open]}

    def resources_of(self, who: str) -> dict[str, int]:
        side = self.sides[who]
        return {"has_energy": side.energy, "has_ore": side.ore}

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

    def in_play(self, number: int) -> bool:
        bot = self.sides[BOT]
        return number in bot.hand or any(number == n for p in self.open for n, _a in p.cards[BOT])

    def check_planet(self, number: int) -> int:
        if number in (p.card for p in self.open) or number in self.sides[BOT].planets:
            raise self.bad(self.voice("hint_in_play", card=self.planet_label(number)))
        return number

    def check_new_planet(self, number: int) -> int:
        if len(self.open) >= MAX_OPEN:
            raise self.bad(self.voice("hint_three"))
        return self.check_planet(number)

    def check_bot_card(self, number: int) -> int:
        if not self.in_play(number):
            raise self.bad(self.voice("hint_its_cards"))
        return number

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

    # -- words --------------------------------------------------------------------------

    def action_label(self, number: int) -> str:
        return self.p.book(self.p.cards["action"][number])

    def planet_label(self, number: int) -> str:
        return self.p.book(self.p.cards["planet"][number])

    def spaces(self, spaces: tuple[Pair, ...]) -> str:
        """A half's advance spaces from its edge inward, as words ("energy+ore, —, ore")."""
        words = []
        for energy, ore in spaces:
            parts = [self.voice("res_energy")] * energy + [self.voice("res_ore")] * ore
            words.append("+".join(parts) or "—")
        return ", ".join(words)

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
                shown[key] = ", ".join(self.action_label(n) for n in shown[key]) or "—"
        if "planet" in shown:
            shown["planet"] = self.planet_label(shown["planet"])
        if "planets" in shown:
            if say.key == "decision":
                shown["planets"] = ", ".join(voice(f"rule_{r}") for r in shown["planets"])
            else:
                shown["planets"] = (
                    ", ".join(
                        f"{n}. {self.planet_label(p)}" for n, p in enumerate(shown["planets"], 1)
                    )
                    or "—"
                )
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


def _split(choice: str) -> tuple[int, int, str]:
    number, index, action = choice.split(":")
    return int(number), int(index), action


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> AsteriaGame:
    """One game of this content, started as `start` says (the level asked for, else the
    first of the data); the standard library only, so it runs in the browser too."""
    level = level_of(start, prepared.levels)
    return AsteriaGame(prepared, start.mode, level, start.seed, voice)
