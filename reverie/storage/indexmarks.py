"""The worker's :class:`~reverie.domain.routing.IndexMarks`, in a JSON file beside its index.

:class:`FileMarks` keeps them next to the embedded Qdrant's files, so the marks and the
index they describe are moved, copied or deleted together. :class:`NoMarks` serves an
index that does not outlive the process (the in-memory one): it never has a copy to
trust.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import structlog

from reverie.domain.routing import IndexMarks

log = structlog.get_logger(__name__)
FILE_NAME = "reverie-index-marks.json"


class FileMarks:
    """Marks in ``<index dir>/reverie-index-marks.json``, replaced atomically."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / FILE_NAME

    async def load(self) -> IndexMarks | None:
        """Return the saved marks; None if there are none or they cannot be read."""
        try:
            return IndexMarks.from_json(json.loads(self.path.read_text("utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("index.marks_unreadable", path=str(self.path), error=type(exc).__name__,
                        consequence="the index is rebuilt for every partition this worker owns")
            return None

    async def save(self, marks: IndexMarks) -> None:
        """Write the marks to a temporary file, then rename it over the old one."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(marks.to_json()), "utf-8")
        os.replace(tmp, self.path)


class NoMarks:
    """For an index that starts empty: nothing saved, nothing to trust."""

    async def load(self) -> IndexMarks | None:
        """Return None: the index holds nothing from an earlier life."""
        return None

    async def save(self, marks: IndexMarks) -> None:
        """Do nothing."""
