"""A denial of a word's stem denies the word ("has no drug allergies" / "is allergic to
penicillin"): ``denied-mention`` keeps them out of one note, on pairs written for it (none
drawn from the exclusive-value check set, DNLI or the blind sets)."""

from __future__ import annotations

import pytest

from reverie.judges.offline import OfflineJudge
from tests.dreamkit import consolidate_pair, embedder, explained

judge = OfflineJudge(embedder())


@pytest.mark.parametrize(("a", "b"), [
    ("Ines has diabetes.", "Ines is not diabetic."),
    ("Raj is asthmatic.", "Raj does not have asthma."),
])
async def test_a_denied_stem_is_never_one_note_with_the_word(a: str, b: str) -> None:
    verdict = await consolidate_pair(judge, a, b)
    assert not verdict.consolidate, [m.text for m in verdict.merged]
    assert [f.rule for f in verdict.findings] == ["denied-mention"]


def test_a_condition_of_a_denied_kind_is_a_contradiction() -> None:
    """ "allergic to penicillin" reads as "a penicillin allergy", a sort of the drug
    allergies denied: a contradiction now, beyond a word kept out of one note."""
    assert explained("Noor is allergic to penicillin.", "Noor has no drug allergies.") == (
        "contradiction", "denied-kind")


async def test_a_denied_doer_is_never_one_note_with_the_doing() -> None:
    """"is not a teacher" denies what "teaches math" says: ``denied-mention``, apart."""
    verdict = await consolidate_pair(judge, "Omar is not a teacher.",
                                     "Omar teaches math at a high school.")
    assert not verdict.consolidate, [m.text for m in verdict.merged]
    assert [f.rule for f in verdict.findings] == ["denied-mention"]


def test_the_noun_of_one_who_does_names_the_verb() -> None:
    """"teacher" is one who teaches, "runner" one who runs; "member" names no doing."""
    from reverie.judges.lexicon import agent_verb

    assert [agent_verb(w) for w in ("teacher", "manager", "runner", "programmer", "member")] == [
        "teach", "manage", "run", "program", None]
