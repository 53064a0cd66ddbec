"""The pairs written for training (eval/train/) stay apart from the sets that measure the judge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TRAIN = sorted((ROOT / "eval" / "train").glob("*.jsonl"))
MEASURING = sorted((ROOT / "eval" / "pairs").glob("*.jsonl"))
DNLI = ROOT.parent / "shared" / "external" / "dnli" / "pairs.jsonl"
LABELS = {"contradiction", "neutral", "same"}


def _pairs(path: Path) -> set[frozenset[str]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {frozenset((r["a"].strip().lower(), r["b"].strip().lower())) for r in rows}


def test_every_training_pair_has_two_statements_and_a_known_label():
    """Each line: an id, two different non-empty statements and one of the three labels."""
    assert len(TRAIN) == 24
    for path in TRAIN:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            assert row["label"] in LABELS, (path.name, row["id"])
            assert row["a"].strip() and row["b"].strip() and row["a"] != row["b"], row["id"]


@pytest.mark.parametrize("measuring", [*MEASURING, DNLI], ids=lambda p: p.name)
def test_no_training_pair_is_in_a_set_that_measures_the_judge(measuring: Path):
    """Training on a measuring set's pair (either order) would inflate what it measures."""
    if not measuring.exists():
        pytest.skip(f"{measuring} is not on this machine")
    train = set().union(*(_pairs(p) for p in TRAIN))
    assert not _pairs(measuring) & train
