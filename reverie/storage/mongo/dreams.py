"""What dreams keep: runs and steps, leases, review pairs, verdicts, judge qualifications."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import (
    DuplicateKeyError,
)

from reverie.domain.qualification import Qualification
from reverie.domain.runs import DreamRun, ReviewPair, RunStep
from reverie.storage.migrations import versioned
from reverie.storage.mongo.documents import Doc, _strip
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import (
    Dialect,
    WriteLock,
    find_all,
    find_by_ids,
    serialized,
    set_published,
)


class MongoRuns(MongoAdapter):
    """Runs in ``runs`` and steps in ``run_steps`` (with a published flag)."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.runs = db["runs"]
        self.step_coll = db["run_steps"]
        self.writes = WriteLock()

    @serialized
    async def save_run(self, run: DreamRun) -> None:
        await self.runs.replace_one(
            {"_id": run.run_id},
            versioned({**run.model_dump(mode="python"), "_id": run.run_id}),
            upsert=True,
        )

    async def get_run(self, run_id: str) -> DreamRun | None:
        doc = await self.runs.find_one({"_id": run_id})
        return DreamRun(**_strip(doc)) if doc else None

    async def list_runs(self, agent_id: str | None = None, limit: int = 50) -> list[DreamRun]:
        query: Doc = {"agent_id": agent_id} if agent_id else {}
        cursor = find_all(self.runs, query).sort([("started_at", -1), ("_id", -1)]).limit(limit)
        return [DreamRun(**_strip(d)) async for d in cursor]

    async def add_steps(self, steps: Sequence[RunStep]) -> None:
        for step in steps:
            try:
                await self.step_coll.insert_one(
                    versioned(
                        {**step.model_dump(mode="python"), "_id": step.step_id, "published": False}
                    )
                )
            except DuplicateKeyError:
                pass

    async def _steps(self, query: Doc, limit: int = 0) -> list[RunStep]:
        cursor = find_all(self.step_coll, query).sort([("run_id", 1), ("seq", 1)])
        if limit:
            cursor = cursor.limit(limit)
        out = []
        async for d in cursor:
            d.pop("published", None)
            out.append(RunStep(**_strip(d)))
        return out

    async def steps(self, run_id: str) -> list[RunStep]:
        return await self._steps({"run_id": run_id})

    async def unpublished_steps(self, limit: int) -> list[RunStep]:
        return await self._steps({"published": False}, limit)

    @serialized
    async def mark_steps_published(self, step_ids: Sequence[str]) -> None:
        if step_ids:
            await set_published(self.step_coll, step_ids)


class MongoLeases(MongoAdapter):
    """Dream leases in ``leases``: one document per agent, taken by compare-and-set."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["leases"]
        self.writes = WriteLock()

    @serialized
    async def acquire(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        expires = now + timedelta(seconds=ttl_s)
        result = await self.collection.update_one(
            {"_id": agent_id, "$or": [{"owner": owner}, {"expires_at": {"$lte": now}}]},
            {"$set": {"owner": owner, "expires_at": expires, "pending": False}},
        )
        if result.matched_count:
            return True
        try:
            await self.collection.insert_one(
                versioned(
                    {"_id": agent_id, "owner": owner, "expires_at": expires, "pending": False}
                )
            )
        except DuplicateKeyError:
            return False
        return True

    @serialized
    async def release(self, agent_id: str, owner: str) -> bool:
        doc = await self.collection.find_one({"_id": agent_id, "owner": owner})
        if doc is None:
            return False
        await self.collection.delete_one({"_id": agent_id, "owner": owner})
        return bool(doc.get("pending"))

    @serialized
    async def mark_pending(self, agent_id: str) -> None:
        await self.collection.update_one({"_id": agent_id}, {"$set": {"pending": True}})

    @serialized
    async def renew(self, agent_id: str, owner: str, now: datetime, ttl_s: float) -> bool:
        result = await self.collection.update_one(
            {"_id": agent_id, "owner": owner},
            {"$set": {"expires_at": now + timedelta(seconds=ttl_s)}},
        )
        return bool(result.matched_count)

    @serialized
    async def claim_orphaned(self, now: datetime) -> list[str]:
        expired = {"pending": True, "expires_at": {"$lte": now}}
        candidates = [d["_id"] async for d in self.collection.find(expired, {"_id": 1})]
        claimed = []
        for agent_id in candidates:  # compare-and-set: one caller wins each flag
            result = await self.collection.update_one(
                {"_id": agent_id, **expired}, {"$set": {"pending": False}}
            )
            if result.modified_count:
                claimed.append(agent_id)
        return sorted(claimed)


class MongoReviews(MongoAdapter):
    """Review pairs in ``review_pairs``."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["review_pairs"]
        self.writes = WriteLock()

    async def add(self, pair: ReviewPair) -> bool:
        try:
            await self.collection.insert_one(
                versioned({**pair.model_dump(mode="python"), "_id": pair.pair_id})
            )
        except DuplicateKeyError:
            return False
        return True

    async def get(self, pair_id: str) -> ReviewPair | None:
        doc = await self.collection.find_one({"_id": pair_id})
        return ReviewPair(**_strip(doc)) if doc else None

    async def list(
        self, agent_id: str | None = None, status: str | None = "open"
    ) -> list[ReviewPair]:
        query: Doc = {}
        if agent_id:
            query["agent_id"] = agent_id
        if status:
            query["status"] = status
        cursor = find_all(self.collection, query).sort([("created_at", 1), ("_id", 1)])
        return [ReviewPair(**_strip(d)) async for d in cursor]

    @serialized
    async def resolve(self, pair_id: str, kept_note_id: str, at: datetime) -> bool:
        result = await self.collection.update_one(
            {"_id": pair_id, "status": "open"},
            {"$set": {"status": "resolved", "kept_note_id": kept_note_id, "resolved_at": at}},
        )
        return result.modified_count > 0


class MongoJudgments(MongoAdapter):
    """Pair verdicts in ``judgments``."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["judgments"]
        self.writes = WriteLock()
        self.dialect = Dialect(db)

    async def get(self, key: str) -> dict[str, Any] | None:
        doc = await self.collection.find_one({"_id": key})
        return _strip(doc) if doc else None

    @serialized
    async def put(self, key: str, verdict: dict[str, Any]) -> None:
        await self.collection.replace_one(
            {"_id": key}, versioned({**verdict, "_id": key}), upsert=True
        )

    async def judged(self, keys: Sequence[str]) -> set[str]:
        found = await find_by_ids(self.collection, keys, {"_id": 1}, self.dialect)
        return {d["_id"] for d in found}


class MongoQualifications(MongoAdapter):
    """Judge qualifications in ``judge_qualifications``, keyed by judge identity and set."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["judge_qualifications"]
        self.writes = WriteLock()

    async def get(self, key: str) -> Qualification | None:
        doc = await self.collection.find_one({"_id": key})
        return Qualification(**_strip(doc)) if doc else None

    @serialized
    async def put(self, qualification: Qualification) -> None:
        doc = versioned({**qualification.model_dump(mode="python"), "_id": qualification.key})
        await self.collection.replace_one({"_id": qualification.key}, doc, upsert=True)

    async def latest(self, limit: int = 20) -> list[Qualification]:
        # few records (one per judge identity): sorted here, which FerretDB v1 does too
        found = [Qualification(**_strip(d)) async for d in find_all(self.collection, {})]
        found.sort(key=lambda q: (q.checked_at, q.key), reverse=True)
        return found[:limit]
