"""The pieces of web access control without HTTP: grants, sessions, rate limits, tokens."""

from __future__ import annotations

from datetime import timedelta

import pytest
from pydantic import SecretStr

from reverie.clock import FixedClock
from reverie.storage.tokens import MemoryTokens, mint, split
from reverie.storage.websessions import MemoryRateCounter, MemorySessionStore
from reverie.streams.auth import (
    AccessDenied,
    Authenticator,
    FailureBackoff,
    Grant,
    RateLimit,
    Sessions,
    session_key,
)
from tests.fakes import T0


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


async def test_sessions_expire_and_end_on_sign_out_and_store_only_a_hash() -> None:
    clock, store = FixedClock(T0), MemorySessionStore()
    sessions = Sessions(store, 60, clock)
    one, two = await sessions.open("t1"), await sessions.open("t2")
    assert one != two and await sessions.token_id(one) == "t1"
    assert await store.token_id(one, T0) is None  # kept under the hash, not the id
    assert await store.token_id(session_key(one), T0) == "t1"
    await sessions.close(two)
    assert await sessions.token_id(two) is None
    clock.set(T0 + timedelta(seconds=61))
    assert await sessions.token_id(one) is None


async def test_a_rate_limit_refuses_past_the_limit_until_the_window_slides() -> None:
    clock = FixedClock(T0)
    limit = RateLimit(MemoryRateCounter(), "searches", 2, clock, window_s=60)
    assert await limit.hit("a") is None
    clock.set(T0 + timedelta(seconds=10))
    assert await limit.hit("a") is None
    assert await limit.hit("a") == pytest.approx(50) and await limit.hit("b") is None
    clock.set(T0 + timedelta(seconds=61))
    assert await limit.hit("a") is None  # the first left the window; refusals were not counted
    assert await limit.hit("a") == pytest.approx(9)


async def test_wrong_credentials_past_the_limit_are_slowed_more_and_more_up_to_a_cap() -> None:
    clock, counter = FixedClock(T0), MemoryRateCounter()
    failures = FailureBackoff(counter, 3, clock, window_s=60, first_delay_s=0.25, max_delay_s=2)
    answers = [await failures.failed("10.0.0.1") for _ in range(9)]
    assert answers[:3] == [None, None, None]
    assert [a.delay_s for a in answers[3:] if a] == [0.25, 0.5, 1, 2, 2, 2]
    assert all(a.retry_after_s == pytest.approx(60) for a in answers[3:] if a)
    assert len(await counter.since("auth-failures:10.0.0.1", T0 - timedelta(minutes=1))) == 7
    assert await failures.failed("10.0.0.2") is None  # another address
    clock.set(T0 + timedelta(seconds=61))
    assert await failures.failed("10.0.0.1") is None


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
