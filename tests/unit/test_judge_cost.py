"""The dream's cost work: the judge's models loaded at worker start, statements and dates
read once per text, stored notes copied flat."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta, timezone

import numpy as np
import pytest

from reverie.bootstrap import bootstrap, warm_judge
from reverie.domain.model import Note
from reverie.handlers.dream.context import judged as seen_by_judge
from reverie.handlers.dream.judging import Warming
from reverie.judges import offline
from reverie.judges.nli import NLIScorer
from reverie.judges.offline import OfflineJudge
from reverie.storage.memory import MemoryNotes
from tests.builders import judged, memory_settings
from tests.dreamkit import embedder

WRITTEN = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


class CountingEmbedder:
    """Stands in for the local model: counts loads, embeds nothing."""

    def __init__(self) -> None:
        self.loads = 0

    def load(self) -> None:
        self.loads += 1


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every model load the judge asks for (parser, lexicon, units, places, NLI
    head)."""
    seen: list[str] = []
    monkeypatch.setattr(offline, "load_pipeline", lambda: seen.append("spacy"))
    monkeypatch.setattr(offline.lexicon, "load", lambda: seen.append("wordnet"))
    monkeypatch.setattr(offline.amounts, "warm", lambda: seen.append("units"))
    monkeypatch.setattr(offline.places, "warm", lambda: seen.append("places"))
    monkeypatch.setattr(NLIScorer, "load", lambda self: seen.append("nli"))
    return seen


def test_warm_loads_every_model_the_judge_reads(loads: list[str]) -> None:
    encoder = CountingEmbedder()
    judge = OfflineJudge(encoder)
    assert isinstance(judge, Warming)
    took = judge.warm()
    # two heads: SNLI, memory
    assert sorted(loads) == ["nli", "nli", "places", "spacy", "units", "wordnet"]
    assert encoder.loads == 1
    assert sorted(took) == ["minilm", "nli", "nli-memory", "places", "spacy", "units",
                            "wordnet"]
    assert all(seconds >= 0 for seconds in took.values())


def test_warm_without_the_scorer_does_not_load_it(loads: list[str]) -> None:
    encoder = CountingEmbedder()
    assert sorted(OfflineJudge(encoder, nli=False).warm()) == [
        "minilm", "places", "spacy", "units", "wordnet"]
    assert sorted(loads) == ["places", "spacy", "units", "wordnet"]
    assert encoder.loads == 1


class WarmingSpy:
    """A judge with models to load: records the thread that loaded them."""

    name = "spy"

    def __init__(self) -> None:
        self.threads: list[int] = []

    def warm(self) -> dict[str, float]:
        self.threads.append(threading.get_ident())
        return {"model": 0.5}


async def test_warm_judge_loads_in_a_thread_off_the_event_loop() -> None:
    spy = WarmingSpy()
    app = bootstrap(memory_settings(), judge=spy)  # type: ignore[arg-type]
    assert await warm_judge(app) == {"model": 0.5}
    assert len(spy.threads) == 1 and spy.threads[0] != threading.get_ident()
    await app.close()


async def test_warm_judge_skips_a_judge_with_nothing_to_load() -> None:
    class Plain:
        name = "plain"

    app = bootstrap(memory_settings(), judge=Plain())  # type: ignore[arg-type]
    assert await warm_judge(app) is None
    await app.close()


def test_statements_depend_on_the_time_written_not_its_zone() -> None:
    judge = OfflineJudge(embedder(), nli=False)
    text = "The user moved to Berlin yesterday."
    first = judged("a", text, created=WRITTEN)
    later = judged("b", text, created=WRITTEN + timedelta(days=3))
    # the same instant written in another time zone reads the same
    zoned = judged("c", text, created=WRITTEN.astimezone(timezone(timedelta(hours=5))))
    read = judge.statements([first, later, zoned])
    said = {k: [s.text for s in v] for k, v in read.items()}
    assert said["a"] == ["The user moved to Berlin on 2026-02-28"]
    assert said["b"] == ["The user moved to Berlin on 2026-03-03"]
    assert said["c"] == said["a"]


def test_a_batch_reads_each_statement_as_it_reads_alone() -> None:
    """The same facts, and the same vectors up to float32 rounding: a batched matrix
    product may sum in another order (the BLAS picks its kernel by shape and CPU), which
    moves the last bits on some machines."""
    texts = ["The user prefers dark mode.", "Alice lives in Lisbon. She works at Acme.",
             "The budget was raised to $300,000.", "Bob never drinks coffee."]
    notes = [judged(f"n{i}", t, created=WRITTEN) for i, t in enumerate(texts)]
    batch = OfflineJudge(embedder(), nli=False).statements(notes)
    for note in notes:
        alone = OfflineJudge(embedder(), nli=False).statements([note])[note.note_id]
        together = batch[note.note_id]
        assert [s.facts for s in together] == [s.facts for s in alone]
        for a, b in zip(together, alone, strict=True):
            assert np.allclose(a.vector, b.vector, rtol=0, atol=1e-6)


def test_what_the_judge_sees_depends_on_the_time_written_not_its_zone() -> None:
    def note(at: datetime) -> Note:
        return Note(note_id="n1", text="Alice moved to Oslo yesterday.", note_type="Context",
                    agent_id="a-1", company_id="co-1", created_at=at)

    first = seen_by_judge(note(WRITTEN)).text
    assert first == "Alice moved to Oslo on 2026-02-28."
    assert seen_by_judge(note(WRITTEN + timedelta(days=3))).text.endswith("2026-03-03.")
    assert seen_by_judge(note(WRITTEN.astimezone(timezone(timedelta(hours=-8))))).text == first
    assert seen_by_judge(note(WRITTEN.replace(tzinfo=None))).text == first  # naive is UTC


async def test_a_note_read_back_shares_no_list_with_the_store() -> None:
    notes = MemoryNotes()
    await notes.add(Note(note_id="n1", text="Alice lives in Oslo.", note_type="Context",
                         agent_id="a-1", company_id="co-1", created_at=WRITTEN,
                         embedding=[0.5, 0.25, 1.0], source_note_ids=["s1", "s2"]))
    read = await notes.get("n1")
    assert read is not None and read.embedding == [0.5, 0.25, 1.0]
    read.embedding.append(2.0)  # type: ignore[union-attr]
    assert read.source_note_ids is not None
    read.source_note_ids.append("s3")
    again = await notes.get("n1")
    assert again is not None
    assert again.embedding == [0.5, 0.25, 1.0] and again.source_note_ids == ["s1", "s2"]
