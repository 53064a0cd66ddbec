"""A denial of a word's stem denies the word ("has no drug allergies" / "is allergic to
penicillin"): ``denied-mention`` keeps them out of one note, on pairs written for it (none
drawn from the exclusive-value check set, DNLI or the blind sets)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from reverie.judges.offline import OfflineJudge
from tests.builders import judged
from tests.dreamkit import embedder

NOW = datetime(2026, 3, 20, 12, 0, tzinfo=UTC)
BASE = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Noor is allergic to penicillin.", "Noor has no drug allergies."),
    ("Ines has diabetes.", "Ines is not diabetic."),
    ("Raj is asthmatic.", "Raj does not have asthma."),
])
async def test_a_denied_stem_is_never_one_note_with_the_word(a: str, b: str) -> None:
    notes = [judged("a", a, created=BASE), judged("b", b, created=BASE + timedelta(days=1))]
    verdict, _ = await judge.consolidate(notes, NOW)
    assert not verdict.consolidate, [m.text for m in verdict.merged]
    assert [f.rule for f in verdict.findings] == ["denied-mention"]
