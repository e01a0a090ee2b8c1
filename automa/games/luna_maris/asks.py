"""The questions a game of Luna Maris asks the person at the table, as typed answers
(`automa.engine.answers`): Enter for the automaton's turn, where their astronaut is, the
face-up cards and tiles (the shared model's, simulated). A layer of `LunaMarisGame`."""

from __future__ import annotations

from typing import Any

from starpress.automa.engine.answers import Choice, OneOf, Refusal
from starpress.automa.engine.choices import Cards, Option, Options
from starpress.automa.engine.state import HUMAN, Ask, Chance
from starpress.automa.games.luna_maris.board import OPPONENT, Steps
from starpress.automa.games.luna_maris.model import MODULES
from starpress.automa.games.luna_maris.rules import Board
from starpress.automa.games.luna_maris.speech import Spoken


class Questions(Spoken):
    """Each question's answer kind (or, simulated, the shared model's answer)."""

    def command(self) -> Ask:
        turn = Choice("", self.text("command_turn"), "turn")
        answer = OneOf((turn,), Refusal("bad_command"))  # worded with its option: Enter
        return Ask(HUMAN, "command", "ask_command", {}, answer, ("turn",))

    def human_moves(self, next_module: str | None = None) -> Steps:
        """Where the human's astronaut is now (their turn has just been played)."""
        if self.mode == "simulated" and self.opponent == "greedy":
            legal = self.model.choices()
            values = {"next": next_module or ""}
            answer = yield Ask(
                OPPONENT, "human_turn", "ask_human_module", values, OneOf.actions(legal), legal
            )
            module, _, take = str(answer).partition("/")
            self.model.apply({"module": module, "take": take})
            return module
        if self.mode == "simulated":
            choice = yield Chance("human", self.model.human_choice)
            self.model.apply(choice)
            return str(choice["module"])
        modules = Cards(self.module_options(), blank=True, listed=True)
        answer = yield Ask(HUMAN, "human_module", "ask_human_module", {}, modules)
        return str(answer) if answer else None

    def board_for(self, verb: str) -> Steps:
        if self.mode == "simulated":
            return self.model.board
        board = Board()
        decks = self.model.decks
        if verb == "harvest":
            food = {f.card: f for f in decks.food}
            cards = yield self.ask_cards("food", "ask_food", self.options(food))
            board.food = [food[card] for card in cards]
        elif verb == "hire":
            scientists = {s.card: s for s in decks.scientists}
            cards = yield self.ask_cards("scientists", "ask_scientists", self.options(scientists))
            board.scientists = [scientists[card] for card in cards]
        elif verb == "ship":
            demands = {d.card: d for d in decks.demands}
            cards = yield self.ask_cards("demands", "ask_demand", self.options(demands))
            board.demands = [demands[card] for card in cards]
        elif verb == "build":
            tiles = self.options({tile: tile for tile in decks.module_tiles})
            tile = yield self.ask_cards("module_tile", "ask_module_tile", tiles, many=False)
            board.module_tiles = [tile] if tile else []
        return board

    def options(self, cards: dict[str, Any]) -> Options:
        """A question's cards (the solo game's copies of each are one card) by mark or name."""
        return self.card_book.options({card: card for card in cards})

    def module_options(self) -> Options:
        """The modules of the main board, by their number in the list or their name."""
        modules = (Option(m, str(n), self.module_name(m)) for n, m in enumerate(MODULES, 1))
        return Options.of(modules, "bad_module")

    def ask_cards(self, key: str, prompt: str, options: Options, many: bool = True) -> Ask:
        """A question answered by marks or names (several, separated by commas, when
        `many`); empty is none. The log keeps the marks."""
        return Ask(HUMAN, key, prompt, {}, Cards(options, many, blank=True))

    def refusal(self, hint: str) -> Refusal:
        return Refusal("bad_answer", {"hint": hint})
