"""A game's score pad: its scoring categories as plain data (prepared from the bot's
`score_pad`), and its lines in the session's words for the end of a game
(`automa.engine.state.Ending.pad`). Standard library only, like the engine."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from starpress.automa.engine.answers import Line

if TYPE_CHECKING:  # the content's models: read at build time, never in the browser
    from starpress.core.model import Automa

PadSpec = tuple[tuple[str, int, int], ...]
"""Each line of a score pad: what it counts (its key), the lowest and highest points."""


def pad_spec(automa: Automa | None) -> PadSpec:
    """The score pad of a bot's data, in the order of the rulebook's scoring summary."""
    lines = automa.score_pad if automa is not None else []
    return tuple((line.key, line.low, line.high) for line in lines)


def pad_lines(
    spec: PadSpec, speak: Callable[..., str], keys: Iterable[str] = ()
) -> tuple[Line, ...]:
    """The lines of a pad (of `keys` only, when given) labelled in the session's words
    (`pad_<key>`)."""
    wanted = set(keys)
    return tuple(
        Line(key, speak(f"pad_{key}"), low, high)
        for key, low, high in spec
        if not wanted or key in wanted
    )
