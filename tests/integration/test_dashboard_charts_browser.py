"""The agent page's charts in a real headless Chromium, after a real dream and a deletion."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest

from reverie.client import ReverieClient
from reverie.config import Settings
from reverie.handlers.dream.runner import new_run_id
from tests.integration.harness import ROOT, sign_in, wait_for
from tests.integration.test_dashboard_browser import ARGS, CHROMIUM

pytestmark = [pytest.mark.integration, pytest.mark.browser, pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium: run deploy/local/install-chromium")]


@pytest.fixture
async def page() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                          headless=True)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        yield await context.new_page()
        await browser.close()


async def test_agent_page_draws_memory_over_time_and_what_each_dream_did(
        ready_worker, mongo, services, page):
    db = mongo[ready_worker.database]
    agent, user = f"charts-{uuid.uuid4().hex[:6]}", f"u-{uuid.uuid4().hex[:6]}"
    settings = Settings.load(kafka_broker=services["REVERIE_KAFKA_BROKER"])
    texts = ["The user prefers concise answers.", "Keep responses short for this user.",
             "User wants concise responses; skip the pleasantries.",
             "Acme ships from Rotterdam.", "Invoices go out on the first Monday."]
    async with ReverieClient(settings) as client:
        for i, text in enumerate(texts):
            await client.note_created(note_id=f"{agent}-{i}", agent_id=agent, text=text,
                                      user_id=user if i == 4 else None)
        await wait_for(lambda: db.notes.count_documents({"agent_id": agent}), 60, 0.3,
                       "the notes stored")
        requested = await client.dream_requested(agent_id=agent, reason="charts test")
        run_id = new_run_id(agent, requested.occurred_at, requested.event_id)
        await wait_for(lambda: db.runs.find_one({"_id": run_id, "finished_at": {"$ne": None}}),
                       120, 0.5, "the dream finished")
        await client.entity_deleted(entity_type="user", entity_id=user)
        await wait_for(lambda: db.notes.find_one({"_id": f"{agent}-4", "status": "Archived"}),
                       60, 0.3, "the deleted user's note archived")

    await sign_in(page, f"http://127.0.0.1:{ready_worker.port}", ready_worker.token,
                  then=f"/agents/{agent}")
    memory, runs = page.locator("svg.memory-chart"), page.locator("svg.runs-chart")
    await memory.wait_for(state="visible", timeout=10_000)
    for chart in (memory, runs):
        box = await chart.bounding_box()
        assert box and box["width"] >= 600 and box["height"] >= 150
    assert await memory.locator("path.series").count() == 3
    tips = await memory.locator("circle.point title").all_text_contents()
    assert any(t.startswith(tuple("0123456789")) and "after dream" in t for t in tips)
    assert any("after deletion" in t and "Archived 1" in t for t in tips)
    assert await runs.locator("rect.bar").count() == 4
    bar_tips = await runs.locator("rect.bar title").all_text_contents()
    assert all(run_id in t and "LLM calls" in t for t in bar_tips)
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    await page.screenshot(path=str(artifacts / "dashboard-charts.png"), full_page=True)
