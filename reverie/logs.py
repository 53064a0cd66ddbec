"""structlog set-up: JSON lines in production, readable console locally; context per message."""

from __future__ import annotations

import logging
import sys
from collections.abc import MutableMapping
from typing import Any

import structlog

from reverie.config import redact


def _scrub(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value) if "@" in value else value
    if isinstance(value, dict):
        return {k: _scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_scrub(v) for v in value)
    return value


def _redact(_: Any, __: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """Mask URL credentials in every value, nested ones and formatted tracebacks included."""
    for key, value in event_dict.items():
        event_dict[key] = _scrub(value)
    return event_dict


class _CurrentStderr:
    """A file that writes to whatever ``sys.stderr`` is at the moment of writing.

    structlog's PrintLogger keeps the file it was given; pytest's capture (or anything
    else that swaps ``sys.stderr``) would leave cached loggers writing to a closed file.
    """

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure(fmt: str = "console", level: str = "INFO") -> None:
    """Configure structlog (and stdlib logging) once per process."""
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.format_exc_info,
            _redact,  # after format_exc_info: exception messages may carry URLs too
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(
            logging.getLevelNamesMapping().get(level.upper(), logging.INFO)
        ),
        logger_factory=structlog.PrintLoggerFactory(file=_CurrentStderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=True,
    )
