"""The redrive ledger: which dead letters ``reverie dlq redrive`` sent back (MongoDB or memory).

One document per ``reverie.dlq`` entry in ``dlq_redrives``, ``_id`` = its ledger id
(``reverie.dlq:PARTITION:OFFSET``): the refused message's origin, the message it was sent
back as, when (first and last) and how many times.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from reverie.deadletters import DeadLetterEntry, MemoryRedrives, RedriveLedger, RedriveMark
from reverie.storage.migrations import ON_INSERT
from reverie.storage.mongo import Dialect, MongoAdapter, find_by_ids

COLLECTION = "dlq_redrives"


class MongoRedrives(MongoAdapter):
    """Redriven dead letters in ``dlq_redrives``; driver errors become Reverie's."""

    def __init__(self, db: Any) -> None:
        self._c = db[COLLECTION]
        self._dialect = Dialect(db)

    async def marks(self, ledger_ids: Sequence[str]) -> dict[str, RedriveMark]:
        """Return the marks of the entries among ``ledger_ids`` that were sent back."""
        found = await find_by_ids(self._c, ledger_ids, None, self._dialect)
        return {d["_id"]: RedriveMark(d["_id"], d["origin"], d["at"], d["to"],
                                      int(d.get("times", 1))) for d in found}

    async def record(self, entry: DeadLetterEntry, to: str, at: datetime) -> None:
        """Upsert the entry's mark: last time, new message, one more time."""
        await self._c.update_one(
            {"_id": entry.ledger_id},
            {"$set": {"origin": entry.origin, "at": at, "to": to, "reason_kind": entry.kind},
             "$inc": {"times": 1}, "$setOnInsert": {"first_at": at, **ON_INSERT}},
            upsert=True)


def redrive_store(db: Any | None) -> RedriveLedger:
    """Return the redrive ledger beside the notes: MongoDB when there is a database."""
    return MongoRedrives(db) if db is not None else MemoryRedrives()
