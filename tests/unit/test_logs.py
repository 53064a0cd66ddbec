"""Log output follows sys.stderr: a cached logger never writes to a stream swapped away."""

from __future__ import annotations

import io
import sys

import structlog

from reverie import logs


def test_a_cached_logger_writes_to_the_current_stderr_after_the_old_one_closed() -> None:
    """Configure under one stderr, close it, swap in another: the next line lands there."""
    saved_config, saved_stderr = structlog.get_config(), sys.stderr
    first, second = io.StringIO(), io.StringIO()
    try:
        sys.stderr = first
        logs.configure("json", "INFO")
        log = structlog.get_logger("test.logs")
        log.info("one")
        first.close()
        sys.stderr = second
        log.info("two")
    finally:
        sys.stderr = saved_stderr
        structlog.configure(**saved_config)
    assert '"event": "two"' in second.getvalue()


def test_log_lines_keep_going_to_the_stderr_of_configure_time_while_it_is_open() -> None:
    """A later swap of sys.stderr (Faust redirects it into its logger) does not capture them."""
    saved_config, saved_stderr = structlog.get_config(), sys.stderr
    first, redirected = io.StringIO(), io.StringIO()
    try:
        sys.stderr = first
        logs.configure("json", "INFO")
        log = structlog.get_logger("test.logs.open")
        sys.stderr = redirected
        log.info("kept")
    finally:
        sys.stderr = saved_stderr
        structlog.configure(**saved_config)
    assert '"event": "kept"' in first.getvalue() and not redirected.getvalue()
