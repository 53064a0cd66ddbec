"""The offline judge embeds a batch in a thread of its own while it parses it, and joins
the embedding once parsed: the same vectors, a parse error raised as before, nothing left
running after the call."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import pytest

from reverie.judges import offline
from reverie.judges.offline import OfflineJudge
from tests.builders import judged


class SlowEncoder:
    """Embeds each text as a fixed vector, slowly, in an embedding any thread may work on;
    records what it embedded and which threads worked on it."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.workers: set[int] = set()
        self.done = threading.Event()

    def embedding(self, texts: Sequence[str]) -> SlowEmbedding:
        return SlowEmbedding(self, list(texts))


class SlowEmbedding:
    def __init__(self, encoder: SlowEncoder, texts: list[str]) -> None:
        self.encoder, self.texts = encoder, texts
        self.rows: np.ndarray | None = None
        self.lock = threading.Lock()

    def work(self) -> None:
        self.encoder.workers.add(threading.get_ident())
        with self.lock:
            if self.rows is None:
                self.encoder.calls.append(self.texts)
                self.encoder.done.wait(0.05)
                self.encoder.done.set()
                self.rows = np.array([[float(len(t)), 1.0] for t in self.texts],
                                     dtype=np.float32)

    def result(self) -> np.ndarray:
        self.work()
        assert self.rows is not None
        return self.rows


def test_a_batch_is_embedded_once_by_the_judges_thread_and_the_caller() -> None:
    encoder = SlowEncoder()
    judge = OfflineJudge(encoder, nli=False)
    notes = [judged("a", "The user likes tea."), judged("b", "The user likes tea. Bob is 40.")]
    read = judge.statements(notes)
    assert encoder.calls == [["The user likes tea", "Bob is 40"]]
    assert encoder.workers - {threading.get_ident()}  # the judge's own thread worked on it
    assert [s.vector.tolist() for s in read["b"]] == [[18.0, 1.0], [9.0, 1.0]]
    judge.statements(notes)  # all cached: nothing embedded again
    assert len(encoder.calls) == 1


def test_a_parse_error_is_raised_and_the_embedding_is_over_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(texts: Sequence[str]) -> list[object]:
        raise RuntimeError("no parser")

    monkeypatch.setattr(offline, "analyze_many", broken)
    encoder = SlowEncoder()
    judge = OfflineJudge(encoder, nli=False)
    with pytest.raises(RuntimeError, match="no parser"):
        judge.statements([judged("a", "The user likes tea.")])
    assert encoder.done.is_set()  # the embedding finished before the call returned
