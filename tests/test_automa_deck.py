"""The automaton language (`automa.deck`): what a deck's content may say and the exact located
error when it may not, its expressions, and how the interpreter reads cards (the first action
that can, every action that can, questions asked once per card, priority lists and ties,
levels as decks, reshuffles, the end). What every bot does (replay, resume, undo, pages) is
the conformance suite's (`test_automa_bots.py`, with the deck `starpress new --automa`
writes); Aristeia!'s automaton in the language is `test_automa_deck_aristeia.py`.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from starpress.automa.deck import exprs
from starpress.automa.deck.program import DeckError
from starpress.automa.engine import runner
from starpress.automa.engine.state import Ask
from starpress.core.load import load_game
from starpress.core.problems import ContentError
from tests.conftest import make_project, without_save

ENGINE = """\
    continue: "(Enter)"
    key_enter: "Enter"
    undone: "Undone."
    nothing_to_undo: "Nothing to undo."
    saved: "Saved in {path}."
    help: "s, u, q, ?"
    ignored: "'{answer}' ignored."
    recap: "Resumed:"
    finished: "Over:"
    bad_choice: "'{answer}': not one of {examples}."
    ambiguous_choice: "'{answer}' could be {names}."
    ask_score: "Score of {player}"
    ask_your_score: "Your score"
    bad_count: "'{answer}' is no count."
    final_scores: "Final scores: {scores}."
    winner: "Winner: {player}."
    winner_tie: "Winner: {player} ({why})."
    shared_win: "Tie: {players}."
    bad_answer: "'{answer}' does not fit: {hint}."
    save_file: "Save file of this game: {path}"
    pad_total: "Total"
    bad_pad: "'{answer}': {count} numbers are needed, one per line ({lines})."
    bad_pad_line: "'{answer}' does not work for «{line}»: type a whole number from {low} to {high}."
    answer_yes: "yes"
    answer_no: "no"
    player_human: "you"
    player_bot: "the bot"
"""

DECK = (
    """\
automa:
  kind: deck-automaton
  variant: demo.rules.setup
  default_level: normal
  levels:
    short: {deck: {bot: [1, 2]}}
    normal: {}
    hard: {bonus: {extra: 2}}
  scoring: {vp: {}}
  variables: {taken: 0}
  questions:
    free: {answer: yes-no}
    rivals: {answer: {number: [0, 5]}}
    colour: {answer: {one-of: [red, blue]}}
    nearest: {answer: candidates}
  actions:
    take: {text: "It takes a :coin:.", score: {vp: "1 + bonus.extra"}}
  decks:
    bot:
      reshuffled: reshuffled
      last: take
      cards:
        1:
          actions:
            - {text: "**Expand**: a piece on a free space.", when: [free, {rivals: {at_least: 2}}]}
            - {say: paint, when: [{colour: [red]}, not free]}
        2:
          actions:
            - text: "It attacks."
              target:
                {among: [north, south, east], by: [nearest], tie: last, say: aimed, words: side_}
              score: {vp: 3}
        3: {actions: [take]}
  rounds: {count: 3}
  round:
    - say: turn
      values: {round: round}
      rules: [demo.rules.setup]
    - flip: bot
    - play: bot
    - add: {taken: 1}
  status:
    - say: status
      values: {round: round, taken: taken}
  messages:
    turn: "Round {round}."
    ask_bot_card: "Its card ({options})"
    ask_free: "Free space? {options}"
    ask_rivals: "Rivals near? ({options})"
    ask_colour: "Colour? {options}"
    colour_red: "red"
    colour_blue: "blue"
    ask_nearest: "Nearest? {options}"
    side_north: "north"
    side_south: "south"
    side_east: "east"
    aimed: "It aims {target}."
    paint: "It paints."
    reshuffled: "Shuffle its deck."
    status: "Round {round}, {taken} taken."
"""
    + ENGINE
)


def project(tmp_path: Path, deck: str = DECK) -> Path:
    return make_project(tmp_path, {"automa.yaml": deck})


def problems(tmp_path: Path, deck: str) -> list[str]:
    """The problems `starpress check` reports for this deck."""
    with pytest.raises(ContentError) as error:
        load_game(project(tmp_path, deck), "demo")
    return [str(problem) for problem in error.value.problems]


def changed(old: str, new: str) -> str:
    assert old in DECK, old
    return DECK.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


# -- the content: located errors --------------------------------------------------------


def test_the_deck_loads(tmp_path: Path) -> None:
    game = load_game(project(tmp_path), "demo")
    assert game.automa is not None and game.automa.kind == "deck-automaton"


@pytest.mark.parametrize(
    ("old", "new", "needle", "message"),
    [
        ("when: [free, {", "when: [fre, {", "when: [fre",
         "unknown question 'fre' (questions: free, rivals, colour, nearest)"),
        ("last: take", "last: takes", "last: takes",
         "unknown action 'takes' (actions: take)"),
        ("{vp: \"1 + bonus.extra\"}", "{vp: \"1 + bonus.xtra\"}", "bonus.xtra",
         "expression '1 + bonus.xtra': bonus has no 'xtra' (bonus: extra)"),
        ("{vp: \"1 + bonus.extra\"}", "{vp: \"1 + bonus.extr(a)\"}", "bonus.extr(a)",
         "expression '1 + bonus.extr(a)': unknown function 'extr' (functions: len, sum, min, "
         "max, abs, keep, without, pair)"),
        ("values: {round: round}", "values: {round: rond}", "rond",
         "expression 'rond': unknown name 'rond' (names like it here: round, bonus, bot, mode, "
         "seed, free)"),
        ("add: {taken: 1}", "add: {takn: 1}", "takn",
         "'takn' is not a variable (variables: taken): declare it"),
        ("short: {deck: {bot: [1, 2]}}", "short: {deck: {bot: [1, 9]}}", "short:",
         "deck 'bot' has no card 9"),
        ("    turn: \"Round {round}.\"\n", "    turn: \"Round {round} of {rounds}.\"\n",
         "- say: turn", "message 'turn' says {rounds}, which is not given here"),
        ("    aimed: \"It aims {target}.\"\n", "", "say: aimed",
         "missing message 'aimed' (write it under messages)"),
        ("{rivals: {at_least: 2}}", "{free: {at_least: 2}}", "{free: {at_least",
         "{at_least: n, at_most: n} is for a question answered with a number ('free' is not, "
         "or the bounds are not numbers)"),
        ("{colour: [red]}", "{colour: [green]}", "{colour: [green]}",
         "'green' is not a choice of 'colour' (red, blue)"),
        ("        3: {actions: [take]}", "        3: {actions: [take], last: {text: \"It waits.\", "
         "when: [free]}}", "It waits", "a last resort always applies: no conditions"),
        ("    - play: bot\n", "    - play: bot\n    - jump: bot\n", "jump",
         "round: a step is one of say (or text), ask, flip, play, set, add, score, if, each, "
         "draw, end"),
        ("{text: \"It takes a :coin:.\"", "{text: \"It takes {n} :coin:.\"", "It takes {n}",
         "a text is said as written: no {placeholders} (use a message with values)"),
        ("      values: {round: round, taken: taken}", "      values: {round: round, taken: free}",
         "taken: free}", "expression 'free': unknown name 'free' (names like it here: mode, "
         "seed, level, score, table, taken)"),
    ],
)  # fmt: skip
def test_a_mistake_in_a_deck_is_one_located_line(
    tmp_path: Path, old: str, new: str, needle: str, message: str
) -> None:
    deck = changed(old, new)
    found = problems(tmp_path, deck)
    line = line_of(deck, needle)
    assert any(p.endswith(f": {message}") and f"automa.yaml:{line}:" in p for p in found), found


def test_the_engine_s_messages_are_required(tmp_path: Path) -> None:
    found = problems(tmp_path, changed('    undone: "Undone."\n', ""))
    assert any(
        "missing message 'undone' (every bot words what the engine says)" in p for p in found
    ), found


def test_a_first_deck_that_is_played_needs_a_last_resort(tmp_path: Path) -> None:
    deck = changed("      last: take\n", "")
    found = problems(tmp_path, deck)
    assert len(found) == 3, found  # card 3's only action is not a last resort either
    assert all("a card of a 'first' deck needs a last resort" in p for p in found)


def test_rules_and_icons_are_checked_by_the_loader(tmp_path: Path) -> None:
    deck = changed("rules: [demo.rules.setup]", "rules: [demo.rules.nope]")
    deck = deck.replace("It takes a :coin:.", "It takes a :gem:.")
    found = problems(tmp_path, deck)
    assert any(p.endswith("unknown rule 'demo.rules.nope'") for p in found), found
    assert any(p.endswith("unknown icon 'gem'") for p in found), found


# -- expressions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 + points.player * 2", 7),
        ("'a' if round > 2 else 'b'", "a"),
        ("keep(['x', 'y', 'z'], ['z', 'x'])", ["x", "z"]),
        ("without([1, 2, 1], 1)", [2]),
        ("pair(['a', 'b'], [1, 2])['b']", 2),
        ("len(hand) > 1 and not done", True),
        ("hand[-1]", 5),
        ("max(3, round) >= 3 or false", True),
    ],
)
def test_expressions_compute(text: str, value: object) -> None:
    env = {"points": {"player": 3}, "round": 3, "hand": [4, 5], "done": False}
    assert exprs.evaluate(text, env) == value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[x for x in y]", "a list comprehension is not part of the language"),
        ("(lambda: 1)()", "unknown function '(…)'"),
        ("__import__('os')", "unknown function '__import__'"),
        ("x.__class__", ""),
        ("1.5 + 1", "1.5: only whole numbers and 'text' are values"),
        ("y[1:2]", "slices are not part of the language"),
        ("1 +", "not an expression"),
    ],
)
def test_expressions_refuse_what_is_not_the_language(text: str, message: str) -> None:
    if text == "x.__class__":  # a name's key: read from maps only, never an attribute
        with pytest.raises(exprs.ExprError, match="has no '__class__'"):
            exprs.evaluate(text, {"x": 1})
        return
    with pytest.raises(exprs.ExprError, match=message.replace("(", r"\(").replace(")", r"\)")):
        exprs.parse(text)


# -- the interpreter ----------------------------------------------------------------------


class Person:
    """Answers each question from its own list (by the question's key), recording the keys
    asked in order."""

    def __init__(self, answers: dict[str, list[str]]) -> None:
        self.answers = {key: list(values) for key, values in answers.items()}
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str:
        ask = getattr(prompt, "ask", None)
        assert isinstance(ask, Ask), prompt
        self.asked.append(ask.key)
        left = self.answers.get(ask.key)
        assert left, f"asked {ask.key!r} with no answer left"
        return left.pop(0)


def table(root: Path, answers: dict[str, list[str]], level: str = "normal") -> tuple[str, Person]:
    """A game at the table: its transcript, and who answered."""
    person = Person(answers)
    out = io.StringIO()
    runner.play(root, "demo", "table", 5, root / "game.jsonl", "en", True, False,
                {"level": level}, read=person, out=out)  # fmt: skip
    assert not any(person.answers.values()), f"answers left: {person.answers}"
    return without_save(out.getvalue(), root / "game.jsonl"), person


def test_a_first_card_does_its_first_action_that_can_else_its_last_resort(tmp_path: Path) -> None:
    root = project(tmp_path)
    said, person = table(root, {
        "bot_card": ["1", "1", "3", "2"],  # card 1 again: flipped already, refused
        "free": ["1"], "rivals": ["3"],     # card 1: a free space, 3 rivals: Expand
        "nearest": ["1"],                   # card 2: north only
        "score_human": ["5"],
    })  # fmt: skip
    assert said.splitlines() == [
        "Round 1.  [Setup]",
        "Expand: a piece on a free space.",
        "Round 2.  [Setup]",
        "'1' does not fit: 2, 3.",
        "It takes a coin.",  # card 3: its only action is the shared `take`
        "Round 3.  [Setup]",
        "Shuffle its deck.",  # its last card is flipped
        "It attacks.",
        "It aims north.",
        "Final scores: you (5), the bot (4).  [Setup]",  # the variant, by default
        "Winner: you.  [Setup]",
    ]
    assert person.asked[:4] == ["bot_card", "free", "rivals", "bot_card"]


def test_conditions_are_asked_in_order_once_per_card_and_stop_at_the_first_that_fails(
    tmp_path: Path,
) -> None:
    root = project(tmp_path)
    said, person = table(root, {
        "bot_card": ["1", "2", "3"], "free": ["0"], "colour": ["1"], "nearest": ["1 2"],
        "score_human": ["0"],
    })  # fmt: skip
    # card 1: no free space, so the first action stops there (rivals is not asked); the
    # second asks the colour, and `not free` is known already: it paints
    assert person.asked[:4] == ["bot_card", "free", "colour", "bot_card"]
    assert "It paints." in said.splitlines()


def test_a_target_is_narrowed_by_its_priority_list_and_a_tie_broken_as_written(
    tmp_path: Path,
) -> None:
    root = project(tmp_path)
    said, _person = table(root, {
        "bot_card": ["2", "3", "1"], "nearest": ["1 2"], "free": ["0"], "colour": ["2"],
        "score_human": ["9"],
    })  # fmt: skip
    lines = said.splitlines()
    assert lines[1:3] == ["It attacks.", "It aims south."]  # north and south; tie: last
    assert lines[-3:] == [  # card 1: neither action, its last resort (take)
        "It takes a coin.",
        "Final scores: you (9), the bot (5).  [Setup]",
        "Winner: you.  [Setup]",
    ]


def test_a_level_s_deck_refuses_a_card_it_does_not_hold_and_reshuffles(tmp_path: Path) -> None:
    root = project(tmp_path)
    said, _person = table(root, {
        "bot_card": ["3", "2", "1", "2"], "nearest": ["3", "1"], "free": ["1"],
        "rivals": ["0"], "colour": ["2"], "score_human": ["1"],
    }, "short")  # fmt: skip
    lines = said.splitlines()
    assert "'3' does not fit: 1–2." in lines  # card 3 is not in the short level's deck
    assert lines.index("Shuffle its deck.") == lines.index("Round 2.  [Setup]") + 1
    assert "'2' does not fit: 1." not in lines  # shuffled again: card 2 may come at once


def test_a_bonus_of_the_level_changes_the_score(tmp_path: Path) -> None:
    root = project(tmp_path)
    answers = {"bot_card": ["3", "1", "2"], "free": ["0"], "colour": ["2"], "nearest": ["3"],
               "score_human": ["9"]}  # fmt: skip
    normal, _ = table(root, answers)
    assert "Final scores: you (9), the bot (5)." in normal  # take, take, attack (3)
    hard, _ = table(root, answers, "hard")
    assert "Final scores: you (9), the bot (9)." in hard  # each take 1 + 2


def test_a_deck_that_ends_the_game_when_empty(tmp_path: Path) -> None:
    deck = changed("      reshuffled: reshuffled\n", "      on_empty: end\n").replace(
        "rounds: {count: 3}", "rounds: {count: 9}"
    )
    root = project(tmp_path, deck)
    said, _ = table(root, {"bot_card": ["1", "2"], "free": ["0"], "colour": ["2"],
                           "nearest": ["1"], "score_human": ["0"]}, "short")  # fmt: skip
    assert said.count("Round ") == 3  # two cards, and the third round finds its deck empty


def test_an_expression_that_cannot_be_computed_names_its_place(tmp_path: Path) -> None:
    deck = changed("    - add: {taken: 1}", "    - add: {taken: \"taken + 'x'\"}")
    root = project(tmp_path, deck)
    with pytest.raises(DeckError, match=r"round\.3: \"taken \+ 'x'\""):
        table(root, {"bot_card": ["3"]})


def test_the_deck_alone_draws_its_answers_from_the_stated_frequencies(tmp_path: Path) -> None:
    from starpress.automa.sim.simulate import play_games

    deck = changed("free: {answer: yes-no}", "free: {answer: yes-no, frequency: {yes: 0, no: 1}}")
    game = load_game(project(tmp_path, deck), "demo")
    tally = play_games(game, 1, 60, {"level": "normal"}, check=True)
    assert tally.games == 60 and set(tally.scores) == {"bot"}
    assert tally.said["paint"] > 0  # `not free` always holds: a red card 1 paints
    assert "Expand" not in str(tally.said)  # never a free space: never expands


# -- the scaffold's deck ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es", "it", "pt-BR"])
def test_new_automa_writes_a_deck_that_checks_and_plays_to_the_end(
    tmp_path: Path, lang: str
) -> None:
    from starpress.cli import scaffold
    from tests.bot_cases import TypedPerson

    made = scaffold.create(tmp_path / "project", "solo", lang, "Solo", automa=True)
    assert (made.folder / "automa.yaml").is_file() and (made.folder / "solo.yaml").is_file()
    assert any("starpress automa solo check" in line for line in made.messages)
    game = load_game(made.project, "solo")
    assert game.automa is not None and game.automa.kind == "deck-automaton"
    for level in ("easy", "normal", "hard"):
        out = io.StringIO()
        save = tmp_path / f"{lang}-{level}.jsonl"
        runner.play(made.project, "solo", "table", 7, save, lang, True, False, {"level": level},
                    read=TypedPerson(7, commands=True), out=out)  # fmt: skip
        said = without_save(out.getvalue(), save)
        assert said.count("\n") > 20 and "{" not in said, said
        final = {"en": "Final scores", "es": "Puntuaciones finales", "it": "Punteggi finali",
                 "pt-BR": "Pontuações finais"}[lang]  # fmt: skip
        assert final in said.splitlines()[-2]


# -- printed from the same data -----------------------------------------------------------


def test_a_deck_s_cards_are_cards_of_the_game_and_print_in_its_kit(tmp_path: Path) -> None:
    import pymupdf
    from babel.messages.pofile import read_po, write_po

    from starpress.cli import scaffold
    from starpress.core.i18n import localize
    from starpress.core.messages import game_messages
    from tests.conftest import run_cli

    made = scaffold.create(tmp_path / "project", "solo", "en", "Solo", automa=True)
    game = load_game(made.project, "solo")
    cards = game.cards_of("solo.component.automaton-card")
    assert [card.id for card in cards] == [f"solo.card.automaton-bot-{n}" for n in range(1, 7)]
    raider = cards[2]
    assert raider.name == "Raider" and raider.fields["number"] == 3
    assert raider.fields["actions"] == [
        "**Raid**: if you hold 3 cards or more, you discard one of your choice.",
        ":star: **Buy**: if a card of the row costs 2 or less, it takes the cheapest one.",
    ]
    assert raider.fields["last"] == "**Wait**: it takes 1 :star: from the supply."
    # one text, one entry in the catalogs: the deck's (a shared action's once for all cards)
    ids = [message.id for message in game_messages(game)]
    assert len(ids) == len(set(ids))
    assert ids.count("solo.automa.actions.buy.text") == 1
    # translated once, printed translated on every card that names it
    path = made.folder / "locale" / "pt-BR.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    message = catalog.get(
        "**Wait**: it takes 1 :star: from the supply.", "solo.automa.actions.wait.text"
    )
    assert message is not None
    message.string = "**Esperar**: pega 1 :star:."
    with path.open("wb") as handle:
        write_po(handle, catalog)
    localized = localize(made.project, game, "pt-BR")
    lasts = {card.fields["last"] for card in localized.cards_of("solo.component.automaton-card")}
    assert lasts == {"**Esperar**: pega 1 :star:."}
    done = run_cli("pnp", "solo", "--lang", "en", cwd=made.project)
    assert done.returncode == 0, done.stderr
    with pymupdf.open(made.project / "build" / "pnp" / "solo-en-a4.pdf") as kit:
        text = " ".join(page.get_text() for page in kit)
    for name in ("Shopper", "Saver", "Raider", "Mimic", "Hoarder", "Tycoon"):
        assert name in text
    assert text.count("from the supply.") >= 6  # every card's last resort


# -- check and stats --------------------------------------------------------------------


def test_check_walks_every_card_through_every_answer_and_plays_every_level(
    tmp_path: Path,
) -> None:
    from starpress.automa.deck.bot import deck_of
    from starpress.automa.deck.walk import check
    from starpress.automa.engine.voice import Voice

    game = load_game(project(tmp_path), "demo")
    data = deck_of(game)
    assert data is not None
    report = check(data, Voice(game), games=20)
    assert not report.problems, report.problems
    assert report.games == {"normal": 21, "short": 21, "hard": 21}  # 20 alone, 1 at the table
    walked = {(card.deck, card.card): card for card in report.cards}
    card1 = walked[("bot", 1)]
    # free: 6 numbers of rivals (2–5 expand; 0–1 ask the colour, `not free` fails: take);
    # not free: rivals is not asked, the colour is (red paints, blue takes)
    assert card1.ways == 4 + 2 * 2 + 2 and not card1.random
    assert card1.did == {"bot 1.1": 4, "bot 1.2": 1, "take": 5}
    card2 = walked[("bot", 2)]
    assert card2.ways == 7 and card2.did == {"bot 2.1": 7}  # every non-empty set of 3 sides


def test_check_reports_an_expression_a_way_cannot_compute(tmp_path: Path) -> None:
    from starpress.automa.deck.bot import deck_of
    from starpress.automa.deck.walk import check
    from starpress.automa.engine.voice import Voice

    deck = changed("when: [free, {rivals: {at_least: 2}}]",
                   "when: [free, {if: \"rivals > taken\"}, {rivals: {at_least: 2}}]")  # fmt: skip
    game = load_game(project(tmp_path, deck), "demo")
    data = deck_of(game)
    assert data is not None
    report = check(data, Voice(game), games=3)
    assert any("'rivals' has no value yet" in problem for problem in report.problems)


def test_stats_say_how_often_each_action_happens_by_level_and_round(tmp_path: Path) -> None:
    from starpress.automa.deck.bot import deck_of
    from starpress.automa.deck.stats import stats
    from starpress.automa.engine.voice import Voice

    game = load_game(project(tmp_path), "demo")
    data = deck_of(game)
    assert data is not None
    first = stats(data, Voice(game), 200, 1)
    assert first == stats(data, Voice(game), 200, 1)  # the seed decides it all
    by_level = {summary["level"]: summary for summary in first}
    assert list(by_level) == ["normal", "short", "hard"]
    for summary in first:
        assert summary["rounds"] == {"3": 200}
        assert round(sum(summary["actions"].values()), 3) == 3  # one action a round
        assert set(summary["per_round"]) == {"1", "2", "3"}
    assert "take" not in by_level["short"]["actions"] or by_level["short"]["actions"]["take"] < 2
    assert by_level["hard"]["scores"]["vp"] > by_level["normal"]["scores"]["vp"]  # the bonus
    assert "bot 3" not in str(by_level["short"]["actions"])  # card 3 is not in its deck


def test_the_check_and_stats_commands(tmp_path: Path) -> None:
    import json

    from tests.conftest import ROOT, run_cli

    root = project(tmp_path)
    done = run_cli("automa", "demo", "check", "--games", "5", cwd=root)
    assert done.returncode == 0, done.stderr
    assert "bot 2: 7 ways (every answer): bot 2.1 7" in done.stdout
    assert done.stdout.rstrip().endswith("every game ends")
    done = run_cli("automa", "demo", "stats", "--games", "50", "--json", "--svg", "charts",
                   cwd=root)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [summary["level"] for summary in json.loads(done.stdout)] == ["normal", "short", "hard"]
    assert (root / "charts" / "stats-short.svg").read_text().startswith("<svg")
    done = run_cli("automa", "demo", "stats", "--level", "nope", cwd=root)
    assert done.returncode == 2 and "--level must be one of normal, short, hard" in done.stderr
    done = run_cli("automa", "afternova", "check", cwd=ROOT)  # a bot without a deck
    assert done.returncode == 2 and "No such command 'check'" in done.stderr + done.stdout
