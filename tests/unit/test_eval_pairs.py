"""``reverie eval-pairs``: scoring any judge through its port on labeled pairs."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pytest

from reverie.cli.main import main
from reverie.evaluation import LabelsInvalid
from reverie.evaluation_pairs import Pair, parse_pairs, score_pairs
from reverie.handlers.dream.judging import (
    ConsolidationVerdict,
    ContradictionVerdict,
    CoverageVerdict,
    JudgedNote,
    MergedNote,
    Usage,
)

DNLI = Path(__file__).parents[2] / "../shared/external/dnli/pairs.jsonl"


class WordJudge:
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

    async def covers(self, general: Sequence[JudgedNote], specific: JudgedNote
                     ) -> tuple[CoverageVerdict, Usage]:
        return CoverageVerdict(adds_nothing=False), Usage()


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


@pytest.mark.parametrize(("line", "message"), [
    ("{", "pairs:1: not JSON"),
    ('{"id": "x", "a": "a", "b": "b", "label": "maybe"}', "label must be one of"),
    ('{"id": "x", "a": "a", "label": "same"}', "needs string fields b"),
    ('{"id": "x", "a": " ", "b": "b", "label": "same"}', "empty statement"),
])
def test_bad_lines_are_named(line: str, message: str) -> None:
    with pytest.raises(LabelsInvalid, match=message):
        parse_pairs([line])


def test_cli_wrong_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n', encoding="utf-8")
    assert main(["eval-pairs", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "needs string fields a, b, label" in err
    with pytest.raises(SystemExit) as exc:
        main(["eval-pairs", str(tmp_path / "missing.jsonl")])
    assert exc.value.code == 2
    assert "no such file" in capsys.readouterr().err


def test_cli_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pairs = tmp_path / "p.jsonl"
    pairs.write_text(json.dumps({"id": "p1", "a": "Ana prefers email.", "b": "Ana prefers "
                                 "email.", "label": "same", "meta": {"dtype": "d"}}) + "\n",
                     encoding="utf-8")
    assert main(["eval-pairs", str(pairs), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["labels"]["same"]["n"] == 1
    assert out["dtypes"][0]["dtype"] == "d"
