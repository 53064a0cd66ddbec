"""Agent settings and the sessions counted for the dream gate."""

from __future__ import annotations

from datetime import datetime

from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import (
    DuplicateKeyError,
)

from reverie.domain.model import (
    AgentSettings,
)
from reverie.storage.migrations import ON_INSERT, VERSION_FIELD, versioned
from reverie.storage.mongo.documents import Doc
from reverie.storage.mongo.errors import MongoAdapter
from reverie.storage.mongo.ferretdb import WriteLock, find_all, serialized


class MongoAgents(MongoAdapter):
    """Agent settings in ``agents``, ``_id`` = agent id."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["agents"]
        self.writes = WriteLock()

    async def get(self, agent_id: str) -> AgentSettings:
        doc = await self.collection.find_one({"_id": agent_id})
        if doc is None:
            return AgentSettings(agent_id=agent_id)
        doc.pop("_id")
        doc.pop(VERSION_FIELD, None)
        return AgentSettings(**doc)

    @serialized
    async def configure(self, settings: AgentSettings) -> None:
        values = settings.model_dump(mode="python", exclude={"last_dream_at"})
        await self.collection.update_one(
            {"_id": settings.agent_id}, {"$set": values, "$setOnInsert": ON_INSERT}, upsert=True
        )

    @serialized
    async def mark_dreamed(self, agent_id: str, at: datetime) -> None:
        await self.collection.update_one(
            {"_id": agent_id},
            {"$set": {"last_dream_at": at}, "$setOnInsert": {"agent_id": agent_id, **ON_INSERT}},
            upsert=True,
        )

    async def list_agent_ids(self) -> list[str]:
        return sorted([d["_id"] async for d in find_all(self.collection, {}, {"_id": 1})])


class MongoSessions(MongoAdapter):
    """``session.ended`` events in ``sessions``, ``_id`` = event id."""

    def __init__(self, db: AsyncDatabase[Doc]) -> None:
        self.collection = db["sessions"]

    async def record(self, event_id: str, agent_id: str, at: datetime) -> bool:
        try:
            await self.collection.insert_one(
                versioned({"_id": event_id, "agent_id": agent_id, "at": at})
            )
        except DuplicateKeyError:
            return False
        return True

    async def count_since(self, agent_id: str, since: datetime | None) -> int:
        query: Doc = {"agent_id": agent_id}
        if since is not None:
            query["at"] = {"$gt": since}
        return await self.collection.count_documents(query)
