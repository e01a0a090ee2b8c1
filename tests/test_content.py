"""The real content of the five games: it loads, and its counts match the rulebooks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import unicodedata
from functools import cache
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

GAMES = ["afternova", "aristeia", "ascending-empires", "asteria", "luna-maris"]

# Component counts as the rulebooks (or the cited sources) give them: id -> count.
COUNTS: dict[str, dict[str, int]] = {
    "aristeia": {
        "aristeia.component.board": 1,
        "aristeia.component.control-panel": 2,  # one per player
        "aristeia.component.character-miniature": 8,  # core box (review)
        "aristeia.component.character-card": 8,
        "aristeia.component.initiative-card": 8,  # one per character
        "aristeia.component.general-tactic-card": 20,  # ten per player
        "aristeia.component.signature-tactic-card": 32,  # four per character
        "aristeia.component.underdog-marker": 1,
        "aristeia.component.how-to-play": 1,
        # no source counts the dice: these are prototype values (checked below)
        "aristeia.component.die-red": 2,
        "aristeia.component.die-green": 2,
        "aristeia.component.die-orange": 6,
        "aristeia.component.die-blue": 6,
        "aristeia.component.die-yellow": 6,
        "aristeia.component.die-black": 6,
    },
    "luna-maris": {
        "luna-maris.component.main-board": 1,
        # the review's "5 player boards": one per player and one for the solo automaton
        "luna-maris.component.player-board": 4,
        "luna-maris.component.automaton-board": 1,
        "luna-maris.component.reference-card": 5,
        "luna-maris.component.demand-tile": 30,
        "luna-maris.component.advanced-sustainability-tile": 1,
        "luna-maris.component.advanced-module-tile": 8,
        "luna-maris.component.special-tool-tile": 7,
        "luna-maris.component.food-card": 36,
        "luna-maris.component.scientist-l1": 24,
        "luna-maris.component.scientist-l2": 16,
        "luna-maris.component.ai-card": 12,
        "luna-maris.component.probe": 16,
        "luna-maris.component.oxygen-marker": 4,
        "luna-maris.component.stress-marker": 4,
        "luna-maris.component.astronaut": 4,
        "luna-maris.component.disc": 36,
        "luna-maris.component.energy-cube": 28,
        "luna-maris.component.water-cube": 20,
        "luna-maris.component.helium-3-cube": 12,
        "luna-maris.component.titanium-cube": 16,
        "luna-maris.component.iron-cube": 40,
    },
    "afternova": {
        "afternova.component.hired-paw": 40,
        "afternova.component.blueprint": 40,
        "afternova.component.starship": 10,
        "afternova.component.planet": 18,
        "afternova.component.fragment": 40,
        "afternova.component.bag": 1,
        "afternova.component.rulebook": 1,
    },
    "ascending-empires": {
        "ascending-empires.component.board": 9,
        "ascending-empires.component.player-placard": 4,
        "ascending-empires.component.starship": 32,
        "ascending-empires.component.battleship": 4,
        "ascending-empires.component.planet": 28,
        "ascending-empires.component.asteroid": 10,
        "ascending-empires.component.sticker-sheet": 2,
        "ascending-empires.component.troop": 56,
        # the 64 wooden structures: 8 research facilities, 4 colonies, 4 cities per player
        "ascending-empires.component.research-facility": 32,
        "ascending-empires.component.colony": 16,
        "ascending-empires.component.city": 16,
        "ascending-empires.component.vp-token": 50,
        "ascending-empires.component.range-ruler": 4,
        # not printed in the list; one marker per track and player (see its clarification)
        "ascending-empires.component.tech-marker": 16,
        "ascending-empires.component.rulebook": 1,
    },
    "asteria": {
        "asteria.component.rulebook": 1,
        "asteria.component.quick-guide": 2,
        "asteria.component.action-card": 38,
        "asteria.component.planet-card": 14,
        "asteria.component.resource-card": 2,
        "asteria.component.objective-card": 2,
        "asteria.component.green-stars-marker": 3,
        "asteria.component.red-guild-marker": 3,
        "asteria.component.objective-marker": 4,
        "asteria.component.energy-marker": 2,
        "asteria.component.ore-marker": 2,
    },
}


# The rules each rulebook must be findable under (issue 2's list), by stable id.
REQUIRED_RULES: dict[str, list[str]] = {
    "aristeia": [
        "aristeia.rules.who-does-what",
        "aristeia.rules.precedence",
        "aristeia.rules.timing",
        "aristeia.rules.setup",
        "aristeia.rules.round",
        "aristeia.rules.round.planning",
        "aristeia.rules.round.turns",
        "aristeia.rules.round.objectives",
        "aristeia.rules.round.recovery",
        "aristeia.rules.actions.sequence",
        "aristeia.rules.rolls.simple",
        "aristeia.rules.rolls.face-to-face",
        "aristeia.rules.states",
        "aristeia.rules.line-of-sight",
    ],
    "luna-maris": [
        "luna-maris.rules.components",
        "luna-maris.rules.setup.general",
        "luna-maris.rules.setup.player",
        "luna-maris.rules.setup.special-tools",
        "luna-maris.rules.setup.astronauts",
        "luna-maris.rules.round-structure",
        "luna-maris.rules.production",
        "luna-maris.rules.action-phase.activate-modules",
        "luna-maris.rules.action-phase.activate-modules.occupied",
        "luna-maris.rules.action-phase.activate-modules.level-2",
        "luna-maris.rules.action-phase.feed-scientists",
        "luna-maris.rules.action-phase.end-shift",
        "luna-maris.rules.oxygen-stress",
        "luna-maris.rules.modules.decompression-room",
        "luna-maris.rules.modules.communication-room",
        "luna-maris.rules.modules.expedition-room",
        "luna-maris.rules.modules.laboratory",
        "luna-maris.rules.modules.industrial-complex",
        "luna-maris.rules.modules.recycling-plant",
        "luna-maris.rules.modules.mining-module",
        "luna-maris.rules.modules.power-plant",
        "luna-maris.rules.modules.greenhouse",
        "luna-maris.rules.modules.dormitory",
        "luna-maris.rules.modules.advanced-modules",
        "luna-maris.rules.modules.special-tools",
        "luna-maris.rules.research",
        "luna-maris.rules.research.bonus-area",
        "luna-maris.rules.trash",
        "luna-maris.rules.emergency-depot",
        "luna-maris.rules.cleanup",
        "luna-maris.rules.final-scoring",
        "luna-maris.rules.final-scoring.tie-breaks",
        "luna-maris.rules.solo.setup",
        "luna-maris.rules.solo.unknown",
    ],
    "afternova": [
        "afternova.rules.components",
        "afternova.rules.overview",
        "afternova.rules.setup.starting-hands",
        "afternova.rules.actions.extract.negotiation",
        "afternova.rules.actions.extract.fragment-trades",
        "afternova.rules.actions.market",
        "afternova.rules.limits.hand",
        "afternova.rules.limits.hold",
        "afternova.rules.blueprints.procedure",
        "afternova.rules.blueprints.upgrades",
        "afternova.rules.end.scoring",
        "afternova.rules.end.scoring-example",
        "afternova.rules.bot.setup",
        "afternova.rules.bot.turn",
        "afternova.rules.bot.placement",
        "afternova.rules.bot.hold-overflow",
        "afternova.rules.bot.scoring",
        "afternova.rules.bot.tie-break",
    ],
    "ascending-empires": [
        "ascending-empires.rules.components",
        "ascending-empires.rules.setup",
        "ascending-empires.rules.actions.recruit",
        "ascending-empires.rules.actions.move.launch",
        "ascending-empires.rules.actions.move.navigate",
        "ascending-empires.rules.actions.move.land",
        "ascending-empires.rules.actions.mine",
        "ascending-empires.rules.actions.build.research-facility",
        "ascending-empires.rules.actions.build.colony",
        "ascending-empires.rules.actions.build.city",
        "ascending-empires.rules.actions.develop",
        "ascending-empires.rules.attacks.ships",
        "ascending-empires.rules.attacks.battleships",
        "ascending-empires.rules.attacks.planets",
        "ascending-empires.rules.blockade.blockaded",
        "ascending-empires.rules.blockade.defended",
        "ascending-empires.rules.turn.scan",
        "ascending-empires.rules.end-game.scoring",
        "ascending-empires.rules.end-game.winner",
    ],
    "asteria": [
        "asteria.rules.components",
        "asteria.rules.setup",
        "asteria.rules.setup.first-round",
        "asteria.rules.objective.military",
        "asteria.rules.objective.exploration",
        "asteria.rules.objective.technology",
        "asteria.rules.objective.economic",
        "asteria.rules.concepts.planet-cards.anatomy",
        "asteria.rules.concepts.action-cards.anatomy",
        "asteria.rules.turn.income",
        "asteria.rules.turn.actions",
        "asteria.rules.turn.actions.exploit",
        "asteria.rules.turn.actions.expand",
        "asteria.rules.turn.actions.explore",
        "asteria.rules.turn.actions.exterminate",
        "asteria.rules.turn.actions.free-action",
        "asteria.rules.turn.conflict-maintenance.maintenance",
        "asteria.rules.conflict",
        "asteria.rules.end",
        "asteria.rules.iconography",
        "asteria.rules.iconography.discard-destroy",
    ],
}

# Slips of the sources that must be recorded as clarifications (seeds/README.md).
REQUIRED_CLARIFICATIONS: dict[str, list[str]] = {
    "aristeia": ["aristeia.clarification.destrabar-spelling"],
    "luna-maris": ["luna-maris.clarification.final-scoring-numbering"],
    "afternova": ["afternova.clarification.designer-name"],
    "ascending-empires": [
        "ascending-empires.clarification.mine-term",
        "ascending-empires.clarification.land-term",
    ],
    "asteria": [
        "asteria.clarification.title",
        "asteria.clarification.objective-markers",
        "asteria.clarification.four-sides",
    ],
}


def needs_shared(what: str) -> None:
    """Skip a test that needs ../shared (the rulebooks and the originality tool).

    A clean clone need not have shared/ beside it, so its absence is a visible skip, not a
    failure; wherever it is there (a developer's checkout), these tests run and can fail.
    """
    pytest.skip(f"{what} is not beside this checkout")


@cache
def model(game: str) -> dict[str, Any]:
    result = run_cli("show", game, "--json", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_check_passes_on_every_game() -> None:
    result = run_cli("check", cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == [
        f"ok {game}" for game in GAMES
    ]


@pytest.mark.parametrize("game", sorted(COUNTS))
def test_component_counts_match_the_rulebook(game: str) -> None:
    components = model(game)["components"]
    counts = {component["id"]: component["count"] for component in components}
    assert {key: counts.get(key) for key in COUNTS[game]} == COUNTS[game]
    # anything printed beyond the rulebook's list (aids, tokens) says its count is ours
    extra = [c["id"] for c in components if c["id"] not in COUNTS[game]]
    assert all(c["provenance"] == "prototype" for c in components if c["id"] in extra)


def test_originality_report_is_clean() -> None:
    tool = ROOT.parent / "shared" / "tools" / "originality.py"
    if not tool.is_file():
        needs_shared("shared/tools/originality.py")
    result = subprocess.run(
        [sys.executable, str(tool), str(ROOT)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert result.stdout.strip().endswith("0 repeated passage(s) of 10+ words")


def walk_sections(sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for section in sections:
        found.append(section)
        found.extend(walk_sections(section["sections"]))
    return found


def section_ids(game: str) -> set[str]:
    return {section["id"] for section in walk_sections(model(game)["rules"])}


def glossary_ids(game: str) -> set[str]:
    return {entry["id"] for entry in model(game)["glossary"]}


@pytest.mark.parametrize("game", sorted(REQUIRED_RULES))
def test_required_rules_are_there_with_content(game: str) -> None:
    sections = {section["id"]: section for section in walk_sections(model(game)["rules"])}
    for rule_id in REQUIRED_RULES[game]:
        assert rule_id in sections, rule_id
        section = sections[rule_id]
        content = [section["body"], section["after"], *section["items"], *section["steps"]]
        assert any(content) or section["sections"] or section["tables"], f"{rule_id} is empty"


@pytest.mark.parametrize("game", sorted(REQUIRED_CLARIFICATIONS))
def test_source_slips_are_clarified(game: str) -> None:
    clarified = {item["id"] for item in model(game)["clarifications"]}
    assert set(REQUIRED_CLARIFICATIONS[game]) <= clarified


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_glossary_with_links(game: str) -> None:
    glossary = model(game)["glossary"]
    assert len(glossary) >= 15
    assert all(entry["related"] for entry in glossary), "every term links to related topics"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_credits_its_sources(game: str) -> None:
    info = model(game)["info"]
    assert info["credits"], "credits"
    sources = {source["id"] for source in info["sources"]}
    assert all(credit["source"] in sources for credit in info["credits"])


def test_afternova_credits_the_corrected_designer_name() -> None:
    design = model("afternova")["info"]["credits"][0]
    assert design["names"] == ["Andrew Nerger", "Jeffrey Chin"]
    assert "Merger" in design["note"]


def test_afternova_scoring_example_adds_up_to_37() -> None:
    sections = {section["id"]: section for section in walk_sections(model("afternova")["rules"])}
    table = sections["afternova.rules.end.scoring-example"]["tables"][0]
    *lines, total = [int(row[-1].strip("*")) for row in table["rows"]]
    assert (sum(lines), total) == (37, 37)


def test_luna_maris_cleanup_and_final_scoring_are_numbered_steps() -> None:
    sections = {section["id"]: section for section in walk_sections(model("luna-maris")["rules"])}
    assert len(sections["luna-maris.rules.cleanup"]["steps"]) == 5
    scoring = sections["luna-maris.rules.final-scoring"]["steps"]
    shown = [step["label"] or str(number) for number, step in enumerate(scoring, 1)]
    assert shown == [str(number) for number in range(1, 9)], "no two 'sixth' steps"


def _slug(term: str) -> str:
    ascii_term = unicodedata.normalize("NFKD", term).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_term.lower()).strip("-")


def test_aristeia_glossary_has_every_entry_of_the_reference_guide() -> None:
    seed = ROOT.parent / "shared" / "seeds" / "001_bbc91bef0017383c.txt"
    if not seed.is_file():
        needs_shared("shared/seeds")
    glossary = seed.read_text(encoding="utf-8").split("GLOSARIO DE REGLAS", 1)[1]
    headings = re.findall(r"^([A-ZÁÉÍÓÚÜÑ¡][A-ZÁÉÍÓÚÜÑ ¡!()/-]+)$", glossary, re.M)
    # headings inside an entry (Acción, Preparativos) or boxed notes are not entries
    inner = {"SECUENCIA DE LA ACCIÓN", "IMPORTANTE!", "MANO INICIAL", "MULLIGAN"}
    entries = [heading for heading in headings if heading not in inner]
    slugs = {_slug(entry) for entry in entries}
    ours = {
        entry["id"].removeprefix("aristeia.glossary.") for entry in model("aristeia")["glossary"]
    }
    assert len(slugs) == 91
    assert slugs <= ours, sorted(slugs - ours)


def test_aristeia_dice_counts_are_marked_prototype() -> None:
    dice = [c for c in model("aristeia")["components"] if c["kind"] == "die"]
    assert len(dice) == 6
    assert all(die["provenance"] == "prototype" for die in dice)
