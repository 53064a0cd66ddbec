"""A per-user cache of data Reverie derives from its own installed files (the parsed
WordNet lexicon, pint's parsed unit definitions), so that a worker's second start does not
parse them again. Never required: without a writable directory everything is built as
before.

The directory is ``$REVERIE_CACHE_DIR``, else ``$XDG_CACHE_HOME/reverie``, else
``~/.cache/reverie``. An entry's name holds a digest of the file it was derived from and
the Python version, so a new package version or interpreter never reads a stale entry.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog

__all__ = ["cache_dir", "derived"]

_log = structlog.get_logger(__name__)


def cache_dir(*parts: str) -> Path | None:
    """The cache directory (with ``parts`` below it), created if missing; None when it
    cannot be created or written."""
    root = os.environ.get("REVERIE_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "reverie")
    path = Path(root, *parts)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path if os.access(path, os.W_OK) else None


def derived(name: str, source: Path, build: Callable[[], Any],
            valid: Callable[[Any], bool]) -> Any:
    """What ``build()`` derives from the file ``source``: read from the cache when an entry
    for this ``source`` (by digest) and interpreter is there and ``valid``, else built and
    stored (``marshal``: plain dicts, tuples, strings and numbers only)."""
    where = cache_dir()
    if where is None:
        return build()
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    entry = where / f"{name}-{digest}-py{sys.version_info[0]}{sys.version_info[1]}.marshal"
    try:
        value = marshal.loads(entry.read_bytes())
    except FileNotFoundError:
        pass
    except (OSError, EOFError, ValueError, TypeError) as exc:  # unreadable or torn
        _log.warning("cache_entry_unreadable", entry=str(entry), error=str(exc))
    else:
        if valid(value):
            return value
        _log.warning("cache_entry_invalid", entry=str(entry))
    value = build()
    _store(entry, marshal.dumps(value))
    return value


def _store(entry: Path, data: bytes) -> None:
    """Write ``data`` to ``entry`` whole or not at all (a reader never sees half of it)."""
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=entry.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, entry)
    except OSError as exc:
        _log.warning("cache_entry_not_written", entry=str(entry), error=str(exc))
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
