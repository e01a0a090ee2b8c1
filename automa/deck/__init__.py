"""The automaton language: a solo bot's deck written as data (docs/automaton-language.md).

`data` types and checks the `automa:` record of kind `deck-automaton` (build side, pydantic);
`prepared` turns it into plain data; `program` plays it through the engine's State and
driver (standard library only: it runs on the Play pages too); `exprs` reads its
expressions; `walk` checks a deck for designers and `stats` measures it; `bot` registers the
kind.
"""
