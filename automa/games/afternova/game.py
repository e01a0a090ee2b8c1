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
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starpress.automa.engine.answers import (
    AnyOf,
    Choice,
    Number,
    OneOf,
    Parts,
    Refusal,
    Refused,
    Several,
)
from starpress.automa.engine.choices import NO_CARDS, CardBook, Cards
from starpress.automa.engine.prng import Pcg32, Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import (
    HUMAN,
    LATER,
    Ask,
    Chance,
    Decision,
    Ending,
    Say,
    Script,
    Start,
)
from starpress.automa.games.afternova.rules import (
    COLOURS,
    RULE_END,
    RULE_HELP,
    RULE_SCORING,
    RULE_SETUP,
    RULE_SOLO_LEVELS,
    RULE_SOLO_SCORING,
    RULE_SOLO_SETUP,
    RULE_SOLO_TURN,
    RULE_TIE_BREAK,
    RULE_TURN,
    RULING_OBJECTIVE,
    Blueprint,
    Bot,
    BotRules,
    Completed,
    Drawing,
    Step,
    fragment_colours,
)
from starpress.core.text import Token, counted_icons, icon_ids

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.automa.games.afternova.data import (
        AfternovaBaseline,
        AfternovaSolo,
        AfternovaSoloLevel,
    )
    from starpress.core.model import Game

Steps = Generator[Decision | Say, Any, Any]
"""A part of the game script (yields decisions and messages, returns its result)."""
MODELLED = ("baseline", "greedy", "competent")
"""The `seats` values where the program models the whole table (their policies differ)."""
Extraction = tuple[list[tuple[str, ...]], list[str], tuple[int, int]]
"""A Planet a human can take: Hired Paws played, payment to the Bot, value to them."""


@dataclass(frozen=True)
class Catalogue:
    """The game's cards as the Bot's game needs them, prepared once from the content."""

    blueprints: dict[int, Blueprint]
    starships: dict[int, tuple[str, int, tuple[str, ...]]]  # card, capacity, objective
    names: dict[str, list[str]]  # colour -> words a person may type
    paws: tuple[tuple[str, ...], ...] = ()  # skill icons per Hired Paw
    planets: tuple[tuple[dict[str, int], int], ...] = ()  # requirements, Fragment spaces
    rules: BotRules = field(default_factory=BotRules.default)
    baseline: AfternovaBaseline | None = None
    solo: AfternovaSolo | None = None

    def solo_level(self, name: str) -> AfternovaSoloLevel:
        """A level of the solo variant by name (afternova.rules.solo.levels)."""
        if self.solo is None:
            raise ValueError("this bot's data has no solo variant")
        return self.solo.levels[name or self.solo.default_level]

    @classmethod
    def from_game(cls, game: Game) -> Catalogue:
        blueprints: dict[int, Blueprint] = {}
        starships: dict[int, tuple[str, int, tuple[str, ...]]] = {}
        paws: list[tuple[str, ...]] = []
        planets: list[tuple[dict[str, int], int]] = []
        # a Blueprint's or Starship's number is its place in its deck, as its set mark prints
        # it (B 12/40: `Game.card_marks`), the number logs name it by
        for number, card in enumerate(game.cards_of("afternova.component.blueprint"), 1):
            blueprints[number] = Blueprint(
                card.id, _fragments(card.field_tokens("cost")), _int(card.fields.get("vp"))
            )
        for number, card in enumerate(game.cards_of("afternova.component.starship"), 1):
            objective = _fragments(card.field_tokens("objective", back=True))
            starships[number] = (card.id, _int(card.fields.get("hold")) or 4, objective)
        for card in game.cards_of("afternova.component.hired-paw"):
            paws.append(tuple(icon_ids(card.field_tokens("skills"))))
        for card in game.cards_of("afternova.component.planet"):
            needs: Counter[str] = Counter()
            for count, skill in counted_icons(card.field_tokens("requirements")):
                needs[skill] += count
            planets.append((dict(needs), _int(card.fields.get("spaces"))))
        from starpress.automa.games.afternova.data import AfternovaAutoma

        automa = game.automa if isinstance(game.automa, AfternovaAutoma) else None
        typed = automa.colour_names if automa else {}
        names = {colour: [word.lower() for word in words] for colour, words in typed.items()}
        return cls(
            blueprints,
            starships,
            names,
            tuple(paws),
            tuple(planets),
            BotRules.from_content(automa),
            automa.baseline if automa else None,
            automa.solo if automa else None,
        )


def _fragments(tokens: list[Token]) -> tuple[str, ...]:
    """The colours of the Fragment icons among some tokens (`:fragment-orange:` -> orange)."""
    return fragment_colours(icon_ids(tokens))


def _int(value: Any) -> int:
    return int(value) if isinstance(value, int | float) else 0


@dataclass
class Human:
    """A modelled human (seats `baseline` or `greedy`): what the program tracks of them."""

    seat: str
    capacity: int
    objective: tuple[str, ...]
    paws: list[tuple[str, ...]] = field(default_factory=list)
    hand: list[Blueprint] = field(default_factory=list)
    hold: list[str] = field(default_factory=list)
    completed: list[Blueprint] = field(default_factory=list)

    def score(self) -> int:
        printed = sum(b.vp for b in self.completed)
        objective = sum(1 for b in self.completed for c in b.cost if c in self.objective)
        return printed + objective + len(self.hold)


class AfternovaGame:
    """One game of Afternova with the Bot (a `Program` of `automa.engine.state`)."""

    def __init__(
        self,
        catalogue: Catalogue,
        mode: str,
        seed: int,
        voice: Speaker,
        card_label: CardBook = NO_CARDS,
        seats: str = "table",
        variant: str = "bot",
        level: str = "",
    ) -> None:
        self.catalogue = catalogue
        self.rules = catalogue.rules
        # a person's sixth Blueprint ends the game whatever the solo level does to the Bot
        # (afternova.rules.solo.scoring)
        self.human_limit = catalogue.rules.settings.max_completed
        self.level: AfternovaSoloLevel | None = None
        self.level_name = ""
        if variant == "solo":  # afternova.rules.solo.levels: the level sets the Bot's numbers
            self.level = catalogue.solo_level(level)
            assert catalogue.solo is not None
            self.level_name = level or catalogue.solo.default_level
            self.rules = BotRules(
                dataclasses.replace(
                    self.rules.settings,
                    row_size=self.level.row_size,
                    max_completed=self.level.max_completed,
                    objective_vp_per_icon=self.level.objective_vp_per_icon,
                    icons_per_fragment=self.level.icons_per_fragment,
                )
            )
        self.mode = mode
        self.seed = seed
        self.seats = seats
        self.voice = voice
        self.card_label = card_label
        self.streams = Streams(seed)
        self.bot = Bot(capacity=4)
        self.bag: list[str] = [colour for colour in COLOURS for _ in range(8)]
        self.beside_bag: list[str] = []
        self.deck: list[int] = sorted(catalogue.blueprints)
        self.streams["blueprints"].shuffle(self.deck)
        self.finished = False
        self.humans: list[Human] = []
        self.planets: list[tuple[dict[str, int], list[str]]] = []
        self.paw_deck: list[int] = []
        self.planet_deck: list[int] = []
        self.rounds = 0
        self.offered: dict[int, Extraction] = {}  # the seat to play: what it may extract
        # the face-up Market (seats `competent` only): Hired Paw indexes, Blueprint numbers
        self.market_paws: list[int] = []
        self.market_blueprints: list[int] = []
        self.paws_played: list[int] = []  # afternova.rules.supply: reshuffled when needed
        self.known_blueprints = {b.card for b in catalogue.blueprints.values()}
        self.described: dict[str, tuple[tuple[str, ...], int]] = {}
        """Blueprints the content lacks, described at the table: cost and VP, by card."""

    # -- the game -----------------------------------------------------------------------

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
        returns = {"bot": score["total"]}
        returns.update({human.seat: human.score() for human in self.humans})
        return returns

    def ending(self, scores: dict[str, int]) -> Ending:
        """The winner (afternova.rules.bot.tie-break): most VP; a tie goes to the later
        player in turn order, and the Bot always plays first. At the table the program asks
        each person's score (one per human seat; `you` in solo)."""
        if self.humans:
            seats = tuple(human.seat for human in self.humans)
        else:
            seats = (HUMAN,) if self.level is not None else ("seat-2", "seat-3")
        return Ending(RULE_TIE_BREAK, ("bot", *seats), scores, last=LATER)

    def setup(self) -> Steps:  # afternova.rules.bot.setup
        if self.mode == "simulated":
            numbers = sorted(self.catalogue.starships)
            number = yield Chance(
                "starship", functools.partial(_pick, numbers, self.rng("starships"))
            )
            card, capacity, objective = self.catalogue.starships[number]
        else:
            ships = self.card_label.options(
                {
                    card: [card, capacity, []]
                    for card, capacity, _ in self.catalogue.starships.values()
                }
            )  # the objective stays hidden until the end
            card, capacity, objective = yield Ask(
                HUMAN, "starship", "ask_starship", {}, Cards(ships)
            )
        self.bot.starship, self.bot.capacity = card, capacity
        self.bot.objective = tuple(objective) or None
        yield Say("setup_starship", (RULE_SETUP,), {"card": card, "capacity": capacity})
        for position in range(1, self.rules.settings.row_size + 1):
            blueprint = yield from self.reveal(position)
            self.bot.row.append(blueprint)
            yield Say(
                "setup_blueprint",
                (RULE_SETUP,),
                {
                    "card": blueprint.card,
                    "position": position,
                    "cost": blueprint.cost,
                    "vp": blueprint.vp,
                },
            )

    def bot_turn(self) -> Steps:  # afternova.rules.bot.turn
        yield Say("turn", (RULE_TURN,))
        if self.mode == "simulated":
            colour = yield from self.draw_fragment()
            if colour is None:  # every Fragment is in someone's Hold or on a Planet
                return
        else:
            colour = yield Ask(HUMAN, "fragment", "ask_drawn", {}, self.colour_answer())
        yield Say("drawn", (RULE_TURN,), {"colour": colour})
        steps: list[Step] = []
        yield from self.drawing(self.rules.placing(self.bot, colour, steps), steps)
        self.discard_bots()

    def help(self) -> Steps:  # afternova.rules.bot.help
        planet = yield Ask(HUMAN, "planet", "ask_planet", {}, Several(self.colour_answer()))
        offers = self.rules.acceptable(self.bot, planet)
        if not offers:
            yield Say("accepts_none", (RULE_HELP,))
            return
        yield Say("accepts", (RULE_HELP,), {"offers": offers})
        allowed = [colour for colour, _ in offers]
        # in solo a paid Fragment may buy more than one icon (afternova.rules.solo.negotiation)
        prompt = "ask_payment_solo" if self.level else "ask_payment"
        icons = {"icons": self.rules.settings.icons_per_fragment}
        payment = yield Ask(HUMAN, "payment", prompt, icons, Several(self.colour_answer()),
                            check=functools.partial(self.check_payment, allowed))  # fmt: skip
        if payment:
            yield from self.paid(payment)

    def paid(self, payment: list[str]) -> Steps:
        self.rules.check_payment(self.bot, payment)
        steps: list[Step] = []
        yield from self.drawing(self.rules.helping(self.bot, payment, steps), steps)
        self.discard_bots()

    def status(self) -> list[Say]:
        row = "; ".join(
            f"{i}. {self.label(b.card)} [{self.colours(tuple(b.free().elements()))}]"
            for i, b in enumerate(self.bot.row, 1)
        )
        values = {
            "row": row or "—",
            "hold": len(self.bot.hold),
            "capacity": self.bot.capacity,
            "completed": len(self.bot.completed),
        }
        return [Say("status", (), values)]

    def final_score(self) -> Steps:  # afternova.rules.bot.scoring
        if self.bot.objective is None:
            objective = yield Ask(HUMAN, "objective", "ask_objective", {},
                                  Several(self.colour_answer(), 2, 2))  # fmt: skip
            self.bot.objective = tuple(objective)
        for number, done in enumerate(self.bot.completed, 1):
            if done.unseen and done.vp is None:
                action = yield self.ask_blueprint("blind", "ask_blind", {"number": number})
                named = self.received(action)
                self.bot.completed[number - 1] = Completed(
                    named.card, named.cost, named.vp, unseen=True
                )
        score = self.rules.score(self.bot)
        if self.level is None:
            yield Say("score", (RULE_SCORING, RULING_OBJECTIVE), score)
            return score
        score["head_start"] = self.level.head_start_vp  # afternova.rules.solo.scoring
        score["total"] += score["head_start"]
        yield Say("score_solo", (RULE_SOLO_SCORING, RULE_SCORING), score)
        return score

    # -- the baseline humans (seats `baseline`) -----------------------------------------

    def seat_setup(self) -> Steps:
        self.paw_deck = list(range(len(self.catalogue.paws)))
        self.streams["hired-paws"].shuffle(self.paw_deck)
        self.planet_deck = list(range(len(self.catalogue.planets)))
        self.streams["planets"].shuffle(self.planet_deck)
        baseline = self.baseline()
        taken = {self.bot.starship}
        hands = baseline.seats_hands
        if self.level is not None:  # afternova.rules.solo.setup: one person, after the Bot
            assert self.catalogue.solo is not None
            hands = [self.catalogue.solo.paws]
        for seat, dealt in enumerate(hands, 2):
            free = [
                n for n, ship in sorted(self.catalogue.starships.items()) if ship[0] not in taken
            ]
            number = yield Chance(
                "seat_starship", functools.partial(_pick, free, self.rng("starships"))
            )
            card, capacity, objective = self.catalogue.starships[number]
            taken.add(card)
            human = Human(f"seat-{seat}", capacity, objective)
            for _ in range(dealt):
                paw = yield from self.draw_paw()
                if paw is not None:
                    human.paws.append(paw)
            drawn = yield from self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)
            self.humans.append(human)
        for _ in range(baseline.planets_face_up):
            yield from self.reveal_planet()
        if self.seats == "competent":
            yield from self.refill_market()

    def table_rounds(self) -> Steps:
        limit = self.baseline().max_rounds
        while self.rounds < limit and not self.over():
            self.rounds += 1
            # the Bot always plays first (afternova.rules.bot.turn-order); in solo, only in
            # the first of every `bot_turn_every` rounds (afternova.rules.solo.turn)
            every = self.level.bot_turn_every if self.level else 1
            if (self.rounds - 1) % every == 0:
                yield from self.bot_turn()
            for human in self.humans:
                yield from self.human_turn(human)
        if not self.over():
            yield Say("round_limit", (), {"rounds": limit})

    def human_turn(self, human: Human) -> Steps:
        options = self.offered = self.extractions(human)
        legal = ("market", *(f"planet-{index + 1}" for index in options))
        action = yield Ask(human.seat, "turn", "ask_turn", {}, OneOf.actions(legal), legal)
        if action == "market":
            yield from self.market(human)
        else:
            index = int(str(action).removeprefix("planet-")) - 1
            used, payment, _value = options[index]
            yield from self.extract(human, index, used, payment)
        yield from self.complete_blueprints(human)

    def extractions(self, human: Human) -> dict[int, Extraction]:
        """The Planets this human can take: Hired Paws played, payment, value to them."""
        wanted = _wanted(human.hand, human.hold)
        free = self.rules.free_icons(self.bot)
        per = self.rules.settings.icons_per_fragment
        found = {}
        for index, (needs, fragments) in enumerate(self.planets):
            used, missing = _cover(needs, human.paws)
            paid = -(-missing // per)  # one Fragment for every `per` icons, rounded up
            offers = [colour for colour, _ in self.rules.taken(free, fragments)] if paid else []
            if paid > len(offers) or (self.rules.finished(self.bot) and missing):
                continue
            # pay the Bot with the Fragments this human wants least
            payment = sorted(offers, key=lambda colour: wanted.get(colour, 0) > 0)[:paid]
            kept = list(fragments)
            for colour in payment:
                kept.remove(colour)
            useful = sum(min(kept.count(c), n) for c, n in wanted.items())
            found[index] = (used, payment, (useful, len(kept)))
        return found

    def trial_hold(self, human: Human, index: int) -> list[str]:
        """The human's Hold if it extracted from the index-th Planet now (a look-ahead of
        the greedy and competent players; nothing changes)."""
        _used, payment, _value = self.offered[index]
        hold, taken = list(human.hold), list(self.planets[index][1])
        for colour in payment:
            taken.remove(colour)
        load_hold(human.hand, hold, human.capacity, taken)
        return hold

    def baseline_turn(self, seat: str) -> str:
        """The baseline policy for the seat to play: the Planet worth most to it (wanted
        Fragments, then any), else the market."""
        best, best_value = "market", (0, 0)
        for index, (_used, _payment, value) in self.offered.items():
            if value > best_value:
                best, best_value = f"planet-{index + 1}", value
        return best

    def extract(
        self, human: Human, index: int, used: list[tuple[str, ...]], payment: list[str]
    ) -> Steps:
        _needs, fragments = self.planets.pop(index)
        for paw in used:
            human.paws.remove(paw)
            self.paws_played.append(self.catalogue.paws.index(paw))
        if payment:  # afternova.rules.bot.help
            for colour in payment:
                fragments.remove(colour)
            yield from self.paid(payment)
        self.beside_bag += load_hold(human.hand, human.hold, human.capacity, fragments)
        yield from self.reveal_planet()

    def market(self, human: Human) -> Steps:
        if self.seats == "competent":
            yield from self.face_up_market(human)
            return
        baseline = self.baseline()
        for _ in range(baseline.market_draw):
            if self.paw_deck and len(human.paws) < baseline.hand_limit:
                paw = yield from self.draw_paw()
                if paw is not None:
                    human.paws.append(paw)
        if len(human.hand) < 2:
            drawn = yield from self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)

    def face_up_market(self, human: Human) -> Steps:
        """afternova.rules.actions.market: up to 3 of the 8 face-up cards (Hired Paws `p1`…
        and Blueprints `b1`…), within the hand limit; then both rows are refilled. The
        model never refreshes a row."""
        room = self.baseline().hand_limit - len(human.paws) - len(human.hand)
        cards = [f"p{i}" for i in range(1, len(self.market_paws) + 1)]
        cards += [f"b{i}" for i in range(1, len(self.market_blueprints) + 1)]
        legal = tuple(
            " ".join(pick) for pick in itertools.combinations(cards, max(0, min(3, room)))
        )
        pick = yield Ask(human.seat, "market", "ask_turn", {}, OneOf.actions(legal), legal)
        paws = [self.market_paws[int(c[1:]) - 1] for c in str(pick).split() if c[0] == "p"]
        drawn = [self.market_blueprints[int(c[1:]) - 1] for c in str(pick).split() if c[0] == "b"]
        for index in paws:
            self.market_paws.remove(index)
            human.paws.append(self.catalogue.paws[index])
        for number in drawn:
            self.market_blueprints.remove(number)
            original = self.catalogue.blueprints[number]
            human.hand.append(Blueprint(original.card, original.cost, original.vp))
        yield from self.refill_market()

    def refill_market(self) -> Steps:
        """afternova.rules.actions.market.refill: both face-up rows back to 4 cards."""
        while len(self.market_paws) < 4 and (self.paw_deck or self.paws_played):
            if not self.paw_deck:  # afternova.rules.supply: played Hired Paws reshuffled
                self.paw_deck, self.paws_played = sorted(self.paws_played), []
                self.streams["hired-paws"].shuffle(self.paw_deck)
            index = yield Chance("hired_paw", self.next_paw)
            self.paw_deck.remove(index)
            self.market_paws.append(index)
        while len(self.market_blueprints) < 4 and self.deck:
            number = yield Chance("blueprint", self.next_blueprint)
            self.deck.remove(number)
            self.market_blueprints.append(number)

    def complete_blueprints(self, human: Human) -> Steps:
        """Every Blueprint in hand the Hold pays for, each replaced from the deck."""
        for blueprint in list(human.hand):
            if len(human.completed) >= self.human_limit:
                return
            if pays(human.hold, blueprint.cost):
                for colour in blueprint.cost:
                    human.hold.remove(colour)
                    self.beside_bag.append(colour)
                human.hand.remove(blueprint)
                human.completed.append(blueprint)
                drawn = yield from self.draw_blueprint(False)
                if drawn:
                    human.hand.append(drawn)

    def over(self) -> bool:
        limit = self.human_limit
        return self.rules.finished(self.bot) or any(len(h.completed) >= limit for h in self.humans)

    def baseline(self) -> AfternovaBaseline:
        if self.catalogue.baseline is None:
            raise ValueError("this bot's data has no baseline players")
        return self.catalogue.baseline

    # -- invariants (checked by the tests after every action) ---------------------------

    def fragments(self) -> Counter[str]:
        """Every fragment wherever it is: all 40 must always be somewhere."""
        places = (
            self.bag
            + self.beside_bag
            + self.bot.fragments()
            + self.bot.discarded
            + [c for _, fragments in self.planets for c in fragments]
            + [c for human in self.humans for c in human.hold]
        )
        return Counter(places)

    def check(self) -> None:
        """The game's invariants between turns; an AssertionError names the one broken."""
        if self.seats in MODELLED:
            assert self.fragments() == Counter({c: 8 for c in COLOURS}), self.fragments()
        assert len(self.bot.hold) < self.bot.capacity
        assert len(self.bot.completed) <= self.rules.settings.max_completed
        for blueprint in self.bot.row:
            assert not Counter(blueprint.covered) - Counter(blueprint.cost)
            assert not blueprint.complete or self.rules.finished(self.bot)
        for human in self.humans:
            assert len(human.hold) <= human.capacity

    # -- chance -------------------------------------------------------------------------

    def rng(self, name: str) -> Pcg32:
        return self.streams[name]

    def draw_fragment(self) -> Steps:
        if not self.bag:  # afternova.rules.supply: the discards go back into the bag
            self.bag, self.beside_bag = sorted(self.beside_bag), []
        if not self.bag:
            return None
        self.bag.sort()
        colour = yield Chance("fragment", self.next_fragment)
        self.bag.remove(colour)
        return colour

    def next_fragment(self) -> str:
        return self.bag[self.streams["bag"].below(len(self.bag))]

    def discard_bots(self) -> None:
        """The Fragments the Bot discarded lie beside the bag (whole-table games)."""
        if self.seats in MODELLED:
            self.beside_bag += self.bot.discarded
            self.bot.discarded = []

    def drawing(self, procedure: Drawing, steps: list[Step]) -> Steps:
        """Run one of the Bot's procedures, each Blueprint it draws a decision; what it did
        so far (`steps`, as the procedure keeps them) is said before each draw."""
        spoken = 0
        try:
            unseen = next(procedure)
            while True:
                yield from self.speak(steps[spoken:])
                spoken = len(steps)
                blueprint = yield from self.draw_blueprint(unseen)
                unseen = procedure.send(blueprint)
        except StopIteration:
            pass
        yield from self.speak(steps[spoken:])

    def draw_blueprint(self, unseen: bool) -> Steps:
        if self.mode == "simulated":
            number = yield Chance("blueprint", self.next_blueprint)
            if not number:
                return None
            self.deck.remove(number)
            original = self.catalogue.blueprints[number]
            return Blueprint(original.card, original.cost, original.vp)
        if unseen:  # put under the Starship without looking: asked for at the end
            return Blueprint(f"unseen-{len(self.bot.completed) + 1}", (), 0)
        action = yield self.ask_blueprint(
            "blueprint", "ask_blueprint", {"position": len(self.bot.row) + 1}
        )
        return self.received(action)

    def next_blueprint(self) -> int:
        return self.deck[-1] if self.deck else 0

    def reveal(self, position: int) -> Steps:
        if self.mode == "simulated":
            drawn = yield from self.draw_blueprint(False)
            if drawn is None:
                raise ValueError("the Blueprint deck is empty at setup")
            return drawn
        action = yield self.ask_blueprint("blueprint", "ask_blueprint", {"position": position})
        return self.received(action)

    def draw_paw(self) -> Steps:
        if not self.paw_deck:
            return None
        index = yield Chance("hired_paw", self.next_paw)
        self.paw_deck.remove(index)
        return self.catalogue.paws[index]

    def next_paw(self) -> int:
        return self.paw_deck[-1]

    def reveal_planet(self) -> Steps:
        if not self.planet_deck:
            return
        index = yield Chance("planet", self.next_planet)
        self.planet_deck.remove(index)
        needs, spaces = self.catalogue.planets[index]
        fragments = []
        for _ in range(spaces):
            colour = yield from self.draw_fragment()
            if colour is not None:
                fragments.append(colour)
        self.planets.append((needs, fragments))

    def next_planet(self) -> int:
        return self.planet_deck[-1]

    # -- speaking -----------------------------------------------------------------------

    def speak(self, steps: list[Step]) -> Steps:
        for step in steps:
            values = dict(step.values)
            # a ruling on an ambiguity of the rulebook is cited beside the rule it applies
            ruling = values.pop("ruling", None)
            yield Say(step.what, (step.rule, ruling) if ruling else (step.rule,), values)
            if step.what in ("completed", "blind_blueprint") and self.rules.finished(self.bot):
                yield Say("end", (RULE_END,))
                self.finished = True

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them: colour words, card names."""
        values = dict(say.values)
        values.setdefault("end", self.rules.settings.max_completed)  # the Bot's last Blueprint
        if say.key == "start":
            values["mode"] = self.text(f"mode_{values['mode']}")
        if say.key == "solo_start":
            values["level"] = self.text(f"level_{values['level']}")
        if say.key in ("score", "score_solo", "status"):  # numbers and text already
            return values
        if say.key == "solo_start":  # counted things, each in its plural form
            values["row"] = self.text("n_blueprints", n=values["row"])
            values["icons"] = self.text("n_skill_icons", n=values["icons"])
            values["every"] = self.text("every_n_rounds", n=values["every"])
            return values
        if say.key == "next_bot_turn":
            return {"turns": self.text("n_your_turns", n=values["turns"])}
        if "colour" in values:
            values["colour"] = self.colour_word[values["colour"]]
        for key in ("fragments", "payment", "cost"):
            if key in values:
                values[key] = self.colours(tuple(values[key]))
        if "card" in values:
            values["card"] = self.label(values["card"])
        if "offers" in values:
            word = self.colour_word
            values["offers"] = ", ".join(f"{word[c]} → {p}" for c, p in values["offers"])
        return values

    @functools.cached_property
    def colour_word(self) -> dict[str, str]:
        return {colour: self.voice(f"colour_{colour}") for colour in COLOURS}

    def colours(self, colours: tuple[str, ...]) -> str:
        return " ".join(self.colour_word[colour] for colour in colours) or "—"

    def choices(self) -> str:
        return ", ".join(self.colour_word[colour] for colour in COLOURS)

    def text(self, key: str, **values: Any) -> str:
        return self.voice(key, **values)

    # -- answers ------------------------------------------------------------------------

    def commands(self) -> OneOf:
        """What the person does next at the table: the Bot's turn, help in an Extract, the
        end (b, a, f; the words `bot`, `help`, `end` too)."""
        return OneOf.of(
            (
                Choice("b", self.text("command_bot"), "bot", names=("bot",)),
                Choice("a", self.text("command_help"), "help", names=("h", "help")),
                Choice("f", self.text("command_end"), "end", names=("e", "end")),
            ),
            Refusal("bad_command"),
        )

    def colour_answer(self) -> OneOf:
        """A Fragment colour, named in any language the content knows; the log keeps its key."""
        return OneOf.of(
            (
                Choice(colour, self.colour_word[colour], colour,
                       names=(self.colour_word[colour], *self.catalogue.names.get(colour, ())))
                for colour in COLOURS
            ),
            Refusal("bad_colour", {"colours": self.choices()}),
            by_name=True,
        )  # fmt: skip

    def check_payment(self, allowed: list[str], payment: list[str]) -> list[str]:
        """A payment the Bot takes (afternova.rules.bot.help), from the Fragments offered."""
        try:
            self.rules.help(self._trial(), payment, lambda unseen: None)
        except ValueError as error:
            raise Refused("bad_payment", reason=str(error)) from None
        remaining = list(allowed)
        for colour in payment:
            if colour not in remaining:
                raise Refused("bad_payment", reason=self.colour_word[colour])
            remaining.remove(colour)
        return payment

    def _trial(self) -> Bot:
        bot = self.bot
        return Bot(
            bot.capacity,
            bot.objective,
            bot.starship,
            [Blueprint(b.card, b.cost, b.vp, list(b.covered)) for b in bot.row],
            list(bot.hold),
            list(bot.completed),
        )

    def label(self, card: str) -> str:
        """A card as people read it: «name» (mark); a Blueprint described by its cost (at
        the table, for a card the content does not have) or taken unseen, in words."""
        if card.startswith("unseen-"):
            return self.text("unseen_blueprint")
        if card in self.described:
            cost, vp = self.described[card]
            return self.text("typed_blueprint", cost=self.colours(cost), vp=vp)
        return self.card_label(card)

    def ask_blueprint(self, key: str, prompt: str, values: dict[str, Any]) -> Ask:
        """A Blueprint: its mark or name, or (a card the content lacks) its colours and VP."""
        options = self.card_label.options(
            {b.card: [b.card, list(b.cost), b.vp] for b in self.catalogue.blueprints.values()}
        )
        refused = Refusal("bad_blueprint", {"marks": options.examples()})
        described = Parts((Several(self.colour_answer(), 1), Number(0, 999, refused)), refused)
        answer = AnyOf((Cards(options, refused=refused), described))
        return Ask(HUMAN, key, prompt, values, answer, check=self.blueprint)

    def blueprint(self, answer: list[Any] | tuple[list[str], int]) -> list[Any]:
        """The action of a Blueprint named at the table: a card of the content as it is, or one
        described by its cost and VP (a card the content lacks) with an id of its own."""
        if isinstance(answer, tuple):
            cost, vp = answer
            return [f"blueprint-{'-'.join(cost)}-{vp}", list(cost), vp]
        return answer

    def received(self, action: list[Any]) -> Blueprint:
        """The Blueprint a person named (`blueprint`); one the content lacks is kept with
        its cost and VP, by which it is named from then on."""
        card, cost, vp = action
        if card not in self.known_blueprints:
            self.described[card] = (tuple(cost), vp)
        return Blueprint(card, tuple(cost), vp)


def _pick(numbers: list[int], rng: Pcg32) -> int:
    """One of `numbers`, uniformly (a Starship dealt from those left)."""
    return numbers[rng.below(len(numbers))]


def _wanted(hand: list[Blueprint], hold: list[str]) -> dict[str, int]:
    """Colours the Blueprints in hand still need beyond the Hold (only those still needed
    are keys; plain counting, as the simulation asks this every turn)."""
    need: dict[str, int] = {}
    for blueprint in hand:
        for colour in set(blueprint.cost):
            need[colour] = max(need.get(colour, 0), blueprint.cost.count(colour))
    wanted = {c: n - hold.count(c) for c, n in need.items()}
    return {c: n for c, n in wanted.items() if n > 0}


def load_hold(hand: list[Blueprint], hold: list[str], capacity: int, taken: list[str]) -> list[str]:
    """Load Fragments taken from a Planet into a modelled human's Hold (changed in place),
    wanted ones first, up to its capacity, a wanted one swapped for a useless one; return
    the Fragments that go beside the bag."""
    left = []
    wanted = _wanted(hand, hold)
    for colour in sorted(taken, key=lambda c: c not in wanted):  # wanted ones first
        if len(hold) < capacity:
            hold.append(colour)
            continue
        spare = next((c for c in hold if c not in wanted), None)
        if colour in wanted and spare is not None:  # swap a useless one out
            hold.remove(spare)
            hold.append(colour)
            colour = spare
        left.append(colour)
        wanted = _wanted(hand, hold)
    return left


def pays(hold: list[str], cost: tuple[str, ...]) -> bool:
    """Whether a Hold holds every Fragment of a cost."""
    return all(cost.count(colour) <= hold.count(colour) for colour in set(cost))


def _cover(needs: dict[str, int], paws: list[tuple[str, ...]]) -> tuple[list[tuple[str, ...]], int]:
    """Hired Paws to play for a Planet's needs (most useful first) and the icons still missing."""
    remaining = dict(needs)  # plain counting: the simulation asks this for every Planet
    used = []
    for paw in sorted(paws, key=lambda p: -sum(1 for s in p if remaining.get(s, 0) > 0)):
        if not any(count > 0 for count in remaining.values()):
            break
        if any(remaining.get(skill, 0) > 0 for skill in paw):
            used.append(paw)
            for skill in paw:
                remaining[skill] = remaining.get(skill, 0) - 1
    return used, sum(v for v in remaining.values() if v > 0)


@dataclass(frozen=True)
class Prepared:
    """What every game of the content shares: the cards, and how people name them."""

    catalogue: Catalogue
    card_label: CardBook


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
