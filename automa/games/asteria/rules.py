"""Asteria as a model for the solo automaton: the kit's cards, the table, the rules, and the
automaton's decisions as pure functions.

The real rules are `asteria.rules.*` (content/asteria/rules.yaml); the automaton's design is
`asteria.rules.solo.*` (our prototype). Cards come from the kit's prototype data (cards-action.yaml,
cards-planet.yaml): costs, strengths, Extract yields and planet tracks are read as printed; each
side's effect text (in the source language) is read into an `Effect` by `read_effect` (the effects
it cannot model are listed in `UNMODELLED`). Nothing here asks, draws or prints:
`automa.games.asteria.game` runs the turns, at the table or simulated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ACTIONS = ("exploit", "expand", "explore", "exterminate")
ENERGY, ORE = 0, 1
CAP = 12  # asteria.rules.concepts.resources
HAND = 3  # asteria.rules.turn.conflict-maintenance.maintenance
MAX_OPEN = 3  # asteria.rules.concepts.planet-cards
UNSEEN = 0
"""A face-down card of the automaton's reserve, at the table, whose mark nobody has said:
it is asked only when a conflict reinforces from the reserve (asteria.rules.solo.conflict).
Planet cards are numbered from 1."""
MARKERS = 3
AREA_EXPAND = 3  # asteria.rules.turn.actions.expand
WIN_POINTS = 3  # asteria.rules.objective
POINTS = {"military": 3, "exploration": 2, "technology": 2, "economic": 1}
BOT, YOU = "automaton", "player"

RULE_SETUP = "asteria.rules.solo.setup"
RULE_TURN = "asteria.rules.solo.turn"
RULE_PLANET = "asteria.rules.solo.turn.planet"
RULE_CARD = "asteria.rules.solo.turn.card"
RULE_ACTIONS = "asteria.rules.solo.actions"
RULE_CONFLICT = "asteria.rules.solo.conflict"
RULE_MAINTENANCE = "asteria.rules.solo.maintenance"
RULE_END = "asteria.rules.solo.end"
RULE_LEVELS = "asteria.rules.solo.levels"
RULE_INCOME = "asteria.rules.turn.income"
RULE_MARKER = "asteria.rules.turn.actions.expansion-marker"
RULE_OUTCOME = "asteria.rules.conflict.outcome"
RULE_ACHIEVE = "asteria.rules.objective"
RULE_PRIORITY = "asteria.rules.objective.priority"

Pair = tuple[int, int]


# -- cards ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """What one side of an Action card does, as far as the model plays it."""

    gain: Pair = (0, 0)
    draw: int = 0
    take: int = 0
    reveal: int = 0
    exchange: tuple[int, int, int, int] = (0, 0, 0, 0)  # pay energy, ore; get energy, ore
    opp_loses: Pair = (0, 0)
    opp_discard: int = 0
    destroy: str = ""  # "free" or "exploit": an opponent's card on this planet
    advance: int = 0
    strength: int = 0  # in the conflict of its planet
    if_initiator: int = 0
    opp_minus: int = 0
    per_exterminate: int = 0
    every_conflict: int = 0  # while on a planet or in the area
    win_gain: Pair = (0, 0)
    win_take: int = 0
    lose_draw: int = 0
    tie_win: bool = False
    blocks_reinforce: bool = False
    income: Pair = (0, 0)
    income_draw: int = 0
    income_if_planets: Pair = (0, 0)  # with 2+ planets in hand
    modelled: bool = True


@dataclass(frozen=True, slots=True)
class ActionCard:
    number: int
    cost: Pair
    strength: tuple[int, int, int, int]  # by ACTIONS
    effects: tuple[Effect, Effect, Effect, Effect]

    def side(self, action: str) -> Effect:
        return self.effects[ACTIONS.index(action)]

    def power(self, action: str) -> int:
        return self.strength[ACTIONS.index(action)]


@dataclass(frozen=True, slots=True)
class PlanetCard:
    number: int
    strength: int
    bottom: tuple[Pair, ...]  # advance spaces of the bottom half, from its edge inward
    top: tuple[Pair, ...]

    def half(self, which: int) -> Pair:
        """All resources of one half (0: bottom, 1: top): the free action's gain."""
        spaces = self.top if which else self.bottom
        return (sum(s[0] for s in spaces), sum(s[1] for s in spaces))


def resources(text: str) -> Pair:
    """'+1 :energy: +1 :ore:', ':energy: :ore:', '2 :energy: 1 :ore:' as (energy, ore)."""
    energy = ore = 0
    for amount, icon in re.findall(r"(\d*)\s*:(energy|ore):", text):
        count = int(amount) if amount else 1
        if icon == "energy":
            energy += count
        else:
            ore += count
    return energy, ore


_IMMEDIATE_PARTS = re.compile(
    r"(:take-planet:|:draw-action:|:reveal-planet:|\+\d :energy:|\+\d :ore:| e |\s)"
)
UNMODELLED = (
    ":rotate-",
    "custo",
    "4 cartas",
    "Ao baixar",
    "Ao dominar",
    "Ao pegar",
    "Se for destruída",
    "volta para a sua mão",
    "não leva",
    "até 2 Cartas",
)
"""Effect texts the model does not play (rotating cards, cost cuts, triggered gains…): the
card's strength and cost still count. README: the simulation model."""


def read_effect(action: str, text: str) -> Effect:
    """One side's printed effect (source language) as an `Effect`; unknown text: ValueError."""
    text = text.strip().rstrip(".")
    if action == "exploit":
        return Effect(gain=resources(text))
    if any(marker in text for marker in UNMODELLED):
        return Effect(modelled=False)
    kind, _, rest = text.partition(" ")
    if kind == ":immediate:":
        return _immediate(rest)
    if kind == ":conflict:":
        return _conflict(rest)
    if kind == ":continuous:":
        return _continuous(rest)
    raise ValueError(f"unknown effect: {text!r}")


def _immediate(rest: str) -> Effect:
    if _IMMEDIATE_PARTS.sub("", rest) == "":
        return Effect(
            gain=resources(rest.replace(":take-planet:", "")),
            draw=rest.count(":draw-action:"),
            take=rest.count(":take-planet:"),
            reveal=rest.count(":reveal-planet:"),
        )
    if match := re.fullmatch(r"Troque 2 :(\w+): :exchange: 4 :\w+:", rest):
        return Effect(exchange=(2, 0, 0, 4) if match.group(1) == "energy" else (0, 2, 4, 0))
    if rest.startswith("Olhe os 3 planetas"):
        return Effect(take=1)  # keeping the best of three is modelled as taking the top one
    if rest.startswith("O :opponent: perde"):
        return Effect(opp_loses=resources(rest.split("perde", 1)[1]))
    if rest.startswith("O :opponent: descarta 1"):
        return Effect(opp_discard=1)
    if rest.startswith("Destrua a carta livre"):
        return Effect(destroy="free")
    if rest.startswith("Destrua 1 carta :exploit:"):
        return Effect(destroy="exploit")
    if rest.startswith("Avance seu marcador"):
        return Effect(advance=1)
    raise ValueError(f"unknown immediate effect: {rest!r}")


def _conflict(rest: str) -> Effect:
    if match := re.fullmatch(r"\+(\d) :strength:(?: no conflito deste planeta)?", rest):
        return Effect(strength=int(match.group(1)))
    if match := re.fullmatch(r"\+(\d) :strength: se você iniciou o conflito", rest):
        return Effect(if_initiator=int(match.group(1)))
    if match := re.fullmatch(r"\+(\d) :strength: em todo conflito seu", rest):
        return Effect(every_conflict=int(match.group(1)))
    if match := re.fullmatch(r"\+(\d) :strength: por carta :exterminate: sua neste planeta", rest):
        return Effect(per_exterminate=int(match.group(1)))
    if match := re.fullmatch(r":opponent: -(\d) :strength:(?: no conflito deste planeta)?", rest):
        return Effect(opp_minus=int(match.group(1)))
    if rest.startswith("Se vencer, :take-planet:"):
        return Effect(win_take=1)
    if rest.startswith("Se vencer,"):
        return Effect(win_gain=resources(rest))
    if rest.startswith("Se perder, :draw-action:"):
        return Effect(lose_draw=rest.count(":draw-action:"))
    if rest.startswith("Empate"):
        return Effect(tie_win=True)
    if rest.startswith("O reforço com Carta de Planeta"):
        return Effect(blocks_reinforce=True)
    raise ValueError(f"unknown conflict effect: {rest!r}")


def _continuous(rest: str) -> Effect:
    if match := re.fullmatch(r"Na Etapa 1, se tiver 2\+ planetas na mão, (.*)", rest):
        return Effect(income_if_planets=resources(match.group(1)))
    if rest == "Na Etapa 1, :draw-action:":
        return Effect(income_draw=1)
    if rest.startswith("Na Etapa 1,"):
        return Effect(income=resources(rest))
    if rest.startswith("Ao vencer um conflito"):
        return Effect(win_gain=resources(rest))
    if rest.startswith("Ao perder um conflito"):
        return Effect(lose_draw=rest.count(":draw-action:"))
    raise ValueError(f"unknown continuous effect: {rest!r}")


# -- the table ------------------------------------------------------------------------------


@dataclass(slots=True)
class Side:
    """One player's things: resources, hand (the automaton's: its face-up row), area."""

    energy: int = 2
    ore: int = 2
    hand: list[int] = field(default_factory=list)  # Action card numbers
    planets: list[int] = field(default_factory=list)  # Planet cards in hand (its reserve; UNSEEN)
    area: list[int] = field(default_factory=list)  # Expand cards in the play area
    dominated: list[int] = field(default_factory=list)
    achieved: list[str] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(POINTS[name] for name in self.achieved)

    def gain(self, energy: int, ore: int) -> None:
        self.energy = max(0, min(CAP, self.energy + energy))
        self.ore = max(0, min(CAP, self.ore + ore))

    def can_pay(self, cost: Pair) -> bool:
        return self.energy >= cost[0] and self.ore >= cost[1]


@dataclass(slots=True)
class Planet:
    """An open planet: its track from your edge (index 0) to the automaton's edge, the
    markers on it and each side's cards (number, active action), the newest last."""

    card: int
    track: tuple[Pair, ...]
    marker: dict[str, int | None] = field(default_factory=lambda: {YOU: None, BOT: None})
    cards: dict[str, list[tuple[int, str]]] = field(default_factory=lambda: {YOU: [], BOT: []})
    initiator: str | None = None  # who made the markers meet this turn

    def entry(self, who: str) -> int:
        return 0 if who == YOU else len(self.track) - 1

    def step(self, who: str) -> int:
        return 1 if who == YOU else -1

    def next_space(self, who: str) -> int | None:
        """The space its marker would reach, None when it cannot move (edge or marker)."""
        here = self.marker[who]
        target = self.entry(who) if here is None else here + self.step(who)
        if not 0 <= target < len(self.track):
            return None
        return target

    def gap(self) -> int | None:
        """Empty spaces between the two markers (None: one of them is not here)."""
        mine, yours = self.marker[BOT], self.marker[YOU]
        if mine is None or yours is None:
            return None
        return mine - yours - 1


def track(planet: PlanetCard, bottom_to_bot: bool) -> tuple[Pair, ...]:
    """The advance spaces from your edge to the automaton's
    (asteria.rules.concepts.planet-cards)."""
    yours, mine = (planet.top, planet.bottom) if bottom_to_bot else (planet.bottom, planet.top)
    return tuple(yours) + tuple(reversed(mine))


def move_marker(planet: Planet, who: str, other: str) -> Pair:
    """Place or advance `who`'s marker (asteria.rules.turn.actions.expansion-marker) and
    return the resources of the space reached. A marker never enters the other's space:
    trying to is meeting it (asteria.rules.conflict), and `who` starts that conflict."""
    target = planet.next_space(who)
    if target is None:
        return (0, 0)
    if planet.marker[other] == target:
        planet.initiator = planet.initiator or who
        return (0, 0)
    planet.marker[who] = target
    return planet.track[target]


# -- the automaton's decisions (pure functions of what it sees) -----------------------------


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision card: where it plays (planet priorities), what (action priorities), how
    many cards (asteria.rules.solo.turn)."""

    number: int
    planets: tuple[str, ...]
    actions: tuple[str, ...]
    plays: int


PLANET_RULES = ("contact", "rich", "held", "new")


def planet_order(planets: list[Planet], priorities: tuple[str, ...]) -> list[int]:
    """Open planets in the order the automaton plays them (asteria.rules.solo.turn.planet):
    the card's first priority that picks a planet, then its second, then the leftmost;
    ties between planets go to the leftmost. `contact`: the planet where your marker is
    nearest its own (or where only yours is); `rich`: the most resources on its next space;
    `held`: where it has most cards; `new`: the rightmost (newest)."""
    order: list[int] = []
    left = list(range(len(planets)))
    for rule in (*priorities, "left"):
        while left:
            best = _best(planets, left, rule)
            if best is None:
                break
            order.append(best)
            left.remove(best)
    return order


def _best(planets: list[Planet], left: list[int], rule: str) -> int | None:
    scores: dict[int, float] = {}
    for index in left:
        planet = planets[index]
        if rule == "contact" and planet.marker[YOU] is not None:
            gap = planet.gap()
            scores[index] = -(gap if gap is not None else len(planet.track))
        elif rule == "rich":
            target = planet.next_space(BOT)
            if target is not None and sum(planet.track[target]) > 0:
                scores[index] = sum(planet.track[target])
        elif rule == "held" and planet.cards[BOT]:
            scores[index] = len(planet.cards[BOT])
        elif rule == "new":
            scores[index] = index
        elif rule == "left":
            scores[index] = -index
    if not scores:
        return None
    top = max(scores.values())
    return min(index for index, score in scores.items() if score == top)


def pick_card(
    row: list[int], cards: dict[int, ActionCard], action: str, side: Side, cut: int = 0
) -> int | None:
    """The row card it plays for `action` (asteria.rules.solo.turn.card): Extract, the
    biggest yield, then the most strength; any other action, the most strength among those
    it can pay, then the cheapest; last tie, the lowest card number. None: none fits."""
    best: tuple[int, int, int] | None = None
    chosen = None
    for number in row:
        card = cards[number]
        if action == "exploit":
            key = (sum(card.side(action).gain), card.power(action), -number)
        else:
            if not side.can_pay(discounted(card.cost, cut)):
                continue
            key = (card.power(action), -sum(card.cost), -number)
        if best is None or key > best:
            best, chosen = key, number
    return chosen


def discounted(cost: Pair, cut: int) -> Pair:
    return cost if not cut else (max(0, cost[0] - cut), max(0, cost[1] - cut))


def choose_play(
    row: list[int], cards: dict[int, ActionCard], actions: tuple[str, ...], side: Side
) -> tuple[int, str] | None:
    """The first action of the card's list it can do with a row card, Extract last of all."""
    for action in (*actions, *(() if "exploit" in actions else ("exploit",))):
        number = pick_card(row, cards, action, side)
        if number is not None:
            return number, action
    return None


def reinforcement(reserve: list[int], planets: dict[int, PlanetCard]) -> int | None:
    """Its strongest Planet card in reserve (ties: the lowest number), or None."""
    if not reserve:
        return None
    return max(reserve, key=lambda number: (planets[number].strength, -number))


def richer_half(planet: PlanetCard) -> bool:
    """Whether it turns the bottom half toward itself: the half with more resources (ties:
    the bottom one)."""
    return sum(planet.half(0)) >= sum(planet.half(1))


def economic_ready(side: Side) -> bool:
    """asteria.rules.objective.economic: 5 cards in hand and 8 of each resource."""
    return (
        "economic" not in side.achieved
        and len(side.hand) + len(side.planets) >= 5
        and side.energy >= 8
        and side.ore >= 8
    )


def exploration_ready(side: Side, open_planets: int) -> bool:
    return (
        "exploration" not in side.achieved and len(side.planets) >= 2 and open_planets == MAX_OPEN
    )


def technology_ready(side: Side, who: str, planets: list[Planet], limit: int = AREA_EXPAND) -> bool:
    if "technology" in side.achieved or len(side.area) < limit or not planets:
        return False
    return all(any(a == "expand" for _n, a in p.cards[who]) for p in planets)
