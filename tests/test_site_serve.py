"""`starpress site serve` as a user runs it: it rebuilds after a content edit, keeps serving
through a broken save, and SIGTERM leaves no server holding the port."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.patience import LAST_RESORT

GLOSSARY = Path("content") / "afternova" / "glossary.yaml"
SHORT = "short: Una delle abilità richieste dai Pianeti."


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=LAST_RESORT) as response:
            return str(response.read().decode("utf-8"))
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def _wait(what: str, ready: Callable[[], bool], output: Path, timeout: float = LAST_RESORT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.5)
    raise AssertionError(f"{what} within {timeout} s; output:\n{output.read_text('utf-8')}")


def _processes_under(folder: Path) -> list[str]:
    """Command lines of running processes that name the folder (the serve's children)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = cmdline.read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if str(folder) in line and "mkdocs" in line:
            found.append(line)
    return found


def test_serve_rebuilds_after_a_content_edit_and_stops_on_sigterm(tmp_path: Path) -> None:
    project = tmp_path / "project"
    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, project / name)
    pictures = ROOT / "build" / "site-cache" / "it"
    if pictures.is_dir():  # the card pictures drawn already: serve then only draws a changed game
        shutil.copytree(pictures, project / "build" / "site-cache" / "it")
    port = _free_port()
    output = tmp_path / "serve.log"
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "starpress", "--root", str(project), "site", "serve"]
    with output.open("wb") as log:
        serve = subprocess.Popen(
            [*command, "--lang", "it", "--address", f"127.0.0.1:{port}"],
            cwd=project,
            env=environment,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    page = f"http://127.0.0.1:{port}/afternova/glossary/"
    try:
        _wait("the first build served", lambda: "Ingegneria" in (_fetch(page) or ""), output)
        glossary = project / GLOSSARY
        text = glossary.read_text("utf-8")
        assert SHORT in text

        # a broken save: reported with its place, and the site served stays as it was
        glossary.write_text(text.replace(SHORT, "short: [unclosed"), "utf-8")
        _wait(
            "the broken save reported",
            lambda: "was not rebuilt" in output.read_text("utf-8"),
            output,
        )
        assert "content/afternova/glossary.yaml:" in output.read_text("utf-8")
        assert "Ingegneria" in (_fetch(page) or "")

        # the fix, with a new text: served after the rebuild
        glossary.write_text(text.replace(SHORT, "short: Abilità ritoccata per la prova."), "utf-8")
        _wait(
            "the edited text served",
            lambda: "ritoccata per la prova" in (_fetch(page) or ""),
            output,
        )
    finally:
        serve.send_signal(signal.SIGTERM)
        code = serve.wait(60)
    assert code == 0, output.read_text("utf-8")
    assert _processes_under(project) == []
    with socket.socket() as again:  # nothing listens there: the next server can start
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as servers do
        again.bind(("127.0.0.1", port))
        again.listen()


def test_a_broken_layout_is_reported_before_a_rebuild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages draw card anatomies from the layouts: serve checks them (the cli's check)
    with the content, so a bad save is one located line and the old site stays served."""
    from starpress.cli.site_inputs import check_layouts
    from starpress.core.load import ContentError, game_ids
    from starpress.site import serve as siteserve
    from starpress.site.config import SiteSettings

    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)  # where `site serve` runs: paths are shown from there
    inputs = siteserve.checked_inputs(
        tmp_path, "en", SiteSettings(), lambda: check_layouts(tmp_path)
    )
    assert sorted(inputs.games) == game_ids(tmp_path)
    (tmp_path / "templates" / "cards" / "afternova.yaml").write_text("layouts: [\n", "utf-8")
    with pytest.raises(ContentError) as raised:
        siteserve.checked_inputs(tmp_path, "en", SiteSettings(), lambda: check_layouts(tmp_path))
    found = siteserve.problems(raised.value)
    assert len(found) == 1 and found[0].startswith("templates/cards/afternova.yaml:2:"), found


def test_a_rebuild_draws_what_changed_since_the_last_build_and_keeps_a_failed_one_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's builder (MkDocs' build stood in for): a save with a problem builds
    nothing and draws nothing, and the games it changed are drawn after the fix; a build
    MkDocs refuses leaves the served folder as it was; an editor's swap file builds nothing."""
    from starpress.site import serve as siteserve
    from starpress.site.config import SiteSettings
    from starpress.site.language_build import LanguageBuild

    for name in ("content", "templates", "site"):
        shutil.copytree(ROOT / name, tmp_path / "project" / name)
    project = tmp_path / "project"
    monkeypatch.chdir(project)
    builds: list[str] = []
    refuse = {"next": False}

    def build_language(
        inputs: object, lang: str, site_dir: Path, url: str, pages_done: object = None
    ) -> LanguageBuild:
        builds.append(lang)
        site_dir.mkdir(parents=True)
        (site_dir / "index.html").write_text(f"build {len(builds)}", "utf-8")
        if refuse["next"]:
            return LanguageBuild(lang, False, "Abort: Aborted with 1 warnings in strict mode!")
        return LanguageBuild(lang, True, "")

    monkeypatch.setattr(siteserve, "build_language", build_language)
    drawn: list[str] = []
    said: list[str] = []
    site = siteserve.LiveSite(
        project, "it", SiteSettings(), tmp_path / "serve", "http://x/", said.append, drawn.append
    )
    served = tmp_path / "serve" / "site" / "index.html"
    assert site.first_build() and served.read_text("utf-8") == "build 1"
    assert drawn == siteserve.game_ids(project)

    # afternova's cards change and luna-maris breaks in the same save: nothing is drawn
    cards = project / "content" / "afternova" / "cards-planets.yaml"
    cards.write_text(cards.read_text("utf-8") + "\n", "utf-8")
    glossary = project / "content" / "luna-maris" / "glossary.yaml"
    text = glossary.read_text("utf-8")
    glossary.write_text(text + "\n  - [unclosed\n", "utf-8")
    drawn.clear()
    site.rebuild()
    assert said[-1] == "the site was not rebuilt; waiting for a fix"
    assert any(line.startswith("content/luna-maris/glossary.yaml:") for line in said)
    assert (drawn, builds, served.read_text("utf-8")) == ([], ["it"], "build 1")

    # the fix: both games drawn, built, served
    glossary.write_text(text, "utf-8")
    site.rebuild()
    assert drawn == ["afternova", "luna-maris"] and served.read_text("utf-8") == "build 2"

    # MkDocs refuses the next build: said, and the served folder stays
    refuse["next"] = True
    (project / "templates" / "site" / "glossary.md.j2").write_text("{{ x }}\n", "utf-8")
    site.rebuild()
    assert said[-2:] == [
        "Abort: Aborted with 1 warnings in strict mode!",
        "the site was not rebuilt; waiting for a fix",
    ]
    assert served.read_text("utf-8") == "build 2"
    assert not (tmp_path / "serve" / "next").exists()

    # an editor's swap file: nothing a page reads
    (project / "content" / "afternova" / ".cards-planets.yaml.swp").write_text("x", "utf-8")
    site.rebuild()
    assert len(builds) == 3
