"""The offline judge embeds a batch in a thread of its own while it parses it: the same
vectors, a parse error raised as before, nothing left running after the call."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import numpy as np
import pytest

from reverie.judges import offline
from reverie.judges.offline import OfflineJudge
from tests.builders import judged


class SlowEncoder:
    """Embeds each text as a fixed vector, slowly; records the thread and what it embedded."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []
        self.threads: list[int] = []
        self.done = threading.Event()

    def embed_array(self, texts: Sequence[str]) -> np.ndarray:
        self.threads.append(threading.get_ident())
        self.calls.append(list(texts))
        self.done.wait(0.05)
        self.done.set()
        return np.array([[float(len(t)), 1.0] for t in texts], dtype=np.float32)


def test_a_batch_is_embedded_in_one_call_off_the_calling_thread() -> None:
    encoder = SlowEncoder()
    judge = OfflineJudge(encoder, nli=False)
    notes = [judged("a", "The user likes tea."), judged("b", "The user likes tea. Bob is 40.")]
    read = judge.statements(notes)
    assert encoder.calls == [["The user likes tea", "Bob is 40"]]
    assert encoder.threads[0] != threading.get_ident()
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
