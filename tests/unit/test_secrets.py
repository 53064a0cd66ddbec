"""Secrets never leave the process: not in settings reprs, logs, error messages or run steps.

The end-to-end check (a real worker's log, its run steps in MongoDB and its dashboard)
is tests/reliability/test_isolation_kafka.py; these are the unit-level guarantees.
"""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
import structlog
from pydantic import SecretStr

from reverie import logs
from reverie.bootstrap import bootstrap
from reverie.clock import FixedClock
from reverie.config import Settings, redact
from reverie.errors import JudgeUnavailable
from reverie.handlers.dream.judging import JudgedNote
from reverie.judges.llm import LLMJudge
from reverie.storage.memory import MemoryVectorIndex
from tests.builders import memory_settings
from tests.dreamkit import add_notes, embedder, note, run_dream
from tests.fakes import T0
from tests.integration.harness import free_port

SECRETS = {
    "REVERIE_LLM_API_KEY": "sk-secret-XYZ",
    "REVERIE_MONGO_URL": "mongodb://reverie:mongo-PW-123@db-0.example:27017,db-1.example:27017/"
                         "?replicaSet=rs0&authSource=admin",
    "REVERIE_KAFKA_SASL_PASSWORD": "kafka-PW-456",
    "REVERIE_DASHBOARD_TOKEN": "dash-TOKEN-789",
    "REVERIE_QDRANT_API_KEY": "qdrant-KEY-000",
    "REVERIE_EMBEDDINGS_API_KEY": "emb-KEY-111",
}
NEEDLES = ("sk-secret-XYZ", "mongo-PW-123", "kafka-PW-456", "dash-TOKEN-789", "qdrant-KEY-000",
           "emb-KEY-111")


def leaks(text: str) -> list[str]:
    return [n for n in NEEDLES if n in text]


def test_settings_keep_every_secret_out_of_repr_str_and_dumps(monkeypatch):
    for key, value in SECRETS.items():
        monkeypatch.setenv(key, value)
    s = Settings(kafka_security_protocol="SASL_SSL", kafka_sasl_username="svc")
    assert s.llm_api_key is not None and s.llm_api_key.get_secret_value() == "sk-secret-XYZ"
    assert s.mongo_url.get_secret_value() == SECRETS["REVERIE_MONGO_URL"]
    for text in (repr(s), str(s), s.model_dump_json(), json.dumps(s.model_dump(mode="json"))):
        assert leaks(text) == [], text[:300]


@pytest.mark.parametrize("url", [
    "mongodb://reverie:mongo-PW-123@db-0.example:27017/",
    "mongodb+srv://reverie:mongo-PW-123@cluster0.example/reverie?retryWrites=true",
    "mongodb://reverie:mongo-PW-123@db-0:27017,db-1:27017/?replicaSet=rs0",
    "http://user:mongo-PW-123@127.0.0.1:8000/v1",
    "kafka://svc:mongo-PW-123@broker:9093",
    "error talking to mongodb://reverie:mongo-PW-123@db-0/ (timeout)",
])
def test_redact_masks_credentials_in_urls(url):
    out = redact(url)
    assert "mongo-PW-123" not in out and ":***@" in out


@pytest.fixture
def json_logs():
    """Reverie's production log pipeline (JSON), printing into a buffer."""
    saved = structlog.get_config()
    buffer = io.StringIO()
    logs.configure("json", "DEBUG")
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(file=buffer),
                        cache_logger_on_first_use=False)
    yield buffer
    structlog.configure(**saved)


def test_logs_redact_urls_in_values_nested_values_and_tracebacks(json_logs):
    url = SECRETS["REVERIE_MONGO_URL"]
    log = structlog.get_logger("test.secrets")
    log.info("connect", url=url, nested={"urls": [url]})
    try:
        raise ConnectionError(f"cannot reach {url}")
    except ConnectionError:
        log.exception("handler.crashed")
    err = json_logs.getvalue()
    assert "connect" in err and "handler.crashed" in err
    assert leaks(err) == [], err
    assert err.count(":***@") >= 3


async def test_llm_errors_and_run_steps_carry_no_credentials():
    """The judge's error for an unreachable endpoint (URL with user:password) names the
    endpoint redacted and never the API key; the dream stores that error in its steps."""
    clock = FixedClock(T0 + timedelta(days=30))
    base = f"http://judge:mongo-PW-123@127.0.0.1:{free_port()}/v1"
    cfg = memory_settings(judge_trust="always",  # qualification is tested in test_trust.py
                          judge="llm", llm_base_url=base, llm_api_key=SecretStr("sk-secret-XYZ"),
                          llm_timeout_s=0.5, llm_max_retries=0)
    judge = LLMJudge.from_settings(cfg, clock=clock)
    assert leaks(repr(judge)) == []
    with pytest.raises(JudgeUnavailable) as caught:
        await judge.contradicts(*(JudgedNote(n, "Acme ships with UPS.", "Context", T0, 0, None,
                                             None) for n in ("a", "b")))
    assert leaks(str(caught.value)) == [] and "judge:***@127.0.0.1" in str(caught.value)

    app = bootstrap(cfg, clock=clock, embedder=embedder(), index=MemoryVectorIndex(),
                    judge=judge)
    await add_notes(app, *[note(f"c{i}", t, day=i) for i, t in enumerate([
        "The user prefers concise answers.", "User prefers concise, to-the-point answers.",
        "The user prefers concise answers, no long explanations."])])
    run = await run_dream(app)
    dumped = json.dumps([s.model_dump(mode="json") for s in await app.runs.steps(run.run_id)])
    stored = await app.runs.get_run(run.run_id)
    assert stored is not None
    dumped += stored.model_dump_json()
    assert "cannot reach the LLM endpoint" in dumped, "no judge error recorded: test is moot"
    assert leaks(dumped) == []
    await app.close()
