""""Only" makes a value the one value of its frame: the parse marks it (``Clause.only``) on
pairs written for it (none drawn from the exclusive-value check set, DNLI or the blind
sets), and not where "only" goes with something else."""

from __future__ import annotations

import pytest

from reverie.judges.nlp import analyze


@pytest.mark.parametrize("text", [
    "Dana only uses macOS.",
    "Dana uses Windows exclusively.",
    "Sofia works only for Globex.",
    "Send me notifications only by email.",
    "My only pet is a cat.",
    "Lena uses VS Code as her only editor.",
    "Sofia's one and only employer is Initech.",
    "I have just one pet, a parrot.",
    "User owns a single bike.",
])
def test_only_marks_the_value_as_the_one_value(text: str) -> None:
    assert analyze(text).clauses[0].only


@pytest.mark.parametrize("text", [
    "Dana uses macOS.",
    "Acme has only 5 seats left.",  # a number: "no more than"
    "I only started coding last year.",  # a beginning: "recently"
    "User not only speaks English but also French.",
    "Dana uses Linux because it is the only free option.",  # another clause's
])
def test_only_of_something_else_marks_nothing(text: str) -> None:
    assert not analyze(text).clauses[0].only
