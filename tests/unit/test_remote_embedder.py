"""The OpenAI-compatible embedder against a local HTTP stub (the real openai client runs)."""

from __future__ import annotations

import httpx
import openai
import pytest

from reverie.embeddings.remote import OpenAIEmbedder, embedder_errors
from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable
from tests.contracts import check_translation
from tests.llm_stub import LLMStub
from tests.netfaults import DroppingServer, dead_port


async def test_embeds_in_batches_and_keeps_order():
    with LLMStub(embedding_dimension=16) as stub:
        embedder = OpenAIEmbedder(
            base_url=stub.base_url, model="text-embed", dimension=16, api_key="k", batch_size=2
        )
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


async def test_an_unreachable_server_is_retryable():
    """A dead port and a socket that drops connections: StorageUnavailable (retried by the bus)."""
    with DroppingServer() as dropping:
        for port in (dead_port(), dropping.port):
            embedder = OpenAIEmbedder(
                base_url=f"http://127.0.0.1:{port}/v1",
                model="m",
                dimension=4,
                timeout_s=1,
                max_retries=0,
            )
            with pytest.raises(StorageUnavailable) as info:
                await embedder.embed(["x"])
            assert info.value.retryable


async def test_a_wrong_path_is_a_configuration_error():
    """A 404 names the settings to check."""
    with LLMStub(embedding_dimension=4) as stub:
        embedder = OpenAIEmbedder(
            base_url=stub.base_url + "/nowhere", model="m", dimension=4, max_retries=0
        )
        with pytest.raises(ConfigurationError, match="REVERIE_EMBEDDINGS_BASE_URL"):
            await embedder.embed(["x"])


def _status(code: int) -> openai.APIStatusError:
    response = httpx.Response(code, request=httpx.Request("POST", "http://e/v1/embeddings"))
    return openai.APIStatusError(f"error {code}", response=response, body=None)


@pytest.mark.parametrize(
    ("raised", "expected", "words"),
    [
        (_status(500), StorageUnavailable, "500"),
        (_status(503), StorageUnavailable, "503"),
        (_status(408), StorageUnavailable, "408"),
        (_status(401), ConfigurationError, "API key"),
        (_status(403), ConfigurationError, "API key"),
        (_status(404), ConfigurationError, "REVERIE_EMBEDDINGS_MODEL"),
        (_status(413), RequestRejected, "413"),
        (_status(422), RequestRejected, "422"),
    ],
)
def test_embedder_errors_maps_each_status(
    raised: Exception, expected: type[Exception], words: str
) -> None:
    """5xx/408 → retryable; 401/403/404 → configuration; other 4xx → rejected."""
    check_translation(embedder_errors, raised, expected, words)
