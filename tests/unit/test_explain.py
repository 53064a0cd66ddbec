"""``reverie explain "A" "B"``: one fact, two facts or a contradiction, and the rule that decided."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from reverie.judges.explain import NothingStated, explain
from reverie.judges.offline import OfflineJudge
from reverie.judges.rules import RULES
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b", "outcome", "rules"), [
    ("Hiro prefers phone calls for urgent issues.",
     "Hiro does not want phone calls, even for urgent issues.", "contradiction",
     ["negated-frame"]),
    ("The user prefers concise answers.", "User wants concise responses.", "one fact",
     ["link-shared-word", "absorbs-words"]),
    ("Jo works from home.", "Jo works in the office.", "two facts", ["other-place"]),
    ("Lena prefers Python for scripting.", "Marco's staging environment is staging.example.",
     "two facts", ["below-link-similarity"]),
])
def test_the_outcome_and_the_rules_that_decided_it(a: str, b: str, outcome: str,
                                                    rules: list[str]) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == outcome
    assert [f.rule for f in found.findings] == rules
    assert all(f.detail for f in found.findings)


def test_each_pair_of_statements_has_its_cosine() -> None:
    found = explain(judge, "Acme pays monthly. Invoices go to ap@acme.example.",
                    "Acme pays annually.", NOW)
    assert [(x, y) for x, y, _ in found.cosines] == [
        ("Acme pays monthly", "Acme pays annually"),
        ("Invoices go to ap@acme.example", "Acme pays annually")]
    assert found.cosine == max(c for _, _, c in found.cosines) > 0.8
    # one holder billed on two cycles (session 11; two facts, differing-argument, before)
    assert (found.outcome, found.findings[0].rule) == ("contradiction", "one-value-attribute")
    assert "one billing cycle" in found.reason


def test_the_json_names_each_rules_kind_and_description() -> None:
    data = explain(judge, "Dana does not have children.", "Dana has a daughter.", NOW).as_json()
    assert data["verdict"] == "contradiction" and 0 < data["cosine"] <= 1
    [row] = data["findings"]
    assert row["rule"] == "denied-kind" and row["kind"] == "conflict"
    assert row["description"] == RULES["denied-kind"].description
    assert row["detail"] == "'Dana has a daughter' vs its negation 'Dana does not have children'"


def test_a_statement_that_states_nothing_is_refused() -> None:
    with pytest.raises(NothingStated, match="statement B states nothing"):
        explain(judge, "Acme uses Slack.", "...", NOW)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    # a process of its own: the CLI configures logging for the whole process
    return subprocess.run([sys.executable, "-m", "reverie.cli.main", "explain", *args],
                          capture_output=True, text=True, timeout=300, check=False)


def test_cli_prints_the_verdict_the_cosine_and_each_rule() -> None:
    done = _cli("Maya prefers a formal tone in replies.", "Maya prefers a casual tone in replies.")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "verdict\tcontradiction"
    assert lines[1].startswith("cosine\t0.")
    assert lines[2] == ("rule\topposite-preference\t'Maya prefers a formal tone in replies' vs "
                        "'Maya prefers a casual tone in replies': formal tone / casual tone, "
                        "opposites (WordNet), wanted by one holder")
    found = json.loads(_cli("Jo works from home.", "Jo works in the office.", "--json").stdout)
    assert found["verdict"] == "two facts"
    assert [f["rule"] for f in found["findings"]] == ["other-place"]


@pytest.mark.parametrize(("args", "message"), [
    (["", "Acme uses Slack."], "statement A is empty"),
    (["Acme uses Slack.", "..."], "statement B states nothing the judge can compare"),
    (["Acme uses Slack."], "the following arguments are required: b"),
])
def test_cli_a_wrong_argument_is_one_line(args: list[str], message: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and message in err, err
    assert "Traceback" not in done.stderr


def test_cli_says_when_a_contradiction_is_left_to_a_person() -> None:
    """An uncertain verdict says so on its first line, and ``certain`` in the JSON."""
    done = _cli("i am a teacher .", "i am a cook .")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == (
        "verdict\tcontradiction\tnot certain: left to a person, never revoked")
    found = json.loads(_cli("i am a teacher .", "i am a cook .", "--json").stdout)
    assert found["certain"] is False
