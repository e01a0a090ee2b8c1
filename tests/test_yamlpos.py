"""The one-pass YAML reader gives what PyYAML's composer and safe constructor give: the same
data, and the same line and column for every value and key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from starpress.core.yamlpos import PathKey, YamlSyntaxError, load_located, unprintable
from tests.conftest import ROOT

Positions = dict[PathKey, tuple[int, int]]


def composed(text: str) -> tuple[Any, Positions, Positions]:
    """The reference: PyYAML's node graph, walked (data, value positions, key positions)."""
    constructor = yaml.constructor.SafeConstructor()
    values: Positions = {}
    keys: Positions = {}

    def at(node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1, node.start_mark.column + 1

    def walk(node: yaml.Node, path: PathKey) -> Any:
        values[path] = at(node)
        if isinstance(node, yaml.MappingNode):
            mapping = {}
            for key_node, value_node in node.value:
                key = str(constructor.construct_object(key_node))
                keys[(*path, key)] = at(key_node)
                mapping[key] = walk(value_node, (*path, key))
            return mapping
        if isinstance(node, yaml.SequenceNode):
            return [walk(item, (*path, n)) for n, item in enumerate(node.value)]
        return constructor.construct_object(node)

    return walk(yaml.compose(text, Loader=yaml.CSafeLoader), ()), values, keys


def same_as_composed(path: Path) -> None:
    located = load_located(path)
    assert (located.data, located.values, located.keys) == composed(path.read_text("utf-8"))


PROJECT_FILES = sorted(
    path.relative_to(ROOT)
    for folder in ("content", "templates", "site")
    for path in (ROOT / folder).rglob("*.yaml")
    if "node_modules" not in path.parts
)


def test_every_yaml_file_of_the_project_reads_as_composed() -> None:
    assert len(PROJECT_FILES) > 50
    for path in PROJECT_FILES:
        same_as_composed(ROOT / path)


_TRICKY = ["yes", "No", "on", "~", "null", "1e3", "0x1F", "0o7", ".inf", "-.5", "2024-01-02",
           "=", "<<", "", " lead", "a: b", "- x", "#", "'q'", 'say "hi"', "é ☄",
           "line\nbreak"]  # fmt: skip
_PRINTABLE = st.characters().filter(lambda char: unprintable(char) is None)
"""What YAML allows in a file (a control character is refused: see the test below)."""
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=True),
    st.sampled_from(_TRICKY),
    st.text(_PRINTABLE, max_size=12),
)
_KEYS = st.one_of(st.sampled_from(_TRICKY[:-1]), st.text(_PRINTABLE, min_size=1, max_size=8))
_TREES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(_KEYS, inner, min_size=1, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(_KEYS, _TREES, min_size=1, max_size=5), st.sampled_from([None, True, False]))
def test_any_mapping_pyyaml_writes_reads_as_composed(
    tmp_path_factory: pytest.TempPathFactory, data: dict[str, Any], flow: bool | None
) -> None:
    path = tmp_path_factory.mktemp("yaml") / "file.yaml"
    path.write_text(yaml.safe_dump(data, default_flow_style=flow, allow_unicode=True), "utf-8")
    same_as_composed(path)


@settings(max_examples=50, deadline=None)
@given(
    st.text(_PRINTABLE, max_size=6),
    st.characters(exclude_categories=["Cs"]).filter(lambda char: bool(unprintable(char))),
)
def test_a_control_character_pyyaml_writes_is_refused_at_its_value(
    tmp_path_factory: pytest.TempPathFactory, text: str, control: str
) -> None:
    """PyYAML writes one as an escape ("\\x07"); it is refused at its value, as a raw one is
    refused where it stands. (libyaml refuses an escaped lone surrogate as bad syntax.)"""
    path = tmp_path_factory.mktemp("yaml") / "file.yaml"
    path.write_text(yaml.safe_dump({"rules": [{"title": text + control}]}), "utf-8")
    with pytest.raises(YamlSyntaxError, match=f"U\\+{ord(control):04X}") as raised:
        load_located(path)
    assert (raised.value.line, raised.value.col) == (2, 10)
