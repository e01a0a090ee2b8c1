"""The bot-game State: explicit players, pending decisions, actions and their history.

OpenSpiel-style (`pyspiel.State`): a game is a state whose `current_player()` is a person,
a modelled player or `CHANCE`; every step is an action applied with `apply_action`, and the
`history()` of actions is the whole game, so `clone()` (and a replay) needs no PRNG. The
bot itself never decides anything open: its rules run inside the transitions and what it
does comes out as `Say` events (a message key, its values, the rule id it follows).

A game is written as a *script*: a generator that yields what it needs and what it says,

    colour = yield Ask(HUMAN, "fragment", "ask_drawn", {}, OneOf.of(...))
    colour = yield Chance("fragment", draw=self.draw_fragment)
    yield Say("drawn", (RULE_TURN,), {"colour": colour})

and returns each player's score. Its program's `ending` then says how the rules name the winner
(turn order, tie-breaks), and `ending_script` — the engine's, the same for every bot — asks the
scores the program cannot know, applies the tie-breaks and names the winner, as decisions and
messages of the same state. `ScriptState` wraps such a script behind the State interface:
`apply_action` sends the action in and runs the script to its next decision, collecting what it
said. Only `automa.engine.driver` loops over a state; the engine and every bot script use
the standard library only (no pydantic, no I/O), so they run anywhere.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from starpress.automa.engine.answers import Answer, Line, Number, OneOf, Pad, Refused

CHANCE = "chance"
"""The player of chance nodes (OpenSpiel's `kChancePlayerId`)."""
TERMINAL = "terminal"
"""`current_player()` of a finished game (OpenSpiel's `kTerminalPlayerId`)."""
HUMAN = "human"
"""The person at the table: answers what the program cannot see."""


@dataclass(frozen=True)
class Start:
    """What a game is started with (the log's start event): mode, seed, parameters."""

    mode: str
    seed: int
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Ask:
    """A decision of `player`: logged as an `answer` event under `key`.

    `prompt` is a message key (with `values`, and `options`: the answer's options as the
    prompt lists them) the driver shows a person. `answer` says what may be answered, as data
    (`automa.engine.answers`): the driver parses what a person typed with it (a Refused's
    message is shown and the question asked again), completes and lists its words, a page
    offers its buttons, and the log keeps its canonical words, which every language parses
    again on replay. `check`, when the game knows more than the answer's kind (a card already
    in play, a payment the rules refuse), tests a parsed answer and gives the action it
    stands for (Refused: the game refuses it). `legal`, when the actions can be listed, is
    every one of them (for modelled players). Status, undo, quit and help work at every
    question.
    """

    player: str
    key: str
    prompt: str
    values: Mapping[str, Any] = field(default_factory=dict)
    answer: Answer = field(default_factory=lambda: OneOf(()))
    """(By default no answer parses: a modelled player's question, answered by its policy.)"""
    legal: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None

    def take(self, raw: str) -> tuple[Any, str]:
        """What a person typed: its action (Refused, naming the answer, if it has none) and
        the words the log keeps of it, which every language parses again (a card's mark, a
        colour's key, a number)."""
        parsed = self.answer.parse(raw)
        if self.check is None:
            return parsed, self.answer.canonical(parsed)
        try:
            return self.check(parsed), self.answer.canonical(parsed)
        except Refused as refused:
            refused.values.setdefault("answer", raw.strip())
            raise


@dataclass(frozen=True)
class Chance:
    """A chance node, logged as a `chance` event under `key`.

    `draw` is the program's own PRNG draw (seeded named streams, see
    `automa.engine.prng`), used in simulated play and, on resume, to check the log and
    bring the streams where they were; a replay applies the logged outcome without drawing.
    `outcomes`, when known, lists the possible outcomes with their probabilities.
    """

    key: str
    draw: Callable[[], Any]
    outcomes: tuple[tuple[Any, float], ...] | None = None
    player: str = CHANCE


@dataclass(frozen=True)
class Say:
    """Something the game says: a message key, the rules it follows (rule ids, in the order
    cited), the raw values."""

    key: str
    rules: tuple[str, ...] = ()
    values: Mapping[str, Any] = field(default_factory=dict)


Decision = Ask | Chance
Script = Generator[Decision | Say, Any, dict[str, int]]
"""A game script: yields decisions and what it says; returns each player's score."""


@dataclass(frozen=True)
class TieBreak:
    """One tie-break of a game's rules: the number compared among the tied players.

    `key` names its question (`ask_<key>`, asked of a person for each tied player the
    program cannot count) and its reason (`tie_<key>`); `known` holds the numbers the
    program knows (its bot's), by player.
    """

    key: str
    known: Mapping[str, int] = field(default_factory=dict)
    higher_wins: bool = True
    line: str = ""
    """A line of the score pad that holds this number (a person's is then not asked again)."""


LATER = "later"
"""`Ending.last`: a tie no break separates goes to the later player in turn order."""
SHARED = "shared"
"""`Ending.last`: a tie no break separates is shared."""


@dataclass(frozen=True)
class Ending:
    """How a finished game names its winner, as its rules say (`rule`).

    `order` is every player in turn order; `scores` the scores the program knows (the bot's,
    a modelled player's): the others are asked of the person at the table, on the game's
    score pad (`pad`: its scoring categories, as the rulebook's scoring summary lists them;
    none: one number). `parts` holds what the program knows of each player's score by line
    (the bot's whole score; a line of a person's it counted during the game, not asked
    again); `extra` lines only the bot scores (a head start). The pad's table is shown with
    the final scores. Then the `tie_breaks`, in order, among the players tied at the top; a
    tie that remains goes to `last`: LATER, SHARED or a player id. `winner`, when the game
    itself decided it (the first to reach a goal), is named whatever the scores.
    """

    rule: str
    order: tuple[str, ...]
    scores: Mapping[str, int]
    tie_breaks: tuple[TieBreak, ...] = ()
    last: str = SHARED
    pad: tuple[Line, ...] = ()
    parts: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    extra: tuple[Line, ...] = ()
    winner: str | None = None
    why: str = ""
    """The reason of a decided `winner` (`tie_<why>` words it), when there is one."""
    tie_rule: str = ""
    """The rule the winner's line cites when players were tied at the top (its tie-breaks;
    empty: `rule`): the final scores, and a winner without a tie, cite `rule` alone."""


COUNT = Number(0, 999)
"""A score or a count typed by a person (refused by `bad_count`)."""
ENDING_SAYS = ("final_scores", "winner", "winner_tie", "shared_win")
"""What the engine says at the end of every game (worded by `ending_words`)."""
WINNER_SAYS = ENDING_SAYS[1:]
"""The last line of a game: who won (or that the win is shared)."""


def ending_script(ending: Ending) -> Script:
    """Ask the scores the program does not know (on the game's score pad, line by line),
    show the table, apply the tie-breaks, name the winner."""
    scores = dict(ending.scores)
    parts = {player: dict(known) for player, known in ending.parts.items()}
    for player in ending.order:
        if player in scores:
            continue
        # the person's own score is asked as theirs ("your score")
        prompt, values = (
            ("ask_your_score", {}) if player == HUMAN else ("ask_score", {"player": player})
        )
        mine = parts.setdefault(player, {})
        lines = tuple(line for line in ending.pad if line.key not in mine)
        if lines:
            written = yield Ask(HUMAN, f"score_{player}", prompt, values, Pad(lines))
            mine.update(zip((line.key for line in lines), written, strict=True))
        if ending.pad:
            scores[player] = sum(mine.values())
        else:
            scores[player] = yield Ask(HUMAN, f"score_{player}", prompt, values, COUNT)
    ranked = sorted(ending.order, key=lambda player: -scores[player])
    rules = (ending.rule,)
    shown: dict[str, Any] = {"scores": [[p, scores[p]] for p in ranked]}
    if ending.pad:
        shown["table"] = score_table(ending, parts, scores)
    yield Say("final_scores", rules, shown)
    tied, why = ([ending.winner], ending.why) if ending.winner else (best(scores, ending.order), "")
    if len(tied) > 1 and ending.tie_rule:  # a tie at the top: the tie-breaks' rule decides
        rules = (ending.tie_rule,)
    for tie_break in ending.tie_breaks:
        if len(tied) < 2:
            break
        numbers = {}
        for player in tied:
            known = tie_break.known.get(player)
            if known is None and tie_break.line:
                known = parts.get(player, {}).get(tie_break.line)
            numbers[player] = known if known is not None else (
                yield Ask(HUMAN, f"{tie_break.key}_{player}", f"ask_{tie_break.key}",
                          {"player": player}, COUNT)
            )  # fmt: skip
        pick = max if tie_break.higher_wins else min
        target = pick(numbers.values())
        tied, why = [player for player in tied if numbers[player] == target], tie_break.key
    if len(tied) > 1 and ending.last != SHARED:
        tied = [tied[-1]] if ending.last == LATER else [p for p in tied if p == ending.last] or tied
        why = ending.last if ending.last == LATER else "last"
    if len(tied) > 1:
        yield Say("shared_win", rules, {"players": tied})
    elif why:
        yield Say("winner_tie", rules, {"player": tied[0], "why": why})
    else:
        yield Say("winner", rules, {"player": tied[0]})
    return scores


def best(scores: Mapping[str, int], order: tuple[str, ...]) -> list[str]:
    """The players with the most points, in turn order."""
    top = max(scores.values())
    return [player for player in order if scores[player] == top]


def rounds_pad(
    scored: Iterable[Mapping[str, int]], label: Callable[[int], str], high: int = 99
) -> tuple[tuple[Line, ...], dict[str, dict[str, int]]]:
    """A score pad of a line per round (`round_<n>`, named `label(n)`) and what each player
    scored on it (`scored`: each round's points, by player): all known, nothing asked."""
    lines: list[Line] = []
    parts: dict[str, dict[str, int]] = {}
    for n, points in enumerate(scored, 1):
        lines.append(Line(f"round_{n}", label(n), 0, high))
        for player, got in points.items():
            parts.setdefault(player, {})[f"round_{n}"] = got
    return tuple(lines), parts


def score_table(
    ending: Ending, parts: Mapping[str, Mapping[str, int]], scores: Mapping[str, int]
) -> dict[str, Any]:
    """The score pad as a table: a row per line (its label and each player's points, None
    where a player scores nothing on it; an `extra` line only when someone scored on it),
    then the totals; players in turn order."""
    rows = []
    for line in (*ending.pad, *ending.extra):
        cells = [parts.get(player, {}).get(line.key) for player in ending.order]
        if any(cell is not None for cell in cells) and (line in ending.pad or any(cells)):
            rows.append([line.label, cells])
    return {
        "players": list(ending.order),
        "rows": rows,
        "total": [scores[player] for player in ending.order],
    }


def ending_words(say: Say, speak: Callable[..., str]) -> dict[str, Any]:
    """The engine's end-of-game values as people read them (players by their names)."""
    values = dict(say.values)
    name = functools.partial(_player, speak)
    if "player" in values:
        values["player"] = name(values["player"])
    if "players" in values:
        values["players"] = ", ".join(map(name, values["players"]))
    if "scores" in values:
        values["scores"] = ", ".join(f"{name(p)} ({score})" for p, score in values["scores"])
    if "table" in values:
        table = dict(values["table"])
        table["players"] = [name(player) for player in table["players"]]
        table["total_label"] = speak("pad_total")
        values["table"] = table
    if "why" in values:
        values["why"] = speak(f"tie_{values['why']}")
    return values


def _player(speak: Callable[..., str], player: str) -> str:
    return speak(f"player_{player}")


class Program(Protocol):
    """One game of one bot, as its module writes it (a fresh object per game)."""

    def play(self) -> Script:
        """The whole game, from its first message to the scores."""
        ...

    def status(self) -> list[Say]:
        """What a person sees when they ask for the status (`s`)."""
        ...

    def words(self, say: Say) -> dict[str, Any]:
        """A message's values as people read them (names, not ids): shown text only."""
        ...

    def ending(self, scores: dict[str, int]) -> Ending | None:
        """How the finished game (`scores`: what the script returned) names its winner;
        None when nobody else is scored (a simulated solo game without a modelled person)."""
        ...


class State(Protocol):
    """What the driver, tests and modelled players see of a game (OpenSpiel's State)."""

    def current_player(self) -> str: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def decision(self) -> Decision | None: ...
    def legal_actions(self) -> list[Any] | None: ...
    def chance_outcomes(self) -> list[tuple[Any, float]] | None: ...
    def apply_action(self, action: Any) -> None: ...
    def take_said(self) -> list[Say]: ...
    def history(self) -> list[tuple[str, str, Any]]: ...
    def clone(self) -> State: ...
    def returns(self) -> dict[str, int]: ...


class ScriptState:
    """A `State` over a game script: one fresh `Program` from `new_program`, run step by step.

    `apply_action` sends the action to the script and runs it to its next decision; what it
    said on the way is kept until `take_said`. `clone` builds a fresh program and replays
    the history into it (drawing chance again, so its PRNG streams are where these are).
    """

    def __init__(self, new_program: Callable[[], Program]) -> None:
        self.new_program = new_program
        self.program = new_program()
        self._script = self.program.play()
        self._ending = False  # whether the script running is the engine's ending
        self._said: list[Say] = []
        self._history: list[tuple[str, str, Any]] = []
        self._decision: Decision | None = None
        self._returns: dict[str, int] | None = None
        self._run(None)

    # -- OpenSpiel's State ------------------------------------------------------------

    def current_player(self) -> str:
        return TERMINAL if self._decision is None else self._decision.player

    def is_terminal(self) -> bool:
        return self._decision is None

    def is_chance_node(self) -> bool:
        return isinstance(self._decision, Chance)

    def decision(self) -> Decision | None:
        """The pending decision (an Ask or a Chance); None once the game is over."""
        return self._decision

    def legal_actions(self) -> list[Any] | None:
        """The pending Ask's actions when they can be listed (None: open, parsed answers)."""
        decision = self._decision
        if isinstance(decision, Ask) and decision.legal is not None:
            return list(decision.legal)
        return None

    def chance_outcomes(self) -> list[tuple[Any, float]] | None:
        decision = self._decision
        if isinstance(decision, Chance) and decision.outcomes is not None:
            return list(decision.outcomes)
        return None

    def apply_action(self, action: Any) -> None:
        """Apply the pending decision's action and run the game to its next decision."""
        decision = self._decision
        if decision is None:
            raise RuntimeError("the game is over: no action to apply")
        kind = "chance" if isinstance(decision, Chance) else "answer"
        self._history.append((kind, decision.key, action))
        self._run(action)

    def take_said(self) -> list[Say]:
        """What the game said since the last call, in order."""
        said, self._said = self._said, []
        return said

    def history(self) -> list[tuple[str, str, Any]]:
        """Every action so far: (`answer` or `chance`, key, value), as the log holds them."""
        return list(self._history)

    def clone(self) -> ScriptState:
        return replayed(self.new_program, self._history)

    def returns(self) -> dict[str, int]:
        """Each player's score; empty until the game is over."""
        return dict(self._returns or {})

    # -- running the script -------------------------------------------------------------

    def _run(self, action: Any) -> None:
        said = self._said
        while True:
            send = self._script.send
            try:
                item = send(action)
                while isinstance(item, Say):
                    said.append(item)
                    item = send(None)
            except StopIteration as stop:
                ending = None if self._ending else self.program.ending(stop.value)
                if ending is None:
                    self._decision = None
                    self._returns = stop.value
                    return
                self._script, self._ending, action = ending_script(ending), True, None
                continue
            self._decision = item
            return


def replayed(
    new_program: Callable[[], Program], history: Iterable[tuple[str, str, Any]]
) -> ScriptState:
    """A fresh state with `history` applied (chance drawn again and checked)."""
    state = ScriptState(new_program)
    for kind, key, value in history:
        decision = state.decision()
        if decision is None or decision.key != key:
            raise ValueError(f"history does not fit the game at {kind} '{key}'")
        if isinstance(decision, Chance):
            decision.draw()
        state.apply_action(value)
    state.take_said()
    return state
