"""`starpress automa GAME check` for a deck automaton: every card through every answer, and
whole games with random answers at every level.

What the content says is checked when it is loaded (names, messages, rules, icons, levels:
`automa.deck.checks`). What only playing can show is checked here:

- **every card, every way through it**: each card of a deck that is played is read in a
  state reached by a game (its variables and flipped cards as they were when the card came
  up), once for each combination of answers its questions can get (exhaustively; with
  `RANDOM_WAYS` random combinations when there are more than `MOST_WAYS`). Each way must end
  (no question asked forever), compute every expression, and reach an action or its last
  resort (a way of an `each` card that does nothing is listed, not refused: a character may
  rightly stand still);
- **whole games**: `GAMES` games of the deck alone at each level, with the answers drawn as
  `stats` draws them, and one game at the table at each level with a person who answers
  from each question's typed options: each must end within `MOST_STEPS` decisions without an
  error, flipping only cards of its level's deck.

Standard library and the engine only.
"""

from __future__ import annotations

import copy
import itertools
from collections import ChainMap, Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from starpress.automa.deck.program import DeckData, DeckError, DeckGame
from starpress.automa.engine.answers import Answer, Number, OneOf, Refused, Several
from starpress.automa.engine.choices import Cards
from starpress.automa.engine.prng import Pcg32, Streams
from starpress.automa.engine.session import Speaker
from starpress.automa.engine.state import Ask, Chance, ScriptState, Start

MOST_WAYS = 4096
"""A card with more ways through its questions is walked with random answers."""
RANDOM_WAYS = 2000
GAMES = 100
"""Games of the deck alone per level."""
MOST_STEPS = 5000
"""Decisions a game may take before it is said not to end."""
MOST_NUMBERS = 13
"""A number answer with a wider range is walked at its ends, its middle and near them."""


@dataclass
class CardWalk:
    """One card walked: how many ways through it, what each way did."""

    deck: str
    card: Any
    ways: int = 0
    random: bool = False
    did: Counter[str] = field(default_factory=Counter)
    nothing: int = 0
    """Ways of an `each` card that do nothing."""


@dataclass
class Report:
    """What `check` found: each card walked, the games played, the problems."""

    cards: list[CardWalk] = field(default_factory=list)
    games: Counter[str] = field(default_factory=Counter)
    """Games played per level (the deck alone and at the table)."""
    unreached: list[str] = field(default_factory=list)
    """Cards no game played (walked from the start of a game)."""
    problems: list[str] = field(default_factory=list)


def check(data: DeckData, voice: Speaker, games: int = GAMES) -> Report:
    """Walk every card and play whole games at every level; what was found."""
    report = Report()
    states: dict[tuple[str, Any], tuple[str, dict[str, Any], dict[str, Any]]] = {}
    for level in data.levels:
        for seed in range(games):
            _game(data, voice, Start("simulated", seed, {"level": level}), report, states)
        _game(data, voice, Start("table", 0, {"level": level}), report, states)
    played = sorted(
        {(deck, number) for deck, number in _played_cards(data)}, key=lambda k: (k[0], str(k[1]))
    )
    for deck, number in played:
        level, env, local = states.get((deck, number), (next(iter(data.levels)), {}, {}))
        if (deck, number) not in states:
            report.unreached.append(f"{deck} {number}")
        report.cards.append(_walk(data, voice, level, deck, number, env, local, report))
    return report


def _played_cards(data: DeckData) -> Iterator[tuple[str, Any]]:
    """The cards of every deck a `play` step reads."""
    decks = set()

    def walk(steps: list[dict[str, Any]]) -> None:
        for step in steps:
            if step["step"] == "play":
                decks.add(step["play"]["deck"])
            for key in ("then", "else", "do"):
                walk(step.get(key) or [])

    rules = data.rules
    for section in ("setup", "round", "finish"):
        walk(rules[section])
    for deck in rules["decks"].values():
        for card in deck["cards"].values():
            for action in [*card["actions"], card["last"]]:
                if action is not None:
                    walk(action["do"])
    for deck in sorted(decks):
        for number in rules["decks"][deck]["cards"]:
            yield deck, number


class _Recorder(DeckGame):
    """A game that keeps, for each card it reads first, the state it was read in."""

    seen: dict[tuple[str, Any], tuple[str, dict[str, Any], dict[str, Any]]]

    def play_card(self, deck_name: str, number: Any, scope: Any) -> Any:
        key = (deck_name, number)
        if key not in self.seen:
            local: dict[str, Any] = {}
            for mapping in reversed(scope.maps[:-1]):
                local.update(mapping)
            self.seen[key] = (self.level_name, copy.deepcopy(self.env), copy.deepcopy(local))
        return super().play_card(deck_name, number, scope)


def _game(data: DeckData, voice: Speaker, start: Start, report: Report,
          states: dict[tuple[str, Any], Any]) -> None:  # fmt: skip
    where = f"level {start.params['level']}, {start.mode} game of seed {start.seed}"

    def new() -> _Recorder:
        game = _Recorder(data, start, voice)
        game.seen = states
        return game

    state = ScriptState(new)
    rng = Streams(start.seed)["person"]
    steps = 0
    try:
        while not state.is_terminal():
            decision = state.decision()
            steps += 1
            if steps > MOST_STEPS:
                report.problems.append(f"{where}: no end after {MOST_STEPS} decisions")
                return
            if isinstance(decision, Chance):
                state.apply_action(decision.draw())
            elif isinstance(decision, Ask):
                state.apply_action(_answer(decision, rng))
        state.take_said()
    except DeckError as error:
        report.problems.append(f"{where}: {error}")
        return
    except _NoAnswer as error:
        report.problems.append(f"{where}: question '{error}' has no answer its check keeps")
        return
    report.games[str(start.params["level"])] += 1


class _NoAnswer(Exception):
    pass


def _answer(ask: Ask, rng: Pcg32) -> Any:
    """An answer of a person at the table: drawn from the question's typed options, one its
    check keeps."""
    for _ in range(64):
        value = _sample(ask.answer, rng)
        try:
            parsed, _words = ask.take(ask.answer.canonical(value))
        except (Refused, KeyError):
            continue
        return parsed
    raise _NoAnswer(ask.key)


def _sample(answer: Answer, rng: Pcg32) -> Any:
    options = _options(answer)
    if options:
        return options[rng.below(len(options))]
    if isinstance(answer, Several) and isinstance(answer.part, Number):
        most = answer.most if answer.most is not None else answer.least + 2
        count = answer.least + rng.below(most - answer.least + 1)
        part = answer.part
        return [part.low + rng.below(part.high - part.low + 1) for _ in range(count)]
    if isinstance(answer, Number):
        return answer.low + rng.below(answer.high - answer.low + 1)
    raise DeckError(f"an answer the check cannot give: {type(answer).__name__}")


def _options(answer: Answer) -> list[Any]:
    """Every answer of a question with a list of them (a wide number: a few of them)."""
    if isinstance(answer, OneOf):
        return [choice.value for choice in answer.choices]
    if isinstance(answer, Cards):
        return [option.value for option in answer.options.options]
    if isinstance(answer, Number):
        low, high = answer.low, answer.high
        if high - low < MOST_NUMBERS:
            return list(range(low, high + 1))
        middle = (low + high) // 2
        return sorted({low, low + 1, low + 2, low + 3, middle, high - 1, high})
    if isinstance(answer, Several) and isinstance(answer.part, OneOf):
        values = [choice.value for choice in answer.part.choices]
        most = len(values) if answer.most is None else answer.most
        return [
            list(chosen)
            for size in range(answer.least, most + 1)
            for chosen in itertools.combinations(values, size)
        ]
    return []


def _walk(data: DeckData, voice: Speaker, level: str, deck: str, number: Any,
          env: dict[str, Any], local: dict[str, Any], report: Report) -> CardWalk:  # fmt: skip
    """Read one card in `env` once for every combination of answers (or randomly)."""
    walked = CardWalk(deck, number)
    resolve = data.rules["decks"][deck]["resolve"]
    ways = _ways(data, voice, level, deck, number, env, local)
    exhaustive = True
    rng = Streams(len(report.cards))["walk"]
    found: list[list[Any]] = []
    stack: list[list[Any]] = [[]]
    while stack:  # depth first: each way's answers, the next question's answers below it
        prefix = stack.pop()
        outcome = ways(prefix)
        if isinstance(outcome, str):
            report.problems.append(f"{deck} {number}, answers {prefix}: {outcome}")
            continue
        if isinstance(outcome, list):
            stack.extend([*prefix, value] for value in reversed(outcome))
            if len(stack) + len(found) > MOST_WAYS:
                exhaustive = False
                break
            continue
        found.append(prefix)
        _tally(walked, outcome, resolve)
    if not exhaustive:
        walked = CardWalk(deck, number, random=True)
        for _ in range(RANDOM_WAYS):
            prefix = []
            while True:
                outcome = ways(prefix)
                if isinstance(outcome, list):
                    prefix.append(outcome[rng.below(len(outcome))])
                    continue
                if isinstance(outcome, str):
                    report.problems.append(f"{deck} {number}, answers {prefix}: {outcome}")
                else:
                    _tally(walked, outcome, resolve)
                break
    return walked


def _tally(walked: CardWalk, outcome: tuple[str, ...], resolve: str) -> None:
    walked.ways += 1
    for label in outcome:
        walked.did[label] += 1
    if not outcome:
        walked.nothing += 1


def _ways(data: DeckData, voice: Speaker, level: str, deck: str, number: Any,
          env: dict[str, Any], local: dict[str, Any]) -> Any:  # fmt: skip
    """A function of a way's answers so far: the answers of the next question (a list), what
    the card did once read to its end (a tuple of actions), or why it failed (a str)."""

    def run(answers: list[Any]) -> list[Any] | tuple[str, ...] | str:
        game = DeckGame(data, Start("table", 0, {"level": level}), voice)
        game.env = copy.deepcopy(env) if env else game.env
        script = game.play_card(deck, number, ChainMap(copy.deepcopy(local), game.env))
        given = iter(answers)
        sent: Any = None
        try:
            for _ in range(MOST_STEPS):
                item = script.send(sent)
                sent = None
                if isinstance(item, Ask):
                    try:
                        sent = next(given)
                    except StopIteration:
                        return [v for v in _options(item.answer) if _kept(item, v)] or [
                            _sample(item.answer, Streams(0)["walk"])
                        ]
                elif isinstance(item, Chance):
                    sent = item.draw()
            return f"no end after {MOST_STEPS} steps"
        except StopIteration:
            return tuple(label for _round, label in game.done)
        except DeckError as error:
            return str(error)

    return run


def _kept(ask: Ask, value: Any) -> bool:
    """Whether the question's check keeps this answer (an answer it refuses is no way)."""
    if ask.check is None:
        return True
    try:
        ask.check(value)
    except Refused:
        return False
    return True
