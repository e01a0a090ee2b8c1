"""Each language's grammar for words put into messages (`grammar.yaml`): how a preposition
contracts with an article, how an adjective agrees with a feminine noun, and the decimal
sign (Babel's CLDR data). The bots' words carry it (`automa.engine.words.Grammar`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml
from babel import Locale

from starpress.core.catalogs import locale_code

GRAMMAR = Path(__file__).with_name("grammar.yaml")


@cache
def grammar(lang: str) -> dict[str, Any]:
    """`contractions` (preposition -> article -> joined), `feminine` ((ending, feminine
    ending) pairs) and `decimal` (the sign before a fraction) of a language."""
    data: dict[str, Any] = yaml.safe_load(GRAMMAR.read_text("utf-8")).get(lang, {})
    symbols = Locale.parse(locale_code(lang)).number_symbols
    decimal = symbols.get("latn", symbols).get("decimal", ".")
    return {
        "contractions": {
            str(preposition): {str(article): str(joined) for article, joined in table.items()}
            for preposition, table in (data.get("contractions") or {}).items()
        },
        "feminine": tuple((str(end), str(to)) for end, to in data.get("feminine") or ()),
        "decimal": str(decimal),
    }
