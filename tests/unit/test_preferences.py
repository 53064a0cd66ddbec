"""Preferences given as an order of two things (:mod:`reverie.text.preferences`) and the
``reversed-preference`` rule, on pairs written for it (none drawn from the exclusive-value
check set, DNLI or the blind sets), and its look-alikes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from reverie.judges.explain import explain
from reverie.judges.offline import OfflineJudge
from reverie.text.preferences import preferences
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("text", "better", "worse"), [
    ("Yuki prefers texts to calls.", {"text"}, {"call"}),
    ("Dana would rather text than call.", {"text"}, {"call"}),
    ("She likes cats more than dogs, honestly.", {"cat"}, {"dog"}),
    ("Prefers email to phone for anything urgent.", {"email"}, {"phone"}),
])
def test_an_order_of_two_things_is_read(text: str, better: set[str], worse: set[str]) -> None:
    """The thing preferred and the thing it is preferred to, plural endings aside."""
    (found,) = preferences(text)
    assert (set(found.better), set(found.worse)) == (better, worse)


@pytest.mark.parametrize(("a", "b"), [
    ("Yuki prefers texts to calls.", "Yuki prefers calls to texts."),
    ("Dana would rather text than call.", "Dana prefers calls to texts."),
    ("i like cats more than dogs", "i like dogs better than cats"),
])
def test_one_pair_in_reverse_order_is_a_contradiction(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert found.outcome == "contradiction", found.reason
    assert found.findings[0].rule == "reversed-preference"


@pytest.mark.parametrize(("a", "b"), [
    ("User prefers email to phone for anything urgent.",
     "User prefers phone to email for small talk."),  # two scopes
    ("Dana prefers tea over coffee.", "Dana's husband prefers coffee over tea."),  # two holders
    ("Dana used to prefer tea over coffee.", "Dana prefers coffee over tea."),  # before
    ("Dana prefers tea over coffee.", "Dana prefers tea to coffee."),  # one order
])
def test_look_alikes_of_a_reversed_preference(a: str, b: str) -> None:
    found = explain(judge, a, b, NOW)
    assert "reversed-preference" not in {f.rule for f in found.findings}, found.reason
