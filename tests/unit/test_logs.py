"""Log output follows sys.stderr: a cached logger never writes to a stream swapped away."""

from __future__ import annotations

import io
import sys

import pytest
import structlog

from reverie import logs


def test_a_cached_logger_writes_to_the_current_stderr_after_the_old_one_closed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Configure under one stderr, close it, swap in another: the next line lands there."""
    first, second = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)  # structlog's configuration: conftest restores it
    logs.configure("json", "INFO")
    log = structlog.get_logger("test.logs")
    log.info("one")
    first.close()
    monkeypatch.setattr(sys, "stderr", second)
    log.info("two")
    assert '"event": "two"' in second.getvalue()


def test_log_lines_keep_going_to_the_stderr_of_configure_time_while_it_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later swap of sys.stderr (Faust redirects it into its logger) does not capture them."""
    first, redirected = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", first)
    logs.configure("json", "INFO")
    log = structlog.get_logger("test.logs.open")
    monkeypatch.setattr(sys, "stderr", redirected)
    log.info("kept")
    assert '"event": "kept"' in first.getvalue() and not redirected.getvalue()
