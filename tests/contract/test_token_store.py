"""The TokenStore contract (issue #15's port) on memory and MongoDB, and its outage behaviour."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from datetime import timedelta

import pytest

from reverie.errors import StorageUnavailable
from reverie.handlers.ports import AccessToken, TokenStore
from reverie.storage import mongo
from reverie.storage.tokens import MemoryTokens, MongoTokens
from tests.builders import AT
from tests.contract.conftest import mongo_url
from tests.netfaults import mongo_down


@pytest.fixture(params=["memory", pytest.param("mongo", marks=pytest.mark.integration)])
async def tokens(request: pytest.FixtureRequest) -> AsyncIterator[TokenStore]:
    """An empty token store: in memory, or a fresh database on the local server."""
    if request.param == "memory":
        yield MemoryTokens()
        return
    client = mongo.connect(mongo_url())
    db = client[f"reverie_contract_tokens_{uuid.uuid4().hex[:10]}"]
    try:
        yield MongoTokens(db)
    finally:
        await client.drop_database(db.name)
        await client.close()


def token(token_id: str, minutes: int, **scope: object) -> AccessToken:
    return AccessToken(
        token_id=token_id,
        secret_hash=f"hash-{token_id}",
        created_at=AT + timedelta(minutes=minutes),
        **scope,
    )  # type: ignore[arg-type]


async def test_tokens_are_stored_listed_oldest_first_and_revoked_once(tokens: TokenStore) -> None:
    """Read back equal, oldest first, revoked once (kept, with the time), unknown ids refused."""
    assert await tokens.list() == []
    await tokens.add(token("t-2", 5, agent_id="a-1", read_only=True))
    await tokens.add(token("t-1", 1, company_id="c-1", user_id="u-1"))
    assert await tokens.get("t-2") == token("t-2", 5, agent_id="a-1", read_only=True)
    assert await tokens.get("missing") is None
    assert [t.token_id for t in await tokens.list()] == ["t-1", "t-2"]
    assert await tokens.revoke("t-1", AT + timedelta(hours=1))
    assert not await tokens.revoke("t-1", AT + timedelta(hours=2))
    assert not await tokens.revoke("missing", AT)
    revoked = await tokens.get("t-1")
    assert revoked is not None and revoked.revoked_at == AT + timedelta(hours=1)
    assert [t.token_id for t in await tokens.list()] == ["t-1", "t-2"]


async def test_an_unreachable_server_is_a_retryable_error() -> None:
    """PyMongo against a port nothing listens on: StorageUnavailable, not a raw driver error."""
    async with mongo_down() as client:
        with pytest.raises(StorageUnavailable):
            await MongoTokens(client["reverie_down"]).get("t-1")
