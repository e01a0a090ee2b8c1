"""The loader: valid content loads; every kind of broken file gets its exact message."""

from __future__ import annotations

from pathlib import Path

import pytest

from starpress.core.load import ContentError, find_root, load_games
from starpress.core.project import ProjectNotFound
from tests.conftest import DEMO_FILES, make_project, run_cli


def test_demo_project_loads(demo_project: Path) -> None:
    game = load_games(demo_project)["demo"]
    assert [section.id for section in game.sections()] == [
        "demo.rules.setup",
        "demo.rules.setup.deal",
    ]
    deal = game.rules[0].sections[0]
    assert [step.text for step in deal.steps] == ["Shuffle the cards.", "Deal five to each player."]
    assert game.components[0].count == 10


def test_project_is_found_from_a_subfolder(demo_project: Path) -> None:
    assert find_root(demo_project / "content" / "demo" / "icons") == demo_project.resolve()


def test_no_project_above(tmp_path: Path) -> None:
    with pytest.raises(ProjectNotFound, match="no starpress project"):
        find_root(tmp_path)


BROKEN = {
    "bad YAML syntax": (
        "components.yaml",
        DEMO_FILES["components.yaml"].replace("name: Card", "name: [Card"),
        "content/demo/components.yaml:5:10: YAML syntax: did not find expected ',' or ']'",
    ),
    "wrong type": (
        "components.yaml",
        DEMO_FILES["components.yaml"].replace("count: 10", "count: many"),
        "content/demo/components.yaml:5:12: count must be a valid integer (got 'many')",
    ),
    "unknown field": (
        "components.yaml",
        DEMO_FILES["components.yaml"] + "    colour: red\n",
        "content/demo/components.yaml:7:5: unknown field 'colour'",
    ),
    "unknown icon": (
        "rules.yaml",
        DEMO_FILES["rules.yaml"].replace("a :coin:", "a :gem:"),
        "content/demo/rules.yaml:4:19: unknown icon 'gem'",
    ),
    "dangling cross-reference": (
        "rules.yaml",
        DEMO_FILES["rules.yaml"].replace("[[demo.glossary.coin]]", "[[glossary.coins]]"),
        "content/demo/rules.yaml:4:35: cross-reference to unknown id 'glossary.coins'",
    ),
    "dangling related topic": (
        "glossary.yaml",
        DEMO_FILES["glossary.yaml"].replace("[demo.rules.setup]", "[demo.rules.set-up]"),
        "content/demo/glossary.yaml:5:15: unknown related topic 'demo.rules.set-up'",
    ),
    "duplicate id": (
        "rules.yaml",
        DEMO_FILES["rules.yaml"].replace("demo.rules.setup.deal", "demo.rules.setup"),
        "content/demo/rules.yaml:6:13: duplicate id 'demo.rules.setup' "
        "(first at content/demo/rules.yaml:2:9)",
    ),
    "count 0": (
        "components.yaml",
        DEMO_FILES["components.yaml"].replace("count: 10", "count: 0"),
        "content/demo/components.yaml:5:12: count must be ≥ 1 (got 0)",
    ),
    "unknown language": (
        "game.yaml",
        DEMO_FILES["game.yaml"].replace("[en, pt-BR]", "[en, fr]"),
        "content/demo/game.yaml:7:19: unknown language 'fr' (languages: pt-BR, es, it, en)",
    ),
    "unknown language in a name": (
        "icons.yaml",
        DEMO_FILES["icons.yaml"].replace("{en: Coin}", "{en: Coin, de: Münze}"),
        "content/demo/icons.yaml:4:22: unknown language 'de' (languages: pt-BR, es, it, en)",
    ),
    "missing field": (
        "glossary.yaml",
        DEMO_FILES["glossary.yaml"].replace("    short: Money.\n", ""),
        "content/demo/glossary.yaml:2:5: missing field 'short'",
    ),
    "id of the wrong kind": (
        "components.yaml",
        DEMO_FILES["components.yaml"].replace("demo.component.card", "demo.rules.card"),
        "content/demo/components.yaml:2:9: id 'demo.rules.card' must look like "
        "'demo.component.<name>' (lowercase words joined by '-' and '.')",
    ),
    "duplicate key": (
        "components.yaml",
        DEMO_FILES["components.yaml"] + "    count: 3\n",
        "content/demo/components.yaml:7:5: duplicate key 'count'",
    ),
    "unknown size": (
        "components.yaml",
        DEMO_FILES["components.yaml"].replace("size: poker", "size: huge"),
        "content/demo/components.yaml:6:11: size must be one of poker, bridge, mini-euro, "
        "mini-us, tarot, square or WxH in mm (e.g. 63.5x88), not 'huge'",
    ),
    "cards short of the component's count": (
        "cards.yaml",
        "cards:\n  - id: demo.card.ace\n    component: demo.component.card\n    count: 9\n",
        "content/demo/components.yaml:5:12: the cards of 'demo.component.card' add up to 9 "
        "copies; its count is 10",
    ),
    "card of an unknown component": (
        "cards.yaml",
        "cards:\n  - id: demo.card.ace\n    component: demo.component.crad\n",
        "content/demo/cards.yaml:3:16: unknown component 'demo.component.crad'",
    ),
    "bad card field name": (
        "cards.yaml",
        "cards:\n  - id: demo.card.ace\n    component: demo.component.card\n"
        "    count: 10\n    fields: {Cost: 2}\n",
        "content/demo/cards.yaml:5:13: field name 'Cost' must be lowercase letters, digits and _",
    ),
    "unknown icon in an icon's meaning": (
        "icons.yaml",
        DEMO_FILES["icons.yaml"] + '    meaning: "Pay it for a :gem:."\n',
        "content/demo/icons.yaml:5:28: unknown icon 'gem'",
    ),
    "missing icon file": (
        "icons.yaml",
        DEMO_FILES["icons.yaml"].replace("icons/coin.svg", "icons/gem.svg"),
        "content/demo/icons.yaml:3:11: icon file not found: content/demo/icons/gem.svg",
    ),
}


@pytest.mark.parametrize("case", list(BROKEN), ids=list(BROKEN))
def test_broken_file_gets_its_exact_message(tmp_path: Path, case: str) -> None:
    name, text, expected = BROKEN[case]
    make_project(tmp_path, {name: text})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == expected
    assert lines[-1].startswith("error: 1 problem in 1 file")
    assert "Traceback" not in result.stderr


def test_every_problem_is_reported_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_project(
        tmp_path,
        {
            "components.yaml": DEMO_FILES["components.yaml"].replace("count: 10", "count: 0"),
            "rules.yaml": DEMO_FILES["rules.yaml"].replace("a :coin:", "a :gem:"),
            "game.yaml": DEMO_FILES["game.yaml"].replace("[en, pt-BR]", "[en, fr]"),
        },
    )
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ContentError) as raised:
        load_games(tmp_path)
    assert [str(problem) for problem in raised.value.problems] == [
        "content/demo/components.yaml:5:12: count must be ≥ 1 (got 0)",
        "content/demo/game.yaml:7:19: unknown language 'fr' (languages: pt-BR, es, it, en)",
        "content/demo/rules.yaml:4:19: unknown icon 'gem'",
    ]


def test_check_reports_a_schema_error_an_unknown_icon_and_a_bad_reference_at_once(
    tmp_path: Path,
) -> None:
    """An unknown field no longer hides the icons and cross-references of its file."""
    rules = (
        DEMO_FILES["rules.yaml"]
        .replace("    title: Setup\n", "    title: Setup\n    colour: red\n")
        .replace("a :coin:", "a :gem:")
        .replace("[[demo.glossary.coin]]", "[[glossary.coins]]")
    )
    make_project(tmp_path, {"rules.yaml": rules})
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "content/demo/rules.yaml:4:5: unknown field 'colour'",
        "content/demo/rules.yaml:5:19: unknown icon 'gem'",
        "content/demo/rules.yaml:5:34: cross-reference to unknown id 'glossary.coins'",
        "error: 3 problems in 1 file",
    ]


def test_texts_under_a_bad_value_are_still_checked(tmp_path: Path) -> None:
    """A bad title (a list) and a bad step (a number) stand in for harmless values, so the
    texts of the section below them are checked in the same run."""
    rules = (
        DEMO_FILES["rules.yaml"]
        .replace("title: Setup", "title: [Setup]")
        .replace(
            "steps: [Shuffle the cards., Deal five to each player.]",
            'steps:\n          - "Shuffle the :gem: cards."\n          - {text: 3}',
        )
    )
    make_project(tmp_path, {"rules.yaml": rules})
    result = run_cli("check", cwd=tmp_path)
    assert result.stderr.splitlines() == [
        "content/demo/rules.yaml:3:12: title must be a valid string (got a list)",
        "content/demo/rules.yaml:9:26: unknown icon 'gem'",
        "content/demo/rules.yaml:10:20: text must be a valid string (got 3)",
        "error: 3 problems in 1 file",
    ]


def test_a_file_that_cannot_be_read_comes_first_and_its_knock_ons_say_so(tmp_path: Path) -> None:
    """The glossary's syntax error is listed before the components' schema error; the
    rules' reference to a glossary entry the broken file holds is marked as its knock-on,
    and a reference to an id the broken file does not hold is an ordinary problem."""
    make_project(
        tmp_path,
        {
            "components.yaml": DEMO_FILES["components.yaml"].replace("count: 10", "count: 0"),
            "glossary.yaml": DEMO_FILES["glossary.yaml"].replace("term: Coin", "term: [Coin"),
            "rules.yaml": DEMO_FILES["rules.yaml"].replace(
                "Take a :coin:", "Take a [[demo.glossary.gem]] :coin:"
            ),
        },
    )
    result = run_cli("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "content/demo/glossary.yaml:4:10: YAML syntax: did not find expected ',' or ']'",
        "content/demo/components.yaml:5:12: count must be ≥ 1 (got 0)",
        "content/demo/rules.yaml:4:19: cross-reference to unknown id 'demo.glossary.gem'",
        "content/demo/rules.yaml:4:57: cross-reference to unknown id 'demo.glossary.coin' "
        "(knock-on of content/demo/glossary.yaml:4:10, which could not be read)",
        "error: 4 problems in 3 files, 1 of them a knock-on",
    ]


def test_a_content_error_crosses_a_process_pool_whole() -> None:
    """A worker's ContentError (a rulebook's or a gallery's pool) reaches the command with
    every problem, as one raised in the command's own process would."""
    import pickle

    from starpress.core.problems import Problem

    raised = ContentError([Problem("b.yaml", 3, 1, "late"), Problem("a.yaml", 9, 2, "bad", True)])
    back = pickle.loads(pickle.dumps(raised))
    assert type(back) is ContentError
    assert back.problems == raised.problems and str(back) == str(raised)
