"""Outputs compared without their stamp: which starpress and which content made them
(`starpress.core.edition`) changes with every commit, the rest must not."""

from __future__ import annotations

from pathlib import Path

from starpress.automa.engine.session import EventLog


def unstamped(save_file: Path) -> str:
    """A save file's text without the stamp of its start event, its lines chained again
    (after checking the chain as it was written)."""
    log = EventLog.load(save_file)
    plain = EventLog()
    for event in log.events:
        plain.append({name: value for name, value in event.items() if name != "stamp"})
    return plain.text()
