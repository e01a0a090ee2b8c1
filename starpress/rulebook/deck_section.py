"""The rulebook's pages of a solo mode's automaton deck (`starpress.core.solo_sheet`): a
table of its cards (each action in the order tried, with what decides it, and the last
resort), how the levels differ, and what its score counts. Called by `Book.variants` for
the variant the deck plays."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.platypus import Flowable

from starpress.core.solo_sheet import SheetAction, SoloSheet
from starpress.rulebook.markup import escape
from starpress.rulebook.paragraphs import Paragraph

if TYPE_CHECKING:
    from starpress.rulebook.story import Book


def deck_flow(book: Book, sheet: SoloSheet) -> list[Flowable]:
    """The deck's heading, its cards' tables, its levels and its score."""
    words, look = book.words, book.look
    size = look.cell.fontSize
    flow: list[Flowable] = [Paragraph(escape(words["deck"]), look.heading(2))]
    for deck in sheet.decks:
        how = words["deck_first"] if deck.first else words["deck_each"]
        flow.append(Paragraph(escape(how), look.body))
        rows = [
            [
                book.cell(escape(words["card"]), True),
                book.cell(escape(words["actions_in_order"]), True),
                book.cell(escape(words["last_resort"]), True),
            ]
        ]
        for card in deck.cards:
            name = f" {book.text(card.name, size)}" if card.name is not None else ""
            actions = "<br/>".join(
                f"{n}. {_action(book, action, size)}" for n, action in enumerate(card.actions, 1)
            )
            last = _action(book, card.last, size) if card.last is not None else "—"
            rows.append(
                [
                    book.cell(f"<b>{escape(str(card.number))}</b>{name}"),
                    book.cell(actions or "—"),
                    book.cell(last),
                ]
            )
        flow.append(book.table(rows, [1.2, 4.5, 2.3]))
    rows = [
        [
            book.cell(escape(words["level"]), True),
            book.cell(escape(words["cards_in_deck"]), True),
            book.cell(escape(words["bonus"]), True),
        ]
    ]
    for level in sheet.levels:
        cards = "; ".join(", ".join(str(n) for n in numbers) for _deck, numbers in level.cards)
        bonus = ", ".join(f"{name} +{value}" for name, value in level.bonus) or "—"
        rows.append([book.cell(escape(level.label)), book.cell(escape(cards)),
                     book.cell(escape(bonus))])  # fmt: skip
    flow.append(Paragraph(escape(words["levels"]), look.heading(3)))
    flow.append(book.table(rows, [1.5, 4, 2]))
    scoring = [text for _name, text in sheet.scoring if text is not None]
    if scoring:
        flow.append(Paragraph(escape(words["score_at_end"]), look.heading(3)))
        flow += [Paragraph(f"<bullet>•</bullet>{book.text(text)}", look.body) for text in scoring]
    return flow


def _action(book: Book, action: SheetAction, size: float) -> str:
    said = book.text(action.text, size) if action.text is not None else ""
    when = "; ".join(f"«{escape(c.question)}» → {escape(c.answer)}" for c in action.conditions)
    if when:
        said += f"<br/><i>{escape(book.words['when'])}</i> {when}"
    if action.target:
        chosen = "; ".join(f"«{escape(question)}»" for question in action.target)
        said += f"<br/><i>{escape(book.words['target'])}</i> {chosen}"
    return said
