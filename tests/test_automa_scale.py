"""Simulations at scale (`automa.sim.scale`): the same numbers for any number of workers,
on a Dask cluster, resumed after an interruption, and swept over several settings."""

from __future__ import annotations

import functools
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from starpress.automa.sim import scale
from starpress.automa.sim.simulate import Tally, play_games, simulate
from starpress.core.load import load_games
from starpress.core.model import Game
from tests.conftest import ROOT, run_cli
from tests.hostile import ctrl_c_as_at_a_terminal
from tests.patience import LAST_RESORT


@functools.cache
def contents() -> dict[str, Game]:
    """Afternova and Luna Maris, loaded when a test first needs them."""
    return load_games(ROOT, ["afternova", "luna-maris"])


def simulated(*args: str) -> list[dict[str, object]]:
    result = run_cli("automa", *args, "--json", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_tallies_of_consecutive_seeds_add_up_to_one_run() -> None:
    game = contents()["luna-maris"]
    whole = play_games(game, 5, 30, {"level": "basic"})
    parts = [play_games(game, first, 10, {"level": "basic"}) for first in (5, 15, 25)]
    assert parts[0] + parts[1] + parts[2] == whole
    with pytest.raises(ValueError, match="do not follow"):
        _ = parts[0] + parts[2]
    assert Tally.from_json(json.loads(json.dumps(whole.to_json()))) == whole


@pytest.mark.parametrize("game", ["afternova", "luna-maris"])
def test_one_two_and_four_workers_give_the_same_numbers(game: str) -> None:
    runs = [
        simulated(game, "simulate", "--games", "45", "--seed", "3", "--workers", str(workers))
        for workers in (1, 2, 4)
    ]
    assert runs[0] == runs[1] == runs[2]
    params = runs[0][0]["params"]
    assert isinstance(params, dict)
    assert runs[0][0]["scores"] == simulate(contents()[game], 45, 3, params)["scores"]


def test_a_dask_cluster_gives_the_same_numbers_as_the_local_pool() -> None:
    distributed = pytest.importorskip("dask.distributed")
    settings = [{"level": "basic"}, {"level": "advanced"}]
    game = contents()["luna-maris"]
    local = scale.run(game, settings, 40, 7, workers=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        remote = scale.run(game, settings, 40, 7, dask=cluster.scheduler_address)
    assert remote == local


def test_no_scheduler_at_the_dask_address_is_one_line() -> None:
    pytest.importorskip("dask.distributed")
    result = run_cli(
        "automa", "luna-maris", "simulate", "--games", "5", "--dask", "tcp://127.0.0.1:9",
        cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.startswith("error: --dask tcp://127.0.0.1:9: no scheduler answers")
    assert result.stderr.count("\n") == 1


def test_an_interrupted_run_resumes_from_its_finished_chunks(tmp_path: Path) -> None:
    folder = tmp_path / "chunks"
    args = ["luna-maris", "simulate", "--games", "900"]
    command = [sys.executable, "-m", "starpress", "automa", *args, "--workers", "1", "--json"]
    command += ["--resume", str(folder)]
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )
    deadline = time.monotonic() + LAST_RESORT
    while len(list(folder.glob("setting-*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _out, err = child.communicate(timeout=LAST_RESORT)
    assert child.returncode == 130
    said = err.decode().splitlines()  # progress lines first, when it ran over two seconds
    assert said[-1].startswith(f"interrupted: the finished chunks are kept in {folder}")
    assert all(line.startswith("simulating: ") for line in said[:-1])
    kept = sorted(path.name for path in folder.glob("setting-*.json"))
    levels = 3  # `simulate` plays every level unless told otherwise
    total = len(scale.chunks([{}] * levels, 900, 1, scale.chunk_size(900 * levels)))
    assert 2 <= len(kept) < total
    assert not list(folder.glob("*.part"))
    resumed = simulated(*args, "--workers", "2", "--resume", str(folder))  # other workers
    assert resumed == simulated(*args)
    assert len(list(folder.glob("setting-*.json"))) == total


def test_a_damaged_chunk_is_played_again_and_another_simulation_is_refused(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "chunks"
    args = ["luna-maris", "simulate", "--games", "40", "--workers", "2"]
    first = simulated(*args, "--resume", str(folder))
    chunk = sorted(folder.glob("setting-*.json"))[0]
    chunk.write_text('{"first": "nonsense"', "utf-8")
    assert simulated(*args, "--resume", str(folder)) == first
    other = run_cli("automa", *args, "--level", "advanced", "--resume", str(folder), cwd=ROOT)
    assert other.returncode == 2 and "holds another simulation" in other.stderr
    assert other.stderr.count("\n") == 1


def test_a_sweep_is_one_run_with_one_row_per_setting() -> None:
    swept = simulated(
        "luna-maris", "simulate", "--games", "20", "--sweep", "level=basic,advanced",
        "--sweep", "opponent=simple,greedy",
    )  # fmt: skip
    settings = [(s["params"]["level"], s["params"]["opponent"]) for s in swept]  # type: ignore[index]
    assert settings == [
        ("basic", "simple"),
        ("basic", "greedy"),
        ("advanced", "simple"),
        ("advanced", "greedy"),
    ]
    alone = simulated(
        "luna-maris", "simulate", "--games", "20", "--level", "advanced", "--opponent", "greedy"
    )
    assert swept[3] == alone[0]
    table = run_cli(
        "automa", "luna-maris", "simulate", "--games", "10", "--sweep", "level=basic,advanced",
        cwd=ROOT,
    )  # fmt: skip
    assert table.returncode == 0 and "2 settings of luna-maris" in table.stdout
    assert "level basic" in table.stdout and "level advanced" in table.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--sweep", "level"], "error: --sweep 'level': write NAME=VALUE,VALUE"),
        (["--sweep", "level=basic,hardest"], "error: --level must be one of"),
        (["--sweep", "level=basic", "--level", "basic"], "error: --sweep level=…: --level is"),
        (["--workers", "0"], "error: --workers must be between 1 and 1024"),
    ],
)
def test_bad_scale_options_are_one_line_errors(args: list[str], message: str) -> None:
    result = run_cli("automa", "luna-maris", "simulate", "--games", "5", *args, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
