"""An OpenAI-compatible embedder (OpenAI, Azure, Ollama, vLLM, TEI) via the ``openai`` client."""

from __future__ import annotations

from collections.abc import Sequence

import openai

from reverie.errors import ConfigurationError, StorageUnavailable


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
            try:
                response = await self._client.embeddings.create(model=self.model_name, input=chunk)
            except (openai.APIConnectionError, openai.APITimeoutError,
                    openai.RateLimitError, openai.InternalServerError) as exc:
                raise StorageUnavailable(
                    f"embedding server unavailable: {type(exc).__name__}") from exc
            except openai.APIStatusError as exc:
                raise ConfigurationError(
                    f"embedding server refused the request ({exc.status_code}); check "
                    "REVERIE_EMBEDDINGS_BASE_URL, REVERIE_EMBEDDINGS_MODEL and the API key"
                ) from exc
            vectors = [d.embedding for d in sorted(response.data, key=lambda d: d.index)]
            if vectors and len(vectors[0]) != self.dimension:
                raise ConfigurationError(
                    f"model {self.model_name} returns {len(vectors[0])}-d vectors but "
                    f"REVERIE_EMBEDDINGS_DIMENSION is {self.dimension}"
                )
            out.extend(vectors)
        return out
