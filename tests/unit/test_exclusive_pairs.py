"""The offline judge on ``eval/pairs/exclusive-values.jsonl``, the team's check set of
exclusive-value contradictions and their look-alikes (issue #20; see eval/pairs/README.md).

The set is kept apart from tuning: these tests only read the judge's answers on it.
Targets: contradiction recall >= 90%, false alarms (a ``same`` or ``neutral`` pair called
a contradiction) = 0, and, from issue #20 item 2, no contradiction pair merged. The ones
the judge misses today are strict xfails, so they fail loudly (XPASS) once it reaches
them: then drop the mark.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PAIRS = Path(__file__).parents[2] / "eval/pairs/exclusive-values.jsonl"

_REPORT: dict[str, Any] = {}


def summary() -> dict[str, Any]:
    """``reverie eval-pairs PAIRS --json`` with the offline judge, run once (~15 s)."""
    if not _REPORT:
        # a process of its own: the CLI configures logging for the whole process
        done = subprocess.run([sys.executable, "-m", "reverie.cli.main", "eval-pairs",
                               str(PAIRS), "--json"],
                              capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr
        _REPORT.update(json.loads(done.stdout))
    return dict(_REPORT["summary"])


def test_the_set_is_what_its_readme_says() -> None:
    """Format and composition only (no texts asserted): 200 pairs, labels match kinds."""
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    assert len({r["id"] for r in rows}) == len(rows) == 200
    labels = Counter(r["label"] for r in rows)
    assert labels == {"contradiction": 90, "neutral": 71, "same": 39}
    for r in rows:
        family = r["meta"]["kind"].split("/")[0]
        assert family in ("exclusive", "lookalike", "same"), r["id"]
        assert (r["label"] == "contradiction") == (family == "exclusive"), r["id"]
        if family == "same":
            assert r["label"] == "same", r["id"]
    attributes = {r["meta"]["attribute"] for r in rows if r["label"] == "contradiction"}
    assert len(attributes) >= 15


def _missed(reason: str) -> pytest.MarkDecorator:
    return pytest.mark.xfail(strict=True, reason=f"not reached yet: {reason}")


@pytest.mark.parametrize(("reached", "why"), [
    pytest.param(lambda s: s["contradiction_recall"] >= 0.90, "contradiction_recall",
                 marks=_missed("62 of 90 exclusive-value contradictions found (69%; 8 "
                               "before the table of one-value attributes, 30 in session 13, "
                               "43 in session 20, 51 in session 31, 57 in session 35): the "
                               "set varies the "
                               "verbs and forms of the two sides on purpose; the table covers "
                               "a few attributes and frames, and the SNLI-trained scorer does "
                               "not know which attributes hold one value (docs/calibration.md)"),
                 id="recall-at-least-90-percent"),
    pytest.param(lambda s: s["false_alarms"] == 0, "false_alarm_ids",
                 marks=_missed("3 of 110 look-alikes and paraphrases called contradictions "
                               "(9 before b8177dd, 8 before dec63d6, 7 in session 11, 6 "
                               "in session 12, 8 in session 13, 7 in sessions 16-18, 5 in "
                               "session 35)"),
                 id="no-false-alarms"),
    pytest.param(lambda s: s["contradictions_merged"] == 0, "contradictions_merged_ids",
                 marks=_missed("2 of 90 contradiction pairs merged into one note (13 before "
                               "b8177dd and d37c50e, 10 before 4bb90ed, 7 in sessions 12-19, "
                               "6 in session 20, 4 in session 35)"),
                 id="no-contradiction-pair-merged"),
])
def test_target(reached: Callable[[dict[str, Any]], bool], why: str) -> None:
    """Issue #20's targets for this set: recall >= 90%, no false alarm, nothing merged."""
    s = summary()
    assert reached(s), s[why]


def test_does_not_regress() -> None:
    """Floors at today's values (session 36: 62 found, 3 false alarms, 2 merged), so a
    change that loses ground fails."""
    s = summary()
    assert s["contradictions"] == 90 and s["non_contradictions"] == 110
    assert s["contradictions_found"] >= 62, s
    assert s["false_alarms"] <= 3, s["false_alarm_ids"]
    assert s["contradictions_merged"] <= 2, s["contradictions_merged_ids"]
