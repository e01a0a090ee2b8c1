"""The modelled humans of a whole-table game of Afternova (seats `baseline`, `greedy`,
`competent`): what the program tracks of each, and how their Hold and Hired Paws are counted."""

from __future__ import annotations

from dataclasses import dataclass, field

from starpress.automa.games.afternova.rules import Blueprint


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
        return sum(self.score_parts().values())

    def score_parts(self) -> dict[str, int]:
        """Its score by line of the pad (afternova.rules.end.scoring)."""
        printed = sum(b.vp for b in self.completed)
        objective = sum(1 for b in self.completed for c in b.cost if c in self.objective)
        return {"blueprints": printed, "fragments": len(self.hold), "objective": objective}


def wanted_colours(hand: list[Blueprint], hold: list[str]) -> dict[str, int]:
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
    wanted = wanted_colours(hand, hold)
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
        wanted = wanted_colours(hand, hold)
    return left


def pays(hold: list[str], cost: tuple[str, ...]) -> bool:
    """Whether a Hold holds every Fragment of a cost."""
    return all(cost.count(colour) <= hold.count(colour) for colour in set(cost))


def paws_for(
    needs: dict[str, int], paws: list[tuple[str, ...]]
) -> tuple[list[tuple[str, ...]], int]:
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
