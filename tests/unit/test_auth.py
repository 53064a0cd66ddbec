"""The pieces of web access control without HTTP: grants, sessions, rate limits, tokens."""

from __future__ import annotations

import pytest
from pydantic import SecretStr

from reverie.storage.tokens import MemoryTokens, mint, split
from reverie.streams.auth import AccessDenied, Authenticator, Grant, RateLimit, Sessions
from tests.fakes import T0


class Ticks:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_tenant_grant_sees_its_tenant_and_shared_notes_and_refuses_others() -> None:
    grant = Grant("t1", "bot", "acme")
    assert grant.sees("bot", "acme", "u-1") and grant.sees("bot", None, None)
    assert not grant.sees("bot", "globex", None) and not grant.sees("other", "acme", None)
    grant.admit("bot", "acme")
    with pytest.raises(AccessDenied, match="company 'globex'"):
        grant.admit("bot", "globex")
    with pytest.raises(AccessDenied, match="agent 'other'"):
        grant.admit("other")
    with pytest.raises(AccessDenied, match="read-write"):
        Grant("t2", "bot", read_only=True).may_change()
    assert Grant("dashboard").everything and not grant.whole_agent


def test_sessions_expire_and_end_on_sign_out() -> None:
    ticks = Ticks()
    sessions = Sessions(60, now=ticks)
    one, two = sessions.open("t1"), sessions.open("t2")
    assert one != two and sessions.token_id(one) == "t1"
    sessions.close(two)
    assert sessions.token_id(two) is None
    ticks.now += 61
    assert sessions.token_id(one) is None


def test_a_rate_limit_refuses_past_the_limit_until_the_window_slides() -> None:
    ticks = Ticks()
    limit = RateLimit(2, 60, now=ticks)
    assert limit.hit("a") is None and limit.hit("a") is None
    assert limit.hit("a") == pytest.approx(60) and limit.hit("b") is None
    ticks.now += 61
    assert limit.retry_after("a") is None


async def test_the_authenticator_knows_the_dashboard_token_and_unrevoked_stored_ones() -> None:
    tokens = MemoryTokens()
    plain, record = mint(agent_id="bot", company_id="acme", read_only=True, at=T0)
    await tokens.add(record)
    assert split(plain) is not None and record.secret_hash not in plain
    authn = Authenticator(SecretStr("dash"), tokens)
    assert await authn.grant_for("dash") == Grant("dashboard")
    assert await authn.grant_for(plain) == Grant(record.token_id, "bot", "acme", None, True)
    assert await authn.grant_for(plain + "x") is None
    assert await authn.grant_for("dashx") is None
    assert await tokens.revoke(record.token_id, T0)
    assert await authn.grant_for(plain) is None
    assert await Authenticator(None, tokens).grant_for("dash") is None
