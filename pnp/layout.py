"""Card layouts as data: `templates/cards/<game>.yaml`, read, validated and resolved.

A layout is a list of named boxes (rect, ellipse, line, text, icon) placed in mm (or in, pt,
% of the card) from the top-left corner of the card's trim; a negative length counts back
from the far edge (`x: -20mm` is 20 mm from the right, `w: -8mm` is the width less 8 mm).
`extends` copies another layout; a box of the same name in the child changes only the keys
it sets. The records and the checks of their values are `pnp.boxes`; what a board box
needs, `pnp.boardlayout`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from starpress.core.load import ContentError, Problem, display_path, validation_problems
from starpress.core.model import Game, size_mm
from starpress.core.project import Project
from starpress.core.yamlpos import Located, YamlSyntaxError, load_located
from starpress.pdf.units import MM
from starpress.pnp.boardlayout import board_problems, board_spill
from starpress.pnp.boxes import (
    BOARD_TYPES,
    Box,
    CardTemplates,
    ComponentLayouts,
    Defaults,
    Layout,
    Length,
    box_extent,
    card_size,
    check_templates,
)
from starpress.pnp.limits import LIMITS


@dataclass(frozen=True)
class ResolvedLayout:
    """A layout with `extends` applied: every box complete."""

    name: str
    shape: Literal["rect", "round"]
    size: str | None
    safe: Length
    bleed: Literal["shared", "own"]
    """`own`: the card keeps its bleed on every side and a gap from its neighbours on the
    sheet (cards whose edges carry colours: a cut off the line shows their own colour)."""
    radius: Length
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class Templates:
    """Resolved layouts of one game, and which layouts draw each component."""

    path: Path
    colors: dict[str, str]
    defaults: Defaults
    components: dict[str, ComponentLayouts]
    layouts: dict[str, ResolvedLayout]
    positions: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    """(layout, box) -> line and column of the entry that last sets the box."""

    def position(self, layout: str, box: str) -> tuple[int | None, int | None]:
        """Where a resolved box is written, for messages about it."""
        return self.positions.get((layout, box), (None, None))

    def front(self, component_id: str, layout: str | None = None) -> ResolvedLayout:
        return self.layouts[layout or self.components[component_id].front]

    def back(self, component_id: str) -> ResolvedLayout | None:
        name = self.components[component_id].back
        return self.layouts[name] if name else None


def templates_path(root: Path, game_id: str) -> Path:
    return Project(root).card_layouts(game_id)


def load_templates(root: Path, game: Game) -> Templates:
    """Read and check a game's card layouts; raise ContentError listing every problem."""
    path = templates_path(root, game.id)
    if not path.is_file():
        raise ContentError([Problem(display_path(path), 1, 1, "no card layouts for this game")])
    try:
        located = load_located(path)
    except YamlSyntaxError as error:
        problem = Problem(display_path(path), error.line, error.col, error.message)
        raise ContentError([problem]) from None
    try:
        raw = CardTemplates.model_validate(located.data or {})
    except ValidationError as error:
        raise ContentError(validation_problems(path, located, error)) from None
    checker = _Checker(path, located, raw, game)
    icons = {icon.id for icon in game.icons}
    check_templates(raw, Project(root).game_folder(game.id), icons, checker.report)
    layouts = {name: checker.resolve(name) for name in raw.layouts}
    checker.check_components(layouts)
    if checker.problems:
        raise ContentError(checker.problems)
    return Templates(
        path=path,
        colors=raw.colors,
        defaults=raw.defaults,
        components=raw.components,
        layouts={name: layout for name, layout in layouts.items() if layout is not None},
        positions={
            (name, box.name): checker.box_position(name, box.name)
            for name, layout in layouts.items()
            if layout is not None
            for box in layout.boxes
        },
    )


class _Checker:
    """Resolves `extends` and checks references, collecting every problem."""

    def __init__(self, path: Path, located: Located, raw: CardTemplates, game: Game) -> None:
        self.path = path
        self.located = located
        self.raw = raw
        self.game = game
        self.problems: list[Problem] = []
        self.resolved: dict[str, ResolvedLayout | None] = {}

    def report(self, loc: tuple[str | int, ...], message: str) -> None:
        self.problems.append(
            Problem(display_path(self.path), *self.located.value_pos(loc), message)
        )

    def resolve(self, name: str, seen: tuple[str, ...] = ()) -> ResolvedLayout | None:
        """The layout with its `extends` chain applied; None (reported) if it cannot be."""
        if name not in self.resolved:
            self.resolved[name] = self._resolve(name, seen)
        return self.resolved[name]

    def _resolve(self, name: str, seen: tuple[str, ...]) -> ResolvedLayout | None:
        layout = self.raw.layouts[name]
        if name in seen:
            chain = " -> ".join((*seen[seen.index(name) :], name))
            self.report(("layouts", name, "extends"), f"layout '{name}' extends itself ({chain})")
            return None
        if len(seen) >= LIMITS.layout.extends_depth:
            self.report(
                ("layouts", name, "extends"),
                f"'extends' chain longer than {LIMITS.layout.extends_depth} layouts "
                "(limit in pnp/limits.yaml)",
            )
            return None
        if len(layout.boxes) > LIMITS.layout.boxes:
            return None  # reported with the layout's values
        parent_boxes: tuple[Box, ...] = ()
        inherited: dict[str, object] = {}
        if layout.extends is not None:
            if layout.extends not in self.raw.layouts:
                self.report(("layouts", name, "extends"), f"unknown layout '{layout.extends}'")
                return None
            parent = self.resolve(layout.extends, (*seen, name))
            if parent is None:
                return None
            parent_boxes = parent.boxes
            inherited = {
                "shape": parent.shape,
                "bleed": parent.bleed,
                "size": parent.size,
                "safe": parent.safe,
                "radius": parent.radius,
            }
        boxes = self._merge(name, parent_boxes, layout)
        if len(boxes) > LIMITS.layout.boxes:
            self.report(
                ("layouts", name),
                f"more than {LIMITS.layout.boxes} boxes with inherited ones "
                "(limit in pnp/limits.yaml)",
            )
            return None
        return ResolvedLayout(
            name=name,
            shape=layout.shape or inherited.get("shape", "rect"),  # type: ignore[arg-type]
            size=layout.size or inherited.get("size"),  # type: ignore[arg-type]
            bleed=layout.bleed or inherited.get("bleed", "shared"),  # type: ignore[arg-type]
            safe=_first(layout.safe, inherited.get("safe"), self.raw.defaults.safe),
            radius=_first(layout.radius, inherited.get("radius"), 0),
            boxes=boxes,
        )

    def _merge(self, name: str, parent: tuple[Box, ...], layout: Layout) -> tuple[Box, ...]:
        merged = {box.name: box for box in parent}
        for index, removed in enumerate(layout.remove):
            if merged.pop(removed, None) is None:
                self.report(("layouts", name, "remove", index), f"no box '{removed}' to remove")
        for index, box in enumerate(layout.boxes):
            if box.name in merged:
                changes = box.model_dump(exclude_unset=True)
                merged[box.name] = merged[box.name].model_copy(update=changes)
            else:
                merged[box.name] = box
            if merged[box.name].type is None:
                self.report(("layouts", name, "boxes", index), f"box '{box.name}' needs a type")
        return tuple(merged.values())

    def check_components(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        printed = {card.component for card in self.game.cards}
        for component_id, chosen in self.raw.components.items():
            loc = ("components", component_id)
            if component_id not in {component.id for component in self.game.components}:
                self.report(loc, f"unknown component '{component_id}'")
                continue
            for side in ("front", "back"):
                layout = getattr(chosen, side)
                if layout is not None and layout not in layouts:
                    self.report((*loc, side), f"unknown layout '{layout}'")
        for component_id in sorted(printed - set(self.raw.components)):
            self.report(("components",), f"no layout for the cards of '{component_id}'")
        for card in self.game.cards:
            if card.layout is not None and card.layout not in layouts:
                self.report(
                    ("layouts",), f"card '{card.id}' asks for unknown layout '{card.layout}'"
                )
        self._check_boards(layouts)
        self._check_extents(layouts)

    def _check_boards(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        """Each board box names what it needs: a map of the right grid (or a whole grid of
        its own), a cell size, the terrains it paints, a track's numbers, a legend's grid."""
        for layout in layouts.values():
            if layout is None:
                continue
            boxes = {box.name: box for box in layout.boxes}
            for box in layout.boxes:
                if box.type not in BOARD_TYPES:
                    continue
                for problem_key, message in board_problems(box, self.game, boxes):
                    self.report(self.box_key(layout.name, box.name, problem_key), message)

    def _check_extents(self, layouts: dict[str, ResolvedLayout | None]) -> None:
        """Every box of every printed face has a width and height above zero on its card.

        Runs only on values that passed every other check, so each length parses."""
        if self.problems:
            return
        sizes = {component.id: component.size for component in self.game.components}
        checked: set[tuple[str, str]] = set()
        for card in self.game.cards:
            chosen = self.raw.components.get(card.component)
            front = layouts.get(card.layout or chosen.front) if chosen else None
            if chosen is None or front is None:
                continue
            size = front.size or sizes.get(card.component) or "poker"
            if ("", size) not in checked:
                checked.add(("", size))
                card_size(size, ("components", card.component), self.report)
            if self.problems:
                return
            width, height = size_mm(size)
            back = layouts.get(chosen.back) if chosen.back else None
            for layout in (front, back):
                if layout is None or (layout.name, size) in checked:
                    continue
                checked.add((layout.name, size))
                for box in layout.boxes:
                    if box.type in BOARD_TYPES and box.type != "legend":
                        spill = board_spill(box, self.game, width, height)
                        if spill:
                            self.report(self.box_key(layout.name, box.name), spill)
                    for key, reference in (("w", width), ("h", height)):
                        value = getattr(box, key)
                        if value is None:
                            continue
                        extent = box_extent(value, reference * MM)
                        # a line may be flat (w or h 0); any other box needs an area
                        if extent < 0 or (extent == 0 and box.type != "line"):
                            self.report(
                                self.box_key(layout.name, box.name, key),
                                f"box '{box.name}': {key} {value!r} leaves nothing of a "
                                f"{width:g} x {height:g} mm card",
                            )

    def box_key(self, name: str, box_name: str, key: str | None = None) -> tuple[str | int, ...]:
        """Where in the file the box (or one of its keys) is last set, along `extends`."""
        found: tuple[str | int, ...] = ("layouts", name)
        for _ in range(LIMITS.layout.extends_depth + 1):
            layout = self.raw.layouts.get(name)
            if layout is None:
                break
            for index, box in reversed(list(enumerate(layout.boxes))):
                if box.name == box_name and (key is None or key in box.model_fields_set):
                    return ("layouts", name, "boxes", index) + ((key,) if key else ())
            if layout.extends is None:
                break
            name = layout.extends
        return found

    def box_position(self, name: str, box_name: str) -> tuple[int, int]:
        return self.located.value_pos(self.box_key(name, box_name))


def _first(*values: Length | object | None) -> Length:
    for value in values:
        if value is not None:
            return value  # type: ignore[return-value]
    return 0
