"""``reverie judge check``: qualify the configured judge on demand; exit 1 when not trusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.llm_stub import LLMStub
from tests.unit.test_trust import naive_answer


def judge_check(stub: LLMStub, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``reverie judge check`` in a process of its own (the CLI configures logging)."""
    env = {**os.environ, "REVERIE_STORAGE": "memory", "REVERIE_VECTOR_BACKEND": "memory",
           "REVERIE_JUDGE": "llm", "REVERIE_LLM_BASE_URL": stub.base_url,
           "REVERIE_LLM_API_KEY": "sk-test", "REVERIE_LLM_MAX_RETRIES": "0",
           "REVERIE_ENV_FILE": "/nonexistent"}
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", "judge", "check", *args],
                          capture_output=True, text=True, timeout=120, check=False, env=env)


@pytest.mark.parametrize("naive", [False, True], ids=["passes", "fails"])
def test_judge_check_prints_the_scores_and_exits_one_for_an_untrusted_judge(
        stub: LLMStub, naive: bool) -> None:
    if naive:
        stub.answer = naive_answer
    done = judge_check(stub)
    assert done.returncode == (1 if naive else 0), done.stderr
    assert "contradiction_recall\t" in done.stdout
    assert ("verdict\tNOT trusted" if naive else "verdict\ttrusted") in done.stdout
    if naive:
        assert "paraphrase" in done.stdout and "wrong\tpara-" in done.stdout
    found = json.loads(judge_check(stub, "--json").stdout)
    assert found["trusted"] is (not naive) and found["scores"]["items"] == 37
