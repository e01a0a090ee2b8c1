"""A lean start for every command: option values typer need not check are not checked.

Typer checks each option's value with a pydantic adapter, built when the command runs, for
every option of the command, given or not: about twenty adapters before `pnp` draws a
card, as long as the whole run of the bare-reportlab floor at 108 cards. An option left at
its default (a value of ours, already of its type) and a string given to a `str` option
need no check; those skip it, and any other value gets typer's own adapter, built on first
use, so what is refused and the message saying so are typer's.

provenance: prototype
"""

from __future__ import annotations

from typing import Any

from typer import _coercion, core
from typer._click.core import Command, Context


class _Unchecked:
    """The checks of one option: skipped for its default and for a `str` given to a `str`
    option, typer's own for anything else."""

    def __init__(self, param: core._TyperParameter) -> None:
        self.param = param

    def coerce(self, value: Any, param: core._TyperParameter, ctx: Context) -> Any:
        many = param.multiple or param.nargs == -1
        if value is None:
            return () if many else None
        if not many and (value is param.default or _plain_string(param, value)):
            return value
        checks = _coercion.build_runtime_param(param.type_descriptor)
        param._runtime_param = checks  # later values of this option: typer's checks directly
        return checks.coerce(value, param=param, ctx=ctx)


def _plain_string(param: core._TyperParameter, value: object) -> bool:
    return param.type_descriptor.annotation is str and type(value) is str


def lean(command: Command) -> Command:
    """`command` and its subcommands with the lazy checks on every typer option."""
    for param in command.params:
        if isinstance(param, core._TyperParameter) and param._runtime_param is None:
            param._runtime_param = _Unchecked(param)  # type: ignore[assignment]
    if isinstance(command, core.TyperGroup):
        for sub in command.commands.values():
            lean(sub)
    return command
