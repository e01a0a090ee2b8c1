"""Whole simulated games of Afternova with the Bot, against a simple baseline player.

The baseline human (two of them, seats 2 and 3) is documented in the README: on its turn it
extracts from the face-up Planet worth most to it (first the Fragments its Blueprints in
hand need, then the most Fragments), using its own Hired Paws' skill icons and asking the
Bot for the icons it lacks (paying the Bot with the Fragments it wants least); it keeps
wanted Fragments first and swaps a useless one out of a full Hold. If no Planet can be
taken it makes a Market action (draws Hired Paws and, with fewer than two in hand, a
Blueprint). After every turn each human completes the Blueprints in hand its Hold pays for.
Everything random comes from named PCG32 streams, so a seed is one exact game.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from automa.afternova import COLOURS, Blueprint, Bot, BotRules, fragment_colours
from automa.prng import Streams
from starpress.model import AfternovaAutoma, AfternovaBaseline, Game
from starpress.text import Token, counted_icons, icon_ids


@dataclass(frozen=True)
class Decks:
    """The cards a simulated game is built from (the content's card data)."""

    blueprints: tuple[Blueprint, ...]
    paws: tuple[tuple[str, ...], ...]  # skill icons per Hired Paw
    planets: tuple[tuple[dict[str, int], int], ...]  # requirements, Fragment spaces
    starships: tuple[tuple[int, tuple[str, ...]], ...]  # hold capacity, objective colours

    @classmethod
    def from_game(cls, game: Game) -> Decks:
        blueprints, paws, planets, starships = [], [], [], []
        for card in game.cards:
            fields = card.fields
            if card.component == "afternova.component.blueprint":
                cost = _fragments(card.field_tokens("cost"))
                blueprints.append(Blueprint(card.id, cost, _number(fields.get("vp"))))
            elif card.component == "afternova.component.hired-paw":
                paws.append(tuple(icon_ids(card.field_tokens("skills"))))
            elif card.component == "afternova.component.planet":
                needs: Counter[str] = Counter()
                for count, skill in counted_icons(card.field_tokens("requirements")):
                    needs[skill] += count
                planets.append((dict(needs), _number(fields.get("spaces"))))
            elif card.component == "afternova.component.starship":
                objective = _fragments(card.field_tokens("objective", back=True))
                starships.append((_number(fields.get("hold")) or 4, objective))
        return cls(tuple(blueprints), tuple(paws), tuple(planets), tuple(starships))


def _fragments(tokens: list[Token]) -> tuple[str, ...]:
    return fragment_colours(icon_ids(tokens))


def _number(value: object) -> int:
    return int(value) if isinstance(value, int | float) else 0


@dataclass
class Human:
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


@dataclass
class GameResult:
    bot: dict[str, int]
    humans: list[int]
    rounds: int
    fired: Counter[str]
    stopped: bool  # reached the round limit


class Simulation:
    """One simulated game; `run` plays it to the end."""

    def __init__(
        self,
        decks: Decks,
        rules: BotRules,
        settings: AfternovaBaseline,
        seed: int,
        check: bool = False,
    ) -> None:
        self.rules = rules
        self.settings = settings
        self.check = check
        streams = Streams(seed)
        self.rng_bag = streams["bag"]
        self.blueprints = [Blueprint(b.card, b.cost, b.vp) for b in decks.blueprints]
        streams["blueprints"].shuffle(self.blueprints)
        self.paws = list(decks.paws)
        streams["hired-paws"].shuffle(self.paws)
        self.planet_deck = list(decks.planets)
        streams["planets"].shuffle(self.planet_deck)
        ships = list(decks.starships)
        streams["starships"].shuffle(ships)
        self.bag = [colour for colour in COLOURS for _ in range(8)]
        self.beside: list[str] = []
        self.fired: Counter[str] = Counter()
        capacity, objective = ships.pop()
        self.bot = Bot(capacity=capacity, objective=objective)
        for _ in range(rules.settings.row_size):
            self.bot.row.append(self.draw_blueprint(False) or Blueprint("none", (), 0))
        self.humans = []
        for dealt in settings.seats_hands:
            capacity, objective = ships.pop()
            human = Human(capacity, objective)
            human.paws = [self.paws.pop() for _ in range(dealt)]
            drawn = self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)
            self.humans.append(human)
        self.planets: list[tuple[dict[str, int], list[str]]] = []
        for _ in range(settings.planets_face_up):
            self.reveal_planet()

    # -- supply -------------------------------------------------------------------------

    def draw_fragment(self) -> str | None:
        if not self.bag:
            self.bag, self.beside = sorted(self.beside), []
        if not self.bag:
            return None
        return self.bag.pop(self.rng_bag.below(len(self.bag)))

    def draw_blueprint(self, unseen: bool) -> Blueprint | None:
        return self.blueprints.pop() if self.blueprints else None

    def reveal_planet(self) -> None:
        if not self.planet_deck:
            return
        needs, spaces = self.planet_deck.pop()
        fragments = [f for f in (self.draw_fragment() for _ in range(spaces)) if f]
        self.planets.append((needs, fragments))

    # -- turns --------------------------------------------------------------------------

    def bot_turn(self) -> None:  # afternova.rules.bot.turn
        colour = self.draw_fragment()
        if colour is None:
            return
        for step in self.rules.place(self.bot, colour, self.draw_blueprint):
            self.fired[step.what] += 1
        self.bot.discarded, self.beside = [], self.beside + self.bot.discarded

    def human_turn(self, human: Human) -> None:
        choice = self.best_planet(human)
        if choice is None:
            self.market(human)
        else:
            self.extract(human, *choice)
        self.complete_blueprints(human)

    def best_planet(self, human: Human) -> tuple[int, list[tuple[str, ...]], list[str]] | None:
        """The Planet worth most to this human: Fragments its Blueprints need, then any."""
        wanted = _wanted(human)
        best: tuple[int, list[tuple[str, ...]], list[str]] | None = None
        best_value = (0, 0)
        for index, (needs, fragments) in enumerate(self.planets):
            used, missing = _cover(needs, human.paws)
            offers = [colour for colour, _ in self.rules.acceptable(self.bot, fragments)]
            if missing > len(offers) or (self.rules.finished(self.bot) and missing):
                continue
            # pay the Bot with the Fragments this human wants least
            payment = sorted(offers, key=lambda colour: wanted[colour] > 0)[:missing]
            kept = Counter(fragments) - Counter(payment)
            value = (sum((kept & wanted).values()), sum(kept.values()))
            if value > best_value:
                best, best_value = (index, used, payment), value
        return best

    def extract(
        self, human: Human, index: int, used: list[tuple[str, ...]], payment: list[str]
    ) -> None:
        _needs, fragments = self.planets.pop(index)
        for paw in used:
            human.paws.remove(paw)
        if payment:  # afternova.rules.bot.help
            for colour in payment:
                fragments.remove(colour)
            for step in self.rules.help(self.bot, payment, self.draw_blueprint):
                self.fired[step.what] += 1
            self.bot.discarded, self.beside = [], self.beside + self.bot.discarded
        wanted = _wanted(human)
        for colour in sorted(fragments, key=lambda c: wanted[c] <= 0):  # wanted ones first
            if len(human.hold) < human.capacity:
                human.hold.append(colour)
                continue
            spare = next((c for c in human.hold if wanted[c] <= 0), None)
            if wanted[colour] > 0 and spare is not None:  # swap a useless one out
                human.hold.remove(spare)
                human.hold.append(colour)
                colour = spare
            self.beside.append(colour)
            wanted = _wanted(human)
        self.reveal_planet()

    def market(self, human: Human) -> None:
        for _ in range(self.settings.market_draw):
            if self.paws and len(human.paws) < self.settings.hand_limit:
                human.paws.append(self.paws.pop())
        if len(human.hand) < 2:
            drawn = self.draw_blueprint(False)
            if drawn:
                human.hand.append(drawn)

    def complete_blueprints(self, human: Human) -> None:
        for blueprint in list(human.hand):
            if len(human.completed) >= self.rules.settings.max_completed:
                return
            need = Counter(blueprint.cost)
            if not need - Counter(human.hold):
                for colour in blueprint.cost:
                    human.hold.remove(colour)
                    self.beside.append(colour)
                human.hand.remove(blueprint)
                human.completed.append(blueprint)
                drawn = self.draw_blueprint(False)
                if drawn:
                    human.hand.append(drawn)

    def over(self) -> bool:
        limit = self.rules.settings.max_completed
        return self.rules.finished(self.bot) or any(len(h.completed) >= limit for h in self.humans)

    def run(self) -> GameResult:
        rounds = 0
        while rounds < self.settings.max_rounds and not self.over():
            rounds += 1
            self.bot_turn()  # the Bot always plays first (afternova.rules.bot.turn-order)
            self.verify()
            for human in self.humans:
                self.human_turn(human)
                self.verify()
        return GameResult(
            self.rules.score(self.bot),
            [h.score() for h in self.humans],
            rounds,
            self.fired,
            rounds >= self.settings.max_rounds,
        )

    # -- invariants ---------------------------------------------------------------------

    def fragments(self) -> Counter[str]:
        """Every fragment wherever it is: all 40 must always be somewhere."""
        places = (
            self.bag
            + self.beside
            + self.bot.fragments()
            + [c for _, fragments in self.planets for c in fragments]
            + [c for human in self.humans for c in human.hold]
        )
        return Counter(places)

    def verify(self) -> None:
        if not self.check:
            return
        assert self.fragments() == Counter({colour: 8 for colour in COLOURS}), self.fragments()
        assert len(self.bot.hold) < self.bot.capacity
        assert len(self.bot.completed) <= self.rules.settings.max_completed
        for blueprint in self.bot.row:
            assert not Counter(blueprint.covered) - Counter(blueprint.cost)
            assert not blueprint.complete or self.rules.finished(self.bot)
        for human in self.humans:
            assert len(human.hold) <= human.capacity


def _wanted(human: Human) -> Counter[str]:
    """Colours the human's Blueprints in hand still need beyond its Hold."""
    need: Counter[str] = Counter()
    for blueprint in human.hand:
        need |= Counter(blueprint.cost)
    return need - Counter(human.hold)


def _cover(needs: dict[str, int], paws: list[tuple[str, ...]]) -> tuple[list[tuple[str, ...]], int]:
    """Hired Paws to play for a Planet's needs (most useful first) and the icons still missing."""
    remaining = Counter(needs)
    used = []
    for paw in sorted(paws, key=lambda p: -sum(1 for s in p if remaining[s] > 0)):
        if not +remaining:
            break
        if any(remaining[skill] > 0 for skill in paw):
            used.append(paw)
            remaining.subtract(paw)
    return used, sum(v for v in remaining.values() if v > 0)


@dataclass
class Summary:
    games: int
    bot_scores: list[int]
    human_scores: list[int]
    rounds: list[int]
    fired: Counter[str]
    stopped: int
    bot_wins: int

    def as_dict(self) -> dict[str, Any]:
        def describe(values: list[int]) -> dict[str, float]:
            return {
                "mean": round(statistics.fmean(values), 2),
                "median": float(statistics.median(values)),
                "stdev": round(statistics.pstdev(values), 2),
                "min": float(min(values)),
                "max": float(max(values)),
            }

        return {
            "games": self.games,
            "bot_score": describe(self.bot_scores),
            "human_score": describe(self.human_scores),
            "rounds": describe(self.rounds),
            "bot_win_rate": round(self.bot_wins / self.games, 3),
            "stopped_at_round_limit": self.stopped,
            "rules_fired_per_game": {
                k: round(v / self.games, 2) for k, v in sorted(self.fired.items())
            },
        }


def simulate(game: Game, games: int, seed: int, check: bool = False) -> Summary:
    """Play `games` whole games, game i with seed (seed + i)."""
    decks = Decks.from_game(game)
    rules = BotRules.from_content(game.automa)
    if not isinstance(game.automa, AfternovaAutoma):
        raise ValueError(f"{game.id} has no Afternova Bot data")
    settings = game.automa.baseline
    summary = Summary(games, [], [], [], Counter(), 0, 0)
    for number in range(games):
        result = Simulation(decks, rules, settings, seed + number, check).run()
        summary.bot_scores.append(result.bot["total"])
        summary.human_scores.extend(result.humans)
        summary.rounds.append(result.rounds)
        summary.fired.update(result.fired)
        summary.stopped += result.stopped
        # ties go to the later seat, so the Bot (first) wins only when strictly ahead
        summary.bot_wins += result.bot["total"] > max(result.humans)
    return summary
