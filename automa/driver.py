"""The one loop that runs every bot game, in every mode.

`Driver.run` takes a game `State` (`automa.engine`) to its end or to the end of its log.
Each pending decision is settled, in this order, by:

1. the log, while it has events (replay, resume, undo): the event must be the decision's
   kind and key; a chance outcome is drawn again and compared when `redraw` (resume and
   undo, so the PRNG streams are where the game left them), not drawn at all on `replay`;
2. a modelled player's policy (`policies[player]`: simulated seats, the person who presses
   Enter in a simulation);
3. the PRNG, for a chance node (`Chance.draw`);
4. the person at the table (`Table.read`): asked with the game's prompt until their answer
   parses; `u`, `q` and `s` are undo, quit and status everywhere.

Every action from 2–4 is appended to the log (when there is one), so a replay needs no PRNG.
What the game says goes to the table's output (quiet while replaying on resume/undo), with
a pause after each ruled step when the table asks for one. The modes are only settings:

    play      Driver(state, log, table)                        (log holds the start event)
    simulate  Driver(state, None, None, policies)              (nothing shown, nothing logged)
    replay    Driver(state, log, table, live=False, redraw=False)
    resume    Driver(state, log, table, quiet_replay=True)
    undo      log.drop_last_answer(), then resume
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from automa.engine import Ask, Chance, Decision, Say, State
from automa.session import EventLog, LogMismatch, Output, Quit, Speaker, Undo

Policy = Callable[[State, Ask], Any]
"""A modelled player: the action it takes for a decision of the state."""


@dataclass
class Table:
    """The person at the table: how they read (the voice and output) and answer."""

    voice: Speaker
    output: Output
    read: Callable[[str], str] | None
    pause: bool = False


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

    @property
    def replaying(self) -> bool:
        return self.log is not None and self.cursor < len(self.log.events)

    def run(self) -> dict[str, int]:
        """Play to the end (each player's score), or to the end of the log when not live
        (then raises Quit if the game is not over)."""
        state = self.state
        self._speak(state.take_said())
        while not state.is_terminal():
            decision = state.decision()
            assert decision is not None
            action = self._settle(decision)
            state.apply_action(action)
            self._speak(state.take_said())
            if self.on_action is not None:
                self.on_action(state)
        return state.returns()

    # -- settling one decision ----------------------------------------------------------

    def _settle(self, decision: Decision) -> Any:
        if self.replaying:
            return self._logged(decision)
        if not self.live:
            raise Quit("no more events in the log")
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
            self._check_answer(decision, event)
        if isinstance(decision, Chance) and self.redraw and decision.draw() != value:
            raise LogMismatch(
                f"event {self.cursor} ('{decision.key}') is not what this seed draws",
                self.cursor - 1,
            )
        return value

    def _check_answer(self, ask: Ask, event: dict[str, Any]) -> None:
        """A logged answer must be one the game could have been given: what a person typed
        parses to it again, a modelled player's is among the legal actions."""
        where = self.cursor - 1
        if "raw" in event:
            try:
                parsed = ask.parse(event["raw"])
            except ValueError as error:
                raise LogMismatch(f"the answer typed is not valid here ({error})", where) from None
            if _plain(parsed) != _plain(event["value"]):
                raise LogMismatch("the answer's value is not what was typed", where)
        elif ask.player not in self.policies:
            raise LogMismatch("a person's answer without what they typed", where)
        elif ask.legal is not None and _plain(event["value"]) not in map(_plain, ask.legal):
            raise LogMismatch("the answer is not a legal action here", where)

    def _append(self, kind: str, key: str, value: Any, raw: str | None = None) -> None:
        if self.log is not None:
            event = {"t": kind, "key": key, "value": value}
            if raw is not None:
                event["raw"] = raw
            self.log.append(event)
            self.cursor += 1

    def _ask(self, ask: Ask) -> tuple[Any, str]:
        """A person's answer: asked until it parses (undo, quit and status allowed)."""
        table = self.table
        if table is None or table.read is None:
            raise Quit("nobody at the table to answer")
        prompt = table.voice(ask.prompt, **ask.values)
        while True:
            raw = table.read(f"{prompt}\n> ").strip()
            command = raw.lower()
            if command in ("u", "undo"):
                raise Undo
            if command in ("q", "quit"):
                raise Quit
            if command in ("s", "status") and ask.status:
                program = getattr(self.state, "program", None)
                if program is not None:
                    self._speak(program.status())
                continue
            try:
                return ask.parse(raw), raw
            except ValueError as error:
                table.output.stream.write(f"{error}\n")

    # -- speaking -----------------------------------------------------------------------

    def _speak(self, said: list[Say]) -> None:
        if self.on_say is not None:
            for say in said:
                self.on_say(say)
        table = self.table
        if table is None or not said or (self.quiet_replay and self.replaying):
            return
        program = getattr(self.state, "program", None)
        for say in said:
            values = program.words(say) if program is not None else dict(say.values)
            table.output.step(say.key, table.voice(say.key, **values), say.rule, values)
            if table.pause and say.rule and table.read is not None and not self.replaying:
                table.read(table.voice("continue"))


def _plain(value: Any) -> Any:
    """A value as the log holds it (tuples become lists), for comparing."""
    return json.loads(json.dumps(value))
