"""The lean start (`starpress/cli/lean.py`): typer checks only the option values that need it,
and what it refuses, and how it says so, is the same as before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer import _coercion, core

from starpress.cli import app, main
from starpress.cli.lean import lean
from tests.conftest import ROOT, run_cli


def _checked(monkeypatch: pytest.MonkeyPatch, args: list[str], lean_start: bool) -> list[Any]:
    """The annotations typer built a value check for while running `starpress args`, with
    the lean start (the console script) or with typer's own checks of every option."""
    built: list[Any] = []
    real = _coercion.build_runtime_param

    def counting(descriptor: Any) -> Any:
        built.append(descriptor.annotation)
        return real(descriptor)

    monkeypatch.setattr(core, "build_runtime_param", counting)  # typer's own calls
    monkeypatch.setattr(_coercion, "build_runtime_param", counting)  # the lean start's
    monkeypatch.setattr("sys.argv", ["starpress", *args])
    try:
        if lean_start:
            main()
        else:
            app(args, prog_name="starpress", standalone_mode=False)
    except SystemExit as done:  # typer.Exit(code) only: a run that went well returns
        assert done.code in (0, None)
    return built


def test_defaults_and_strings_are_not_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["--root", str(ROOT), "show", "luna-maris", "--json"]
    every = _checked(monkeypatch, args, lean_start=False)
    built = _checked(monkeypatch, args, lean_start=True)
    # --root's string made a Path; the game id (a str) and the options left alone pass as
    # they are (typer builds its own checks of boolean flags, outside the options' checks)
    assert [annotation for annotation in built if annotation is not bool] == [Path]
    assert len(every) > len(built) + 2


def test_every_option_of_every_command_gets_the_lazy_checks() -> None:
    command = typer.main.get_command(app)
    commands, waiting = [], [command]
    while waiting:  # every command and group, at any depth
        each = waiting.pop()
        commands.append(each)
        if isinstance(each, core.TyperGroup):
            waiting.extend(each.commands.values())
    options = [
        param
        for each in commands
        for param in each.params
        if isinstance(param, core._TyperParameter)
    ]
    assert len(options) > 50 and all(param._runtime_param is None for param in options)
    lean(command)
    assert all(type(param._runtime_param).__name__ == "_Unchecked" for param in options)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pnp", "luna-maris", "--jobs", "many"], "--jobs"),
        (["pnp", "luna-maris", "--bleed", "wide"], "--bleed"),
        (["pnp", "luna-maris", "--lang", "xx"], "--lang"),
    ],
)
def test_a_bad_value_is_still_refused_by_typer(args: list[str], message: str) -> None:
    result = run_cli(*args, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: starpress pnp: ") and message in line, line
