"""The answer kinds of a bot's questions (`automa.engine.answers`, `automa.engine.choices`):
what each parses, the words the log keeps, how a prompt lists its options, a page's buttons."""

from __future__ import annotations

import pytest

from starpress.automa.engine.answers import (
    Answer,
    AnyOf,
    Button,
    Choice,
    Number,
    OneOf,
    Parts,
    Refusal,
    Refused,
    Several,
)
from starpress.automa.engine.choices import Cards, Option, Options

REPORT = OneOf.of(
    (Choice("1", "a conflict you started", "conflict"),
     Choice("2", "an Achievement of yours", "achievement", hint="you have it"),
     Choice("", "nothing more", "")),
    Refusal("bad_answer", {"hint": "1–2"}),
)  # fmt: skip
COLOURS = OneOf.of(
    (Choice("purple", "viola", "purple", names=("viola", "lila")),
     Choice("green", "verde", "green", names=("verde",))),
    Refusal("bad_colour", {"colours": "viola, verde"}),
    by_name=True,
)  # fmt: skip
CARDS = Options.of([Option("a", "B 1/40", "Propulsori Ionici"),
                    Option("b", "B 2/40", "Officina di Bordo"),
                    Option("c", "B 12/40", "Dr. Élia Mercator"),
                    Option("d", "B 13/40", "Officina Leggera")])  # fmt: skip


def refusal(raw: str, answer: Answer) -> tuple[str, dict[str, object]]:
    with pytest.raises(Refused) as refused:
        answer.parse(raw)
    return refused.value.key, refused.value.values


def test_one_of_is_typed_by_key_and_keeps_the_key() -> None:
    assert REPORT.parse(" 1 ") == "conflict" and REPORT.parse("01") == "conflict"
    assert REPORT.parse("") == ""  # Enter is a choice of its own
    assert [REPORT.canonical(v) for v in ("conflict", "achievement", "")] == ["1", "2", ""]
    assert REPORT.shown("Invio") == (
        "1 a conflict you started · 2 an Achievement of yours (you have it) · [Invio] nothing more"
    )
    assert REPORT.buttons()[1] == Button("an Achievement of yours", "2", "2", "you have it")
    assert REPORT.words() == () and REPORT.numeric and not REPORT.compose
    assert refusal("3", REPORT) == ("bad_answer", {"hint": "1–2", "answer": "3"})
    # or by the beginning of its label, when it begins only one (else they are listed)
    assert REPORT.parse("a conflict") == "conflict" and REPORT.parse("achiev") == "achievement"
    assert refusal("a", REPORT) == (
        "ambiguous_choice",
        {"answer": "a", "names": "1 a conflict you started, 2 an Achievement of yours"},
    )
    assert refusal("a fight", REPORT)[0] == "bad_answer"


def test_one_of_by_name_is_typed_in_any_language_the_log_keeps_the_key() -> None:
    assert COLOURS.parse("VIOLA") == COLOURS.parse("lilá") == COLOURS.parse("purple") == "purple"
    assert COLOURS.canonical("green") == "green"
    assert COLOURS.shown("Enter") == "viola, verde"
    assert [(b.label, b.answer) for b in COLOURS.buttons()] == [
        ("viola", "viola"),
        ("verde", "verde"),
    ]
    assert COLOURS.words() == ("viola", "verde") and not COLOURS.numeric
    assert refusal("rosso", COLOURS) == (
        "bad_colour",
        {"colours": "viola, verde", "answer": "rosso"},
    )


def test_a_number_is_in_its_range_and_small_ranges_are_buttons() -> None:
    roll = Number(1, 6, Refusal("bad_roll", {"sides": 6}))
    assert roll.parse("6") == 6 and roll.canonical(6) == "6" and roll.shown("Enter") == "1–6"
    assert [b.answer for b in roll.buttons()] == ["1", "2", "3", "4", "5", "6"]
    for typed in ("0", "7", "-1", "+2", "²", "six", ""):
        assert refusal(typed, roll)[0] == "bad_roll", typed
    assert Number(0, 40).buttons() == ()  # typed, not 41 buttons
    assert refusal("1000", Number(0, 999)) == ("bad_count", {"answer": "1000"})


def test_several_answers_count_repeat_and_blank() -> None:
    pair = Several(Number(0, 12, Refusal("bad_answer", {"hint": "0–12"})), 2, 2,
                   refused=Refusal("bad_answer", {"hint": "2 0"}))  # fmt: skip
    assert pair.parse("2, 0") == [2, 0] and pair.canonical([2, 0]) == "2 0"
    assert refusal("2", pair)[1] == {"hint": "2 0", "answer": "2"}  # the count: the whole answer
    assert refusal("2 13", pair)[1] == {"hint": "0–12", "answer": "13"}  # a part: that part
    roles = Several(OneOf.of(Choice(str(n), r, r) for n, r in enumerate("ABCD", 1)), distinct=True)
    assert roles.parse("") == [] and roles.parse("1 4") == ["A", "D"]
    assert refusal("1 1", roles)[0] == "bad_choice"
    markers = Several(Number(0, 9), 3, 3, blank=(0, 0, 0))
    assert markers.parse("") == [0, 0, 0] and markers.canonical([0, 0, 0]) == "0 0 0"
    colours = Several(COLOURS)
    assert colours.parse("viola verde purple") == ["purple", "green", "purple"]
    assert colours.compose and colours.buttons() == COLOURS.buttons()


def test_an_empty_answer_with_a_label_is_a_choice_typed_or_tapped() -> None:
    """`empty`: the empty answer listed last as `[Enter] label`, a page's button that sends
    nothing, and its label typed means the same (no terminal wording in the question)."""
    roles = Several(OneOf.of(Choice(str(n), r, r) for n, r in enumerate("AB", 1)), empty="nobody")
    assert roles.shown("Enter") == "1 A · 2 B · [Enter] nobody"
    assert roles.buttons()[-1] == Button("nobody", "", "")
    assert roles.parse("") == [] == roles.parse(" Nobody ") and roles.parse("2") == ["B"]
    refused = Refusal("bad_answer", {"hint": "0–40 1–2"})
    others = OneOf.of((Choice("1", "ship", "ship"), Choice("2", "planet", "planet")), refused)
    report = Parts((Number(0, 40, refused), Several(others)), refused, blank=(0, []),
                   empty="nothing")  # fmt: skip
    assert report.parse("") == (0, []) == report.parse("nothing") == report.parse("0")
    assert report.parse("2") == (2, []) and report.parse("0 1 1") == (0, ["ship", "ship"])
    assert report.canonical((2, [])) == "2" and report.canonical((0, [])) == ""
    assert report.canonical((3, ["planet"])) == "3 2"
    assert report.shown("Enter") == "(0–40) (1 ship · 2 planet) · [Enter] nothing"
    assert [b.answer for b in report.buttons()] == ["1", "2", ""] and report.compose
    assert refusal("0 3", report) == ("bad_answer", {"hint": "0–40 1–2", "answer": "0 3"})
    with pytest.raises(ValueError, match="empty label"):
        Parts((Number(0, 4),), empty="none")


def test_parts_are_composed_in_order_and_refused_as_a_whole() -> None:
    refused = Refusal("bad_answer", {"hint": "1–4 1–4"})
    colour = OneOf.of((Choice("1", "orange", "orange"), Choice("2", "grey", "grey")), refused)
    tech = Parts((colour, Number(1, 4, refused)), refused)
    assert tech.parse("2 1") == ("grey", 1) and tech.canonical(("grey", 1)) == "2 1"
    assert tech.shown("Enter") == "(1 orange · 2 grey) (1–4)"
    assert [b.answer for b in tech.buttons()] == ["1", "2", "1", "2", "3", "4"] and tech.compose
    for typed in ("5 1", "1", "1 2 3"):
        assert refusal(typed, tech) == ("bad_answer", {"hint": "1–4 1–4", "answer": typed})
    described = Parts((Several(COLOURS, 1), Number(0, 99)))
    assert described.parse("viola verde 5") == (["purple", "green"], 5)
    assert described.canonical((["purple", "green"], 5)) == "purple green 5"
    with pytest.raises(ValueError, match="at most one Several"):
        Parts((Several(COLOURS), Several(COLOURS)))


def test_any_of_takes_the_first_way_that_fits_and_keeps_its_words() -> None:
    refused = Refusal("bad_blueprint", {"marks": "B 1/40 … B 13/40"})
    blueprint = AnyOf((Cards(CARDS, refused=refused),
                       Parts((Several(COLOURS, 1), Number(0, 99, refused)), refused)))  # fmt: skip
    assert blueprint.parse("b12") == "c" and blueprint.canonical("c") == "B 12/40"
    assert blueprint.parse("viola 5") == (["purple"], 5)
    assert blueprint.canonical((["purple"], 5)) == "purple 5"
    assert refusal("nothing", blueprint)[0] == "bad_blueprint"  # the first way's message
    assert blueprint.shown("Enter") == CARDS.examples() and blueprint.buttons() == ()


def test_cards_are_found_by_mark_or_name_whatever_the_case_and_accents() -> None:
    for typed, value in (("B 12/40", "c"), ("b12", "c"), ("B 12", "c"), ("12", "c"),
                         ("propul", "a"), ("PROPULSORI IONICI", "a"), ("elia", "c"),
                         ("mercator", "c"), ("officina d", "b")):  # fmt: skip
        assert Cards(CARDS).parse(typed) == value, typed
    many = Cards(CARDS, many=True, blank=True)
    assert many.parse("B1, officina di bordo; b12") == ["a", "b", "c"]
    assert many.parse("B1 B2 12") == ["a", "b", "c"] and many.parse("") == []
    assert many.canonical(["a", "c"]) == "B 1/40, B 12/40"
    assert refusal("offic", Cards(CARDS))[0] == "ambiguous_choice"
    assert refusal("B 12/39", Cards(CARDS)) == (
        "bad_choice", {"examples": "B 1/40 … B 13/40, «Propulsori Ionici»", "answer": "B 12/39"}
    )  # fmt: skip
    assert refusal("", Cards(CARDS))[0] == "bad_choice"  # not blank: an answer is needed
    one = Cards(CARDS, blank=True, listed=True)
    assert one.parse(" ") == "" and one.canonical("") == "" and one.canonical("b") == "B 2/40"
    assert one.shown("Enter").startswith("B 1/40 Propulsori Ionici, B 2/40 Officina di Bordo")
    assert one.buttons()[0] == Button("Propulsori Ionici", "B 1/40", "B 1/40")
    assert Cards(CARDS).buttons() == () and "Officina Leggera" in Cards(CARDS).words()
