"""Luna Maris solo with the automaton, round by round, as one game script
(`automa.engine.state`).

*Table*: the person plays their turns with the real game, presses Enter when it is the
automaton's turn, and reports what the automaton cannot see (where their astronaut is,
which food cards, level-2 scientists, demand tiles and module tiles are face up).
*Simulated*: a simple model of the shared board and of the human (see `SharedModel`)
plays those parts, and a modelled person presses Enter; the same script and the same log
make both replayable.

The game is composed of layers, each a module of one part of it: `board` (the automaton and
the shared board), `speech` (its words) and `asks` (the questions at the table); this module
plays the rounds. The shared model and the prepared data are `model` and `prepared`.
"""

from __future__ import annotations

import functools

from starpress.automa.engine.answers import Number, Several
from starpress.automa.engine.pad import pad_lines
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import HUMAN, Ask, Chance, Ending, Say, Script, Start, TieBreak
from starpress.automa.games.luna_maris.asks import Questions
from starpress.automa.games.luna_maris.board import Steps
from starpress.automa.games.luna_maris.prepared import Session
from starpress.automa.games.luna_maris.rules import (
    RULE_CARDS,
    RULE_FINAL_SCORING,
    RULE_SCORING,
    RULE_TIE_BREAK,
    RULE_TURN,
    pantry,
)

PAD_LINE = {"play": "track", "stock": "resources"}
"""The automaton's score parts by the pad's lines they are written on."""


class LunaMarisGame(Questions):
    """One solo game against the automaton (a `Program` of `automa.engine.state`): its
    rounds, from the cards drawn to the score."""

    def play(self) -> Script:
        yield Say("start", (), {"seed": self.seed, "level": self.level, "mode": self.mode})
        pool = list(self.levels[self.level])
        drawn = yield Chance("cards", functools.partial(self.draw_cards, pool))
        yield Say("cards", (RULE_CARDS,), {"cards": " ".join(drawn)})
        for number, letter in enumerate(drawn, 1):
            yield Say("round", (RULE_CARDS,), {"round": number, "card": letter})
            if number > 1 and self.bot.placed:
                self.bot.iron += self.bot.placed
                yield Say("production", (RULE_TURN,), {"ore": self.bot.placed})
            card = self.cards[letter]
            for index, (verb, arg) in enumerate(card.steps, 1):
                yield from self.automaton_turn(letter, index, verb, int(arg))
            yield self.command()
            yield from self.human_moves()
            outcome = self.verbs.end_shift(self.bot, card.shift_end)
            yield Say("end_shift", (outcome.rule,), {"bonus": outcome.values["bonus"]})
        score = yield from self.final_score()
        return {"automaton": score["total"]}

    def ending(self, scores: dict[str, int]) -> Ending | None:
        """The winner (luna-maris.rules.final-scoring.tie-breaks): most VP, then most demand
        tiles; a tie that remains is the person's (luna-maris.rules.solo.automaton.scoring).
        The CO2 tie-break is not asked: our automaton has no disc on the CO2 track. A
        simulated game has no person's score: no winner is named."""
        if self.mode == "simulated":
            return None
        demands = TieBreak("demands", {"automaton": len(self.bot.demands)})
        parts = self.final_parts
        automaton = {
            PAD_LINE.get(key, key): value for key, value in parts.items() if key != "total"
        }
        # the food placings the program can work out from the pantries compared
        mine = {"variety": self.placing(*self.human_food[0]),
                "nutrition": self.placing(*self.human_food[1])}  # fmt: skip
        return Ending(RULE_FINAL_SCORING, ("automaton", HUMAN), scores, (demands,), last=HUMAN,
                      pad=pad_lines(self.pad, self.voice), tie_rule=RULE_TIE_BREAK,
                      parts={"automaton": automaton, HUMAN: mine})  # fmt: skip

    def placing(self, yours: int, its: int) -> int:
        """Your points for a food placing (luna-maris.rules.final-scoring, steps 3 and 4):
        first when you have more than the automaton (it wins a tie, as it scores itself),
        else second, nothing without food."""
        settings = self.verbs.settings
        if not yours:
            return 0
        return settings.food_first_vp if yours > its else settings.food_second_vp

    def automaton_turn(self, letter: str, index: int, verb: str, arg: int) -> Steps:
        # at the table, the question of where your astronaut went after your turn is the
        # go-ahead for the automaton's step (issue 29: no Enter before it as well);
        # simulated, your turn is drawn, so Enter lets the automaton act
        if self.mode == "simulated":
            yield self.command()
        module = self.module_of[verb]
        human_module = yield from self.human_moves(module)
        self.bot.module = module
        yield Say(
            "step", (RULE_TURN,), {"number": index, "card": letter, "verb": verb, "module": module}
        )
        if human_module == module:  # luna-maris.rules.solo.automaton.turn, step 2
            self.bot.human_vp += self.verbs.settings.human_uses_its_module_vp
            yield Say("shared", (RULE_TURN,), {"module": module})
        board = yield from self.board_for(verb)
        outcome = self.verbs.do(self.bot, board, verb, arg)
        values = dict(outcome.values)
        if outcome.what == "impossible":  # shown with the card's own word for the verb
            values["_step"] = (letter, index)
        yield Say(outcome.what, (outcome.rule,), values)
        if self.mode == "simulated":
            self.model.refill()

    def final_score(self) -> Steps:
        if self.mode == "simulated":
            food = self.model.human_food
            variety, nutrition = len({f.card for f in food}), sum(f.value for f in food)
        else:
            pair = Several(
                Number(0, 9, self.refusal("0–9")),
                2,
                2,
                refused=self.refusal(self.voice("food_hint")),
            )
            variety, nutrition = yield Ask(HUMAN, "human_food", "ask_human_food", {}, pair)
        score = self.verbs.final_score(self.bot, variety, nutrition)
        self.final_parts = score
        its_variety, its_nutrition = pantry(self.bot)
        self.human_food = ((variety, its_variety), (nutrition, its_nutrition))
        yield Say("score", (RULE_SCORING,), {"total": score["total"], "parts": score})
        return score


def new_program(prepared: Session, start: Start, voice: Speaker) -> LunaMarisGame:
    """One game, started as `start` says (its level and, simulated, the opponent); runs in
    the browser too."""
    level = start.params.get("level", "basic")
    opponent = start.params.get("opponent", "simple")
    return LunaMarisGame(
        prepared.prepared, start.mode, level, start.seed, voice, prepared.speech, opponent
    )
