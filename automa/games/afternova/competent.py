"""Afternova's competent modelled human (`--seats competent`): plans with a full hand.

It plays the real Market (`AfternovaGame.face_up_market`: 3 of the 8 face-up cards, hand limit 8)
and sees what a person at the table sees. Its turn, one look ahead like the greedy player
(`automa.games.afternova.greedy`) but valued as a person who plans a few turns:

* **Extract** from the Planet whose result is worth most: Victory Points it can then
  complete (its Blueprints' points and its Starship's objective icons) count 4 each, every
  Fragment still wanted by a Blueprint in hand 1.5, any other kept Fragment 0.25; each
  Fragment paid to the Bot costs 0.75 (it speeds the Bot up) and each Hired Paw played 0.4.
* **Market** when no Planet is worth 1.5 (one wanted Fragment) or more: take the 3 cards
  that help most — Blueprints by points per Fragment still missing (objective colours
  count), preferring ones the Hold and the face-up Planets already pay, up to 3 in hand;
  Hired Paws by the skill icons the face-up Planets need that its hand lacks.

The weights were chosen by hand and checked by simulation (README: the solo win rates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starpress.automa.games.afternova.humans import pays
from starpress.automa.games.afternova.rules import Blueprint

if TYPE_CHECKING:
    from starpress.automa.games.afternova.game import AfternovaGame
    from starpress.automa.games.afternova.humans import Human

POINT, WANTED, KEPT, PAID, PAW = 4.0, 1.5, 0.25, 3.0, 0.4
BLUEPRINTS_IN_HAND = 2
COST = 0.3


def competent_turn(game: AfternovaGame, seat: str, legal: tuple[str, ...]) -> str:
    """The Planet worth most to the human in `seat`, or the Market if none is worth much."""
    human = next(h for h in game.humans if h.seat == seat)
    best, best_value = "market", WANTED - 0.01
    for action in legal:
        if action == "market":
            continue
        index = int(action.removeprefix("planet-")) - 1
        used, payment, _value = game.offered[index]
        hold = game.trial_hold(human, index)
        value = hold_value(human, hold, game.human_limit) - PAID * len(payment) - PAW * len(used)
        if value > best_value:
            best, best_value = action, value
    return best


def hold_value(human: Human, hold: list[str], limit: int) -> float:
    """What a Hold is worth to the human: points it completes, then Fragments wanted."""
    left = list(hold)
    points = 0
    room = limit - len(human.completed)
    remaining = []
    for blueprint in sorted(human.hand, key=lambda b: -worth(human, b)):
        if room > 0 and pays(left, blueprint.cost):
            for colour in blueprint.cost:
                left.remove(colour)
            points += worth(human, blueprint)
            room -= 1
        else:
            remaining.append(blueprint)
    need: dict[str, int] = {}
    for blueprint in remaining:
        for colour in set(blueprint.cost):
            need[colour] = max(need.get(colour, 0), blueprint.cost.count(colour))
    wanted = sum(min(count, left.count(colour)) for colour, count in need.items())
    return POINT * points + WANTED * wanted + KEPT * len(left)


def worth(human: Human, blueprint: Blueprint) -> int:
    """A Blueprint's points to this human: printed VP plus its objective icons."""
    return blueprint.vp + sum(1 for colour in blueprint.cost if colour in human.objective)


def competent_market(game: AfternovaGame, seat: str, legal: tuple[str, ...]) -> str:
    """The 3 face-up cards (`p1`… Hired Paws, `b1`… Blueprints) that help the human most."""
    human = next(h for h in game.humans if h.seat == seat)
    size = len(legal[0].split()) if legal and legal[0] else 0
    on_planets = [c for _needs, fragments in game.planets for c in fragments]
    scores: dict[str, float] = {}
    for number, drawn in enumerate(game.market_blueprints, 1):
        original = game.catalogue.blueprints[drawn]
        missing = list(original.cost)
        for colour in human.hold + on_planets:
            if colour in missing:
                missing.remove(colour)
        scores[f"b{number}"] = worth(human, original) / (1 + len(missing)) - COST * len(
            original.cost
        )
    needs: dict[str, int] = {}
    for planet_needs, _fragments in game.planets:
        for skill, count in planet_needs.items():
            needs[skill] = needs.get(skill, 0) + count
    for paw in human.paws:
        for skill in paw:
            needs[skill] = needs.get(skill, 0) - 1
    for number, index in enumerate(game.market_paws, 1):
        paw = game.catalogue.paws[index]
        scores[f"p{number}"] = sum(0.6 for skill in paw if needs.get(skill, 0) > 0) + 0.1
    picked: list[str] = []
    blueprints = len(human.hand)
    for card in sorted(scores, key=lambda c: (-scores[c], c)):
        if len(picked) == size:
            break
        if card[0] == "b":
            if blueprints >= BLUEPRINTS_IN_HAND:
                continue
            blueprints += 1
        picked.append(card)
    for card in sorted(scores, key=lambda c: (-scores[c], c)):  # fill with the rest
        if len(picked) < size and card not in picked:
            picked.append(card)
    order = [*(f"p{i}" for i in range(1, 5)), *(f"b{i}" for i in range(1, 5))]
    choice = " ".join(sorted(picked, key=order.index))
    return choice if choice in legal else legal[0]
