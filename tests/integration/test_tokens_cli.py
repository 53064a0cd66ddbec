"""``reverie tokens create|list|revoke`` on the real FerretDB: stored hashed, scoped, revocable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from typing import Any

import pytest
from pymongo import AsyncMongoClient

from reverie.storage.tokens import MongoTokens
from reverie.streams.auth import Authenticator, Grant
from tests.integration.harness import ROOT

pytestmark = pytest.mark.integration


def cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reverie.cli.main", "tokens", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


async def test_a_token_made_by_the_cli_is_stored_hashed_scoped_and_revocable(
    services: dict[str, str], mongo: AsyncMongoClient[Any]
) -> None:
    database = f"it_tokens_{uuid.uuid4().hex[:8]}"
    env = {**os.environ, **services, "REVERIE_MONGO_DATABASE": database}
    made = cli(env, "create", "--agent", "bot-a", "--tenant", "co-a", "--read-only", "--json")
    assert made.returncode == 0, made.stderr
    created = json.loads(made.stdout)
    token, token_id = created["token"], created["token_id"]
    try:
        [doc] = await mongo[database].access_tokens.find({}).to_list(None)
        assert doc["_id"] == token_id and token not in json.dumps(doc, default=str)
        assert token.split("_", 2)[2] not in json.dumps(doc, default=str)
        listed = json.loads(cli(env, "list", "--json").stdout)
        assert [(t["token_id"], t["company_id"], t["read_only"]) for t in listed] == [
            (token_id, "co-a", True)
        ]
        authn = Authenticator(None, MongoTokens(mongo[database]))
        assert await authn.grant_for(token) == Grant(token_id, "bot-a", "co-a", None, True)
        assert await authn.grant_for(token[:-2] + "xx") is None
        revoked = cli(env, "revoke", token_id)
        assert revoked.returncode == 0 and "revoked" in revoked.stdout
        assert await authn.grant_for(token) is None
        again = cli(env, "revoke", token_id)
        assert again.returncode == 2 and "no unrevoked token" in again.stderr
    finally:
        await mongo.drop_database(database)
