"""Compiled templates kept between builds: used again only for the same source and setup."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader

from starpress.site.jinjacache import keep_compiled


def _env(root: Path, **options: object) -> Environment:
    return keep_compiled(root, Environment(loader=FileSystemLoader(root / "t"), **options))  # type: ignore[arg-type]


def test_a_template_is_compiled_once_and_again_when_it_changes(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    page = tmp_path / "t" / "page.j2"
    page.write_text("Hello {{ name }}!")
    assert _env(tmp_path).get_template("page.j2").render(name="Ada") == "Hello Ada!"
    stored = sorted((tmp_path / "build" / "cache" / "jinja").rglob("*.cache"))
    assert len(stored) == 1
    before = stored[0].read_bytes()
    # a new environment (a new build) loads the stored code; the output is the same
    assert _env(tmp_path).get_template("page.j2").render(name="Bo") == "Hello Bo!"
    assert stored[0].read_bytes() == before
    page.write_text("Goodbye {{ name }}.")  # changed source: compiled again, never stale
    assert _env(tmp_path).get_template("page.j2").render(name="Ada") == "Goodbye Ada."
    assert stored[0].read_bytes() != before


def test_an_environment_set_up_otherwise_keeps_its_own_code(tmp_path: Path) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "page.j2").write_text("<{{ name }}>\n")
    plain = _env(tmp_path).get_template("page.j2").render(name="<b>")
    escaped = _env(tmp_path, autoescape=True).get_template("page.j2").render(name="<b>")
    trimmed = _env(tmp_path, keep_trailing_newline=True).get_template("page.j2").render(name="x")
    assert (plain, escaped, trimmed) == ("<<b>>", "<&lt;b&gt;>", "<x>\n")
    assert len(list((tmp_path / "build" / "cache" / "jinja").iterdir())) == 3
