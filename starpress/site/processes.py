"""The languages' builds in parallel, each in a process of its own that gets the build's
inputs (`SiteInputs`) as its argument: forked where the platform can (nothing is copied),
else spawned (pickled), with the same results.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from starpress.site.inputs import SiteInputs
from starpress.site.language_build import LanguageBuild, build_language

LanguagePagesDone = Callable[[str, int, int], None]
"""(language, pages written, of how many): the languages' builds' progress."""

if TYPE_CHECKING:  # ForkContext exists only where the platform forks
    from multiprocessing.context import ForkContext, SpawnContext

    ProcessContext = ForkContext | SpawnContext


def process_context() -> ProcessContext:
    """Fork where the platform has it: a language's process starts with the inputs already
    in memory, nothing pickled. Spawn elsewhere (macOS's default, Windows): the same
    inputs, pickled, with the same results."""
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


class LanguageProcesses:
    """The languages' builds, each in a process of its own (`build_language`), `workers`
    at a time; on leaving, a process still running (an interrupted build) is stopped."""

    def __init__(
        self,
        inputs: SiteInputs,
        targets: dict[str, Path | None],
        workers: int,
        context: ProcessContext,
    ) -> None:
        self.inputs = inputs
        self.waiting = list(targets.items())
        self.order = list(targets)
        self.workers = workers
        self.context = context
        self.running: dict[Connection, tuple[str, BaseProcess]] = {}
        self.done: dict[str, LanguageBuild] = {}

    def __enter__(self) -> LanguageProcesses:
        self._start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for receiving, (_lang, process) in self.running.items():
            process.terminate()
            process.join()
            receiving.close()
        self.running.clear()

    def results(self, pages_done: LanguagePagesDone | None = None) -> list[LanguageBuild]:
        """Every language's result, in the order given, once all have finished;
        `pages_done` is told each language's (pages written, of how many) meanwhile."""
        while self.running:
            for ready in wait(list(self.running)):
                assert isinstance(ready, Connection)
                lang, process = self.running[ready]
                try:
                    said = ready.recv()
                except EOFError:  # the process died without a word (killed, out of memory)
                    process.join()
                    said = LanguageBuild(
                        lang,
                        False,
                        f"the build process of {lang} ended with exit code {process.exitcode}",
                    )
                if isinstance(said, tuple):  # (page steps done, of how many)
                    if pages_done is not None:
                        pages_done(lang, *said)
                    continue
                self.done[lang] = said
                del self.running[ready]
                ready.close()
                process.join()
            self._start()
        return [self.done[lang] for lang in self.order]

    def _start(self) -> None:
        while self.waiting and len(self.running) < self.workers:
            lang, site_dir = self.waiting.pop(0)
            receiving, sending = self.context.Pipe(duplex=False)
            process = self.context.Process(
                target=_language_process,
                args=(self.inputs, lang, site_dir, sending),
                name=f"starpress site build {lang}",
            )
            process.start()
            sending.close()  # the child's end: its closing tells us the child is gone
            self.running[receiving] = (lang, process)


def _language_process(
    inputs: SiteInputs, lang: str, site_dir: Path | None, sending: Connection
) -> None:
    """A language's process: its progress, then its build's result, sent to the parent."""

    def pages_done(done: int, total: int) -> None:
        sending.send((done, total))

    sending.send(build_language(inputs, lang, site_dir, pages_done=pages_done))
    sending.close()
