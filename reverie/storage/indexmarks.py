"""The worker's :class:`~reverie.domain.routing.IndexMarks`, in a JSON file beside its index.

:class:`FileMarks` keeps them next to the embedded Qdrant's files, so the marks and the
index they describe are moved, copied or deleted together. :class:`NoMarks` serves an
index that does not outlive the process (the in-memory one): it never has a copy to
trust.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from pathlib import Path

import structlog

from reverie.domain.routing import IndexMarks

log = structlog.get_logger(__name__)
FILE_NAME = "reverie-index-marks.json"


class FileMarks:
    """Marks in ``<index dir>/reverie-index-marks.json``, replaced atomically.

    The file is read and written in a thread (``asyncio.to_thread``), so the worker's event
    loop is not held by the disk while a deletion waits for its turn (issue #12); saves are
    serialized by a lock, in the order they were asked for, so a later save is never
    overwritten by an earlier one and two saves never share the temporary file.
    """

    def __init__(self, directory: Path) -> None:
        self.path = directory / FILE_NAME
        self._lock: asyncio.Lock | None = None
        self._writing = threading.Lock()  # a cancelled save's thread may still be writing

    @property
    def lock(self) -> asyncio.Lock:
        if self._lock is None:  # created in the running loop, on first use
            self._lock = asyncio.Lock()
        return self._lock

    async def load(self) -> IndexMarks | None:
        """Return the saved marks; None if there are none or they cannot be read."""
        try:
            async with self.lock:
                text = await asyncio.to_thread(self.path.read_text, "utf-8")
            return IndexMarks.from_json(json.loads(text))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("index.marks_unreadable", path=str(self.path), error=type(exc).__name__,
                        consequence="the index is rebuilt for every partition this worker owns")
            return None

    async def save(self, marks: IndexMarks) -> None:
        """Write the marks to a temporary file, then rename it over the old one."""
        text = json.dumps(marks.to_json())
        async with self.lock:
            await asyncio.to_thread(self._write, text)

    def _write(self, text: str) -> None:
        with self._writing:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(text, "utf-8")
            os.replace(tmp, self.path)


class NoMarks:
    """For an index that starts empty: nothing saved, nothing to trust."""

    async def load(self) -> IndexMarks | None:
        """Return None: the index holds nothing from an earlier life."""
        return None

    async def save(self, marks: IndexMarks) -> None:
        """Do nothing."""
