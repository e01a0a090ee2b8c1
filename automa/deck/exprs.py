"""Expressions of the automaton language: a small part of Python's syntax, checked once and
evaluated by us, never by Python (no `eval`).

    points.player + got[0]        round >= 3 and not over        keep(roles, infirmary)
    'player' if yours > its else underdog                          len(knocked) > 0

`parse` reads an expression into Python's syntax tree (the standard library's `ast`) and
refuses every node outside `ALLOWED`; `names` lists the names it reads, so the content's
checker can say which one is unknown; `compiled` turns it into a function of an environment
(a mapping of names to plain values: numbers, strings, booleans, lists and maps). A map's
key is read as an attribute too (`bonus.extra_hit`, `tactics.focus`). Standard library only:
the same code checks the content at build time and runs on the Play pages.
"""

from __future__ import annotations

import ast
import functools
import operator
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Env = Mapping[str, Any]
Compiled = Callable[[Env], Any]


class ExprError(ValueError):
    """An expression that cannot be read, or computed (its message says why, in words)."""


def _keep(items: Sequence[Any], among: Sequence[Any]) -> list[Any]:
    return [item for item in items if item in among]


def _without(items: Sequence[Any], item: Any) -> list[Any]:
    return [other for other in items if other != item]


def _pair(keys: Sequence[Any], values: Sequence[Any]) -> dict[Any, Any]:
    if len(keys) != len(values):
        raise ExprError(f"pair: {len(keys)} keys and {len(values)} values")
    return dict(zip(keys, values, strict=True))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": len,
    "sum": sum,
    "min": min,
    "max": max,
    "abs": abs,
    "keep": _keep,
    "without": _without,
    "pair": _pair,
}
"""The functions an expression may call."""
CONSTANTS = {"true": True, "false": False, "none": None, "True": True, "False": False}
_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], Any]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
ALLOWED = (
    ast.Expression, ast.Constant, ast.Name, ast.Load, ast.List, ast.Tuple, ast.Dict,
    ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp, ast.Subscript, ast.Attribute,
    ast.Call, ast.USub, ast.Not, ast.And, ast.Or, *_BINARY, *_COMPARE,
)  # fmt: skip
MAX_LENGTH = 400
"""An expression is a line or two, never a program."""


@functools.cache
def parse(text: str) -> ast.Expression:
    """The syntax tree of an expression (ExprError: not one, or a part we do not read)."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"an expression is at most {MAX_LENGTH} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise ExprError(f"not an expression ({error.msg})") from None
    for node in ast.walk(tree):
        if not isinstance(node, ALLOWED):
            raise ExprError(f"{_describe(node)} is not part of the language")
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                func = node.func
                called = (
                    func.id
                    if isinstance(func, ast.Name)
                    else func.attr
                    if isinstance(func, ast.Attribute)
                    else "(…)"
                )
                raise ExprError(f"unknown function '{called}' (functions: {', '.join(FUNCTIONS)})")
            if node.keywords:
                raise ExprError("functions take no named arguments")
        if isinstance(node, ast.Constant) and not isinstance(node.value, int | str | None):
            raise ExprError(f"{node.value!r}: only whole numbers and 'text' are values")
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            raise ExprError("slices are not part of the language")
    return tree


def names(text: str) -> list[str]:
    """The names an expression reads (not functions, constants or attributes), in order."""
    tree = parse(text)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found = [
        node.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and id(node) not in called and node.id not in CONSTANTS
    ]
    return list(dict.fromkeys(found))


def attributes(text: str) -> list[tuple[str, str]]:
    """The keys an expression reads of a name (`bonus.extra`: `("bonus", "extra")`)."""
    return [
        (node.value.id, node.attr)
        for node in ast.walk(parse(text))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
    ]


def target(text: str) -> tuple[str, Compiled | None]:
    """Where a `set`/`add` step writes: a name, or a name's key (`points.player`,
    `where[role]`): the name and the key's expression (None: the name itself)."""
    tree = parse(text).body
    if isinstance(tree, ast.Name):
        return tree.id, None
    if isinstance(tree, ast.Attribute) and isinstance(tree.value, ast.Name):
        key = tree.attr
        return tree.value.id, lambda env: key
    if isinstance(tree, ast.Subscript) and isinstance(tree.value, ast.Name):
        return tree.value.id, _compile(tree.slice)
    raise ExprError("a name, or a name's key (points.player, where[role]), is written to")


def compiled(text: str) -> Compiled:
    """The expression as a function of an environment (ExprError when it cannot be computed:
    a name not set yet, a key a map has not, a sum of a word and a number)."""
    return _compiled(text)


@functools.cache
def _compiled(text: str) -> Compiled:
    return _compile(parse(text).body)


def evaluate(text: str, env: Env) -> Any:
    return compiled(text)(env)


def _compile(node: ast.AST) -> Compiled:
    if isinstance(node, ast.Constant):
        value = node.value
        return lambda env: value
    if isinstance(node, ast.Name):
        name = node.id
        if name in CONSTANTS:
            constant = CONSTANTS[name]
            return lambda env: constant
        return functools.partial(_lookup, name)
    if isinstance(node, ast.List | ast.Tuple):
        items = [_compile(item) for item in node.elts]
        return lambda env: [item(env) for item in items]
    if isinstance(node, ast.Dict):
        pairs = [(_compile(k), _compile(v)) for k, v in zip(node.keys, node.values, strict=True)
                 if k is not None]  # fmt: skip
        return lambda env: {key(env): value(env) for key, value in pairs}
    if isinstance(node, ast.BinOp):
        apply, left, right = _BINARY[type(node.op)], _compile(node.left), _compile(node.right)
        return functools.partial(_binary, apply, left, right)
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand)
        if isinstance(node.op, ast.Not):
            return lambda env: not operand(env)
        return lambda env: -_number(operand(env))
    if isinstance(node, ast.BoolOp):
        values = [_compile(value) for value in node.values]
        if isinstance(node.op, ast.And):
            return lambda env: all(value(env) for value in values)
        return lambda env: any(value(env) for value in values)
    if isinstance(node, ast.Compare):
        first = _compile(node.left)
        steps = [(_COMPARE[type(op)], _compile(right)) for op, right in
                 zip(node.ops, node.comparators, strict=True)]  # fmt: skip
        return functools.partial(_compare, first, steps)
    if isinstance(node, ast.IfExp):
        test, body, other = _compile(node.test), _compile(node.body), _compile(node.orelse)
        return lambda env: body(env) if test(env) else other(env)
    if isinstance(node, ast.Subscript):
        container, key = _compile(node.value), _compile(node.slice)
        return lambda env: _item(container(env), key(env))
    if isinstance(node, ast.Attribute):
        container, attr = _compile(node.value), node.attr
        return lambda env: _item(container(env), attr)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        function, arguments = FUNCTIONS[node.func.id], [_compile(arg) for arg in node.args]
        return functools.partial(_call, node.func.id, function, arguments)
    raise ExprError(f"{_describe(node)} is not part of the language")  # parse refused it


def _lookup(name: str, env: Env) -> Any:
    try:
        return env[name]
    except KeyError:
        raise ExprError(f"'{name}' has no value yet") from None


def _binary(apply: Callable[[Any, Any], Any], left: Compiled, right: Compiled, env: Env) -> Any:
    a, b = left(env), right(env)
    try:
        return apply(a, b)
    except (TypeError, ZeroDivisionError) as error:
        raise ExprError(f"cannot compute {a!r} and {b!r} ({error})") from None


def _compare(first: Compiled, steps: list[tuple[Callable[[Any, Any], Any], Compiled]],
             env: Env) -> bool:  # fmt: skip
    left = first(env)
    for apply, compiled_right in steps:
        right = compiled_right(env)
        try:
            if not apply(left, right):
                return False
        except TypeError as error:
            raise ExprError(f"cannot compare {left!r} and {right!r} ({error})") from None
        left = right
    return True


def _call(name: str, function: Callable[..., Any], arguments: list[Compiled], env: Env) -> Any:
    values = [argument(env) for argument in arguments]
    try:
        return function(*values)
    except (TypeError, ValueError) as error:
        raise ExprError(f"{name}: {error}") from None


def _item(container: Any, key: Any) -> Any:
    try:
        if isinstance(container, Mapping):
            return container[key]
        if isinstance(container, list | tuple | str) and isinstance(key, int):
            return container[key]
    except (KeyError, IndexError):
        pass
    raise ExprError(f"{container!r} has no {key!r}")


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExprError(f"{value!r} is not a number")
    return value


def _describe(node: ast.AST) -> str:
    kinds = {
        ast.Lambda: "a function", ast.ListComp: "a list comprehension",
        ast.GeneratorExp: "a generator", ast.DictComp: "a comprehension",
        ast.SetComp: "a comprehension", ast.NamedExpr: "':='", ast.Await: "await",
        ast.Starred: "'*'", ast.JoinedStr: "an f-string", ast.Slice: "a slice",
    }  # fmt: skip
    return kinds.get(type(node), f"'{type(node).__name__}'")
