"""Sign-in and the wrong-token limit across two real workers (issue #22): one consumer
group, one FerretDB database, two web ports, as behind a k8s Service.

Signed in on one worker, the session reads on the other; a restarted worker still knows
it; signed out on one, it is refused on both. Wrong tokens sent to both workers count
against one limit, and past it the right token from the same address still gets in.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import AsyncIterator

import aiohttp
import pytest

from reverie.streams import auth
from tests.integration.harness import Worker, wait_for

pytestmark = pytest.mark.integration
TOKEN = "sessions-test-token-0123456789"
LIMIT = 4
JSON = {"Accept": "application/json"}
HTML = {"Accept": "text/html"}


async def up(worker: Worker) -> None:
    """Wait until the worker's web server answers (partitions do not matter here)."""

    async def answers() -> bool:
        if worker.proc is not None and worker.proc.poll() is not None:
            raise AssertionError(f"worker exited: {worker.tail()}")
        return await asyncio.to_thread(worker.health) is not None

    await wait_for(answers, 240, 0.5, f"worker {worker.name}'s web server")


@pytest.fixture
async def pair(services: dict[str, str], tmp_path_factory: pytest.TempPathFactory
               ) -> AsyncIterator[tuple[Worker, Worker]]:
    """Two workers of one group over one database, with a limit of 4 wrong tokens."""
    shared = uuid.uuid4().hex[:8]
    extra = {"REVERIE_DASHBOARD_TOKEN": TOKEN, "REVERIE_AUTH_FAILURES_PER_MINUTE": str(LIMIT)}
    tmp = tmp_path_factory.mktemp("sessions")
    workers = tuple(Worker(services, tmp=tmp, database=f"it_sessions_{shared}",
                           app_id=f"reverie-it-sessions-{shared}", extra=extra)
                    for _ in range(2))
    try:
        for w in workers:
            w.start()
        for w in workers:
            await up(w)
        yield workers[0], workers[1]
    finally:
        for w in workers:
            w.stop()
            print(f"\nworker {w.name} log tail:\n{w.tail(5)}")


def url(worker: Worker, path: str) -> str:
    return f"http://127.0.0.1:{worker.port}{path}"


def cookies(**values: str) -> dict[str, str]:
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in values.items())}


async def sign_in(http: aiohttp.ClientSession, worker: Worker) -> tuple[str, str]:
    """Sign in through the form of ``worker``; return (session id, CSRF token)."""
    async with http.get(url(worker, "/signin"), headers=HTML) as form:
        csrf = form.cookies[auth.CSRF_COOKIE].value
        found = re.search(r'name="csrf" value="([^"]+)"', await form.text())
        assert found is not None and found.group(1) == csrf
    async with http.post(url(worker, "/signin"), data={"token": TOKEN, "csrf": csrf, "next": "/"},
                         headers=cookies(reverie_csrf=csrf), allow_redirects=False) as done:
        assert done.status == 303, await done.text()
        return done.cookies[auth.SESSION_COOKIE].value, csrf


async def status(http: aiohttp.ClientSession, worker: Worker, path: str,
                 headers: dict[str, str]) -> int:
    async with http.get(url(worker, path), headers=headers, allow_redirects=False) as answer:
        await answer.read()
        return answer.status


async def test_a_session_and_the_failure_limit_are_shared_by_two_workers_and_a_restart(
    pair: tuple[Worker, Worker],
) -> None:
    one, two = pair
    async with aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar()) as http:
        session, csrf = await sign_in(http, one)
        signed_in = {**HTML, **cookies(reverie_session=session, reverie_csrf=csrf)}
        async with http.get(url(two, "/"), headers=signed_in) as page:
            assert page.status == 200 and "Sign out" in await page.text()

        # wrong tokens on both workers count against one limit (same client address)
        wrong = {**JSON, "Authorization": "Bearer guess"}
        statuses = [await status(http, w, "/", wrong) for w in (one, two, one, two, one, two)]
        assert statuses == [401] * LIMIT + [429, 429]
        right = {**JSON, "Authorization": f"Bearer {TOKEN}"}
        assert await status(http, two, "/", right) == 200  # not locked out
        assert await status(http, one, "/", right) == 200

        # a restarted worker (a new process over the same database) keeps the session
        one.stop()
        one.start()
        await up(one)
        assert await status(http, one, "/", signed_in) == 200

        # signed out on one worker, refused on both
        async with http.post(url(two, "/signout"), data={"csrf": csrf},
                             headers=signed_in, allow_redirects=False) as out:
            assert out.status == 303
        for w in (one, two):
            async with http.get(url(w, "/"), headers=signed_in) as refused:
                assert refused.status == 401 and "Sign out" not in await refused.text()
