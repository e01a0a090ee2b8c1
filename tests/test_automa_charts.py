"""The SVG charts of `simulate --svg`: well-formed, deterministic, escaped."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from starpress.automa.sim.charts import bar_chart_svg, chart_files, histogram_svg
from starpress.automa.sim.simulate import simulate
from starpress.automa.sim.site_charts import draw_site_charts
from starpress.core.errors import InputError
from starpress.core.load import load_games
from tests.conftest import ROOT, run_cli

SVG = "{http://www.w3.org/2000/svg}"


def test_a_histogram_has_one_bar_per_value_seen_and_its_axis_numbers() -> None:
    svg = histogram_svg({"3": 2, "5": 4, "10": 1}, "score")
    root = ElementTree.fromstring(svg)
    bars = root.findall(f"{SVG}rect")
    assert len(bars) == 3
    heights = sorted(float(bar.get("height", "0")) for bar in bars)
    assert heights[-1] == pytest.approx(4 * heights[0]) and heights[1] == pytest.approx(
        2 * heights[0]
    )
    words = [text.text for text in root.findall(f"{SVG}text")]
    assert words == ["3", "10", "4", "0"]  # lowest and highest value, tallest count, zero


def test_text_in_a_chart_is_escaped() -> None:
    hostile = '<script>alert("x")</script> & "quotes"'
    for svg in (histogram_svg({"1": 1}, hostile), bar_chart_svg({hostile: 1.5}, hostile)):
        root = ElementTree.fromstring(svg)  # still well-formed
        assert root.find(f"{SVG}script") is None and "<script>" not in svg
        assert root.findtext(f"{SVG}title") == hostile
        assert root.get("aria-label") == hostile


def test_an_empty_chart_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        histogram_svg({}, "x")
    with pytest.raises(ValueError, match="at least one"):
        bar_chart_svg({}, "x")


def test_charts_of_a_simulation_are_the_same_bytes_every_time() -> None:
    game = load_games(ROOT, ["afternova"])["afternova"]
    first = {c.name: c.svg for c in chart_files(simulate(game, 40, 9, {"seats": "greedy"}))}
    again = {c.name: c.svg for c in chart_files(simulate(game, 40, 9, {"seats": "greedy"}))}
    assert first == again
    assert sorted(first) == [
        "greedy-length.svg",
        "greedy-margin.svg",
        "greedy-rules.svg",
        "greedy-score-bot.svg",
        "greedy-score-seat-2.svg",
        "greedy-score-seat-3.svg",
    ]
    for svg in first.values():
        assert ElementTree.fromstring(svg).tag == f"{SVG}svg"
    other = {c.name: c.svg for c in chart_files(simulate(game, 40, 10, {"seats": "greedy"}))}
    assert other["greedy-score-bot.svg"] != first["greedy-score-bot.svg"]


def test_simulate_svg_writes_the_charts_twice_the_same(tmp_path: Path) -> None:
    runs = []
    for name in ("one", "two"):
        folder = tmp_path / name
        result = run_cli(
            "automa", "luna-maris", "simulate", "--games", "30", "--level", "basic",
            "--svg", str(folder), cwd=ROOT,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        runs.append({path.name: path.read_bytes() for path in sorted(folder.iterdir())})
    assert runs[0] == runs[1]
    # no opponent score is modelled: no margin chart
    assert sorted(runs[0]) == [
        "basic-simple-length.svg",
        "basic-simple-rules.svg",
        "basic-simple-score-automaton.svg",
    ]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("{play: {crowd: big}}", "automa.pages.afternova.variant.solo: no option 'crowd'"),
        (
            "{charts: {level: impossible}}",
            "automa.pages.afternova.variant.solo.level: 'impossible' is not one of",
        ),
    ],
)
def test_a_bot_page_with_unknown_options_is_a_located_error(
    options: str, message: str, tmp_path: Path
) -> None:
    project = tmp_path / "project"
    shutil.copytree(ROOT / "content" / "afternova", project / "content" / "afternova")
    path = project / "content" / "afternova" / "automa.yaml"
    text = path.read_text("utf-8")
    start = text.index("    afternova.variant.solo:\n")
    end = text.index("  bot:\n")
    path.write_text(text[:start] + f"    afternova.variant.solo: {options}\n" + text[end:], "utf-8")
    with pytest.raises(InputError) as raised:
        draw_site_charts(project, ["afternova"])
    assert str(raised.value).startswith("content/afternova/automa.yaml: " + message)
    assert not (project / "build").exists() or not list((project / "build").rglob("*.svg"))


def test_site_charts_are_the_same_bytes_with_one_worker_or_several(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starpress.automa.sim import site_charts
    from starpress.core.project import Project

    monkeypatch.setattr(site_charts, "SITE_GAMES", 20)  # handed to the workers with each task
    drawn = {}
    into = {"folder": tmp_path}
    monkeypatch.setattr(Project, "charts_folder", lambda _self, game: into["folder"] / game)
    monkeypatch.setattr(Project, "cache", lambda _self, name: into["folder"] / f"store-{name}")
    for workers in (1, 2):
        folder = into["folder"] = tmp_path / str(workers)
        draw_site_charts(ROOT, ["afternova", "luna-maris"], workers)
        drawn[workers] = {
            p.relative_to(folder): p.read_bytes()
            for p in folder.rglob("*.*")
            if not p.relative_to(folder).parts[0].startswith("store-")
        }
    assert drawn[1] == drawn[2] and len(drawn[1]) == 2  # a manifest per game: the numbers
    manifest = json.loads(drawn[1][Path("afternova") / "charts.json"])
    assert len(manifest) == 33 and {"values", "role", "file"} <= set(manifest[0])


def test_site_charts_already_simulated_are_reused_until_the_content_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second build of the same charts simulates nothing and writes the same bytes;
    a changed level of the bot simulates its settings again."""
    from starpress.automa.sim import site_charts
    from starpress.core.project import Project

    monkeypatch.setattr(site_charts, "SITE_GAMES", 10)
    monkeypatch.setattr(Project, "cache", lambda _self, name: tmp_path / "store")
    project = tmp_path / "project"
    shutil.copytree(ROOT / "content" / "luna-maris", project / "content" / "luna-maris")
    folder = project / "build" / "site-cache" / "automa" / "luna-maris"

    def draw() -> dict[str, bytes]:
        draw_site_charts(project, ["luna-maris"], 1)
        return {p.name: p.read_bytes() for p in folder.iterdir()}

    first = draw()
    manifest = json.loads(first["charts.json"])
    settings = {(entry["page"], json.dumps(entry["params"])) for entry in manifest}
    assert len(list((tmp_path / "store").glob("*.json"))) == len(settings) >= 3

    class NoPool:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("simulated again")

    monkeypatch.setattr(site_charts, "ProcessPoolExecutor", NoPool)
    assert draw() == first
    automa = project / "content" / "luna-maris" / "automa.yaml"
    automa.write_text(automa.read_text("utf-8").replace("  rounds: 5", "  rounds: 4"))
    with pytest.raises(AssertionError, match="simulated again"):
        draw()
