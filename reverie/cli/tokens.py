"""``reverie tokens create|list|revoke``: the scoped access tokens of the web surfaces.

A token is printed once, when it is made; MongoDB keeps only the hash of its secret.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from typing import Any

from reverie.config import Settings
from reverie.errors import ConfigurationError, UnknownEntity
from reverie.handlers.ports import AccessToken


def add_tokens_parser(sub: Any) -> argparse.ArgumentParser:
    """Add the ``tokens`` sub-command (create, list, revoke) to ``sub``."""
    p: argparse.ArgumentParser = sub.add_parser(
        "tokens", help="create, list or revoke scoped access tokens of the dashboard and API"
    )
    tokens_sub = p.add_subparsers(dest="tokens_command", required=True, parser_class=type(p))
    c = tokens_sub.add_parser(
        "create", help="make a token bound to an agent (and a tenant, a user); it is printed once"
    )
    c.add_argument("--agent", required=True, help="the agent whose memory it may read")
    c.add_argument(
        "--tenant",
        "--company",
        dest="tenant",
        help="only this tenant (company_id) and the agent's shared notes",
    )
    c.add_argument("--user", help="only this user (and the notes shared with them)")
    c.add_argument(
        "--read-only", action="store_true", help="may read but not restore, resolve or roll back"
    )
    c.add_argument("--json", action="store_true")
    ls = tokens_sub.add_parser("list", help="every token: id, scope, created, revoked")
    ls.add_argument("--json", action="store_true")
    r = tokens_sub.add_parser("revoke", help="revoke a token now (its sessions end too)")
    r.add_argument("token_id")
    return p


def describe(token: AccessToken) -> dict[str, Any]:
    """A token's public fields (never its hash)."""
    return {
        "token_id": token.token_id,
        "agent_id": token.agent_id,
        "company_id": token.company_id,
        "user_id": token.user_id,
        "read_only": token.read_only,
        "created_at": token.created_at.isoformat() if token.created_at else None,
        "revoked_at": token.revoked_at.isoformat() if token.revoked_at else None,
    }


def cmd_tokens(args: argparse.Namespace, settings: Settings) -> int:
    """Create, list or revoke tokens in the document store."""
    from reverie.cli import ops
    from reverie.storage.tokens import mint

    if settings.storage != "mongo":
        raise ConfigurationError(
            "tokens are kept in MongoDB: REVERIE_STORAGE=memory has nowhere to store them"
        )

    async def go() -> Any:
        app = ops.reader(settings)
        store = app.tokens
        assert store is not None
        try:
            if args.tokens_command == "create":
                plain, record = mint(
                    agent_id=args.agent,
                    company_id=args.tenant,
                    user_id=args.user,
                    read_only=args.read_only,
                    at=app.clock.now(),
                )
                await store.add(record)
                return plain, record
            if args.tokens_command == "revoke":
                if not await store.revoke(args.token_id, app.clock.now()):
                    raise UnknownEntity(
                        f"no unrevoked token {args.token_id!r} (see 'reverie tokens list')"
                    )
                return None
            return await store.list()
        finally:
            await app.close()

    result = asyncio.run(go())
    if args.tokens_command == "create":
        plain, record = result
        if args.json:
            print(json.dumps({**describe(record), "token": plain}, indent=2))
        else:
            print(
                f"token id {record.token_id} ({_scope(record)})\n{plain}\n"
                "This is the only time the token is shown: keep it in a secret store."
            )
    elif args.tokens_command == "revoke":
        print(f"token {args.token_id} revoked")
    elif args.json:
        print(json.dumps([describe(t) for t in result], indent=2))
    elif not result:
        print("no tokens (make one with 'reverie tokens create --agent A')")
    else:
        for t in result:
            state = f"revoked {t.revoked_at:%Y-%m-%d %H:%M}" if t.revoked_at else "active"
            made = f"{t.created_at:%Y-%m-%d %H:%M}" if t.created_at else "-"
            print(f"{t.token_id}\t{_scope(t)}\tcreated {made}\t{state}")
    return 0


def _scope(token: AccessToken) -> str:
    parts = [f"agent {token.agent_id}"]
    if token.company_id:
        parts.append(f"tenant {token.company_id}")
    if token.user_id:
        parts.append(f"user {token.user_id}")
    parts.append("read-only" if token.read_only else "read-write")
    return ", ".join(parts)
