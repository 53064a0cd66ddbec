"""The offline judge's table of rules: every rule frames.py applies is in it, and only those."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from reverie.handlers.dream.findings import Finding, as_json
from reverie.judges import frames
from reverie.judges.rules import KINDS, RULES, finding, kind_of

FRAMES = Path(frames.__file__).read_text()
JUDGES = "".join(p.read_text() for p in Path(frames.__file__).parent.glob("*.py")
                 if p.name != "rules.py")


def test_every_rule_frames_applies_is_in_the_table() -> None:
    named = set(re.findall(r'finding\(\s*"([a-z-]+)"', FRAMES))
    named |= set(re.findall(r'return "([a-z-]+)", ', FRAMES))  # a clause's conflict rule
    assert named, "no rule found in frames.py"
    assert named <= set(RULES), named - set(RULES)


def test_every_rule_of_the_table_is_applied_by_the_judge() -> None:
    """No rule is only a name: each is applied in reverie/judges (frames.py, or beside a
    learned model)."""
    unused = [name for name in RULES if f'"{name}"' not in JUDGES]
    assert not unused


def test_each_rule_has_a_kind_and_a_one_line_description() -> None:
    for rule in RULES.values():
        assert rule.kind in KINDS
        assert rule.description and "\n" not in rule.description


def test_a_finding_of_an_unknown_rule_is_refused() -> None:
    with pytest.raises(KeyError, match="no rule 'negation'"):
        finding("negation", "'X' vs its negation 'Y'")
    assert kind_of(Finding("a-rule-nowhere", "not in the table")) is None
    assert kind_of(finding("nli-contradiction", "the model")) == "conflict"
    assert kind_of(finding("negated-copy", "x")) == "conflict"


def test_a_finding_as_a_line_and_as_run_step_data() -> None:
    plain = finding("other-value", "'A' vs 'B': one 'be' with a different attr")
    scored = Finding("nli-contradiction", "the model", {"contradiction": 0.91234, "neutral": 0.05})
    assert plain.line() == "other-value: 'A' vs 'B': one 'be' with a different attr"
    assert scored.line() == "nli-contradiction: the model [p(contradiction)=0.91, p(neutral)=0.05]"
    assert as_json([plain, scored]) == [
        {"rule": "other-value", "detail": "'A' vs 'B': one 'be' with a different attr"},
        {"rule": "nli-contradiction", "detail": "the model",
         "scores": {"contradiction": 0.9123, "neutral": 0.05}},
    ]
