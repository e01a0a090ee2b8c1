"""How long a test waits for a child process or a page before calling it hung.

Tests never measure speed (that is `make bench`): on a shared 2-core machine a child can
wait for a core for a long time. A hang guard measures CPU time where it can
(`tests/hostile.py`); where a test can only wait (a prompt, a page, a file to appear), it
waits this long on the wall clock, which only a real hang reaches.
"""

LAST_RESORT = 600.0
"""Wall seconds a test waits for anything before it fails as hung."""

LAST_RESORT_MS = int(LAST_RESORT * 1000)
"""The same, for Playwright, which counts in milliseconds."""
