"""A bot game on a web page (the site's Play pages): the same engine, bot and save file as
`starpress automa play`, run by the page's JavaScript in Pyodide.

The page hands over its JSON data (`automa.web.data` writes it at build time: the bot's
prepared data, its words in the page's language, its parameters, the content hash, the
site's links to the rules) and calls `Page` for each thing a person does. A view (a dict, as
JSON) says what to show: the steps said since the last view (all of them after a start, a
load or an undo, with `reset`), notes (a refused answer, the status, help), the question
being asked and whether the game is over. The game's log is the CLI's save file: the page
keeps `Page.save()` in the browser's storage after every answer and loads it with
`Page.load` when the tab is opened again, or when a person gives it a log the CLI wrote.

Between two answers the game waits inside the engine's driver: it reads the person's answer
from `Page.answer` and stops at the next question (the driver asks a reader that has no
more answers to give). Standard library only; nothing here touches the page itself.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from starpress.automa.engine import plain
from starpress.automa.engine.answers import Pad, Refused
from starpress.automa.engine.driver import COMMANDS, Driver, Table, located
from starpress.automa.engine.session import (
    LOG_VERSION,
    EventLog,
    Output,
    Quit,
    SaveFileError,
    check_start,
)
from starpress.automa.engine.state import Ask, Say, ScriptState, Start, ending_words
from starpress.automa.engine.words import Words
from starpress.core.limits import Limits

DATA_VERSION = 1
"""Version of a page's data (`automa.web.data`), checked when a page starts."""
MODE = "table"
"""What a page plays: a game at the table (a simulation needs no page)."""


CALLS = ("start", "load", "answer", "undo", "status", "save")
"""What a page's script may call (`Page.call`)."""


class _Waiting(Exception):
    """The game waits for the person's next answer."""


@dataclass
class _Steps(Output):
    """The driver's output on a page: each step with its rules as links."""

    rules: Mapping[str, str] = field(default_factory=dict)
    said: list[dict[str, Any]] = field(default_factory=list)

    def step(self, key: str, text: str, rules: tuple[str, ...], values: dict[str, Any]) -> None:
        links = [
            {"id": rule_id, "title": self.cite(rule_id), "href": self.rules.get(rule_id)}
            for rule_id in rules
        ]
        self.said.append({"key": key, "text": text, "rules": links})


@dataclass
class _PageTable(Table):
    """The person at a page: a refused answer is worded for the page (`Page.refusal`)."""

    page: Page | None = None

    def refusal(self, ask: Ask, refused: Refused) -> str:
        assert self.page is not None
        return self.page.refusal(ask, refused)


class Page:
    """One game on a page: started, loaded, answered, undone, saved."""

    def __init__(self, data_text: str) -> None:
        data = json.loads(data_text)
        if data.get("v") != DATA_VERSION:
            raise ValueError(f"page data of version {data.get('v')!r}; this reads {DATA_VERSION}")
        self.game: str = data["game"]
        self.lang: str = data["lang"]
        self.languages: tuple[str, ...] = tuple(data["languages"])
        self.content: str = data["content"]
        self.stamp: dict[str, str] | None = data.get("stamp")
        """What a game started here is made with, as the CLI's save files say it."""
        self.parameters: dict[str, tuple[str, ...]] = {
            p["name"]: tuple(p["values"]) for p in data["parameters"]
        }
        self.defaults: dict[str, str] = {p["name"]: p["default"] for p in data["parameters"]}
        self.new_program = _program(data["program"])
        self.prepared = plain.decode(data["prepared"])
        words = plain.decode(data["words"])
        if not isinstance(words, Words):
            raise ValueError("page data without the bot's words")
        self.words = words
        self.rules: dict[str, str] = data["rules"]
        self.limits = Limits(**data["limits"])
        self.log = EventLog()
        self.state: ScriptState | None = None
        self.output = _Steps(io.StringIO(), cite=words.cite, rules=self.rules)

    def call(self, name: str, arguments: str) -> str:
        """The page's script calls in JSON: `name` one of CALLS, `arguments` a JSON list;
        the view (or the save file's text) back as JSON."""
        if name not in CALLS:
            raise ValueError(f"no such call: {name!r}")
        result = getattr(self, name)(*json.loads(arguments))
        return json.dumps(result, ensure_ascii=False)

    # -- what a person does -------------------------------------------------------------

    def start(self, seed: int, params: Mapping[str, str]) -> dict[str, Any]:
        """A new game at the table (`params`: the bot's parameters, defaults filled in)."""
        chosen = {name: params.get(name) or self.defaults[name] for name in self.parameters}
        for name, value in chosen.items():
            if value not in self.parameters[name]:
                return {"error": f"unknown {name} {value!r}"}
        if not 0 <= seed < 2**64:
            return {"error": f"seed out of range ({seed})"}
        log = EventLog()
        log.append(
            {
                "t": "start",
                "game": self.game,
                "mode": MODE,
                "seed": seed,
                "lang": self.lang,
                "params": chosen,
                "v": LOG_VERSION,
                "content": self.content,
                **({"stamp": self.stamp} if self.stamp is not None else {}),
            }
        )
        self.log = log
        return self._replayed()

    def load(self, text: str) -> dict[str, Any]:
        """A saved game (the CLI's save file or the page's own), replayed to where it
        stopped; an error (one located line) leaves the game on the page as it was."""
        before = self.log
        try:
            # a JavaScript string may hold a lone surrogate: kept as bytes, so the reader
            # refuses it as not UTF-8 at its line instead of failing to encode it here
            data = text.encode("utf-8", "surrogatepass")
            log = EventLog.read(None, io.BytesIO(data), self.limits)
            if log.events[0].get("game") != self.game:
                game = log.events[0].get("game")
                raise SaveFileError(None, f"a game of {game!r}, not of {self.game!r}", 1)
            check_start(log, (MODE,), self.languages, self.parameters, self.content, self.game)
            self.log = log
            return self._replayed()
        except SaveFileError as error:
            self.log = before
            if before.events:
                self._replayed()
            return {"error": str(error)}

    def answer(self, raw: str) -> dict[str, Any]:
        """What the person typed or tapped: an answer, or one of the commands every
        question takes (status, undo, help; quit is the page's own: it always saves)."""
        command = COMMANDS.get(raw.strip().lower())
        if command == "undo":
            return self.undo()
        if command == "status":
            return self.status()
        if command == "help":
            question = self.question()
            shown = ", ".join(question["words"][:40]) if question else ""
            helped = self.words(self.worded("help"))
            return self._view(False, [helped, shown] if shown else [helped])
        if command == "quit" or self.state is None or self.state.is_terminal():
            return self._view(False)
        decision = self.state.decision()
        if isinstance(decision, Ask) and isinstance(decision.answer, Pad):
            try:  # a pad comes whole from the page: refused whole, naming the line at fault
                decision.answer.parse(raw)
            except Refused as refused:
                return self._view(False, [self.refusal(decision, refused)])
        self._run(raw)
        return self._view(False)

    def undo(self) -> dict[str, Any]:
        """Take back the last answer: the game is replayed from its log without it."""
        if not self.log.drop_last_answer():
            return self._view(False, [self.words("nothing_to_undo")])
        return self._replayed([self.words("undone")])

    def status(self) -> dict[str, Any]:
        """Where the game stands, as the terminal's `s` says it."""
        program = self.state.program if self.state is not None else None
        if program is None:
            return self._view(False)
        lines = [self.words(say.key, **program.words(say)) for say in program.status()]
        return self._view(False, lines)

    def save(self) -> str:
        """The game's log: the save file `starpress automa resume` and `replay` read."""
        return self.log.text()

    def question(self) -> dict[str, Any] | None:
        """The question being asked, from its answer's data (`automa.engine.answers`): its
        words as the page asks them (`asked`), its choices as buttons (each one's label, the
        answer it gives, its key and the hint shown beside it), whether they `compose` an
        answer of several parts instead of giving it, the lines of a score pad (a field each),
        what completes a typed answer, whether it asks a number."""
        decision = self.state.decision() if self.state is not None else None
        if not isinstance(decision, Ask):
            return None
        answer = decision.answer
        pad = answer.lines if isinstance(answer, Pad) else ()
        return {
            "key": decision.key,
            "prompt": self.asked(decision),
            "buttons": [dataclasses.asdict(button) for button in answer.buttons()],
            "compose": answer.compose,
            "pad": [{"label": line.label, "low": line.low, "high": line.high} for line in pad],
            "words": list(answer.words()),
            "number": answer.numeric,
        }

    def asked(self, ask: Ask) -> str:
        """A question in the page's words: the bot's `page_<prompt>` message when it has one
        (the terminal's keys left to the terminal), else its prompt; the options listed by
        the labels of the page's buttons (no keys to type), or as a terminal lists them when
        the answer is typed."""
        values = ending_words(Say(ask.prompt, (), ask.values), self.words)
        return self.words(self.worded(ask.prompt), **{"options": self.options(ask), **values})

    def refusal(self, ask: Ask, refused: Refused) -> str:
        """Why an answer was refused, in the page's words as its question is
        (`page_<message>` when the bot has one: a terminal's refusal may list keys to type,
        a page's names its buttons), with `options` the labels of the page's buttons."""
        values = {"options": self.options(ask), **refused.values}
        return self.words(self.worded(refused.key), **values)

    def worded(self, key: str) -> str:
        """The message a page says for `key`: the bot's `page_<key>` when it has one."""
        page_key = f"page_{key}"
        return page_key if page_key in self.words.messages else key

    def options(self, ask: Ask) -> str:
        """A question's options as a page lists them: its buttons' labels, else as a
        terminal lists what is typed."""
        buttons = ask.answer.buttons()
        if buttons:
            return " · ".join(button.label for button in buttons)
        return ask.answer.shown(self.words("key_enter"))

    # -- running the driver -------------------------------------------------------------

    def _replayed(self, notes: list[str] | None = None) -> dict[str, Any]:
        """The whole game again from its log (every step shown), then on to its question."""
        first = self.log.events[0]
        start = Start(first["mode"], first["seed"], first["params"])
        self.state = ScriptState(lambda: self.new_program(self.prepared, start, self.words))
        self.output = _Steps(io.StringIO(), cite=self.words.cite, rules=self.rules)
        self._run(None)
        return self._view(True, notes)

    def _run(self, answer: str | None) -> None:
        """Run the game on from where it waits: `answer` first (when given), then drawing
        chance and saying steps until it asks the person again or ends."""
        assert self.state is not None
        given = [] if answer is None else [answer]

        def read(prompt: str) -> str:
            if given:
                return given.pop()
            raise _Waiting

        table = _PageTable(self.words, self.output, read, page=self)
        driver = Driver(self.state, self.log, table, {})
        if answer is not None:
            driver.cursor = len(self.log.events)  # the log is played: the game is live
        try:
            with located(self.log, driver):
                driver.run()
        except (_Waiting, Quit):
            pass

    def _view(self, reset: bool, notes: list[str] | None = None) -> dict[str, Any]:
        stream = self.output.stream
        assert isinstance(stream, io.StringIO)
        said, self.output.said = self.output.said, []
        written = [line for line in stream.getvalue().splitlines() if line.strip()]
        stream.seek(0)
        stream.truncate()
        over = self.state is not None and self.state.is_terminal()
        return {
            "reset": reset,
            "steps": said,
            "notes": [*(notes or []), *written],
            "question": None if over else self.question(),
            "over": over,
            "answers": sum(event["t"] == "answer" for event in self.log.events),
            "seed": self.log.events[0]["seed"] if self.log.events else None,
            "params": self.log.events[0]["params"] if self.log.events else {},
        }


def _program(name: str) -> Callable[[Any, Start, Any], Any]:
    """A bot's `new_program`, named by the page's data (`module:function`, in automa)."""
    module, _, function = name.partition(":")
    if not module.startswith("starpress.automa.") or not function.isidentifier():
        raise ValueError(f"page data names code outside the bots: {name!r}")
    found = getattr(importlib.import_module(module), function, None)
    if not callable(found):
        raise ValueError(f"no bot program {name!r}")
    return found  # type: ignore[no-any-return]
