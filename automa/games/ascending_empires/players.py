"""Ascending Empires' modelled players (your seat in a simulated game): greedy and competent.

Both see what a person at the table sees (the board, every piece, the VP pile) and choose one of the
five actions a turn, each valued as it would go by the automaton's own target rules
(`automa.games.ascending_empires.rules`); the best is played, ties to the earlier action
in the rulebook's order. Their flicks are chance draws in
`automa.games.ascending_empires.game`.

* **greedy** values what an action brings at once: VP now (mining, a develop bonus),
  a city or colony, a new planet while it holds fewer than 6, an attack it would win.
* **competent** plays for the final count: it waits to mine 3 troops (2 VP) instead of 2,
  fills a planet to 3 first, expands early (a planet is a VP at the end and a place to
  recruit), builds cities in quadrants without one (the 3 / 6 VP bonus) and attacks an
  automaton planet it would take.

The weights were chosen by hand and checked by simulation (README: Ascending Empires).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starpress.automa.games.ascending_empires.rules import (
    MAX_TROOPS,
    Planet,
    attack_target,
    build_choice,
    build_planet,
    develop_choice,
    expand_target,
    mine_planet,
    mine_yield,
)

if TYPE_CHECKING:
    from starpress.automa.games.ascending_empires.game import EmpiresGame


def best_action(game: EmpiresGame, legal: list[str], competent: bool) -> str:
    value = competent_value if competent else greedy_value
    return max(legal, key=lambda action: (value(game, action), -legal.index(action)))


def develop_value(game: EmpiresGame) -> float:
    you = game.empires[game.you]
    colour = develop_choice(you, game.planets, set())
    if colour is None:
        return 0.0
    level = you.tech[colour] + 1
    return level + (level if (colour, level) not in game.firsts else 0)


def attack_value(game: EmpiresGame) -> float:
    """The pieces of the enemy planet it would take, if its ships could outnumber them."""
    you = game.empires[game.you]
    enemies = [e for who, e in game.empires.items() if who != game.you]
    target = attack_target(you, game.planets, enemies)
    if target is None or len(you.ships) < target.holding.defence + 1:
        return 0.0
    return float(target.holding.pieces)


def greedy_value(game: EmpiresGame, action: str) -> float:
    """What an action brings at once, as the greedy modelled player counts it."""
    you = game.empires[game.you]
    if action == "mine":
        planet = mine_planet(you, game.planets, set())
        return mine_yield(planet.holding.troops) if planet else 0.0
    if action == "develop":
        return develop_value(game)
    if action == "build":
        planet = build_planet(you, game.planets, set())
        what = build_choice(planet, you, game.planets) if planet else None
        return {"city": 1.5, "colony": 1.0, "facility": 1.2}.get(str(what), 0.0)
    if action == "expand":
        target = expand_target(you, game.planets)
        return 1.4 if target and len(you.planets) < 6 else 0.0
    if action == "attack":
        return 0.5 * attack_value(game)
    ready = sum(1 for n in you.planets if game.planets[n].holding.troops >= 2)
    return 0.8 if len(you.planets) > ready else 0.3


def competent_value(game: EmpiresGame, action: str) -> float:
    """What an action is worth toward the final count, as the competent player sees it."""
    you = game.empires[game.you]
    held = [game.planets[n] for n in you.planets]
    if action == "mine":
        planet = mine_planet(you, game.planets, set())
        if planet is None:
            return 0.0
        return 3.0 if planet.holding.troops >= MAX_TROOPS or game.turns_left is not None else 0.6
    if action == "develop":
        return develop_value(game) + 0.5
    if action == "build":
        return build_value(game, held)
    if action == "expand":
        target = expand_target(you, game.planets)
        if target is None:
            return 0.0
        return 2.2 if len(held) < 4 else 1.2 if len(held) < 7 else 0.2
    if action == "attack":
        return attack_value(game)
    filling = any(0 < p.holding.troops < MAX_TROOPS for p in held)
    return 1.6 if filling and you.supply_troops else 0.4


def build_value(game: EmpiresGame, held: list[Planet]) -> float:
    you = game.empires[game.you]
    planet = build_planet(you, game.planets, set())
    what = build_choice(planet, you, game.planets) if planet else None
    if planet is None or what is None:
        return 0.0
    if what == "city":
        quadrants = {p.quadrant for p in held if p.holding.cities}
        return 2.6 if planet.quadrant not in quadrants else 1.6
    return {"colony": 1.0, "facility": 1.3}[what]
