"""Access tokens (issue #15): minted here, stored hashed in MongoDB or in memory.

A token reads ``rvt_<id>_<secret>``: the id is public (logs, ``reverie tokens list``),
the secret is 32 random bytes, and only its SHA-256 is stored; a stolen database
cannot be replayed as credentials.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import replace
from datetime import datetime
from typing import Any

from reverie.handlers.ports import AccessToken, TokenStore
from reverie.storage.migrations import versioned
from reverie.storage.mongo import MongoAdapter

PREFIX = "rvt_"
COLLECTION = "access_tokens"


def secret_hash(secret: str) -> str:
    """Return the stored form of a token's secret (hex SHA-256)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def mint(
    *,
    agent_id: str | None,
    company_id: str | None = None,
    user_id: str | None = None,
    read_only: bool = False,
    at: datetime | None = None,
) -> tuple[str, AccessToken]:
    """Return a new token's plaintext (shown once) and the record to store."""
    token_id = secrets.token_hex(6)
    secret = secrets.token_urlsafe(32)
    record = AccessToken(
        token_id=token_id,
        secret_hash=secret_hash(secret),
        agent_id=agent_id,
        company_id=company_id,
        user_id=user_id,
        read_only=read_only,
        created_at=at,
    )
    return f"{PREFIX}{token_id}_{secret}", record


def split(token: str) -> tuple[str, str] | None:
    """Return (id, secret) of a token of the ``rvt_<id>_<secret>`` form, else None."""
    if not token.startswith(PREFIX):
        return None
    token_id, sep, secret = token[len(PREFIX) :].partition("_")
    if not sep or not token_id or not secret:
        return None
    return token_id, secret


def matches(record: AccessToken, secret: str) -> bool:
    """Whether ``secret`` is the record's secret (constant-time comparison)."""
    return hmac.compare_digest(record.secret_hash, secret_hash(secret))


class MemoryTokens:
    """Tokens in a dict: for tests and ``REVERIE_STORAGE=memory``."""

    def __init__(self) -> None:
        self._tokens: dict[str, AccessToken] = {}

    async def add(self, token: AccessToken) -> None:
        """Store a new token."""
        self._tokens[token.token_id] = token

    async def get(self, token_id: str) -> AccessToken | None:
        """Return the token or None."""
        return self._tokens.get(token_id)

    async def revoke(self, token_id: str, at: datetime) -> bool:
        """Mark the token revoked; False if unknown or revoked already."""
        token = self._tokens.get(token_id)
        if token is None or token.revoked_at is not None:
            return False
        self._tokens[token_id] = replace(token, revoked_at=at)
        return True

    async def list(self) -> list[AccessToken]:
        """Every token, oldest first."""
        return sorted(
            self._tokens.values(), key=lambda t: (t.created_at or datetime.min, t.token_id)
        )


def _record(doc: dict[str, Any]) -> AccessToken:
    return AccessToken(
        token_id=doc["_id"],
        secret_hash=doc["secret_hash"],
        agent_id=doc.get("agent_id"),
        company_id=doc.get("company_id"),
        user_id=doc.get("user_id"),
        read_only=bool(doc.get("read_only")),
        created_at=doc.get("created_at"),
        revoked_at=doc.get("revoked_at"),
    )


class MongoTokens(MongoAdapter):
    """Tokens in the ``access_tokens`` collection, ``_id`` = token id; driver errors become
    ``StorageUnavailable`` (the adapters' one translation point)."""

    def __init__(self, db: Any) -> None:
        self._c = db[COLLECTION]

    async def add(self, token: AccessToken) -> None:
        """Insert the token (ids are random; a clash raises the driver's duplicate error)."""
        await self._c.insert_one(
            versioned({
                "_id": token.token_id,
                "secret_hash": token.secret_hash,
                "agent_id": token.agent_id,
                "company_id": token.company_id,
                "user_id": token.user_id,
                "read_only": token.read_only,
                "created_at": token.created_at,
                "revoked_at": token.revoked_at,
            })
        )

    async def get(self, token_id: str) -> AccessToken | None:
        """Return the token or None."""
        doc = await self._c.find_one({"_id": token_id})
        return None if doc is None else _record(doc)

    async def revoke(self, token_id: str, at: datetime) -> bool:
        """Set ``revoked_at`` once; False if unknown or revoked already."""
        result = await self._c.update_one(
            {"_id": token_id, "revoked_at": None}, {"$set": {"revoked_at": at}}
        )
        return bool(result.modified_count)

    async def list(self) -> list[AccessToken]:
        """Every token, oldest first."""
        return [_record(d) async for d in self._c.find({}).sort([("created_at", 1), ("_id", 1)])]


def token_store(db: Any | None) -> TokenStore:
    """Return the tokens beside the notes: MongoDB when there is a database, else memory."""
    return MongoTokens(db) if db is not None else MemoryTokens()
