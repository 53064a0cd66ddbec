"""The dashboard in a real headless Chromium against a real worker, Kafka and FerretDB.

Needs Debian's chromium (``deploy/local/install-chromium``); Playwright drives it
through ``executable_path``, no browser is downloaded.
"""

from __future__ import annotations

import json
import shutil
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.domain.events import TOPIC_COMMANDS, TOPIC_NOTES, TOPIC_OF, message_key, parse_event
from tests.fakes import envelope, iso, note_data
from tests.integration.harness import ROOT, Kafka, Worker, sign_in, wait_for

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [pytest.mark.integration, pytest.mark.browser, pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium: run deploy/local/install-chromium")]
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TOKEN = "test-token"
SAMPLE = ROOT / "reverie/samples/sample-events.jsonl"
ARTIFACTS = ROOT / "test-artifacts"
XSS = "<script>alert(1)</script>"


def uid() -> str:
    return uuid.uuid4().hex[:8]


@pytest.fixture(scope="module")
async def dash(services: dict[str, str], tmp_path_factory: pytest.TempPathFactory
               ) -> AsyncIterator[Worker]:
    """A worker of its own, with the dashboard token configured."""
    w = Worker(services, tmp=tmp_path_factory.mktemp("dashboard"),
               extra={"REVERIE_DASHBOARD_TOKEN": TOKEN})
    w.start()
    try:
        await w.ready()
        yield w
    finally:
        w.stop()
        print(f"\ndashboard worker log tail:\n{w.tail(5)}")


@pytest.fixture(scope="module")
async def db(dash: Worker, mongo: Any) -> Any:
    return mongo[dash.database]


@pytest.fixture(scope="module")
async def sample(dash: Worker, kafka: Kafka, db: Any) -> dict[str, Any]:
    """Publish the bundled sample: events first, dream requests once they are all handled."""
    await warm_up(kafka, db)
    events, dreams = [], []
    for raw in SAMPLE.read_bytes().splitlines():
        if raw.strip():
            event = parse_event(raw)
            (dreams if event.event_type == "dream.requested" else events).append((raw, event))
    for raw, event in events:
        await kafka.send(TOPIC_OF[event.event_type], raw, message_key(event))
    ids = [e.event_id for _, e in events]
    await wait_for(lambda: _count(db.events_seen, {"_id": {"$in": ids}}, len(ids)), 120, 0.5,
                   "every sample event handled")
    for raw, event in dreams:
        await kafka.send(TOPIC_OF[event.event_type], raw, message_key(event))
    agents = [e.data.agent_id for _, e in dreams]
    await wait_for(lambda: _count(db.runs, {"agent_id": {"$in": agents},
                                            "finished_at": {"$ne": None}}, len(agents)),
                   120, 0.5, "a finished run per sample agent")
    return {"agents": agents}


async def _count(collection: Any, query: dict[str, Any], want: int) -> bool:
    return await collection.count_documents(query) >= want


async def warm_up(kafka: Kafka, db: Any) -> None:
    """Publish a marker note until the worker stores one (its offsets are set to 'latest')."""
    agent = f"warm-{uid()}"

    async def stored() -> bool:
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            f"w-{uid()}", "Warm-up note.", agent_id=agent)), agent)
        return await db.notes.count_documents({"agent_id": agent}) > 0

    await wait_for(stored, 240, 2.0, "the worker consuming")


@pytest.fixture(scope="module")
async def browser() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        b = await p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        yield b
        await b.close()


@pytest.fixture
async def page(browser: Any) -> AsyncIterator[Any]:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    pg = await context.new_page()
    yield pg
    await context.close()


def shot(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


def answer_dialogs(page: Any, *, accept: bool) -> list[str]:
    """Accept or dismiss every dialog the page opens; return the list their messages go to."""
    dialogs: list[str] = []

    async def on_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        await (dialog.accept() if accept else dialog.dismiss())

    page.on("dialog", on_dialog)
    return dialogs


async def create_review_item(kafka: Kafka, db: Any) -> dict[str, Any]:
    """Two same-day, equally used, contradicting notes and a dream: left to a person."""
    agent, now = f"review-{uid()}", iso(datetime.now(UTC).replace(microsecond=0))
    scope = {"agent_id": agent, "company_id": "co-r", "user_id": "u-r", "created_at": now}
    for note_id, text in ((f"{agent}-am", "Customer prefers morning calls."),
                          (f"{agent}-pm", "Customer prefers evening calls.")):
        await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
            note_id, text, **scope)), agent)
    await wait_for(lambda: _count(db.notes, {"agent_id": agent}, 2), 60, 0.3, "review notes")
    await kafka.send(TOPIC_COMMANDS, envelope("dream.requested", {
        "agent_id": agent, "dry_run": False, "reason": "review test"}), agent)
    return await wait_for(lambda: db.review_pairs.find_one({"agent_id": agent, "status": "open"}),
                          90, 0.5, "an open review pair")


async def test_see_a_dream_resolve_a_review_and_roll_back(dash, sample, kafka, db, page):
    base = f"http://127.0.0.1:{dash.port}"
    dialogs = answer_dialogs(page, accept=True)
    run = await db.runs.find_one({"agent_id": "support-bot",
                                  "phases.consolidation.merged_notes": {"$gt": 0}})
    assert run is not None, "the sample dream of support-bot merged nothing"
    run_id = run["run_id"]

    # sign in; the runs list shows the run; open it
    await sign_in(page, base, TOKEN)
    assert page.url == f"{base}/"
    await page.screenshot(path=str(shot("dashboard-runs.png")), full_page=True)
    assert "support-bot" in await page.inner_text("table")
    cookies = {c["name"]: c for c in await page.context.cookies()}
    assert cookies["reverie_csrf"]["sameSite"] == "Strict"
    await page.click(f'a[href="/runs/{run_id}"]')
    await page.wait_for_url(f"{base}/runs/{run_id}")

    # a merge, before → after, matches what MongoDB says
    card = page.locator(".merge-card").first
    before = await card.locator(".before .quote").all_inner_texts()
    after = await card.locator(".after .quote").inner_text()
    merged_id = await card.locator(".after a.id").inner_text()
    merged = await db.notes.find_one({"_id": merged_id})
    # Active, or Archived by the same run's retention phase: the sample's notes are from
    # March 2026 and the merged note inherits its sources' last access
    assert merged is not None and merged["status"] in ("Active", "Archived")
    assert f"now {merged['status']}" in after
    assert merged["text"] in after and len(before) == len(merged["source_note_ids"]) >= 2
    for source_id in merged["source_note_ids"]:
        source = await db.notes.find_one({"_id": source_id})
        assert source["status"] == "Revoked" and source["text"] in "\n".join(before)
    await page.screenshot(path=str(shot("dashboard.png")), full_page=True)
    (ROOT / "docs").mkdir(exist_ok=True)
    shutil.copyfile(shot("dashboard.png"), ROOT / "docs/dashboard.png")

    # resolve a review item: one from the sample if any, else one we make
    pair = await db.review_pairs.find_one({"status": "open"}) or await create_review_item(
        kafka, db)
    keep, other = pair["note_ids"]
    await page.goto(f"{base}/runs/{pair['run_id']}")
    review = page.locator(".review").first
    await page.screenshot(path=str(shot("dashboard-review.png")), full_page=True)
    async with page.expect_navigation():
        await review.locator("form", has=page.locator(f'input[name=keep][value="{keep}"]')
                             ).locator("button").click()
    assert "Kept" in await page.inner_text("#flash")
    resolved = await db.review_pairs.find_one({"_id": pair["_id"]})
    assert resolved["status"] == "resolved" and resolved["kept_note_id"] == keep
    assert (await db.notes.find_one({"_id": keep}))["status"] == "Active"
    assert (await db.notes.find_one({"_id": other}))["status"] == "Revoked"

    # roll the support-bot run back (the session is the credential; confirm is accepted)
    await page.goto(f"{base}/runs/{run_id}")
    form = page.locator('form[action$="/rollback"]')
    assert await form.locator("input[name=token]").count() == 0
    async with page.expect_navigation():
        await form.locator("button").click()
    assert dialogs and "Roll back run" in dialogs[-1]
    text = await page.inner_text("main")
    assert "This run was rolled back" in text and "Run rolled back" in text
    assert (await db.runs.find_one({"_id": run["_id"]}))["status"] == "rolled_back"
    assert (await db.notes.find_one({"_id": merged_id}))["status"] == "Revoked"
    for source_id in merged["source_note_ids"]:
        assert (await db.notes.find_one({"_id": source_id}))["status"] == "Active"
    card = page.locator(".merge-card").first
    assert "Revoked" in await card.locator(".after").inner_text()
    assert "Revoked" not in await card.locator(".before").inner_text()
    await page.screenshot(path=str(shot("dashboard-after-rollback.png")), full_page=True)

    # the note page tells the story
    await page.goto(f"{base}/notes/{merged['source_note_ids'][0]}")
    history = await page.inner_text("main")
    assert "note.revoked" in history and "Restored by rollback" in history
    await page.screenshot(path=str(shot("dashboard-note.png")), full_page=True)
    await page.goto(f"{base}/agents/support-bot")
    assert merged["source_note_ids"][0] in await page.inner_text("main")
    await page.screenshot(path=str(shot("dashboard-agent.png")), full_page=True)


async def test_changing_actions_need_a_credential_and_the_csrf_cookie(dash, sample, db, page,
                                                                       browser):
    base = f"http://127.0.0.1:{dash.port}"
    run = await db.runs.find_one({"agent_id": "code-helper"})
    run_id = run["run_id"]
    before_run = run["status"]
    before_notes = sorted([(d["_id"], d["status"]) async for d in db.notes.find(
        {"agent_id": "code-helper"}, {"status": 1})])
    target = f"{base}/api/runs/{run_id}/rollback"
    # another browser, never signed in: a token in the form is not a credential
    stranger = await browser.new_context()
    try:
        await (await stranger.new_page()).goto(f"{base}/runs/{run_id}")
        csrf = {c["name"]: c["value"] for c in await stranger.cookies()}["reverie_csrf"]
        form_token = await stranger.request.post(target, form={"token": TOKEN, "csrf": csrf},
                                                 max_redirects=0)
        assert form_token.status == 401, await form_token.text()
    finally:
        await stranger.close()
    await sign_in(page, base, TOKEN, then=f"/runs/{run_id}")
    csrf = {c["name"]: c["value"] for c in await page.context.cookies()}["reverie_csrf"]
    no_csrf = await page.request.post(target, form={"next": "/"}, max_redirects=0)
    wrong_csrf = await page.request.post(target, form={"csrf": "x" * 32}, max_redirects=0)
    bad_bearer = await page.request.post(target, headers={"Authorization": "Bearer nope"},
                                         max_redirects=0)
    for response in (no_csrf, wrong_csrf):
        assert response.status == 403, await response.text()
    assert bad_bearer.status == 401, await bad_bearer.text()
    assert "CSRF" in json.loads(await wrong_csrf.text())["error"]
    after = await db.runs.find_one({"_id": run["_id"]})
    assert after["status"] == before_run != "rolled_back"
    assert sorted([(d["_id"], d["status"]) async for d in db.notes.find(
        {"agent_id": "code-helper"}, {"status": 1})]) == before_notes
    assert csrf


async def test_sign_in_see_the_agent_page_sign_out_and_be_refused_again(dash, sample, db,
                                                                         page):
    base = f"http://127.0.0.1:{dash.port}"
    note = await db.notes.find_one({"agent_id": "support-bot", "status": "Active"})
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))

    refused = await page.goto(f"{base}/agents/support-bot")
    assert refused.status == 401 and note["text"] not in await page.content()
    await page.fill("input[name=token]", TOKEN)
    async with page.expect_navigation():
        await page.click("form.signin button")
    assert page.url == f"{base}/agents/support-bot"
    assert note["text"] in await page.inner_text("main")
    await page.screenshot(path=str(shot("dashboard-signed-in.png")), full_page=True)
    session = {c["name"]: c for c in await page.context.cookies()}["reverie_session"]
    assert session["httpOnly"] and session["sameSite"] == "Strict"
    assert 0 < session["expires"] - datetime.now(UTC).timestamp() <= 8 * 3600 + 60
    assert TOKEN not in session["value"]
    stored = await page.evaluate("JSON.stringify([sessionStorage, localStorage])")
    assert TOKEN not in await page.content() and TOKEN not in stored

    async with page.expect_navigation():
        await page.click("form.signout button")
    assert page.url.startswith(f"{base}/signin")
    again = await page.goto(f"{base}/agents/support-bot")
    assert again.status == 401 and note["text"] not in await page.content()
    assert "reverie_session" not in {c["name"] for c in await page.context.cookies()}
    assert not [u for u in urls if TOKEN in u], urls
    log = dash.log_path.read_text(errors="replace")
    assert TOKEN not in log
    assert '"token_id": "dashboard"' in log and "web.signed_in" in log


async def test_a_script_in_a_note_is_shown_as_text(dash, kafka, db, page):
    base = f"http://127.0.0.1:{dash.port}"
    dialogs = answer_dialogs(page, accept=False)
    await sign_in(page, base, TOKEN)
    agent, note_id = f"xss-{uid()}", f"x-{uid()}"
    await warm_up(kafka, db)
    await kafka.send(TOPIC_NOTES, envelope("note.created", note_data(
        note_id, XSS, agent_id=agent)), agent)
    await wait_for(lambda: db.notes.find_one({"_id": note_id}), 60, 0.3, "the note")
    for path in (f"/agents/{agent}", f"/notes/{note_id}"):
        await page.goto(base + path)
        await page.wait_for_load_state("load")
        assert XSS in await page.inner_text("main")
        assert await page.locator("script").count() == 1  # only the dashboard's own
        await page.wait_for_timeout(300)
    assert dialogs == [], f"a note's script ran: {dialogs}"
    digest = await page.request.get(f"{base}/agents/{agent}/digest")
    assert digest.headers["content-type"].startswith("text/markdown")
    assert "\\<script\\>alert(1)\\</script\\>" in await digest.text()
    metrics = await page.request.get(f"{base}/metrics")
    assert 'reverie_notes{status="Active"}' in await metrics.text()
