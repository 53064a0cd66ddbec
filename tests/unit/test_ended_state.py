"""What a holder ended does not hold now: ``ended-state`` keeps "left Initech" and "is head
of sales at Initech" out of one note, on pairs written for it (none drawn from the
exclusive-value check set, DNLI or the blind sets); an end said twice is one fact."""

from __future__ import annotations

import pytest

from reverie.judges.offline import OfflineJudge
from tests.dreamkit import consolidate_pair, embedder

judge = OfflineJudge(embedder())


async def consolidated(a: str, b: str) -> tuple[bool, list[str]]:
    verdict = await consolidate_pair(judge, a, b)
    return verdict.consolidate, [f.rule for f in verdict.findings]


@pytest.mark.parametrize(("a", "b", "rule"), [
    # an end said in the past: a contradiction as well (the dream keeps the newer)
    ("Omar still pays for the Pro plan.", "Omar cancelled the Pro plan last week.",
     "ended-then-held"),
    ("Priya is still our main contact at Initech.", "Priya left Initech in June.",
     "ended-then-held"),
    ("Lena is married to Tom.", "Lena divorced Tom in 2023.", "ended-then-held"),
    ("Tess is still in college.", "Tess graduated from college in June.", "ended-then-held"),
    ("Ravi is still at Globex.", "Ravi now runs a bakery after leaving Globex.",
     "ended-then-held"),  # after leaving it: done, whatever the tense of "runs"
    # what ends of itself: liking the end of a thing is not liking the thing, a
    # contradiction (nlp reads "loves it when summer ends" as "does not like summer")
    ("Noor loves summer.", "Noor loves it when summer ends.", "negated-frame"),
])
async def test_an_end_and_what_it_ended_are_never_one_note(a: str, b: str, rule: str) -> None:
    merged, rules = await consolidated(a, b)
    assert not merged
    assert rule in rules


async def test_an_end_said_twice_is_one_fact() -> None:
    merged, rules = await consolidated("Lin cancelled her subscription on 2 May.",
                                       "Lin: subscription status cancelled since 2 May.")
    assert merged, rules


async def test_an_end_said_of_itself_twice_is_one_fact() -> None:
    merged, rules = await consolidated("Lin's lease ends in May.", "Lin's lease ends in May 2027.")
    assert merged, rules
