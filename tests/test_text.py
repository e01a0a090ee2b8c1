"""The markup parser: icons, cross-references and emphasis become neutral tokens."""

from __future__ import annotations

from starpress.core.text import CrossRef, IconRef, Span, icons, parse_inline, plain_text, references


def test_icons_references_and_emphasis() -> None:
    tokens = parse_inline(
        "Pay **2 :energy:** then see [[rules.setup|the setup]] or *[[glossary.ore]]*.", "asteria"
    )
    assert tokens == [
        Span("Pay "),
        Span("2 ", bold=True),
        IconRef("energy", bold=True),
        Span(" then see "),
        CrossRef("asteria.rules.setup", "the setup"),
        Span(" or "),
        CrossRef("asteria.glossary.ore", None, italic=True),
        Span("."),
    ]


def test_text_made_only_of_icons() -> None:
    assert parse_inline(":ore::energy:") == [IconRef("ore"), IconRef("energy")]
    assert parse_inline(":ore: :energy:") == [IconRef("ore"), Span(" "), IconRef("energy")]


def test_times_and_urls_are_not_icons() -> None:
    assert [found.value for found in icons("At 10:30: go to https://example.org:8080/x")] == []
    assert [found.value for found in icons("`:code:` and [[a.b:c:]]")] == []


def test_references_keep_their_offsets() -> None:
    found = list(references("See [[asteria.rules.turn]] and [[glossary.ore|ore]]."))
    assert [(item.value, item.offset, item.markup) for item in found] == [
        ("asteria.rules.turn", 4, "[[asteria.rules.turn]]"),
        ("glossary.ore", 31, "[[glossary.ore|ore]]"),
    ]


def test_plain_text_uses_target_titles() -> None:
    tokens = parse_inline("Read [[rules.setup]] first :ore:", "demo")
    assert plain_text(tokens, {"demo.rules.setup": "Setup"}) == "Read Setup first :ore:"
