"""The one loop that runs every bot game, in every mode.

`Driver.run` takes a game `State` (`automa.engine.state`) to its end or to the end of its
log. Each pending decision is settled, in this order, by:

1. the log, while it has events (replay, resume, undo): the event must be the decision's
   kind and key; a chance outcome is drawn again and compared when `redraw` (resume and
   undo, so the PRNG streams are where the game left them), not drawn at all on `replay`;
2. a modelled player's policy (`policies[player]`: simulated seats, the person who presses
   Enter in a simulation);
3. the PRNG, for a chance node (`Chance.draw`);
4. the person at the table (`Table.read`): asked with the game's prompt and the options of
   its answer (`automa.engine.answers`) until their answer parses; `s`, `u`, `q` and `?` are
   status, undo, quit and help at every question and at every pause, and anything else typed
   at a pause is answered (never silently dropped).

Every action from 2–4 is appended to the log (when there is one), so a replay needs no PRNG.
What the game says goes to the table's output (quiet while replaying on resume/undo). When the
table pauses, the driver waits for Enter only where the person must act on the table before
the game goes on by itself (ruled steps followed by a chance draw or a modelled player's
turn): a question already waits for the person, and nothing waits after the end. The modes
are only settings:

    play      Driver(state, log, table)                        (log holds the start event)
    simulate  Driver(state, None, None, policies)              (nothing shown, nothing logged)
    replay    Driver(state, log, table, live=False, redraw=False)
    resume    Driver(state, log, table, quiet_replay=True, recap=RECAP)
    undo      log.drop_last_answer(), then resume (without the recap)

Resuming recaps the board when the game goes live again (the last RECAP steps and the status); a
finished game says so and asks nothing. A game's end is the engine's too:
`automa.engine.state.ending_script` asks the scores the program cannot know and names the
winner.
"""

from __future__ import annotations

import contextlib
import json
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from starpress.automa.engine.answers import Pad, Refused
from starpress.automa.engine.session import (
    EventLog,
    LogMismatch,
    Output,
    Quit,
    SaveFileError,
    Speaker,
    Undo,
)
from starpress.automa.engine.state import (
    ENDING_SAYS,
    WINNER_SAYS,
    Ask,
    Chance,
    Decision,
    Say,
    State,
    ending_words,
)

Policy = Callable[[State, Ask], Any]
"""A modelled player: the action it takes for a decision of the state."""


class Prompt(str):
    """What a person is asked, as `Table.read` gets it: the question in words (a `str`, as
    `input` shows it) and the question itself (`ask`), for readers that answer from its data
    (the tests' players; a terminal only shows the words)."""

    ask: Ask

    def __new__(cls, text: str, ask: Ask) -> Prompt:
        made = super().__new__(cls, text)
        made.ask = ask
        return made


@dataclass
class Table:
    """The person at the table: how they read (the voice and output) and answer."""

    voice: Speaker
    output: Output
    read: Callable[[str], str] | None
    pause: bool = False
    complete: Callable[[tuple[str, ...]], None] | None = None
    """Gives the terminal's completion the words of the question about to be asked."""
    save: str = ""
    """The save file's path, said when the game goes live and again before its winner."""

    def prompt(self, ask: Ask) -> str:
        """A question as a person reads it: its message with its values in words and the
        options of its answer (`options`), in the session's language."""
        values = ending_words(Say(ask.prompt, (), ask.values), self.voice)
        shown = ask.answer.shown(self.voice("key_enter"))
        return self.voice(ask.prompt, **{"options": shown, **values})

    def refusal(self, ask: Ask, refused: Refused) -> str:
        """Why an answer to `ask` was refused, in the session's language; its message may
        list the question's options (`options`) as the prompt shows them."""
        shown = ask.answer.shown(self.voice("key_enter"))
        return self.voice(refused.key, **{"options": shown, **refused.values})


RECAP = 6
"""How many of the last steps `resume` shows again before the game goes on."""
COMMANDS = {"s": "status", "status": "status", "u": "undo", "undo": "undo", "q": "quit",
            "quit": "quit", "?": "help"}  # fmt: skip
"""What a person may type at every question and every pause."""


class Driver:
    """Runs a state through its decisions; `cursor` is the next log event to replay."""

    def __init__(
        self,
        state: State,
        log: EventLog | None,
        table: Table | None,
        policies: Mapping[str, Policy] | None = None,
        *,
        live: bool = True,
        redraw: bool = True,
        quiet_replay: bool = False,
        recap: int = 0,
        on_say: Callable[[Say], None] | None = None,
        on_action: Callable[[State], None] | None = None,
    ) -> None:
        self.state = state
        self.log = log
        self.table = table
        self.policies = policies or {}
        self.live = live
        self.redraw = redraw
        self.quiet_replay = quiet_replay
        self.on_say = on_say
        self.on_action = on_action
        self.cursor = 1  # event 0 is the start event
        self.saved_said = quiet_replay and not recap  # an undo: said when the game began
        """Whether the save file's path was said (after the first step shown)."""
        self.recent: deque[Say] | None = deque(maxlen=recap) if recap else None
        """The last steps said while replaying quietly: shown again when the game goes on."""

    @property
    def replaying(self) -> bool:
        return self.log is not None and self.cursor < len(self.log.events)

    def run(self) -> dict[str, int]:
        """Play to the end (each player's score), or to the end of the log when not live
        (then raises Quit if the game is not over)."""
        state = self.state
        self._said(state.take_said())
        while not state.is_terminal():
            decision = state.decision()
            assert decision is not None
            action = self._settle(decision)
            state.apply_action(action)
            self._said(state.take_said())
            if self.on_action is not None:
                self.on_action(state)
        if self.recent is not None:  # the whole log replayed: the game was already over
            self._recap("finished")
        return state.returns()

    # -- settling one decision ----------------------------------------------------------

    def _settle(self, decision: Decision) -> Any:
        if self.replaying:
            return self._logged(decision)
        if not self.live:
            raise Quit("no more events in the log")
        if self.recent is not None:
            self._recap("recap")
        policy = self.policies.get(decision.player)
        if isinstance(decision, Chance):
            value = decision.draw()
            self._append("chance", decision.key, value)
            return value
        if policy is not None:
            value = policy(self.state, decision)
            self._append("answer", decision.key, value)
            return value
        value, raw = self._ask(decision)
        self._append("answer", decision.key, value, raw)
        return value

    def _logged(self, decision: Decision) -> Any:
        assert self.log is not None
        event = self.log.events[self.cursor]
        kind = "chance" if isinstance(decision, Chance) else "answer"
        if event.get("t") != kind or event.get("key") != decision.key:
            raise LogMismatch(
                f"event {self.cursor + 1} is {event.get('t')} '{event.get('key')}',"
                f" the game expected {kind} '{decision.key}'",
                self.cursor,
            )
        self.cursor += 1
        value = event["value"]
        if isinstance(decision, Ask):
            value = self._check_answer(decision, event)
        if isinstance(decision, Chance) and self.redraw and decision.draw() != value:
            raise LogMismatch(
                f"event {self.cursor} ('{decision.key}') is not what this seed draws",
                self.cursor - 1,
            )
        return value

    def _check_answer(self, ask: Ask, event: dict[str, Any]) -> Any:
        """A logged answer must be one the game could have been given: what a person typed
        parses to it again, a modelled player's is among the legal actions (a question
        without a list of them is only answered by a person, or a policy of this session).
        The answer the game gets is what the words parse to, as when they were typed (a
        tuple stays a tuple, where the log's JSON has a list)."""
        where = self.cursor - 1
        value = event["value"]
        if "raw" in event:
            try:
                parsed, _words = ask.take(event["raw"])
            except ValueError as error:
                raise LogMismatch(f"the answer typed is not valid here ({error})", where) from None
            if _plain(parsed) != _plain(value):
                raise LogMismatch("the answer's value is not what was typed", where)
            return parsed
        if ask.legal is not None:  # a modelled player's (or a person's, played --auto)
            for action in ask.legal:
                if _plain(action) == _plain(value):
                    return action
            raise LogMismatch("the answer is not a legal action here", where)
        if ask.player not in self.policies:
            raise LogMismatch("a person's answer without what they typed", where)
        return value

    def _append(self, kind: str, key: str, value: Any, raw: str | None = None) -> None:
        if self.log is not None:
            event = {"t": kind, "key": key, "value": value}
            if raw is not None:
                event["raw"] = raw
            self.log.append(event)
            self.cursor += 1

    def _ask(self, ask: Ask) -> tuple[Any, str]:
        """A person's answer: asked until it parses (status, undo, quit and help allowed),
        with the words the log keeps of it (see `Ask.take`)."""
        table = self.table
        if table is None or table.read is None:
            raise Quit("nobody at the table to answer")
        prompt = table.prompt(ask)
        if isinstance(ask.answer, Pad):
            return self._pad(ask, ask.answer, prompt)
        while True:
            if table.complete is not None:
                table.complete(ask.answer.words())
            raw = table.read(Prompt(f"{prompt}\n> ", ask)).strip()
            if self._command(raw, ask):
                continue
            try:
                return ask.take(raw)
            except Refused as refused:
                table.output.stream.write(table.refusal(ask, refused) + "\n")

    def _pad(self, ask: Ask, pad: Pad, heading: str) -> tuple[Any, str]:
        """A score pad, asked line by line (a line's label and range); numbers typed
        together fill the next lines. Each number is checked on its line."""
        table = self.table
        assert table is not None and table.read is not None
        written: list[str] = []
        while len(written) < len(pad.lines):
            line = pad.lines[len(written)]
            head = f"{heading}\n" if not written else ""
            raw = table.read(Prompt(f"{head}  {line.label} ({line.low}–{line.high})\n> ", ask))
            if self._command(raw.strip(), ask):
                continue
            words = raw.replace(",", " ").split()
            left = pad.lines[len(written) :]
            try:
                if len(words) > len(left):
                    raise Refused("bad_pad", answer=raw.strip(), count=len(pad.lines),
                                  lines=", ".join(line.label for line in pad.lines))  # fmt: skip
                for word, checked in zip(words or [""], left, strict=False):
                    checked.parse(word)
            except Refused as refused:
                table.output.stream.write(table.refusal(ask, refused) + "\n")
                continue
            written += words
        return ask.take(" ".join(written))

    def _say_save(self) -> None:
        """Where the game is saved (the terminal's save file), once it is played live."""
        table = self.table
        if table is not None and table.save and not table.output.as_json:
            table.output.stream.write(table.voice("save_file", path=table.save) + "\n")

    def _command(self, raw: str, ask: Ask | None) -> bool:
        """Whether `raw` is one of the commands of every question and pause (done if so)."""
        assert self.table is not None
        command = COMMANDS.get(raw.lower())
        if command == "undo":
            raise Undo
        if command == "quit":
            raise Quit
        if command == "status":
            program = getattr(self.state, "program", None)
            if program is not None:
                self._speak(program.status())
        elif command == "help":
            voice, stream = self.table.voice, self.table.output.stream
            stream.write(voice("help") + "\n")
            words = ask.answer.words() if ask is not None else ()
            if words:
                shown = ", ".join(words[:40]) + (" …" if len(words) > 40 else "")
                stream.write(f"  {shown}\n")
        return command is not None

    def _pause(self) -> None:
        """Wait for Enter after a step; what else is typed is a command or said ignored."""
        table = self.table
        assert table is not None and table.read is not None
        while True:
            raw = table.read(table.voice("continue")).strip()
            if not raw:
                return
            if not self._command(raw, None):
                table.output.stream.write(table.voice("ignored", answer=raw) + "\n")

    def _recap(self, key: str) -> None:
        """Where a resumed game stands: the last steps said, then its status (or, once the
        game is over, that it is)."""
        recent, self.recent = self.recent, None
        table = self.table
        if table is None or recent is None:
            return
        table.output.step(key, table.voice(key), (), {})  # a JSON line with --json
        if not self.saved_said:
            self._say_save()
            self.saved_said = True
        self._speak(list(recent))
        program = getattr(self.state, "program", None)
        if key == "recap" and program is not None:
            self._speak(program.status())

    # -- speaking -----------------------------------------------------------------------

    def _said(self, said: list[Say]) -> None:
        """What the game said since the last decision, then a pause if the person must act
        on it before the game goes on by itself (`_waits`)."""
        self._speak(said)
        if self._waits(said):
            self._pause()

    def _waits(self, said: list[Say]) -> bool:
        """Whether to wait for Enter after these steps: only when they are ruled steps (a
        bot's move to make on the table), shown live to a person who pauses, and the game
        would go on without them (a chance draw, a modelled player): a question to the person
        already waits for them, and a finished game has nothing left to wait for."""
        table = self.table
        if table is None or not table.pause or table.read is None or not said:
            return False
        if self.recent is not None or self.replaying or not any(say.rules for say in said):
            return False
        decision = self.state.decision()
        if decision is None:
            return False
        return isinstance(decision, Chance) or decision.player in self.policies

    def _speak(self, said: list[Say]) -> None:
        if self.on_say is not None:
            for say in said:
                self.on_say(say)
        table = self.table
        if table is None or not said:
            return
        if self.recent is not None:  # resuming: kept for the recap when the game goes on
            self.recent.extend(said)
            return
        if self.quiet_replay and self.replaying:
            return
        program = getattr(self.state, "program", None)
        for say in said:
            if say.key in WINNER_SAYS:
                self._say_save()  # the winner is the last line
            if say.key in ENDING_SAYS:
                values = ending_words(say, table.voice)
            else:
                values = program.words(say) if program is not None else dict(say.values)
            table.output.step(say.key, table.voice(say.key, **values), say.rules, values)
            if not self.saved_said:  # the first step shown: the game is live
                self._say_save()
                self.saved_said = True


def _plain(value: Any) -> Any:
    """A value as the log holds it (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))


@contextlib.contextmanager
def located(log: EventLog, driver: Driver) -> Iterator[None]:
    """Replaying a log: a mismatch, or a value the game cannot use (a crash while replaying
    logged events), is a SaveFileError at the line of the event being replayed."""
    logged = len(log.events)
    try:
        yield
    except LogMismatch as error:
        index = driver.cursor if error.index is None else error.index
        raise SaveFileError(log.path, str(error), log.line_of(index)) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        if driver.cursor > logged:  # a live game's own bug, not its save file
            raise
        line = log.line_of(max(driver.cursor - 1, 1))
        raise SaveFileError(
            log.path, f"a value this game cannot use ({type(error).__name__}: {error})", line
        ) from None
