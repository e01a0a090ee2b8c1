"""Asteria's modelled players (your seat in a simulated game): greedy and competent.

Both see what a person at the table sees (the open planets, every card on them, the
automaton's face-up row and its resources, how many Planet cards it holds face down, its
level) and look one play ahead: each legal play (`card:planet:action`) is valued as the
table would be right after it, and the best is played; `end` when none is worth anything.

* **greedy** values what the play brings at once: resources (1 each), Action cards drawn
  (0.5), Planet cards taken (0.5). It does not plan conflicts or achievements.
* **competent** plays for the race to 3 points: resources (0.5, 1 while saving for the
  Economic achievement), a conflict it would win once its marker meets the automaton's
  (10, counting the automaton's strongest possible reserve as 2), strength added where the
  markers are close (1 a point), an Expand card on a planet that has none of its own (4,
  toward Technology), Planet cards while it has fewer than 2 (3, toward Exploration),
  Action cards drawn (0.7); it refuses a conflict it would lose (-6) and does not spend
  cards where the automaton's marker is next to its own unless it fights there.

The weights were chosen by hand and checked by simulation (README: Asteria's win rates).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starpress.automa.games.asteria.rules import BOT, YOU, Planet

if TYPE_CHECKING:
    from starpress.automa.games.asteria.game import AsteriaGame


@dataclass(frozen=True)
class Weights:
    resource: float
    draw: float
    take: float
    win: float = 0.0
    lose: float = 0.0
    strength: float = 0.0
    expand: float = 0.0
    explore: float = 0.0
    saving: float = 0.0


GREEDY = Weights(resource=1.0, draw=0.5, take=0.5)
COMPETENT = Weights(
    resource=0.5, draw=0.7, take=0.6, win=10.0, lose=6.0, strength=1.0, expand=4.0,
    explore=3.0, saving=1.0,
)  # fmt: skip
RESERVE_GUESS = 2
"""What a person expects the automaton's face-down Planet card to add in a conflict."""


def best_play(game: AsteriaGame, legal: tuple[str, ...], weights: Weights) -> str:
    best, best_value = "end", 0.0
    for choice in legal:
        if choice == "end":
            continue
        value = play_value(game, choice, weights)
        if value > best_value:
            best, best_value = choice, value
    return best


def play_value(game: AsteriaGame, choice: str, w: Weights) -> float:
    """The table right after this play, as the modelled player values it."""
    number_text, index_text, action = choice.split(":")
    number, index = int(number_text), int(index_text)
    you = game.sides[YOU]
    planet = game.open[index]
    card = game.p.actions[number]
    effect = card.side(action)
    target = planet.next_space(YOU)
    meets = target is not None and planet.marker[BOT] == target
    energy, ore = planet.track[target] if target is not None and not meets else (0, 0)
    if action == "exploit":
        extra = game.exploit_yield(planet, YOU)
        energy, ore = energy + extra[0] + effect.gain[0], ore + extra[1] + effect.gain[1]
    else:
        energy += effect.gain[0] - card.cost[0]
        ore += effect.gain[1] - card.cost[1]
        pay, get = effect.exchange[:2], effect.exchange[2:]
        if pay != (0, 0) and you.energy + energy >= pay[0] and you.ore + ore >= pay[1]:
            energy += get[0] - pay[0]
            ore += get[1] - pay[1]
    energy = min(12, you.energy + energy) - you.energy
    ore = min(12, you.ore + ore) - you.ore
    saving = w.saving if you.energy + you.ore >= 10 and "economic" not in you.achieved else 0.0
    value = (w.resource + saving) * (energy + ore) + w.draw * effect.draw + w.take * effect.take
    value += w.explore * min(effect.take, max(0, 2 - len(you.planets)))
    if action == "expand" and not any(a == "expand" for _n, a in planet.cards[YOU]):
        value += w.expand
    if w.win or w.lose:
        value += fight_value(
            game, planet, card.power(action) + effect.strength + effect.if_initiator, meets, w
        )
    return value + 0.01  # any legal play beats ending the turn


def fight_value(game: AsteriaGame, planet: Planet, added: int, meets: bool, w: Weights) -> float:
    """A conflict this play would start or join, valued by whether it would be won."""
    gap = planet.gap()
    if not meets and planet.initiator is None and (gap is None or gap > 1):
        return 0.0
    yours = sum(game.p.actions[n].power(a) for n, a in planet.cards[YOU]) + added
    yours += max((game.p.planets[n].strength for n in game.sides[YOU].planets), default=0)
    theirs = sum(game.p.actions[n].power(a) for n, a in planet.cards[BOT])
    theirs += game.level.conflict_bonus
    if game.level.reinforce and game.sides[BOT].planets:
        theirs += RESERVE_GUESS
    if meets or planet.initiator is not None:
        return w.win if yours >= theirs else -w.lose
    return w.strength * added  # markers close: strength there prepares the fight
