"""Simulations at scale: many settings and many seeds as chunks over every core, or a Dask
cluster, merged in seed order so the result is the same whatever runs them.

`simulate --workers N` (default: the CPU count) splits each setting's seed range into
chunks of consecutive seeds (`chunk_size`) and plays them in a local process pool;
`--dask ADDRESS` sends the same chunks to a `dask.distributed` scheduler (optional
dependency: `pip install 'starpress[cluster]'`); the game is shipped to the workers once
(pickled), so they need starpress installed, not the project folder. Each chunk's result
is a `Tally` of counts; tallies of one setting add up in seed order into exactly what one
serial run gives (`automa.sim.simulate.play_games`).

With `--resume DIR`, each finished chunk is written to DIR as JSON (atomically) and a rerun
of the same command skips the chunks found there, so an interrupted run keeps its work.
The folder is checked against what is being simulated: a chunk of another game, setting or
content is an error, never mixed in.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from starpress.automa.sim.simulate import Tally, play_games
from starpress.core.atomic import write_atomic
from starpress.core.model import Game

CHUNK_GAMES = 500
"""The largest chunk: big enough to amortise a task's overhead, small enough to spread."""


@dataclass(frozen=True)
class Chunk:
    """Games of one setting: seeds `first` … `first + games - 1`."""

    setting: int
    params: Mapping[str, str] = field(compare=False)  # the setting's, named by its index
    first: int = 0
    games: int = 0

    def name(self) -> str:
        return f"setting-{self.setting}-seeds-{self.first}-{self.games}.json"


def chunk_size(games: int) -> int:
    """Chunks small enough that a few workers each get several (for an even finish); the
    size depends on the games alone, so a run resumed with other workers reuses them."""
    return max(1, min(CHUNK_GAMES, -(-games // 32)))


def chunks(settings: list[dict[str, str]], games: int, seed: int, size: int) -> list[Chunk]:
    return [
        Chunk(index, params, first, min(size, seed + games - first))
        for index, params in enumerate(settings)
        for first in range(seed, seed + games, size)
    ]


def run(
    game: Game,
    settings: list[dict[str, str]],
    games: int,
    seed: int,
    *,
    workers: int | None = None,
    dask: str | None = None,
    resume: Path | None = None,
    check: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> list[Tally]:
    """One merged tally per setting, in the order of `settings`; `progress` is told (games
    played, of how many) as each chunk of seeds is done (those a resumed run kept first)."""
    workers = workers or os.cpu_count() or 1
    todo = chunks(settings, games, seed, chunk_size(games * len(settings)))
    done: dict[Chunk, Tally] = {}
    folder = _resume_folder(resume, game, settings, games, seed, check) if resume else None
    if folder is not None:
        done = {chunk: tally for chunk in todo if (tally := _read(folder, chunk)) is not None}
    left = [chunk for chunk in todo if chunk not in done]
    played, to_play = sum(chunk.games for chunk in done), sum(chunk.games for chunk in todo)
    if progress:
        progress(played, to_play)
    for chunk, tally in _play(game, left, workers, dask, check):
        done[chunk] = tally
        played += chunk.games
        if folder is not None:
            write_atomic(folder / chunk.name(), json.dumps(tally.to_json()).encode("utf-8"))
        if progress:
            progress(played, to_play)
    merged = []
    for index in range(len(settings)):
        parts = [done[chunk] for chunk in todo if chunk.setting == index]
        total = parts[0]
        for part in parts[1:]:
            total = total + part
        merged.append(total)
    return merged


def _play(
    game: Game, todo: list[Chunk], workers: int, dask: str | None, check: bool
) -> Iterator[tuple[Chunk, Tally]]:
    """Each chunk and its tally, as they finish."""
    if not todo:
        return
    if dask is not None:
        yield from _play_on_dask(game, todo, dask, check)
        return
    if workers == 1:
        for chunk in todo:
            yield chunk, play_games(game, chunk.first, chunk.games, chunk.params, check)
        return
    pool = ProcessPoolExecutor(min(workers, len(todo)), initializer=_receive, initargs=(game,))
    try:
        futures = {pool.submit(_play_chunk, None, chunk, check): chunk for chunk in todo}
        for future in as_completed(futures):
            yield futures[future], future.result()
    finally:  # interrupted: the chunks not started are dropped, not waited for
        pool.shutdown(wait=True, cancel_futures=True)


def _play_on_dask(
    game: Game, todo: list[Chunk], address: str, check: bool
) -> Iterator[tuple[Chunk, Tally]]:
    try:
        from dask.distributed import Client
        from dask.distributed import as_completed as finished
    except ImportError:
        raise ValueError(
            "--dask needs dask.distributed: pip install 'starpress[cluster]'"
        ) from None
    try:
        _knock(address)
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise ValueError(f"--dask {address}: no scheduler answers ({error})") from None
    with client:
        shipped = client.scatter(game, broadcast=True)  # type: ignore[no-untyped-call]
        futures = {
            client.submit(_play_chunk, shipped, chunk, check, pure=False): chunk for chunk in todo
        }
        for future in finished(futures):  # type: ignore[no-untyped-call]
            yield futures[future], future.result()


def _knock(address: str) -> None:
    """A TCP address where nothing listens is refused at once (OSError), not after dask's
    ten seconds of retrying; other addresses are left to dask."""
    import socket

    from distributed.comm.addressing import get_address_host_port, parse_address

    scheme, _location = parse_address(address)
    if scheme == "tcp":
        socket.create_connection(get_address_host_port(address), timeout=10).close()


_GAME: list[Game] = []
"""A pool worker's game (sent once, by `_receive`)."""


def _receive(game: Game) -> None:
    _GAME[:] = [game]


def _play_chunk(game: Game | None, chunk: Chunk, check: bool) -> Tally:
    return play_games(game or _GAME[0], chunk.first, chunk.games, chunk.params, check)


def _resume_folder(
    folder: Path, game: Game, settings: list[dict[str, str]], games: int, seed: int, check: bool
) -> Path:
    """The resume folder, made or checked: it belongs to exactly this simulation."""
    what = {
        "game": game.id,
        "content": _content_hash(game),
        "settings": settings,
        "games": games,
        "seed": seed,
        "check": check,
    }
    marker = folder / "simulation.json"
    if marker.is_file():
        try:
            found = json.loads(marker.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            found = None
        if found != what:
            raise ValueError(
                f"--resume {folder}: it holds another simulation (game, settings, games, "
                "seed or content differ); use a new folder"
            )
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(marker, json.dumps(what, indent=1, sort_keys=True).encode("utf-8"))
    return folder


def _read(folder: Path, chunk: Chunk) -> Tally | None:
    path = folder / chunk.name()
    if not path.is_file():
        return None
    try:
        tally = Tally.from_json(json.loads(path.read_text("utf-8")))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValueError):
        return None  # a damaged chunk is played again
    return tally if (tally.first, tally.games) == (chunk.first, chunk.games) else None


def _content_hash(game: Game) -> str:
    return hashlib.sha256(game.model_dump_json().encode("utf-8")).hexdigest()[:16]


def sweep(values: list[str]) -> dict[str, list[str]]:
    """`--sweep level=basic,advanced` options as {name: values} (a ValueError if malformed)."""
    found: dict[str, list[str]] = {}
    for text in values:
        name, equals, listed = text.partition("=")
        items = [item.strip() for item in listed.split(",") if item.strip()]
        if not equals or not name.strip() or not items:
            raise ValueError(
                f"--sweep {text!r}: write NAME=VALUE,VALUE (e.g. level=basic,advanced)"
            )
        found.setdefault(name.strip(), []).extend(items)
    return found
