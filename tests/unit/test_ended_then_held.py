"""An end said in the past against the thing held now: ``ended-then-held``, on sentences
written for these tests (none drawn from a measured set or the training pairs)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Priya cancelled Netflix in May.", "Priya still pays for Netflix every month."),
    ("Omar graduated from Stanford in 2019.", "Omar is a sophomore at Stanford."),
    ("Lena left Initech last spring.", "Lena is the head of design at Initech."),
    ("Joon is still at Hooli.", "Joon now teaches yoga after leaving Hooli."),
    # "quit" is "continue" denied: an end all the same, of a job at a name too
    ("Noor works at Kestrel Air.", "Noor quit Kestrel Air."),
    ("Noor works at Kestrel Air.", "Noor quit her job at Kestrel Air."),
    # a change verb that ends keeps its tense ("was merged into one note")
    ("Kestrel is on Postgres.", "Kestrel moved off Postgres in 2025."),
])
def test_an_end_in_the_past_contradicts_the_thing_held_now(a: str, b: str) -> None:
    """Both cannot be true now; the dream keeps the newer."""
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "ended-then-held"
    assert found.certain


@pytest.mark.parametrize(("a", "b"), [
    ("Tom sells used cars for a living.", "Tom is a car dealer."),  # a trade, no end
    ("I love autumn.", "I love it when autumn ends."),  # no end said yet
    ("Lena left Initech in 2021.", "Lena works at Globex."),  # another thing held
    # there again
    ("Lena left Initech in 2019 but came back in 2022.", "Lena works at Initech."),
    ("Noor quit Kestrel Air in 2019 but rejoined in 2022.", "Noor works at Kestrel Air."),
    ("Noor quit smoking.", "Noor smokes a pack a day."),  # no thing held
])
def test_a_trade_a_coming_end_or_another_thing_is_no_end_of_what_is_held(a: str,
                                                                          b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert not any(f.rule == "ended-then-held" for f in found.findings), found.findings
