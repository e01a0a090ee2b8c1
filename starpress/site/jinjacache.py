"""Compiled Jinja templates kept between builds, in `build/cache/jinja/`.

Jinja's own `FileSystemBytecodeCache` stores each template's compiled code with a checksum
of its source, so a template is compiled again only when it changes. The folder is named
after everything else the compiled code depends on: Jinja's and Python's versions and the
environment's syntax, options, filters and tests. An environment set up differently
therefore never reads another's code.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import jinja2
from jinja2 import Environment, FileSystemBytecodeCache

from starpress.core.project import Project


def keep_compiled(root: Path, env: Environment) -> Environment:
    """`env`, compiling each template once across builds (cache under `root/build`)."""
    settings = (
        jinja2.__version__,
        sys.version,
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        _name(env.autoescape),
        _name(env.finalize),
        sorted(env.extensions),
        sorted(env.filters),
        sorted(env.tests),
    )
    key = hashlib.blake2b(repr(settings).encode(), digest_size=8).hexdigest()
    folder = Project(root).cache("jinja") / key
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = FileSystemBytecodeCache(str(folder))
    return env


def _name(value: object) -> str:
    """A setting that may be a function, by its qualified name; any other by its repr."""
    qualified = getattr(value, "__qualname__", None)
    return f"{getattr(value, '__module__', '')}.{qualified}" if qualified else repr(value)
