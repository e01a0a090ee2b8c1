"""Afternova's 2-player Bot: its state and its rules, as plain functions over that state.

Nothing here reads input, prints or draws at random: every chance outcome (a fragment from the bag,
a Blueprint from the deck) is passed in, and every rule returns the steps it took, each citing the
rule id it follows. The session (`automa.engine.session`) decides where outcomes come from
(the table, the program's own bag, or a saved log) and how steps are shown.

    >>> from starpress.automa.games.afternova.rules import Blueprint, Bot, BotRules
    >>> rules = BotRules.default()
    >>> bot = Bot(capacity=4, objective=("black", "white"))
    >>> for card in ("b1", "b2", "b3"):
    ...     bot.row.append(Blueprint(card, ("orange", "green"), vp=3))
    >>> [step.rule for step in rules.place(bot, "orange", draw=lambda unseen: None)]
    ['afternova.rules.bot.placement']
    >>> bot.row[0].covered
    ['orange']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # read at build time only
    from starpress.core.model import Automa


COLOURS = ("purple", "green", "black", "white", "orange")

RULE_PLACEMENT = "afternova.rules.bot.placement"
RULE_HOLD = "afternova.rules.bot.hold-overflow"
RULE_COMPLETION = "afternova.rules.bot.completion"
RULE_HELP = "afternova.rules.bot.help"
RULE_END = "afternova.rules.bot.end"
RULE_SCORING = "afternova.rules.bot.scoring"
RULE_TURN = "afternova.rules.bot.turn"
RULE_SETUP = "afternova.rules.bot.setup"
RULE_TIE_BREAK = "afternova.rules.bot.tie-break"
RULE_END_SCORING = "afternova.rules.end.scoring"
RULE_SOLO_SETUP = "afternova.rules.solo.setup"
RULE_SOLO_TURN = "afternova.rules.solo.turn"
RULE_SOLO_LEVELS = "afternova.rules.solo.levels"
RULE_SOLO_SCORING = "afternova.rules.solo.scoring"
RULING_FACEDOWN = "afternova.clarification.bot-facedown-blueprints"
RULING_OBJECTIVE = "afternova.clarification.secret-objective-icons"


@dataclass(frozen=True)
class BotSettings:
    """`automa.bot` in content/afternova/automa.yaml (checked there by its model)."""

    row_size: int = 3
    placement: str = "leftmost"
    max_completed: int = 6
    fragment_vp: int = 1
    objective_vp_per_icon: int = 1
    facedown_count_toward_end: bool = True
    icons_per_fragment: int = (
        1  # skill icons one paid Fragment buys (afternova.rules.solo.negotiation)
    )


def fragment_colours(icons: list[str]) -> tuple[str, ...]:
    """The colours of the Fragment icons among some icon ids (`fragment-orange` -> orange)."""
    return tuple(icon.removeprefix("fragment-") for icon in icons if icon.startswith("fragment-"))


@dataclass
class Blueprint:
    """A Blueprint: the fragment colours its cost asks for, its VP, what covers it."""

    card: str
    cost: tuple[str, ...]
    vp: int
    covered: list[str] = field(default_factory=list)
    seen: bool = True
    """False for a Blueprint taken blind at the table: its cost and VP are not known yet."""

    def free(self) -> Counter[str]:
        """The cost icons not covered yet, by colour (in the order of the cost)."""
        free = Counter(self.cost)
        for colour in self.covered:
            free[colour] -= 1
        return +free

    def accepts(self, colour: str) -> bool:
        # counted directly: the simulation asks this for every fragment of every Planet
        return self.cost.count(colour) > self.covered.count(colour)

    @property
    def complete(self) -> bool:
        # every covering Fragment fits a free icon (`accepts`), so counting is enough
        return len(self.covered) >= len(self.cost)


@dataclass
class Completed:
    """A Blueprint under the Bot's Starship; `unseen` if it was taken blind (hold overflow)."""

    card: str
    cost: tuple[str, ...] | None
    vp: int | None
    unseen: bool


@dataclass
class Bot:
    """Everything on the table that belongs to the Bot."""

    capacity: int
    objective: tuple[str, ...] | None = None
    starship: str = ""
    row: list[Blueprint] = field(default_factory=list)
    hold: list[str] = field(default_factory=list)
    completed: list[Completed] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)  # fragments it put beside the bag

    def fragments(self) -> list[str]:
        """Every fragment the Bot holds: in its hold and on its Blueprints."""
        return self.hold + [colour for blueprint in self.row for colour in blueprint.covered]


@dataclass(frozen=True)
class Step:
    """One thing the Bot did: a message id with its values, and the rule it follows."""

    what: str
    rule: str
    values: dict[str, Any] = field(default_factory=dict)


DrawBlueprint = Callable[[bool], Blueprint | None]
"""The next Blueprint of the deck; the argument says it goes under the Starship unseen."""

Drawing = Generator[bool, Blueprint | None, list[Step]]
"""A procedure that needs Blueprints from the deck: it yields `unseen` for each one it draws, is
sent the Blueprint (None: the deck is empty), and returns the steps it took. A game script passes
the requests on as decisions (`automa.engine.state`); `drawn_with` answers them with a
function."""


def drawn_with(procedure: Drawing, draw: DrawBlueprint) -> list[Step]:
    """Run a procedure, each Blueprint it needs given by `draw`."""
    try:
        unseen = next(procedure)
        while True:
            unseen = procedure.send(draw(unseen))
    except StopIteration as stop:
        steps: list[Step] = stop.value
        return steps


@dataclass(frozen=True)
class BotRules:
    """The Bot's procedures, parameterised by its settings."""

    settings: BotSettings

    @classmethod
    def default(cls) -> BotRules:
        return cls(BotSettings())

    @classmethod
    def from_content(cls, automa: Automa | None) -> BotRules:
        from starpress.automa.games.afternova.data import AfternovaAutoma

        if not isinstance(automa, AfternovaAutoma):
            return cls.default()
        return cls(BotSettings(**automa.bot.model_dump()))

    # afternova.rules.bot.placement
    def target(self, bot: Bot, colour: str) -> int | None:
        """The Blueprint (index in the row) a fragment of this colour would go to."""
        candidates = [index for index, blueprint in enumerate(bot.row) if blueprint.accepts(colour)]
        if not candidates:
            return None
        return candidates[0] if self.settings.placement == "leftmost" else candidates[-1]

    def place(self, bot: Bot, colour: str, draw: DrawBlueprint) -> list[Step]:
        """Put a fragment the Bot received where its rules say, and what follows from it."""
        return drawn_with(self.placing(bot, colour), draw)

    def placing(self, bot: Bot, colour: str, steps: list[Step] | None = None) -> Drawing:
        """`place`, asking for each Blueprint it draws; the steps taken so far are in
        `steps` (when given) before each request, so a game can say them first."""
        steps = [] if steps is None else steps
        index = self.target(bot, colour)
        if index is None:
            bot.hold.append(colour)
            steps.append(
                Step(
                    "to_hold",
                    RULE_PLACEMENT,
                    {"colour": colour, "hold": len(bot.hold), "capacity": bot.capacity},
                )
            )
            if len(bot.hold) >= bot.capacity:
                yield from self.overflow(bot, steps)
            return steps
        blueprint = bot.row[index]
        blueprint.covered.append(colour)
        steps.append(
            Step(
                "to_blueprint",
                RULE_PLACEMENT,
                {"colour": colour, "position": index + 1, "card": blueprint.card},
            )
        )
        # the Bot never goes past its last Blueprint: after that, covered icons are just
        # fragments that score at the end (afternova.rules.bot.end)
        if blueprint.complete and not self.finished(bot):
            yield from self.complete(bot, index, steps)
        return steps

    # afternova.rules.bot.hold-overflow
    def overflow(self, bot: Bot, steps: list[Step]) -> Drawing:
        emptied = list(bot.hold)
        bot.discarded += emptied
        bot.hold.clear()
        steps.append(Step("hold_full", RULE_HOLD, {"fragments": emptied}))
        if self.finished(bot):
            return steps
        unseen = yield True
        if unseen is not None:  # its VP and cost, when nobody saw it, are asked at the end
            cost, vp = (unseen.cost, unseen.vp) if unseen.seen else (None, None)
            bot.completed.append(Completed(unseen.card, cost, vp, unseen=True))
            steps.append(
                Step(
                    "blind_blueprint",
                    RULE_HOLD,
                    {"completed": len(bot.completed), "ruling": RULING_FACEDOWN},
                )
            )
        return steps

    # afternova.rules.bot.completion
    def complete(self, bot: Bot, index: int, steps: list[Step]) -> Drawing:
        blueprint = bot.row.pop(index)
        bot.discarded += blueprint.covered
        bot.completed.append(Completed(blueprint.card, blueprint.cost, blueprint.vp, unseen=False))
        steps.append(
            Step(
                "completed",
                RULE_COMPLETION,
                {"card": blueprint.card, "vp": blueprint.vp, "completed": len(bot.completed)},
            )
        )
        if self.finished(bot):
            return steps
        new = yield False
        if new is None:
            return steps
        bot.row.append(new)
        steps.append(
            Step(
                "new_blueprint",
                RULE_COMPLETION,
                {"card": new.card, "position": len(bot.row), "cost": list(new.cost), "vp": new.vp},
            )
        )
        moved = []
        for colour in list(bot.hold):
            if new.accepts(colour):
                bot.hold.remove(colour)
                new.covered.append(colour)
                moved.append(colour)
        if moved:
            steps.append(
                Step("hold_to_blueprint", RULE_COMPLETION, {"fragments": moved, "card": new.card})
            )
        if new.complete:
            yield from self.complete(bot, len(bot.row) - 1, steps)
        return steps

    def finished(self, bot: Bot) -> bool:
        """The Bot has its last Blueprint (afternova.rules.bot.end)."""
        return len(bot.completed) >= self.settings.max_completed

    # afternova.rules.bot.help
    def acceptable(self, bot: Bot, planet: list[str]) -> list[tuple[str, int]]:
        """Which of a planet's fragments the Bot would take as payment, and where each goes.

        Payments are placed one after the other, so two fragments of one colour are both
        acceptable only if the Bot's Blueprints have two free icons of that colour.
        """
        return self.taken(self.free_icons(bot), planet)

    @staticmethod
    def free_icons(bot: Bot) -> list[dict[str, int]]:
        """The free icons of the Bot's row, per Blueprint and colour (plain counting: the
        simulation asks `acceptable` for every Planet of every turn)."""
        return [{c: b.cost.count(c) - b.covered.count(c) for c in set(b.cost)} for b in bot.row]

    @staticmethod
    def taken(free: list[dict[str, int]], planet: list[str]) -> list[tuple[str, int]]:
        """`acceptable` given the row's `free_icons` (left untouched)."""
        left = [dict(icons) for icons in free]
        taken: list[tuple[str, int]] = []
        for colour in planet:
            index = next((i for i, icons in enumerate(left) if icons.get(colour, 0) > 0), -1)
            if index >= 0:
                left[index][colour] -= 1
                taken.append((colour, index + 1))
        return taken

    def help(self, bot: Bot, payment: list[str], draw: DrawBlueprint) -> list[Step]:
        """The Bot gives one skill icon per fragment paid, each placed by the usual rule."""
        self.check_payment(bot, payment)
        return drawn_with(self.helping(bot, payment), draw)

    def check_payment(self, bot: Bot, payment: list[str]) -> None:
        """A ValueError naming what the Bot cannot take (afternova.rules.bot.help)."""
        acceptable = Counter(colour for colour, _ in self.acceptable(bot, payment))
        refused = Counter(payment) - acceptable
        if refused:
            raise ValueError(
                f"the Bot cannot take {', '.join(sorted(refused.elements()))}: "
                "no free icon of that colour on its Blueprints"
            )

    def helping(self, bot: Bot, payment: list[str], steps: list[Step] | None = None) -> Drawing:
        """`help` (its payment checked), asking for each Blueprint it draws (the steps so
        far in `steps`, as `placing` keeps them)."""
        steps = [] if steps is None else steps
        icons = len(payment) * self.settings.icons_per_fragment
        steps.append(Step("helps", RULE_HELP, {"icons": icons, "payment": payment}))
        for colour in payment:
            yield from self.placing(bot, colour, steps)
        return steps

    # afternova.rules.bot.scoring
    def score(self, bot: Bot) -> dict[str, int]:
        """The Bot's final score by part (every completed Blueprint must be known)."""
        blueprints = sum(done.vp or 0 for done in bot.completed)
        objective = 0
        if bot.objective:
            for done in bot.completed:
                objective += sum(1 for colour in done.cost or () if colour in bot.objective)
            objective *= self.settings.objective_vp_per_icon
        fragments = len(bot.fragments()) * self.settings.fragment_vp
        return {
            "blueprints": blueprints,
            "objective": objective,
            "fragments": fragments,
            "total": blueprints + objective + fragments,
        }
