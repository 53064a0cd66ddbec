"""Isolation and secrets end to end: a real worker, the shared Kafka and FerretDB, the LLM
judge talking to tests/llm_stub.py.

* Near-identical notes of two tenants, two users of one tenant and two agents: every
  scoped /api/search returns only what that binding's digest lists; a dream for one agent judges one
  scope at a time and leaves the other agent untouched.
* The worker runs with secrets in every setting that takes one (LLM key, a MongoDB URL
  with user:password — FerretDB v1 accepts any credentials with authMechanism=PLAIN and
  refuses SCRAM —, a Kafka SASL password that PLAINTEXT leaves unused, the dashboard
  token). None of them may appear in the worker log,
  the run steps and runs in MongoDB, the run steps published to Kafka, or any dashboard
  page; the LLM key must still reach the LLM endpoint (positive control).
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pymongo import AsyncMongoClient

from reverie.domain.events import TOPIC_COMMANDS, TOPIC_NOTES, TOPIC_RUN_STEPS
from tests.fakes import T0, iso
from tests.integration.harness import Kafka, Worker, wait_for
from tests.llm_stub import LLMStub, Reply
from tests.reliability.harness import Publisher, note_envelope, prime, uid

pytestmark = pytest.mark.integration

SECRETS = ("sk-secret-XYZ", "mongo-PW-123", "kafka-PW-456", "dash-TOKEN-789", "qdrant-KEY-000")
CONCISE = ["The user prefers concise answers.",
           "The user prefers concise answers, no long explanations.",
           "User prefers concise, to-the-point answers."]
_NOTE_ID = re.compile(r'<note\s+[^>]*id="([^"]+)"')


@pytest.fixture(scope="module")
async def secret_worker(services, tmp_path_factory) -> AsyncIterator[dict[str, Any]]:
    host = services["REVERIE_MONGO_URL"].split("//", 1)[1].rstrip("/")
    with LLMStub() as stub:
        extra = {
            "REVERIE_JUDGE": "llm",
            # no user:password in this URL: httpx would send it as Basic auth *instead of*
            # the API key (URL redaction in judge errors: tests/unit/test_secrets.py)
            "REVERIE_LLM_BASE_URL": stub.base_url,
            "REVERIE_LLM_API_KEY": "sk-secret-XYZ",
            "REVERIE_LLM_TIMEOUT_S": "1",
            "REVERIE_LLM_MAX_RETRIES": "0",
            "REVERIE_MONGO_URL": f"mongodb://reverie:mongo-PW-123@{host}/?authMechanism=PLAIN",
            "REVERIE_KAFKA_SASL_USERNAME": "svc",
            "REVERIE_KAFKA_SASL_PASSWORD": "kafka-PW-456",
            "REVERIE_DASHBOARD_TOKEN": "dash-TOKEN-789",
            "REVERIE_QDRANT_API_KEY": "qdrant-KEY-000",
            "REVERIE_LOG_LEVEL": "DEBUG",
        }
        worker = Worker(services, tmp=tmp_path_factory.mktemp("secrets"), extra=extra).start()
        pub = await Publisher(services).start()
        client: AsyncMongoClient = AsyncMongoClient(services["REVERIE_MONGO_URL"], tz_aware=True)
        try:
            await worker.ready()
            db = client[worker.database]
            await prime(pub, db, commands=True)
            yield {"worker": worker, "db": db, "pub": pub, "stub": stub}
        finally:
            await pub.stop()
            worker.stop()
            await client.close()


def scoped_notes(run: str) -> dict[str, dict[str, Any]]:
    """note id -> envelope; near-identical texts in six scopes of two agents."""
    scopes = {"A-co1": (f"A-{run}", "co-1", None), "A-co2": (f"A-{run}", "co-2", None),
              "A-u1": (f"A-{run}", "co-1", "u-1"), "A-u2": (f"A-{run}", "co-1", "u-2"),
              "B-co1": (f"B-{run}", "co-1", None)}
    out = {}
    for scope, (agent, company, user) in scopes.items():
        for i, text in enumerate(CONCISE):
            if user:  # a fact of their own: a user's notes never fold into the company's
                text += f" {user} works from the Lisbon office."
            nid = f"{scope}-{run}-{i}"
            out[nid] = note_envelope(nid, agent, text=text, company_id=company, user_id=user,
                                     created_at=iso(T0))
    return out


def dream_request(agent: str, event_id: str) -> bytes:
    return json.dumps({"event_id": event_id, "event_type": "dream.requested",
                       "occurred_at": iso(T0), "schema_version": 1,
                       "data": {"agent_id": agent, "reason": "reliability test"}}).encode()


async def finished_run(db: Any, agent: str, timeout: float = 180) -> dict[str, Any]:
    async def check() -> Any:
        return await db.runs.find_one({"agent_id": agent, "finished_at": {"$ne": None}})

    return dict(await wait_for(check, timeout, 0.5, f"a finished dream of {agent}"))


def page(worker: Worker, path: str) -> str:
    return worker.read(path)


async def test_scoped_search_and_dreams_never_cross_tenants_users_or_agents(secret_worker):
    worker, db, pub, stub = (secret_worker[k] for k in ("worker", "db", "pub", "stub"))
    run = uid()
    notes = scoped_notes(run)
    await pub.send_all([(TOPIC_NOTES, e["data"]["agent_id"].encode(), json.dumps(e).encode())
                        for e in notes.values()])

    async def stored() -> bool:
        return bool(await db.notes.count_documents({"_id": {"$in": list(notes)}}) == len(notes))

    await wait_for(stored, 120, 0.5, "the scoped notes stored")
    # a binding reads what its digest lists (issue #22): a user's own notes and their
    # company's shared notes, never another user's, company's or agent's
    reads = {"A-co1": ("A-co1",), "A-co2": ("A-co2",), "A-u1": ("A-u1", "A-co1"),
             "A-u2": ("A-u2", "A-co1"), "B-co1": ("B-co1",)}
    for scope, visible in reads.items():
        d = notes[f"{scope}-{run}-0"]["data"]
        query = (f"/api/search?agent_id={d['agent_id']}&company_id={d['company_id']}"
                 f"&user_id={d['user_id'] or ''}&q=concise+answers&k=20")
        hits = {h["note_id"] for h in worker.get(query)["hits"]}
        assert hits == {f"{s}-{run}-{i}" for s in visible for i in range(3)}, (scope, hits)
    # a tenant that has no notes of this agent finds nothing, whatever the text
    assert worker.get(f"/api/search?agent_id=A-{run}&company_id=co-3&q=concise")["hits"] == []

    before_b = {d["_id"]: d async for d in db.notes.find({"agent_id": f"B-{run}"})}
    stub.reset()
    await pub.send_all([(TOPIC_COMMANDS, f"A-{run}".encode(),
                         dream_request(f"A-{run}", f"dream-A-{run}"))])
    finished = await finished_run(db, f"A-{run}")
    assert finished["status"] in ("completed", "partial"), finished
    scope_of = {nid: nid.rsplit("-", 2)[0] for nid in notes}
    judged = [set(_NOTE_ID.findall(r.text("user"))) for r in stub.chat_requests]
    assert judged, "the dream asked the judge nothing: the test is moot"
    for ids in judged:
        scopes = {scope_of.get(i, "merged") for i in ids} - {"merged"}
        assert len(scopes) <= 1 and not scopes & {"B-co1"}, ids
    after_b = {d["_id"]: d async for d in db.notes.find({"agent_id": f"B-{run}"})}
    assert after_b == before_b, "a dream of agent A changed agent B's notes"
    merged = [d async for d in db.notes.find({"agent_id": f"A-{run}", "source_note_ids.0":
                                              {"$exists": True}})]
    assert merged, "no merge happened: the test is moot"
    for m in merged:
        assert len({scope_of[s] for s in m["source_note_ids"]}) == 1, m["source_note_ids"]


async def test_no_secret_in_logs_run_steps_or_dashboard(secret_worker):
    worker, db, pub, stub = (secret_worker[k] for k in ("worker", "db", "pub", "stub"))
    run = uid()
    agent = f"C-{run}"
    envs = [note_envelope(f"C-{run}-{i}", agent, text=t) for i, t in enumerate(CONCISE)]
    await pub.send_all([(TOPIC_NOTES, agent.encode(), json.dumps(e).encode()) for e in envs])
    await wait_for(lambda: db.notes.find_one({"_id": f"C-{run}-2"}), 60, what="C's notes")
    stub.reset()
    stub.default = Reply(delay=3.0)  # slower than the 1 s timeout: errors name the endpoint
    kafka = Kafka(worker.env)
    since = await kafka.end_offsets(TOPIC_RUN_STEPS)
    await pub.send_all([(TOPIC_COMMANDS, agent.encode(), dream_request(agent, f"dream-{agent}"))])
    finished = await finished_run(db, agent)
    stub.default = None
    steps = [s async for s in db.run_steps.find({"run_id": finished["_id"]})]
    dumped = json.dumps(steps, default=str) + json.dumps(finished, default=str)
    assert "did not answer within" in dumped, (
        "no judge error in the run steps: the test is moot")
    # positive control: the key did reach the LLM endpoint
    assert any(r.headers.get("authorization") == "Bearer sk-secret-XYZ"
               for r in stub.chat_requests)

    published = await kafka.read(TOPIC_RUN_STEPS, since, lambda rs: sum(
        finished["_id"].encode() == r.key for r in rs) >= len(steps), timeout=60)
    pages = {path: page(worker, path) for path in (
        "/", f"/runs/{finished['_id']}", f"/agents/{agent}", f"/notes/C-{run}-0",
        f"/agents/{agent}/digest", "/metrics", "/health", f"/api/notes/C-{run}-0")}
    await asyncio.sleep(1)  # let the log catch up
    log = worker.log_path.read_text(errors="replace")
    all_runs = json.dumps([r async for r in db.runs.find({})], default=str)
    all_steps = json.dumps([s async for s in db.run_steps.find({})], default=str)
    found = {
        where: [s for s in SECRETS if s in text]
        for where, text in {
            "worker log": log, "runs": all_runs, "run steps": all_steps,
            "run-steps topic": b"".join(r.value for r in published).decode("utf-8", "replace"),
            **{f"page {p}": t for p, t in pages.items()},
        }.items()
    }
    assert {k: v for k, v in found.items() if v} == {}, found
    assert len(log) > 10_000 and "llm_call" in log, "the log is too thin to prove anything"
    print(f"\nsecrets: checked {len(log)} bytes of log, {len(all_steps)} of run steps, "
          f"{len(published)} published steps, {len(pages)} pages; none leaked")
