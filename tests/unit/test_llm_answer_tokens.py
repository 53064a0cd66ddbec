"""Every LLM request asks for enough ``max_tokens`` for its batch, so no answer is cut off."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from reverie.handlers.dream.judging import JudgedNote
from reverie.judges.llm import LLMJudge, answer_tokens
from tests.llm_stub import LLMStub

NOW = datetime(2026, 3, 1, tzinfo=UTC)


def judged(note_id: str, text: str) -> JudgedNote:
    return JudgedNote(note_id=note_id, text=text, note_type="Preference", created_at=NOW,
                      access_count=1)


PAIRS = [(judged(f"a{i}", f"Fact {i} holds."), judged(f"b{i}", f"Fact {i} does not hold."))
         for i in range(6)]


def test_the_answer_budget_grows_with_the_batch_and_its_notes() -> None:
    assert answer_tokens(1) == 256  # a floor for one short verdict
    assert answer_tokens(8) > answer_tokens(3) > answer_tokens(1)
    assert answer_tokens(2, note_chars=3000, notes=10) > answer_tokens(2) + 900
    assert answer_tokens(200, cap=4096) == 4096


async def test_requests_carry_max_tokens_sized_for_their_batch(
        stub: LLMStub, new_llm_judge: Callable[..., LLMJudge]) -> None:
    judge = new_llm_judge(max_output_tokens=1000)
    await judge.contradicts(*PAIRS[0])
    await judge.contradicts_many(PAIRS[:3])
    await judge.contradicts_many(PAIRS)
    cluster = [judged(f"c{i}", "The user prefers concise answers. " * 5) for i in range(4)]
    await judge.consolidate(cluster, NOW)
    asked = [r.body["max_tokens"] for r in stub.chat_requests]
    assert asked[0] == answer_tokens(1) and asked[1] == answer_tokens(3)
    assert asked[2] == min(1000, answer_tokens(6)) and asked[3] > answer_tokens(1)
    assert max(asked) <= 1000
