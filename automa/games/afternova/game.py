"""Afternova with the Bot as one game script (`automa.engine.state`), at the table or
simulated.

Who sits at the table is the `seats` parameter:

* `table` — people play their own turns with the real game and tell the program only what
  it cannot see. In mode *table* they also report every draw (Starship, Blueprints,
  Fragments); in mode *simulated* the program owns the bag, the Starships and the Blueprint
  deck (from the content's cards) and draws for the Bot itself.
* `baseline` / `greedy` — the whole table is modelled (mode *simulated* only): the Bot and
  the modelled humans of seats 2, 3… (`automa.baseline` in automa.yaml), each a player of this state
  whose turn is one action: `planet-N` (extract from the N-th face-up Planet, playing the Hired Paws
  that cover it and paying the Bot for the icons they lack with the Fragments it wants least) or
  `market` (draw Hired Paws and, with fewer than two in hand, a Blueprint). After every turn a human
  completes the Blueprints in hand its Hold pays for. The baseline policy (`baseline_turn`,
  documented in the README) picks the Planet worth most to it; the greedy one
  (`automa.games.afternova.greedy`) the action whose immediate result scores most.

Every answer and every draw is a decision of the state, so the log replays the game exactly.

The game is composed of layers, each a module of one part of it: `board` (the pieces),
`speech` (its words), `asks` (the questions at the table), `draws` (chance), `bot_turn` (the
Bot's procedures) and `seats` (the modelled humans); this module plays the game through.
"""

from __future__ import annotations

from starpress.automa.engine.pad import pad_lines
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import HUMAN, LATER, Ask, Ending, Say, Script, Start
from starpress.automa.games.afternova.board import MODELLED
from starpress.automa.games.afternova.catalogue import Prepared
from starpress.automa.games.afternova.rules import (
    RULE_END_SCORING,
    RULE_SOLO_LEVELS,
    RULE_SOLO_SETUP,
    RULE_SOLO_TURN,
    RULE_TIE_BREAK,
)
from starpress.automa.games.afternova.seats import Seats


class AfternovaGame(Seats):
    """One game of Afternova with the Bot (a `Program` of `automa.engine.state`): its turns
    from the setup to the scores."""

    def play(self) -> Script:
        yield Say("start", (), {"seed": self.seed, "mode": self.mode})
        if self.level is not None:
            yield Say(
                "solo_start",
                (RULE_SOLO_SETUP, RULE_SOLO_LEVELS),
                {
                    "level": self.level_name,
                    "row": self.level.row_size,
                    "end": self.level.max_completed,
                    "objective": self.level.objective_vp_per_icon,
                    "head_start": self.level.head_start_vp,
                    "every": self.level.bot_turn_every,
                    "icons": self.level.icons_per_fragment,
                },
            )
        yield from self.setup()
        if self.seats in MODELLED:
            yield from self.seat_setup()
            yield from self.table_rounds()
        while not self.finished and self.seats not in MODELLED:
            command = yield Ask(HUMAN, "command", "ask_command", {}, self.commands())
            if command == "bot":
                yield from self.bot_turn()
                if self.level is not None and self.level.bot_turn_every > 1 and not self.over():
                    # the person counts their own turns: say when to press [b] again
                    turns = {"turns": self.level.bot_turn_every}
                    yield Say("next_bot_turn", (RULE_SOLO_TURN,), turns)
            elif command == "help":
                yield from self.help()
            else:
                break
        score = yield from self.final_score()
        self.bot_parts = {key: value for key, value in score.items() if key != "total"}
        returns = {"bot": score["total"]}
        returns.update({human.seat: human.score() for human in self.humans})
        return returns

    def ending(self, scores: dict[str, int]) -> Ending:
        """The winner (afternova.rules.end.scoring): most VP; a tie goes to the later
        player in turn order, and the Bot always plays first. At the table the program asks
        each person's score (one per human seat; `you` in solo)."""
        if self.humans:
            seats = tuple(human.seat for human in self.humans)
        else:
            seats = (HUMAN,) if self.level is not None else ("seat-2", "seat-3")
        parts = {"bot": self.bot_parts, **{h.seat: h.score_parts() for h in self.humans}}
        pad = pad_lines(self.catalogue.pad, self.voice)
        extra = pad_lines((("head_start", 0, 99),), self.voice) if self.level is not None else ()
        return Ending(RULE_END_SCORING, ("bot", *seats), scores, last=LATER, pad=pad,
                      parts=parts, extra=extra, tie_rule=RULE_TIE_BREAK)  # fmt: skip


def new_program(prepared: Prepared, start: Start, voice: Speaker) -> AfternovaGame:
    """One game, started as `start` says (its seats, variant and level); runs in the
    browser too."""
    params = start.params
    return AfternovaGame(
        prepared.catalogue,
        start.mode,
        start.seed,
        voice,
        prepared.card_label,
        params.get("seats", "table"),
        params.get("variant", "bot"),
        params.get("level", ""),
    )
