"""The OpenAI-compatible embedder against a local HTTP stub (the real openai client runs)."""

from __future__ import annotations

import pytest

from reverie.embeddings.remote import OpenAIEmbedder
from reverie.errors import ConfigurationError
from tests.llm_stub import LLMStub


async def test_embeds_in_batches_and_keeps_order():
    with LLMStub(embedding_dimension=16) as stub:
        embedder = OpenAIEmbedder(base_url=stub.base_url, model="text-embed", dimension=16,
                                  api_key="k", batch_size=2)
        texts = ["alpha", "beta", "gamma", "delta", "epsilon"]
        vectors = await embedder.embed(texts)
    assert len(vectors) == 5 and all(len(v) == 16 for v in vectors)
    assert vectors[2] == pytest.approx(stub.embed("gamma", 16))
    assert len([r for r in stub.requests if "embeddings" in r.path]) == 3


async def test_wrong_dimension_is_a_configuration_error():
    with LLMStub(embedding_dimension=8) as stub:
        embedder = OpenAIEmbedder(base_url=stub.base_url, model="m", dimension=384, api_key="k")
        with pytest.raises(ConfigurationError, match="REVERIE_EMBEDDINGS_DIMENSION"):
            await embedder.embed(["x"])
