"""An OpenAI-compatible embedder (OpenAI, Azure, Ollama, vLLM, TEI) via the ``openai`` client."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import openai

from reverie.errors import ConfigurationError, RequestRejected, StorageUnavailable

_SETTINGS = "REVERIE_EMBEDDINGS_BASE_URL, REVERIE_EMBEDDINGS_MODEL and the API key"


@contextmanager
def embedder_errors() -> Iterator[None]:
    """Turn the openai client's exceptions into Reverie's: outages retryable, refusals permanent.

    Unreachable, timed out, 408/409/429/5xx (after the client's own retries) →
    ``StorageUnavailable``; 401/403/404 → ``ConfigurationError`` naming the settings; any
    other 4xx → ``RequestRejected``; an answer that is not OpenAI-shaped → ``ConfigurationError``.
    """
    try:
        yield
    except (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError) as exc:
        # APITimeoutError is an APIConnectionError
        raise StorageUnavailable(f"embedding server unavailable: {type(exc).__name__}") from exc
    except openai.APIStatusError as exc:
        if exc.status_code in (408, 409) or exc.status_code >= 500:
            raise StorageUnavailable(
                f"embedding server unavailable: it answered {exc.status_code}") from exc
        if exc.status_code in (401, 403, 404):
            raise ConfigurationError(
                f"embedding server refused the request ({exc.status_code}); check {_SETTINGS}"
            ) from exc
        raise RequestRejected(
            f"embedding server rejected the request ({exc.status_code}): {exc.message}") from exc
    except openai.OpenAIError as exc:
        raise ConfigurationError(
            f"embedding server gave an answer that is not OpenAI-shaped ({type(exc).__name__});"
            f" check {_SETTINGS}") from exc


class OpenAIEmbedder:
    """Embeds texts through ``POST /embeddings`` of any OpenAI-compatible server, in batches."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        dimension: int,
        api_key: str | None = None,
        batch_size: int = 64,
        timeout_s: float = 30.0,
        max_retries: int = 3,
    ) -> None:
        self.model_name = model
        self.dimension = dimension
        self.batch_size = batch_size
        self._client = openai.AsyncOpenAI(
            base_url=base_url, api_key=api_key or "unused", timeout=timeout_s,
            max_retries=max_retries,
        )

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one vector per text, in order, asking for ``batch_size`` texts per call."""
        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            chunk = list(texts[start : start + self.batch_size])
            with embedder_errors():
                response = await self._client.embeddings.create(model=self.model_name, input=chunk)
            vectors = [d.embedding for d in sorted(response.data, key=lambda d: d.index)]
            if vectors and len(vectors[0]) != self.dimension:
                raise ConfigurationError(
                    f"model {self.model_name} returns {len(vectors[0])}-d vectors but "
                    f"REVERIE_EMBEDDINGS_DIMENSION is {self.dimension}"
                )
            out.extend(vectors)
        return out
