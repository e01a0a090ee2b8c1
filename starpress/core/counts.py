"""A number and its noun as the command line says it (in English): `1 page`, `2 pages`,
the form chosen by Babel's plural rules of English (CLDR), never written as `page(s)`."""

from __future__ import annotations

from functools import cache

from babel import Locale


def count(number: int, singular: str, plural: str) -> str:
    """`number` and the noun in the form English gives it."""
    return f"{number} {singular if _english().plural_form(number) == 'one' else plural}"


@cache
def _english() -> Locale:
    return Locale.parse("en")
