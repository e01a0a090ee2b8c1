"""Luna Maris solo with the automaton, round by round, as one game script
(`automa.engine.state`).

*Table*: the person plays their turns with the real game, presses Enter when it is the
automaton's turn, and reports what the automaton cannot see (where their astronaut is,
which food cards, level-2 scientists, demand tiles and module tiles are face up).
*Simulated*: a simple model of the shared board and of the human (see `SharedModel`)
plays those parts, and a modelled person presses Enter; the same script and the same log
make both replayable.
"""

from __future__ import annotations

import functools
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.answers import Choice, Number, OneOf, Refusal, Several
from starpress.automa.engine.choices import NO_CARDS, CardBook, Cards, Option, Options
from starpress.automa.engine.prng import Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import (
    HUMAN,
    Ask,
    Chance,
    Decision,
    Ending,
    Say,
    Script,
    Start,
    TieBreak,
)
from starpress.automa.games.luna_maris.rules import (
    RULE_CARDS,
    RULE_SCORING,
    RULE_TIE_BREAK,
    RULE_TURN,
    Automaton,
    Board,
    Demand,
    Food,
    Scientist,
    Settings,
    Verbs,
)
from starpress.core.text import icon_ids

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.luna_maris.data import LunaMarisCard
    from starpress.core.model import Game

OPPONENTS = ("simple", "greedy")
"""The modelled human of a simulated game (`opponent`): random (a Chance), or greedy."""
OPPONENT = "opponent"
"""The player id of the greedy modelled human (the person pressing Enter is `HUMAN`)."""
Steps = Generator[Decision | Say, Any, Any]
"""A part of the game script (yields decisions and messages, returns its result)."""
MODULES = (
    "decompression-room",
    "communication-room",
    "expedition-room",
    "laboratory",
    "industrial-complex",
    "recycling-plant",
    "mining-module",
    "power-plant",
    "greenhouse",
    "dormitory",
)
_RESOURCE_ICON = {"iron": "iron", "titanium": "titanium", "helium-3": "helium", "water": "water"}
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iiii": 4}
_ICON_OF = {
    "iron": "iron",
    "titanium": "titanium",
    "helium": "helium-3",
    "water": "water",
    "vp": "victory-point",
    "trash": "trash",
    "co2": "co2",
}
"""The automaton's resource keys and the game's icons that name them."""


@dataclass(frozen=True)
class Decks:
    """The shared cards from the content: food (no 4-player copies), scientists, demands."""

    food: tuple[Food, ...]
    scientists: tuple[Scientist, ...]
    demands: tuple[Demand, ...]
    module_tiles: tuple[str, ...]

    @classmethod
    def from_game(cls, game: Game) -> Decks:
        food, scientists, demands, tiles = [], [], [], []
        for card in game.cards:
            fields = card.fields
            if card.component == "luna-maris.component.food-card" and not fields.get("player_mark"):
                food += [Food(card.id, int(fields.get("nutrition", 1)))] * card.count  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.scientist-l2":
                scientists.append(Scientist(card.id, int(fields.get("cost", 1))))  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.demand-tile":
                icons = icon_ids(card.field_tokens("deliver"))
                cost = tuple(_RESOURCE_ICON[i] for i in icons if i in _RESOURCE_ICON)
                tier = _ROMAN.get(str(fields.get("tier", "I")).lower(), 1)
                demands.append(Demand(card.id, tier, cost, int(fields.get("points", 0))))  # type: ignore[arg-type]
            elif card.component == "luna-maris.component.advanced-module-tile":
                tiles.append(card.id)
        return cls(tuple(food), tuple(scientists), tuple(demands), tuple(tiles))


@dataclass
class SharedModel:
    """The simulated shared board: face-up rows refilled from shuffled decks, and a human.

    Face up: 3 food cards, 3 level-2 scientists, 3 demand tiles of each tier (2 players + 1),
    5 module tiles. The simple human (`opponent simple`, a chance node), on each of their
    turns, stands in a random module and, one time in two, takes one random face-up food
    card, scientist or demand tile; the greedy one (`opponent greedy`, a player answering
    from `choices`) decides by `greedy_choice`.
    """

    decks: Decks
    streams: Streams
    board: Board = field(default_factory=Board)
    food_deck: list[Food] = field(default_factory=list)
    scientist_deck: list[Scientist] = field(default_factory=list)
    demand_decks: dict[int, list[Demand]] = field(default_factory=dict)
    human_food: list[Food] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.food_deck = list(self.decks.food)
        self.streams["food"].shuffle(self.food_deck)
        self.scientist_deck = list(self.decks.scientists)
        self.streams["scientists"].shuffle(self.scientist_deck)
        for tier in (1, 2, 3, 4):
            deck = [d for d in self.decks.demands if d.tier == tier]
            self.streams[f"demands-{tier}"].shuffle(deck)
            self.demand_decks[tier] = deck
        tiles = list(self.decks.module_tiles)
        self.streams["module-tiles"].shuffle(tiles)
        self.board.module_tiles = tiles[:5]
        self.refill()

    def refill(self) -> None:
        while len(self.board.food) < 3 and self.food_deck:
            self.board.food.append(self.food_deck.pop())
        while len(self.board.scientists) < 3 and self.scientist_deck:
            self.board.scientists.append(self.scientist_deck.pop())
        for tier, deck in self.demand_decks.items():
            while sum(1 for d in self.board.demands if d.tier == tier) < 3 and deck:
                self.board.demands.append(deck.pop())

    def human_choice(self) -> dict[str, str]:
        """The human's turn in the model: a module to stand in, perhaps a card to take.

        Only decides (it is the logged chance outcome); `apply` makes it happen, so a
        replay without the PRNG rebuilds the same board from the log.
        """
        rng = self.streams["human"]
        choice = {"module": MODULES[rng.below(len(MODULES))], "take": ""}
        if rng.below(2) == 0:
            kind = rng.below(3)
            rows: list[list[Any]] = [self.board.food, self.board.scientists, self.board.demands]
            row = rows[kind]
            if row:
                choice["take"] = row[rng.below(len(row))].card
        return choice

    def choices(self) -> tuple[str, ...]:
        """Every turn the modelled human may take (`opponent greedy`): `module/card`, the
        card a face-up food card, scientist or demand tile, or none (`module/`)."""
        cards = [item.card for row in self.rows() for item in row]
        return tuple(f"{module}/{card}" for module in MODULES for card in ("", *cards))

    def rows(self) -> tuple[list[Any], ...]:
        return (self.board.food, self.board.scientists, self.board.demands)

    def greedy_choice(self, next_module: str | None) -> str:
        """The greedy human (README): stands in the module the automaton's next step uses
        (its round card is face up: 1 VP when it goes there), and takes the face-up card of
        best immediate VP: the demand tile worth most, else the most nutritious food card
        (ties: the first in the row)."""
        module = next_module or MODULES[0]
        demands = sorted(self.board.demands, key=lambda d: -d.vp)
        food = sorted(self.board.food, key=lambda f: -f.value)
        best = demands[0].card if demands else (food[0].card if food else "")
        return f"{module}/{best}"

    def apply(self, choice: dict[str, str]) -> None:
        taken = choice.get("take")
        if taken:
            rows: tuple[list[Any], ...] = (
                self.board.food,
                self.board.scientists,
                self.board.demands,
            )
            for row in rows:
                for index, item in enumerate(row):
                    if item.card == taken:
                        item = row.pop(index)
                        if isinstance(item, Food):
                            self.human_food.append(item)
                        self.refill()
                        return


@dataclass(frozen=True)
class Speech:
    """How the game's ids are read out in the session's language, as data (built by
    `automa.games.luna_maris.bot.speech`): an id it has no words for is said as itself."""

    modules: Mapping[str, str] = field(default_factory=dict)  # module key -> its name
    steps: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each round card's printed steps (by its letter, lower case), read out in words."""
    names: Mapping[str, str] = field(default_factory=dict)  # card or icon id -> its name
    cards: CardBook = NO_CARDS  # the cards' marks and names, asked at the table

    def module_name(self, key: str) -> str:
        return self.modules.get(key, key)

    def step_text(self, letter: str, index: int) -> str:
        """A round card's step `index` (from 1) read out; empty when there is none."""
        steps = self.steps.get(letter.lower(), ())
        return steps[index - 1] if 1 <= index <= len(steps) else ""

    def name(self, key: str) -> str:
        """A card id or icon id as people read it."""
        return self.names.get(key, key)


@dataclass(frozen=True)
class Prepared:
    """The automaton's data and the shared decks, prepared once from the content."""

    cards: dict[str, LunaMarisCard]
    module_of: dict[str, str]
    levels: dict[str, list[str]]
    settings: Settings
    start: dict[str, int]
    decks: Decks

    @classmethod
    def from_game(cls, game: Game) -> Prepared:
        from starpress.automa.games.luna_maris.data import LunaMarisAutoma

        automa = game.automa
        if not isinstance(automa, LunaMarisAutoma):
            raise ValueError(f"{game.id} has no Luna Maris automaton data")
        return cls(
            automa.cards,
            automa.verbs,
            automa.levels,
            Settings.from_content(automa.scoring),
            automa.start,
            Decks.from_game(game),
        )


class LunaMarisGame:
    """One solo game against the automaton (a `Program` of `automa.engine.state`)."""

    def __init__(
        self,
        prepared: Prepared,
        mode: str,
        level: str,
        seed: int,
        voice: Speaker,
        speech: Speech | None = None,
        opponent: str = "simple",
    ) -> None:
        self.mode = mode
        self.opponent = opponent
        self.level = level
        self.seed = seed
        self.voice = voice
        self.cards = prepared.cards
        self.module_of = prepared.module_of
        self.levels = prepared.levels
        self.verbs = Verbs(prepared.settings)
        self.streams = Streams(seed)
        start = prepared.start
        self.bot = Automaton(
            probes=start.get("probes", 3), water=start.get("water", 2), trash=start.get("trash", 1)
        )
        self.model = SharedModel(prepared.decks, self.streams)
        speech = speech or Speech()
        self.module_name = speech.module_name
        self.step_text = (
            speech.step_text
        )  # the round card's printed step, in the session's language
        self.name = speech.name
        self.card_book = speech.cards

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
        return Ending(RULE_TIE_BREAK, ("automaton", HUMAN), scores, (demands,), last=HUMAN)

    def command(self) -> Ask:
        turn = Choice("", self.text("command_turn"), "turn")
        answer = OneOf((turn,), Refusal("bad_answer", {"hint": "Enter"}))
        return Ask(HUMAN, "command", "ask_command", {}, answer, ("turn",))

    def automaton_turn(self, letter: str, index: int, verb: str, arg: int) -> Steps:
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

    def final_score(self) -> Steps:
        if self.mode == "simulated":
            food = self.model.human_food
            variety, nutrition = len({f.card for f in food}), sum(f.value for f in food)
        else:
            pair = Several(Number(0, 9, self.refusal("0–9")), 2, 2, refused=self.refusal("4 9"))
            variety, nutrition = yield Ask(HUMAN, "human_food", "ask_human_food", {}, pair)
        score = self.verbs.final_score(self.bot, variety, nutrition)
        yield Say("score", (RULE_SCORING,), {"total": score["total"], "parts": score})
        return score

    def status(self) -> list[Say]:
        bot = self.bot
        values = {
            "vp": bot.vp,
            "iron": bot.iron,
            "titanium": bot.titanium,
            "helium": bot.helium,
            "water": bot.water,
            "trash": bot.trash,
            "probes": bot.probes,
            "food": len(bot.food),
            "scientists": len(bot.scientists),
            "demands": len(bot.demands),
        }
        return [Say("status", (), values)]

    def check(self) -> None:
        """The automaton's invariants; an AssertionError names the one broken."""
        bot = self.bot
        assert bot.probes + bot.placed == 3, (bot.probes, bot.placed)
        assert min(bot.iron, bot.titanium, bot.helium, bot.water) >= 0, bot.stock()
        assert 0 <= bot.trash <= self.verbs.settings.trash_capacity, bot.trash
        assert bot.built <= len(self.verbs.settings.building_vp)

    # -- chance -------------------------------------------------------------------------

    def draw_cards(self, pool: list[str]) -> list[str]:
        """5 round cards from the level's pool (luna-maris.rules.solo.automaton.levels)."""
        cards = sorted(pool)
        self.streams["ai-cards"].shuffle(cards)
        return cards[:5]

    # -- words --------------------------------------------------------------------------

    def text(self, key: str, **values: Any) -> str:
        return self.voice(key, **values)

    def amounts(self, amounts: dict[str, int]) -> str:
        """`{"iron": 1, "vp": 1}` as '+1 Iron, +1 VP' in the session's language."""
        shown = [f"{value:+d} {self.unit(key)}" for key, value in amounts.items() if value]
        return ", ".join(shown) or "—"

    def unit(self, key: str) -> str:
        """A resource after a number: the bot's short form (`short_<icon>`) or the icon's name."""
        icon = _ICON_OF.get(key, key)
        short = self.text(f"short_{icon}")
        return short if short != f"short_{icon}" else self.name(icon)

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: names, not ids and keys."""
        shown = dict(say.values)
        key = say.key
        if key == "start":
            shown["level"] = self.text(f"level_{shown['level']}")
            shown["mode"] = self.text(f"mode_{shown['mode']}")
        elif key == "step":
            shown["verb"] = self.step_text(shown["card"], shown["number"]) or shown["verb"]
            shown["module"] = self.module_name(shown["module"])
        elif key == "shared":
            shown["module"] = self.module_name(shown["module"])
        elif key == "end_shift":
            shown["bonus"] = self.amounts(shown["bonus"])
        elif key == "score":
            parts = shown["parts"]
            shown["parts"] = ", ".join(
                f"{self.text(f'part_{k}')} {v}" for k, v in parts.items() if k != "total"
            )
        elif key in self.module_of or key == "impossible":
            step = shown.pop("_step", None)
            shown = self.outcome_words(shown)
            if step is not None:  # the card's own word for the verb
                shown["verb"] = (self.step_text(*step) or shown["verb"]).split(" — ")[0]
            if "why" in shown:  # why it could not act, with what it has
                shown["why"] = self.text(shown["why"], iron=shown["iron"],
                                         titanium=shown["titanium"])  # fmt: skip
        return shown

    def outcome_words(self, values: dict[str, Any]) -> dict[str, Any]:
        """An outcome's values as people read them: names, not ids and keys."""
        shown = dict(values)
        if "card" in shown:
            shown["card"] = self.card_book(shown["card"])
        if "foods" in shown:
            shown["foods"] = ", ".join(self.card_book(card) for card in shown["foods"])
        if "reward" in shown:
            shown["reward"] = self.amounts(shown["reward"])
        for key in ("paid", "gained"):
            if key in shown:
                shown[key] = ", ".join(self.name(_ICON_OF.get(k, k)) for k in shown[key])
        return shown

    def refusal(self, hint: str) -> Refusal:
        return Refusal("bad_answer", {"hint": hint})


@dataclass(frozen=True)
class Session:
    """What every game of the content shares: the prepared data and its words."""

    prepared: Prepared
    speech: Speech


def new_program(prepared: Session, start: Start, voice: Speaker) -> LunaMarisGame:
    """One game, started as `start` says (its level and, simulated, the opponent); runs in
    the browser too."""
    level = start.params.get("level", "basic")
    opponent = start.params.get("opponent", "simple")
    return LunaMarisGame(
        prepared.prepared, start.mode, level, start.seed, voice, prepared.speech, opponent
    )
