"""One language's `mkdocs build --strict`, in this process, with what MkDocs said.

`starpress site build` runs it in each language's process (`starpress.site.processes`),
`site serve` in its own after each change; the config's plugin gets the build's inputs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.exceptions import MkDocsException

from starpress.core.errors import InputError
from starpress.site.inputs import SiteInputs
from starpress.site.plugin import PagesDone, language_config


@dataclass(frozen=True)
class LanguageBuild:
    """A language's build: whether it is whole, and what MkDocs said (its warnings)."""

    lang: str
    ok: bool
    output: str


class _Lines(logging.Handler):
    """What MkDocs warns about while building, kept to show when the build fails."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.levelname}: {record.getMessage()}")


def build_language(
    inputs: SiteInputs,
    lang: str,
    site_dir: Path | None = None,
    serve_url: str | None = None,
    pages_done: PagesDone | None = None,
) -> LanguageBuild:
    """One language's `mkdocs build --strict`, in this process: into `site_dir` when given,
    else where its config says; `serve_url`: served there (`site serve`); `pages_done`:
    told (pages written, of how many) as they are."""
    lines = _Lines()
    log = logging.getLogger("mkdocs")
    log.addHandler(lines)
    propagate, log.propagate = log.propagate, False  # said once, in the result
    try:
        mkdocs_build(language_config(inputs, lang, site_dir, pages_done), serve_url=serve_url)
        return LanguageBuild(lang, True, "\n".join(lines.lines))
    except InputError as error:  # bad content met while making the pages: one located line
        return LanguageBuild(lang, False, "\n".join([*lines.lines, f"error: {error}"]))
    except (MkDocsException, OSError) as error:  # Abort (strict warnings), BuildError, config
        said = [*lines.lines, f"{type(error).__name__}: {error}"]
        return LanguageBuild(lang, False, "\n".join(said))
    finally:
        log.removeHandler(lines)
        log.propagate = propagate
