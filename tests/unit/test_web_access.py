"""Authenticated, scoped reads on the worker's web server (issue #15), in process: the app's
own router is enumerated, every route is called through aiohttp's test client."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
import structlog
from aiohttp.test_utils import TestClient, TestServer

from reverie.domain.events import parse_event
from reverie.domain.runs import DreamRun, ReviewPair, RunStep
from reverie.handlers.ports import AccessToken
from reverie.storage.tokens import mint, secret_hash
from reverie.streams.app import create_app
from reverie.streams.web import OPEN_PATHS, install_gate
from tests.fakes import T0, envelope, memory_app, note_data

DASH = "dash-token-0123456789"
NOTES = {  # note id -> (agent, company, user, text)
    "n-a1": ("bot-a", "co-a", None, "ALPHA tenant quotes prices in metric units."),
    "n-a2": ("bot-a", "co-a", "u-1", "ALPHA user one wants invoices by email."),
    "n-a3": ("bot-a", "co-a", None, "ALPHA tenant once used imperial units."),
    "n-b1": ("bot-a", "co-b", None, "BRAVO tenant ships from Rotterdam."),
    "n-x1": ("bot-b", "co-b", None, "XRAY agent knows the BRAVO warehouse code 4711."),
}
SECRET_WORDS = re.compile(r"ALPHA|BRAVO|XRAY|Rotterdam|(?<![\d.])4711(?!\d)")
"""Words of the notes; the code 4711 as a number of its own, not digits of a metric's value
(a counter's creation time such as 1.7646954711e+09)."""
FAUST_PAGES = ("/router", "/table", "/graph", "/stats", "/performance")
"""Faust's own pages: behind the gate too, but they need a started worker to answer."""
SAMPLE_IDS = {"note_id": "n-b1", "run_id": "run-b", "agent_id": "bot-b", "pair_id": "p-a"}


def step(run_id: str, agent: str, note_ids: list[str]) -> RunStep:
    return RunStep(
        run_id=run_id,
        step_id=f"{run_id}-s1",
        parent_step_id=None,
        agent_id=agent,
        phase="consolidation",
        name="cluster",
        status="completed",
        started_at=T0,
        finished_at=T0,
        input={"notes": [{"note_id": i, "text": NOTES[i][3]} for i in note_ids]},
    )


@pytest.fixture
async def world(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[dict[str, Any]]:
    """A worker app on in-memory storage: two tenants of bot-a, one of bot-b, three runs, a
    review pair, and stored tokens; served by aiohttp's test server. Settings: the param."""
    settings = {"auth_failures_per_minute": 3, "search_per_minute": 4}
    settings.update(getattr(request, "param", {}))
    reverie = memory_app(dashboard_token=DASH, **settings)
    assert reverie.bus is not None and reverie.tokens is not None
    for note_id, (agent, company, user, text) in NOTES.items():
        extra = {k: v for k, v in (("company_id", company), ("user_id", user)) if v}
        assert not await reverie.bus.handle(
            [
                parse_event(
                    json.dumps(
                        envelope("note.created", note_data(note_id, text, agent_id=agent, **extra))
                    )
                )
            ]
        )
    for run_id, agent, ids in (
        ("run-a", "bot-a", ["n-a1", "n-a3"]),
        ("run-b", "bot-b", ["n-x1"]),
        ("run-mixed", "bot-a", ["n-a1", "n-b1"]),
    ):
        await reverie.runs.save_run(
            DreamRun(
                run_id=run_id,
                agent_id=agent,
                trigger="test",
                status="completed",
                started_at=T0,
                finished_at=T0 + timedelta(seconds=1),
            )
        )
        await reverie.runs.add_steps([step(run_id, agent, ids)])
    await reverie.reviews.add(
        ReviewPair(
            pair_id="p-a",
            agent_id="bot-a",
            note_ids=("n-a1", "n-a3"),
            texts=(NOTES["n-a1"][3], NOTES["n-a3"][3]),
            reason="units",
            run_id="run-a",
            created_at=T0,
        )
    )
    await reverie.notes.transition([], T0)
    await reverie.tokens.add(
        AccessToken("ann-id", secret_hash("unused"), agent_id="bot-a", company_id="co-a")
    )
    tokens = {}
    for name, read_only in (("tenant-a", False), ("tenant-a-ro", True)):
        plain, record = mint(agent_id="bot-a", company_id="co-a", read_only=read_only, at=T0)
        await reverie.tokens.add(record)
        tokens[name] = plain
        tokens[name + "-id"] = record.token_id
    app = create_app(reverie.settings, reverie)
    app.web.init_server()  # Faust's own blueprints (/router, /table, ...), as in a worker
    monkeypatch.setattr(type(app.consumer), "assignment", lambda self: set())  # not started
    client = TestClient(TestServer(app.web.web_app))
    await client.start_server()
    try:
        yield {"client": client, "reverie": reverie, "app": app, **tokens}
    finally:
        await client.close()
        await reverie.close()


def routes(app: Any) -> list[tuple[str, str]]:
    """(method, path) of every route the app serves, path parameters filled with ids of
    the other tenant's records."""
    out = []
    for route in app.web.web_app.router.routes():
        info = route.resource.get_info() if route.resource else {}
        path = info.get("path") or info.get("formatter")
        if path is None or route.method == "*":
            continue
        out.append((route.method, path.format_map(defaultdict(lambda: "x", SAMPLE_IDS))))
    return sorted(set(out))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_every_content_route_answers_401_without_a_credential_and_no_note_text(world):
    client, found = world["client"], routes(world["app"])
    assert {p for _, p in found} >= {
        "/api/notes/n-b1",
        "/agents/bot-b/digest",
        "/runs/run-b",
        "/api/search",
        "/",
        "/health",
        "/metrics",
    }
    for method, path in found:
        query = "?agent_id=bot-b&q=warehouse" if path == "/api/search" else ""
        for accept in ("application/json", "text/html"):
            answer = await client.request(
                method, path + query, headers={"Accept": accept}, allow_redirects=False
            )
            body = await answer.text()
            assert not SECRET_WORDS.search(body), f"{method} {path} leaked: {body[:300]}"
            if path in OPEN_PATHS:
                if path in ("/health", "/metrics"):
                    assert answer.status == 200, (method, path, answer.status)
                continue
            assert answer.status == 401, (method, path, answer.status, body[:200])
            if method == "HEAD":
                continue
            if accept == "application/json" or path.startswith("/api/"):
                message = (await answer.json())["error"]
                assert "\n" not in message and "token" in message
            else:  # a browser gets the sign-in form
                assert 'name="token"' in body and 'type="password"' in body


async def test_health_and_metrics_carry_no_ids_of_notes_agents_or_tenants(world):
    client = world["client"]
    for path in ("/health", "/metrics"):
        body = await (await client.get(path)).text()
        assert not re.search(r"n-a1|n-b1|bot-a|bot-b|co-a|co-b|u-1", body), path


async def test_the_dashboard_token_reads_everything(world):
    client = world["client"]
    for method, path in routes(world["app"]):
        if method != "GET" or path in OPEN_PATHS or path.startswith(FAUST_PAGES):
            continue
        query = "?agent_id=bot-b&q=warehouse" if path == "/api/search" else ""
        answer = await client.get(path + query, headers=bearer(DASH))
        assert answer.status in (200, 404), (path, answer.status)
    assert "BRAVO" in await (await client.get("/notes/n-b1", headers=bearer(DASH))).text()


async def test_a_tenant_token_reads_its_tenant_and_is_refused_the_other(world):
    client, tok = world["client"], world["tenant-a"]
    mine = {
        "/api/notes/n-a1": "ALPHA",
        "/notes/n-a2": "ALPHA",
        "/agents/bot-a": "ALPHA",
        "/agents/bot-a/digest": "ALPHA",
        "/runs/run-a": "ALPHA",
        "/": "run-a",
    }
    for path, word in mine.items():
        answer = await client.get(path, headers=bearer(tok))
        body = await answer.text()
        assert answer.status == 200 and word in body, (path, answer.status, body[:200])
        assert "BRAVO" not in body and "XRAY" not in body, path
    hits = await client.get(
        "/api/search?agent_id=bot-a&company_id=co-a&q=metric+units", headers=bearer(tok)
    )
    assert hits.status == 200 and (await hits.json())["hits"][0]["note_id"] == "n-a1"
    theirs = [
        "/api/notes/n-b1",
        "/notes/n-b1",
        "/notes/n-x1",
        "/api/notes/n-x1",
        "/api/search?agent_id=bot-b&q=warehouse",
        "/api/search?agent_id=bot-a&company_id=co-b&q=Rotterdam",
        "/api/search?agent_id=bot-a&exact=0&q=Rotterdam",
        "/agents/bot-b/digest",
        "/agents/bot-a/digest?company_id=co-b",
        "/agents/bot-b",
        "/runs/run-b",
        "/runs/run-mixed",
        "/?agent=bot-b",
    ]
    for path in theirs:
        for accept in ("application/json", "text/html"):
            answer = await client.get(path, headers={**bearer(tok), "Accept": accept})
            body = await answer.text()
            assert answer.status == 403, (path, answer.status, body[:200])
            assert "forbidden" in body and not SECRET_WORDS.search(body), (path, body[:300])


async def test_search_without_a_company_finds_what_the_digest_of_the_grant_lists(world):
    """Issue #22 item 4 on /api/search: the agent-wide grant searches every company's shared
    notes (as its digest lists them); a tenant token defaults to its tenant, never another."""
    client, tok = world["client"], world["tenant-a"]

    async def found(token: str, query: str) -> set[str]:
        answer = await client.get(f"/api/search?agent_id=bot-a&k=50&q={query}",
                                  headers=bearer(token))
        assert answer.status == 200, await answer.text()
        return {h["note_id"] for h in (await answer.json())["hits"]}

    digest = await (await client.get("/agents/bot-a/digest", headers=bearer(DASH))).text()
    assert "n-b1" in digest and "n-a1" in digest
    assert await found(DASH, "Rotterdam") == {"n-a1", "n-a3", "n-b1"}
    mine = await (await client.get("/agents/bot-a/digest", headers=bearer(tok))).text()
    assert "n-a1" in mine and "n-b1" not in mine
    assert await found(tok, "Rotterdam") == {"n-a1", "n-a3"}


async def test_a_read_only_token_cannot_restore_resolve_or_roll_back(world):
    client, reverie = world["client"], world["reverie"]
    ro, rw = bearer(world["tenant-a-ro"]), bearer(world["tenant-a"])
    await reverie.notes.transition([], T0)
    before = {n.note_id: n.status for n in await reverie.notes.get_many(list(NOTES))}
    for path, body in (
        ("/api/notes/n-a3/restore", {}),
        ("/api/review/p-a/resolve", {"keep": "n-a1"}),
        ("/api/runs/run-a/rollback", {}),
    ):
        answer = await client.post(path, json=body, headers=ro)
        assert answer.status == 403 and "read-write" in (await answer.json())["error"], path
    assert (await reverie.reviews.get("p-a")).status == "open"
    assert (await reverie.runs.get_run("run-a")).status == "completed"
    assert {n.note_id: n.status for n in await reverie.notes.get_many(list(NOTES))} == before
    # the read-write token of the same tenant may, but not on the other tenant's run
    assert (await client.post("/api/runs/run-mixed/rollback", json={}, headers=rw)).status == 403
    answer = await client.post("/api/review/p-a/resolve", json={"keep": "n-a1"}, headers=rw)
    assert answer.status == 200, await answer.text()
    assert (await reverie.reviews.get("p-a")).status == "resolved"


async def test_wrong_tokens_are_slowed_but_the_right_one_from_that_address_gets_in(world):
    """Past the limit (3 here) wrong tokens get 429 after growing delays, at the API and the
    sign-in form; the dashboard token and a stored token from the same address still work."""
    client = world["client"]
    gate = install_gate(world["app"], world["reverie"])
    delays: list[float] = []

    async def pause(seconds: float) -> None:
        delays.append(seconds)

    gate.pause = pause
    statuses = [(await client.get("/agents/bot-a", headers=bearer("guess"))).status
                for _ in range(5)]
    assert statuses == [401, 401, 401, 429, 429] and delays == [0.25, 0.5]
    slowed = await client.get("/agents/bot-a", headers=bearer("guess"))
    assert slowed.status == 429 and int(slowed.headers["Retry-After"]) > 0
    assert "ALPHA" not in await slowed.text()
    assert (await client.get("/agents/bot-a", headers=bearer(DASH))).status == 200
    assert (await client.get("/agents/bot-a", headers=bearer(world["tenant-a"]))).status == 200
    form = await client.get("/signin")
    csrf = re.search(r'name="csrf" value="([^"]+)"', await form.text()).group(1)
    wrong = await client.post("/signin", data={"token": "guess", "csrf": csrf})
    assert wrong.status == 429
    right = await client.post("/signin", data={"token": DASH, "csrf": csrf},
                              allow_redirects=False)
    assert right.status == 303 and "reverie_session=" in right.headers["Set-Cookie"]
    assert delays == [0.25, 0.5, 1.0, 2.0]


async def test_searches_are_limited_per_token(world):
    client, tok = world["client"], world["tenant-a"]
    path = "/api/search?agent_id=bot-a&company_id=co-a&q=units"
    statuses = [(await client.get(path, headers=bearer(tok))).status for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert (await client.get(path, headers=bearer(DASH))).status == 200  # another token


async def test_sign_in_sets_a_strict_http_only_session_and_sign_out_ends_it(world):
    client = world["client"]
    form = await client.get("/signin?next=/agents/bot-a")
    assert form.status == 200
    csrf = re.search(r'name="csrf" value="([^"]+)"', await form.text()).group(1)
    wrong = await client.post(
        "/signin",
        data={"token": "nope", "csrf": csrf, "next": "/agents/bot-a"},
        allow_redirects=False,
    )
    assert wrong.status == 401 and "wrong" in await wrong.text()
    done = await client.post(
        "/signin",
        data={"token": world["tenant-a"], "csrf": csrf, "next": "/agents/bot-a"},
        allow_redirects=False,
    )
    assert done.status == 303 and done.headers["Location"] == "/agents/bot-a"
    cookie = done.headers["Set-Cookie"]
    assert "reverie_session=" in cookie and "HttpOnly" in cookie
    assert "SameSite=Strict" in cookie and "Max-Age=" in cookie
    assert world["tenant-a"] not in cookie
    page = await client.get("/agents/bot-a", headers={"Accept": "text/html"})
    text = await page.text()
    assert page.status == 200 and "ALPHA" in text and "BRAVO" not in text
    assert "Sign out" in text and world["tenant-a"] not in text
    assert (await client.get("/agents/bot-b")).status == 403
    # a changing action through the session needs the CSRF token
    assert (await client.post("/api/notes/n-a3/restore", data={"csrf": "x" * 32})).status == 403
    out = await client.post("/signout", data={"csrf": csrf}, allow_redirects=False)
    assert out.status == 303 and out.headers["Location"] == "/signin"
    again = await client.get("/agents/bot-a", headers={"Accept": "text/html"})
    assert again.status == 401 and "ALPHA" not in await again.text()


async def test_a_revoked_token_and_its_sessions_are_refused(world):
    client, reverie = world["client"], world["reverie"]
    assert (await client.get("/agents/bot-a", headers=bearer(world["tenant-a"]))).status == 200
    assert await reverie.tokens.revoke(world["tenant-a-id"], T0)
    assert (await client.get("/agents/bot-a", headers=bearer(world["tenant-a"]))).status == 401


async def test_each_use_is_logged_with_the_token_id_never_the_token(world):
    client = world["client"]
    with structlog.testing.capture_logs() as logs:
        await client.get("/agents/bot-a", headers=bearer(world["tenant-a"]))
        await client.get("/agents/bot-b", headers=bearer(world["tenant-a"]))
        await client.get("/agents/bot-a", headers=bearer("rvt_abc_wrong-secret"))
    used = [entry for entry in logs if entry["event"] == "web.access"]
    assert [entry["token_id"] for entry in used] == [world["tenant-a-id"]] * 2
    assert any(entry["event"] == "web.forbidden" for entry in logs)
    assert any(entry["event"] == "web.auth_failed" for entry in logs)
    dumped = json.dumps(logs, default=str)
    assert world["tenant-a"] not in dumped and "wrong-secret" not in dumped
    assert world["tenant-a"].split("_", 2)[2] not in dumped  # the secret (it may hold "_")


PROXY = {
    "proxy_identity_header": "X-Auth-Request-Email",
    "proxy_identities": {"ann@acme.com": "ann-id"},
}


@pytest.mark.parametrize("world", [PROXY], indirect=True)
async def test_a_trusted_proxy_identity_gets_the_scope_of_its_mapped_token(world):
    client = world["client"]
    ann = {"X-Auth-Request-Email": "ann@acme.com"}
    mine = await client.get("/agents/bot-a", headers=ann)
    assert mine.status == 200 and "ALPHA" in await mine.text()
    assert (await client.get("/agents/bot-b", headers=ann)).status == 403
    stranger = {"X-Auth-Request-Email": "eve@evil.example"}
    assert (await client.get("/agents/bot-a", headers=stranger)).status == 401


async def test_without_the_setting_an_identity_header_is_ignored(world):
    ann = {"X-Auth-Request-Email": "ann@acme.com"}
    assert (await world["client"].get("/agents/bot-a", headers=ann)).status == 401
