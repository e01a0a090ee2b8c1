"""Hostile input through the real CLI: each case is refused with exit 2 and one located
stderr line, no traceback, no output written, within seconds and under 1 GB."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CARDS, DEMO_FILES, LAYOUT, make_project, without_save
from hostile import assert_refused, chained, run_measured

from starpress.core.limits import limits

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

BILLION_LAUGHS = "\n".join(
    ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    + [f"{chr(98 + n)}: &{chr(98 + n)} [{','.join([f'*{chr(97 + n)}'] * 9)}]" for n in range(8)]
    + ["rules: *i", ""]
)


def kit(base: Path, extra: dict[str, str] | None = None) -> Path:
    """The demo project with cards and a card layout (what `pnp demo` needs)."""
    project = make_project(base, {"cards.yaml": CARDS, **(extra or {})})
    (project / "templates" / "cards").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "cards" / "demo.yaml").write_text(LAYOUT, encoding="utf-8")
    return project


def refused(project: Path, where: str, *args: str) -> str:
    """Run the CLI in `project`; assert the refusal and that nothing was written."""
    run = run_measured(*args, cwd=project)
    line = assert_refused(run, where)
    assert run.stdout == ""
    assert not (project / "build").exists()
    return line


# -- YAML (content and layouts) ------------------------------------------------------------

YAML_CASES: dict[str, tuple[bytes, str, str]] = {
    "alias bomb": (BILLION_LAUGHS.encode(), "extra.yaml:1:4", "anchors"),
    "merge key": (b"rules:\n  - <<: {id: x}\n", "extra.yaml:2:5", "merge keys"),
    "deep nesting": (b"rules: " + b"[" * 100 + b"]" * 100 + b"\n", "extra.yaml:1:39", "too deep"),
    "huge string": (b"rules: '" + b"x" * 200_000 + b"'\n", "extra.yaml:1:8", "too long"),
    "huge file": (
        b"# " + b"x" * (limits().yaml_file_bytes + 10) + b"\n",
        "extra.yaml:1:1",
        "large",
    ),
    "non-UTF-8": (b"rules:\n  - title: caf\xe9\n", "extra.yaml:2:15", "not UTF-8"),
    "empty file": (b"", "extra.yaml:1:1", "empty file"),
    "list at top": (b"- id: demo.rules.x\n", "extra.yaml:1:1", "must be a mapping"),
    "scalar at top": (b"just text\n", "extra.yaml:1:1", "must be a mapping"),
    "too many values": (
        b"rules: [" + b"1," * (limits().yaml_nodes + 1) + b"1]\n",
        "extra.yaml:1:",
        "too many values",
    ),
}


@pytest.mark.parametrize("case", sorted(YAML_CASES))
def test_hostile_content_yaml_is_refused_by_check(case: str, tmp_path: Path) -> None:
    data, where, message = YAML_CASES[case]
    project = make_project(tmp_path)
    (project / "content" / "demo" / "extra.yaml").write_bytes(data)
    line = refused(project, f"content/demo/{where}", "check")
    assert message in line


YAML_SYNTAX_CASES: dict[str, tuple[bytes, str, str]] = {
    "second document": (b"rules: []\n---\nrules: []\n", "extra.yaml:2:1", "another document"),
    "typed value that is not": (b"rules:\n  - title: !!int x\n", "extra.yaml:2:12", "as int"),
    "empty typed value": (b"rules: [!!float ]\n", "extra.yaml:1:9", "as float"),
    "unknown tag": (b"rules: !!python/object:os.system x\n", "extra.yaml:1:8", "constructor"),
    "duplicate key": (b"rules: []\nrules: []\n", "extra.yaml:2:1", "duplicate key 'rules'"),
    "list as a key": (b"? [a]\n: 1\n", "extra.yaml:1:3", "plain value"),
    "control character": (
        "rules:\n  - id: demo.rules.x\n    title: Pé\x07 de meia\n".encode(),
        "extra.yaml:3:14",
        "control character U+0007 (copied from a PDF?); delete it",
    ),
    "C1 control character": (
        'rules: [{id: demo.rules.x, title: "a\x9b2J"}]\n'.encode(),
        "extra.yaml:1:37",
        "control character U+009B",
    ),
    "escaped control character": (
        b'rules: [{id: demo.rules.x, title: "a\\x1b[2J"}]\n',
        "extra.yaml:1:35",
        "control character U+001B",
    ),
}


@pytest.mark.parametrize("case", sorted(YAML_SYNTAX_CASES))
def test_yaml_that_cannot_be_read_is_a_located_problem(case: str, tmp_path: Path) -> None:
    """Collected with the game's other problems (not refused whole): the first line says it."""
    data, where, message = YAML_SYNTAX_CASES[case]
    project = make_project(tmp_path)
    (project / "content" / "demo" / "extra.yaml").write_bytes(data)
    run = run_measured("check", cwd=project)
    assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"content/demo/{where}: ") and message in first, first


@pytest.mark.parametrize("command", [["show", "demo"], ["pnp", "demo"], ["i18n", "report"]])
def test_a_control_character_in_a_yaml_file_is_located_by_every_command(
    command: list[str], tmp_path: Path
) -> None:
    project = kit(tmp_path)
    extra = "rules:\n  - id: demo.rules.end\n    title: End\n    steps: [Count, Deal\x0cfive.]\n"
    (project / "content" / "demo" / "extra.yaml").write_text(extra, encoding="utf-8")
    run = run_measured(*command, cwd=project)
    assert run.code == 2 and "Traceback" not in run.stderr, run.stderr
    where = "content/demo/extra.yaml:4:24: control character U+000C"
    assert where in run.stderr.splitlines()[0], run.stderr
    assert not (project / "build").exists()


MARK_CASES = {
    "a mark that is not letters": ("mark: b12", "extra.yaml:7:11", "mark must be 1 to 3 capital"),
    "two decks with one mark": ("mark: B", "extra.yaml:13:11", "mark 'B' is also the mark of"),
}


@pytest.mark.parametrize("case", sorted(MARK_CASES))
def test_hostile_set_marks_are_refused_by_check(case: str, tmp_path: Path) -> None:
    mark, where, message = MARK_CASES[case]
    project = make_project(tmp_path)
    decks = "".join(
        f"  - id: demo.component.deck-{n}\n    kind: card\n    name: Deck {n}\n    count: 1\n"
        f"    provenance: prototype\n    {mark if n == 1 else 'mark: B'}\n"
        for n in (1, 2)
    )
    (project / "content" / "demo" / "extra.yaml").write_text(f"components:\n{decks}")
    run = run_measured("check", cwd=project)  # `check` adds a count of the problems
    assert run.code == 2 and "Traceback" not in run.stderr
    first = run.stderr.splitlines()[0]
    assert first.startswith(f"content/demo/{where}: ") and message in first


def test_alias_bomb_in_a_card_layout_is_refused_by_pnp(tmp_path: Path) -> None:
    project = kit(tmp_path)
    (project / "templates" / "cards" / "demo.yaml").write_text(BILLION_LAUGHS, encoding="utf-8")
    line = refused(project, "templates/cards/demo.yaml:1:4", "pnp", "demo")
    assert "anchors" in line


def test_non_utf8_card_layout_is_refused_by_pnp(tmp_path: Path) -> None:
    project = kit(tmp_path)
    (project / "templates" / "cards" / "demo.yaml").write_bytes(b"colors: {ink: '\xff'}\n")
    refused(project, "templates/cards/demo.yaml:1:16", "pnp", "demo")


def test_a_billion_components_is_refused_by_check_and_pnp(tmp_path: Path) -> None:
    components = DEMO_FILES["components.yaml"].replace("count: 10", "count: 1000000000")
    project = kit(tmp_path, {"components.yaml": components})
    for command in (["check"], ["pnp", "demo"]):
        line = refused(project, "content/demo/components.yaml:5:12", *command)
        assert line.endswith(f"count must be ≤ {limits().count} (got 1000000000)")


def test_a_billion_card_copies_is_refused(tmp_path: Path) -> None:
    project = kit(tmp_path, {"cards.yaml": CARDS.replace("count: 7", "count: 1000000000")})
    refused(project, "content/demo/cards.yaml:5:12", "pnp", "demo")


# -- icons ---------------------------------------------------------------------------------

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">{}</svg>\n'
CIRCLE = '<circle cx="12" cy="12" r="9"/>'
ACTIVE_ICONS: dict[str, tuple[str, str]] = {
    "script": (SVG.format(CIRCLE + "<script>alert(1)</script>"), "alert"),
    "event handler": (SVG.format(CIRCLE + '<circle onload="alert(1)" r="3"/>'), "onload"),
    "javascript link": (SVG.format('<use href="javascript:alert(1)"/>' + CIRCLE), "javascript"),
    "external link": (
        SVG.format('<use href="http://example.com/x.svg#a"/>' + CIRCLE),
        "example.com",
    ),
    "foreignObject": (SVG.format(CIRCLE + "<foreignObject><p>x</p></foreignObject>"), "<p>"),
}
"""Icons with active content: reduced to their drawing (issue: sanitised once), not refused."""


@pytest.mark.parametrize("case", sorted(ACTIVE_ICONS))
def test_active_svg_content_is_dropped_and_the_drawing_kept(case: str, tmp_path: Path) -> None:
    from starpress.core.svg import sanitized_svg

    text, payload = ACTIVE_ICONS[case]
    project = make_project(tmp_path, {"icons/coin.svg": text})
    run = run_measured("check", cwd=project)
    assert run.code == 0 and "Traceback" not in run.stderr, run
    folder = project / "content" / "demo"
    reduced = sanitized_svg(folder / "icons" / "coin.svg", folder)
    assert payload not in reduced and "<circle" in reduced, reduced


ICON_CASES: dict[str, tuple[str, str]] = {
    "XXE entity": (
        '<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n'
        + SVG.format("<title>&xxe;</title>" + CIRCLE),
        "DTD",
    ),
    "entity bomb": (
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        + SVG.format("<title>&b;</title>" + CIRCLE),
        "DTD",
    ),
    "not an svg": ("<html><body>hi</body></html>\n", "not an SVG"),
    "not xml": ("this is not xml at all\n", "not valid XML"),
    "no viewBox": ('<svg xmlns="http://www.w3.org/2000/svg">' + CIRCLE + "</svg>", "viewBox"),
    "nothing drawable": (SVG.format("<title>empty</title>"), "nothing to draw"),
}


@pytest.mark.parametrize("case", sorted(ICON_CASES))
def test_hostile_svg_is_refused(case: str, tmp_path: Path) -> None:
    text, message = ICON_CASES[case]
    project = make_project(tmp_path, {"icons/coin.svg": text})
    line = refused(project, "content/demo/icons.yaml:3:11", "check")
    assert message in line and "content/demo/icons/coin.svg" in line


def test_a_40_mb_svg_is_refused_without_reading_it(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    with (project / "content" / "demo" / "icons" / "coin.svg").open("wb") as handle:
        handle.write(SVG.format(CIRCLE).encode())
        handle.truncate(40 * 1024 * 1024)
    line = refused(project, "content/demo/icons.yaml:3:11", "check")
    assert "too large" in line


@pytest.mark.parametrize(
    ("file", "message"),
    [
        ("/etc/passwd", "must be a path inside the game folder"),
        ("../../../../../../etc/passwd", "is outside its game folder"),
        ("icons/../../other/coin.svg", "is outside its game folder"),
    ],
)
def test_icon_paths_outside_the_game_folder_are_refused(
    file: str, message: str, tmp_path: Path
) -> None:
    icons = DEMO_FILES["icons.yaml"].replace("icons/coin.svg", file)
    project = make_project(tmp_path, {"icons.yaml": icons})
    line = refused(project, "content/demo/icons.yaml:3:11", "check")
    assert message in line and str(tmp_path) not in line


def test_an_icon_symlinked_out_of_the_game_folder_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path / "project")
    secret = tmp_path / "secret.svg"
    secret.write_text(SVG.format(CIRCLE), encoding="utf-8")
    icon = project / "content" / "demo" / "icons" / "coin.svg"
    icon.unlink()
    icon.symlink_to(secret)
    line = refused(project, "content/demo/icons.yaml:3:11", "check")
    assert "content/demo/icons/coin.svg is outside its game folder" in line


def test_svg_reduction_keeps_drawing_and_drops_the_rest(tmp_path: Path) -> None:
    from starpress.core.svg import sanitized_svg

    folder = tmp_path / "game"
    (folder / "icons").mkdir(parents=True)
    icon = folder / "icons" / "x.svg"
    icon.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 8 8" width="8"><style>@import url(http://x)</style><metadata>m</metadata>'
        '<g fill="url(http://evil/#a)" stroke="#000"><path id="p" d="M0 0L8 8" data-x="1"/>'
        '<use xlink:href="#p" x="1"/></g><text>hi</text></svg>',
        encoding="utf-8",
    )
    assert sanitized_svg(icon, folder) == (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'viewBox="0 0 8 8" width="8"><g stroke="#000"><path id="p" d="M0 0L8 8"></path>'
        '<use xlink:href="#p" x="1"></use></g></svg>\n'
    )


# -- catalogs ------------------------------------------------------------------------------

PO_HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
PO_ENTRY = (
    'msgctxt "demo.rules.setup.body"\nmsgid "Take a :coin: and read [[demo.glossary.coin]]."\n'
)
PO_CASES: dict[str, tuple[bytes, str, str]] = {
    "markup mismatch": (
        (PO_HEADER + PO_ENTRY + 'msgstr "Pegue e leia [[demo.glossary.coin]]."\n').encode(),
        "pt-BR.po:7",
        "markup differs (missing [':coin:'], extra [])",
    ),
    "broken": (
        (PO_HEADER + PO_ENTRY + 'msgstr "Pegue"\nthis is not PO\n').encode(),
        "pt-BR.po:8",
        "invalid PO",
    ),
    "string not closed, then a second msgstr": (  # Babel read it, one letter short
        (
            PO_HEADER
            + PO_ENTRY
            + 'msgstr "Pegue uma :coin: e leia [[demo.glossary.coin]].\nmsgstr "Pegue"\n'
        ).encode(),
        "pt-BR.po:7:8",
        'invalid PO: string not closed (the line ends before its closing ")',
    ),
    "binary": (b"\x00\x01\x02\xde\x12\x04\x95" * 100, "pt-BR.po:1", "binary"),
    "non-UTF-8": (
        (PO_HEADER + PO_ENTRY).encode() + b'msgstr "Pegue \xe7"\n',
        "pt-BR.po:7",
        "UTF-8",
    ),
}
PO_COMMANDS = {
    "compile": ["i18n", "compile"],
    "report": ["i18n", "report"],
    "pnp": ["pnp", "demo", "--lang", "pt-BR"],
}


@pytest.mark.parametrize("command", sorted(PO_COMMANDS))
@pytest.mark.parametrize("case", sorted(PO_CASES))
def test_bad_catalogs_are_refused_by_every_command(case: str, command: str, tmp_path: Path) -> None:
    data, where, message = PO_CASES[case]
    project = kit(tmp_path)
    (project / "content" / "demo" / "locale").mkdir()
    (project / "content" / "demo" / "locale" / "pt-BR.po").write_bytes(data)
    line = refused(project, f"content/demo/locale/{where}: ", *PO_COMMANDS[command])
    assert message in line


def test_a_broken_ui_catalog_is_refused(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    folder = project / "templates" / "locale" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "messages.po").write_bytes(b"\xff\xfe garbage\x00")
    refused(project, "templates/locale/es/LC_MESSAGES/messages.po:1: ", "i18n", "report")


# -- save files ----------------------------------------------------------------------------


def golden_events(name: str = "afternova-simulated-seed7") -> list[dict[str, object]]:
    lines = (GOLDEN / f"{name}.jsonl").read_text("utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    for event in events:
        del event["h"]
    return events


def edit(index: int, **changes: object) -> Callable[[list[dict[str, object]]], str]:
    def edited(events: list[dict[str, object]]) -> str:
        events[index].update(changes)
        return chained(events)

    return edited


def edited_answer(events: list[dict[str, object]]) -> str:
    """The first answer changed by hand, its hash left as it was."""
    lines = chained(events).splitlines()
    index = next(n for n, line in enumerate(lines) if '"answer"' in line)
    event = json.loads(lines[index])
    event["value"] = "f" if event["value"] != "f" else "b"
    lines[index] = json.dumps(event, sort_keys=True)
    return "\n".join(lines) + "\n"


def unknown_kind(events: list[dict[str, object]]) -> str:
    events.insert(3, {"t": "cheat", "key": "win", "value": True})
    return chained(events)


def old_format(events: list[dict[str, object]]) -> str:
    del events[0]["v"], events[0]["content"]
    return "".join(json.dumps(event, sort_keys=True) + "\n" for event in events)


UNREADABLE_JSON = {
    "integer of 5000 digits": (
        '{"h": "0", "key": "x", "t": "answer", "value": ' + "9" * 5000 + "}\n",
        "not a log line (a number of more than 4300 digits)",
    ),
    "lone surrogate": (
        '{"h": "0", "key": "x", "t": "answer", "value": "\\ud800"}\n',
        "not a log line (\\ud800 is half of a character, not text)",
    ),
}
"""JSON that Python's reader takes, or stops at with a ValueError of its own, but that is no
text to hash (a lone surrogate) or no number to read (over `sys.get_int_max_str_digits`)."""


@pytest.mark.parametrize("case", sorted(UNREADABLE_JSON))
def test_unreadable_json_loaded_on_the_play_page_is_one_located_line(case: str) -> None:
    from starpress.automa.web.page import Page
    from tests.web_games import data_text

    line, message = UNREADABLE_JSON[case]
    page = Page(data_text("afternova", "en"))
    started = page.start(7, {})
    view = page.load(chained(golden_events()[:2]) + line)
    assert view["error"] == f"line 3: {message}"
    assert page.start(7, {})["question"] == started["question"]  # the page plays on


def test_a_raw_lone_surrogate_loaded_on_the_play_page_is_one_located_line() -> None:
    """A JavaScript string can hold a lone surrogate the page hands over unescaped (not as
    a JSON `\\ud800` escape): the page refuses it at its line and plays on."""
    from starpress.automa.web.page import Page
    from tests.web_games import data_text

    page = Page(data_text("afternova", "en"))
    started = page.start(7, {})
    view = page.load(chained(golden_events()[:2]) + '{"t": "answer", "key": "\ud800"}\n')
    assert view["error"] == "line 3: not UTF-8 text (a binary file?)"
    assert page.start(7, {})["question"] == started["question"]


SAVE_CASES: dict[str, tuple[Callable[[list[dict[str, object]]], str | bytes], str, str]] = {
    "binary": (lambda events: b"\x00\xff\xfe\x01" * 64, "save.jsonl:1", "not UTF-8"),
    "not JSON": (lambda events: "hello\n", "save.jsonl:1", "not a log line"),
    "empty file": (lambda events: "", "save.jsonl:1", "empty save file"),
    "older format": (old_format, "save.jsonl:1", "older format (version 1); start a new game"),
    "other version": (edit(0, v=99), "save.jsonl:1", "format version 99"),
    "edited answer": (edited_answer, "save.jsonl:6", "edited or damaged"),
    "huge line": (
        lambda events: chained(events[:1]) + '{"t": "answer", "key": "' + "x" * 200_000 + '"}\n',
        "save.jsonl:2",
        "line too long",
    ),
    "unknown event kind": (unknown_kind, "save.jsonl:4", "unknown or misplaced event kind"),
    **{
        case: (lambda events, line=line: chained(events[:2]) + line, "save.jsonl:3", message)
        for case, (line, message) in UNREADABLE_JSON.items()
    },
    "seed as a string": (edit(0, seed="seven"), "save.jsonl:1", "'seed' has the wrong type"),
    "key as a number": (edit(2, key=5), "save.jsonl:3", "'key' has the wrong type"),
    "unknown mode": (edit(0, mode="god"), "save.jsonl:1", "unknown mode 'god'"),
    "unknown language": (edit(0, lang="xx"), "save.jsonl:1", "unknown lang 'xx'"),
    "seed out of range": (edit(0, seed=-1), "save.jsonl:1", "seed out of range"),
    "changed content": (edit(0, content="0" * 64), "save.jsonl:1", "other afternova content"),
    "game without a bot": (edit(0, game="no-such-game"), "save.jsonl:1", "game with a bot"),
    "unknown colour": (edit(20, value="rosa"), "save.jsonl:21", "save.jsonl:21: "),
    # a forged line with a valid chain: what was typed must parse to the logged value again
    "value unlike what was typed": (
        edit(5, value="finish"),
        "save.jsonl:6",
        "the answer's value is not what was typed",
    ),
    "typed answer that does not parse": (
        edit(5, raw="xyzzy"),
        "save.jsonl:6",
        "the answer typed is not valid here",
    ),
    "a person's answer without what was typed": (
        lambda events: chained([{k: v for k, v in e.items() if k != "raw"} for e in events]),
        "save.jsonl:6",
        "a person's answer without what they typed",
    ),
}


@pytest.mark.parametrize("command", ["replay", "resume"])
@pytest.mark.parametrize("case", sorted(SAVE_CASES))
def test_hostile_save_files_are_refused(case: str, command: str, tmp_path: Path) -> None:
    make, where, message = SAVE_CASES[case]
    save = tmp_path / "save.jsonl"
    data = make(golden_events())
    save.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    before = save.read_bytes()
    run = run_measured(*_save_args(command, save), cwd=ROOT)
    line = assert_refused(run, where)
    assert message in line and str(tmp_path) not in line
    assert save.read_bytes() == before


def _save_args(command: str, save: Path) -> list[str]:
    return ["automa", "afternova", command, *(["--auto"] if command == "resume" else []), str(save)]


def test_a_luna_maris_log_through_the_afternova_commands_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "luna.jsonl"
    shutil.copy(GOLDEN / "luna-maris-basic-seed3.jsonl", save)
    for command in ("replay", "resume"):
        line = assert_refused(run_measured(*_save_args(command, save), cwd=ROOT), "luna.jsonl:1")
        assert "a log of luna-maris, not of afternova" in line


def test_the_golden_logs_still_replay(tmp_path: Path) -> None:
    run = run_measured(
        "automa", "afternova", "replay", str(GOLDEN / "afternova-simulated-seed7.jsonl"), cwd=ROOT
    )
    assert run.code == 0, run.stderr
    assert run.stdout == (GOLDEN / "afternova-simulated-seed7.txt").read_text("utf-8")


@pytest.mark.parametrize(
    "args",
    [
        ("automa", "luna-maris", "play", "--mode", "simulated", "--auto", "--seed", "-1"),
        ("automa", "afternova", "play", "--mode", "simulated", "--seed", str(2**64)),
        ("automa", "afternova", "simulate", "--games", "3", "--seed", str(2**64 - 2)),
        ("automa", "luna-maris", "simulate", "--games", "3", "--level", "bogus"),
        ("automa", "afternova", "play", "--lang", "xx"),
    ],
)
def test_bad_bot_options_are_one_line_and_write_no_save(args: tuple[str, ...]) -> None:
    from conftest import ROOT

    before = (
        set((ROOT / "build" / "automa").glob("*"))
        if (ROOT / "build" / "automa").is_dir()
        else set()
    )
    run = run_measured(*args, cwd=ROOT)
    line = assert_refused(run, "--")
    assert line.startswith("error: --"), line
    after = (
        set((ROOT / "build" / "automa").glob("*"))
        if (ROOT / "build" / "automa").is_dir()
        else set()
    )
    assert after == before


def test_a_modelled_table_replays_as_it_was_played(tmp_path: Path) -> None:
    """Afternova's `--seats baseline`: the modelled seats answer in play and in replay (their
    answers are logged without typed text and checked against the legal actions)."""
    save = tmp_path / "table.jsonl"
    args = ("automa", "afternova", "play", "--mode", "simulated", "--seats", "baseline")
    played = run_measured(*args, "--auto", "--seed", "3", "--save", str(save), cwd=ROOT)
    assert played.code == 0 and "ask_turn" not in played.stdout, played
    replayed = run_measured("automa", "afternova", "replay", str(save), cwd=ROOT)
    assert replayed.code == 0, replayed
    # a replay says no save file: the game is played from it
    assert replayed.stdout == without_save(played.stdout, save) and "31 PV" in replayed.stdout
