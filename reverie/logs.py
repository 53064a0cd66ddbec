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


class _Stderr:
    """The ``sys.stderr`` of configure time, or the current one once that one is closed.

    Kept from configure time so the worker's JSON lines bypass Faust's redirection of
    ``sys.stderr`` into its logger; replaced when closed (pytest's capture closes its files,
    and cached loggers would otherwise write to a closed file).
    """

    def __init__(self) -> None:
        self._file = sys.stderr

    def _target(self) -> Any:
        return sys.stderr if self._file.closed else self._file

    def write(self, text: str) -> int:
        return int(self._target().write(text))

    def flush(self) -> None:
        self._target().flush()


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
        logger_factory=structlog.PrintLoggerFactory(file=_Stderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=True,
    )
