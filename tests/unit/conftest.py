"""Fixtures shared by the unit tests: structlog as it was, the LLM judge's stub server and
judges on it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest
import structlog

from reverie.clock import FixedClock
from reverie.judges.llm import LLMJudge
from tests.llm_stub import LLMStub

JUDGE_NOW = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture(autouse=True)
def structlog_as_it_was() -> Iterator[None]:
    """Restore structlog's configuration after each test: a CLI run configures it to cache
    loggers on first use, and a logger cached then escapes a later test's ``capture_logs``."""
    saved = structlog.get_config()
    yield
    structlog.configure(**saved)


@pytest.fixture
def stub() -> Iterator[LLMStub]:
    """An OpenAI-compatible stub server for one test."""
    with LLMStub() as server:
        yield server


@pytest.fixture
async def new_llm_judge(stub: LLMStub) -> AsyncIterator[Callable[..., LLMJudge]]:
    """Make LLMJudges against ``stub`` (keyword arguments override the defaults); all closed after."""
    judges: list[LLMJudge] = []

    def make(**overrides: Any) -> LLMJudge:
        params: dict[str, Any] = {
            "base_url": stub.base_url,
            "api_key": "sk-test-secret-123",
            "model": "m-default",
            "timeout_s": 2.0,
            "max_retries": 2,
            "clock": FixedClock(JUDGE_NOW),
            **overrides,
        }
        judge = LLMJudge(**params)
        judges.append(judge)
        return judge

    yield make
    for judge in judges:
        await judge.aclose()


@pytest.fixture
def make_judge(new_llm_judge: Callable[..., LLMJudge]) -> Callable[..., LLMJudge]:
    """Make LLMJudges against ``stub`` with model "m" and no retries (a failure shows at once)."""
    return partial(new_llm_judge, model="m", max_retries=0)
