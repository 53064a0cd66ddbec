"""One figure a side, whatever the parse took it to count: ``other-figures`` keeps two
values out of one note ("Payment terms: net 30" / "... net 60"), on pairs written for it
(none drawn from the exclusive-value check set, DNLI or the blind sets)."""

from __future__ import annotations

import pytest

from reverie.judges.offline import OfflineJudge
from tests.dreamkit import consolidate_pair, embedder

judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Payment terms: net 30", "Payment terms: net 60"),
    ("Line length limit 88.", "max line length: 120"),
    ("Postal code for Quill & Ink: 94107", "Quill & Ink ZIP: 94170"),
])
async def test_two_figures_of_one_key_are_never_one_note(a: str, b: str) -> None:
    verdict = await consolidate_pair(judge, a, b)
    assert not verdict.consolidate, [m.text for m in verdict.merged]
    assert [f.rule for f in verdict.findings] == ["other-figures"]


@pytest.mark.parametrize(("a", "b"), [
    ("Payment terms: net 30", "Payment terms are net 30 days."),  # one figure
    ("The team has 12 engineers.", "The team has twelve engineers."),  # one written out
])
async def test_one_figure_said_twice_is_one_note(a: str, b: str) -> None:
    verdict = await consolidate_pair(judge, a, b)
    assert verdict.consolidate and len(verdict.merged) == 1, verdict.findings


async def test_a_figure_the_other_writes_too_is_no_other_value() -> None:
    """"on Python 3.11 now, upgraded from 3.8" / "Runtime: Python 3.11": the figure that
    ends one is the other's former value, written there too."""
    verdict = await consolidate_pair(judge, "Project is on Python 3.11 now, upgraded from 3.8.",
                                     "Runtime: Python 3.11")
    assert "other-figures" not in {f.rule for f in verdict.findings}, verdict.findings
