"""Outputs keyed by the hash of their inputs: a step with nothing changed runs nothing and
writes nothing; a changed input, option or output makes it run again (`--if-changed`)."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from starpress.core.freshness import Stamps, code_folder, input_files, inputs_key
from tests.conftest import LAST_RESORT, LAYOUT, run_cli


def files_seen(root: Path) -> dict[str, tuple[int, int]]:
    """Every file under `root` with its size and modification time."""
    return {
        path.relative_to(root).as_posix(): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in root.rglob("*")
        if path.is_file()
    }


def consoles() -> tuple[Console, io.StringIO, Console]:
    out = io.StringIO()
    return Console(file=out, width=200), out, Console(file=io.StringIO(), width=200)


def test_the_key_follows_every_input_file_its_name_and_the_options(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    (folder / "deep").mkdir(parents=True)
    (folder / "deep" / "a.yaml").write_text("a: 1\n", "utf-8")
    (folder / "node_modules").mkdir()
    (folder / "node_modules" / "big.js").write_text("x", "utf-8")
    key = inputs_key([folder], "opt")
    assert [path.name for path in input_files([folder])] == ["a.yaml"]
    assert inputs_key([folder], "opt") == key
    assert inputs_key([folder], "other") != key
    (folder / "node_modules" / "big.js").write_text("y", "utf-8")  # installed: not an input
    assert inputs_key([folder], "opt") == key
    (folder / "deep" / "a.yaml").write_text("a: 2\n", "utf-8")
    assert inputs_key([folder], "opt") != key
    (folder / "deep" / "a.yaml").write_text("a: 1\n", "utf-8")
    (folder / "deep" / "a.yaml").rename(folder / "deep" / "b.yaml")  # same bytes, new name
    assert inputs_key([folder], "opt") != key


def test_a_stamp_holds_while_its_outputs_are_as_written(tmp_path: Path) -> None:
    stamps = Stamps(tmp_path)
    out = tmp_path / "build" / "pnp"
    out.mkdir(parents=True)
    kit = out / "demo-en-a4.pdf"
    kit.write_bytes(b"%PDF-1.4 one")
    assert not stamps.fresh("pnp demo", "k1")  # never built
    stamps.record("pnp demo", "k1", [out])
    assert stamps.fresh("pnp demo", "k1")
    assert not stamps.fresh("pnp demo", "k2")  # an input changed
    assert not stamps.fresh("pnp other", "k1")
    kit.write_bytes(b"%PDF-1.4 edited by hand")
    assert not stamps.fresh("pnp demo", "k1")
    stamps.record("pnp demo", "k1", [kit])
    kit.unlink()
    assert not stamps.fresh("pnp demo", "k1")
    elsewhere = tmp_path.parent / f"{tmp_path.name}-out.pdf"  # --out outside the project
    elsewhere.write_bytes(b"%PDF-1.4 away")
    stamps.record("pnp away", "k1", [elsewhere])
    assert stamps.fresh("pnp away", "k1")
    elsewhere.unlink()
    assert not stamps.fresh("pnp away", "k1")
    stamps.record("check", "k3", [])  # a step that writes nothing
    assert stamps.fresh("check", "k3")
    for stamp in stamps.folder.iterdir():
        stamp.write_text("{not json", "utf-8")
    assert not stamps.fresh("check", "k3")


def test_the_code_folders_are_read_through_the_links_to_the_top_folders() -> None:
    pnp = code_folder("pnp")
    assert (pnp / "command.py").is_file() and pnp.resolve() == pnp
    assert any(path.suffix == ".ttf" for path in input_files([code_folder("pdf")]))


def test_pnp_builds_again_only_what_changed(kit_project: Path) -> None:
    from starpress.pnp.command import run
    from starpress.pnp.request import Request

    out = kit_project / "out"
    request = Request(target="demo", lang="en", out=out, jobs=1, if_changed=True)
    console, said, errors = consoles()
    assert run(kit_project, request, console, errors) == 0
    assert "wrote" in said.getvalue()
    before = files_seen(kit_project)
    console, said, errors = consoles()
    assert run(kit_project, request, console, errors) == 0
    assert said.getvalue() == f"up to date: {out} (no input changed)\n"
    assert files_seen(kit_project) == before  # nothing written, not even a stamp
    other = dataclasses.replace(request, ink_saver=True)  # another option: its own step
    console, said, errors = consoles()
    assert run(kit_project, other, console, errors) == 0
    assert "wrote" in said.getvalue()
    cards = kit_project / "content" / "demo" / "cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("Ace", "Ace of stars"), "utf-8")
    console, said, errors = consoles()
    assert run(kit_project, request, console, errors) == 0
    assert "wrote" in said.getvalue()


def test_pnp_if_changed_refuses_files_it_does_not_key(kit_project: Path) -> None:
    from starpress.pnp.command import run
    from starpress.pnp.request import Request

    for asked in ({"png": True}, {"tts": True}, {"target": "calibrate"}):
        request = dataclasses.replace(Request(target="demo", if_changed=True), **asked)
        errors_out = io.StringIO()
        errors = Console(file=errors_out, width=200)
        assert run(kit_project, request, consoles()[0], errors) == 2
        assert errors_out.getvalue().startswith("error: --if-changed keys kits only: not with ")


def test_rulebooks_build_again_only_what_changed(demo_project: Path) -> None:
    from starpress.rulebook.command import build_command
    from starpress.rulebook.request import BookRequest

    request = BookRequest(target="demo", lang="en", out=demo_project / "books", if_changed=True)
    console, said, errors = consoles()
    assert build_command(demo_project, request, console, errors) == 0
    assert "wrote" in said.getvalue()
    before = files_seen(demo_project)
    console, said, errors = consoles()
    assert build_command(demo_project, request, console, errors) == 0
    assert said.getvalue().startswith("up to date: ")
    assert files_seen(demo_project) == before
    (book,) = (demo_project / "books").glob("*.pdf")
    book.unlink()  # an output gone: built again
    console, said, errors = consoles()
    assert build_command(demo_project, request, console, errors) == 0
    assert book.is_file()


def test_check_if_changed_checks_again_after_an_edit(demo_project: Path) -> None:
    first = run_cli("check", "--if-changed", cwd=demo_project)
    assert first.returncode == 0 and first.stdout.startswith("ok demo")
    before = files_seen(demo_project)
    second = run_cli("check", "--if-changed", cwd=demo_project)
    assert second.returncode == 0, second.stderr
    assert second.stdout == "up to date: no input changed since the last check passed\n"
    assert files_seen(demo_project) == before
    glossary = demo_project / "content" / "demo" / "glossary.yaml"
    glossary.write_text(glossary.read_text("utf-8") + "bogus: 1\n", "utf-8")
    third = run_cli("check", "--if-changed", cwd=demo_project)
    assert third.returncode == 2 and "bogus" in third.stderr + third.stdout


HEAVY = ("starpress.pnp.build", "starpress.rulebook.build", "starpress.core.game_folder", "pymupdf")
"""What draws or loads a game: an up-to-date step imports none of it."""


def test_an_up_to_date_step_starts_nothing_that_draws(demo_project: Path) -> None:
    (demo_project / "templates" / "cards").mkdir(parents=True)
    (demo_project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, "utf-8")
    probe = (
        "import sys, runpy\n"
        "sys.argv = ['starpress', *sys.argv[1:]]\n"
        "try:\n    runpy.run_module('starpress', run_name='__main__')\n"
        "except SystemExit as end:\n    assert not end.code, end.code\n"
        f"print(sorted(set({HEAVY!r}) & set(sys.modules)))\n"
    )
    for args in (
        ["pnp", "demo", "--lang", "en", "--if-changed"],
        ["rulebook", "demo", "--lang", "en", "--if-changed"],
    ):
        first = run_cli(*args, cwd=demo_project)
        assert first.returncode == 0, first.stderr
        before = files_seen(demo_project)
        second = subprocess.run(
            [sys.executable, "-c", probe, *args],
            cwd=demo_project,
            capture_output=True,
            text=True,
            timeout=LAST_RESORT,
            check=False,
        )
        assert second.returncode == 0, second.stderr
        assert second.stdout.splitlines() == [
            f"up to date: build/{args[0].replace('rulebook', 'rulebooks')} (no input changed)",
            "[]",
        ]
        assert files_seen(demo_project) == before
