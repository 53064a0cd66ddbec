"""``reverie eval-pairs``: scoring any judge through its port on labeled pairs."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from reverie.evaluation import LabelsInvalid
from reverie.evaluation_pairs import Pair, parse_pairs, score_pairs
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)
from tests.builders import KeepingJudge

DNLI = Path(__file__).parents[2] / "../shared/external/dnli/pairs.jsonl"


class WordJudge(KeepingJudge):
    """Merges pairs whose texts are equal; calls pairs with a "not" contradictions."""

    name = "words"

    async def consolidate(self, notes: Sequence[JudgedNote], now: datetime
                          ) -> tuple[ConsolidationVerdict, Usage]:
        if notes[0].text != notes[1].text:
            return ConsolidationVerdict(consolidate=False), Usage()
        merged = MergedNote(text=notes[0].text, source_ids=[n.note_id for n in notes])
        return ConsolidationVerdict(consolidate=True, merged=[merged]), Usage()

    async def contradicts(self, a: JudgedNote, b: JudgedNote
                          ) -> tuple[ContradictionVerdict, Usage]:
        return ContradictionVerdict(contradicts="not" in (a.text + b.text).split()), Usage()


async def test_shares_per_label_and_dtype() -> None:
    pairs = [
        Pair("1", "i like tea", "i like tea", "same", "m"),
        Pair("2", "i like tea", "i love tea", "same", "m"),
        Pair("3", "i like tea", "i do not like tea", "contradiction", "r"),
        Pair("4", "i like tea", "i have a dog", "neutral"),
    ]
    report = await score_pairs(WordJudge(), pairs)
    assert report.by_label["same"].share("merged") == 0.5
    assert report.by_label["same"].merged == ["1"]
    assert report.by_label["contradiction"].contradicted == ["3"]
    assert report.by_label["neutral"].share("contradicted") == 0.0
    assert list(report.by_dtype) == [("same", "m"), ("contradiction", "r")]
    checks = {(c.label, c.share): c.passed for c in report.checks()}
    assert checks == {("contradiction", "contradicted"): True, ("neutral", "contradicted"): True,
                      ("same", "merged"): True, ("contradiction", "merged"): True}


async def test_summary_counts_false_alarms_and_merged_contradictions() -> None:
    lines = [json.dumps({"id": i, "a": a, "b": b, "label": label, "meta": {"kind": kind}})
             for i, a, b, label, kind in [
                 ("c1", "i like tea", "i do not like tea", "contradiction", "x/neg"),
                 ("c2", "i like tea", "i like tea", "contradiction", "x/merged"),
                 ("c3", "i like tea", "i like coffee", "contradiction", "x/missed"),
                 ("n1", "i have a cat", "i do not have a dog", "neutral", "l/alarm"),
                 ("s1", "i like tea", "i do not like tea much", "same", "s/alarm"),
                 ("s2", "i like tea", "i like tea", "same", "s/ok")]]
    pairs = parse_pairs(lines)
    assert [p.dtype for p in pairs][:2] == ["x/neg", "x/merged"]  # meta.kind, no dtype
    report = await score_pairs(WordJudge(), pairs)
    assert report.summary() == {
        "contradictions": 3, "contradictions_found": 1, "contradiction_recall": 1 / 3,
        "non_contradictions": 3, "false_alarms": 2, "false_alarm_ids": ["s1", "n1"],
        "contradictions_merged": 1, "contradictions_merged_ids": ["c2"]}
    assert report.as_json()["summary"] == report.summary()
    assert ("contradiction", "x/missed") in report.by_dtype


def test_meta_dtype_wins_over_kind() -> None:
    line = json.dumps({"id": "x", "a": "a", "b": "b", "label": "same",
                       "meta": {"dtype": "d", "kind": "k"}})
    assert parse_pairs([line])[0].dtype == "d"


@pytest.mark.parametrize(("line", "message"), [
    ("{", "pairs:1: not JSON"),
    ('{"id": "x", "a": "a", "b": "b", "label": "maybe"}', "label must be one of"),
    ('{"id": "x", "a": "a", "label": "same"}', "needs string fields b"),
    ('{"id": "x", "a": " ", "b": "b", "label": "same"}', "empty statement"),
])
def test_bad_lines_are_named(line: str, message: str) -> None:
    with pytest.raises(LabelsInvalid, match=message):
        parse_pairs([line])


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    # a process of its own: the CLI configures logging for the whole process
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", "eval-pairs", *args],
                          capture_output=True, text=True, timeout=600, check=False)


def test_cli_wrong_file_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n', encoding="utf-8")
    done = _cli(str(bad))
    assert done.returncode == 2
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and "needs string fields a, b, label" in err
    done = _cli(str(tmp_path / "missing.jsonl"))
    assert done.returncode == 2 and "no such file" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_cli_json_report(tmp_path: Path) -> None:
    pairs = tmp_path / "p.jsonl"
    pairs.write_text(json.dumps({"id": "p1", "a": "Ana prefers email.", "b": "Ana prefers "
                                 "email.", "label": "same", "meta": {"dtype": "d"}}) + "\n",
                     encoding="utf-8")
    done = _cli(str(pairs), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["labels"]["same"]["n"] == 1 and out["labels"]["same"]["merged"] == 1.0
    assert out["dtypes"][0]["dtype"] == "d"
    assert out["summary"]["false_alarms"] == 0 and out["summary"]["contradictions"] == 0
    done = _cli(str(pairs))
    assert done.returncode == 0, done.stderr
    assert "false alarms (same/neutral called contradictions) 0/1" in done.stdout


# ------------------------------------------------------------------ the DNLI sample

_DNLI_REPORT: dict[str, Any] = {}


def dnli_report() -> dict[str, Any]:
    """``reverie eval-pairs`` on the DNLI sample with the offline judge (run once)."""
    if not _DNLI_REPORT:
        if not DNLI.is_file():
            pytest.skip(f"{DNLI} is not there (shared/ beside the clone)")
        done = _cli(str(DNLI), "--json")
        assert done.returncode == 0, done.stderr
        _DNLI_REPORT.update(json.loads(done.stdout))
    return _DNLI_REPORT


def _check(label: str, share: str) -> dict[str, Any]:
    return next(c for c in dnli_report()["checks"]
                if c["label"] == label and c["share"] == share)


@pytest.mark.parametrize(("label", "share"), [("neutral", "contradicted"), ("same", "merged")])
def test_dnli_bounds_the_offline_judge_meets(label: str, share: str) -> None:
    check = _check(label, share)
    assert check["passed"], check


def test_dnli_contradiction_recall_at_least_half() -> None:
    """#20's bound, met in session 33 (102 of 200); most misses left need world knowledge
    ("drives an Acura" / "does not own a car") or are two occupations a person may hold."""
    check = _check("contradiction", "contradicted")
    assert check["passed"], check


def test_dnli_contradiction_pairs_merged_at_most_one_percent() -> None:
    """#20's bound: 2 of 200, both pairs DNLI calls contradictions that hardly are ("i do
    not travel that much" / "i do not travel", "my best choice of music is country" / "i
    enjoy listening to country music")."""
    check = _check("contradiction", "merged")
    assert check["passed"], check


def test_dnli_shares_do_not_regress() -> None:
    """Floors at the current values, so a change that loses ground fails."""
    labels = dnli_report()["labels"]
    assert labels["contradiction"]["contradicted"] >= 0.5
    assert labels["neutral"]["contradicted"] <= 0.01
    # two "same" pairs that differ by one value ("drives a ford mustang" / "... a ford
    # truck", "a cat named kj" / "... named jasper") are two values to swapped-values
    assert labels["same"]["merged"] >= 0.51
    assert labels["contradiction"]["merged"] <= 0.01
    # a same fact called a contradiction: 8 of 200 by the rules, 4 more by the agent-memory
    # model's doubt (sent to a person; docs/calibration.md, twelfth round)
    assert labels["same"]["contradicted"] <= 0.06
