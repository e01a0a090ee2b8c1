"""Fitted texts kept across builds (`pnp.fitcache`): the same kit, bytes for bytes, with the
cache or without it; a second build fits nothing; a damaged or crafted cache is ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from starpress.core.load import load_games
from starpress.core.model import Game
from starpress.pnp import fitcache, textfit
from starpress.pnp.kit import KitOptions
from starpress.pnp.kitbuilder import build_kit
from starpress.pnp.layout import Templates, load_templates
from tests.conftest import ROOT

GAME = "afternova"


@pytest.fixture(scope="module")
def game() -> tuple[Game, Templates]:
    loaded = load_games(ROOT, [GAME])[GAME]
    return loaded, load_templates(ROOT, loaded)


def _build(game: tuple[Game, Templates], out: Path, cache: Path | None) -> bytes:
    options = KitOptions(lang="en")
    report = build_kit(*game, ROOT / "content" / GAME, options, out, fit_cache=cache)
    return report.path.read_bytes()


def _cache_file(game: tuple[Game, Templates], cache: Path) -> Path:
    return fitcache.cache_path(cache, GAME, "en", game[0].ids())


def _counting_fits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    fit = textfit.fit

    def counted(*args: object, **kwargs: object) -> textfit.Fitted:
        calls.append(1)
        return fit(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textfit, "fit", counted)
    return calls


def test_a_second_build_fits_nothing_and_writes_the_same_kit(
    game: tuple[Game, Templates], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = _build(game, tmp_path / "plain", None)
    cache = tmp_path / "cache"
    calls = _counting_fits(monkeypatch)
    first = _build(game, tmp_path / "first", cache)
    fitted_first = len(calls)
    assert fitted_first > 0 and _cache_file(game, cache).is_file()
    second = _build(game, tmp_path / "second", cache)
    assert len(calls) == fitted_first  # every text found in the cache
    assert plain == first == second


def test_other_titles_use_another_file_and_the_old_one_goes(
    game: tuple[Game, Templates], tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    _build(game, tmp_path / "out", cache)
    titles = dict(game[0].ids())
    first_key = next(iter(titles))
    titles[first_key] = type(titles[first_key])("Another title")
    other = fitcache.cache_path(cache, GAME, "en", titles)
    current = _cache_file(game, cache)
    assert other != current and other.parent == current.parent
    fitcache.save(other, {})
    assert [path.name for path in current.parent.iterdir()] == [other.name]


def _good_entry() -> list[object]:
    key = ["Draw **2**", "DejaVuSansCondensed", False, 100.0, 20.0, 8.0, 5.0, 1.18]
    piece = [3.1, "Draw", "DejaVuSansCondensed", None]
    line = [[piece], 0.3, 3.1]
    return [key, [[[line]], 8.0, 1.18, False, 7.4, "DejaVuSansCondensed"]]


def _with(change: str) -> object:
    entry = _good_entry()
    key, fitted = entry
    assert isinstance(key, list) and isinstance(fitted, list)
    piece = fitted[0][0][0][0][0]
    if change == "size above the key's largest":
        fitted[1] = 9.0
    elif change == "a font that is not bundled":
        piece[2] = "Helvetica"
    elif change == "an icon the game has not":
        piece[1:] = ["", "", "skull"]
    elif change == "a negative width":
        piece[0] = -1.0
    elif change == "a string for a number":
        key[3] = "100"
    elif change == "a family of another fit":
        fitted[5] = "DejaVuSans"
    elif change == "a short key":
        entry[0] = key[:5]
    return {"version": fitcache.CACHE_VERSION, "entries": [entry]}


def test_a_good_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "fitted.json"
    path.write_text(json.dumps({"version": fitcache.CACHE_VERSION, "entries": [_good_entry()]}))
    ((key, fitted),) = fitcache.load(path, set()).items()
    assert key[0] == "Draw **2**" and fitted.size == 8.0
    assert fitted.lines[0][0].words[0][0].text == "Draw"


@pytest.mark.parametrize(
    "content",
    [
        b"\x00\xff not json",
        b"[" * 100_000,
        b'{"version": "0", "entries": []}',
        b'{"version": "1", "entries": [[["t", "DejaVuSans", false, NaN, 1, 1, 1, 1], []]]}',
        b'{"version": "1", "entries": [[["t", "DejaVuSans", false, 1e400, 1, 1, 1, 1], []]]}',
        *(
            json.dumps(_with(change)).encode()
            for change in (
                "size above the key's largest",
                "a font that is not bundled",
                "an icon the game has not",
                "a negative width",
                "a string for a number",
                "a family of another fit",
                "a short key",
            )
        ),
    ],
)
def test_a_damaged_or_crafted_file_is_ignored_whole(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "fitted.json"
    path.write_bytes(content)
    assert fitcache.load(path, {"star"}) == {}


def test_a_build_over_a_damaged_cache_writes_the_same_kit_and_mends_it(
    game: tuple[Game, Templates], tmp_path: Path
) -> None:
    plain = _build(game, tmp_path / "plain", None)
    cache = tmp_path / "cache"
    path = _cache_file(game, cache)
    path.parent.mkdir(parents=True)
    path.write_bytes(json.dumps(_with("a font that is not bundled")).encode())
    assert _build(game, tmp_path / "out", cache) == plain
    assert fitcache.load(path, set(icon.id for icon in game[0].icons))  # rewritten, readable
    assert not list(path.parent.glob("*.part"))  # written whole, nothing left behind
